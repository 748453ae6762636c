"""Laws 68-71: claims and concessions, under the 2017, 2007 and 1997 Laws.

A claim (68A) or concession (68B) stops the play (68D).  The opponents agree (69A: the tricks are credited; 2017
63A3: agreeing establishes a revoke of the agreeing side) or dispute it: the director adjudicates (70).  The ruling
shows the remaining hands, the double-dummy result, the checklist of 70C (an outstanding trump not mentioned), 70D
(no unstated successful line while a less successful normal line exists) and 70E (no unstated finesse), and
proposes an award: the claimer's side's tricks on the worst normal line consistent with the statement, whatever
the number of tricks left (``claim_lines.worst_line``, the statement read by ``claim_text.read_statement``).  The
proposal is the first answer offered; the director may enter any other (``Judgement("tricks", "n")``).

Play may go on after a claim only under the 2017 Laws, at the non-claimers' request with all four agreeing: the
claim is then void (68D2(b)).  The 2007 Laws stop the play with no such option (play after a claim is only evidence,
70D3) and the 1997 Laws void any play after a claim (68D): under those editions the claim is agreed or disputed.

After the play, within the correction period (Law 79C: by default 30 minutes after the official score is
published, unless the Regulating Authority — 1997: the sponsoring organisation — sets another), the director is
asked with ``DirectorReview("71", conceder)`` or ``DirectorReview("69B", player)``: Law 71 cancels a concession of
tricks the side could not lose by any normal play (the award is computed: the side's worst normal line without
the statement's restrictions, its careless plays as a conceder included: ``worst_line(..., concession=True)``),
Law 69B lets a non-claimer withdraw agreement to the loss of a trick his side would
likely have won (the director judges "likely"; the worst normal line of the claimer is proposed).
``TricksAdjusted`` still enters any figure directly.

The seed's outstanding-trump cases: with spades trumps and declarer claiming "dummy's good" holding
♠A ♥A ♣A against a defender's ♠K ♦AK, the defender gets exactly one trick (case 1: declarer may not
be credited with drawing a trump he had forgotten).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache

from ..errors import BridgeError, IllegalPlayError
from ..model import Card, Claim, Play, Rank, Seat, Suit, Trick
from ..model.numbers import is_whole
from ..table.edition import Edition
from ..table.events import Choice, DirectorReview, Event, Judgement
from ..table.play import ClaimMade, TricksAdjusted, establish_all, finish, is_lead, started, the_play
from ..table.play_state import Adjustment
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .claim_lines import Line, _position, careless_leads, worst_line
from .claim_text import Plan, award_text, read_statement, side_name
from .common import name, record
from .pending import describe, refuse
from .ruling import Option, Question, Ruling

#: the role of the seat a claim's ruling names (``Ruling.role``): the claimer is no offender
CLAIMER = "Claimer"
WITHDRAWN_BY = "Agreement withdrawn by"


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


@dataclass(frozen=True, slots=True)
class ClaimReview(Pending):
    """After an agreed claim: Law 71 (``law`` ``71``: ``offender`` conceded tricks his side could not lose) or
    Law 69B (``law`` ``69B``: ``offender``, a non-claimer, withdraws his agreement).  ``claimer`` claimed
    ``tricks`` of the ``left`` tricks; ``floor`` is what the claimer's side takes on its worst normal line."""

    law: str
    claimer: Seat
    tricks: int
    left: int
    floor: int
    text: str


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
    from .claim_lines import _LOCK
    with _LOCK:
        best = max(tricks for _card, tricks in solve_board(deal))
    return best if mover.side == side_of.side else left(play) - best


def outstanding_trumps(play: Play, claimer: Seat) -> list[str]:
    """The trumps the claimer's opponents still hold (70C)."""
    if play.trump is None:
        return []
    return [c.symbol for s in (claimer.lho, claimer.rho) for c in play.hands[s].holding(play.trump)]


# ----- the normal plays (Law 70; seed 001's guidelines A-D) ------------------------------------------------------
# Law 70 (2017, 2007; 1997 Law 70 too): the director awards tricks as if the claim were played out on the worst
# *normal* line; "normal" includes play careless or inferior for the class of player involved, never irrational
# play.  The functions below state the basic rules on a ``Play``; ``claim_lines`` applies them on bit masks, for
# any number of tricks, with its refinements: third or fourth hand wins with a master (or a card made safe by an
# opponent's show-out, 70E) rather than ducking, a high card that cannot win is not thrown away, a suit begun is
# run from the top (guideline A), no trump is led when none is outstanding (guideline D), and the statement's
# plan is followed.  Irrational — a play no class of player would make — are plays that throw away a trick or a
# winner for no purpose:
#   * a revoke (the claimer's side plays legal cards only);
#   * discarding a winner (a card no opponent can beat in its suit) while the side holds a loser to discard, or
#     while a ruff would win the trick;
#   * overtaking or ruffing partner's card that is sure to win the trick (no opponent still to play can beat it).
# Careless or inferior lines stay normal: cashing winners in the worst order (guideline A), leading a side suit
# into a forgotten trump (70C), a high trump as a safety check where it costs (C), ruffing high, a loser
# discarded instead of a ruff, a low card led before the top where one outstanding card (a forgotten one) beats
# it (unless the Regulating Authority has suits played from the top down: 2017 70E2).  Law 71 widens them for a
# side that conceded: any lead, top or low, and a winner discarded instead of a ruff.
_STATED = re.compile(r"(?<!\w)([SHDC♠♥♦♣])(10|[AKQJT2-9])(?!\w)")


def stated_line(statement: str) -> tuple[Card, ...]:
    """The cards the claim statement names (68C: the line of play stated), in the order named: ``♥A``, ``HA``,
    ``S10`` (suit letters and ranks in capitals, so ordinary words are not read as cards)."""
    out: list[Card] = []
    for suit, rank in _STATED.findall(statement):
        card = Card(Suit.parse(suit), Rank.parse(rank))
        if card not in out:
            out.append(card)
    return tuple(out)


def _beats(card: Card, top: Card, trump: Suit | None) -> bool:
    """Law 44: True if ``card`` played later beats ``top``, the card winning the trick."""
    if card.suit == top.suit:
        return card.rank > top.rank
    return card.suit == trump


def _wins(play: Play, card: Card) -> bool:
    """True if ``card`` would be winning the trick in progress."""
    trick = Trick(play.current.leader, (*play.current.cards, card))
    return trick.winning_index(play.trump) == len(trick.cards) - 1


def _master(play: Play, claimer: Seat, card: Card) -> bool:
    """True if ``card`` is a winner of its suit: no opponent of the claimer holds a higher card of it."""
    return not any(c.suit == card.suit and c.rank > card.rank
                   for s in (claimer.lho, claimer.rho) for c in play.hands[s].cards)


def _partner_sure(play: Play) -> bool:
    """True if the partner of the player to play is winning the trick in progress and no opponent still to play
    can beat the winning card.  Overtaking or ruffing it wastes a card; where it would be a needed unblock or
    entry, not doing it is the worse line, and that line is tried."""
    trick, seat, trump = play.current, play.next_seat, play.trump
    if trick.complete or not trick.cards:
        return False
    win = trick.winning_index(trump)
    if trick.seat_of(win) != seat.partner:
        return False
    top = trick.cards[win]
    later = (trick.seat_of(i) for i in range(len(trick.cards) + 1, 4))
    return not any(_beats(c, top, trump) for s in later for c in play.legal_cards(s))


def _normal(play: Play, claimer: Seat) -> tuple[Card, ...]:
    """The normal cards of the claimer's side's player to play (Law 70; seed 001's guidelines A-C).

    A lead: the top card of a side suit (A: in any order), or a high trump (A, K, Q) as a safety check (C); a low
    trump only when nothing else is left.  A follow: the highest or lowest card of the suit led — the lowest only
    when partner's card is sure to win the trick (no overtaking).  Void in the suit led: the lowest and the highest
    trump that win the trick, and the lowest card of each side suit that is a loser; a winner is discarded only
    when no loser is held and no ruff wins (discarding a winner when a ruff wins, or when a loser could go, is
    irrational); partner's sure winner is never ruffed while a side card can be discarded.
    """
    seat, trump = play.next_seat, play.trump
    hand = play.hands[seat]
    trick = play.current
    if trick.complete or not trick.cards:
        tops = [h[0] for suit in Suit if suit != trump and (h := hand.holding(suit))]
        high = [c for c in hand.cards if c.suit == trump and c.rank >= Rank.QUEEN]
        return tuple(tops + high) or tuple(hand.cards)
    led = trick.suit_led
    assert led is not None
    sure = _partner_sure(play)
    held = hand.holding(led)
    if held:
        return (held[-1],) if sure else tuple(dict.fromkeys((held[0], held[-1])))
    trumps = sorted(hand.holding(trump)) if trump is not None else []
    lows = [h[-1] for suit in Suit if suit != trump and (h := hand.holding(suit))]
    losers = [c for c in lows if not _master(play, claimer, c)]
    if sure:
        return tuple(losers or lows or trumps[:1])
    win = [c for c in trumps if _wins(play, c)]
    ruffs = list(dict.fromkeys(win[:1] + win[-1:]))
    if losers or ruffs:
        return tuple(ruffs + losers)
    return tuple(lows + trumps[:1])


def _choices(play: Play, claimer: Seat, stated: tuple[Card, ...],
             said: frozenset[Card]) -> list[tuple[Card, tuple[Card, ...]]]:
    """The claimer's side's cards at this turn, each with the stated cards still to come (``said``: all of them).

    The next stated card is played when its holder is to play and it is legal, except on partner's stated card of
    the same suit (``♥A, ♥K`` cashes two tricks; it does not overtake).  Otherwise the player plays a normal card,
    keeping the later stated cards for their turn where he can; a stated card no longer held is dropped.
    """
    side = (claimer, claimer.partner)
    pending = tuple(c for c in stated if any(c in play.hands[s].cards for s in side))
    trick, seat = play.current, play.next_seat
    on_partners = not trick.complete and trick.card_of(seat.partner) in said
    if pending and pending[0] in play.legal_cards() and not (on_partners and pending[0].suit == trick.suit_led):
        return [(pending[0], pending[1:])]
    normal = _normal(play, claimer)
    cards = [c for c in normal if c not in pending] or list(normal)
    return [(c, tuple(p for p in pending if p != c)) for c in cards]



def _card_plan(stated: tuple[Card, ...]) -> Plan:
    from .claim_text import Action, Step
    return Plan(", ".join(c.symbol for c in stated), tuple(Step(Action.CARD, c.suit, c) for c in stated),
                named=stated)


def seed_line(play: Play, claimer: Seat, stated: tuple[Card, ...] = ()) -> int:
    """The claimer's side's tricks on the worst normal line (Law 70; seed 001's guidelines A-D).

    The claimer's side follows ``stated`` (the cards its statement names, in order; see ``stated_line``) and,
    where the statement is silent, plays its normal cards in the order worst for itself: the order of the suits
    (A), a forgotten trump drawn only where that is to its disadvantage (B, C), no trump play forced when none is
    outstanding (D), never an irrational play.  The opponents defend double dummy (``claim_lines.worst_line``).
    """
    return worst_line(play, claimer, _card_plan(stated)).tricks


# ----- the proposal, cached: the ruling is described again at every look ------------------------------------------
def _key(play: Play) -> tuple[object, ...]:
    return (*_position(play), play.contract.declarer, play.trump)


@lru_cache(maxsize=128)
def _line_cached(key: tuple[object, ...], play: Play, claimer: Seat, statement: str, concession: bool,
                 top_down: bool) -> Line:
    plan = read_statement(statement, play.trump)
    if concession:
        plan = replace(plan, mentions_trumps=True)
    return worst_line(play, claimer, plan, concession=concession, top_down=top_down)


def proposal(play: Play, claimer: Seat, statement: str, *, any_line: bool = False, top_down: bool = False) -> Line:
    """The worst normal line of ``claimer``'s side from the current position: following ``statement`` (Law 70), or,
    with ``any_line``, the line of a side that conceded, under no statement and aware of every trump, its careless
    plays included (Law 71: "any normal play").  ``top_down``: the Regulating Authority has a suit the statement
    does not clarify played from the top down (2017 Law 70E2): no careless low lead for the claimer."""
    if any_line:
        return _line_cached(_key(play), play, claimer, "", True, False)
    return _line_cached(_key(play), play, claimer, statement, False, top_down)


def _order_within_suits(play: Play, claimer: Seat, plan: Plan, edition: Edition, top_down: bool) -> list[str]:
    """70A (2017: and 70E2): the suits the statement leaves in no order where a low card led first is careless and
    costs against a card the claimer may have forgotten; none where the Regulating Authority has them played from
    the top down."""
    stated = {s.suit for s in plan.steps if s.suit is not None}
    cases = [c for c in careless_leads(play, claimer) if c[0].suit not in stated]
    if not cases:
        return []
    if top_down:
        return ["70E2: the Regulating Authority has a suit the statement does not clarify played from the top down: "
                "no low card is led first."]
    cards = "; ".join(f"the {low.symbol} before the {top.symbol} while the {over.symbol} is out"
                      for low, top, over in cases)
    careless = "careless, not irrational," if edition is Edition.L1997 else "careless"
    where = ("70A, 70E2: the statement does not clarify the order within the suit and the Regulating Authority "
             "specifies none" if edition is Edition.L2017 else "70A: the statement does not clarify the order within "
             "the suit")
    return [f"{where}: a low card led first ({cards}) is {careless} play for the class of player, so a trick lost "
            "to it goes to the non-claimers."]


def checklist(play: Play, claimer: Seat, statement: str, edition: Edition = Edition.L2017,
              top_down: bool = False) -> list[str]:
    """The points of Law 70 the director must check, with what the cards show (``top_down``: the Regulating
    Authority's order within a suit, 2017 Law 70E2)."""
    out: list[str] = []
    trumps = outstanding_trumps(play, claimer)
    plan = read_statement(statement, play.trump)
    if trumps:
        named = any(c.symbol in trumps for c in plan.named)
        aware = plan.mentions_trumps or named
        mention = "the statement mentions trumps" if aware else "the statement does not mention trumps"
        out.append(f"70C: the opponents hold {', '.join(trumps)}; {mention}. If the claimer was at all likely to be "
                   "unaware of an outstanding trump that could win a trick by any normal play, award that trick to "
                   "the opponents. A safety play with a high trump is normal; playing a forgotten trump to the "
                   "claimer's advantage is not (seed 001, guidelines B-D).")
        if not aware:
            try:
                line = proposal(play, claimer, statement, top_down=top_down)
            except BridgeError:
                line = None
            if line is not None:
                stated = f"the stated line ({plan.words()}), then " if plan.steps else ""
                out.append(f"70C, seed 001 guidelines A-C: on {stated}the worst normal line (side suits in the worst "
                           f"order, a high trump played as a safety check only where it costs, no irrational play "
                           f"such as a winner discarded when a ruff wins) {name(claimer)}'s side takes "
                           f"{line.tricks} of the {left(play)} tricks.")
    else:
        out.append("70C: no trump is outstanding.")
    out.append("70D: accept no successful line of play not stated in the claim if a less successful normal line "
               "exists; play the suits in the order worst for the claimer (top down within a suit) (guideline A).")
    out.extend(_order_within_suits(play, claimer, plan, edition, top_down))
    finesse = ("70E: accept no unstated finesse unless an opponent has already shown out of the suit or would "
               "show out before the finesse on any normal line.")
    if edition is not Edition.L2017:
        finesse = finesse[:-1] + f", or unless not taking it would be irrational ({edition} Law 70E)."
    out.append(finesse)
    normal = ("70A/B: doubtful points go against the claimer; normal play includes careless or inferior play for the "
              "class of player, not irrational play.")
    if edition is Edition.L1997:
        normal += " (The 1997 footnote says \"but not irrational\" in words, for Laws 69, 70 and 71.)"
    out.append(normal)
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


def _play_on(edition: Edition) -> Option | None:
    """Law 68D2(b) (2017 only): play continues at the non-claimers' request if all four agree; the claim is void."""
    if edition is not Edition.L2017:
        return None
    return Option("play-on", "all four players agree to play on", "the claim is void and play continues; the "
                  "claim statement is not binding (Law 68D2)", "68D2")


@describe.register
def _describe_claim(stage: ClaimPending, state: TableState) -> Ruling:
    play = the_play(state)
    c = stage.offender
    o1, o2 = c.lho, c.rho
    agree_more = " (and, under the 2017 Laws, any revoke of yours is then established, Law 63A3)" \
        if stage.edition is Edition.L2017 else ""
    on = _play_on(stage.edition)
    opts = (Option("agree", "agree", f"the claim stands: {name(c)}'s side is credited with {stage.tricks} more "
                   f"trick(s) and the play ends (Law 69A){agree_more}", "69A"),
            Option("dispute", "dispute it", "the play stops; the director adjudicates the claim as equitably as "
                   "possible, doubtful points going against the claimer (Law 70)", "70"),
            *((on,) if on is not None else ()))
    stops = {Edition.L2017: "Play stops (Law 68D).",
             Edition.L2007: "Play stops (Law 68D); the 2007 Laws let no play continue after a claim: any play made "
                            "after it is only evidence for the director (Law 70D3).",
             Edition.L1997: "Play stops (Law 68D); the 1997 Laws void any play made after a claim."}[stage.edition]
    text = "\n".join([f"{name(o1)} and {name(o2)}, {name(c)} has claimed {_what(stage, play)} (Law 68)"
                      + (f", stating: \"{stage.statement}\"" if stage.statement else ", without a statement (68C)")
                      + f". {stops}",
                      *(f"{i}. {o.label}: {o.consequence}." for i, o in enumerate(opts, 1)),
                      "Do you agree?"])
    return Ruling("Claim", "68", stage.edition, c, o1, opts, (), text, role=CLAIMER)


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
        if event.option == "play-on" and _play_on(stage.edition) is not None:
            return record(state, "68D2", "Claim", c, "all four agreed to play on; the claim is void", stage.edition)
    raise refuse(_describe_claim(stage, state), event)


def _dd_line(play: Play, claimer: Seat) -> str:
    try:
        return f"double dummy, {name(claimer)}'s side takes {double_dummy(play, claimer)} of the {left(play)} tricks"
    except BridgeError as err:
        return err.message


def _proposed(stage: DisputedClaim, play: Play) -> tuple[int | None, str]:
    """The proposed award (the worst normal line; Law 71 where the claimer conceded tricks no normal line loses)
    and its words; None with the reason when it cannot be computed here."""
    try:
        line = proposal(play, stage.offender, stage.statement)
        conceded = proposal(play, stage.offender, "", any_line=True).tricks if line.tricks > stage.tricks else None
    except BridgeError as err:
        return None, f"No award is proposed: {err.message}."
    tricks = line.tricks
    if conceded is not None:  # Law 71: the concession of tricks no normal line of a conceder loses is cancelled
        tricks = min(line.tricks, max(stage.tricks, conceded))
    return tricks, award_text(line, stage.tricks, play.trump, conceded=conceded)


@describe.register
def _describe_disputed(stage: DisputedClaim, state: TableState) -> Ruling:
    play = the_play(state)
    c = stage.offender
    hands = "; ".join(f"{name(s)}: {play.hands[s]}" for s in Seat)
    where = f"a new trick, {name(play.next_seat)} to lead" if is_lead(play) else "a trick in progress"
    tricks, words = _proposed(stage, play)
    lines = [f"Director: {name(c)}'s claim of {_what(stage, play)} is disputed (Law 70).",
             f"Statement: \"{stage.statement}\"" if stage.statement else "No statement was made (Law 68C).",
             f"Remaining hands: {hands}.",
             f"Position: {where}; {_dd_line(play, c)}.",
             "Checklist:", *(f"- {x}" for x in checklist(play, c, stage.statement, stage.edition)),
             f"Proposal: {words}",
             f"Enter the tricks awarded to {name(c)}'s side (0 to {left(play)})"
             + (f"; the proposal, {tricks}, is the first answer." if tricks is not None else ".")]
    answers = tuple(str(i) for i in range(left(play) + 1))
    if tricks is not None:
        answers = (str(tricks), *(a for a in answers if a != str(tricks)))
    q = Question("tricks", f"How many of the {left(play)} remaining tricks go to {name(c)}'s side?"
                 + (f" (proposed: {tricks})" if tricks is not None else ""), answers, "70")
    return Ruling("Disputed claim", "70", stage.edition, c, None, (), (q,), "\n".join(lines), role=CLAIMER)


@resolve.register
def _resolve_disputed(stage: DisputedClaim, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    if isinstance(event, Judgement) and event.question == "tricks" and is_whole(event.answer.strip()) \
            and int(event.answer) <= left(play):
        n = int(event.answer)
        c = stage.offender
        s = state.but(pending=None, play=play.with_claim(Claim(c, n, stage.statement, agreed=False)))
        s = record(s, "70", "Disputed claim", c, f"claim by {name(c)}: director awards {n} of the {left(play)} "
                   f"remaining tricks to {name(c)}'s side", stage.edition)
        return finish(s)
    raise refuse(_describe_disputed(stage, state), event)


# ----- Laws 71 and 69B after an agreed claim ----------------------------------------------------------------------
_PERIOD = {Edition.L2017: "the Correction Period (Law 79C: 30 minutes after the official score is made available, "
                          "unless the Regulating Authority sets another)",
           Edition.L2007: "the correction period (Law 79C: 30 minutes after the official score is made available, "
                          "unless the Regulating Authority specifies otherwise)",
           Edition.L1997: "the correction period (Law 79C: 30 minutes after the official score is made available, "
                          "unless the sponsoring organisation specifies otherwise)"}


_NORMAL = {Edition.L2017: "Normal play includes play careless or inferior for the class of player involved (the "
                          "footnote to Laws 70 and 71)",
           Edition.L2007: "Normal play includes play careless or inferior for the class of player involved (the "
                          "footnote to Laws 70 and 71)",
           Edition.L1997: "Normal play includes play careless or inferior for the class of player involved, but not "
                          "irrational (the footnote to Laws 69, 70 and 71)"}


def _before_claim(play: Play) -> Play:
    """The position at the claim: the play with its claim taken off."""
    return Play(play.contract, play.hands, play.tricks)


@detector(DirectorReview, order=10)
def detect_review(state: TableState, event: DirectorReview) -> TableState | None:
    """Law 71 (``DirectorReview("71", conceder)``) or 69B (``DirectorReview("69B", non-claimer)``) after an agreed
    claim: the director reviews the tricks conceded or agreed."""
    law = event.law.upper().replace(" ", "")
    if law not in ("71", "69B", "69"):
        return None
    law = "69B" if law.startswith("69") else "71"
    play = the_play(started(state))
    claim = play.claim
    if claim is None or not claim.agreed:
        raise IllegalPlayError("no agreed claim or concession to review", law=law)
    if law == "71" and event.seat.side != claim.claimer.side:
        raise IllegalPlayError(f"{name(event.seat)} did not concede: the concession was made by "
                               f"{name(claim.claimer)}'s side", law="71")
    if law == "69B" and event.seat.side == claim.claimer.side:
        raise IllegalPlayError(f"{name(event.seat)} claimed: agreement is withdrawn by an opponent of the claimer",
                               law="69B")
    at = _before_claim(play)
    try:
        line = proposal(at, claim.claimer, claim.statement, any_line=law == "71")
    except BridgeError as err:
        raise BridgeError(f"the review needs the worst normal line: {err.message}", law=law) from None
    text = award_text(line, claim.tricks, at.trump, law71=False)
    stage = ClaimReview(event.seat, event.laws, law, claim.claimer, claim.tricks, line.left, line.tricks, text)
    return state.but(pending=stage)


def _review_options(stage: ClaimReview) -> tuple[Option, ...]:
    mine = side_name(stage.claimer)
    if stage.law == "71" and stage.floor > stage.tricks:
        return (Option("cancel", "cancel the concession", f"within {_PERIOD[stage.edition]}: the "
                       f"{stage.floor - stage.tricks} trick(s) conceded that could not be lost by any normal play go "
                       f"back to {mine}; the board is rescored (Law 71)", "71"),
                Option("stand", "the concession stands", "the correction period has ended, or the director finds a "
                       "normal line that loses them: the score stands", "71"))
    return (Option("stand", "the score stands", "the agreed claim stands (Law 69A)", "69A"),)


@describe.register
def _describe_review(stage: ClaimReview, state: TableState) -> Ruling:
    c, mine, theirs = stage.claimer, side_name(stage.claimer), side_name(stage.claimer.lho)
    if stage.law == "71":
        what = (f"Law 71: {name(c)}'s side claimed {stage.tricks} of the {stage.left} tricks, conceding "
                f"{stage.left - stage.tricks}. {_NORMAL[stage.edition]}: the conceding side may lead a low card "
                f"first, or discard a winner instead of ruffing. On its worst normal line it takes {stage.floor}.")
        if stage.floor > stage.tricks:
            trick = "a trick the side could not lose" if stage.edition is Edition.L1997 else \
                "a trick that could not be lost"
            what += f" A concession of {trick} by any normal play is cancelled within {_PERIOD[stage.edition]}."
        else:
            what += " No trick conceded was beyond losing on a normal line: the concession stands."
        text = "\n".join([what, f"The worst normal line: {stage.text}"])
        return Ruling("Concession reviewed", "71", stage.edition, c, None, _review_options(stage), (), text,
                      role=CLAIMER)
    grounds = {Edition.L2017: "69B1: a trick his side had in fact won; 69B2: a trick his side would likely have won "
                              "had play continued",
               Edition.L2007: "69B1: a trick his side had in fact won; 69B2: a trick his side would likely have won "
                              "had play continued",
               Edition.L1997: "a trick his side would likely have won had play continued (Law 69B)"}[stage.edition]
    best = min(stage.tricks, stage.floor)
    what = (f"Law 69B: {name(stage.offender)} withdraws agreement to {name(c)}'s claim of {stage.tricks} of the "
            f"{stage.left} tricks, within {_PERIOD[stage.edition]}. Grounds: {grounds}. On the claimer's worst normal "
            f"line {mine} take {stage.floor}: at most {stage.tricks - best} trick(s) can go back to {theirs}; the "
            "director judges which of them were likely.")
    q = Question("tricks", f"How many of the {stage.left} tricks go to {name(c)}'s side? (proposed: {best})",
                 (str(best), *(str(i) for i in range(stage.tricks + 1) if i != best)), "69B")
    text = "\n".join([what, f"The worst normal line: {stage.text}"])
    return Ruling("Agreement withdrawn", "69B", stage.edition, stage.offender, None, _review_options(stage), (q,),
                  text, role=WITHDRAWN_BY)


def _rescore(state: TableState, stage: ClaimReview, claimer_tricks: int, reason: str) -> TableState:
    play = the_play(state)
    at = _before_claim(play)
    won = at.tricks_won(stage.claimer.side) + claimer_tricks
    declarer = won if stage.claimer.side == play.contract.side else 13 - won
    adj = Adjustment(stage.law, declarer, reason)
    s = state.but(pending=None, period=replace(state.period, adjustments=(*state.period.adjustments, adj)))
    return record(s, stage.law, "Tricks entered by the director", play.contract.declarer,
                  f"declarer credited with {declarer} tricks: {reason}", stage.edition)


@resolve.register
def _resolve_review(stage: ClaimReview, state: TableState, event: Event) -> TableState:
    ruling = _describe_review(stage, state)
    if isinstance(event, Choice) and any(o.key == event.option for o in ruling.options):
        if event.option == "cancel":
            return _rescore(state, stage, stage.floor, f"Law 71: the concession of {stage.floor - stage.tricks} "
                            "trick(s) that could not be lost by any normal play is cancelled")
        return record(state.but(pending=None), stage.law, ruling.irregularity, stage.offender,
                      "the score stands", stage.edition)
    if isinstance(event, Judgement) and event.question == "tricks" and stage.law == "69B" \
            and is_whole(event.answer.strip()) and int(event.answer) <= stage.tricks:
        n = int(event.answer)
        return _rescore(state, stage, n, f"Law 69B: agreement withdrawn, {name(stage.claimer)}'s side credited with "
                        f"{n} of the {stage.left} tricks claimed")
    raise refuse(ruling, event)


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
