"""Every real PBN and LIN file under ../shared/data loads; counts match MANIFEST.md; write→read keeps boards."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from bridge_director.errors import BridgeError
from bridge_director.io import load_pbn, read_pbn, write_pbn
from bridge_director.io.lin import load_lin

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
PBN = sorted((DATA / "pbn").glob("*.pbn")) if (DATA / "pbn").is_dir() else []
LIN = sorted((DATA / "lin").glob("*.lin")) if (DATA / "lin").is_dir() else []
pytestmark = pytest.mark.shared_data


def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared data not present: {path} (the real files live in ../shared/data)")
    return path


def replay_counts(boards: list[tuple[int, object]]) -> Counter[str]:
    counts: Counter[str] = Counter()
    for _, board in boards:
        try:
            board.replay()  # type: ignore[attr-defined]
            counts["clean"] += 1
        except BridgeError as err:
            counts[err.law or err.field or "other"] += 1
    return counts


@pytest.mark.skipif(not PBN, reason="../shared/data/pbn is absent")
@pytest.mark.parametrize("path", PBN, ids=lambda p: p.name[:40])
def test_every_pbn_file_loads_and_broken_boards_name_field_and_line(path: Path) -> None:
    pbn = load_pbn(path)
    assert pbn.games
    for _, err in pbn.errors:
        assert err.line is not None and err.field, str(err)
    boards = pbn.boards()
    assert len(boards) + len(pbn.errors) == sum(g.is_board for g in pbn.games)


@pytest.mark.skipif(not LIN, reason="../shared/data/lin is absent")
@pytest.mark.parametrize("path", LIN, ids=lambda p: p.name[:40])
def test_every_lin_file_loads_and_replays_clean(path: Path) -> None:
    boards = load_lin(path)
    assert boards
    for lin in boards:
        lin.board().replay()


def test_example2_has_299_tables_that_all_replay_to_the_recorded_result() -> None:
    pbn = load_pbn(need(DATA / "pbn" / "dominicprice__endplay__tests_example2.pbn"))
    assert len(pbn.games) == 299 and not pbn.errors
    passed_out = sum(1 for g in pbn.games if g.tags.get("Contract") == "Pass")
    assert passed_out == 21
    assert replay_counts(pbn.boards()) == Counter(clean=299)
    notes = sum(1 for g in pbn.games for t in g.items if t.name == "Note")
    assert notes == 432


def test_example3_has_about_7600_tables_over_3816_deals() -> None:
    pbn = load_pbn(need(DATA / "pbn" / "dominicprice__endplay__tests_example3.pbn"))
    assert 7500 <= len(pbn.games) <= 7700
    own_deals = sum(1 for g in pbn.games for t in g.items if t.name == "Deal" and not t.inherited)
    assert own_deals == 3816
    assert all(g.is_board for g in pbn.games)
    assert len({g.tags["Board"] for g in pbn.games}) == 128
    assert sum(1 for g in pbn.games if "Auction" in g.tags) == 7459
    # the second room leaves out Board and Deal and takes them from the first room
    second = pbn.games[1]
    assert "Board" not in {t.name for t in second.items if not t.inherited}
    assert second.tags["Deal"] == pbn.games[0].tags["Deal"]


def test_bbo_pairs_event_735_tables_replay_clean() -> None:
    pbn = load_pbn(need(DATA / "pbn" / "jarekczek__pbntools__test_8_bbo_wronie_pairs.pbn"))
    assert len(pbn.games) == 735
    counts = replay_counts(pbn.boards())
    assert counts == Counter(clean=735)


def test_norwegian_score_tables_latin1() -> None:
    pbn = load_pbn(need(DATA / "pbn" / "lindsjorn__bridgeRanking__PBN_DB_bridgekam_2015-10-08.pbn"))
    assert len(pbn.games) == 27
    total = pbn.games[0].table("TotalScoreTable")
    assert total is not None and len(total.rows) == 14
    assert any("Øigarden" in name for name in total.column("Names"))
    tables = [g.table("ScoreTable") for g in pbn.games]
    assert all(t is not None and len(t.rows) == 7 for t in tables)


def test_spingold_vugraph_lin_32_boards_with_claims() -> None:
    boards = load_lin(need(DATA / "lin" / "df7cb__tenace__examples_2007_Spingold_Final.First_Quarter.lin"))
    assert len(boards) == 32
    assert sum(1 for b in boards if b.first("mc") is not None) == 31
    assert [b.board().number for b in boards[:2]] == [1, 1]


def test_verifier_file_irregularities_are_recorded() -> None:
    pbn = load_pbn(need(DATA / "pbn" / "timheilman__bridge-pbn__reference_impl_tests_correct_10.pbn"))
    illegal = next(g for g in pbn.games if g.tags.get("Event") == "Test illegals")
    marks = {m for _, _, m in illegal.record().irregularities}
    assert {"^S", "^I", "^R", "^L"} <= marks
    with pytest.raises(BridgeError) as info:
        illegal.board().replay()
    assert info.value.law == "18"


@pytest.mark.skipif(not PBN, reason="../shared/data/pbn is absent")
@pytest.mark.parametrize("path", PBN, ids=lambda p: p.name[:40])
def test_write_then_read_keeps_deal_auction_and_play(path: Path) -> None:
    first = load_pbn(path)
    again = read_pbn(write_pbn(first))
    assert len(again.games) == len(first.games)
    assert [i for i, _ in again.errors] == [i for i, _ in first.errors]
    for a, b in zip(first.boards(), again.boards(), strict=True):
        assert (a[1].deal, a[1].calls, a[1].cards, a[1].claim) == (b[1].deal, b[1].calls, b[1].cards, b[1].claim)
