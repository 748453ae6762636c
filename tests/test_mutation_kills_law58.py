"""Law 58B: cards played simultaneously — the checks that mutation testing of the play laws showed were missing.

Each test names the clause it checks and asserts the law's outcome: the card played or standing, the options the
offender designates from with their consequences (penalty cards major or minor, declarer's cards back to the hand,
cards not seen picked up, the cards played after going back, who may play again, whose card stands), the penalty
cards with their law, the information unauthorised and the law that says so by edition, the records.
Deal: ``playkit.DEAL``, 1♠ by South, West leads:

    N ♠432 ♥AKQ2 ♦5432 ♣32     E ♠5 ♥JT98 ♦AKQ ♣AKQJT     S ♠AKQJT9 ♥3 ♦JT9 ♣987     W ♠876 ♥7654 ♦876 ♣654
"""

from __future__ import annotations

from bridge_director.laws.law58 import CardsPlayedTogether
from bridge_director.model import Card, Seat, Side
from bridge_director.table.edition import Edition
from bridge_director.table.play_state import PlayRule
from bridge_director.table.state import Flag, PenaltyCard, Record, Unauthorised
from playkit import play, table

E17 = Edition.L2017
E97 = Edition.L1997
NAME = "Cards played simultaneously"
MAJOR_EAST = "he must play it at the first legal opportunity and declarer may restrict his partner's leads (Law 50D)"


def c(text: str) -> Card:
    return Card.parse(text)


def together(t, seat: str, cards: str, visible: str | None = None) -> None:  # type: ignore[no-untyped-def]
    cs = tuple(c(x) for x in cards.split())
    vs = cs if visible is None else tuple(c(x) for x in visible.split())
    t.do(CardsPlayedTogether(Seat.parse(seat), cs, vs, t.laws))


def opts(t) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    return [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options]


# ----- 58B1: one face visible -------------------------------------------------------------------------------------
def test_58B1_the_visible_card_is_played_the_other_picked_up() -> None:
    t = table()
    together(t, "W", "C4 C6", "C4")
    assert t.state.play.current.cards == (c("C4"),)
    assert t.state.unauthorised == (Unauthorised(Side.EW, "West's card(s) picked up under Law 58B1 (♣6)", "16C"),)
    assert t.state.records[-1] == Record("58B1", NAME, Seat.WEST, "only ♣4 was visible: it is played; ♣6 picked up "
                                         "with no further rectification (Laws 58B1, 47F); information from them is "
                                         "unauthorised to East (Law 16C)", E17)


def test_58B1_found_after_the_trick_the_visible_card_stands() -> None:
    t = table()
    play(t, "C4 C2 CA C7")
    together(t, "S", "C7 C8", "C7")
    assert t.state.records[-1] == Record("58B1", NAME, Seat.SOUTH, "only ♣7 was visible: it stands; ♣8 picked up "
                                         "with no further rectification (Laws 58B1, 47F); information from them is "
                                         "unauthorised to North (Law 16C)", E17)


def test_58B1_the_visible_card_that_revokes_is_ruled_under_the_board_s_edition() -> None:
    t = table(laws="1997")
    play(t, "H7 H2")
    together(t, "E", "CA CK", "CA")  # East holds hearts: ♣A is a revoke
    r = t.state.period.revokes[0]
    assert (r.seat, r.card, r.edition) == (Seat.EAST, c("CA"), E97)


# ----- 58B2: the offender designates -------------------------------------------------------------------------------
def test_58B2_a_defender_s_other_honour_is_a_major_penalty_card() -> None:
    t = table()
    play(t, "C4 C2")
    together(t, "E", "CA CK")
    assert opts(t) == [
        ("play:CA", "♣A", f"♣A is played; ♣K becomes a major penalty card of East: {MAJOR_EAST}; information from it "
         "is unauthorised to West (Laws 58B2, 50E)", "58B2"),
        ("play:CK", "♣K", f"♣K is played; ♣A becomes a major penalty card of East: {MAJOR_EAST}; information from it "
         "is unauthorised to West (Laws 58B2, 50E)", "58B2")]


def test_58B2_a_single_spot_card_is_minor_the_ten_is_an_honour() -> None:
    t = table()
    play(t, "H7 H2")
    together(t, "E", "HT H9")
    assert opts(t) == [
        ("play:HT", "♥T", "♥T is played; ♥9 becomes a minor penalty card of East: he may not play another heart below "
         "the ten before it, but may play an honour (Law 50C); information from it is unauthorised to West "
         "(Laws 58B2, 50E)", "58B2"),
        ("play:H9", "♥9", f"♥9 is played; ♥T becomes a major penalty card of East: {MAJOR_EAST}; information from it "
         "is unauthorised to West (Laws 58B2, 50E)", "58B2")]


def test_58B2_partner_s_penalty_card_does_not_make_the_offender_s_card_major() -> None:
    t = table()
    t.expose("E", "DA")
    t.choose("leave")
    together(t, "W", "H7 H6")
    assert "♥6 becomes a minor penalty card of West" in t.ruling.option("play:H7").consequence


def test_58B2_two_other_cards_are_major_and_the_unseen_cards_are_picked_up() -> None:
    t = table()
    together(t, "W", "H7 H6 H5 H4 S8", "H7 H6 H5")
    assert opts(t)[2] == ("play:H5", "♥5", "♥5 is played; ♥7, ♥6 become major penalty cards of West: he must play it "
                          "at the first legal opportunity and declarer may restrict his partner's leads (Law 50D); "
                          "information from them is unauthorised to East (Laws 58B2, 50E); ♥4, ♠8, not seen, are "
                          "picked up (Law 47F)", "58B2")
    t.choose("play:H5")
    assert t.state.penalty_cards == (PenaltyCard(Seat.WEST, c("H7"), True, "58B2"),
                                     PenaltyCard(Seat.WEST, c("H6"), True, "58B2"))
    assert t.state.unauthorised[-1] == Unauthorised(Side.EW, "West's penalty card(s) ♥7, ♥6 (Law 58B2)", "50E")


def test_58B2_one_card_not_seen_is_picked_up() -> None:
    t = table()
    together(t, "W", "H7 H6 H4", "H7 H6")
    assert t.ruling.option("play:H7").consequence.endswith("; ♥4, not seen, is picked up (Law 47F)")


def test_58B2_declarer_s_other_cards_go_back_to_the_hand() -> None:
    t = table()
    play(t, "C4 C2 CA")
    together(t, "S", "C9 C8 C7")
    assert opts(t)[0] == ("play:C9", "♣9", "♣9 is played; ♣8, ♣7 go back to the hand with no rectification: "
                          "declarer's cards never become penalty cards (Laws 58B2, 48A)", "58B2")
    t2 = table()
    play(t2, "C4 C2 CA")
    together(t2, "S", "C9 C8")
    assert t2.ruling.option("play:C9").consequence == ("♣9 is played; ♣8 goes back to the hand with no "
                                                       "rectification: declarer's cards never become penalty cards "
                                                       "(Laws 58B2, 48A)")


def test_58B2_a_designated_lead_out_of_turn_is_not_a_penalty_card_while_it_is_ruled_on() -> None:
    """East designates ♥J, a lead out of turn (Law 54 is then ruled): only ♥T is a penalty card."""
    t = table()
    together(t, "E", "HJ HT")
    t.choose("play:HJ")
    assert t.ruling.law == "54"
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("HT"), True, "58B2"),)


# ----- 58B3: found after others played to the trick ---------------------------------------------------------------
def test_58B3_the_card_played_after_goes_back_its_player_may_play_another() -> None:
    t = table()
    play(t, "C4 C2 CT C7")
    together(t, "E", "CT CJ")
    assert opts(t) == [
        ("play:CT", "♣T", f"♣T stands; ♣J becomes a major penalty card of East: {MAJOR_EAST}; information from it is "
         "unauthorised to West (Laws 58B2, 50E)", "58B2"),
        ("play:CJ", "♣J", f"♣J is played; ♣T becomes a major penalty card of East: {MAJOR_EAST}; information from it "
         "is unauthorised to West (Laws 58B2, 50E); ♣T goes back and the 1 card(s) played after it go back too: "
         "South may play another card without rectification (Law 58B3); information from the withdrawn cards is "
         "authorised to South and North and unauthorised to East and West (Law 16C)", "58B2")]
    t.choose("play:CJ")
    assert t.state.play.current.cards == (c("C4"), c("C2"), c("CJ")) and t.state.period.play_rule is None
    assert t.state.unauthorised[0] == Unauthorised(Side.EW, "the card(s) ♣T, ♣7 withdrawn after East's designation "
                                                   "(Law 58B3)", "16C")


def test_58B3_2007_partner_s_card_stands_information_is_law_16D() -> None:
    t = table(laws="2007")
    play(t, "C4 C2 CA C7")
    together(t, "W", "C4 C5")
    assert t.ruling.option("play:C5").consequence == (
        "♣5 is played; ♣4 becomes a minor penalty card of West: he may not play another club below the ten before "
        "it, but may play an honour (Law 50C); information from it is unauthorised to East (Laws 58B2, 50E); ♣4 goes "
        "back and the 3 card(s) played after it go back too: North and South may play another card without "
        "rectification (Law 58B3); information from the withdrawn cards is authorised to North and South and "
        "unauthorised to West and East (Law 16D); East's card stands and is played again at his turn (Law 47F), "
        "unless the suit led has changed")
    t.choose("play:C5")
    assert t.state.period.play_rule == PlayRule(Seat.EAST, "card", None, 1, "47F", c("CA"))
    assert t.state.unauthorised[0] == Unauthorised(Side.EW, "the card(s) ♣4, ♣2, ♣A, ♣7 withdrawn after West's "
                                                   "designation (Law 58B3)", "16D")


def test_58B3_only_the_offender_s_own_card_after_it_nobody_else_plays_again() -> None:
    """South's ♠A and ♠Q came out together at trick 1, found after South led to trick 2: designating ♠Q takes back
    ♠A and South's lead; no opponent played after ♠A, so nobody else plays again."""
    t = table()
    play(t, "S6 S2 S5 SA H3")
    together(t, "S", "SA SQ")
    assert t.ruling.option("play:SA").consequence == (
        "♠A stands; ♠Q goes back to the hand with no rectification: declarer's cards never become penalty cards "
        "(Laws 58B2, 48A)")
    assert t.ruling.option("play:SQ").consequence == (
        "♠Q is played; ♠A goes back to the hand with no rectification: declarer's cards never become penalty cards "
        "(Laws 58B2, 48A); ♠A goes back and the 1 card(s) played after it go back too (Law 58B3); information from "
        "the withdrawn cards is authorised to West and East and unauthorised to South and North (Law 16C)")
    t.choose("play:SQ")
    assert t.state.play.tricks[0].cards == (c("S6"), c("S2"), c("S5"), c("SQ"))
    assert len(t.state.play.tricks) == 1 and c("H3") in t.state.play.hands[Seat.SOUTH].cards


def test_58B3_a_lead_changed_to_another_suit_partner_plays_again_freely() -> None:
    """East led ♦A at trick 2 with ♣A, found after the trick: he designates ♣A, the suit led changes, so West's card
    goes back with the others and is not replayed (Law 47F).  South's revoke on trick 2 (♣8) is withdrawn with its
    card; his revoke on trick 1 stands."""
    t = table()
    play(t, "H7 H2 H8 C7 DA C8 D8 D2")  # South revokes twice (♣7 holding ♥3, ♣8 holding diamonds)
    together(t, "E", "DA CA")
    assert t.ruling.option("play:CA").consequence.endswith(
        "; ♦A goes back and the 3 card(s) played after it go back too: North and South may play another card without "
        "rectification (Law 58B3); information from the withdrawn cards is authorised to South and North and "
        "unauthorised to East and West (Law 16C); West's card stands and is played again at his turn (Law 47F), "
        "unless the suit led has changed")
    t.choose("play:CA")
    assert t.state.play.current.cards == (c("CA"),) and t.state.period.play_rule is None
    assert [(r.trick, r.card) for r in t.state.period.revokes] == [(1, c("C7"))]
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("DA"), True, "58B2"),)


def test_58B3_a_follow_changed_partner_s_card_stands_and_a_revoke_is_ruled_under_the_edition() -> None:
    t = table(laws="1997")
    play(t, "H7 HA H8 H3 HK H9 S9 H6")  # dummy leads ♥K; East's ♥9 came out with ♣T
    together(t, "E", "H9 CT")
    t.choose("play:CT")  # East holds hearts: a revoke
    assert t.state.period.play_rule == PlayRule(Seat.WEST, "card", None, 2, "47F", c("H6"))
    assert [(r.seat, r.trick, r.card, r.edition) for r in t.state.period.revokes] == [(Seat.EAST, 2, c("CT"), E97)]
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("H9"), False, "58B2"),)


# ----- 58B4 / 58C: found after both sides played to the next trick ------------------------------------------------
def test_58C_1997_found_late_law_67_applies() -> None:
    t = table(laws="1997")
    play(t, "C4 C2 CA C7 DA D9")
    together(t, "S", "C7 C8", "C7 C8")
    assert t.state.records[-2:] == (
        Record("58C", NAME, Seat.SOUTH, "South's ♣7, ♣8 played together to trick 1, found after both sides had "
               "played to the next trick: Law 67 applies (Law 58C)", E97),
        Record("67B2", "Defective trick", Seat.SOUTH, "South played too many cards to trick 1: the extra card "
               "restored to his hand, ownership of the trick unchanged (Law 67B2)", E97))
    assert t.state.flags == (Flag("67B2", Side.NS, "South played two cards to trick 1: the extra card goes back to "
                                  "his hand; the trick stays with East's side; if he later failed to play it when "
                                  "required to, that is a revoke (Law 67B2)"),)


def test_58B4_the_trick_number_of_a_later_trick() -> None:
    t = table()
    play(t, "H7 H2 H8 H3 DA D9 D8 D2 CA C7")
    together(t, "E", "DA DK")
    assert t.state.records[-2] == Record("58B4", NAME, Seat.EAST, "East's ♦A, ♦K played together to trick 2, found "
                                         "after both sides had played to the next trick: Law 67 applies (Law 58B4)",
                                         E17)
