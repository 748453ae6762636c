"""Property: random play with injected irregularities (wrong cards, leads out of turn, revokes, cards contrary to
a rectification (61A), exposed cards, claims, withdrawals, changes of designation, dummy's acts, defective tricks,
cards played together (58B))
never crashes, always ends with 13 tricks shared, and never transfers more than Law 64 allows."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.engine import Table
from bridge_director.errors import BridgeError
from bridge_director.laws.law42_47 import KINDS, DesignationChanged, DummyAct
from bridge_director.laws.law58 import CardsPlayedTogether
from bridge_director.laws.law65_67 import TrickEntry
from bridge_director.model import FULL_DECK, Deal, Hand, Seat, Side
from bridge_director.table.events import CardExposed, Choice, Judgement
from bridge_director.table.play import CardPlayed, CardWithdrawn, ClaimMade, DummyCardCalled, side_tricks
from bridge_director.table.summary import board_summary

AUCTIONS = ["1NT P P P", "1S P P P", "P 2H P P P", "P P 4S X P P P", "1C P 1D P P P"]


def random_deal(rnd: random.Random) -> Deal:
    cards = list(FULL_DECK)
    rnd.shuffle(cards)
    return Deal.from_hands({s: Hand.of(cards[13 * i:13 * i + 13]) for i, s in enumerate(Seat)})


def attempt(t: Table, event: object) -> bool:
    try:
        t.do(event)  # type: ignore[arg-type]
    except BridgeError:
        return False
    return True


def step(t: Table, rnd: random.Random) -> None:
    s = t.state
    if s.pending is not None:
        r = t.ruling
        assert r is not None and r.text
        if r.questions:
            q = r.questions[0]
            assert attempt(t, Judgement(q.key, rnd.choice(q.answers)))
            return
        keys = [o.key for o in r.options]
        rnd.shuffle(keys)
        assert any(attempt(t, Choice(k, r.chooser)) for k in keys), r.text
        return
    p = s.play
    assert p is not None
    roll = rnd.random()
    seat = p.next_seat
    others = [x for x in Seat if x != seat and len(p.hands[x])]
    if roll < 0.05 and others:
        other = rnd.choice(others)
        if attempt(t, CardPlayed(other, rnd.choice(sorted(p.hands[other].cards)))):
            return
    elif roll < 0.12:
        wrong = [c for c in p.hands[seat].cards if p.revokes(c, seat)]
        if wrong and attempt(t, CardPlayed(seat, rnd.choice(sorted(wrong)))):
            return
    elif roll < 0.15:
        defender = rnd.choice([p.contract.declarer.lho, p.contract.declarer.rho])
        if len(p.hands[defender]) and attempt(t, CardExposed(defender, (rnd.choice(sorted(p.hands[defender].cards)),))):
            return
    elif roll < 0.17:
        left = 13 - len(p.completed_tricks)
        if attempt(t, ClaimMade(rnd.choice(list(Seat)), rnd.randint(0, left))):
            return
    elif roll < 0.20 and seat == p.contract.dummy:
        words = rnd.choice(["high", "low", "win", "spade", "queen", "play anything", "SK", "heart two"])
        if attempt(t, DummyCardCalled(words, t.laws)):
            return
    elif roll < 0.22:
        if attempt(t, CardWithdrawn(rnd.choice(list(Seat)), rnd.choice(["47A", "47B", "47C", "47E1", "47E2"]))):
            return
    elif roll < 0.23:
        if attempt(t, DummyAct(rnd.choice(KINDS), rnd.random() < 0.5, t.laws)):
            return
    elif roll < 0.235 and p.current.cards and not p.current.complete:
        who = p.current.seat_of(len(p.current.cards) - 1)
        if len(p.hands[who]) and attempt(t, DesignationChanged(who, rnd.choice(sorted(p.hands[who].cards)), t.laws)):
            return
    elif roll < 0.24 and p.completed_tricks:
        kind = rnd.choice(["quitted", "too-many", "too-few"])
        if attempt(t, TrickEntry(kind, rnd.choice(list(Seat)), rnd.randint(1, len(p.completed_tricks)), t.laws)):
            return
    elif roll < 0.25 and len(p.hands[seat]) >= 2:
        pair = tuple(rnd.sample(sorted(p.hands[seat].cards), 2))
        if p.current.cards and not p.current.complete and rnd.random() < 0.3:  # found late: a card in the trick
            who = p.current.seat_of(len(p.current.cards) - 1)
            if len(p.hands[who]):
                pair = (p.current.cards[-1], rnd.choice(sorted(p.hands[who].cards)))
                seat = who
        visible = pair if rnd.random() < 0.5 else pair[:1]
        if attempt(t, CardsPlayedTogether(seat, pair, visible, t.laws)):
            return
        seat = p.next_seat
    legal = sorted(p.legal_cards(seat))
    rnd.shuffle(legal)
    rest = sorted(p.hands[seat].cards)
    for card in [*legal, *rest]:
        if attempt(t, CardPlayed(seat, card)):
            return
    raise AssertionError(f"no card of {seat} is accepted: {t.state.period}")


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(AUCTIONS), st.sampled_from(["2017", "2007", "1997"]))
def test_random_play_with_irregularities(seed: int, auction: str, laws: str) -> None:
    rnd = random.Random(seed)
    t = Table(None, dealer="N", vulnerability="None", deal=random_deal(rnd), laws=laws)
    t.auction(auction)
    for _ in range(600):
        if t.state.pending is None and t.state.play is not None and t.state.play.finished:
            break
        step(t, rnd)
    p = t.state.play
    assert p is not None and p.finished and t.state.pending is None
    assert p.tricks_won(Side.NS) + p.tricks_won(Side.EW) == 13
    s = board_summary(t.state)
    assert s.final_tricks is not None and 0 <= s.final_tricks <= 13 and s.score_ns is not None
    given_by: dict[Side, int] = {}
    for tr in s.transfers:
        assert 0 <= tr.tricks <= 2
        if tr.law.startswith("67"):  # a defective trick entered by the director: at most one trick (64A2)
            assert tr.tricks <= 1
            continue
        given_by[tr.offender.side] = given_by.get(tr.offender.side, 0) + tr.tricks
    for side, n in given_by.items():
        first = min(r.trick for r in t.state.period.revokes if r.seat.side == side and r.established)
        from bridge_director.laws.law61_64 import claim_share
        offender = next(r.seat for r in t.state.period.revokes if r.seat.side == side)
        assert n <= len(side_tricks(p, side, first)) + claim_share(p, offender)
    if not t.state.period.revokes and not any(tr.law.startswith("67") for tr in s.transfers):
        assert s.final_tricks == s.tricks_at_table or t.state.period.adjustments
