"""Helpers for the judgement-ruling tests: tables built from the seeds' judgement examples."""

from __future__ import annotations

from bridge_director.model import Seat
from bridge_director.table import Table
from bridge_director.table.events import DirectorReview, Hesitation, Judgement

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
