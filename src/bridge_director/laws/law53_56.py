"""Laws 53-56: leads out of turn.

* 53: a lead out of turn may be accepted by a statement or by a play from the hand next in rotation.
* 54: a faced opening lead out of turn: declarer spreads his hand and becomes dummy (54A), accepts it
  and plays second (54B), must accept when he could have seen dummy's cards (54C), or refuses it
  (54D): the card becomes a major penalty card and Law 50D applies — require the suit, forbid it, or
  leave the card on the table: the "five options".  A face-down opening lead by the wrong defender
  goes back into his hand (Law 41A).
* 55: declarer leads out of turn (from either hand): either defender accepts it or requires retraction
  (55A: a defender's turn, the card goes back; 55B: the wrong hand, declarer leads from the right one);
  55C: adjustment when declarer may have gained by it.  53B: when the defender at the right of the hand that led
  plays to it first, the lead stands and his card is a premature play (Law 57, seed 001).
* 56: a defender leads out of turn during the play: accepted, or the card is a major penalty card (50D).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import Card, Contract, Seat, Suit
from ..table.events import Choice, Event, Judgement
from ..table.play import CardPlayed, CardWithdrawn, add_penalty, is_lead, place, play_card, started, the_play
from ..table.play_state import LeadRule
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Question, Ruling


@dataclass(frozen=True, slots=True)
class OpeningLeadOutOfTurn(Pending):
    """Law 54: ``offender`` (a defender) faced ``card`` as the opening lead; declarer chooses.  ``saw_dummy`` is the
    director's answer to the Law 54C question (None: not answered yet, and asked)."""

    card: Card
    saw_dummy: bool | None = None


@dataclass(frozen=True, slots=True)
class DefenderLeadOutOfTurn(Pending):
    """Law 56: a defender led ``card`` when it was ``proper``'s turn to lead; declarer chooses."""

    card: Card
    proper: Seat


@dataclass(frozen=True, slots=True)
class DeclarerLeadOutOfTurn(Pending):
    """Law 55: declarer led ``card`` from ``hand`` when ``proper`` was to lead; the defenders choose."""

    card: Card
    hand: Seat
    proper: Seat


def suit_of(card: Card) -> str:
    return card.suit.name.lower()


def fifty_d_options(partner: Seat, card: Card, offender: Seat, law: str) -> tuple[Option, ...]:
    """Law 50D2 in words: require, forbid, or leave the major penalty card on the table."""
    s = suit_of(card)
    return (
        Option("require", f"require {name(partner)} to lead {s}",
               f"{card.symbol} goes back into {name(offender)}'s hand; {name(partner)} must lead a {s[:-1]} now "
               f"(if he has none, any card: Law 59); the information from {card.symbol} is unauthorised to "
               f"{name(partner)} (Law 50E, 16C)", f"{law}, 50D2(a)"),
        Option("forbid", f"forbid {name(partner)} to lead {s}",
               f"{card.symbol} goes back into {name(offender)}'s hand; {name(partner)} may not lead {s} for as long "
               f"as he keeps the lead; the information from {card.symbol} is unauthorised to {name(partner)} "
               "(Law 50E, 16C)", f"{law}, 50D2(b)"),
        Option("penalty", "leave it as a penalty card",
               f"{card.symbol} stays face up on the table as a major penalty card: {name(offender)} must play it at "
               f"the first legal opportunity; {name(partner)} leads any card he likes now; each time "
               f"{name(partner)} gains the lead while it is there, you have these choices again (Law 50D)",
               f"{law}, 50D2(c)"),
    )


def misinformed(stage: Pending, state: TableState, event: Event, seat: Seat, card: Card) -> TableState | None:
    """47E1: the lead out of turn was made after an opponent said it was his turn — withdrawn, not acceptable."""
    if isinstance(event, CardWithdrawn) and event.law.upper() == "47E1" and event.seat.side == seat.side:
        # 16C: the retracted lead is authorised to the leader's side and unauthorised to the side that misinformed
        state = unauthorised(state, seat.lho, f"{name(seat)}'s withdrawn {card.symbol}")
        return record(state, "47E1", "Lead out of turn after misinformation", stage.offender,
                      f"{card.symbol} was led after an opponent said it was {name(event.seat)}'s turn: withdrawn "
                      "without rectification; it may not be accepted (Law 47E1)", event.laws)
    return None


# ----- detection -------------------------------------------------------------------------------------
@detector(CardPlayed, order=10)
def detect(state: TableState, event: CardPlayed) -> TableState | None:
    state = started(state)
    play = the_play(state)
    if is_lead(play) and state.period.lead_from == event.seat:  # 43B2(a): the defenders chose this hand
        s = state.but(period=replace(state.period, lead_from=None))
        return play_card(s, event.seat, event.card, event.laws, lead=True)
    if not is_lead(play) or event.seat == play.next_seat:
        return None
    contract = play.contract
    seat, card = event.seat, event.card
    first = not play.completed_tricks and not play.current.cards
    if seat.side != contract.side:
        if first:
            if event.face_down:
                return record(state, "41A", "Face-down opening lead out of turn", seat,
                              f"{card.symbol} goes back into {name(seat)}'s hand; {name(seat.partner)} leads "
                              "(Law 41A)", event.laws)
            return state.but(pending=OpeningLeadOutOfTurn(seat, event.laws, card))
        return state.but(pending=DefenderLeadOutOfTurn(seat, event.laws, card, play.next_seat))
    return state.but(pending=DeclarerLeadOutOfTurn(contract.declarer, event.laws, card, seat, play.next_seat))


# ----- Law 54 -----------------------------------------------------------------------------------------
@describe.register
def _describe_54(stage: OpeningLeadOutOfTurn, state: TableState) -> Ruling:
    play = the_play(state)
    o, c = stage.offender, stage.card
    decl, dummy, proper = play.contract.declarer, play.contract.dummy, play.contract.opening_leader
    spread = Option("spread", "accept the lead and become dummy",
                    f"{c.symbol} stands as the opening lead; you spread your whole hand face up as dummy and "
                    f"{name(dummy)} becomes declarer, playing the next card from your hand (Law 54A)", "54A")
    accept = Option("accept", "accept the lead and stay declarer",
                    f"{c.symbol} stands as the opening lead; {name(dummy)} spreads the dummy and you play the "
                    f"next card from your own hand (Law 54B); playing a card from your hand also accepts it "
                    "(Law 53A)", "54B")
    refusal = fifty_d_options(proper, c, o, "54D")
    options = (accept,) if stage.saw_dummy else (spread, accept, *refusal)
    lines = [f"{name(decl)}, {name(o)} has led {c.symbol} out of turn: it was {name(proper)}'s opening lead "
             "(Law 54)."]
    if stage.saw_dummy:
        lines.append(f"Because you could have seen dummy's cards, you must accept the lead (Law 54C): "
                     f"{accept.consequence}.")
    else:
        lines += [f"1. You may accept it and become dummy: {spread.consequence}.",
                  f"2. You may accept it and stay declarer: {accept.consequence}.",
                  f"If you do not accept it, {c.symbol} becomes a major penalty card and {name(proper)} must make "
                  "the opening lead (Law 54D); you then choose (Law 50D2):"]
        lines += [f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(refusal, 3)]
        lines.append(f"{name(decl)}, which do you choose?")
    q = Question("saw_dummy", "Could declarer have seen any of dummy's cards (other than cards exposed in the "
                 "auction)? If so he must accept the lead (Law 54C).", ("yes", "no"), "54C")
    return Ruling("Opening lead out of turn", "54", stage.edition, o, decl, options,
                  (q,) if stage.saw_dummy is None else (), "\n".join(lines))  # answered once, never asked again


@resolve.register
def _resolve_54(stage: OpeningLeadOutOfTurn, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    o, c = stage.offender, stage.card
    decl, proper = play.contract.declarer, play.contract.opening_leader
    cancelled = misinformed(stage, state, event, o, stage.card)
    if cancelled is not None:
        return cancelled
    if isinstance(event, Judgement) and event.question == "saw_dummy" and event.answer in ("yes", "no") \
            and stage.saw_dummy is None:
        return state.but(pending=replace(stage, saw_dummy=event.answer == "yes"))
    if isinstance(event, CardPlayed) and event.seat == o.lho:
        s = _accept(state, stage, o, c, "54B", f"{c.symbol} by {name(o)} accepted by a play from declarer's hand")
        return _play_next(s, event)
    if isinstance(event, Choice) and event.seat in (None, decl):
        if event.option == "accept":
            return _accept(state, stage, o, c, "54B", f"{c.symbol} by {name(o)} accepted; {name(decl)} "
                           "stays declarer and plays second")
        if not stage.saw_dummy:
            if event.option == "spread":
                new = Contract(play.contract.level, play.contract.strain, play.contract.doubling, decl.partner)
                s = state.but(play=replace(play, contract=new))
                return _accept(s, stage, o, c, "54A", f"{c.symbol} by {name(o)} accepted; {name(decl)} spread his "
                               f"hand as dummy and {name(decl.partner)} became declarer")
            if event.option in ("require", "forbid", "penalty"):
                return refuse_lead(state, stage, o, c, proper, event.option, "54D")
    raise refuse(_describe_54(stage, state), event)


def _accept(state: TableState, stage: Pending, o: Seat, c: Card, law: str, outcome: str) -> TableState:
    """Law 53A: the lead out of turn stands; the hand next in rotation plays next."""
    play = the_play(state)
    s = state.but(play=place(play, o, c, lead=True), period=replace(state.period, dummy_faced=True))
    s = s.but(penalty_cards=tuple(p for p in s.penalty_cards if not (p.seat == o and p.card == c)))
    return record(s, law, "Lead out of turn", o, outcome, stage.edition)


def _play_next(state: TableState, event: CardPlayed) -> TableState:
    from ..table.engine import handle
    return handle(event, state)


def refuse_lead(state: TableState, stage: Pending, o: Seat, c: Card, proper: Seat, option: str,
                law: str) -> TableState:
    """The lead is not accepted: the card is a major penalty card; 50D2 when partner is the proper leader."""
    s = state
    if proper == o.partner and option in ("require", "forbid"):
        rule = LeadRule(proper, c.suit, option == "require", "50D2")
        s = s.but(period=replace(s.period, lead_rule=rule))
        s = unauthorised(s, o, f"{name(o)}'s {c.symbol}, led out of turn and picked up", "50E")
        what = (f"{name(proper)} must lead {suit_of(c)}" if option == "require" else
                f"{name(proper)} may not lead {suit_of(c)} while he keeps the lead")
        outcome = f"{c.symbol} led out of turn by {name(o)} not accepted and picked up; {what}"
    else:
        s = add_penalty(s, o, c, True, law)
        s = unauthorised(s, o, f"{name(o)}'s penalty card {c.symbol} (other than that it must be played)", "50E")
        outcome = f"{c.symbol} led out of turn by {name(o)} not accepted: a major penalty card; {name(proper)} leads"
    play = the_play(s)
    s = s.but(period=replace(s.period, lead_ruled=sum(len(t.cards) for t in play.tricks)))
    return record(s, law, "Lead out of turn", o, outcome, stage.edition)


# ----- Law 56 -----------------------------------------------------------------------------------------
def _options_56(stage: DefenderLeadOutOfTurn, state: TableState) -> tuple[Option, ...]:
    o, c, proper = stage.offender, stage.card, stage.proper
    nxt = o.lho
    accept = Option("accept", "accept the lead",
                    f"{c.symbol} stands as the lead and {name(nxt)} plays next; a play from {name(nxt)}'s hand also "
                    "accepts it (Law 53A)", "53A")
    if proper == o.partner:
        return (accept, *fifty_d_options(proper, c, o, "56"))
    return (accept, Option("refuse", "do not accept it",
                           f"{c.symbol} becomes a major penalty card: {name(o)} must play it at the first legal "
                           f"opportunity, and whenever {name(o.partner)} gains the lead while it is on the table you "
                           f"may require or forbid a {suit_of(c)[:-1]} lead (Law 50D); {name(proper)} leads now "
                           "(Law 56)", "56"))


@describe.register
def _describe_56(stage: DefenderLeadOutOfTurn, state: TableState) -> Ruling:
    decl = the_play(state).contract.declarer
    opts = _options_56(stage, state)
    lines = [f"{name(decl)}, {name(stage.offender)} has led {stage.card.symbol} out of turn: it was "
             f"{name(stage.proper)}'s lead (Law 56)."]
    lines += [f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)]
    lines.append(f"{name(decl)}, which do you choose?")
    return Ruling("Lead out of turn by a defender", "56", stage.edition, stage.offender, decl, opts, (),
                  "\n".join(lines))


@resolve.register
def _resolve_56(stage: DefenderLeadOutOfTurn, state: TableState, event: Event) -> TableState:
    o, c = stage.offender, stage.card
    decl = the_play(state).contract.declarer
    keys = {opt.key for opt in _options_56(stage, state)}
    cancelled = misinformed(stage, state, event, o, stage.card)
    if cancelled is not None:
        return cancelled
    if isinstance(event, CardPlayed) and event.seat == o.lho:
        return _play_next(_accept(state, stage, o, c, "53A", f"{c.symbol} by {name(o)} accepted by a play"), event)
    if isinstance(event, Choice) and event.seat in (None, decl) and event.option in keys:
        if event.option == "accept":
            return _accept(state, stage, o, c, "53A", f"{c.symbol} led out of turn by {name(o)} accepted")
        return refuse_lead(state, stage, o, c, stage.proper, event.option, "56")
    raise refuse(_describe_56(stage, state), event)


# ----- Law 55 -----------------------------------------------------------------------------------------
def _options_55(stage: DeclarerLeadOutOfTurn) -> tuple[Option, ...]:
    c, hand, proper = stage.card, stage.hand, stage.proper
    accept = Option("accept", "accept the lead",
                    f"{c.symbol} stands as the lead and {name(hand.lho)} plays next; a play by either of you to it "
                    "also accepts it (Law 53A)", "55A")
    if proper.side == hand.side:
        back = (f"{c.symbol} goes back into the hand and declarer leads any card from {name(proper)}'s hand "
                "(Law 55B)")
        law = "55B"
    else:
        back = f"{c.symbol} goes back into the hand with no further rectification and {name(proper)} leads (Law 55A)"
        law = "55A"
    back += ("; if declarer may have gained from the lead out of turn, the director will adjust the score at the end "
             "of play (Law 55C)")
    return (accept, Option("retract", "require it to be retracted", back, law))


@describe.register
def _describe_55(stage: DeclarerLeadOutOfTurn, state: TableState) -> Ruling:
    d1, d2 = stage.hand.lho, stage.hand.rho
    if d1.side == stage.hand.side:
        d1, d2 = d2, d1
    opts = _options_55(stage)
    lines = [f"{name(d1)} and {name(d2)}, declarer has led {stage.card.symbol} from {name(stage.hand)}'s hand out "
             f"of turn: the lead was {name(stage.proper)}'s (Law 55).",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             "Either of you may choose; if you choose differently, the choice of the one next in turn after the card "
             f"led prevails (Law 55A). {name(stage.hand.lho)}, which do you choose?"]
    return Ruling("Lead out of turn by declarer", "55", stage.edition, stage.offender, stage.hand.lho, opts, (),
                  "\n".join(lines))


@resolve.register
def _resolve_55(stage: DeclarerLeadOutOfTurn, state: TableState, event: Event) -> TableState:
    c, hand = stage.card, stage.hand
    defs = {s for s in Seat if s.side != stage.offender.side}
    cancelled = misinformed(stage, state, event, hand, stage.card)
    if cancelled is not None:
        return cancelled
    if isinstance(event, CardPlayed) and event.seat == hand.lho:
        return _play_next(_accept(state, stage, hand, c, "55A", f"{c.symbol} from {name(hand)} accepted by a play"),
                          event)
    if isinstance(event, CardPlayed) and event.seat == hand.rho and event.seat.side != hand.side:
        s = _accept(state, stage, hand, c, "53B", f"{c.symbol} from {name(hand)} stands: {name(hand.rho)}, at the "
                    "right of the hand that led, played to it first; Law 57 applies to his card")
        return _play_next(s, event)
    if isinstance(event, Choice) and (event.seat is None or event.seat in defs):
        if event.option == "accept":
            return _accept(state, stage, hand, c, "55A", f"{c.symbol} led out of turn from {name(hand)} accepted")
        if event.option == "retract":
            s = flag(state, "55C", stage.offender, f"declarer's {c.symbol} led out of turn from {name(hand)} was "
                     "retracted: adjust if declarer may have gained from it")
            return record(s, _options_55(stage)[1].law, "Lead out of turn by declarer", stage.offender,
                          f"{c.symbol} from {name(hand)} retracted; {name(stage.proper)} leads", stage.edition)
    raise refuse(_describe_55(stage, state), event)


_ = (play_card, Suit)
