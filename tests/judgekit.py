"""Helpers for the judgement-ruling tests: tables built from the seeds' judgement examples."""

from __future__ import annotations

from bridge_director.club.decisions import Assigned, decision_from_json
from bridge_director.engine import Table
from bridge_director.laws import describe
from bridge_director.laws.ruling import Question, Ruling
from bridge_director.model import Card, Seat
from bridge_director.table.events import Choice, DirectorReview, Hesitation, Judgement
from bridge_director.table.play import CardPlayed, ClaimMade

#: seed 001 (Law 12C2 example): the deal of the 6♦ slam bid after North's slow 5♦ — hands N, E, S, W
SLAM_DEAL = "N:T3.J6.AKJ4.KQT52 Q9876.T542.976.8 KJ2.AK983.Q532.A A54.Q7.T8.J97643"
SLAM_AUCTION = ("P", "1H", "P", "2C", "P", "2D", "P", "3D", "P", "3H", "P", "4C", "P", "4H", "P", "5D")


def calls(t: Table, *words: str) -> Table:
    """Each word a call by the player in turn."""
    for word in words:
        t.call(t.state.next_seat, word)
    return t


def judge(t: Table, *answers: tuple[str, str]) -> Table:
    for question, answer in answers:
        t.do(Judgement(question, answer))
    return t


def play(t: Table, cards: str) -> Table:
    """Each card played by the hand it was dealt to."""
    assert t.state.deal is not None
    for text in cards.split():
        card = Card.parse(text)
        holder = t.state.deal.holder(card)
        assert holder is not None
        t.do(CardPlayed(holder, card, t.laws))
    return t


def claimed(t: Table, tricks: int) -> Table:
    """Declarer claims ``tricks`` of those still to play and the defender on his left agrees."""
    assert t.state.play is not None
    declarer = t.state.play.contract.declarer
    t.do(ClaimMade(declarer, tricks, "", t.laws))
    t.do(Choice("agree", declarer.lho))
    return t


def ruling(t: Table) -> Ruling:
    """The ruling the director reads for the table's pending stage."""
    assert t.state.pending is not None
    return describe(t.state.pending, t.state)


def question(t: Table) -> Question:
    """The question the pending stage asks now."""
    return ruling(t).questions[0]


def review(t: Table, law: str, seat: Seat, call_no: int | None = None) -> Table:
    """The director's review under ``law`` of ``seat``'s call ``call_no`` (or of his play)."""
    t.do(DirectorReview(law, seat, call_no, t.laws))
    return t


def ns(t: Table, board: int) -> int:
    """The NS score of the last adjusted score, as the session's result takes it over (Law 77)."""
    decision = decision_from_json(t.state.adjusted[-1].to_json())
    assert isinstance(decision, Assigned)
    return decision.score.ns_score(board)


def huddle_table(laws: str = "2017") -> Table:
    """Seed 001: 1♠ by North, 4♥ by East, South passes after a marked hesitation, West passes, North bids 4♠, all
    pass."""
    t = calls(Table(1, dealer="N", vulnerability="None", laws=laws), "1S", "4H", "P")
    t.do(Hesitation(Seat.SOUTH, laws=t.laws))
    return calls(t, "P", "4S", "P", "P", "P")


def reviewed_table() -> Table:
    """The huddle case reviewed to the end: unauthorised information, 4♠ suggested over Pass, damage, 4♥ by East
    one down assigned."""
    t = huddle_table()
    t.do(DirectorReview("16B", Seat.NORTH, 5))
    return judge(t, ("ui", "yes"), ("suggests", "action"), ("alternatives", "poll: 4S | Pass, 4S | Pass | 4S | 4S"),
                 ("damage", "yes"), ("score", "4H E 9"))
