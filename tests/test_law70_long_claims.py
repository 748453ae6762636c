"""Law 70 with six to thirteen tricks left: the worst normal line consistent with the statement against double-dummy
defence (``claim_lines.worst_line``), and the proposal the disputed-claim ruling makes from it.

End positions are built card by card (``build``): the earlier tricks are given where a show-out matters (70E) and
otherwise filled with the cards not in the position.  Spades are trumps unless the contract says otherwise."""

from __future__ import annotations

import pytest

from bridge_director.laws.claim_lines import PythonOracle, _position, worst_line
from bridge_director.laws.law68_71 import double_dummy
from bridge_director.model import FULL_DECK, Card, Contract, Deal, Hand, Play, Seat, Trick
from playkit import claim, play, table

pytest.importorskip("endplay", reason="the dd extra (endplay) solves positions of more than five tricks")

C = Card.parse
S, N, E, W = Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST


def build(hands: dict[Seat, str], lead: Seat, contract: str, declarer: Seat = S,
          history: tuple[tuple[Seat, str], ...] = ()) -> Play:
    """``hands`` left, ``lead`` to lead; ``history`` the first tricks (leader, cards), the rest filled in order."""
    cards = {s: [C(x) for x in h.split()] for s, h in hands.items()}
    used = {c for cs in cards.values() for c in cs}
    earlier = []
    for leader, text in history:
        trick = tuple(C(x) for x in text.split())
        used |= set(trick)
        earlier.append(Trick(leader, trick))
    rest = [c for c in FULL_DECK if c not in used]
    filler = [Trick(lead, tuple(rest[i:i + 4])) for i in range(0, len(rest), 4)]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in cards.items()})
    return Play(Contract.parse(contract, declarer), deal, (*earlier, *filler, Trick(lead)))


def shown_out(p: Play, seat: Seat, suit_letter: str) -> bool:
    suit = "CDHS".index(suit_letter)
    return bool(_position(p)[3] >> (int(seat) * 4 + suit) & 1)


# ----- 70E: no unstated finesse, unless an opponent has shown out (six tricks, notrump) ---------------------------
# North can only lead spades towards South's ♠AQ; East holds ♠KJ, West no spade.
FINESSE = {N: "S7 S6 S5 S4 S3 S2", E: "SK SJ CT C9 C8 C7", S: "SA SQ CA CK CQ CJ", W: "HA HK HQ HJ DA DK"}


def test_70E_unstated_finesse_is_not_credited() -> None:
    """West has not shown out of spades: over East's ♠J South rises with the ace (top down), and the queen later
    loses to the king — one trick, though double dummy the finesse takes all six."""
    p = build(FINESSE, N, "3NT", history=((W, "H2 S8 S9 ST"),))
    assert not shown_out(p, W, "S")
    assert double_dummy(p, S) == 6
    line = worst_line(p, S, "all mine")
    assert line.tricks == 5
    assert next(t for _n, t in line.lost(None)).cards[-1] == C("SK")


def test_70E_finesse_accepted_when_the_opponent_behind_has_shown_out() -> None:
    """West discarded on a spade before the claim: the king is marked with East and the finesse is credited."""
    p = build(FINESSE, N, "3NT", history=((N, "S8 S9 ST H2"),))
    assert shown_out(p, W, "S")
    assert worst_line(p, S, "all mine").tricks == 6


def test_70E_a_stated_finesse_is_followed() -> None:
    p = build(FINESSE, N, "3NT", history=((W, "H2 S8 S9 ST"),))
    assert worst_line(p, S, "finessing the ♠Q").tricks == 6


# ----- seed 001, guideline D: no trump outstanding, no trump play forced (six tricks, spades) ---------------------
DRAWN = {N: "S2 DA DK DQ DJ DT", S: "SA H2 CA CK CQ CJ", E: "HA HK HQ HJ C3 C2", W: "HT H9 H8 D4 D3 D2"}


def test_70C_guideline_D_no_trump_lead_forced_when_none_is_outstanding() -> None:
    """The opponents have no trump: South is not made to lead his ♠A, which would take dummy's ♠2 and its ruff of
    the ♥2.  Stated, the ♠A first is followed and the heart is lost."""
    p = build(DRAWN, S, "4S")
    assert double_dummy(p, S) == 6
    assert worst_line(p, S, "all mine").tricks == 6
    assert worst_line(p, S, "♠A, then all mine").tricks == 5


# ----- 68C: a stated ruff in dummy (seven tricks, spades) ---------------------------------------------------------
RUFF = {S: "SA SK C2 DA DK DQ DJ", N: "S3 H5 H4 H3 H2 D3 D2", E: "SQ SJ CA CK CQ D5 HA", W: "ST S9 CJ CT C9 D4 HK"}


def test_68C_a_stated_ruff_in_dummy_is_followed() -> None:
    """Club ruffed with dummy's ♠3, back to hand with a diamond, trumps drawn: all seven, as double dummy."""
    p = build(RUFF, S, "4S")
    assert double_dummy(p, S) == 7
    line = worst_line(p, S, "ruffing a club in dummy, then drawing trumps")
    assert line.tricks == 7
    assert line.tricks_played[0].cards[:3] == (C("C2"), C("C9"), C("S3"))


def test_70D_drawing_trumps_first_loses_dummys_ruff() -> None:
    """"Drawing trumps" alone: the ♠A takes dummy's ♠3 and the ♣2 is lost at the end."""
    p = build(RUFF, S, "4S")
    line = worst_line(p, S, "drawing trumps")
    assert line.tricks == 6 and line.lost(Contract.parse("4S", S).strain.suit)[0][1].cards[0] == C("C2")


def test_70C_unaware_of_four_trumps_the_diamonds_are_ruffed() -> None:
    """"All mine" with ♠QJT9 out: diamonds before a safety trump, West ruffs the second, and careless ruffs and
    overruffs follow — three tricks (every step is a normal play: a ruff, a loser discarded, an ace ruffed)."""
    p = build(RUFF, S, "4S")
    line = worst_line(p, S, "all mine")
    assert not line.aware and line.tricks == 3
    assert line.tricks_played[1].cards == (C("DK"), C("S9"), C("D3"), C("CQ"))


# ----- 70D2: a defender's claim gets no credit for partner's choice among normal plays ----------------------------
def test_70D2_a_defenders_claim_counts_partners_normal_plays_against_it() -> None:
    p = build({N: "HA HK HQ", S: "CK DK DQ", E: "SA SK C2", W: "DA CA H2"}, E, "3NT")
    assert double_dummy(p, E) == 3
    assert worst_line(p, E, "").tricks == 2
    assert worst_line(p, E, "", oracle_factory=lambda trump, left: PythonOracle(trump)).tricks == 2


# ----- thirteen tricks at the table -------------------------------------------------------------------------------
# North: ♠AKQT9 ♥AKQ ♦AK ♣AKQ; East ♠J ♥J6 ♦QJT98 ♣JT987; South ♠876 ♥5432 ♦5432 ♣32; West ♠5432 ♥T987 ♦76 ♣654.
GRAND = "N:AKQT9.AKQ.AK.AKQ J.J6.QJT98.JT987 876.5432.5432.32 5432.T987.76.654"


def disputed(statement: str, laws: str = "2017") -> object:
    t = table(auction="1S P 6S P P P", deal=GRAND, laws=laws)
    play(t, "DQ")  # East's opening lead: thirteen tricks left, the first in progress
    claim(t, "N", 13, statement)
    t.choose("dispute", "E")
    return t


def test_70C_thirteen_tricks_east_ruffs_the_third_heart() -> None:
    """The brief's example: North did not mention the ♠J; hearts before trumps, East ruffs the ♥Q: 12 tricks."""
    t = disputed("all mine")
    r = t.ruling  # type: ignore[attr-defined]
    assert r.questions[0].answers[0] == "12"
    assert "did not mention the outstanding ♠J" in r.text
    assert "East ruffs the ♥Q with the ♠J" in r.text and "East-West get 1 trick" in r.text


def test_70C_thirteen_tricks_drawing_trumps_stated_takes_all() -> None:
    t = disputed("drawing trumps, the rest are high")
    r = t.ruling  # type: ignore[attr-defined]
    assert r.questions[0].answers[0] == "13" and "Every normal line takes all 13 tricks" in r.text


def test_70_thirteen_tricks_the_director_may_enter_another_number() -> None:
    t = disputed("all mine")
    t.judge("tricks", "13")  # type: ignore[attr-defined]
    assert t.state.play.claim.tricks == 13  # type: ignore[attr-defined]


@pytest.mark.parametrize("left", [8, 9, 10, 11, 12])
def test_70C_every_length_the_third_heart_is_ruffed(left: int) -> None:
    """The same deal after ``13 - left`` tricks of minor suits won by North: East keeps his ♠J and two hearts, and
    the unaware claimer loses exactly the ruff, whatever the number of tricks left."""
    t = table(auction="1S P 6S P P P", deal=GRAND)
    rounds = ["DQ D2 D6 DA", "CA C7 C2 C4", "CK C8 C3 C5", "CQ C9 D3 C6", "DK D8 D4 D7"][:13 - left]
    for trick in rounds:
        play(t, trick)
    p = t.state.play
    assert t.state.pending is None and p is not None and 13 - len(p.completed_tricks) == left
    assert p.next_seat is N and double_dummy(p, N) == left
    line = worst_line(p, N, "all mine")
    assert line.tricks == left - 1
    assert any(c.suit.name == "SPADES" for c in p.hands[E].cards) and len(p.hands[E].holding(C("H2").suit)) == 2
