"""Law 70: the claim is played out on the worst *normal* line — careless or inferior play for the class of player,
never irrational play (Law 70 2017 and 2007; 1997 Law 70 too); 70C: an outstanding trump not mentioned wins a trick
for the opponents if it could win one by any normal play.  ``seed_line`` follows the claimer's stated line and,
where the statement is silent, tries every normal order; it never discards a winner where a ruff wins or a loser
could go, and never overtakes partner's sure winner.

End positions of three cards a hand, built by hand: spades are trumps, South is declarer and claims.
"""

from __future__ import annotations

import pytest

from bridge_director.laws.law68_71 import checklist, double_dummy, seed_line, stated_line
from bridge_director.laws.pending import describe
from bridge_director.model import FULL_DECK, Card, Contract, Deal, Hand, Play, Seat, Trick, Vulnerability
from bridge_director.table.engine import apply
from bridge_director.table.events import Choice, Judgement
from bridge_director.table.play import ClaimMade
from bridge_director.table.state import TableState

C = Card.parse


def dd(p: Play) -> int:
    """South's double-dummy tricks (the ``dd`` extra, endplay)."""
    pytest.importorskip("endplay", reason="the dd extra (endplay) is needed for the double-dummy result")
    return double_dummy(p, Seat.SOUTH)


def position(north: str, east: str, south: str, west: str, lead: Seat) -> Play:
    """The end position with ``lead`` to lead to a new trick; the earlier tricks are filled with the other cards."""
    parsed = {Seat.NORTH: north, Seat.EAST: east, Seat.SOUTH: south, Seat.WEST: west}
    cards = {s: [C(c) for c in h.split()] for s, h in parsed.items()}
    held = {c for cs in cards.values() for c in cs}
    rest = [c for c in FULL_DECK if c not in held]
    done = 13 - len(cards[Seat.NORTH])
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in cards.items()})
    tricks = (*(Trick(lead, tuple(rest[i:i + 4])) for i in range(0, 4 * done, 4)), Trick(lead))
    return Play(Contract.parse("4S", Seat.SOUTH), deal, tricks)


# The reviewer's case: East's small trump is outstanding and not mentioned.  South cashes an ace, East ruffs and
# cashes ♦A; South ruffs it (any normal line does) and cashes the other ace.  Discarding the ♣A instead of ruffing
# is irrational: the defenders get the trump trick, never a second one.
REVIEWED = ("H2 C2 D2", "S2 DA DK", "S9 HA CA", "HQ CQ DQ")


def test_70C_unmentioned_trump_gives_the_trump_trick_not_a_discarded_winner() -> None:
    p = position(*REVIEWED, lead=Seat.SOUTH)
    assert dd(p) == 3  # ♠9 first draws the ♠2 — a trump he was unaware of (guideline B)
    assert seed_line(p, Seat.SOUTH) == 2  # was 1: the ♣A discarded on ♦A where a ruff wins
    text = " ".join(checklist(p, Seat.SOUTH, "my hand is good"))
    assert "♠2" in text and "does not mention trumps" in text and "takes 2 of the 3" in text


def test_70C_unmentioned_high_trump_the_same() -> None:
    """The same with the trump outstanding the king: every line loses it, and no more."""
    p = position("H2 C2 D2", "SK DA DK", "S9 HA CA", "HQ CQ DQ", lead=Seat.SOUTH)
    assert dd(p) == 2 and seed_line(p, Seat.SOUTH) == 2


def test_70C_award_at_the_table_from_the_checklist() -> None:
    """The disputed claim shows the worst normal line; the director enters it (70C: one trick to the defenders)."""
    state = TableState(Seat.NORTH, Vulnerability.NONE, play=position(*REVIEWED, lead=Seat.SOUTH))
    s = apply(state, ClaimMade(Seat.SOUTH, 3, "my hand is good"))
    s = apply(s, Choice("dispute", Seat.WEST))
    assert s.pending is not None and "takes 2 of the 3" in describe(s.pending, s).text
    s = apply(s, Judgement("tricks", "2"))
    assert s.play is not None and s.play.claim is not None and s.play.claim.tricks == 2


# A careless order: East (♠2 ♥Q ♥J) is void in clubs.  Hearts first, then the ♠A, takes all three; the ♣A before
# the trump is drawn is ruffed.  Careless, so normal: the trump trick goes to the defenders.
def test_70C_careless_order_loses_the_trump_trick() -> None:
    p = position("H2 D2 C2", "S2 HQ HJ", "SA HA CA", "D5 D4 D3", lead=Seat.SOUTH)
    assert dd(p) == 3
    assert seed_line(p, Seat.SOUTH) == 2
    assert "takes 2 of the 3" in " ".join(checklist(p, Seat.SOUTH, "all mine"))


def test_70A_stated_order_decides_the_trump_trick() -> None:
    """Guideline A: stated ``♥A, ♣A, ♠A`` (the clubs before the trump) loses the trump trick; ``♥A, ♠A, ♣A`` draws
    it."""
    p = position("H2 D2 C2", "S2 HQ HJ", "SA HA CA", "D5 D4 D3", lead=Seat.SOUTH)
    assert seed_line(p, Seat.SOUTH, (C("HA"), C("CA"), C("SA"))) == 2
    assert seed_line(p, Seat.SOUTH, (C("HA"), C("SA"), C("CA"))) == 3


# The stated line is followed: South ♠A ♥A ♥3, East ♠2 ♥K ♦5.
STATED = ("H2 D2 C2", "S2 HK D5", "SA HA H3", "D4 D3 C3")


def test_70_statement_read_for_the_cards_named() -> None:
    assert stated_line("duck ♥3, then ♥A and ♠A") == (C("H3"), C("HA"), C("SA"))
    assert stated_line("SA, HA, then H10; a heart") == (C("SA"), C("HA"), C("HT"))
    assert stated_line("dummy's good, HA ha") == (C("HA"),)  # capitals only: ordinary words are not cards


def test_70_stated_line_that_loses_a_trick_is_followed() -> None:
    """The statement names ♥3 first: East wins the ♥K, South ruffs the diamond with the ♠A and the ♥A is ruffed —
    one trick, below the worst unstated normal line (two)."""
    p = position(*STATED, lead=Seat.SOUTH)
    assert seed_line(p, Seat.SOUTH) == 2
    assert seed_line(p, Seat.SOUTH, stated_line("duck ♥3, then ♥A and ♠A")) == 1
    assert "takes 1 of the 3" in " ".join(checklist(p, Seat.SOUTH, "duck ♥3, then ♥A and ♠A"))


def test_70_stated_line_drawing_the_trump_is_followed() -> None:
    """A stated ♠A first draws the ♠2: the stated line is credited (the statement is not silent on it)."""
    p = position(*STATED, lead=Seat.SOUTH)
    assert seed_line(p, Seat.SOUTH, stated_line("♠A, ♥A, ♥3")) == 3
    assert "on the stated line (♠A, ♥A, ♥3)" in " ".join(checklist(p, Seat.SOUTH, "♠A, ♥A, ♥3"))


def test_70_stated_cards_in_two_hands_cash_two_tricks() -> None:
    """``♥K, ♥A`` with the king in dummy and the ace in hand: the ace is not played on the king (no overtaking)."""
    p = position("HK H2 C2", "HQ HJ D2", "HA H3 CA", "D5 D4 D3", lead=Seat.NORTH)
    assert seed_line(p, Seat.SOUTH, (C("HK"), C("HA"))) == 3


# ----- irrational plays the enumeration leaves out ------------------------------------------------------------
def test_70_partners_sure_winner_is_not_overtaken() -> None:
    """Dummy's ♥K led cannot be beaten (West has no heart and no trump): the ♥A on it would set up East's ♥Q —
    unblocking nonsense no class of player makes.  Was 1."""
    p = position("HK H2 C2", "HQ HJ D2", "HA H3 CA", "D5 D4 D3", lead=Seat.NORTH)
    assert seed_line(p, Seat.SOUTH) == 3 == dd(p)


@pytest.mark.parametrize("dummy_trump, tricks", [("S2", 2), ("SQ", 0)])
def test_70C_dummy_ruffs_rather_than_discarding_an_ace(dummy_trump: str, tricks: int) -> None:
    """Seed 001's frame (dummy ♠x ♥A ♣A, East ♠K ♦AK), declarer ♦Q ♥5 ♥4: when East ruffs an ace and cashes ♦A,
    dummy's ♠2 ruffs — discarding the other ace instead is irrational (was 1).  With the ♠Q the safety check
    (guideline C) still costs everything: the king wins and the diamonds are cashed."""
    p = position(f"{dummy_trump} HA CA", "SK DA DK", "DQ H5 H4", "H3 C3 D3", lead=Seat.NORTH)
    assert seed_line(p, Seat.SOUTH) == tricks


# ----- the search's rules beyond the basic normal cards (claim_lines) ---------------------------------------------
def test_70_third_hand_wins_with_a_master_rather_than_ducking() -> None:
    """North leads ♥4, East plays ♥Q: South's ♥A is a master, so ducking with the ♥3 would give East the lead and
    the diamonds for nothing (the basic rules list both cards; the search keeps the ace).  All three, as double
    dummy."""
    p = Play(Contract.parse("4S", Seat.SOUTH),
             *_with_trick("H2 C2", "DA D2", "HA H3 C5", "D5 D4 D3", Seat.NORTH, "H4 HQ"))
    from bridge_director.laws.law68_71 import _normal
    assert C("H3") in _normal(p, Seat.SOUTH)
    assert seed_line(p, Seat.SOUTH) == 3 == dd(p)


def test_70_a_high_card_that_cannot_win_is_not_thrown_away() -> None:
    """Second hand with ♥K3 under East's ♥A lead: the king cannot win, so the three is played and the king makes
    later over the queen (notrump): two tricks, as double dummy."""
    p = Play(Contract.parse("3NT", Seat.SOUTH),
             *_with_trick("CA CK CQ", "HQ D2", "HK H3 DA", "C4 C3 C2", Seat.EAST, "HA"))
    assert seed_line(p, Seat.SOUTH) == dd(p) == 2


def _with_trick(north: str, east: str, south: str, west: str, lead: Seat,
                played: str) -> tuple[Deal, tuple[Trick, ...]]:
    """The deal of an end position and its tricks, ``played`` the cards of the trick in progress led by ``lead``."""
    parsed = {Seat.NORTH: north, Seat.EAST: east, Seat.SOUTH: south, Seat.WEST: west}
    cards = {s: [C(c) for c in h.split()] for s, h in parsed.items()}
    current = [C(c) for c in played.split()]
    used = {c for cs in cards.values() for c in cs} | set(current)
    rest = [c for c in FULL_DECK if c not in used]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in cards.items()})
    return deal, (*(Trick(lead, tuple(rest[i:i + 4])) for i in range(0, len(rest), 4)), Trick(lead, tuple(current)))
