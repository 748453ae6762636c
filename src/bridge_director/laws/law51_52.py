"""Laws 51A and 52: playing a defender's penalty cards (how they arise: ``law48_50``).

* 51A: a defender with two or more major penalty cards he can legally play: declarer designates which is played
  (a ruling when the defender plays one of them, or plays another card: then 52 with one "require" per card).
* 52: a defender who fails to play a penalty card as required: declarer accepts the card played, or
  requires the penalty card, the card played becoming a major penalty card too.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Card, Rank, Seat
from ..table.events import Choice, Event
from ..table.play import CardPlayed, add_penalty, is_defender, is_lead, penalty_cards_of, play_card, started, the_play
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import name, record
from .pending import describe, refuse
from .ruling import Option, Ruling


@dataclass(frozen=True, slots=True)
class SeveralPenaltyCards(Pending):
    """Law 51A: ``offender`` played ``card``, one of ``cards`` (his legal major penalty cards); declarer designates."""

    card: Card
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class PenaltyCardNotPlayed(Pending):
    """Law 52: ``offender`` played ``card`` when ``penalty`` had to be played."""

    card: Card
    penalty: Card



# ----- Laws 51A and 52: playing the penalty cards ----------------------------------------------------------
def legal_penalties(state: TableState, seat: Seat) -> list[Card]:
    """The major penalty cards ``seat`` must play now (50D1), unless another rectification takes precedence."""
    play = the_play(state)
    mine = penalty_cards_of(state, seat)
    if not mine:
        return []
    led = None if is_lead(play) else play.current.suit_led
    rule = state.period.lead_rule
    if led is None and rule is not None and rule.seat == seat:
        return []  # complying with another rectification comes first (50D1)
    if state.period.play_rule is not None and state.period.play_rule.seat == seat:
        return []
    return [p.card for p in mine if p.major and (led is None or p.card.suit == led
                                                 or not play.hands[seat].has_suit(led))]


def required_penalty(state: TableState, seat: Seat, card: Card) -> Card | None:
    """The penalty card ``seat`` had to play instead of ``card`` (Laws 50C, 50D1), or None."""
    play = the_play(state)
    mine = penalty_cards_of(state, seat)
    if not mine or any(p.card == card for p in mine):
        return None
    led = None if is_lead(play) else play.current.suit_led
    if led is not None and card.suit != led and play.hands[seat].has_suit(led):
        return None  # a revoke: Laws 61-64 rule on it
    majors = legal_penalties(state, seat)
    if majors:
        return majors[0]
    if state.period.play_rule is not None and state.period.play_rule.seat == seat:
        return None  # a play restriction (57A) comes first; a lead restriction never conflicts with Law 50C
    for p in mine:
        if not p.major and (led is None or p.card.suit == led or not play.hands[seat].has_suit(led)) \
                and p.card.suit == card.suit and card.rank < Rank.TEN:
            return p.card  # 50C: a lower card of the minor penalty card's suit
    return None


@detector(CardPlayed, order=25)
def detect_several(state: TableState, event: CardPlayed) -> TableState | None:
    """Law 51A: the defender plays one of several penalty cards he could play: declarer designates which."""
    state = started(state)
    play = the_play(state)
    if event.seat != play.next_seat or not is_defender(play, event.seat):
        return None
    cards = legal_penalties(state, event.seat)
    if len(cards) < 2 or event.card not in cards:
        return None
    return state.but(pending=SeveralPenaltyCards(event.seat, event.laws, event.card, tuple(cards)))


def _options_51(stage: SeveralPenaltyCards) -> tuple[Option, ...]:
    o = stage.offender
    return tuple(Option(f"play:{c}", f"{c.symbol}", f"{name(o)} plays {c.symbol}; "
                        + ", ".join(x.symbol for x in stage.cards if x != c)
                        + " stay(s) on the table as major penalty card(s) (Law 51A)", "51A")
                 for c in stage.cards)


@describe.register
def _describe_51(stage: SeveralPenaltyCards, state: TableState) -> Ruling:
    decl = the_play(state).contract.declarer
    opts = _options_51(stage)
    lines = [f"{name(decl)}, {name(stage.offender)} has the penalty cards "
             f"{', '.join(c.symbol for c in stage.cards)} and can legally play any of them; you designate which one "
             f"is played now (Law 51A).",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             f"{name(decl)}, which do you choose?"]
    return Ruling("Several penalty cards", "51A", stage.edition, stage.offender, decl, opts, (), "\n".join(lines))


@resolve.register
def _resolve_51(stage: SeveralPenaltyCards, state: TableState, event: Event) -> TableState:
    decl = the_play(state).contract.declarer
    keys = {o.key for o in _options_51(stage)}
    if isinstance(event, Choice) and event.seat in (None, decl) and event.option in keys:
        card = next(c for c in stage.cards if f"play:{c}" == event.option)
        s = record(state, "51A", "Several penalty cards", stage.offender,
                   f"declarer designated {card.symbol} of {name(stage.offender)}'s penalty cards", stage.edition)
        return play_card(s, stage.offender, card, stage.edition)
    raise refuse(_describe_51(stage, state), event)


@detector(CardPlayed, order=30)
def detect_failure(state: TableState, event: CardPlayed) -> TableState | None:
    state = started(state)
    play = the_play(state)
    if event.seat != play.next_seat or not is_defender(play, event.seat):
        return None
    penalty = required_penalty(state, event.seat, event.card)
    if penalty is None:
        return None
    return state.but(pending=PenaltyCardNotPlayed(event.seat, event.laws, event.card, penalty))


def _choices_52(stage: PenaltyCardNotPlayed, state: TableState) -> tuple[Card, ...]:
    """The penalty cards declarer may require (51A: he designates when there are several)."""
    cards = [c for c in legal_penalties(state, stage.offender) if c != stage.card]
    return tuple(cards) if len(cards) > 1 else (stage.penalty,)


def _options_52(stage: PenaltyCardNotPlayed, state: TableState) -> tuple[Option, ...]:
    o, c = stage.offender, stage.card
    choices = _choices_52(stage, state)
    rest = ", ".join(p.symbol for p in choices)
    out = [Option("accept", f"accept {c.symbol}",
                  f"{c.symbol} stands as played; {rest} stay(s) on the table as penalty card(s) (Law 52B1(a))",
                  "52B1(a)")]
    for p in choices:
        key = "require" if len(choices) == 1 else f"require:{p}"
        law = "52B1(b)" if len(choices) == 1 else "52B1(b), 51A"
        out.append(Option(key, f"require {p.symbol} instead",
                          f"{name(o)} plays {p.symbol}; {c.symbol} goes back and becomes a major penalty card too "
                          f"(Law {law})", law))
    return tuple(out)


@describe.register
def _describe_52(stage: PenaltyCardNotPlayed, state: TableState) -> Ruling:
    decl = the_play(state).contract.declarer
    opts = _options_52(stage, state)
    lines = [f"{name(decl)}, {name(stage.offender)} has played {stage.card.symbol} when the penalty card "
             f"{stage.penalty.symbol} had to be played (Law 52).",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             f"{name(decl)}, which do you choose?"]
    return Ruling("Failure to play a penalty card", "52", stage.edition, stage.offender, decl, opts, (),
                  "\n".join(lines))


@resolve.register
def _resolve_52(stage: PenaltyCardNotPlayed, state: TableState, event: Event) -> TableState:
    decl = the_play(state).contract.declarer
    o = stage.offender
    opts = {opt.key: opt for opt in _options_52(stage, state)}
    if isinstance(event, Choice) and event.seat in (None, decl) and event.option in opts:
        s = state.but(pending=None)
        if event.option == "accept":
            s = record(s, "52B1(a)", "Failure to play a penalty card", o, f"{stage.card.symbol} accepted",
                       stage.edition)
            return play_card(s, o, stage.card, stage.edition)
        penalty = next(p for p in _choices_52(stage, state) if event.option in ("require", f"require:{p}"))
        s = add_penalty(s, o, stage.card, True, "52B1(b)")
        s = record(s, "52B1(b)", "Failure to play a penalty card", o,
                   f"{penalty.symbol} required; {stage.card.symbol} a major penalty card", stage.edition)
        return play_card(s, o, penalty, stage.edition)
    raise refuse(_describe_52(stage, state), event)
