"""A PBN file read a piece at a time, and a LIN file a block at a time (``io.load.iter_boards``, what ``check`` and
``show`` use) gives exactly the boards the whole file gives (``load_boards``): lines, errors, inheritance across
games, comments that run over empty lines, tags spread over lines, any encoding and line ending; a LIN file's
header, rooms and records cut anywhere; and the memory it takes does not grow with the file."""

from __future__ import annotations

import gc
import tracemalloc
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from bridge_director.cli import main
from bridge_director.io.load import FileBoard, iter_boards, load_boards

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "data" / "pbn"
SHARED_LIN = SHARED.parent / "lin"
EXAMPLES = sorted((ROOT / "examples").glob("*.pbn"))

BOARD_1 = '''[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"]
[Declarer "E"]
[Contract "6H"]
[Result "12"]
[Auction "N"]
Pass 1H Pass 5H
Pass 6H Pass Pass
Pass
[Play "S"]
C2 CA C3 C5
H3 H4 HJ HK
H9 HT S2 H2
S3 ST S5 S7
C7 C6 CQ H6
S4 D2 S6 SA
S8 H5 S9 SJ
DA D9 DQ DK
HQ HA D3 H7
D6 DT D8 D5
C8 D4 C4 D7
CT C9 SK DJ
CJ H8 CK SQ
*
'''

#: games that test every place a piece could be cut wrongly
TRICKY = "\n".join([
    "% PBN 2.1",
    "% a preamble",
    "",
    '[Event "Øigarden; {not a comment}"]',
    '[Site "##Club"]',
    BOARD_1,
    '{ a comment over an empty line',
    '',
    'still the comment } [Board "2"]',
    '[Dealer "E"]',
    '[Vulnerable "NS"]',
    '[Deal "E:7642.AQ.AT7.K743 KQ5.K96.98653.T5 A98.JT72.QJ2.A96 JT3.8543.K4.QJ82"]',
    '[Declarer "E"]',
    '[Contract "4S"]',
    '[Result "11"]',
    '[Event "#"]',
    "",
    '[Board',
    '"3"]',
    '[Dealer "S"]',
    '[Vulnerable "EW"]',
    '[Deal "S:AK.AK.AK.AKQJT98 QJT9.QJT9.QJT9.2 8765.8765.8765.3 432.432.432.7654"]',
    '[Declarer "S"] ; a comment {',
    '[Contract "7NT"]',
    '[Result "13"]',
    "",
    '[Board "4"] {',
    "",
    "} [Dealer \"W\"]",
    '[Vulnerable "All"]',
    '[Deal "W:AK.AK.AK.AKQJT98 QJT9.QJT9.QJT9.2 8765.8765.8765.3 432.432.432.7654"]',
    '[Declarer "N"]',
    '[Contract "1X"]',
    '[Result "7"]',
    "",
    '[Board "5"]',
    '[Deal "N:AK.AK.AK.AKQJT98 QJT9.QJT9.QJT9.2 8765.8765.8765.3"]',
    "",
    "not a tag at all",
    "[Board \"6\"]",
    '[Deal "N:AK.AK.AK.AKQJT98 QJT9.QJT9.QJT9.2 8765.8765.8765.3 432.432.432.7654"]',
    '[Contract "3NT"]',
    '[Declarer "N"]',
    '[Result "9"]',
    '[Board "7"]',
    '[Deal "N:AK.AK.AK.AKQJT98 QJT9.QJT9.QJT9.2 8765.8765.8765.3 432.432.432.7654"]',
    "",
])


def key(fb: FileBoard) -> tuple[object, ...]:
    """Everything a board of a file carries (an error by its kind and text)."""
    error = None if fb.error is None else (type(fb.error).__name__, str(fb.error))
    return (fb.index, fb.number, fb.line, fb.board, error, fb.call_lines, fb.card_lines, fb.field_lines)


def assert_same(path: Path) -> None:
    whole = [key(fb) for fb in load_boards(path)]
    for chunk in (1, 2, 7, 4000):
        assert [key(fb) for fb in iter_boards(path, chunk_lines=chunk)] == whole, (path, chunk)


def written(tmp_path: Path, text: str, encoding: str = "utf-8", newline: str = "\n", bom: bool = False) -> Path:
    path = tmp_path / f"t-{encoding}-{len(newline)}-{bom}.pbn"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.replace("\n", newline).encode(encoding))
    return path


@pytest.mark.parametrize(("encoding", "newline", "bom"), [("utf-8", "\n", False), ("utf-8", "\r\n", True),
                                                          ("latin-1", "\r\n", False), ("latin-1", "\r", True)])
def test_tricky_games_read_in_pieces_are_the_games_of_the_whole_file(tmp_path: Path, encoding: str, newline: str,
                                                                     bom: bool) -> None:
    path = written(tmp_path, TRICKY, encoding, newline, bom)
    assert_same(path)
    boards = list(iter_boards(path, chunk_lines=1))
    assert boards[0].board is not None and boards[0].card_lines[0] == 18  # lines counted from the file's top
    assert boards[1].board is not None and boards[1].line == 36  # after a comment over an empty line
    assert (boards[4].number, boards[4].line, boards[4].error is not None) == (5, 62, True)  # three hands


def test_inherited_values_cross_the_pieces(tmp_path: Path) -> None:
    games = [BOARD_1.replace('[Board "1"]', f'[Board "{n}"]\n[Event "{"##Open" if n == 1 else "#"}"]')
             for n in range(1, 40)]
    path = written(tmp_path, "\n".join(games))
    assert_same(path)
    assert {fb.board.number for fb in iter_boards(path, chunk_lines=1) if fb.board} == set(range(1, 40))


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name)
def test_the_examples(path: Path) -> None:
    assert load_boards(path)
    assert_same(path)


def real_files(folder: Path, pattern: str) -> list[Path]:
    """The real files of ``folder`` (one placeholder where the folder is absent, so the test says why it skips)."""
    return sorted(folder.glob(pattern)) if folder.is_dir() else [folder / "none"]


@pytest.mark.shared_data
@pytest.mark.parametrize("path", real_files(SHARED, "*.pbn") + real_files(SHARED_LIN, "*.lin"),
                         ids=lambda p: p.name)
def test_the_real_files(path: Path) -> None:
    if not path.exists():
        pytest.skip(f"shared data not present: {path.parent} (the real files live in ../shared/data)")
    (assert_same_lin if path.suffix == ".lin" else assert_same)(path)


#: LIN texts that test every place a block could cut: a header before the first board, ``qx`` rooms, a ``pn``
#: that starts a board where there are no rooms, records over lines, a key with no value at the end
LIN_ROOMS = ("vg|Teams,R1,I,1,16,A,0,B,0|rs|4SN,3NTS|pn|Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal|\n"
             "qx|o1|md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|ah|Board 1|sv|o|\n"
             "mb|1S|mb|p|mb|2N!|an|strong|mb|p|mb|p|mb|p|pc|h3|mc|7|\n"
             "qx|c1|md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|ah|Board 1|sv|o|\r\n"
             "mb|p|mb|p|mb|p|mb|p|\n"
             "qx|o2|md|1S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|ah|Board 2|sv|n|"
             "mb|7N|mb|p|mb|p|mb|p|pg||\n"
             "qx|c2|ah|Board 2|mb|p|\n")
LIN_PLAIN = ("pn|Øst,b,c,d|st||md|3S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|"
             "ah|Board 9|sv|e|mb|1S|mb|p|mb|2N!|an|strong|mb|p|mb|p|mb|p|pc|h3|mc|7|\n"
             "pn|e,f,g,h|st||md|2S346TJH9QD69TC57K,S7H2347KD37JKC46A,S2KH58TD2458C389J,|\n"
             "ah|Board 10|sv|b|mb|p|mb|\np|mb|p|mb|p|pn|x,y,z,w|md|9bad|ah|Board 11|mb")


def assert_same_lin(path: Path) -> None:
    whole = [key(fb) for fb in load_boards(path)]
    assert whole
    for block in (1, 2, 3, 7, 64, 1 << 20):
        assert [key(fb) for fb in iter_boards(path, block=block)] == whole, (path, block)


@pytest.mark.parametrize("text", [LIN_ROOMS, LIN_PLAIN], ids=["rooms", "plain"])
@pytest.mark.parametrize(("encoding", "bom"), [("utf-8", False), ("utf-8", True), ("latin-1", False)])
def test_a_lin_file_read_in_blocks_gives_the_boards_of_the_whole_file(tmp_path: Path, text: str, encoding: str,
                                                                      bom: bool) -> None:
    path = tmp_path / f"t-{encoding}-{bom}.lin"
    path.write_bytes((b"\xef\xbb\xbf" if bom else b"") + text.encode(encoding))
    assert_same_lin(path)


def test_a_lin_header_is_every_boards_and_lines_count_across_blocks(tmp_path: Path) -> None:
    path = tmp_path / "rooms.lin"
    path.write_text(LIN_ROOMS)
    boards = list(iter_boards(path, block=5))
    assert [fb.number for fb in boards] == [1, 1, 2]  # board 2's closed room has no deal: no board
    assert [fb.line for fb in boards] == [2, 4, 6]
    assert boards[0].call_lines == (3, 3, 3, 3, 3, 3) and boards[1].call_lines == (5, 5, 5, 5)
    assert all(fb.board is not None for fb in boards)
    plain = tmp_path / "plain.lin"
    plain.write_text(LIN_PLAIN)
    found = list(iter_boards(plain, block=3))
    assert [fb.number for fb in found[:2]] == [9, 10] and found[2].error is not None  # "md|9bad" is refused
    assert found[1].call_lines[-3:] == (3, 4, 4)  # a call split over a line counts on the line of its value


def many(path: Path, copies: int) -> Path:
    """``copies`` times board 1, numbered 1, 17, 33, ... (the same dealer and vulnerability)."""
    with path.open("w") as out:
        for n in range(copies):
            out.write(BOARD_1.replace('[Board "1"]', f'[Board "{1 + 16 * n}"]') + "\n")
    return path


def retained(boards: Callable[[], Iterator[FileBoard]], at: tuple[int, int]) -> tuple[int, int]:
    """The memory Python holds (garbage collected) after the ``at`` boards of a reading, none of them kept."""
    tracemalloc.start()
    try:
        held = []
        for n, fb in enumerate(boards(), 1):
            assert fb.board is not None
            if n in at:
                gc.collect()
                held.append(tracemalloc.get_traced_memory()[0])
        return held[0], held[1]
    finally:
        tracemalloc.stop()


def test_memory_stays_flat_as_the_file_grows(tmp_path: Path) -> None:
    path = many(tmp_path / "many.pbn", 2500)
    first, last = retained(lambda: iter_boards(path, chunk_lines=500), (500, 2500))
    assert last - first < 100_000  # 2000 boards more read, nothing of them kept
    first, last = retained(lambda: iter(load_boards(path)), (500, 2500))
    assert last > 5_000_000  # the whole file's boards, for contrast: several kilobytes each


def test_check_reports_every_problem_and_counts(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = written(tmp_path, TRICKY)
    monkeypatch.setattr("sys.argv", ["bridge-director", "check", str(path)])
    with pytest.raises(SystemExit) as exit_:
        main()
    out = capsys.readouterr().out
    expected = load_boards(path)
    assert exit_.value.code == 1
    assert f"{path}: {len(expected)} boards" in out and "board 5" in out


def test_a_lin_file_read_in_blocks_holds_one_board(tmp_path: Path) -> None:
    path = tmp_path / "many.lin"
    one = LIN_PLAIN.split("pn|e,f")[0]  # board 9 only
    with path.open("w") as out:
        for n in range(2500):
            out.write(one.replace("Board 9", f"Board {9 + 16 * n}"))
    first, last = retained(lambda: iter_boards(path, block=4096), (500, 2500))
    assert last - first < 100_000  # 2000 boards more read, nothing of them kept
    first, last = retained(lambda: iter(load_boards(path)), (500, 2500))
    assert last > 2_000_000  # the whole file's boards, for contrast
