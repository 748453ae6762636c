"""Laws 67-71: defective tricks and claims — the checks that mutation testing of the play laws showed were missing.

Each test names the clause it checks and asserts the law's outcome: the trick transferred for a defective trick
(67B1, with 64A2 and 64B1), the words of a claim, the checklist of Law 70 the director reads, the double-dummy
count, and the worst normal line of Law 70 with the rules that make a play normal or irrational (the cards a
player may choose among, when partner's card is a sure winner, which cards win, which are winners of their suit).

End positions are built by hand (``position``): spades are trumps unless said otherwise, South is declarer and
claims; the cards not in the position fill the earlier tricks.
"""

from __future__ import annotations

import sys

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws.law65_67 import TrickEntry
from bridge_director.laws.law68_71 import (
    _beats,
    _choices,
    _master,
    _normal,
    _partner_sure,
    _wins,
    checklist,
    double_dummy,
    seed_line,
    stated_line,
)
from bridge_director.model import FULL_DECK, Card, Contract, Deal, Hand, Play, Seat, Suit, Trick
from bridge_director.table.play_state import Transfer
from playkit import claim, play, table

S, N, E, W = Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST
SPADES = Suit.SPADES


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(c(x) for x in text.split())


def position(north: str, east: str, south: str, west: str, lead: Seat, played: str = "", contract: str = "4S",
             last: tuple[Seat, str] | None = None) -> Play:
    """The hands left, ``played`` the cards of the trick in progress led by ``lead`` (or, with ``last``, the last
    trick complete, led by its seat); the other cards fill the earlier tricks."""
    hands = {Seat.NORTH: north, Seat.EAST: east, Seat.SOUTH: south, Seat.WEST: west}
    held = {s: [c(x) for x in h.split()] for s, h in hands.items()}
    current = [c(x) for x in (last[1] if last else played).split()]
    used = {x for cs in held.values() for x in cs} | set(current)
    rest = [x for x in FULL_DECK if x not in used]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in held.items()})
    earlier = tuple(Trick(lead, tuple(rest[i:i + 4])) for i in range(0, len(rest), 4))
    final = Trick(last[0], tuple(current)) if last else Trick(lead, tuple(current))
    return Play(Contract.parse(contract, Seat.SOUTH), deal, (*earlier, final))


# The reviewer's end position: East's ♠2 is outstanding; South to lead.
REVIEWED = ("H2 C2 D2", "S2 DA DK", "S9 HA CA", "HQ CQ DQ")


# ----- 67B1: a card too many -------------------------------------------------------------------------------------
def test_67B1_deemed_revoke_one_trick_when_his_side_won_that_trick() -> None:
    t = table()
    play(t, "H7 H2 H8 H3")  # East wins trick 1
    t.do(TrickEntry("too-many", Seat.EAST, 1))
    assert t.state.period.transfers == (Transfer(
        "67B1", Seat.EAST, 1, "defective trick 1: East failed to play to it and places a card among his played cards "
        "(a heart if he has one); deemed to have revoked — one trick transferred (Laws 67B1, 64A2)"),)


def test_67B1_no_trick_when_his_side_won_neither_that_trick_nor_a_later_one() -> None:
    t = table()
    play(t, "H7 HA H8 H3 HK H9 S9 H6")  # North and South win tricks 1 and 2
    t.do(TrickEntry("too-many", Seat.WEST, 1))
    assert t.state.period.transfers == (Transfer(
        "67B1", Seat.WEST, 0, "defective trick 1: West failed to play to it and places a card among his played cards "
        "(a heart if he has one); deemed to have revoked — no trick transferred: his side won neither that trick nor "
        "a later one (Law 64B1)"),)


# ----- 68: the words of a claim ----------------------------------------------------------------------------------
@pytest.mark.parametrize(("tricks", "words"), [
    (13, "all 13 remaining tricks for their side"),
    (0, "none of the 13 remaining tricks (conceding them all)"),
    (1, "1 of the 13 remaining tricks, conceding 12"),
    (9, "9 of the 13 remaining tricks, conceding 4")])
def test_68_the_claim_in_words(tricks: int, words: str) -> None:
    t = table()
    claim(t, "S", tricks)
    assert f"South has claimed {words} (Law 68)" in t.ruling.text


# ----- 70: the statement and the checklist -----------------------------------------------------------------------
def test_70_the_cards_a_statement_names_each_once_in_order() -> None:
    assert stated_line("♥A, then S10 and ♥A again, then DK") == cards("HA ST DK")


def test_70_checklist_trump_outstanding_statement_silent_four_tricks_or_fewer() -> None:
    p = position(*REVIEWED, lead=S)
    assert checklist(p, S, "my hand is good") == [
        "70C: the opponents hold ♠2; the statement does not mention trumps. If the claimer was at all likely to be "
        "unaware of an outstanding trump that could win a trick by any normal play, award that trick to the "
        "opponents. A safety play with a high trump is normal; playing a forgotten trump to the claimer's advantage "
        "is not (seed 001, guidelines B-D).",
        "70C, seed 001 guidelines A-C: on the worst normal line (side suits in the worst order, a high trump played "
        "as a safety check only where it costs, no irrational play such as a winner discarded when a ruff wins) "
        "South's side takes 2 of the 3 tricks.",
        "70D: accept no successful line of play not stated in the claim if a less successful normal line exists; "
        "play the suits in the order worst for the claimer (top down within a suit) (guideline A).",
        "70E: accept no unstated finesse unless an opponent has already shown out of the suit or would show out "
        "before the finesse on any normal line.",
        "70A/B: doubtful points go against the claimer; normal play includes careless or inferior play for the "
        "class of player, not irrational play."]


def test_70_checklist_the_stated_line_is_followed() -> None:
    p = position(*REVIEWED, lead=S)
    assert checklist(p, S, "♠9, ♥A, ♣A")[1].startswith(
        "70C, seed 001 guidelines A-C: on the stated line (♠9, ♥A, ♣A), then the worst normal line")
    assert checklist(p, S, "♠9, ♥A, ♣A")[1].endswith("South's side takes 3 of the 3 tricks.")


def test_70_checklist_a_statement_that_mentions_trumps() -> None:
    p = position(*REVIEWED, lead=S)
    out = checklist(p, S, "Drawing Trumps first")
    assert "; the statement mentions trumps." in out[0]
    assert len(out) == 4 and out[1].startswith("70D")


def test_70_checklist_the_worst_line_is_worked_out_at_four_tricks_and_at_five() -> None:
    four = position("H2 C2 D2 D3", "S2 DA DK DJ", "S9 HA CA CK", "HQ CQ DQ CJ", lead=S)
    five = position("H2 C2 D2 D3 D4", "S2 DA DK DJ DT", "S9 HA CA CK C9", "HQ CQ DQ CJ C8", lead=S)
    assert checklist(four, S, "")[1].startswith("70C, seed 001")
    assert checklist(five, S, "")[1].startswith("70C, seed 001")  # any number of tricks left (claim_lines)


def test_70_checklist_no_trump_outstanding() -> None:
    p = position(*REVIEWED, lead=S, contract="3NT")
    out = checklist(p, S, "")
    assert out[0] == "70C: no trump is outstanding." and len(out) == 4


# ----- double dummy ----------------------------------------------------------------------------------------------
def test_70_double_dummy_in_trumps_and_in_notrump() -> None:
    pytest.importorskip("endplay")
    # East holds only trumps: in spades he ruffs each of South's aces; at notrump the aces are all South's.
    hands = ("H2 C2 D2", "S2 S3 S4", "HA CA DA", "HQ CQ DQ")
    assert double_dummy(position(*hands, lead=S), S) == 0
    assert double_dummy(position(*hands, lead=S, contract="3NT"), S) == 3


def test_70_double_dummy_from_a_trick_in_progress_for_either_side() -> None:
    pytest.importorskip("endplay")
    # South led ♣A, West played ♣Q: East ruffs, cashes nothing more (South ruffs the diamond and cashes ♥A).
    p = position("H2 C2 D2", "S2 DA DK", "S9 HA", "HQ DQ", lead=S, played="CA CQ")
    assert double_dummy(p, S) == 2 and double_dummy(p, E) == 1


def test_70_double_dummy_after_a_complete_trick_the_winner_leads() -> None:
    pytest.importorskip("endplay")
    p = position(*REVIEWED, lead=S, last=(W, "S3 S4 S5 S6"))  # South won the last trick with ♠6
    assert p.next_seat is S
    assert double_dummy(p, S) == 3 and double_dummy(p, W) == 0


def test_70_double_dummy_without_endplay_names_the_remedy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    with pytest.raises(BridgeError) as err:
        double_dummy(position(*REVIEWED, lead=S), S)
    assert err.value.law == "70"
    assert str(err.value) == "Law 70: the double-dummy result needs endplay: pip install 'bridge-director[dd]'"


# ----- 70: the worst normal line ---------------------------------------------------------------------------------
def test_70C_the_unmentioned_trump_takes_a_trick_and_no_more() -> None:
    """Either ace is ruffed by East's ♠2; East's ♦A is then ruffed (a ruff wins: discarding the other ace would be
    irrational) and South cashes the last ace: 2 of 3.  Stated ♠9 first draws the trump: 3."""
    p = position(*REVIEWED, lead=S)
    assert seed_line(p, S) == 2
    assert seed_line(p, S, cards("S9 HA CA")) == 3


def test_70_partner_s_sure_winner_is_not_overtaken() -> None:
    p = position("HK H2 C2", "HQ HJ D2", "HA H3 CA", "D5 D4 D3", lead=N)
    assert seed_line(p, S) == 3


@pytest.mark.parametrize(("trump", "tricks"), [("S2", 2), ("SQ", 0)])
def test_70C_dummy_ruffs_rather_than_discarding_an_ace(trump: str, tricks: int) -> None:
    """With ♠2 dummy ruffs East's ♦A after an ace is ruffed: 2.  With ♠Q, leading it as a safety check loses it
    to the ♠K and both diamonds follow: 0."""
    p = position(f"{trump} HA CA", "SK DA DK", "DQ H5 H4", "H3 C3 D3", lead=N)
    assert seed_line(p, S) == tricks


# ----- 70: which plays are normal --------------------------------------------------------------------------------
def test_70_a_lead_is_the_top_of_a_side_suit_or_a_high_trump() -> None:
    assert _normal(position(*REVIEWED, lead=S), S) == cards("CA HA")
    assert _normal(position("H2 C2 D2", "S2 DA DK", "SQ HA CA", "HQ CQ DQ", lead=S), S) == cards("CA HA SQ")
    assert _normal(position("H2 C2 D2", "S2 DA DK", "S3 S4 CA", "HQ CQ DQ", lead=S), S) == cards("CA")
    assert _normal(position("H2 C2", "S2 DA", "S3 S4", "HQ CQ", lead=S), S) == cards("S3 S4")


def test_70_following_partner_s_sure_winner_the_lowest_card() -> None:
    """North's ♥K beats East's ♥Q and West, last to play, has neither a heart nor a trump."""
    p = position("H2 C2", "HJ D2", "HA H3", "D5 D4", lead=N, played="HK HQ")
    assert _partner_sure(p) and _normal(p, S) == cards("H3")


def test_70_following_partner_s_winner_that_can_be_ruffed_high_or_low() -> None:
    p = position("H2 C2", "HJ D2", "HA H3", "S4 D4", lead=N, played="HK HQ")  # West can ruff
    assert not _partner_sure(p) and _normal(p, S) == cards("HA H3")


def test_70_following_when_an_opponent_is_winning_high_or_low() -> None:
    p = position("H2 C2", "HJ D2", "HA H3", "D5 D4", lead=N, played="H4 HQ")
    assert not _partner_sure(p) and _normal(p, S) == cards("HA H3")


def test_70_partner_s_ruff_is_a_sure_winner_when_last_to_play() -> None:
    p = position("C2 H2", "D3 H4", "DK D4", "D5 H5", lead=W, played="DQ S2 DA")  # North ruffed East's ♦A
    assert _partner_sure(p) and _normal(p, S) == cards("D4")


def test_70_partner_s_card_is_sure_although_he_holds_a_higher_one() -> None:
    p = position("HA C2", "HJ D2", "H4 H3", "D5 D4", lead=N, played="HK HQ")
    assert _partner_sure(p) and _normal(p, S) == cards("H3")


def test_70_void_in_the_suit_led_the_lowest_and_highest_winning_ruff_and_a_loser() -> None:
    p = position("H2 C2 D2", "S3 D5 D4", "S2 S5 S9 C3", "CK D6 D7", lead=E, played="DA")
    assert _normal(p, S) == cards("S2 S9 C3")


def test_70_void_with_no_loser_only_the_ruffs() -> None:
    p = position("H2 C2 D2", "S3 D5 D4", "S2 S9 CA", "CK D6 D7", lead=E, played="DA")
    assert _normal(p, S) == cards("S2 S9")


def test_70_void_no_ruff_wins_and_no_loser_the_low_cards_and_the_lowest_trump() -> None:
    p = position("H2 C2", "H3 H4", "S2 S3 CA", "D6 D7", lead=W, played="D2 D3 SK")  # East overruffed
    assert _normal(p, S) == cards("CA S2")


def test_70_void_behind_partner_s_sure_winner_only_trumps_left_the_lowest() -> None:
    p = position("H2 C2", "H3 H4", "S2 S3", "D6 D7", lead=N, played="HA H5")
    assert _partner_sure(p) and _normal(p, S) == cards("S2")


def test_70_which_card_wins_the_trick_in_progress() -> None:
    p = position("H2 C2", "DA D3 S2", "D4 D5", "D6 D7", lead=W, played="D2 DK")
    assert (_wins(p, c("DA")), _wins(p, c("D3")), _wins(p, c("S2"))) == (True, False, True)


def test_70_a_winner_of_its_suit_no_opponent_holds_a_higher_card_of_it() -> None:
    p = position("H2 C2", "DK H3", "CQ C3", "C5 D7", lead=S)
    assert _master(p, S, c("CQ")) and not _master(p, S, c("C3"))


def test_44_which_card_beats_the_winning_card() -> None:
    assert _beats(c("HK"), c("HQ"), SPADES) and not _beats(c("H2"), c("HA"), SPADES)
    assert _beats(c("S2"), c("HA"), SPADES) and not _beats(c("D2"), c("HA"), SPADES)
    assert not _beats(c("S2"), c("HA"), None)


# ----- 70: the stated line at each turn --------------------------------------------------------------------------
def test_70_the_next_stated_card_is_played_when_it_can_be() -> None:
    p = position(*REVIEWED, lead=S)
    stated = cards("HA S9")
    assert _choices(p, S, stated, frozenset(stated)) == [(c("HA"), (c("S9"),))]


def test_70_a_stated_card_no_longer_held_is_dropped() -> None:
    p = position(*REVIEWED, lead=S)
    stated = cards("DA")  # East's card
    assert _choices(p, S, stated, frozenset(stated)) == [(c("CA"), ()), (c("HA"), ())]


def test_70_a_stated_card_that_cannot_be_played_yet_waits() -> None:
    p = position("H2 C2", "HJ D2", "HA H3 CA", "S4 D4", lead=N, played="HK HQ")
    stated = cards("CA")
    assert _choices(p, S, stated, frozenset(stated)) == [(c("HA"), (c("CA"),)), (c("H3"), (c("CA"),))]


def test_70_a_stated_card_is_not_played_on_partner_s_stated_card_of_the_suit() -> None:
    """``♥K, ♥A`` cashes two tricks: South does not put the ace on partner's king (West could ruff, so high or low
    would both be normal otherwise)."""
    p = position("H2 C2", "HJ D2", "HA H3", "S4 D4", lead=N, played="HK HQ")
    stated = cards("HK HA")
    assert _choices(p, S, stated, frozenset(stated)) == [(c("H3"), (c("HA"),))]


def test_70_a_stated_card_that_is_the_only_normal_card_is_played_anyway() -> None:
    p = position("H2 C2", "HJ D2", "HA C3", "S4 D4", lead=N, played="HK HQ")
    stated = cards("HK HA")
    assert _choices(p, S, stated, frozenset(stated)) == [(c("HA"), ())]


def test_70_a_new_trick_the_stated_card_is_led_whatever_the_last_trick_was() -> None:
    """South ruffed the heart trick in which North played the stated ♥K; South now leads the stated ♥A."""
    p = position("H2 C2", "HJ D2", "HA C3", "D4 D5", lead=S, last=(W, "H5 HK H6 S3"))
    assert p.next_seat is S
    stated = cards("HK HA")
    assert _choices(p, S, stated, frozenset(stated)) == [(c("HA"), ())]


def test_70C_checklist_names_every_outstanding_trump() -> None:
    p = position("H2 C2 D2", "S2 S3 DA", "S9 HA CA", "HQ CQ DQ", lead=S)
    assert checklist(p, S, "")[0].startswith("70C: the opponents hold ♠3, ♠2; the statement does not mention trumps.")


def test_70_the_opponents_may_play_any_card_overtaking_to_take_the_lead() -> None:
    """At notrump West leads ♦K; East overtakes with ♦A, cashes ♣A and ♦2: the claimer takes nothing (double dummy
    too).  Only the claimer's side is held to normal plays."""
    p = position("HA HK C2", "DA D2 CA", "HQ C3 S2", "DK H3 H2", lead=W, contract="3NT")
    assert seed_line(p, S) == 0


def test_70_a_ruff_wins_the_trick_for_the_claimer() -> None:
    """East leads a diamond; South ruffs with ♠2 (the only normal play: his ♥A is a winner) and cashes ♥A: 2."""
    p = position("H2 C2", "DA DK", "S2 HA", "D3 C3", lead=E)
    assert seed_line(p, S) == 2
