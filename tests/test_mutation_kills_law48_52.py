"""Laws 48-52: penalty cards — the checks that mutation testing of the play laws showed were missing.

Each test names the clause it checks and asserts the law's outcome: the penalty cards (major or minor, and the law
that made them), the information unauthorised to the offending side, declarer's options when partner is on lead
(50D2) or when several penalty cards could be played (51A), the card declarer may require after a failure to
play a penalty card (52), and the record of each ruling.  Deal: ``playkit.DEAL``, 1♠ by South, West leads:

    N ♠432 ♥AKQ2 ♦5432 ♣32     E ♠5 ♥JT98 ♦AKQ ♣AKQJT     S ♠AKQJT9 ♥3 ♦JT9 ♣987     W ♠876 ♥7654 ♦876 ♣654
"""

from __future__ import annotations

from bridge_director.model import Card, Seat, Side, Suit
from bridge_director.table.edition import Edition
from bridge_director.table.play_state import LeadRule
from bridge_director.table.state import PenaltyCard, Record, Unauthorised
from playkit import play, table

E17 = Edition.L2017


def c(text: str) -> Card:
    return Card.parse(text)


def opts(t) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    return [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options]


def minor(t, seat: str, card: str) -> None:  # type: ignore[no-untyped-def]
    """``seat`` exposes a spot card; the director judges it inadvertent: a minor penalty card (50C)."""
    t.expose(seat, card)
    t.judge("deliberate", "no")


# ----- 49/50: what an exposed card becomes --------------------------------------------------------------------
def test_50B_two_cards_exposed_together_are_both_major() -> None:
    t = table()
    t.expose("E", "S5", "H8")
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("S5"), True), PenaltyCard(Seat.EAST, c("H8"), True))
    assert t.state.unauthorised == (Unauthorised(Side.EW, "East's penalty card(s) ♠5, ♥8", "50E"),)
    assert t.state.records[-1] == Record("49", "Card exposed by a defender", Seat.EAST,
                                         "♠5, ♥8 of East: major penalty card(s) (Law 50)", E17)


def test_50C_a_spot_card_exposed_inadvertently_is_minor() -> None:
    t = table()
    minor(t, "E", "H8")
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("H8"), False),)
    assert t.state.records[-1] == Record("49", "Card exposed by a defender", Seat.EAST,
                                         "♥8 of East: minor penalty card(s) (Law 50)", E17)


# ----- 50D2: partner on lead --------------------------------------------------------------------------------------
def test_50D2_options_one_pair_per_suit_highest_suit_first_then_neither() -> None:
    t = table()
    t.expose("E", "S5", "H8")  # West is on lead: declarer chooses at once
    assert t.ruling.law == "50D" and t.ruling.chooser is Seat.SOUTH and t.ruling.edition is E17
    spades = ("♠5 go back into East's hand; West must lead a spade now (if he has none, any card: Law 59); the "
              "information from ♠5 is unauthorised to West (Laws 50D2(a), 51B, 50E)")
    hearts = ("♥8 go back into East's hand; West must lead a heart now (if he has none, any card: Law 59); the "
              "information from ♥8 is unauthorised to West (Laws 50D2(a), 51B, 50E)")
    assert opts(t) == [
        ("require:S", "require West to lead spades", spades, "50D2(a)"),
        ("forbid:S", "forbid West to lead spades", "♠5 go back into East's hand; West may not lead spades for as "
         "long as he keeps the lead (Laws 50D2(b), 51B, 50E)", "50D2(b)"),
        ("require:H", "require West to lead hearts", hearts, "50D2(a)"),
        ("forbid:H", "forbid West to lead hearts", "♥8 go back into East's hand; West may not lead hearts for as "
         "long as he keeps the lead (Laws 50D2(b), 51B, 50E)", "50D2(b)"),
        ("leave", "neither", "every penalty card stays face up on the table; West leads any card; East must play a "
         "major penalty card at the first legal opportunity (Law 50D2(c), 50D1)", "50D2(c)")]


def test_50D2a_require_picks_up_the_suit_s_penalty_cards_only() -> None:
    t = table()
    t.expose("E", "S5", "H8")
    t.choose("require:S")
    assert t.state.period.lead_rule == LeadRule(Seat.WEST, Suit.SPADES, True, "50D2")
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("H8"), True),)
    assert t.state.records[-1] == Record("50D2(a)", "Penalty card", Seat.EAST, "declarer requires the lead of "
                                         "spades by West; the spades penalty card(s) picked up", E17)


def test_50D2b_forbid() -> None:
    t = table()
    t.expose("E", "S5", "H8")
    t.choose("forbid:H")
    assert t.state.period.lead_rule == LeadRule(Seat.WEST, Suit.HEARTS, False, "50D2")
    assert t.state.records[-1] == Record("50D2(b)", "Penalty card", Seat.EAST, "declarer forbids the lead of "
                                         "hearts by West; the hearts penalty card(s) picked up", E17)


def test_50D2c_neither_the_cards_stay() -> None:
    t = table(laws="1997")
    t.expose("E", "S5", "H8")
    assert t.ruling.edition is Edition.L1997
    t.choose("leave")
    assert len(t.state.penalty_cards) == 2 and t.state.period.lead_rule is None
    assert t.state.records[-1] == Record("50D2(c)", "Penalty card", Seat.EAST,
                                         "East's penalty card(s) stay on the table", Edition.L1997)


# ----- 50D1: a major penalty card played as required ------------------------------------------------------------
def test_50D1_the_penalty_card_played_at_the_first_opportunity_needs_no_ruling() -> None:
    t = table()
    t.expose("E", "DA")
    t.choose("leave")
    play(t, "D8 D2 DA")
    assert t.state.pending is None and not t.state.penalty_cards and t.state.play.current.cards[-1] == c("DA")


def test_50D1_a_lead_restriction_comes_before_the_offender_s_own_penalty_card() -> None:
    """West has a major penalty card (♠8) and must lead a diamond (50D2(a) for East's ♦A): the diamond complies."""
    t = table()
    t.expose("W", "S8")
    t.judge("deliberate", "yes")
    t.expose("E", "DA")
    t.choose("require:D")
    play(t, "D8")
    assert t.state.pending is None and t.state.play.current.cards == (c("D8"),)


def test_50D1_a_play_restriction_comes_before_the_offender_s_own_penalty_card() -> None:
    """East must play his lowest diamond (57A, West's premature ♦6): ♦Q complies although ♦A is his penalty card."""
    t = table()
    t.expose("E", "DA")
    t.choose("leave")
    play(t, "H7 HA H8 H3 D2 D6")  # dummy leads trick 2, West plays before East
    t.choose("lowest")
    play(t, "DQ")
    assert t.state.pending is None and t.state.play.current.cards == (c("D2"), c("DQ"))


# ----- 51A: several penalty cards ---------------------------------------------------------------------------------
def test_51A_declarer_designates_which_penalty_card_is_played() -> None:
    t = table()
    t.expose("E", "DA", "DK")
    t.choose("leave")
    play(t, "D8 D2 DA")
    assert opts(t) == [
        ("play:DA", "♦A", "East plays ♦A; ♦K stay(s) on the table as major penalty card(s) (Law 51A)", "51A"),
        ("play:DK", "♦K", "East plays ♦K; ♦A stay(s) on the table as major penalty card(s) (Law 51A)", "51A")]
    t.choose("play:DK")
    assert t.state.play.current.cards == (c("D8"), c("D2"), c("DK"))
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("DA"), True),)
    assert t.state.records[-1] == Record("51A", "Several penalty cards", Seat.EAST,
                                         "declarer designated ♦K of East's penalty cards", E17)


# ----- 52: failure to play a penalty card -----------------------------------------------------------------------
def test_52B1_several_penalty_cards_declarer_may_require_either() -> None:
    t = table()
    t.expose("E", "DA", "DK")
    t.choose("leave")
    play(t, "D8 D2 DQ")
    assert opts(t) == [
        ("accept", "accept ♦Q", "♦Q stands as played; ♦A, ♦K stay(s) on the table as penalty card(s) (Law 52B1(a))",
         "52B1(a)"),
        ("require:DA", "require ♦A instead", "East plays ♦A; ♦Q goes back and becomes a major penalty card too "
         "(Law 52B1(b), 51A)", "52B1(b), 51A"),
        ("require:DK", "require ♦K instead", "East plays ♦K; ♦Q goes back and becomes a major penalty card too "
         "(Law 52B1(b), 51A)", "52B1(b), 51A")]
    t.choose("require:DK")
    assert t.state.play.current.cards == (c("D8"), c("D2"), c("DK"))
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("DA"), True),
                                     PenaltyCard(Seat.EAST, c("DQ"), True, "52B1(b)"))
    assert t.state.records[-1] == Record("52B1(b)", "Failure to play a penalty card", Seat.EAST,
                                         "♦K required; ♦Q a major penalty card", E17)


def test_52B1_one_penalty_card_accept_or_require_it() -> None:
    t = table()
    t.expose("E", "DA")
    t.choose("leave")
    play(t, "D8 D2 DQ")
    assert opts(t) == [
        ("accept", "accept ♦Q", "♦Q stands as played; ♦A stay(s) on the table as penalty card(s) (Law 52B1(a))",
         "52B1(a)"),
        ("require", "require ♦A instead", "East plays ♦A; ♦Q goes back and becomes a major penalty card too "
         "(Law 52B1(b))", "52B1(b)")]
    t.choose("accept")
    assert t.state.play.current.cards == (c("D8"), c("D2"), c("DQ"))
    assert t.state.records[-1] == Record("52B1(a)", "Failure to play a penalty card", Seat.EAST, "♦Q accepted", E17)


def test_50C_52_a_lower_spot_card_led_before_the_minor_penalty_card() -> None:
    t = table()
    minor(t, "W", "S6")
    play(t, "S7")
    assert opts(t) == [
        ("accept", "accept ♠7", "♠7 stands as played; ♠6 stay(s) on the table as penalty card(s) (Law 52B1(a))",
         "52B1(a)"),
        ("require", "require ♠6 instead", "West plays ♠6; ♠7 goes back and becomes a major penalty card too "
         "(Law 52B1(b))", "52B1(b)")]


def test_50C_52_a_lower_spot_card_of_the_suit_discarded_by_a_player_void_in_the_suit_led() -> None:
    t = table()
    play(t, "S8 S2 S5 SA")  # East is now void in spades
    minor(t, "E", "H8")
    play(t, "SK S7 S3 H9")
    assert t.ruling.law == "52" and [o.key for o in t.ruling.options] == ["accept", "require"]


def test_50C_52_the_minor_penalty_card_rule_holds_while_declarer_s_card_waits_for_its_turn() -> None:
    """57D: declarer's premature ♥3 waits for South's turn; East, with the minor ♥8, follows with ♥9: Law 52."""
    t = table()
    minor(t, "E", "H8")
    play(t, "H7 H3 H2 H9")
    assert t.ruling.law == "52" and t.ruling.offender is Seat.EAST


def test_50C_an_honour_may_be_played_before_the_minor_penalty_card() -> None:
    t = table()
    minor(t, "E", "H8")
    play(t, "H7 H2 HT")
    assert t.state.pending is None and t.state.play.current.cards[-1] == c("HT")


def test_61_a_revoke_with_a_minor_penalty_card_is_a_revoke_not_law_52() -> None:
    """West, holding hearts, plays ♠7 with the minor ♠6 on the table: Laws 61-64 rule on it, not 52."""
    t = table()
    minor(t, "W", "S6")
    play(t, "H7 HA H8 H3 HK H9 S9 S7")
    assert t.state.pending is None
    r = t.state.period.revokes[0]
    assert (r.seat, r.trick, r.card, r.suit) == (Seat.WEST, 2, c("S7"), Suit.HEARTS)


def test_50C_52_a_lead_restriction_does_not_lift_the_minor_penalty_card_rule() -> None:
    """West, with the minor ♠6, must lead a spade (50D2(a) for East's ♠5): he can lead ♠6 or an honour, so leading
    ♠7 fails Law 50C and declarer may accept it or require ♠6 (Law 52)."""
    t = table()
    minor(t, "W", "S6")
    t.expose("E", "S5")
    t.judge("deliberate", "yes")
    t.choose("require:S")
    play(t, "S7")
    assert t.ruling.law == "52" and t.ruling.offender is Seat.WEST
    assert [o.key for o in t.ruling.options] == ["accept", "require"]
    t.choose("require")
    assert t.state.play.current.cards == (c("S6"),)
    assert t.state.penalty_cards == (PenaltyCard(Seat.WEST, c("S7"), True, "52B1(b)"),)


def test_50D2_several_penalty_cards_of_one_suit_all_picked_up_together() -> None:
    t = table()
    t.expose("E", "DA", "DK")
    assert t.ruling.option("require:D").consequence == (
        "♦A, ♦K go back into East's hand; West must lead a diamond now (if he has none, any card: Law 59); the "
        "information from ♦A, ♦K is unauthorised to West (Laws 50D2(a), 51B, 50E)")


def test_51A_with_three_penalty_cards_the_other_two_stay() -> None:
    t = table()
    t.expose("E", "DA", "DK", "DQ")
    t.choose("leave")
    play(t, "D8 D2 DA")
    assert t.ruling.option("play:DA").consequence == ("East plays ♦A; ♦K, ♦Q stay(s) on the table as major penalty "
                                                      "card(s) (Law 51A)")


def test_61_a_revoke_by_a_defender_with_a_major_penalty_card_of_the_suit_led_is_a_revoke() -> None:
    """East, holding ♦AKQ with ♦A a major penalty card, plays ♣T to a diamond lead: Laws 61-64 rule on it (the
    revoke is recorded and may be corrected), not Law 52."""
    t = table()
    t.expose("E", "DA")
    t.choose("leave")
    play(t, "D8 D2 CT")
    assert t.state.pending is None
    r = t.state.period.revokes[0]
    assert (r.seat, r.card, r.suit, r.held) == (Seat.EAST, c("CT"), Suit.DIAMONDS, (c("DA"), c("DK"), c("DQ")))
