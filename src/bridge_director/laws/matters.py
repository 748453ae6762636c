"""Judgement matters on the director's timeline: the facts now, the ruling at the end of the hand.

When the director is called about a break in tempo, a remark or gesture, or an explanation found mistaken, he
establishes the facts (who agrees, what was said) and tells the table to play on and call him back at the end of
the hand (Laws 16B, 20F, 21B, 73, 85).  The engine keeps each such fact as an *open matter*:

* a fact with no review yet (``Note``: a break in tempo, a remark or gesture, a corrected explanation);
* a review started and put aside: its answers so far are kept (``TableState.parked``) and the board goes on.  A
  review is put aside when the director answers ``later`` to any of its questions; the damage question says so
  while the board is not over (damage is judged against the table result, Law 12B1).

When the board ends (last trick, claim settled, passed out) the matters are reviewed: the same ``review`` resumes
a review put aside, now with the table result as the baseline.  What cannot wait is ruled at once, and the other
modules say so: a change of call while the auction is open (21B1, ``law25``), the declaring side's correction
of a mistaken explanation before the opening lead (20F5(b), ``law21_misinformation``), a card played after a
mistaken explanation (47E2(a), ``law42_47``).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import singledispatch

from ..model import Seat
from ..table.events import DirectorReview, Event, Judgement
from ..table.registry import detector
from ..table.state import Pending, TableState
from .common import name

#: the answer to any question of a review that puts it aside until the end of the hand
LATER = "later"
CALL_BACK = "director to be called back at the end of the hand"
UI_LAWS = ("16B", "16A", "16", "16C", "16D", "73C")
MI_LAWS = ("21B", "21", "75", "20F", "40B", "40B4")


@dataclass(frozen=True, slots=True)
class Matter:
    """An open judgement matter: ``law`` is the review to start or resume (16B or 21B), about ``seat``'s action
    (``call_no``, when it is a call); ``now`` is True once the board is over (review it now)."""

    kind: str
    seat: Seat
    law: str
    call_no: int | None
    text: str
    now: bool
    waiting: bool = False  # a review put aside, with answers kept

    def command(self) -> str:
        """The review entry that takes it up (``table play``: ``review 16B S 5``)."""
        return f"review {self.law} {self.seat.letter}" + (f" {self.call_no}" if self.call_no else "")

    def describe(self) -> str:
        when = "review it now" if self.now else CALL_BACK
        return f"{self.text} ({when}: {self.command()})"

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "seat": self.seat.letter, "law": self.law, "call_no": self.call_no,
                "text": self.text, "now": self.now, "waiting": self.waiting, "command": self.command()}


def board_over(state: TableState) -> bool:
    """The board has ended: passed out, thirteen tricks played, or a claim settled."""
    if state.pending is None and state.auction_over and state.passed_out:
        return True
    return state.play is not None and (state.play.finished or state.period.ended)


def plays_on(state: TableState) -> bool:
    """The board can still go on to a result the review must wait for: the deal is known and it is not over."""
    return state.deal is not None and state.deal.complete and not board_over(state)


def later_text(state: TableState) -> str:
    """What a review's damage question adds while the board can still go on: the table result is the baseline."""
    if not plays_on(state):
        return ""
    return (" (The board is not over: answer 'later' to let the table play on; the review waits, with its answers, "
            "and is taken up at the end of the hand by the same review.)")


def is_later(event: Event) -> bool:
    return isinstance(event, Judgement) and event.answer.strip().casefold() == LATER


def park(state: TableState, stage: Pending) -> TableState:
    """Put ``stage`` aside with its answers: the table plays on; the director is called back at the end."""
    return state.but(pending=None, parked=(*state.parked, stage))


# ----- what each review contributes (registered by law16_ui, law21_misinformation) --------------------------------
@singledispatch
def waiting_matter(stage: Pending, state: TableState) -> Matter | None:
    """The open matter a review put aside stands for (None: not a review that waits)."""
    return None


@singledispatch
def resumes(stage: Pending, event: DirectorReview) -> bool:
    """Whether ``event`` takes up the review ``stage`` put aside."""
    return False


def _first_call_after(state: TableState, seat: Seat, at: int) -> int | None:
    """The number of ``seat``'s first call after the first ``at`` calls (the action a break in tempo bears on)."""
    for i in range(at, len(state.calls)):
        if state.calls[i].seat == seat:
            return i + 1
    return None


def _reviewed(state: TableState, laws: tuple[str, ...], side: object) -> bool:
    """A ruling under one of ``laws`` on ``side``'s action is recorded, or put aside to be finished."""
    if any(r.law.upper().replace("(", "").startswith(laws) and r.offender.side == side for r in state.records):
        return True
    return any(m.seat.side == side and m.law in laws for m in _waiting(state))


def _waiting(state: TableState) -> list[Matter]:
    return [m for m in (waiting_matter(stage, state) for stage in state.parked) if m is not None]


def open_matters(state: TableState) -> tuple[Matter, ...]:
    """Every judgement matter still to be ruled on this board, waiting reviews first."""
    now = board_over(state)
    out = [Matter(m.kind, m.seat, m.law, m.call_no, m.text, now, True) for m in _waiting(state)]
    for note in state.notes:
        if note.kind in ("hesitation", "remark", "gesture"):
            if note.kind == "hesitation" and note.unusual is False:
                continue
            partner = note.seat.partner
            if _reviewed(state, ("16B", "16A"), partner.side):
                continue
            what = note.describe()
            out.append(Matter(note.kind, partner, "16B", _first_call_after(state, partner, note.at),
                              f"{what}: unauthorised information to {name(partner)}?", now))
        elif note.kind == "correction" and note.call_no is not None and note.call_no <= len(state.calls):
            caller = state.calls[note.call_no - 1].seat
            if _reviewed(state, ("21B",), caller.partner.side):
                continue
            out.append(Matter("explanation corrected", caller, "21B", note.call_no,
                              f"{note.describe()}: misinformation to {name(caller.lho)}'s side?", now))
    return tuple(out)


@detector(DirectorReview, order=5)
def resume(state: TableState, event: DirectorReview) -> TableState | None:
    """A review put aside is taken up again by the same review entry (at the end of the hand)."""
    for i, stage in enumerate(state.parked):
        if resumes(stage, event):
            return state.but(pending=stage, parked=(*state.parked[:i], *state.parked[i + 1:]))
    return None
