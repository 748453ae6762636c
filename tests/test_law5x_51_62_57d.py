"""Law 51A (declarer designates among several penalty cards), 62C2 (the offending side's own withdrawal), 62D
(a trick-12 revoke corrected at the end of play, with 62D2 by edition) and 57D (declarer's premature play)."""

from __future__ import annotations

import random

import pytest

from bridge_director.engine import Table
from bridge_director.model import FULL_DECK, Card, Deal, Hand, Seat
from bridge_director.table.play import CardPlayed, RevokeCorrected
from playkit import options, play, table


def c(text: str) -> Card:
    return Card.parse(text)


def two_penalty_cards() -> Table:
    t = table()
    play(t, "H7 H2")
    t.expose("E", "CA", "DA")  # two penalty cards: both major (50B)
    play(t, "H8 H3")  # East wins the trick and must lead a penalty card
    return t


def test_51A_declarer_designates_which_penalty_card() -> None:
    t = two_penalty_cards()
    play(t, "CA")
    assert t.ruling.law == "51A" and options(t) == ["play:CA", "play:DA"]
    t.choose("play:DA", "S")
    assert t.state.play.current.cards == (c("DA"),)
    assert {(p.seat, p.card) for p in t.state.penalty_cards} == {(Seat.EAST, c("CA"))}


def test_51A_with_52_declarer_requires_one_of_several() -> None:
    t = two_penalty_cards()
    play(t, "CK")
    assert t.ruling.law == "52" and options(t) == ["accept", "require:CA", "require:DA"]
    t.choose("require:DA")
    assert t.state.play.current.cards == (c("DA"),)
    assert {str(p.card) for p in t.state.penalty_cards} == {"CA", "CK"}


def revoke_then_withdraw() -> Table:
    t = table()
    play(t, "H7 HA H8 H3 D2 CT D9 D6")  # dummy leads ♦2, East revokes with ♣T, South ♦9, West ♦6
    t.do(RevokeCorrected(Seat.EAST, c("DA")))
    t.choose("withdraw", "S")
    return t


def test_62C2_offending_side_may_withdraw_after_a_non_offender() -> None:
    t = revoke_then_withdraw()
    r = t.ruling
    assert r.law == "62C2" and r.chooser is Seat.WEST and options(t) == ["keep", "withdraw"]
    t.choose("withdraw", "W")
    assert (Seat.WEST, c("D6"), True) in {(p.seat, p.card, p.major) for p in t.state.penalty_cards}


def test_62C2_keep_the_card_goes_back_to_the_trick() -> None:
    t = revoke_then_withdraw()
    t.choose("keep", "W")
    assert not any(p.seat is Seat.WEST for p in t.state.penalty_cards)
    play(t, "DT")  # South plays again; West's ♦6 follows automatically
    assert t.state.play.tricks[1].cards == (c("D2"), c("DA"), c("DT"), c("D6"))


def test_57D_declarer_premature_play_is_played_not_refused() -> None:
    t = table()
    play(t, "H7")
    t.do(CardPlayed(Seat.SOUTH, c("H3")))  # South plays before dummy
    assert t.state.pending is None and t.state.records[-1].law == "57D"
    play(t, "H2 H8")
    assert t.state.play.tricks[0].cards == (c("H7"), c("H2"), c("H8"), c("H3"))



def test_57D_an_illegal_premature_card_goes_back() -> None:
    t = table()
    play(t, "H7")
    t.do(CardPlayed(Seat.SOUTH, c("S9")))  # South holds ♥3: the card would not follow suit
    assert t.state.records[-1].law == "57D" and c("S9") in t.state.play.hands[Seat.SOUTH].cards
    assert t.state.period.play_rule is None


def trick_12_revoke(laws: str) -> tuple[Table, Seat]:
    """Play low cards until trick 12, where a defender revokes if he can; find such a deal by a fixed search."""
    for seed in range(200):
        rnd = random.Random(seed)
        cards = list(FULL_DECK)
        rnd.shuffle(cards)
        deal = Deal.from_hands({s: Hand.of(cards[13 * i:13 * i + 13]) for i, s in enumerate(Seat)})
        t = Table(None, dealer="N", vulnerability="None", deal=deal, laws=laws)
        t.auction("1NT P P P")
        revoker: Seat | None = None
        while t.state.pending is None and not t.state.play.finished:
            p = t.state.play
            seat = p.next_seat
            wrong = [x for x in p.hands[seat].cards if p.revokes(x, seat)]
            if len(p.completed_tricks) == 11 and wrong and seat.side != p.contract.side and revoker is None:
                t.do(CardPlayed(seat, wrong[0]))
                revoker = seat
            else:
                t.do(CardPlayed(seat, min(p.legal_cards())))
        if revoker is not None and t.state.pending is None:
            return t, revoker
    raise AssertionError("no deal found")


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_62D1_trick_12_revoke_corrected_at_the_end(laws: str) -> None:
    t, revoker = trick_12_revoke(laws)
    r = t.state.period.revokes[0]
    assert r.trick == 12 and r.corrected
    t12 = t.state.play.tricks[11]
    assert t12.card_of(revoker).suit == t12.suit_led  # the revoke card replaced by his card of the suit led
    assert t.state.play.tricks[12].card_of(revoker) == r.card
    assert any(rec.law == "62D1" for rec in t.state.records)
    assert not t.state.period.transfers


def test_62D2_2017_law_16C_when_partner_had_not_played() -> None:
    t, revoker = trick_12_revoke("2017")
    t12 = t.state.play.tricks[11]
    before_partner = (revoker - t12.leader) % 4 < (revoker.partner - t12.leader) % 4
    flagged = any(f.law == "62D2" for f in t.state.flags)
    assert flagged == before_partner
