"""Law 70: the worst normal line of a claim, for any number of tricks left.

The director awards the claimer's side the tricks it takes on the worst *normal* line consistent with the
statement (70A: doubtful points go to the non-claimers; 70D: no successful unstated line while a less successful
normal one exists); "normal" is play careless or inferior for the class of player, never irrational (the 1997
footnote says so in words; 2007 and 2017 keep the meaning).  The engine follows the statement read as a plan
(``claim_text.read_statement``) and, where it is silent, tries each normal card of the claimer's side:

* a lead is the top card of a side suit, in any order (seed 001, guideline A: the order worst for the claimer);
  also its lowest card where exactly one outstanding card beats it — a card he may have forgotten, so the low card
  first is careless, not irrational (70A) — unless the Regulating Authority has the suit played from the top down
  (2017 70E2, ``top_down``); trumps are led to draw them only when the statement says so or mentions the
  opponents' trumps; a claimer who did not mention an outstanding trump may lead a high trump (A, K, Q) as a
  safety check (guideline C), never a low one to draw a trump he was likely unaware of (70C, guideline B); with
  no trump outstanding he is not made to lead trumps (guideline D);
* following suit: the lowest card under partner's sure winner; second hand, the highest or the lowest card; third
  or fourth hand, the cheapest card that wins the trick for certain (a master of the suit, or any winning card
  when last to play or when the player still to play has shown out: 70E's exception) — or, where that card is a
  master, his top card of the suit too (a winner spent carelessly) — else the highest or the lowest card — never
  an unstated finesse (70E), never a trick thrown away that a master would win;
* void in the suit led: the lowest or the highest trump that wins the trick, or the lowest loser of a side suit;
  a winner is discarded only when no loser is held and no ruff wins; partner's sure winner is not ruffed.

Law 71 (``concession``): a side that conceded tricks did not count its winners, so its careless plays are wider:
any lead, the top or the lowest card of each side suit (and its top trump), and, void in the suit led, the lowest
card of any side suit — a winner included — as well as a ruff.  A conceded trick comes back only when no such line
loses it.  It never revokes, follows suit as above and knows every trump (no statement binds it).

The opponents defend double dummy: at their turn they play a card that is best for them against best play (the
``dd`` extra, endplay; without it a small end position is solved here), one card of each group of equals.  The
award is the minimum over those lines; it never exceeds the double-dummy result, since the claimer's side always
keeps a normal card and the opponents always a double-dummy card.  The search memoises positions and stops early
when a line reaches a certain lower bound (tricks no line can lose: master trumps, or every card a winner).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..errors import BridgeError
from ..model import Card, Play, Rank, Seat, Suit, Trick
from .claim_text import Action, Plan, Step, read_statement

SUITS = tuple(0x1FFF << (13 * s) for s in range(4))
ALL = (1 << 52) - 1
_LOCK = threading.Lock()
#: the normal cards tried at each turn in the successive searches (see ``_Search.solve``)
WIDTHS = (1, 2, 3, 13)
#: the largest end position solved without endplay (tricks left), and searched with every normal card and every
#: double-dummy reply throughout
SMALL = 5
#: in a larger position, the tricks left from which every normal card and every double-dummy reply is tried
NEAR = 3
#: the positions a search examines at most (about a second on a small machine)
BUDGET = 8_000


def index(card: Card) -> int:
    """The card's bit number: 13 per suit, clubs first, the two lowest."""
    return int(card.suit) * 13 + int(card.rank) - 2


def card_at(i: int) -> Card:
    return Card(Suit(i // 13), Rank(i % 13 + 2))


def bits(mask: int) -> Iterator[int]:
    """The bit numbers of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def _low(mask: int) -> int:
    return (mask & -mask).bit_length() - 1


def _high(mask: int) -> int:
    return mask.bit_length() - 1


def _above(i: int) -> int:
    """The cards of ``i``'s suit ranking above it."""
    return SUITS[i // 13] & ~((2 << i) - 1)


def winning(trick: tuple[int, ...], trump: int) -> int:
    """Law 44: the index of the card winning ``trick`` (the highest trump, else the highest of the suit led)."""
    best = 0
    for k in range(1, len(trick)):
        c, b = trick[k], trick[best]
        if c // 13 == b // 13:
            if c > b:
                best = k
        elif c // 13 == trump:
            best = k
    return best


def _beats(c: int, top: int, trump: int) -> bool:
    if c // 13 == top // 13:
        return c > top
    return c // 13 == trump


def legal(hand: int, trick: tuple[int, ...]) -> int:
    """Law 44C: the cards of ``hand`` that may be played to ``trick``."""
    if not trick:
        return hand
    follow = hand & SUITS[trick[0] // 13]
    return follow or hand


def canon(c: int, hand: int, live: int) -> int:
    """The lowest card of ``hand`` equal to ``c``: every card between them is in ``hand`` or already gone."""
    base, rep, k = (c // 13) * 13, c, c - 1
    while k >= base:
        b = 1 << k
        if hand & b:
            rep = k
        elif live & b:
            break
        k -= 1
    return rep


def distinct(cards: list[int], hand: int, live: int) -> list[int]:
    """``cards`` without repeats and without a card equal to one before it."""
    seen: set[int] = set()
    out: list[int] = []
    for c in cards:
        rep = canon(c, hand, live)
        if rep not in seen:
            seen.add(rep)
            out.append(c)
    return out


def _pop(mask: int) -> int:
    return bin(mask).count("1")


# ----- double dummy ----------------------------------------------------------------------------------------------
Node = tuple[tuple[int, int, int, int], int, tuple[int, ...]]


class Oracle:
    """Double-dummy answers for positions of one deal: for each card the player to play may play, the tricks his
    side takes from there with best play by all four (the trick in progress included)."""

    def __init__(self, trump: int) -> None:
        self.trump = trump
        self.cache: dict[Node, dict[int, int]] = {}
        self.calls = 0

    def values(self, node: Node) -> dict[int, int]:
        """Card -> tricks for the side to play, from ``node``."""
        found = self.cache.get(node)
        if found is None:
            found = self._solve(node)
            self.cache[node] = found
            self.calls += 1
        return found

    def reply(self, node: Node) -> tuple[int, int]:
        """One card that is best for the side to play (``_preferred``), and its tricks."""
        values = self.values(node)
        top = max(values.values())
        return _preferred(node, {c: v for c, v in values.items() if v == top}, self.trump), top

    def _solve(self, node: Node) -> dict[int, int]:
        raise NotImplementedError


def _preferred(node: Node, optimal: dict[int, int], trump: int) -> int:
    """Among the best cards, the one an opponent plays: the cheapest that wins the trick so far, else the lowest."""
    _hands, _leader, trick = node
    if trick:
        top = trick[winning(trick, trump)]
        winners = [c for c in optimal if _beats(c, top, trump)]
        if winners:
            return min(winners, key=lambda c: (c // 13 == trump, c % 13, c))
    return min(optimal, key=lambda c: (c % 13, c))


class PythonOracle(Oracle):
    """Double dummy by exhaustive search with memoisation: for end positions of up to ``SMALL`` tricks."""

    def __init__(self, trump: int) -> None:
        super().__init__(trump)
        self.memo: dict[Node, int] = {}

    def _value(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...]) -> int:
        """Tricks for the side of the player to play, from here on (the trick in progress included)."""
        if not trick and not any(hands):
            return 0
        key = (hands, leader, trick)
        if key in self.memo:
            return self.memo[key]
        best = -1
        for c in self._moves(hands, leader, trick):
            best = max(best, self._after(hands, leader, trick, c))
        self.memo[key] = best
        return best

    def _moves(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...]) -> list[int]:
        seat = (leader + len(trick)) % 4
        live = hands[0] | hands[1] | hands[2] | hands[3]
        for c in trick:
            live |= 1 << c
        return distinct(list(bits(legal(hands[seat], trick))), hands[seat], live)

    def _after(self, hands: tuple[int, int, int, int], leader: int, trick: tuple[int, ...], c: int) -> int:
        """The mover's side's tricks after playing ``c``."""
        seat = (leader + len(trick)) % 4
        h = list(hands)
        h[seat] &= ~(1 << c)
        nh = (h[0], h[1], h[2], h[3])
        t = (*trick, c)
        if len(t) < 4:
            nxt = (leader + len(t)) % 4
            rest = self._value(nh, leader, t)
            return rest if nxt % 2 == seat % 2 else _left(nh, t) - rest
        w = (leader + winning(t, self.trump)) % 4
        won = 1 if w % 2 == seat % 2 else 0
        rest = self._value(nh, w, ())
        return won + (rest if w % 2 == seat % 2 else _left(nh, ()) - rest)

    def _solve(self, node: Node) -> dict[int, int]:
        hands, leader, trick = node
        if _left(hands, trick) > SMALL:
            raise BridgeError(f"the double-dummy search needs endplay for more than {SMALL} tricks: "
                              "pip install 'bridge-director[dd]'", law="70")
        seat = (leader + len(trick)) % 4
        return {c: self._after(hands, leader, trick, c) for c in bits(legal(hands[seat], trick))}


def _left(hands: tuple[int, int, int, int], trick: tuple[int, ...]) -> int:
    """Tricks left: the one in progress and those not begun."""
    cards = _pop(hands[0] | hands[1] | hands[2] | hands[3]) + len(trick)
    return (cards + 3) // 4


class EndplayOracle(Oracle):
    """Double dummy by the DDS solver that endplay ships (its low-level binding, fed bit masks directly); the
    positions of one deal share the solver's memory, so each is quick."""

    def __init__(self, trump: int) -> None:
        super().__init__(trump)
        from endplay import _dds
        self._dds = _dds
        self.replies: dict[Node, tuple[int, int]] = {}

    def _run(self, node: Node, solutions: int) -> object:
        hands, leader, trick = node
        dl = self._dds.deal()
        dl.trump = 4 if self.trump < 0 else 3 - self.trump
        dl.first = leader
        for k, c in enumerate(trick):
            dl.currentTrickSuit[k] = 3 - c // 13
            dl.currentTrickRank[k] = c % 13 + 2
        for seat in range(4):
            for suit in range(4):
                dl.remainCards[seat][3 - suit] = ((hands[seat] >> (13 * suit)) & 0x1FFF) << 2
        fut = self._dds.futureTricks()
        with _LOCK:
            self._dds.SolveBoard(dl, -1, solutions, 1, fut, 0)
        return fut

    def _solve(self, node: Node) -> dict[int, int]:
        fut: Any = self._run(node, 3)
        out: dict[int, int] = {}
        for i in range(fut.cards):
            suit = 3 - fut.suit[i]
            held = (1 << fut.rank[i]) | fut.equals[i]
            for r in range(2, 15):
                if held >> r & 1:
                    out[suit * 13 + r - 2] = fut.score[i]
        return out

    def reply(self, node: Node) -> tuple[int, int]:
        found = self.replies.get(node)
        if found is None:
            if node in self.cache:
                return super().reply(node)
            fut: Any = self._run(node, 2)
            self.calls += 1
            optimal: dict[int, int] = {}
            for i in range(fut.cards):
                suit = 3 - fut.suit[i]
                held = (1 << fut.rank[i]) | fut.equals[i]
                for r in range(2, 15):
                    if held >> r & 1:
                        optimal[suit * 13 + r - 2] = fut.score[i]
            found = (_preferred(node, optimal, self.trump), max(optimal.values()))
            self.replies[node] = found
        return found


def oracle_for(trump: int, tricks_left: int) -> Oracle:
    """Endplay's solver when installed; otherwise the exhaustive one, for end positions of ``SMALL`` tricks or
    fewer (a ``BridgeError`` names the remedy beyond)."""
    try:
        return EndplayOracle(trump)
    except ImportError:
        if tricks_left > SMALL:
            raise BridgeError(f"the worst normal line of {tricks_left} tricks needs endplay: "
                              "pip install 'bridge-director[dd]'", law="70") from None
        return PythonOracle(trump)


# ----- the worst normal line ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Line:
    """The worst normal line found: the claimer's side's ``tricks`` of ``left``, and the cards, trick by trick from
    the position of the claim (the trick in progress first, with the cards already played to it); ``concession``:
    searched as the line of a side that conceded (Law 71); ``played_before``: the cards of the first trick played
    before the claim."""

    claimer: Seat
    tricks: int
    left: int
    tricks_played: tuple[Trick, ...]
    aware: bool
    outstanding: tuple[Card, ...]
    plan: Plan
    nodes: int = 0
    dd_calls: int = 0
    complete: bool = True
    concession: bool = False
    played_before: int = 0

    def lost(self, trump: Suit | None) -> list[tuple[int, Trick]]:
        """The tricks of the line the claimer's side loses, each with its number counted from the claim (1 = the
        trick in progress or the next one)."""
        return [(n, t) for n, t in enumerate(self.tricks_played, 1)
                if t.complete and t.winner(trump).side != self.claimer.side]


class State(NamedTuple):
    """A node of the search: the hands left (masks by seat), the leader of the trick in progress (or of the next
    trick) and its cards, the suits each player has shown out of (bit ``seat * 4 + suit``), the plan's current step
    and how often it has been done, and the suit the claimer's side is running (-1: none; guideline A)."""

    hands: tuple[int, int, int, int]
    leader: int
    trick: tuple[int, ...]
    shown: int
    step: int
    times: int
    run: int

    @property
    def seat(self) -> int:
        return (self.leader + len(self.trick)) % 4

    @property
    def live(self) -> int:
        """The cards not yet gone: in the hands or on the trick in progress."""
        live = self.hands[0] | self.hands[1] | self.hands[2] | self.hands[3]
        for c in self.trick:
            live |= 1 << c
        return live


_RELATIVE: dict[tuple[int, int], int] = {}


def _relative(live: int, sub: int) -> int:
    """``sub`` (a subset of the 13-bit suit holding ``live``) renumbered by rank among ``live``, from the ace down:
    only the order of the cards left matters to the play."""
    key = (live, sub)
    found = _RELATIVE.get(key)
    if found is None:
        found, rank = 0, 12
        for r in range(12, -1, -1):
            if live >> r & 1:
                if sub >> r & 1:
                    found |= 1 << rank
                rank -= 1
        if len(_RELATIVE) < 200_000:
            _RELATIVE[key] = found
    return found


@dataclass(slots=True)
class _Search:
    """One adjudication: the claimer's side's normal cards against double-dummy replies, memoised."""

    claimer: int
    trump: int
    steps: tuple[Step, ...]
    said: int
    aware: bool
    dummy: int
    oracle: Oracle
    budget: int = BUDGET
    every: int = SMALL
    width: int = 13
    cuts: int = 0
    exact: dict[tuple[object, ...], int] = field(default_factory=dict)
    memo: dict[tuple[object, ...], int] = field(default_factory=dict)
    nodes: int = 0
    complete: bool = True
    planned: int = 0
    high_trumps: int = 0
    concession: bool = False
    top_down: bool = False

    def __post_init__(self) -> None:
        for s in self.steps:
            if s.card is not None:
                self.planned |= 1 << index(s.card)
        if self.trump >= 0:
            self.high_trumps = sum(1 << (self.trump * 13 + r - 2) for r in (Rank.QUEEN, Rank.KING, Rank.ACE))

    # ----- the position's facts -----------------------------------------------------------------------------
    def mine(self, seat: int) -> bool:
        return seat % 2 == self.claimer % 2

    def opponents(self, hands: tuple[int, int, int, int]) -> int:
        return hands[(self.claimer + 1) % 4] | hands[(self.claimer + 3) % 4]

    def side(self, hands: tuple[int, int, int, int]) -> int:
        return hands[self.claimer] | hands[(self.claimer + 2) % 4]

    @staticmethod
    def master(c: int, opp: int) -> bool:
        """No opponent holds a higher card of ``c``'s suit (a fact the claimer can count)."""
        return not opp & _above(c)

    def has_master(self, holding: int, opp: int) -> bool:
        """``holding`` (cards of one suit) includes a card no opponent can beat in the suit."""
        return bool(holding) and self.master(_high(holding), opp)

    def key(self, st: State) -> tuple[object, ...]:
        """The memo key.  Between tricks, the position with the ranks renumbered among the cards left (equal
        positions reached by different cards meet), plus what is not relative: the cards the plan names and the
        claimer's side's high trumps (guideline C); within a trick, the position as it is."""
        hands = st.hands
        if st.trick:
            return (*hands, st.leader, st.trick, st.shown, st.step, st.times, st.run)
        live = hands[0] | hands[1] | hands[2] | hands[3]
        out = [0, 0, 0, 0]
        for s in range(4):
            shift = 13 * s
            suit_live = (live >> shift) & 0x1FFF
            if suit_live:
                for k in range(4):
                    sub = (hands[k] >> shift) & 0x1FFF
                    if sub:
                        out[k] |= _relative(suit_live, sub) << shift
        fixed = live & (self.planned | (self.high_trumps & self.side(hands)))
        return (*out, st.leader, fixed, st.shown, st.step, st.times, st.run)

    # ----- the plan -----------------------------------------------------------------------------------------
    def ruffer(self, s: Step) -> int:
        if s.where == "dummy" and self.mine(self.dummy):
            return self.dummy
        if s.where == "hand":
            return self.claimer if self.claimer != self.dummy else (self.claimer + 2) % 4
        return -1

    def done(self, step: int, count: int, hands: tuple[int, int, int, int]) -> bool:
        s = self.steps[step]
        side, opp = self.side(hands), self.opponents(hands)
        t = SUITS[self.trump] if self.trump >= 0 else 0
        if s.action is Action.CARD:
            return s.card is None or not side & (1 << index(s.card))
        if s.action is Action.DRAW:
            return not (opp & t) or not (side & t)
        suit = SUITS[int(s.suit)] if s.suit is not None else 0
        if s.action is Action.CASH:
            return not any(self.master(c, opp) for c in bits(side & suit))
        if s.action is Action.RUFF:
            r = self.ruffer(s)
            ruffers = [r] if r >= 0 else [self.claimer, (self.claimer + 2) % 4]
            can = any(hands[x] & t and hands[(x + 2) % 4] & suit for x in ruffers)
            return count >= s.times or not can
        if s.action is Action.CONCEDE:
            return count >= s.times or not side & suit
        if s.card is not None:  # a finesse of a card
            return not side & (1 << index(s.card))
        return count >= 1 or not side & suit

    def advance(self, step: int, count: int, hands: tuple[int, int, int, int]) -> tuple[int, int]:
        while step < len(self.steps) and self.done(step, count, hands):
            step, count = step + 1, 0
        return step, count

    def counted(self, step: int, trick: tuple[int, ...], leader: int) -> bool:
        """True if the complete ``trick`` counts towards the current ruff, concession or finesse step."""
        if step >= len(self.steps):
            return False
        s = self.steps[step]
        if s.suit is None or trick[0] // 13 != int(s.suit):
            return False
        if s.action is Action.RUFF:
            return any(self.mine((leader + k) % 4) and c // 13 == self.trump for k, c in enumerate(trick))
        return s.action in (Action.CONCEDE, Action.FINESSE) and self.mine(leader)

    # ----- the claimer's side's cards --------------------------------------------------------------------------
    def partner_sure(self, st: State) -> bool:
        """Partner is winning the trick and no opponent still to play can beat his card."""
        trick = st.trick
        if not trick:
            return False
        win = winning(trick, self.trump)
        if (st.leader + win) % 4 != (st.seat + 2) % 4:
            return False
        top = trick[win]
        for k in range(len(trick) + 1, 4):
            if any(_beats(c, top, self.trump) for c in bits(legal(st.hands[(st.leader + k) % 4], trick))):
                return False
        return True

    def leads(self, st: State, hand: int, opp: int, tmask: int) -> list[int]:
        """The claimer's normal leads (see the module's rules)."""
        if st.run >= 0:
            holding = hand & SUITS[st.run]
            if holding and self.master(_high(holding), opp):
                return [_high(holding), *self.careless_low(holding, opp)]  # guideline A: a suit begun is run
        partner = st.hands[(st.seat + 2) % 4]
        tops = [_high(hand & SUITS[s]) for s in range(4) if s != self.trump and hand & SUITS[s]]
        good = [c for c in tops if _pop(opp & _above(c)) <= 1 or self.has_master(partner & SUITS[c // 13], opp)]
        mine = hand & tmask
        safety: list[int] = []
        if mine and opp & tmask:
            safety = [_high(mine)] if self.aware else list(bits(mine & self.high_trumps))
        if good or safety:
            tops = good  # no winner in either hand, two or more cards over it: led only when nothing else is
        lows = [low for c in good for low in self.careless_low(hand & SUITS[c // 13], opp)]
        return tops + lows + safety or list(bits(hand))

    def careless_low(self, holding: int, opp: int) -> list[int]:
        """70A: the lowest card of ``holding`` (one suit of the hand on lead) led before its top where exactly one
        outstanding card beats it — a card the claimer may have forgotten, so leading low is careless, not
        irrational; none where the Regulating Authority has the suit played from the top down (2017 70E2)."""
        if self.top_down or not holding & (holding - 1):
            return []
        low = _low(holding)
        return [low] if _pop(opp & _above(low)) == 1 else []

    def conceders_leads(self, hand: int) -> list[int]:
        """Law 71: the leads a side that conceded adds to a claimer's — the top or the lowest card of each side
        suit, in any order, and the top trump (a low trump led for nothing stays irrational: seed 001)."""
        out: list[int] = []
        for s in range(4):
            holding = hand & SUITS[s]
            if holding:
                out.append(_high(holding))
                if s != self.trump and holding & (holding - 1):
                    out.append(_low(holding))
        return out

    def normal(self, st: State) -> list[int]:
        """The normal cards of the claimer's side's player to play (see the module's rules)."""
        hands, trick, trump = st.hands, st.trick, self.trump
        hand, opp = hands[st.seat], self.opponents(hands)
        tmask = SUITS[trump] if trump >= 0 else 0
        if not trick:
            leads = self.leads(st, hand, opp, tmask)
            return list(dict.fromkeys(leads + self.conceders_leads(hand))) if self.concession else leads
        led = trick[0] // 13
        follow = hand & SUITS[led]
        sure = self.partner_sure(st)
        top = trick[winning(trick, trump)]
        if follow:
            if sure:
                return [_low(follow)]
            hi, lo = _high(follow), _low(follow)
            if not _beats(hi, top, trump):
                return [lo]  # nothing wins the trick: a high card is not thrown away
            if len(trick) == 1:
                return [hi, lo]
            after = (st.leader + 3) % 4
            out = len(trick) == 3 or bool(st.shown >> (after * 4 + led) & 1)
            safe = [c for c in bits(follow) if _beats(c, top, trump) and (out or self.master(c, opp))]
            if safe:
                cheapest = safe[0]
                return [cheapest, hi] if self.master(cheapest, opp) and hi != cheapest else [cheapest]
            return [hi, lo]
        trumps = hand & tmask
        lows = [_low(hand & SUITS[s]) for s in range(4) if s != trump and hand & SUITS[s]]
        losers = lows if self.concession else [c for c in lows if not self.master(c, opp)]
        if sure:
            return losers or lows or [_low(trumps)]
        wins = [c for c in bits(trumps) if _beats(c, top, trump)]
        ruffs = [wins[0], wins[-1]] if wins else []
        if losers or ruffs:
            return ruffs + losers
        return lows + ([_low(trumps)] if trumps else [])

    def stated(self, st: State) -> list[int] | None:
        """The card(s) the current step of the plan prescribes at this turn, or None where it is silent."""
        if st.step >= len(self.steps):
            return None
        s = self.steps[st.step]
        hands, trick, seat = st.hands, st.trick, st.seat
        hand, partner = hands[seat], (seat + 2) % 4
        tmask = SUITS[self.trump] if self.trump >= 0 else 0
        suit = SUITS[int(s.suit)] if s.suit is not None else 0
        if s.action is Action.CARD and s.card is not None:
            c = index(s.card)
            k = (partner - st.leader) % 4
            on_partners = k < len(trick) and bool(self.said >> trick[k] & 1) and c // 13 == trick[0] // 13
            return [c] if legal(hand, trick) >> c & 1 and not on_partners else None
        if not trick:
            return self._stated_lead(s, st, hand, partner, tmask, suit)
        led = trick[0] // 13
        if s.suit is None or led != int(s.suit) or self.partner_sure(st):
            return None
        top = trick[winning(trick, self.trump)]
        if s.action is Action.RUFF and not hand & suit and hand & tmask and self.ruffer(s) in (-1, seat):
            wins = [c for c in bits(hand & tmask) if _beats(c, top, self.trump)]
            return [wins[0] if wins else _low(hand & tmask)]
        if s.action is Action.FINESSE and hand & suit and len(trick) >= 2:
            beating = [c for c in bits(hand & suit) if _beats(c, top, self.trump)]
            if s.card is not None and index(s.card) in beating:
                return [index(s.card)]
            if s.card is None and beating:
                return [beating[0]]
        return None

    def _stated_lead(self, s: Step, st: State, hand: int, partner: int, tmask: int, suit: int) -> list[int] | None:
        hands = st.hands
        if s.action is Action.DRAW and hand & tmask:
            return [_high(hand & tmask)]
        if not hand & suit:
            return None
        if s.action is Action.CASH:
            return [_high(hand & suit)]
        if s.action is Action.CONCEDE:
            return [_low(hand & suit)]
        if s.action is Action.RUFF:
            r = self.ruffer(s)
            if (r >= 0 and r == partner) or (r < 0 and not hands[partner] & suit and hands[partner] & tmask):
                return [_low(hand & suit)]
        if s.action is Action.FINESSE:
            target = index(s.card) if s.card is not None else -1
            if (target >= 0 and hands[partner] >> target & 1) or \
                    (target < 0 and hands[partner] & suit and _high(hands[partner] & suit) > _high(hand & suit)):
                return [_low(hand & suit)]
        return None

    def choices(self, st: State) -> list[int]:
        """The claimer's side's cards at this turn: the stated one, else the normal ones (keeping the cards the plan
        names for later where he can), one of each group of equals."""
        hand, live = st.hands[st.seat], st.live
        forced = self.stated(st)
        if forced:
            return distinct(forced, hand, live)
        cards = self.normal(st)
        pending = 0
        for s in self.steps[st.step:]:
            if s.action is Action.CARD and s.card is not None:
                pending |= 1 << index(s.card)
        kept = [c for c in cards if not pending >> c & 1] or cards
        return distinct(kept, hand, live)

    # ----- bounds -----------------------------------------------------------------------------------------------
    def floor(self, st: State) -> int:
        """Tricks the claimer's side takes on every line: its master trumps in one hand (each wins its trick), or
        every trick when it is on lead with only winners and the opponents hold no trump."""
        hands, trick = st.hands, st.trick
        t = SUITS[self.trump] if self.trump >= 0 else 0
        opp = self.opponents(hands) & t
        if not opp and not trick and self.mine(st.leader) and self._all_winners(hands):
            return _left(hands, trick)
        if not t:
            return 0
        threats = opp
        for c in trick:
            threats |= (1 << c) & t
        masters = t & ~((2 << _high(threats)) - 1) if threats else t
        return max(_pop(hands[self.claimer] & masters), _pop(hands[(self.claimer + 2) % 4] & masters))

    def _all_winners(self, hands: tuple[int, int, int, int]) -> bool:
        side, opp = self.side(hands), self.opponents(hands)
        for s in range(4):
            mine, theirs = side & SUITS[s], opp & SUITS[s]
            if mine and theirs and _low(mine) < _high(theirs):
                return False
        return True

    # ----- the search -------------------------------------------------------------------------------------------
    def play(self, st: State, c: int) -> tuple[int, State]:
        """The claimer's side's trick won (0 or 1) and the state after ``c`` is played."""
        seat, trick = st.seat, st.trick
        h = list(st.hands)
        h[seat] &= ~(1 << c)
        hands = (h[0], h[1], h[2], h[3])
        shown = st.shown
        if trick and c // 13 != trick[0] // 13:
            shown |= 1 << (seat * 4 + trick[0] // 13)
        t = (*trick, c)
        if len(t) < 4:
            return 0, State(hands, st.leader, t, shown, st.step, st.times, st.run)
        w = (st.leader + winning(t, self.trump)) % 4
        count = st.times + 1 if self.counted(st.step, t, st.leader) else st.times
        step, count = self.advance(st.step, count, hands)
        led = t[0] // 13
        run = led if self.mine(st.leader) and self.mine(w) and (led != self.trump or self.aware) else -1
        return (1 if self.mine(w) else 0), State(hands, w, (), shown, step, count, run)

    def moves(self, st: State) -> tuple[list[int], int]:
        """The cards tried at this node and the double-dummy ceiling (the claimer's side's tricks with best play from
        here; the number of tricks left where no double-dummy answer was needed).  Beyond ``every`` tricks left the
        claimer's side tries its ``width`` normal cards that lose most double dummy, and each opponent plays the
        solver's best card; nearer the end every normal card and every best reply is tried."""
        left = _left(st.hands, st.trick)
        node = (st.hands, st.leader, st.trick)
        if self.mine(st.seat):
            cards = self.choices(st)
            if len(cards) <= self.width or left <= self.every:
                return cards, left
            values = self.oracle.values(node)
            cards.sort(key=lambda c: values[c])
            self.cuts += 1
            return cards[:self.width], max(values.values())
        hand, live = st.hands[st.seat], st.live
        options = distinct(list(bits(legal(hand, st.trick))), hand, live)
        if len(options) == 1:
            return options, left
        if left > self.every:
            card, value = self.oracle.reply(node)
            return [card], left - value
        values = self.oracle.values(node)
        top = max(values.values())
        return [c for c in options if values[c] == top], left - top

    def worst(self, st: State) -> int:
        """The claimer's side's tricks from here on the worst normal line (the trick in progress included).  A value
        found with every normal card tried below it is kept for the later searches (``exact``)."""
        if not st.trick and not any(st.hands):
            return 0
        key = self.key(st)
        found = self.exact.get(key)
        if found is not None:
            return found
        found = self.memo.get(key)
        if found is not None:
            self.cuts += 1  # found with fewer cards tried: a value built on it is not exact either
            return found
        self.nodes += 1
        floor = self.floor(st)
        if floor == _left(st.hands, st.trick):
            self.exact[key] = floor
            return floor
        cuts = self.cuts
        cards, ceiling = self.moves(st)
        if ceiling <= floor:
            self.exact[key] = ceiling
            return ceiling
        best = ceiling + 1
        for c in cards:
            won, nxt = self.play(st, c)
            best = min(best, won + self.worst(nxt))
            if best <= floor:
                break
            if self.nodes > self.budget:
                self.cuts += 1
                break
        (self.exact if self.cuts == cuts else self.memo)[key] = best
        return best

    def line(self, st: State) -> list[tuple[int, int]]:
        """The worst line found, as (seat, card) pairs from the position of the claim: at each turn a card whose
        continuation keeps the value found (the memo holds positions up to equal cards, so the card is found
        again here)."""
        out: list[tuple[int, int]] = []
        while st.trick or any(st.hands):
            target = self.worst(st)
            cards = self.moves(st)[0]
            move, after = cards[0], None
            for c in cards:
                won, nxt = self.play(st, c)
                if won + self.worst(nxt) == target:
                    move, after = c, nxt
                    break
            out.append((st.seat, move))
            st = after if after is not None else self.play(st, move)[1]
        return out

    def solve(self, start: State) -> tuple[int, list[tuple[int, int]]]:
        """The worst normal line: searched again with more normal cards tried at each turn (1, 2, 3, then all)
        until a search tries them all or the budget of positions is spent; the lowest count found stands."""
        best: tuple[int, list[tuple[int, int]]] | None = None
        for width in WIDTHS:
            self.width, self.memo, self.cuts = width, {}, 0
            value = self.worst(start)
            if best is None or value < best[0]:
                best = (value, self.line(start))
            if not self.cuts or self.nodes > self.budget:
                break
        assert best is not None
        self.complete = not self.cuts
        return best


def _position(play: Play) -> tuple[tuple[int, int, int, int], int, tuple[int, ...], int]:
    """The play's remaining hands as masks, the leader of the trick in progress (or the next leader), its cards,
    and the suits each player has shown out of in the tricks played (bit ``seat * 4 + suit``)."""
    masks = [0, 0, 0, 0]
    for seat in Seat:
        for card in play.hands[seat].cards:
            masks[int(seat)] |= 1 << index(card)
    trick = play.current
    shown = 0
    for t in play.tricks:
        if not t.cards:
            continue
        led = t.cards[0].suit
        for k, card in enumerate(t.cards):
            if card.suit != led:
                shown |= 1 << (int(t.seat_of(k)) * 4 + int(led))
    if trick.complete or not trick.cards:
        return (masks[0], masks[1], masks[2], masks[3]), int(play.next_seat), (), shown
    return (masks[0], masks[1], masks[2], masks[3]), int(trick.leader), tuple(index(c) for c in trick.cards), shown


def careless_leads(play: Play, claimer: Seat) -> list[tuple[Card, Card, Card]]:
    """70A: each side suit in which a hand of ``claimer``'s side could lead its lowest card before a higher one while
    exactly one outstanding card beats it (careless, not irrational): the low card, the hand's top card of the suit
    and the card that beats it."""
    out: list[tuple[Card, Card, Card]] = []
    outstanding = [c for s in (claimer.lho, claimer.rho) for c in play.hands[s].cards]
    for seat in (claimer, claimer.partner):
        for suit in Suit:
            held = play.hands[seat].holding(suit)
            if suit == play.trump or len(held) < 2:
                continue
            low, top = min(held, key=lambda c: c.rank), max(held, key=lambda c: c.rank)
            over = [c for c in outstanding if c.suit == suit and c.rank > low.rank]
            if len(over) == 1:
                out.append((low, top, over[0]))
    return out


def aware_of_trumps(play: Play, claimer: Seat, plan: Plan) -> bool:
    """70C: the claimer spoke of the opponents' trumps — the statement mentions trumps or names an outstanding
    trump — or none is outstanding."""
    trump = play.trump
    if trump is None:
        return True
    outstanding = [c for s in (claimer.lho, claimer.rho) for c in play.hands[s].holding(trump)]
    return not outstanding or plan.mentions_trumps or any(c in outstanding for c in plan.named)


def start_search(play: Play, claimer: Seat, plan: Plan, *, oracle_factory: Callable[[int, int], Oracle] = oracle_for,
                 budget: int = BUDGET, every: int | None = None, concession: bool = False,
                 top_down: bool = False) -> tuple[_Search, State]:
    """The search ``worst_line`` runs and the state it starts from (for a caller that walks the lines itself)."""
    trump = -1 if play.trump is None else int(play.trump)
    hands, leader, trick, shown = _position(play)
    left = _left(hands, trick)
    said = 0
    for card in plan.cards:
        said |= 1 << index(card)
    aware = concession or aware_of_trumps(play, claimer, plan)
    search = _Search(int(claimer), trump, plan.steps, said, aware, int(play.contract.declarer.partner),
                     oracle_factory(trump, left), budget, (left if left <= SMALL else NEAR) if every is None else every,
                     concession=concession, top_down=top_down)
    step, count = search.advance(0, 0, hands)
    return search, State(hands, leader, trick, shown, step, count, -1)


def worst_line(play: Play, claimer: Seat, plan: Plan | str = "",
               oracle_factory: Callable[[int, int], Oracle] = oracle_for, budget: int = BUDGET,
               every: int | None = None, *, concession: bool = False, top_down: bool = False) -> Line:
    """Law 70: the worst normal line of ``claimer``'s side from the current position, following ``plan`` (the
    claim statement, read with ``read_statement`` when given as text).  The opponents defend double dummy.
    ``budget`` bounds the positions examined; beyond it the worst line found so far stands (``Line.complete``).

    ``concession``: Law 71 — the side conceded, so its careless lines count as a conceder's (any lead, top or low;
    a winner discarded instead of a ruff), aware of every trump.  ``top_down``: the Regulating Authority has a suit
    not clarified played from the top down (2017 Law 70E2), so no careless low lead is tried for a claim."""
    if isinstance(plan, str):
        plan = read_statement(plan, play.trump)
    search, start = start_search(play, claimer, plan, oracle_factory=oracle_factory, budget=budget, every=every,
                                 concession=concession, top_down=top_down)
    left = _left(start.hands, start.trick)
    outstanding = tuple(c for s in (claimer.lho, claimer.rho) for c in play.hands[s].holding(play.trump)) \
        if play.trump is not None else ()
    tricks, moves = search.solve(start) if left else (0, [])
    played: list[Trick] = []
    current = Trick(Seat(start.leader), tuple(card_at(c) for c in start.trick))
    for _seat, c in moves:
        if current.complete:
            played.append(current)
            current = Trick(current.winner(play.trump))
        current = Trick(current.leader, (*current.cards, card_at(c)))
    if current.cards:
        played.append(current)
    return Line(claimer, tricks, left, tuple(played), search.aware, outstanding, plan, search.nodes,
                search.oracle.calls, search.complete, concession, len(start.trick))
