"""Law 70: the claim is played out on the worst *normal* line — careless or inferior play for the class of player,
never irrational play (Law 70 2017 and 2007; 1997 Law 70 too); 70C: an outstanding trump not mentioned wins a trick
for the opponents if it could win one by any normal play.  ``seed_line`` follows the claimer's stated line and,
where the statement is silent, tries every normal order; it never discards a winner where a ruff wins or a loser
could go, and never overtakes partner's sure winner.

End positions of three cards a hand, built by hand: spades are trumps, South is declarer and claims.
"""

from __future__ import annotations

import pytest

from bridge_director.laws.claim_lines import careless_leads, worst_line
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
    one trick, below the worst unstated normal line played from the top down (two: the order a Regulating Authority
    may specify, 2017 Law 70E2).  Unstated and with no such order the ♥3 first is careless, not irrational (the ♥K
    is the one card that beats it), so the same trick is lost (was 2 before careless leads counted)."""
    p = position(*STATED, lead=Seat.SOUTH)
    assert worst_line(p, Seat.SOUTH, "", top_down=True).tricks == 2
    assert seed_line(p, Seat.SOUTH) == 1
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


# ----- careless play: a low card led first (70A; 2017 70E2) ------------------------------------------------------
# Notrump, South on lead with ♥A2 ♣A; East ♥K ♣32.  From the top the ♥A drops the king: all three, as double dummy.
FORGOTTEN = ("S4 S3 S2", "HK C3 C2", "HA H2 CA", "D5 D4 D3")


def notrump(p: Play) -> Play:
    return Play(Contract.parse("3NT", Seat.SOUTH), p.hands, p.tricks)


def test_70A_a_low_card_led_first_loses_to_the_forgotten_king() -> None:
    """Claiming all three, South has forgotten the ♥K, the one card that beats his ♥2: leading it first is careless,
    not irrational.  After the ♣A (the worst order, guideline A), the ♥2 loses to the king and East cashes the ♣3:
    one trick, two below double dummy."""
    p = notrump(position(*FORGOTTEN, lead=Seat.SOUTH))
    assert dd(p) == 3
    line = worst_line(p, Seat.SOUTH, "all mine")
    assert line.tricks == 1
    assert [t.cards[0] for t in line.tricks_played] == [C("CA"), C("H2"), C("C3")]


def test_70E2_the_regulating_authoritys_top_down_order_leads_the_ace_first() -> None:
    """2017 Law 70E2: where the Regulating Authority has a suit not clarified played from the top down, the ♥A goes
    first and drops the king: all three."""
    p = notrump(position(*FORGOTTEN, lead=Seat.SOUTH))
    assert worst_line(p, Seat.SOUTH, "all mine", top_down=True).tricks == 3


def test_68C_a_suit_the_statement_cashes_is_played_from_the_top() -> None:
    """"Cashing the hearts" clarifies the order: the ♥A first, all three."""
    p = notrump(position(*FORGOTTEN, lead=Seat.SOUTH))
    assert worst_line(p, Seat.SOUTH, "cashing the hearts, then the ♣A").tricks == 3


def test_70A_no_careless_low_lead_when_two_outstanding_cards_beat_it() -> None:
    """♥AK2 against East's ♥Q and West's ♥J: the ♥2 is good only once both have fallen, which the claimer counted
    (forgetting one card would still leave one over the two): the suit is played from the top, all three."""
    p = notrump(position("S4 S3 S2", "HQ C3 C2", "HA HK H2", "HJ D4 D3", lead=Seat.SOUTH))
    assert careless_leads(p, Seat.SOUTH) == []
    assert worst_line(p, Seat.SOUTH, "all mine").tricks == 3 == dd(p)


def test_70C_a_low_trump_is_never_led_carelessly() -> None:
    """♠A2 against East's ♠K: the deuce of trumps led for nothing is irrational (seed 001, case 2), so it is no
    careless lead; the award comes from the ruff of the ♣A, two tricks."""
    p = position("D4 D3 D2", "SK HQ HJ", "SA S2 CA", "C4 C3 C2", lead=Seat.SOUTH)
    assert careless_leads(p, Seat.SOUTH) == []
    assert seed_line(p, Seat.SOUTH) == 2


@pytest.mark.parametrize(("laws", "words"), [
    ("2017", "70A, 70E2: the statement does not clarify the order within the suit and the Regulating Authority "
             "specifies none: a low card led first (the ♥2 before the ♥A while the ♥K is out) is careless play"),
    ("2007", "70A: the statement does not clarify the order within the suit: a low card led first (the ♥2 before "
             "the ♥A while the ♥K is out) is careless play"),
    ("1997", "70A: the statement does not clarify the order within the suit: a low card led first (the ♥2 before "
             "the ♥A while the ♥K is out) is careless, not irrational, play")])
def test_70A_the_checklist_names_the_careless_order_by_edition(laws: str, words: str) -> None:
    from bridge_director.table.edition import Edition
    p = notrump(position(*FORGOTTEN, lead=Seat.SOUTH))
    assert any(x.startswith(words) for x in checklist(p, Seat.SOUTH, "all mine", Edition.parse(laws)))
    assert not any("low card led first" in x for x in checklist(p, Seat.SOUTH, "cashing the hearts"))
    assert "played from the top down" in " ".join(checklist(p, Seat.SOUTH, "all mine", top_down=True))


def test_70A_the_proposal_says_which_low_card_was_led_carelessly() -> None:
    state = TableState(Seat.NORTH, Vulnerability.NONE, play=notrump(position(*FORGOTTEN, lead=Seat.SOUTH)))
    s = apply(state, ClaimMade(Seat.SOUTH, 3, "all mine"))
    s = apply(s, Choice("dispute", Seat.WEST))
    assert s.pending is not None
    r = describe(s.pending, s)
    assert r.questions[0].answers[0] == "1"
    assert "Leading the ♥2 before the ♥A is careless, not irrational, while the ♥K is out (Law 70A)" in r.text


# ----- a claim and a concession of the same cards (70 against 71) -------------------------------------------------
# Spades trumps, South leads three top hearts; East ♠2 ♣K ♦3 (the ♣K the last club, the ♦3 below dummy's ♦AKQ).
RUFFER = ("DA DK DQ", "S2 CK D3", "HA HK HQ", "H5 H4 H3")


def test_70_a_claimer_ruffs_or_throws_a_loser_never_his_counted_winner() -> None:
    """East claiming counts his ♣K as a winner: on the hearts he ruffs, or throws the ♦3 first, and keeps it — two
    tricks, as double dummy."""
    p = position(*RUFFER, lead=Seat.SOUTH)
    assert 3 - dd(p) == 2
    assert worst_line(p, Seat.EAST, "").tricks == 2


def test_71_a_conceder_may_throw_the_winner_he_did_not_count() -> None:
    """East conceding did not count his ♣K: throwing it instead of ruffing is careless, not irrational, so only the
    master ♠2's trick is beyond losing."""
    p = position(*RUFFER, lead=Seat.SOUTH)
    line = worst_line(p, Seat.EAST, "", concession=True)
    assert line.tricks == 1 and line.concession
    assert any(c == C("CK") and t.winner(p.trump).side is not Seat.EAST.side
               for t in line.tricks_played for c in t.cards)
