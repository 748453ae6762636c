"""Judgement rulings made at a table of the session reach its result (no retyping): the 16B review's assigned
score becomes the result's ruling with its steps; a Red psyche found at the table is stored in the psyche
register (with the partnership's history) and scores the board by EBU 6 D 2-3.  SQLite and PostgreSQL."""

from __future__ import annotations

from sqlalchemy import select

from bridge_director.club.at_table import open_board, psyches_from_table, result_from_table, rule_from_table
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import enter_result, table_round
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.club.tables import TableStore
from bridge_director.model import Card, Deal, Seat
from bridge_director.register import Authority, Register
from bridge_director.register.models import PsycheReport, ResultRuling, Section
from bridge_director.table.events import Choice, DirectorReview, Hesitation, Judgement, PsycheReported
from bridge_director.table.play import CardPlayed, ClaimMade

#: each hand one suit: North spades, East hearts, South diamonds, West clubs
DEAL = Deal.from_pbn("N:AKQJT98765432... .AKQJT98765432.. ..AKQJT98765432. ...AKQJT98765432")


def session(register: Register) -> tuple[int, int]:
    with register.transaction() as db:
        s = create_session(db, "Judgement", "evening", authority=Authority.EBU)
        section = add_section(db, s, "A", mitchell(3), 1)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"P{n}a"), PlayerIn(f"P{n}b"))
        board = table_round(db, section, 1, 1).boards[0]
        store_hand_records(db, s, {board: DEAL})
        return section.id, board


def play(store: TableStore, sid: int, board: int, events: list[object]) -> object:
    table = open_board(store, sid, 1, 1, board)
    for event in events:
        table.enter(event)  # type: ignore[arg-type]
    return table


def calls_and_claim(dealer: Seat, *, hesitate: bool) -> list[object]:
    """Dealer passes (slowly, if ``hesitate``), LHO passes, dealer's partner bids 4S, all pass; the opening lead,
    then declarer claims ten of the thirteen tricks and the defenders agree."""
    from bridge_director.model import Call
    from bridge_director.table.events import CallMade
    d, lho, partner, rho = dealer, dealer.lho, dealer.partner, dealer.rho
    out: list[object] = [CallMade(d, Call.parse("P"))]
    if hesitate:
        out.append(Hesitation(d))
    out += [CallMade(lho, Call.parse("P")), CallMade(partner, Call.parse("4S")), CallMade(rho, Call.parse("P")),
            CallMade(d, Call.parse("P")), CallMade(lho, Call.parse("P"))]
    leader = partner.lho
    lead = next(iter(DEAL.hands[leader].cards))
    out += [CardPlayed(leader, Card.parse(str(lead))), ClaimMade(partner, 10, ""), Choice("agree", partner.lho)]
    return out


def test_16B3_the_score_assigned_at_the_table_is_the_result_s_ruling(register: Register) -> None:
    sid, board = session(register)
    store = TableStore(register)
    dealer = open_board(store, sid, 1, 1, board).state.dealer
    partner = dealer.partner
    events = calls_and_claim(dealer, hesitate=True)
    events += [DirectorReview("16B", partner, 3), Judgement("ui", "yes"), Judgement("suggests", "action"),
               Judgement("alternatives", "la: Pass"), Judgement("damage", "yes"), Judgement("score", "PASS")]
    table = play(store, sid, board, events)
    state = table.state  # type: ignore[attr-defined]
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        row = enter_result(db, section, 1, 1, board, result_from_table(state))
        ruling = rule_from_table(db, row.id, state, "TD")
        assert ruling is not None and [s.question for s in ruling.steps] == ["ui", "suggests", "alternatives",
                                                                            "damage", "score"]
    with register.transaction() as db:
        found = db.scalars(select(ResultRuling).where(ResultRuling.result_id == row.id)).one()
        assert found.decision == {"kind": "assigned", "score": {"contract": "PASS", "declarer": "", "tricks": None}}
        # every law applied, not only the last (Law 81C: the written ruling names them)
        assert found.ruling.laws == "16B, 73A2, 16B1(a), 16B1(b), 16B3, 73C, 12C1(b)"
        assert found.ruling.facts.startswith(f"{partner.partner.name.title()}'s break in tempo")
        assert "Found: " in found.ruling.facts


def test_6D2_a_red_psyche_found_at_the_table_is_registered_and_scores_the_board(register: Register) -> None:
    sid, board = session(register)
    store = TableStore(register)
    dealer = open_board(store, sid, 1, 1, board).state.dealer
    partner = dealer.partner
    events = calls_and_claim(dealer, hesitate=False)
    events += [PsycheReported(partner, 3), DirectorReview("40", partner, 3)]
    table = play(store, sid, board, events)
    answers = {"deliberate": "yes", "gross": "yes", "colour": "red", "explained": "yes"}
    from bridge_director.laws import describe
    while table.state.pending is not None:  # type: ignore[attr-defined]
        q = describe(table.state.pending, table.state).questions[0]  # type: ignore[attr-defined]
        table.enter(Judgement(q.key, answers.get(q.key, "no")))  # type: ignore[attr-defined]
    state = table.state  # type: ignore[attr-defined]
    assert state.authority == "EBU"
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        row = enter_result(db, section, 1, 1, board, result_from_table(state))
        rule_from_table(db, row.id, state, "TD")
        outcomes = psyches_from_table(db, section, 1, 1, state, "TD")
        assert len(outcomes) == 1
    with register.transaction() as db:
        decision = db.scalars(select(ResultRuling).where(ResultRuling.result_id == row.id)).one().decision
        assert decision["kind"] == "red-psyche" and decision["offenders"] == partner.side.value
        reports = db.scalars(select(PsycheReport)).all()
        assert [r.call for r in reports] == ["4S"]


def test_12C1_a_ruling_made_after_the_result_was_stored_becomes_that_results_ruling(register: Register) -> None:
    """The director is called back at the end of the hand: the result is recorded from the log first, the review
    ends afterwards; its adjusted score still reaches the stored result (the one store, nothing retyped)."""
    sid, board = session(register)
    store = TableStore(register)
    dealer = open_board(store, sid, 1, 1, board).state.dealer
    table = play(store, sid, board, calls_and_claim(dealer, hesitate=True))
    state = table.state  # type: ignore[attr-defined]
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        row = enter_result(db, section, 1, 1, board, result_from_table(state))
    partner = dealer.partner
    for event in (DirectorReview("16B", partner, 3), Judgement("ui", "yes"), Judgement("suggests", "action"),
                  Judgement("alternatives", "la: Pass"), Judgement("damage", "yes")):
        table.enter(event)  # type: ignore[attr-defined]
    with register.transaction() as db:
        assert db.scalars(select(ResultRuling).where(ResultRuling.result_id == row.id)).first() is None
    table.enter(Judgement("score", "PASS"))  # type: ignore[attr-defined]
    with register.transaction() as db:
        found = db.scalars(select(ResultRuling).where(ResultRuling.result_id == row.id)).one()
        assert found.active and found.decision == {"kind": "assigned",
                                                   "score": {"contract": "PASS", "declarer": "", "tricks": None}}
