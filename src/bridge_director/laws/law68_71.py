"""Laws 68-71: claims and concessions.

A claim (68A) or concession (68B) stops the play (68D).  The opponents agree (69A: the tricks are
credited; 2017 63A3: agreeing establishes a revoke of the agreeing side), or dispute it: the director
adjudicates (70) — the engine shows the remaining hands, the double-dummy result of the remaining
position, and the checklist of 70C (an outstanding trump not mentioned), 70D (no unstated successful
line when a less successful normal line exists), 70E (no unstated finesse); the director enters the
tricks awarded (``Judgement("tricks", "n")``).  Play may go on only if all four players agree, and the
claim is then void (68D2).  Law 71 (a concession of a trick that could not be lost by any normal play)
and 69B are entered afterwards with ``TricksAdjusted``.

The seed's outstanding-trump cases: with spades trumps and declarer claiming "dummy's good" holding
♠A ♥A ♣A against a defender's ♠K ♦AK, the defender gets exactly one trick (case 1: declarer may not
be credited with drawing a trump he had forgotten).  For a small end position (four tricks or fewer) with an
outstanding trump and a statement silent on trumps, ``seed_line`` gives the claimer's tricks on the worst normal
line of the seed's guidelines A-C, shown in the checklist; the director still enters the award.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import BridgeError, IllegalPlayError
from ..model import Card, Claim, Play, Rank, Seat, Suit, Trick
from ..table.events import Choice, Event, Judgement
from ..table.play import ClaimMade, TricksAdjusted, establish_all, finish, is_lead, started, the_play
from ..table.play_state import Adjustment
from ..table.state import Pending, TableState
from .common import name, record
from .registry import describe, detector, refuse, resolve
from .ruling import Edition, Option, Question, Ruling


@dataclass(frozen=True, slots=True)
class ClaimPending(Pending):
    """Law 68: ``offender`` (the claimer) claims ``tricks`` of the ``left`` tricks; the opponents answer."""

    tricks: int
    statement: str


@dataclass(frozen=True, slots=True)
class DisputedClaim(Pending):
    """Law 70: the director adjudicates ``offender``'s disputed claim."""

    tricks: int
    statement: str


def left(play: Play) -> int:
    """Tricks not yet completed (the one in progress counts)."""
    return 13 - len(play.completed_tricks)


# ----- double dummy (endplay, the ``dd`` extra) ----------------------------------------------------------
def double_dummy(play: Play, side_of: Seat) -> int:
    """The tricks ``side_of``'s side takes from the remaining position with best play by all (double dummy).

    Needs the ``dd`` extra (endplay); raises ``BridgeError`` with the remedy if it is missing.
    """
    try:
        from endplay.dds import solve_board
        from endplay.types import Deal as DDDeal
        from endplay.types import Denom, Player
    except ImportError:  # pragma: no cover - depends on the installation
        raise BridgeError("the double-dummy result needs endplay: pip install 'bridge-director[dd]'",
                          law="70") from None
    trick = play.current
    ongoing = trick.cards and not trick.complete
    hands = dict(play.hands.items())
    if ongoing:
        for i, card in enumerate(trick.cards):
            seat = trick.seat_of(i)
            hands[seat] = type(hands[seat]).of([*hands[seat].cards, card])
    pbn = "N:" + " ".join(".".join("".join(c.rank.char for c in sorted(hands[s].holding(suit), reverse=True))
                                   for suit in reversed(Suit)) for s in Seat)
    deal = DDDeal(pbn)
    deal.trump = Denom.nt if play.trump is None else [Denom.clubs, Denom.diamonds, Denom.hearts,
                                                       Denom.spades][play.trump]
    leader = trick.leader if ongoing else play.next_seat
    deal.first = Player.find(leader.letter)
    if ongoing:
        for card in trick.cards:
            deal.play(str(card))
    mover = play.next_seat
    best = max(tricks for _card, tricks in solve_board(deal))
    return best if mover.side == side_of.side else left(play) - best


def outstanding_trumps(play: Play, claimer: Seat) -> list[str]:
    """The trumps the claimer's opponents still hold (70C)."""
    if play.trump is None:
        return []
    return [c.symbol for s in (claimer.lho, claimer.rho) for c in play.hands[s].holding(play.trump)]


def _normal(play: Play, claimer: Seat) -> tuple[Card, ...]:
    """The claimer's side's normal cards under the seed's guidelines: a lead is the top card of a side suit, or a
    high trump (A, K, Q) as a safety check (C), a low trump only when nothing else is left; a follow is the
    highest or lowest card of the suit led; when void, the lowest trump that wins the trick or the lowest card of a
    side suit (or, with neither, the lowest card)."""
    seat, trump = play.next_seat, play.trump
    hand = play.hands[seat]
    trick = play.current
    if trick.complete or not trick.cards:
        tops = [h[0] for suit in Suit if suit != trump and (h := hand.holding(suit))]
        high = [c for c in hand.cards if c.suit == trump and c.rank >= Rank.QUEEN]
        return tuple(tops + high) or tuple(hand.cards)
    led = trick.suit_led
    assert led is not None
    held = hand.holding(led)
    if held:
        return (held[0], held[-1])
    out: list[Card] = []
    if trump is not None:
        win = [c for c in sorted(hand.holding(trump)) if _wins(play, c)]
        out += win[:1]
    side = [c for c in sorted(hand.cards) if c.suit != trump]
    out += side[:1]
    return tuple(out) or (min(hand.cards),)


def _wins(play: Play, card: Card) -> bool:
    """True if ``card`` would be winning the trick in progress."""
    trick = Trick(play.current.leader, (*play.current.cards, card))
    return trick.winning_index(play.trump) == len(trick.cards) - 1


def seed_line(play: Play, claimer: Seat) -> int:
    """The claimer's side's tricks on the worst normal line (seed 001's guidelines A-C, Law 70): the claimer's side
    picks, among its normal cards (``_normal``), the play worst for itself — the order of the suits (A); it draws
    a forgotten trump only where that is to its disadvantage (B, C); the opponents play their best."""
    if all(len(play.hands[s]) == 0 for s in Seat):
        return 0
    mine = play.next_seat.side == claimer.side
    cards = _normal(play, claimer) if mine else play.legal_cards()
    results = []
    for card in cards:
        nxt = play.add(card)
        won = 1 if nxt.current.complete and nxt.current.winner(nxt.trump).side == claimer.side else 0
        results.append(won + seed_line(nxt, claimer))
    return min(results)


def checklist(play: Play, claimer: Seat, statement: str) -> list[str]:
    """The points of Law 70 the director must check, with what the cards show."""
    out: list[str] = []
    trumps = outstanding_trumps(play, claimer)
    said = statement.lower()
    if trumps:
        mention = "the statement mentions trumps" if "trump" in said else "the statement does not mention trumps"
        out.append(f"70C: the opponents hold {', '.join(trumps)}; {mention}. If the claimer was at all likely to be "
                   "unaware of an outstanding trump that could win a trick by any normal play, award that trick to "
                   "the opponents. A safety play with a high trump is normal; playing a forgotten trump to the "
                   "claimer's advantage is not (seed 001, guidelines B-D).")
        if "trump" not in said and left(play) <= 4:
            out.append(f"70C, seed 001 guidelines A-C: on the worst normal line (side suits in the worst order, a "
                       f"high trump played as a safety check only where it costs) {name(claimer)}'s side takes "
                       f"{seed_line(play, claimer)} of the {left(play)} tricks.")
    else:
        out.append("70C: no trump is outstanding.")
    out.append("70D: accept no successful line of play not stated in the claim if a less successful normal line "
               "exists; play the suits in the order worst for the claimer (top down within a suit) (guideline A).")
    out.append("70E: accept no unstated finesse unless an opponent has already shown out of the suit or would "
               "show out before the finesse on any normal line.")
    out.append("70A/B: doubtful points go against the claimer; normal play includes careless or inferior play for "
               "the class of player, not irrational play.")
    return out


# ----- detection -------------------------------------------------------------------------------------------
@detector(ClaimMade, order=10)
def detect_claim(state: TableState, event: ClaimMade) -> TableState | None:
    state = started(state)
    play = the_play(state)
    if play.finished or state.period.ended:
        raise IllegalPlayError("a claim after the play has ended", law="68")
    if not 0 <= event.tricks <= left(play):
        raise IllegalPlayError(f"a claim of {event.tricks} tricks with {left(play)} to play", law="68")
    s = establish_all(state, event.seat.side)  # 63A3: a claim or concession establishes the claimer's revokes
    s = s.but(period=replace(s.period, claim_statement=event.statement))
    return s.but(pending=ClaimPending(event.seat, event.laws, event.tricks, event.statement))


def _what(stage: ClaimPending | DisputedClaim, play: Play) -> str:
    n, total = stage.tricks, left(play)
    side = "their side"
    if n == total:
        return f"all {total} remaining tricks for {side}"
    if n == 0:
        return f"none of the {total} remaining tricks (conceding them all)"
    return f"{n} of the {total} remaining tricks, conceding {total - n}"


@describe.register
def _describe_claim(stage: ClaimPending, state: TableState) -> Ruling:
    play = the_play(state)
    c = stage.offender
    o1, o2 = c.lho, c.rho
    agree_more = " (and, under the 2017 Laws, any revoke of yours is then established, Law 63A3)" \
        if stage.edition is Edition.L2017 else ""
    opts = (Option("agree", "agree", f"the claim stands: {name(c)}'s side is credited with {stage.tricks} more "
                   f"trick(s) and the play ends (Law 69A){agree_more}", "69A"),
            Option("dispute", "dispute it", "the play stops; the director adjudicates the claim as equitably as "
                   "possible, doubtful points going against the claimer (Law 70)", "70"),
            Option("play-on", "all four players agree to play on", "the claim is void and play continues; the "
                   "claim statement is not binding (Law 68D2)", "68D2"))
    text = "\n".join([f"{name(o1)} and {name(o2)}, {name(c)} has claimed {_what(stage, play)} (Law 68)"
                      + (f", stating: \"{stage.statement}\"" if stage.statement else ", without a statement (68C)")
                      + ". Play stops (Law 68D).",
                      *(f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)),
                      "Do you agree?"])
    return Ruling("Claim", "68", stage.edition, c, o1, opts, (), text)


@resolve.register
def _resolve_claim(stage: ClaimPending, state: TableState, event: Event) -> TableState:
    c = stage.offender
    if isinstance(event, Choice) and (event.seat is None or event.seat.side != c.side):
        if event.option == "agree":
            s = state.but(pending=None)
            if stage.edition is Edition.L2017:
                s = establish_all(s, c.side.other)
            play = the_play(s)
            s = s.but(play=play.with_claim(Claim(c, stage.tricks, stage.statement)))
            s = record(s, "69A", "Claim", c, f"claim of {stage.tricks} trick(s) by {name(c)} agreed", stage.edition)
            return finish(s)
        if event.option == "dispute":
            return state.but(pending=DisputedClaim(c, stage.edition, stage.tricks, stage.statement))
        if event.option == "play-on":
            return record(state, "68D2", "Claim", c, "all four agreed to play on; the claim is void", stage.edition)
    raise refuse(_describe_claim(stage, state), event)


def _dd_line(play: Play, claimer: Seat) -> str:
    try:
        return f"double dummy, {name(claimer)}'s side takes {double_dummy(play, claimer)} of the {left(play)} tricks"
    except BridgeError as err:
        return err.message


@describe.register
def _describe_disputed(stage: DisputedClaim, state: TableState) -> Ruling:
    play = the_play(state)
    c = stage.offender
    hands = "; ".join(f"{name(s)}: {play.hands[s]}" for s in Seat)
    where = f"a new trick, {name(play.next_seat)} to lead" if is_lead(play) else "a trick in progress"
    lines = [f"Director: {name(c)}'s claim of {_what(stage, play)} is disputed (Law 70).",
             f"Statement: \"{stage.statement}\"" if stage.statement else "No statement was made (Law 68C).",
             f"Remaining hands: {hands}.",
             f"Position: {where}; {_dd_line(play, c)}.",
             "Checklist:", *(f"- {x}" for x in checklist(play, c, stage.statement)),
             f"Enter the tricks awarded to {name(c)}'s side (0 to {left(play)})."]
    q = Question("tricks", f"How many of the {left(play)} remaining tricks go to {name(c)}'s side?",
                 tuple(str(i) for i in range(left(play) + 1)), "70")
    return Ruling("Disputed claim", "70", stage.edition, c, None, (), (q,), "\n".join(lines))


@resolve.register
def _resolve_disputed(stage: DisputedClaim, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    if isinstance(event, Judgement) and event.question == "tricks" and event.answer.strip().isdigit() \
            and int(event.answer) <= left(play):
        n = int(event.answer)
        c = stage.offender
        s = state.but(pending=None, play=play.with_claim(Claim(c, n, stage.statement, agreed=False)))
        s = record(s, "70", "Disputed claim", c, f"claim by {name(c)}: director awards {n} of the {left(play)} "
                   f"remaining tricks to {name(c)}'s side", stage.edition)
        return finish(s)
    raise refuse(_describe_disputed(stage, state), event)


# ----- Laws 69B, 71, 62D, 64C, 12: the director enters the tricks --------------------------------------------
@detector(TricksAdjusted, order=10)
def detect_adjusted(state: TableState, event: TricksAdjusted) -> TableState | None:
    play = the_play(started(state))
    if not (play.finished or state.period.ended):
        raise IllegalPlayError("the director enters tricks after the play has ended", law="69")
    if not 0 <= event.declarer_tricks <= 13:
        raise IllegalPlayError(f"declarer cannot take {event.declarer_tricks} tricks", law="69")
    adj = Adjustment(event.law, event.declarer_tricks, event.reason)
    s = state.but(period=replace(state.period, adjustments=(*state.period.adjustments, adj)))
    return record(s, event.law, "Tricks entered by the director", play.contract.declarer,
                  f"declarer credited with {event.declarer_tricks} tricks" + (f": {event.reason}" if event.reason
                                                                              else ""), state.laws)
