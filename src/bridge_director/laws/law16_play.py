"""Law 16B (1997: 16A) for a card played: which card is under review, before the law's questions.

A remark such as "we have four tricks, partner", a break in tempo or a question during the play may suggest a card
to partner.  ``DirectorReview("16B", seat)`` with no call number, once ``seat`` has played a card (declarer: from
either hand), first asks ``card``: which of his cards played is in question.  The review then goes on as for a
call (``laws.law16_ui``: ui, suggests, alternatives, damage, score), the card named being the action taken, and the
information shown is partner's notes made before that card and the side's withdrawn actions (Laws 16C, 50E).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalPlayError
from ..model import Card, Seat
from ..table.events import DirectorReview, Event, Judgement
from ..table.play import sequence
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import name
from .law16_ui import UiReview, action
from .law73_notes import ui_law
from .pending import describe, refuse
from .ruling import Question, Ruling

NAME = "Unauthorised information"
LAWS = ("16B", "16A", "16", "16C", "16D", "73C")
WITHDRAWN = ("16C", "16D", "50E")  # withdrawn calls and cards, picked-up penalty cards: unauthorised to the side


def played_by(state: TableState, seat: Seat) -> tuple[tuple[int, Card], ...]:
    """Each card ``seat`` played, with the number of cards played before it; declarer's include dummy's."""
    if state.play is None:
        return ()
    declarer = state.play.contract.declarer
    mine = (seat, declarer.partner) if seat == declarer else (seat,)
    return tuple((i, card) for i, (who, card) in enumerate(sequence(state.play)) if who in mine)


def sources_before(state: TableState, seat: Seat, before_cards: int) -> tuple[str, ...]:
    """Partner's notes made before the card (after ``before_cards`` cards of the play), then the side's
    withdrawn actions."""
    found = [n.describe() for n in state.notes
             if n.seat == seat.partner and n.kind != "psyche" and n.cards <= before_cards]
    found += [f"{u.source} (Law {u.law})" for u in state.unauthorised
              if u.side == seat.side and u.law.startswith(WITHDRAWN)]
    return tuple(dict.fromkeys(found))


@dataclass(frozen=True, slots=True)
class PlayInQuestion(Pending):
    """The 16B review of a card of ``offender``'s: waiting for the director to name it."""

    played: tuple[tuple[int, Card], ...]


def _question(stage: PlayInQuestion) -> Question:
    cards = " ".join(str(card) for _, card in stage.played)
    return Question("card", f"Which card of {name(stage.offender)}'s is in question? (played: {cards})", (),
                    ui_law(stage.edition), f"one of {cards}")


@describe.register
def _describe(stage: PlayInQuestion, state: TableState) -> Ruling:
    q = _question(stage)
    text = "\n".join([f"Director: the review of {name(stage.offender)}'s play under Law {ui_law(stage.edition)}.",
                      q.text])
    return Ruling(NAME, ui_law(stage.edition), stage.edition, stage.offender, None, (), (q,), text)


@resolve.register
def _resolve(stage: PlayInQuestion, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == "card"):
        raise refuse(_describe(stage, state), event)
    named = action(event.answer)
    found = next(((i, card) for i, card in stage.played if str(card) == named), None)
    if found is None:
        raise IllegalPlayError(f"{name(stage.offender)} has not played {event.answer.strip()!r}: name one of "
                               f"{' '.join(str(card) for _, card in stage.played)}", law=ui_law(stage.edition))
    before, card = found
    return state.but(pending=UiReview(stage.offender, stage.edition, None, str(card),
                                      sources_before(state, stage.offender, before)))


@detector(DirectorReview, order=5)
def detect(state: TableState, event: DirectorReview) -> TableState | None:
    """A 16B review with no call number, once the seat has played: ask which card (else ``law16_ui`` rules)."""
    if event.call_no is not None or event.law.upper().replace(" ", "") not in LAWS:
        return None
    played = played_by(state, event.seat)
    if not played:
        return None
    return state.but(pending=PlayInQuestion(event.seat, event.laws, played))
