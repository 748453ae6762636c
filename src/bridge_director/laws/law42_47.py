"""Laws 42-43 (dummy's rights and limitations, where they matter to a ruling) and Law 47 (retraction of a played
card).  Law 46B is in ``law46``.

* 42B1/42B2: dummy may ask declarer (never a defender) whether he has a card of the suit he failed to follow, and
  may try to prevent an irregularity by declarer (e.g. leading from the wrong hand): no rectification.
* 43A1(b): dummy may not draw attention to an irregularity during play (asking a defender whether he revoked does):
  he is liable to a procedural penalty (43B1, Law 90).  After a violation of 43A2 (exchanging hands, leaving his
  seat to watch declarer, looking at a defender's hand — ``forfeited``):
  43B2(a) he warns declarer not to lead from the wrong hand → either defender chooses the hand declarer leads from;
  43B2(b) he is first to ask declarer whether a play from declarer's hand is a revoke → declarer must substitute a
  correct card and Law 64 applies as if the revoke were established;
  43B3 he is first to draw attention to a defender's irregularity → no immediate rectification; the director
  adjusts the defenders' score at the end if they gained (1997: declarer may not enforce a penalty for it).
* 47: a played card may be withdrawn (``CardWithdrawn(seat, law)``, the director's leave) only: 47A to comply with a
  rectification; 47B to correct an illegal play (a defender's card becomes a major penalty card, Law 49); 47C after
  a change of an unintended designation (45C4(b)); 47D after an opponent's change of play; 47E1 a lead out of turn
  made after an opponent wrongly said it was his turn (not acceptable); 47E2(a) after a mistaken explanation, if no
  card has since been played to the trick (too late: 47E2(b), the director adjusts).  Nothing else (47F).
  Cards played after the withdrawn card in the same trick go back too (their players play again, 47D).
* 45C4(b): ``DesignationChanged(seat, card)`` — a player (declarer for dummy) changes the card he named or
  designated to ``card``; the director judges (``unintended``) whether the designation was unintended (a slip of the
  tongue, not a change of mind or thinking ahead, seed 001) and changed without pause for thought: yes → the named
  card goes back and ``card`` is played in its place; an opponent who had played after it takes his card back and
  plays again without rectification (the information is authorised to him, unauthorised to the other side: 16C);
  no → the designated card stands (a change of mind is no ground to withdraw, Law 47F).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPlayError
from ..model import Card, Seat
from ..table.edition import Edition
from ..table.events import Choice, Event, Judgement
from ..table.play import (
    CardPlayed,
    CardWithdrawn,
    RevokeCorrected,
    add_penalty,
    is_lead,
    sequence,
    started,
    the_play,
    unplace,
)
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Question, Ruling


@dataclass(frozen=True, slots=True)
class DummyAct(Event):
    """Dummy's act during the play: ``prevent`` / ``warn`` (declarer about to lead from the wrong hand),
    ``ask-declarer`` (has he a card of the suit?), ``ask-defender`` (did he revoke?); ``forfeited``: dummy had
    violated a limitation of 43A2 before."""

    kind: str
    forfeited: bool = False
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class HandChoice(Pending):
    """43B2(a): a defender chooses the hand from which declarer (``offender``) leads."""


@dataclass(frozen=True, slots=True)
class RevokeSubstitute(Pending):
    """43B2(b): declarer must substitute a correct card for ``card``; Law 64 then applies as if established."""

    card: Card


KINDS = ("prevent", "warn", "ask-declarer", "ask-defender")


@detector(DummyAct, order=10)
def detect_dummy(state: TableState, event: DummyAct) -> TableState | None:
    state = started(state)
    play = the_play(state)
    if event.kind not in KINDS:
        raise IllegalPlayError(f"dummy's act must be one of {', '.join(KINDS)}", law="42")
    decl = play.contract.declarer
    ed = event.laws
    if event.kind in ("prevent", "warn") and not event.forfeited:
        return record(state, "42B2", "Dummy tried to prevent an irregularity", decl,
                      "dummy may try to prevent an irregularity by declarer (e.g. a lead from the wrong hand): no "
                      "rectification (Law 42B2)", ed)
    if event.kind == "warn":
        if not is_lead(play) or play.next_seat.side != decl.side:
            return record(state, "43B2(a)", "Dummy warned declarer", decl,
                          "declarer's side is not on lead: no rectification; dummy liable to a procedural penalty "
                          "(Laws 43B1, 90)", ed)
        return state.but(pending=HandChoice(decl, ed))
    if event.kind == "ask-declarer":
        revoke = next((r for r in reversed(state.period.revokes) if r.seat == decl and not r.corrected
                       and not r.established), None)
        if not event.forfeited:
            return record(state, "42B1", "Dummy asked declarer about a failure to follow suit", decl,
                          "dummy may ask declarer whether he has a card of the suit led (Law 42B1)"
                          + ("; the revoke must be corrected (Law 62A)" if revoke is not None else ""), ed)
        if revoke is None:
            return record(state, "43B2(b)", "Dummy asked declarer about a revoke", decl,
                          "declarer's play was not a revoke: no rectification; dummy liable to a procedural penalty "
                          "(Laws 43B1, 90)", ed)
        return state.but(pending=RevokeSubstitute(decl, ed, revoke.card))
    # ask-defender: drawing attention to an irregularity during play
    s = flag(state, "43B1", decl, "dummy asked a defender whether he had revoked (not allowed by Law 42B1; Law "
             "43A1(b)): procedural penalty under Law 90")
    if not event.forfeited:
        return record(s, "43A1(b)", "Dummy drew attention to an irregularity", decl,
                      "dummy may not ask a defender about a revoke; play continues; dummy liable to a procedural "
                      "penalty (Laws 43B1, 90)", ed)
    text = ("declarer may not enforce any rectification for the defenders' irregularity (1997 Law 43B3)"
            if ed is Edition.L1997 else "no immediate rectification: play continues as though no irregularity had "
            "occurred; at the end of play, if the defenders gained through their irregularity, the director adjusts "
            "only their score (Law 43B3)")
    s = flag(s, "43B3", decl.lho, f"dummy, after violating Law 43A2, first drew attention to a defender's "
             f"irregularity: {text}")
    return record(s, "43B3", "Dummy drew attention to an irregularity", decl, text, ed)


def _hand_options(state: TableState) -> tuple[Option, ...]:
    play = the_play(state)
    decl, dummy = play.contract.declarer, play.contract.dummy
    return (Option(f"hand:{decl.letter}", f"declarer leads from his own hand ({name(decl)})",
                   f"the next lead is made from {name(decl)}'s hand (Law 43B2(a))", "43B2(a)"),
            Option(f"hand:{dummy.letter}", f"declarer leads from dummy ({name(dummy)})",
                   f"the next lead is made from dummy, {name(dummy)} (Law 43B2(a))", "43B2(a)"))


@describe.register
def _describe_hand(stage: HandChoice, state: TableState) -> Ruling:
    d = stage.offender.lho
    opts = _hand_options(state)
    text = "\n".join([f"{name(d)}, dummy, who had lost his rights (Law 43A2), warned declarer not to lead from the "
                      f"wrong hand: either defender chooses the hand from which declarer leads (Law 43B2(a)).",
                      *(f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)),
                      f"{name(d)}, which do you choose?"])
    return Ruling("Dummy warned declarer", "43B2(a)", stage.edition, stage.offender, d, opts, (), text)


@resolve.register
def _resolve_hand(stage: HandChoice, state: TableState, event: Event) -> TableState:
    keys = {o.key for o in _hand_options(state)}
    if not (isinstance(event, Choice) and event.option in keys
            and (event.seat is None or event.seat.side != stage.offender.side)):
        raise refuse(_describe_hand(stage, state), event)
    seat = Seat.parse(event.option.split(":")[1])
    play = the_play(state)
    s = state.but(pending=None)
    if seat != play.next_seat:
        s = s.but(period=replace(s.period, lead_from=seat))
        what = (f"the defenders chose that declarer leads from {name(seat)}'s hand although {name(play.next_seat)} "
                "won the last trick: that lead is not a lead out of turn")
    else:
        what = (f"the defenders chose {name(seat)}'s hand, the hand on lead: declarer leads from it as the laws "
                f"require; a lead from {name(seat.partner)}'s hand would be a lead out of turn (Law 55)")
    return record(s, "43B2(a)", "Dummy warned declarer", stage.offender, what + " (Law 43B2(a))", stage.edition)


def _substitutes(stage: RevokeSubstitute, state: TableState) -> tuple[Card, ...]:
    r = next(r for r in reversed(state.period.revokes) if r.seat == stage.offender and r.card == stage.card)
    return tuple(c for c in the_play(state).hands[stage.offender].cards if c.suit == r.suit)


@describe.register
def _describe_sub(stage: RevokeSubstitute, state: TableState) -> Ruling:
    d = stage.offender
    opts = tuple(Option(f"card:{c}", c.symbol, f"{c.symbol} replaces {stage.card.symbol}; Law 64 then applies as if "
                        "the revoke were established (Law 43B2(b))", "43B2(b)") for c in _substitutes(stage, state))
    text = "\n".join([f"{name(d)}, dummy, who had lost his rights (Law 43A2), was first to ask whether your "
                      f"{stage.card.symbol} was a revoke: you must substitute a correct card (Law 43B2(b)).",
                      *(f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)),
                      f"{name(d)}, which card?"])
    return Ruling("Dummy asked declarer about a revoke", "43B2(b)", stage.edition, d, d, opts, (), text)


@resolve.register
def _resolve_sub(stage: RevokeSubstitute, state: TableState, event: Event) -> TableState:
    card = next((c for c in _substitutes(stage, state) if isinstance(event, Choice) and event.option == f"card:{c}"),
                None)
    if card is None:
        raise refuse(_describe_sub(stage, state), event)
    from ..table.engine import handle
    s = handle(RevokeCorrected(stage.offender, card, stage.edition), state.but(pending=None))
    revokes = tuple(replace(r, corrected=False, established=True) if r.seat == stage.offender
                    and r.card == stage.card else r for r in s.period.revokes)
    s = s.but(period=replace(s.period, revokes=revokes))
    return record(s, "43B2(b)", "Dummy asked declarer about a revoke", stage.offender,
                  f"{card.symbol} substituted for {stage.card.symbol}; Law 64 applies as if established",
                  stage.edition)


# ----- Law 47 ----------------------------------------------------------------------------------------------
LAWS_47 = ("47A", "47B", "47C", "47D", "47E1", "47E2")


@detector(CardWithdrawn, order=10)
def detect_withdrawal(state: TableState, event: CardWithdrawn) -> TableState | None:
    state = started(state)
    play = the_play(state)
    law = event.law.upper()
    if law not in LAWS_47:
        raise IllegalPlayError(f"a played card may not be withdrawn under '{event.law}' (Law 47F: only as Law 47 "
                               f"allows: {', '.join(LAWS_47)})", law="47F")
    seq = sequence(play)
    trick_start = len(seq) - (len(play.current.cards) if play.current.cards else 0)
    if play.finished or state.period.ended:
        raise IllegalPlayError("no card is withdrawn after the play has ended", law="47F")
    mine = [i for i in range(trick_start, len(seq)) if seq[i][0] == event.seat]
    if not mine:
        if any(st == event.seat for st, _c in seq[:trick_start]):
            raise IllegalPlayError(f"{name(event.seat)}'s cards of earlier tricks stand (Law 47F): a revoke is "
                                   "corrected under Law 62 until it is established, a card too many or too few is "
                                   "Law 67, and the director adjusts under Law 47E2(b) or 12", law="47F")
        raise IllegalPlayError(f"{name(event.seat)} has no card in the current trick", law="47")
    index = mine[-1]
    card = seq[index][1]
    later = len(seq) - index - 1
    if law == "47E1" and index != trick_start:
        raise IllegalPlayError(f"{card.symbol} was not a lead (Law 47E1 concerns a lead out of turn)", law="47E1")
    opening_after_dummy = index == 0 and state.period.dummy_faced
    if law == "47E2" and (later or opening_after_dummy):
        why = ("it was the opening lead and dummy has been faced" if opening_after_dummy and not later else
               "a card has since been played")
        s = flag(state, "47E2(b)", event.seat.lho, f"{name(event.seat)} played {card.symbol} after a mistaken "
                 f"explanation; {why}, so it is too late to change it: the director awards an adjusted score if "
                 "the non-offending side was damaged (Law 47E2(b))")
        return record(s, "47E2(b)", "Play after misinformation", event.seat.lho,
                      f"{card.symbol} stands (too late to withdraw: {why}, Law 47E2)", event.laws)
    new = unplace(play, later + 1)
    back = seq[index:]
    revokes = tuple(r for r in state.period.revokes
                    if not any(r.seat == st and r.card == c and not r.established for st, c in back))
    s = state.but(play=new, period=replace(state.period, revokes=revokes))
    outcome = f"{card.symbol} withdrawn by {name(event.seat)}"
    if later:
        outcome += f"; the {later} card(s) played after it go back and are played again (Law 47D)"
    penalty = law == "47B" and event.seat.side != play.contract.side
    if penalty:
        s = add_penalty(s, event.seat, card, True, "49")
        s = unauthorised(s, event.seat, f"{name(event.seat)}'s withdrawn {card.symbol}", "50E")
        outcome += ": a major penalty card (Laws 47B, 49)"
    elif law in ("47E1", "47E2", "47C", "47D"):
        outcome += " without rectification"
    # Law 16C (2007 16D): every withdrawn card is unauthorised to the offending side and authorised to the other.
    # 47A-47C withdraw a card to put right the withdrawer's own irregularity; 47D follows an opponent's change of
    # play, 47E an opponent's misinformation: there the withdrawer's opponents are the offending side.
    offending = event.seat if law in ("47A", "47B", "47C") else event.seat.lho
    for i, (st, c) in enumerate(back):
        if not (i == 0 and penalty):
            s = unauthorised(s, offending, f"{name(st)}'s withdrawn {c.symbol}")
    return record(s, law, "Played card withdrawn", event.seat, outcome + f" (Law {law})", event.laws)


# ----- Law 45C4(b) -------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class DesignationChanged(Event):
    """Law 45C4(b): ``seat``'s card (for dummy's cards, dummy's seat: declarer named it) is changed to ``card``."""

    seat: Seat
    card: Card
    laws: Edition = Edition.L2017


@dataclass(frozen=True, slots=True)
class DesignationChange(Pending):
    """45C4(b): the director judges whether ``old`` was an unintended designation changed without pause."""

    old: Card
    new: Card


@detector(DesignationChanged, order=10)
def detect_change(state: TableState, event: DesignationChanged) -> TableState | None:
    state = started(state)
    play = the_play(state)
    seq = sequence(play)
    start = len(seq) - (len(play.current.cards) if play.current.cards else 0)
    mine = [c for st, c in seq[start:] if st == event.seat]
    if not mine or play.finished or state.period.ended:
        raise IllegalPlayError(f"{name(event.seat)} has no card in the current trick to change (Law 45C4(b))",
                               law="45C4(b)")
    if event.card not in play.hands[event.seat].cards:
        raise IllegalPlayError(f"{event.card.symbol} is not in {name(event.seat)}'s hand", law="45")
    return state.but(pending=DesignationChange(event.seat, event.laws, mine[-1], event.card))


@describe.register
def _describe_change(stage: DesignationChange, state: TableState) -> Ruling:
    o = stage.offender
    q = Question("unintended", f"Was {name(o)}'s designation of {stage.old.symbol} unintended (a slip of the tongue "
                 "or of the hand, not a change of mind or a card meant for a later trick) and changed to "
                 f"{stage.new.symbol} without pause for thought?", ("yes", "no"), "45C4(b)")
    text = (f"Director: {name(o)} wants to change {stage.old.symbol} to {stage.new.symbol}. If the designation was "
            f"unintended and changed without pause for thought, {stage.new.symbol} is played instead and an opponent "
            "who played after it may take his card back and play another without rectification (Law 45C4(b)); "
            f"otherwise {stage.old.symbol} stands (Law 47F). Was it unintended?")
    return Ruling("Change of an unintended designation", "45C4(b)", stage.edition, o, None, (), (q,), text)


@resolve.register
def _resolve_change(stage: DesignationChange, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Judgement) and event.question == "unintended" and event.answer in ("yes", "no")):
        raise refuse(_describe_change(stage, state), event)
    o = stage.offender
    s = state.but(pending=None)
    if event.answer == "no":
        return record(s, "45C4(b)", "Change of designation", o, f"{stage.old.symbol} stands: the designation was "
                      "not unintended, or not changed without pause for thought (Laws 45C4(b), 47F)", stage.edition)
    play = the_play(s)
    seq = sequence(play)
    index = max(i for i, (st, c) in enumerate(seq) if st == o and c == stage.old)
    back = seq[index:]
    revokes = tuple(r for r in s.period.revokes if not any(r.seat == st and r.card == c for st, c in back))
    s = s.but(play=unplace(play, len(back)), period=replace(s.period, revokes=revokes))
    outcome = f"{stage.old.symbol} changed to {stage.new.symbol}"
    s = unauthorised(s, o, f"the card(s) {', '.join(c.symbol for _st, c in back)} taken back at {name(o)}'s change "
                     "of designation", "16C")
    if len(back) > 1:
        outcome += (f"; the {len(back) - 1} card(s) played after it go back and are played again without "
                    "rectification")
    s = record(s, "45C4(b)", "Change of designation", o, outcome + " (Law 45C4(b))", stage.edition)
    from ..table.engine import handle
    return handle(CardPlayed(o, stage.new, stage.edition), s)
