"""Uploaded travellers through the entry point: ``session upload`` stores them as a section of results only, and
``session results``, ``ruling result``, ``ruling penalty``, ``ruling show`` and ``session ranking`` work on it as on
any section (the ``run`` fixture of conftest.py: a fresh SQLite register)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest

from bridge_director.register import Register, Ruling
from bridge_director.register.models import Board, SessionPenalty
from bridge_director.register.values import PenaltyKind

Run = Callable[..., tuple[int, str, str]]

TRAVELLERS = """board,ns,ew,contract,declarer,tricks,score
1,1,2,4S,N,10,420
1,3,4,4S,N,11,450
1,5,6,4S,N,9,-50
2,1,4,3NT,S,9,400
2,3,6,3NT,S,8,-50
2,5,2,3NT,S,10,430
"""

PBN = """% PBN 2.1
[Event "Club night"]
[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:.T985.AQT875.875 6532.AK6.J93.K94 KQ87.J73.K2.AJT2 AJT94.Q42.64.Q63"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R;Score_NS\\6R"]
 1  2 3NT   S  9    400
 3  4 3NT   S  8    -50
 5  6 4S    W  10  -420
"""


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    """The register the ``run`` fixture uses."""
    return f"sqlite:///{tmp_path / 'register.sqlite3'}"


def upload(run: Run, tmp_path: Path, text: str = TRAVELLERS, name: str = "tuesday.csv", *options: str) -> str:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    code, out, err = run("session", "upload", str(path), "--event", "Spring Pairs", *options)
    assert code == 0, err
    return out


def totals(run: Run, section: str = "1") -> dict[str, float]:
    """Each pair's total in ``session ranking``."""
    code, out, err = run("session", "ranking", section)
    assert code == 0, err
    found = {}
    for line in out.splitlines():
        cells = line.split()
        if len(cells) >= 4 and re.fullmatch(r"\d+=?", cells[0]):
            found[cells[1]] = float(cells[2])
    return found


def result_id(run: Run, board: int, ns: int) -> str:
    """The id ``session results`` gives the line of board ``board`` that pair ``ns`` played N-S."""
    code, out, err = run("session", "results", "1", "--board", str(board))
    assert code == 0, err
    for line in out.splitlines():
        if f": pair {ns} v " in line:
            return line.split()[0]
    raise AssertionError(out)


def test_upload_prints_the_section_its_lines_and_the_ranking(run: Run, tmp_path: Path) -> None:
    out = upload(run, tmp_path)
    assert out.splitlines()[0] == "section 1: Spring Pairs / Results / A, 6 lines stored from tuesday.csv"
    assert "NS:" in out and "EW:" in out
    assert out.split("\n", 1)[1].rstrip() == run("session", "ranking", "1")[1].rstrip()
    code, out, _ = run("session", "list")
    assert code == 0 and "Spring Pairs / Results / A: results only, 6 pairs" in out


def test_a_ruling_on_an_uploaded_result_changes_the_ranking(run: Run, tmp_path: Path) -> None:
    upload(run, tmp_path)
    before = totals(run)
    result = result_id(run, 1, 5)  # 4S by N, 9 tricks, -50: the bottom for pair 5
    code, out, err = run("ruling", "result", result, "--director", "TD", "--law", "16B, 12C1b",
                         "--facts", "hesitation before 4S", "--assigned", "4S N 10")
    assert code == 0, err
    assert out.startswith("ruling 1 on result ") and "assigned: 4S by N, 10 tricks" in out
    after = totals(run)
    assert after["5"] == before["5"] + 1 and after["6"] == before["6"] - 1  # now level with table 1's +420
    code, out, _ = run("session", "results", "1", "--board", "1")
    assert "[ruling 1: assigned: 4S by N, 10 tricks]" in out


def test_a_refused_upload_names_the_file_line_and_field_and_stores_nothing(run: Run, tmp_path: Path) -> None:
    bad = tmp_path / "bad.csv"
    bad.write_text(TRAVELLERS.replace("1,3,4,4S,N,11,450", "1,3,4,4S,N,14,450"), encoding="utf-8")
    code, out, err = run("session", "upload", str(bad), "--event", "Spring Pairs")
    assert code == 2 and out == ""
    assert err.strip() == f"error: {bad}, line 3, tricks: tricks 14 is not in 0 to 13"
    assert run("session", "list")[1] == ""  # no event, session or section either


def test_a_refused_line_names_the_board_and_pairs_and_leaves_the_stored_upload_as_it_was(
        run: Run, tmp_path: Path) -> None:
    upload(run, tmp_path)
    before = run("session", "results", "1")[1]
    twice = tmp_path / "again.csv"
    twice.write_text("board,ns,ew,score\n1,1,2,420\n1,1,4,450\n", encoding="utf-8")
    code, _, err = run("session", "upload", str(twice), "--event", "Spring Pairs")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert err.startswith(f"error: {twice}, ns: board 1: pair 1 plays it twice")
    assert run("session", "results", "1")[1] == before


def test_an_upload_of_a_board_again_replaces_its_lines(run: Run, tmp_path: Path) -> None:
    upload(run, tmp_path)
    out = upload(run, tmp_path, "board,ns,ew,score\n2,1,4,-100\n2,3,6,-100\n", "board2.csv")
    assert out.splitlines()[0].startswith("section 1: Spring Pairs / Results / A, 2 lines stored")
    code, out, _ = run("session", "results", "1")
    assert code == 0 and len(out.splitlines()) == 5  # board 1's three lines and board 2's two new ones


def test_a_pbn_upload_puts_its_deals_on_the_boards(run: Run, tmp_path: Path, db_path: str) -> None:
    out = upload(run, tmp_path, PBN, "club.pbn", "--session", "Tuesday", "--section", "B")
    assert out.splitlines()[0] == "section 1: Spring Pairs / Tuesday / B, 3 lines stored from club.pbn"
    register = Register(db_path)
    try:
        with register.transaction() as db:
            board = db.query(Board).one()
            assert board.number == 1 and board.deal is not None and "AQT875" in board.deal
    finally:
        register.close()


def test_a_pbn_deal_short_of_a_card_is_refused_naming_the_board(run: Run, tmp_path: Path) -> None:
    short = tmp_path / "short.pbn"
    short.write_text(PBN.replace("AJT94.Q42.64.Q63", "AJT94.Q42.64.Q6"), encoding="utf-8")
    code, _, err = run("session", "upload", str(short), "--event", "Spring Pairs")
    assert code == 2 and err.strip() == f"error: {short}, board 1, Deal: the deal is not 13 cards to each hand"
    assert run("session", "list")[1] == ""


def test_a_usebio_file_written_by_score_event_uploads_to_the_same_standings(run: Run, tmp_path: Path) -> None:
    travellers, usebio = tmp_path / "t.csv", tmp_path / "t.xml"
    travellers.write_text(TRAVELLERS, encoding="utf-8")
    code, standings, err = run("score", "event", str(travellers), "--no-boards", "--usebio", str(usebio))
    assert code == 0, err
    code, out, err = run("session", "upload", str(usebio), "--event", "Spring Pairs")
    assert code == 0, err
    assert out.splitlines()[0] == "section 1: Spring Pairs / Results / A, 6 lines stored from t.xml"
    assert out.split("\n", 1)[1].rstrip() == standings.replace(f"wrote {usebio}", "").rstrip()


def test_ruling_penalty_comes_off_the_pair_total(run: Run, tmp_path: Path) -> None:
    upload(run, tmp_path)
    before = totals(run)
    code, out, err = run("ruling", "penalty", "1", "6", "1.5", "mp", "--director", "TD", "--reason", "slow play")
    assert code == 0, err
    assert out.strip() == "ruling 1: procedural penalty (Law 90), section A, pair 6: 1.5 mp off the total"
    after = totals(run)
    assert after["6"] == before["6"] - 1.5
    assert {pair: total for pair, total in after.items() if pair != "6"} == {
        pair: total for pair, total in before.items() if pair != "6"}


def test_ruling_penalty_refusals_are_one_line_and_record_nothing(run: Run, tmp_path: Path) -> None:
    upload(run, tmp_path)
    for args, field in ((("1", "6", "2", "imps"), "unit"), (("1", "9", "2", "mp"), "pair"),
                        (("1", "6", "2", "mp", "--kind", "rude"), "kind"), (("7", "6", "2", "mp"), "section"),
                        (("1", "6", "0", "mp"), "amount")):
        code, _, err = run("ruling", "penalty", *args, "--director", "TD")
        assert code == 2 and err.startswith(f"error: {field}") and len(err.strip().splitlines()) == 1, (args, err)
    assert run("ruling", "list")[1] == ""


def test_ruling_show_prints_the_decision_on_the_result_and_the_penalties(run: Run, tmp_path: Path) -> None:
    upload(run, tmp_path)
    result = result_id(run, 1, 5)
    code, _, err = run("ruling", "result", result, "--director", "TD", "--law", "16B, 12C1b",
                       "--assigned", "4S N 10", "--penalty", "5:0.25")
    assert code == 0, err
    code, _, err = run("ruling", "penalty", "1", "6", "3", "percent", "--kind", "disciplinary", "--director", "TD",
                       "--reason", "abuse of an opponent")
    assert code == 0, err
    code, out, _ = run("ruling", "show", "1")
    assert code == 0
    assert "board: Spring Pairs / Results / board 1" in out
    assert (f"on result {result} (section A, board 1, table 3: pair 5 v pair 6, 4S by N, 9 tricks, -50): "
            "assigned: 4S by N, 10 tricks") in out
    assert "procedural penalty (Law 90): section A, pair 5, 0.25 top off the total" in out
    code, out, _ = run("ruling", "show", "2")
    assert code == 0 and "on result" not in out
    assert ("disciplinary penalty (Law 91): section A, pair 6, 3 percent off the total; abuse of an opponent"
            in out)
    code, out, _ = run("ruling", "appeal", "1", "--outcome", "table result stands", "--stands")
    assert code == 0
    code, out, _ = run("ruling", "show", "1")
    assert "assigned: 4S by N, 10 tricks (replaced)" in out and "no adjustment: the table result stands" in out


def test_ruling_show_prints_a_penalty_recorded_as_text_as_not_applied(run: Run, db_path: str) -> None:
    code, _, err = run("ruling", "new", "--director", "TD", "--law", "90", "--facts", "slow play")
    assert code == 0, err
    register = Register(db_path)
    try:
        with register.transaction() as db:
            ruling = db.get_one(Ruling, 1)
            db.add(SessionPenalty(ruling=ruling, kind=PenaltyKind.PROCEDURAL, law="90", unit="", amount=0,
                                  given="Player A: 10%", active=False))
    finally:
        register.close()
    code, out, _ = run("ruling", "show", "1")
    assert code == 0
    assert "procedural penalty (Law 90): Player A: 10% (recorded as text, not applied)" in out
