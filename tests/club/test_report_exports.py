"""Publishing a session: ranking, travellers, score cards and the printable page; CSV, USEBIO and PBN files read
back by the project's own readers to the same standings.

The section is a 5-table Mitchell, 2 boards a round (10 boards, each played 5 times), stored through the club API.
Board 1 (none vulnerable) is played 420, 420, 450, 400, -50: on the 2/1 scale the top is 8, so 450 takes 8,
each 420 5, 400 2 and -50 nothing.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from bridge_director.club.exports import section_csv, section_pbn, section_usebio
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.report import final_results_html, load_report, ranking_rows, score_card, traveller_rows
from bridge_director.club.results import NOT_PLAYED, ResultIn, enter_result, table_round
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.errors import RegisterError
from bridge_director.io.pbn import load_pbn
from bridge_director.io.travellers import pbn_method, results_from_csv, results_from_pbn
from bridge_director.io.usebio import read_usebio
from bridge_director.model import Deal, Seat
from bridge_director.register import Register
from bridge_director.register.models import Section
from bridge_director.scoring.event import Method, Result, Standing, score_event

TABLES, PER_ROUND = 5, 2
BOARD_1 = [("4S", "N", 10), ("4S", "N", 10), ("4S", "N", 11), ("3NT", "N", 9), ("4S", "N", 9)]
BOARD_1_MP = {420: 5.0, 450: 8.0, 400: 2.0, -50: 0.0}
ODD_NAME = "<b>O'Neil</b>"
RANKS = "AKQJT98765432"


def deal(board: int) -> str:
    """A deal of its own for each board: a seeded shuffle, hands N E S W."""
    cards = [suit + rank for suit in "SHDC" for rank in RANKS]
    random.Random(board).shuffle(cards)
    hands = [cards[i * 13:(i + 1) * 13] for i in range(4)]
    return "N:" + " ".join(".".join("".join(c[1] for c in sorted(hand, key=lambda c: RANKS.index(c[1]))
                                            if c[0] == suit) for suit in "SHDC") for hand in hands)


def contract_at(board: int, table: int, seen: int) -> tuple[str, str, int | None]:
    """What table ``table`` bid and made on ``board`` (``seen``: results already on the board)."""
    if board == 1:
        return BOARD_1[seen]
    if board == 4 and table == 2:
        return ("PASS", "", None)
    declarer = "S" if (board + table) % 3 else "E"
    return ("3NT" if board % 2 else "2H", declarer, 6 + (board * 3 + table * 5) % 6)


def opening_lead(board: int, declarer: str) -> str:
    """A card of the opening leader's hand (declarer's left-hand opponent) from the stored deal."""
    leader = Seat.parse(declarer).lho
    return str(next(iter(Deal.from_pbn(deal(board))[leader])))


def build_section(register: Register, names: dict[int, tuple[str, str]] | None = None,
                  method: str = "mp") -> tuple[int, list[Result]]:
    """The section stored and every result entered; returns its id and the lines the test computes itself."""
    lines: list[Result] = []
    names = names or {}
    with register.transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(TABLES), PER_ROUND, method=method)
        for number in range(1, 2 * TABLES + 1):
            first, second = names.get(number, (f"Player {number}a", f"Player {number}b"))
            add_pair(db, section, number, PlayerIn(first, f"M{number}"), PlayerIn(second))
        store_hand_records(db, session, {b: Deal.from_pbn(deal(b)) for b in range(1, TABLES * PER_ROUND + 1)})
        for round_no in range(1, TABLES + 1):
            for table in range(1, TABLES + 1):
                where = table_round(db, section, round_no, table)
                assert where.ns is not None and where.ew is not None
                for board in where.boards:
                    contract, declarer, tricks = contract_at(board, table, sum(ln.board == board for ln in lines))
                    lead = opening_lead(board, declarer) if declarer and board % 3 == 0 else ""
                    enter_result(db, section, round_no, table, board, ResultIn(contract, declarer, tricks, lead))
                    lines.append(Result.played(board, str(where.ns.number), str(where.ew.number), contract,
                                               declarer, tricks, lead))
        return section.id, lines


@pytest.fixture
def register(tmp_path: Path) -> Iterator[Register]:
    reg = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    yield reg
    reg.close()


@pytest.fixture
def stored(register: Register) -> tuple[int, list[Result]]:
    return build_section(register, {7: (ODD_NAME, "Ann Smith")})


def section_of(db: object, sid: int) -> Section:
    section = db.get(Section, sid)  # type: ignore[attr-defined]
    assert section is not None
    return section


def standings(items: list[Standing] | tuple[Standing, ...]) -> list[tuple[str, str, float, str]]:
    return sorted((s.pair, s.field, round(s.total, 4), s.place) for s in items)


def test_board_1_matchpoints_by_hand_and_ranking_as_score_event(register: Register,
                                                                 stored: tuple[int, list[Result]]) -> None:
    sid, lines = stored
    assert [ln.score for ln in lines if ln.board == 1] == [420, 420, 450, 400, -50]  # Law 77, none vulnerable
    with register.transaction() as db:
        traveller = traveller_rows(db, section_of(db, sid), 1)
        ranking = ranking_rows(db, section_of(db, sid))
    assert len(traveller) == TABLES
    assert [(ln.ns_score, ln.ns_points, ln.ew_points) for ln in traveller] == [
        (s, BOARD_1_MP[s], 8 - BOARD_1_MP[s]) for s in (420, 420, 450, 400, -50)]
    expected = score_event(lines, Method.MATCHPOINTS)  # computed here from the contracts, not from the register
    assert sorted((str(r.pair), r.field, round(r.total, 4), r.place) for r in ranking) == standings(
        expected.standings)
    assert [r.field for r in ranking] == ["NS"] * TABLES + ["EW"] * TABLES
    assert {r.field for r in ranking} == {"NS", "EW"}  # a Mitchell ranks its directions apart
    assert next(r for r in ranking if r.pair == 7).names == f"{ODD_NAME} & Ann Smith"
    assert all(r.boards == TABLES * PER_ROUND for r in ranking)


def test_score_card_running_total_is_the_ranking_total(register: Register, stored: tuple[int, list[Result]]) -> None:
    sid, _ = stored
    with register.transaction() as db:
        rep = load_report(db, section_of(db, sid))
        card = score_card(db, section_of(db, sid), 3)
    assert [r.board for r in card.rows] == sorted(r.board for r in card.rows) and len(card.rows) == 10
    assert {r.direction for r in card.rows} == {"N-S"}
    for row in rep.ranking():
        pair_card = rep.score_card(row.pair)
        assert pair_card.rows[-1].running == pytest.approx(row.total)
        assert pair_card.total == pytest.approx(row.total)
    on_1 = next(r for r in card.rows if r.board == 1)
    assert on_1.points == BOARD_1_MP[on_1.score or 0]
    assert on_1.opponent_names == f"Player {on_1.opponents}a & Player {on_1.opponents}b" or on_1.opponents == 7
    ew_card = rep.score_card(7)
    assert all(r.direction == "E-W" and r.score is not None for r in ew_card.rows if r.contract != "PASS")
    with pytest.raises(RegisterError, match="no pair 11"):
        rep.score_card(11)


def test_csv_reads_back_to_the_same_standings(register: Register, stored: tuple[int, list[Result]]) -> None:
    sid, lines = stored
    with register.transaction() as db:
        text = section_csv(db, section_of(db, sid))
    rows = text.splitlines()
    assert rows[0] == ("board,round,table,ns,ew,contract,declarer,tricks,score,ns_award,ew_award,ns_mp,ew_mp,lead,note,"
                       "ew_score,outcomes,group,ruling")
    assert len(rows) == 1 + len(lines)
    back = results_from_csv(text)
    assert sorted((r.board, r.ns, r.ew, r.score) for r in back) == sorted((r.board, r.ns, r.ew, r.score)
                                                                         for r in lines)
    assert standings(score_event(back).standings) == standings(score_event(lines).standings)
    assert any(",PASS,," in row for row in rows)


def test_usebio_reads_back_with_names_and_totals(register: Register, stored: tuple[int, list[Result]],
                                                 tmp_path: Path) -> None:
    sid, lines = stored
    with register.transaction() as db:
        path = tmp_path / "session.xml"
        path.write_text(section_usebio(db, section_of(db, sid)), encoding="utf-8")
    event = read_usebio(path)
    expected = score_event(lines)
    assert event.method is Method.MATCHPOINTS and "section A" in event.title
    assert next(p for p in event.pairs if p.number == "7").names == (ODD_NAME, "Ann Smith")
    assert {p.number: p.total for p in event.pairs} == {s.pair: pytest.approx(s.total, abs=0.005)
                                                        for s in expected.standings}
    assert standings(score_event(event.results).standings) == standings(expected.standings)


def test_pbn_reads_back_to_the_same_standings(register: Register, stored: tuple[int, list[Result]],
                                              tmp_path: Path) -> None:
    sid, lines = stored
    with register.transaction() as db:
        path = tmp_path / "session.pbn"
        path.write_text(section_pbn(db, section_of(db, sid)), encoding="utf-8")
    pbn = load_pbn(path)
    assert pbn.errors == [] and len(pbn.games) == TABLES * PER_ROUND
    assert pbn.games[0].preamble[:1] == ("% PBN 2.1",)
    assert pbn.games[0].tags["Deal"] == Deal.from_pbn(deal(1)).to_pbn(Seat.NORTH)
    assert pbn.games[1].tags["Dealer"] == "E" and pbn.games[1].tags["Vulnerable"] == "NS"
    score_table = pbn.games[0].table("ScoreTable")
    assert score_table is not None
    assert [c.name for c in score_table.columns] == ["Table", "Round", "PairId_NS", "PairId_EW", "Contract",
                                                      "Declarer", "Result", "Lead", "Score_NS", "MP_NS", "MP_EW"]
    assert sorted(float(v) for v in score_table.column("MP_NS")) == [0, 2, 5, 5, 8]
    totals = pbn.games[0].table("TotalScoreTable")
    assert totals is not None and len(totals.rows) == 2 * TABLES
    assert {row["PairId"]: row["Names"] for row in totals.dicts()}["7"] == f"{ODD_NAME} & Ann Smith"
    assert pbn_method(path) is Method.MATCHPOINTS
    back = results_from_pbn(path)
    assert len(back) == len(lines)
    expected = score_event(lines)
    assert standings(score_event(back).standings) == standings(expected.standings)
    percent = {row["PairId"]: float(row["TotalPercentage"]) for row in totals.dicts()}
    assert percent == {s.pair: pytest.approx(s.percent, abs=0.005) for s in expected.standings}


def test_final_results_page_escapes_names_and_has_every_part(register: Register,
                                                             stored: tuple[int, list[Result]]) -> None:
    sid, _ = stored
    with register.transaction() as db:
        page = final_results_html(db, section_of(db, sid))
    assert ODD_NAME not in page and "&lt;b&gt;O&#39;Neil&lt;/b&gt;" in page
    assert page.count("<svg") == TABLES * PER_ROUND  # a frequency chart a board
    assert page.count("class='card' id='pair-") == 2 * TABLES
    assert "Ranking N-S" in page and "Ranking E-W" in page and "@media print" in page
    assert page.index("Ranking N-S") < page.index("id='board-1'") < page.index("id='pair-1'")


def test_a_section_without_results_has_an_empty_report(register: Register) -> None:
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Quiet night"), "A", mitchell(3), 2)
        add_pair(db, section, 1, PlayerIn("A"), PlayerIn("B"))
        assert ranking_rows(db, section) == []
        assert "No results yet" in final_results_html(db, section)
        assert score_card(db, section, 1).rows == ()


def test_cross_imps_section_pbn_has_imp_columns_and_reads_back(register: Register, tmp_path: Path) -> None:
    sid, lines = build_section(register, method="cross-imps")
    path = tmp_path / "imps.pbn"
    with register.transaction() as db:
        path.write_text(section_pbn(db, section_of(db, sid)), encoding="utf-8")
    pbn = load_pbn(path)
    totals, table = pbn.games[0].table("TotalScoreTable"), pbn.games[0].table("ScoreTable")
    assert totals is not None and table is not None
    assert "TotalScoreIMP" in [c.name for c in totals.columns] and "TotalPercentage" not in totals.dicts()[0]
    assert [c.name for c in table.columns][-2:] == ["IMP_NS", "IMP_EW"]
    assert pbn_method(path) is Method.CROSS_IMPS
    expected = score_event(lines, Method.CROSS_IMPS)
    assert standings(score_event(results_from_pbn(path), Method.CROSS_IMPS).standings) == standings(
        expected.standings)


def test_a_board_not_played_is_factored_and_left_out_of_the_files(register: Register, tmp_path: Path) -> None:
    lines: list[Result] = []
    with register.transaction() as db:
        section = add_section(db, create_session(db, "Short night"), "A", mitchell(3), 2)
        for number in range(1, 7):
            add_pair(db, section, number, PlayerIn(f"P{number}"), PlayerIn(f"Q{number}"))
        for round_no in range(1, 4):
            for table in range(1, 4):
                where = table_round(db, section, round_no, table)
                assert where.ns is not None and where.ew is not None
                for board in where.boards:
                    if board == 2 and table == 1:
                        enter_result(db, section, round_no, table, board, ResultIn("", status=NOT_PLAYED))
                        continue
                    tricks = 7 + (board + table) % 5
                    enter_result(db, section, round_no, table, board, ResultIn("3NT", "S", tricks))
                    lines.append(Result.played(board, str(where.ns.number), str(where.ew.number), "3NT", "S",
                                               tricks))
        rep = load_report(db, section)
        text = section_csv(db, section)
        path = tmp_path / "short.pbn"
        path.write_text(section_pbn(db, section), encoding="utf-8")
    expected = score_event(lines, norm=3, mp_places=2)
    assert sorted((str(r.pair), r.field, round(r.total, 4)) for r in rep.ranking()) == [
        (pair, field, total) for pair, field, total, _ in standings(expected.standings)]
    missing = [ln for ln in rep.traveller(2) if not ln.played]
    assert len(missing) == 1 and missing[0].ns_points is None
    card = rep.score_card(missing[0].ns)
    assert next(r for r in card.rows if r.board == 2).points is None
    assert card.total == pytest.approx(next(r.total for r in rep.ranking() if r.pair == missing[0].ns))
    assert len(text.splitlines()) == 1 + len(lines) and len(results_from_pbn(path)) == len(lines)
