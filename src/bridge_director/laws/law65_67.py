"""Laws 65-67 as director's entries: the engine keeps the tricks in order from the log, so a quitted trick pointed
the wrong way or a defective trick is something the director finds at the table and enters (``TrickEntry``).

* 65B3/65D (``quitted``): a played card pointed the wrong way — the cards decide who won the trick; the entry
  records the owner by the cards (attention drawn after the player's side played to the next trick: Law 79C, the
  count is still corrected by the cards).
* 67B1 (``too-many``: a hand found with a card too many — the player failed to play to trick ``trick``): he places
  a card among his played cards (of the suit led if he has one; it does not change the trick's owner) and is deemed
  to have revoked: one trick transferred as Law 64A2 (2007/2017) if his side won that trick or a later one; 1997:
  no penalty if he held a card of the suit led (the director's judgement ``held_suit``), else one trick.
* 67B2 (``too-few``: a hand short of a card — he played two cards to trick ``trick``): the extra card goes back to
  his hand, the one faced stays (else the highest he could legally have played); the trick's owner does not change;
  a later failure to play the restored card is a revoke (flagged for the director).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPlayError
from ..model import Seat, Trick
from ..table.edition import Edition
from ..table.events import Event, Judgement
from ..table.play import side_tricks, started, the_play
from ..table.play_state import Transfer
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record
from .pending import describe, refuse
from .ruling import Question, Ruling

KINDS = ("quitted", "too-many", "too-few")


def trick_cards(trick: Trick) -> str:
    """A trick's cards as the director reads them, the leader first: ``West led: ♥7 ♥2 ♥8 ♥3``."""
    return f"{name(trick.leader)} led: " + " ".join(c.symbol for c in trick.cards)


@dataclass(frozen=True, slots=True)
class TrickEntry(Event):
    """The director's finding about trick ``trick`` (1-based) and ``seat``: ``kind`` is one of ``KINDS``."""

    kind: str
    seat: Seat
    trick: int
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class DefectiveTrick(Pending):
    """1997 Law 67B1: did ``offender`` hold a card of the suit led to ``trick``?"""

    trick: int


def one_trick(state: TableState, seat: Seat, trick: int, law: str, why: str) -> TableState:
    """Law 64A2 as 67B1 applies it: one trick, if the offending side won the defective trick or a later one."""
    play = the_play(state)
    won = side_tricks(play, seat.side, trick)
    n = 1 if won else 0
    text = (f"defective trick {trick}: {name(seat)} {why}; deemed to have revoked — "
            + ("one trick transferred (Laws 67B1, 64A2)" if n else
               "no trick transferred: his side won neither that trick nor a later one (Law 64B1)"))
    t = Transfer(law, seat, n, text)
    return state.but(period=replace(state.period, transfers=(*state.period.transfers, t)))


@detector(TrickEntry, order=10)
def detect(state: TableState, event: TrickEntry) -> TableState | None:
    state = started(state)
    play = the_play(state)
    done = len(play.completed_tricks)
    if event.kind not in KINDS:
        raise IllegalPlayError(f"a trick entry is one of {', '.join(KINDS)}", law="65")
    if not 1 <= event.trick <= done:
        raise IllegalPlayError(f"trick {event.trick} is not a completed trick (1 to {done})", law="65")
    t = play.tricks[event.trick - 1]
    winner = t.winner(play.trump)
    o, ed = event.seat, event.laws
    if event.kind == "quitted":
        return record(state, "65B3", "Quitted trick pointed the wrong way", o,
                      f"trick {event.trick} belongs to {name(winner)}'s side by the cards ({trick_cards(t)}); the card "
                      "is turned the right way (Laws 65B3, 65D; after the correction period, Law 79C)", ed)
    led = t.suit_led
    assert led is not None
    if event.kind == "too-few":
        s = flag(state, "67B2", o, f"{name(o)} played two cards to trick {event.trick}: the extra card goes back to "
                 f"his hand; the trick stays with {name(winner)}'s side; if he later failed to play it when required "
                 "to, that is a revoke (Law 67B2)")
        return record(s, "67B2", "Defective trick", o, f"{name(o)} played too many cards to trick {event.trick}: the "
                      "extra card restored to his hand, ownership of the trick unchanged (Law 67B2)", ed)
    if ed is Edition.L1997:
        return state.but(pending=DefectiveTrick(o, ed, event.trick))
    s = one_trick(state, o, event.trick, "67B1", f"failed to play to it and places a card among his played cards "
                  f"(a {led.name.lower()[:-1]} if he has one)")
    return record(s, "67B1", "Defective trick", o, f"{name(o)} failed to play to trick {event.trick}: deemed to have "
                  "revoked, Law 64A2 applies (Law 67B1)", ed)


@describe.register
def _describe(stage: DefectiveTrick, state: TableState) -> Ruling:
    o = stage.offender
    led = the_play(state).tricks[stage.trick - 1].suit_led
    suit = led.name.lower() if led is not None else "the suit led"
    q = Question("held_suit", f"Does {name(o)} hold a card of {suit}, the suit led to trick {stage.trick}?",
                 ("yes", "no"), "67B1")
    text = (f"Director: {name(o)} failed to play to trick {stage.trick} (1997 Law 67B1). If he has a {suit[:-1]} he "
            "places it among his played cards with no penalty (Law 67B1(a)); if not, he places any card and is "
            "deemed to have revoked: one trick is transferred (Laws 67B1(b), 64).")
    return Ruling("Defective trick", "67B1", stage.edition, o, None, (), (q,), text)


@resolve.register
def _resolve(stage: DefectiveTrick, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == "held_suit" and event.answer in ("yes", "no")):
        raise refuse(_describe(stage, state), event)
    o = stage.offender
    s = state.but(pending=None)
    if event.answer == "yes":
        return record(s, "67B1(a)", "Defective trick", o, f"{name(o)} places a card of the suit led among his played "
                      f"cards for trick {stage.trick}: no penalty (1997 Law 67B1(a))", stage.edition)
    s = one_trick(s, o, stage.trick, "67B1(b)", "failed to play to it and had no card of the suit led")
    return record(s, "67B1(b)", "Defective trick", o, f"{name(o)} deemed to have revoked on trick {stage.trick} "
                  "(1997 Law 67B1(b))", stage.edition)
