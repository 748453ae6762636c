"""Laws 61-64: the revoke.

The engine knows the hands, so every failure to follow suit is recorded when it happens (Law 61; see
``table.play.play_card``).  Before it is established it must be corrected when attention is drawn to it
(62A): a defender's revoke card becomes a major penalty card (62B1), declarer's or dummy's goes back
(62B2), and the non-offenders may withdraw cards they played after it (62C).  It is established when the
offending side plays to a later trick, or claims or concedes — and, 2017, agrees to a claim (63A).

At the end of play Law 64 transfers tricks: (A1) the offending player won the revoke trick → that trick
and one more trick won later by his side; (A2) otherwise one trick, if his side won the revoke trick or
a later one.  A trick won in dummy is not won by declarer (seed 001).  No transfer (64B): the offending
side won no trick from the revoke on (1), a second revoke in the same suit by the same player (2), a
failure to play a faced card, dummy's included (3), attention drawn after a call on the next deal (4) or
after the round (5), a revoke on trick 12 (6: 62D — it must be corrected, the director restores
equity), both sides revoked on the board (7; 2007 and 2017).  1997: two tricks also when the revoker later won a
trick with a card he could legally have played to the revoke trick.  64C: equity flag.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalPlayError
from ..model import Card, Deal, Play, Seat, Trick
from ..table.edition import Edition
from ..table.events import Choice, Event
from ..table.play import RevokeCorrected, add_penalty, end_of_play, rebuild, sequence, side_tricks, started, the_play
from ..table.play_state import PlayRule, RevokeRecord, Transfer
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record, unauthorised
from .pending import describe, refuse
from .ruling import Option, Ruling

NAME = "Revoke"


@dataclass(frozen=True, slots=True)
class RevokeCorrection(Pending):
    """Law 62C1: the revoke was corrected; the non-offenders may withdraw the cards they played after it."""

    card: Card
    after: int


@dataclass(frozen=True, slots=True)
class OffenderMayWithdraw(Pending):
    """Law 62C2: a non-offender withdrew his card; ``seat`` (offending side, next in rotation) may withdraw ``card``."""

    seat: Seat
    card: Card


@dataclass(frozen=True, slots=True)
class RevokeRuling(Pending):
    """Law 64 at the end of play: the transfers the director announces."""


# ----- Law 64: the transfer, as a pure function ---------------------------------------------------------
def won_by(play: Play, number: int) -> Seat:
    return play.tricks[number - 1].winner(play.trump)


def claim_share(play: Play, seat: Seat) -> int:
    """Tricks the offending side takes by an agreed or awarded claim (they come after every played trick)."""
    claim = play.claim
    if claim is None:
        return 0
    left = 13 - len(play.completed_tricks)
    return claim.tricks if claim.claimer.side == seat.side else left - claim.tricks


def transfer(play: Play, revoke: RevokeRecord, revokes: tuple[RevokeRecord, ...], *,
             late: str | None = None) -> Transfer:
    """The Law 64 transfer for one established revoke (``late``: ``call`` 64B4 or ``round`` 64B5)."""
    o, ed = revoke.seat, revoke.edition
    side = o.side

    def none(law: str, why: str) -> Transfer:
        return Transfer(law, o, 0, f"revoke by {name(o)} on trick {revoke.trick}: no trick transferred — {why}")

    if late == "call":
        return none("64B4", "attention was first drawn after the non-offending side called on a later deal")
    if late == "round":
        return none("64B5", "attention was first drawn after the round ended")
    if revoke.trick == 12:
        return none("64B6", "a revoke on trick 12 is corrected and equity restored instead (Law 62D)")
    earlier = [r for r in revokes if r.seat == o and r.suit == revoke.suit and r.trick < revoke.trick
               and not r.corrected]
    if earlier:
        return none("64B2", f"a second revoke in {revoke.suit.name.lower()} by the same player (Law 64C may apply)")
    if revoke.faced:
        return none("64B3", "a failure to play a card faced on the table (dummy's included)")
    if ed is not Edition.L1997 and any(r.seat.side != side and not r.corrected for r in revokes):
        return none("64B7", "both sides revoked on this board")
    later = [t for t in side_tricks(play, side, revoke.trick + 1)]
    won_revoke_trick = revoke.trick <= len(play.tricks) and play.tricks[revoke.trick - 1].complete \
        and won_by(play, revoke.trick).side == side
    after = len(later) + claim_share(play, o)
    if not won_revoke_trick and after == 0:
        return none("64B1", "the offending side won neither the revoke trick nor any later trick")
    offender_won = won_revoke_trick and won_by(play, revoke.trick) == o
    if ed is Edition.L1997:
        total = after + (1 if won_revoke_trick else 0)
        later_legal = any(won_by(play, t) == o and play.tricks[t - 1].card_of(o) in revoke.held for t in later)
        if (offender_won or later_legal) and total >= 2:
            why = ("the revoker won the revoke trick" if offender_won else
                   "the revoker later won a trick with a card he could legally have played to the revoke trick")
            return Transfer("64A1", o, 2, f"revoke by {name(o)} on trick {revoke.trick}: two tricks transferred — "
                            f"{why} (1997 Law 64A)")
        return Transfer("64A2", o, 1, f"revoke by {name(o)} on trick {revoke.trick}: one trick transferred "
                        "(1997 Law 64A2)")
    if offender_won:
        n = 1 + (1 if after > 0 else 0)
        return Transfer("64A1", o, n, f"revoke by {name(o)} on trick {revoke.trick}: {name(o)} won the revoke trick, "
                        f"so it is transferred" + (" with one later trick won by his side" if n == 2 else "")
                        + " (Law 64A1)")
    return Transfer("64A2", o, 1, f"revoke by {name(o)} on trick {revoke.trick}: one trick transferred — the "
                    "offending side won " + ("the revoke trick" if won_revoke_trick else "a later trick")
                    + " (Law 64A2)")


def transfers(play: Play, revokes: tuple[RevokeRecord, ...], late: str | None = None) -> tuple[Transfer, ...]:
    """Every established, uncorrected revoke's transfer, capped by the tricks each side won from its revoke on."""
    live = tuple(r for r in revokes if r.established and not r.corrected)
    out: list[Transfer] = []
    given = {side: 0 for side in {r.seat.side for r in live}}
    for r in sorted(live, key=lambda r: r.trick):
        t = transfer(play, r, live, late=late)
        side = r.seat.side
        room = len(side_tricks(play, side, r.trick)) + claim_share(play, r.seat) - given[side]
        if t.tricks > room:
            t = replace(t, tricks=max(room, 0), text=t.text + f" (limited to {max(room, 0)}: the tricks his side won)")
        given[side] += t.tricks
        out.append(t)
    return tuple(out)


# ----- Law 62: correction before establishment -----------------------------------------------------------
@detector(RevokeCorrected, order=10)
def detect_correction(state: TableState, event: RevokeCorrected) -> TableState | None:
    state = started(state)
    play = the_play(state)
    revoke = next((r for r in reversed(state.period.revokes) if r.seat == event.seat and not r.corrected), None)
    if revoke is None or revoke.established:
        raise IllegalPlayError(f"{name(event.seat)} has no revoke that can still be corrected "
                               "(an established revoke stands, Law 63B)", law="62A")
    if event.card not in revoke.held or event.card not in play.hands[event.seat]:
        what = (f"a {revoke.suit.name.lower()[:-1]}" if not revoke.rule else
                f"a card that complies with the rectification (Law {revoke.rule}: "
                f"{', '.join(c.symbol for c in revoke.held)})")
        raise IllegalPlayError(f"the correction must be {what} that {name(event.seat)} holds", law="62A")
    seq = sequence(play)
    index = next(i for i, (s, c) in enumerate(seq) if s == event.seat and c == revoke.card)
    hands = play.hands
    hand = hands[event.seat]
    hands = hands.replace(event.seat, type(hand).of([*(c for c in hand.cards if c != event.card), revoke.card]))
    fixed = [*seq[:index], (event.seat, event.card), *seq[index + 1:]]
    after = len(seq) - index - 1
    s = state.but(period=replace(state.period, revokes=tuple(replace(r, corrected=True) if r is revoke else r
                                                             for r in state.period.revokes)))
    if event.seat.side != play.contract.side:
        s = add_penalty(s, event.seat, revoke.card, True, "62B1")
    new = rebuild(replace(play, hands=hands), fixed)
    if not _consistent(new, fixed) or (index % 4 == 0 and event.card.suit != revoke.card.suit):  # a new suit led
        new, hands = _withdraw(replace(play, hands=hands), fixed, index + 1)
        after = 0
    s = s.but(play=new)
    law = "62B1" if event.seat.side != play.contract.side else "62B2"
    outcome = (f"revoke by {name(event.seat)} ({revoke.card.symbol}) corrected by {event.card.symbol}; "
               + (f"{revoke.card.symbol} is a major penalty card" if law == "62B1" else "no further rectification"))
    s = record(s, law, NAME, event.seat, outcome, event.laws)
    if after:
        s = s.but(pending=RevokeCorrection(event.seat, event.laws, revoke.card, after))
    return s


def _consistent(play: Play, seq: list[tuple[Seat, Card]]) -> bool:
    """Every trick of ``seq`` is played in rotation and led by the winner of the trick before."""
    if [seat for seat, _card in sequence(play)] != [seat for seat, _card in seq]:
        return False
    trump = play.trump
    return all(play.tricks[k].leader == play.tricks[k - 1].winner(trump) for k in range(1, len(play.tricks))
               if play.tricks[k - 1].complete)


def _withdraw(play: Play, seq: list[tuple[Seat, Card]], keep: int) -> tuple[Play, Deal]:
    hands = play.hands
    for seat, card in seq[keep:]:
        hands = hands.replace(seat, type(hands[seat]).of([*hands[seat].cards, card]))
    return rebuild(replace(play, hands=hands), seq[:keep]), hands


@describe.register
def _describe_correction(stage: RevokeCorrection, state: TableState) -> Ruling:
    o = stage.offender
    nos = o.lho if o.lho.side != o.side else o.rho
    opts = (Option("keep", "keep the cards played", "every card played after the revoke stands (Law 62C1)", "62C1"),
            Option("withdraw", "withdraw them",
                   f"the {stage.after} card(s) played after the revoke go back into the hands and are played again; "
                   f"a card the offender's partner withdraws becomes a major penalty card if he is a defender, and "
                   "the information from withdrawn cards is unauthorised to the offending side (Law 62C2, 16C)",
                   "62C1"))
    text = (f"{name(nos)} and {name(nos.partner)}, the revoke by {name(o)} has been corrected (Law 62). "
            f"1. {opts[0].label}: {opts[0].consequence}. 2. {opts[1].label}: {opts[1].consequence}. "
            "Which do you choose?")
    return Ruling("Revoke corrected", "62C", stage.edition, o, nos, opts, (), text)


@resolve.register
def _resolve_correction(stage: RevokeCorrection, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Choice) and event.option in ("keep", "withdraw")
            and (event.seat is None or event.seat.side != stage.offender.side)):
        raise refuse(_describe_correction(stage, state), event)
    s = state.but(pending=None)
    if event.option == "keep":
        return record(s, "62C1", "Revoke corrected", stage.offender, "cards played after the revoke stand",
                      stage.edition)
    play = the_play(s)
    seq = sequence(play)
    back = seq[len(seq) - stage.after:]
    new, _hands = _withdraw(play, seq, len(seq) - stage.after)
    s = s.but(play=new)
    s = record(s, "62C1", "Revoke corrected", stage.offender,
               f"{len(back)} card(s) played after the revoke withdrawn", stage.edition)
    ours = [(seat, card) for seat, card in back if seat.side == stage.offender.side]
    if ours and any(seat.side != stage.offender.side for seat, _card in back[:back.index(ours[0])]):
        seat, card = ours[0]
        return s.but(pending=OffenderMayWithdraw(stage.offender, stage.edition, seat, card))
    return s


def _options_62c2(stage: OffenderMayWithdraw, state: TableState) -> tuple[Option, ...]:
    seat, card = stage.seat, stage.card
    defender = seat.side != the_play(state).contract.side
    cost = (f"{card.symbol} becomes a major penalty card (Law 50) and the information from it is unauthorised to "
            f"{name(seat.partner)} (Laws 62C2, 16C)" if defender else "with no further rectification (Law 62C2)")
    return (Option("keep", f"keep {card.symbol}", f"{card.symbol} stays played: it goes back to the trick at "
                   f"{name(seat)}'s turn (Law 62C2)", "62C2"),
            Option("withdraw", f"withdraw {card.symbol}", f"{card.symbol} goes back into {name(seat)}'s hand and he "
                   f"plays again in turn; {cost}", "62C2"))


@describe.register
def _describe_62c2(stage: OffenderMayWithdraw, state: TableState) -> Ruling:
    opts = _options_62c2(stage, state)
    text = "\n".join([f"{name(stage.seat)}, after the revoke by {name(stage.offender)} was corrected, an opponent "
                      f"withdrew the card he had played after it; you may now withdraw your {stage.card.symbol} "
                      "(Law 62C2).",
                      *(f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)),
                      f"{name(stage.seat)}, which do you choose?"])
    return Ruling("Revoke corrected: offending side's card", "62C2", stage.edition, stage.offender, stage.seat,
                  opts, (), text)


@resolve.register
def _resolve_62c2(stage: OffenderMayWithdraw, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Choice) and event.option in ("keep", "withdraw") and event.seat in (None, stage.seat)):
        raise refuse(_describe_62c2(stage, state), event)
    play = the_play(state)
    s = state.but(pending=None)
    if event.option == "keep":
        rule = PlayRule(stage.seat, "card", None, len(play.completed_tricks) + 1, "62C2", stage.card)
        s = s.but(period=replace(s.period, play_rule=rule))
        return record(s, "62C2", "Revoke corrected", stage.offender,
                      f"{name(stage.seat)} keeps {stage.card.symbol}: it is played again in turn", stage.edition)
    if stage.seat.side != play.contract.side:
        s = add_penalty(s, stage.seat, stage.card, True, "62C2")
        s = unauthorised(s, stage.seat, f"{name(stage.seat)}'s withdrawn {stage.card.symbol}")
    return record(s, "62C2", "Revoke corrected", stage.offender,
                  f"{name(stage.seat)} withdrew {stage.card.symbol}"
                  + (" (a major penalty card)" if stage.seat.side != play.contract.side else ""), stage.edition)


# ----- Law 62D: a revoke on trick 12 ------------------------------------------------------------------------
def correct_trick_12(state: TableState, r: RevokeRecord) -> TableState:
    """62D1: the revoke on trick 12 is corrected even if established: the offender's card of the suit led goes to
    trick 12 and the revoke card to trick 13 (every other card stands; trick 13 is re-formed from its winner).
    62D2: 2017 — Law 16C if a defender revoked before his partner played to the trick; 2007/1997 — partner, if he
    held two suits, may not choose a play the revoke card could have suggested (a director's judgement: flagged)."""
    play = the_play(state)
    if len(play.completed_tricks) != 13 or play.claim is not None:
        return state
    t12, t13 = play.tricks[11], play.tricks[12]
    o = r.seat
    right = t13.card_of(o)
    if right is None or right.suit != r.suit or t12.card_of(o) != r.card:
        return state
    cards12 = tuple(right if c == r.card else c for c in t12.cards)
    new12 = Trick(t12.leader, cards12)
    winner = new12.winner(play.trump)
    last = {seat: (r.card if seat == o else t13.card_of(seat)) for seat in Seat}
    new13 = Trick(winner, tuple(last[winner.after(i)] for i in range(4)))  # type: ignore[misc]
    s = state.but(play=replace(play, tricks=(*play.tricks[:11], new12, new13)),
                  period=replace(state.period, revokes=tuple(replace(x, corrected=True) if x == r else x
                                                             for x in state.period.revokes)))
    s = record(s, "62D1", NAME, o, f"revoke by {name(o)} on trick 12 corrected ({right.symbol} for {r.card.symbol}); "
               f"trick 12 won by {name(winner)}", r.edition)
    partner = o.partner
    if o.side != play.contract.side and (t12.seat_of(0) == o or (o - t12.leader) % 4 < (partner - t12.leader) % 4):
        held = {c.suit for c in (t12.card_of(partner), t13.card_of(partner)) if c is not None}
        if r.edition is Edition.L2017:
            s = unauthorised(s, o, f"{name(o)}'s revoke card {r.card.symbol} on trick 12", "62D2")
            s = flag(s, "62D2", o, f"{name(o)} revoked on trick 12 before {name(partner)} played to it: Law 16C "
                     f"applies to {name(partner)}'s play to trick 12 (Law 62D2)")
        elif len(held) == 2:
            s = flag(s, "62D2", o, f"{name(partner)} held cards of two suits at trick 12 after seeing the revoke card "
                     f"{r.card.symbol}: he may not choose the play it could have suggested; the director corrects "
                     "his play if he did (Law 62D2)")
    return s


# ----- Law 64 at the end of play ---------------------------------------------------------------------------
@end_of_play
def _end(state: TableState) -> TableState:
    for r in [r for r in state.period.revokes if not r.corrected and r.trick == 12]:
        corrected = correct_trick_12(state, r)
        if corrected is state:  # not corrected here: the director restores the position
            corrected = flag(state, "62D", r.seat, f"revoke by {name(r.seat)} on trick 12: it must be corrected; the "
                             "director restores the position as if it had been corrected and enters the tricks "
                             "(Law 62D)")
        state = corrected
    live = [r for r in state.period.revokes if not r.corrected]
    if not any(r.established for r in live):
        return state
    return state.but(pending=RevokeRuling(live[0].seat, live[0].edition))


@describe.register
def _describe_64(stage: RevokeRuling, state: TableState) -> Ruling:
    play = the_play(state)
    ts = transfers(play, state.period.revokes)
    total = {t.offender.side: 0 for t in ts}
    for t in ts:
        total[t.offender.side] += t.tricks
    lines = [f"Director: established revoke(s) on this board (Law 64). At the table declarer took "
             f"{play.declarer_tricks} tricks."]
    lines += [f"- {t.text}." for t in ts]
    opts = (Option("apply", "apply Law 64A/64B as shown",
                   "the tricks shown are transferred to the non-offending side after play; if this does not restore "
                   "equity the director adjusts the score (Law 64C)", "64"),
            Option("late-call", "attention was first drawn after a call on the next deal",
                   "no trick is transferred (Law 64B4); the director may still restore equity (Law 64C)", "64B4"),
            Option("late-round", "attention was first drawn after the round ended",
                   "no trick is transferred (Law 64B5); the director may still restore equity (Law 64C)", "64B5"))
    lines += [f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)]
    return Ruling(NAME, "64", stage.edition, stage.offender, None, opts, (), "\n".join(lines))


@resolve.register
def _resolve_64(stage: RevokeRuling, state: TableState, event: Event) -> TableState:
    if not (isinstance(event, Choice) and event.option in ("apply", "late-call", "late-round")):
        raise refuse(_describe_64(stage, state), event)
    play = the_play(state)
    late = {"apply": None, "late-call": "call", "late-round": "round"}[event.option]
    ts = transfers(play, state.period.revokes, late)
    kept = tuple(t for t in state.period.transfers if t.law.startswith("67"))  # Law 67B1 entries stay
    s = state.but(pending=None, period=replace(state.period, transfers=(*kept, *ts)))
    for t in ts:  # 64C: after any established revoke, those not subject to rectification included (seed 001)
        what = "the transfer for" if t.tricks else f"no transfer ({t.law}) for"
        s = flag(s, "64C", t.offender, f"after {what} the revoke by {name(t.offender)}: adjust if the "
                 "non-offending side is not compensated for the damage (Law 64C)")
    return record(s, "64", NAME, stage.offender, "; ".join(t.text for t in ts), stage.edition)
