"""Laws 61-64: the revoke — the checks that mutation testing of the play laws showed were missing.

Each test names the clause it checks and asserts the law's outcome: the tricks transferred and the reason (64A1,
64A2, every case of 64B, the 1997 rule), the cap on several revokes of one side, the trick-12 revoke corrected at
the end of play with the winner of trick 12 and the 62D2 consequences by edition and by who played first, a
correction that changes who won a trick, and the offending side's own choice after a correction (62C2).

``transfer`` and ``transfers`` are pure functions of the play and the revoke records: the records below are built
by hand on one finished play (``playkit.DEAL`` played out with the lowest legal cards: East wins tricks 1-7, South
tricks 8-13; South plays ♠A to trick 13).  The trick-12 deals are built so that South wins tricks 1-11 as scripted
(``FILL``) and the last two tricks are the point of the test.
"""

from __future__ import annotations

from bridge_director.laws.law61_64 import transfer, transfers
from bridge_director.model import Card, Seat, Side, Suit
from bridge_director.table.edition import Edition
from bridge_director.table.play import RevokeCorrected
from bridge_director.table.play_state import RevokeRecord, Transfer
from bridge_director.table.state import Flag, Record, Unauthorised
from playkit import claim, play, play_out, table

E17, E07, E97 = Edition.L2017, Edition.L2007, Edition.L1997


def c(text: str) -> Card:
    return Card.parse(text)


def finished():  # type: ignore[no-untyped-def]
    t = table()
    play_out(t)
    return t.state.play


def rev(seat: str, trick: int, suit: str = "D", held: str = "", ed: Edition = E17, *, faced: bool = False,
        established: bool = True) -> RevokeRecord:
    return RevokeRecord(Seat.parse(seat), trick, c("C2"), Suit.parse(suit), tuple(c(x) for x in held.split()),
                        faced, ed, established=established)


def one(seat: str, trick: int, **kw) -> Transfer:  # type: ignore[no-untyped-def]
    r = rev(seat, trick, **kw)
    return transfer(finished(), r, (r,))


# ----- 64A (2017) ------------------------------------------------------------------------------------------------
def test_64A1_the_revoker_won_the_revoke_trick_and_his_side_a_later_one_two_tricks() -> None:
    assert one("E", 6) == Transfer("64A1", Seat.EAST, 2, "revoke by East on trick 6: East won the revoke trick, so it "
                                   "is transferred with one later trick won by his side (Law 64A1)")


def test_64A1_the_revoker_won_the_revoke_trick_and_no_later_one_that_trick_only() -> None:
    assert one("E", 7) == Transfer("64A1", Seat.EAST, 1, "revoke by East on trick 7: East won the revoke trick, so it "
                                   "is transferred (Law 64A1)")


def test_64A1_the_revoke_trick_is_the_last_trick() -> None:
    assert one("S", 13) == Transfer("64A1", Seat.SOUTH, 1, "revoke by South on trick 13: South won the revoke trick, "
                                    "so it is transferred (Law 64A1)")


def test_64A2_partner_won_the_revoke_trick_one_trick() -> None:
    assert one("W", 1) == Transfer("64A2", Seat.WEST, 1, "revoke by West on trick 1: one trick transferred — the "
                                   "offending side won the revoke trick (Law 64A2)")


def test_64A2_the_offending_side_won_a_later_trick_one_trick() -> None:
    assert one("S", 7) == Transfer("64A2", Seat.SOUTH, 1, "revoke by South on trick 7: one trick transferred — the "
                                   "offending side won a later trick (Law 64A2)")


# ----- 64B: no transfer ------------------------------------------------------------------------------------------
def test_64B1_the_offending_side_won_nothing_from_the_revoke_on() -> None:
    assert one("W", 8) == Transfer("64B1", Seat.WEST, 0, "revoke by West on trick 8: no trick transferred — the "
                                   "offending side won neither the revoke trick nor any later trick")


def test_64B2_a_second_revoke_in_the_same_suit_by_the_same_player() -> None:
    first, second = rev("E", 2, "C"), rev("E", 4, "C")
    assert transfer(finished(), second, (first, second)) == Transfer(
        "64B2", Seat.EAST, 0, "revoke by East on trick 4: no trick transferred — a second revoke in clubs by the same "
        "player (Law 64C may apply)")


def test_64B3_a_faced_card_not_played() -> None:
    assert one("E", 1, faced=True) == Transfer("64B3", Seat.EAST, 0, "revoke by East on trick 1: no trick transferred "
                                               "— a failure to play a card faced on the table (dummy's included)")


def test_64B4_64B5_attention_drawn_too_late() -> None:
    r = rev("E", 1)
    assert transfer(finished(), r, (r,), late="call") == Transfer(
        "64B4", Seat.EAST, 0, "revoke by East on trick 1: no trick transferred — attention was first drawn after the "
        "non-offending side called on a later deal")
    assert transfer(finished(), r, (r,), late="round") == Transfer(
        "64B5", Seat.EAST, 0, "revoke by East on trick 1: no trick transferred — attention was first drawn after the "
        "round ended")


def test_64B6_a_revoke_on_trick_12() -> None:
    assert one("S", 12) == Transfer("64B6", Seat.SOUTH, 0, "revoke by South on trick 12: no trick transferred — a "
                                    "revoke on trick 12 is corrected and equity restored instead (Law 62D)")


def test_64B7_both_sides_revoked() -> None:
    east, south = rev("E", 1), rev("S", 8, "H")
    assert transfer(finished(), east, (east, south)) == Transfer(
        "64B7", Seat.EAST, 0, "revoke by East on trick 1: no trick transferred — both sides revoked on this board")


# ----- 64A (1997) ------------------------------------------------------------------------------------------------
def test_1997_64A_the_revoker_won_the_revoke_trick_two_tricks() -> None:
    assert one("E", 6, ed=E97) == Transfer("64A1", Seat.EAST, 2, "revoke by East on trick 6: two tricks transferred — "
                                           "the revoker won the revoke trick (1997 Law 64A)")


def test_1997_64A_two_tricks_only_if_his_side_won_two() -> None:
    assert one("E", 7, ed=E97) == Transfer("64A2", Seat.EAST, 1, "revoke by East on trick 7: one trick transferred "
                                           "(1997 Law 64A2)")


def test_1997_64A_the_revoker_later_won_a_trick_with_a_card_of_the_suit() -> None:
    """South could have played ♠A to the revoke trick (a spade was led) and won trick 13 with it: two tricks."""
    assert one("S", 7, held="SA", ed=E97) == Transfer(
        "64A1", Seat.SOUTH, 2, "revoke by South on trick 7: two tricks transferred — the revoker later won a trick "
        "with a card he could legally have played to the revoke trick (1997 Law 64A)")


def test_1997_64A2_partner_s_later_winner_does_not_count() -> None:
    """West's ♦6 was in trick 4, but East won it: one trick."""
    expected = Transfer("64A2", Seat.WEST, 1, "revoke by West on trick 1: one trick transferred (1997 Law 64A2)")
    assert one("W", 1, held="D6", ed=E97) == expected
    assert one("W", 1, ed=E97) == expected


def test_1997_64A2_a_later_trick_won_with_a_card_of_the_suit_but_only_one_trick_won() -> None:
    t = table(laws="1997")
    play(t, "D6 D2 CT D9")  # East revokes (holds ♦AKQ), South wins
    play(t, "DJ D8 D3 DA")  # East wins trick 2 with ♦A
    claim(t, "E", 0)
    t.choose("agree", "S")
    t.choose("apply")
    assert t.state.period.transfers == (Transfer("64A2", Seat.EAST, 1, "revoke by East on trick 1: one trick "
                                                 "transferred (1997 Law 64A2)"),)


# ----- claims and the transfer -----------------------------------------------------------------------------------
def test_64B1_the_revoker_s_side_concedes_everything_after_the_revoke() -> None:
    t = table()
    play(t, "D6 D2 CT D9")  # East revokes, South wins
    claim(t, "E", 0)
    t.choose("agree", "S")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64B1", 0)]


def test_64A1_a_claim_in_the_middle_of_a_trick_the_revoke_trick_still_counts() -> None:
    t = table()
    play(t, "H7 H2 S5 H3")  # East ruffs holding hearts and wins trick 1
    play(t, "CA C7 C4")  # trick 2 in progress
    claim(t, "S", 12)
    t.choose("agree", "W")
    t.choose("apply")
    assert [(x.law, x.tricks) for x in t.state.period.transfers] == [("64A1", 1)]


# ----- transfers: every revoke, capped --------------------------------------------------------------------------
def test_64_a_revoke_not_established_transfers_nothing() -> None:
    assert transfers(finished(), (rev("E", 1, established=False),)) == ()


def test_64_one_transfer_equal_to_what_the_side_won_is_not_capped() -> None:
    assert transfers(finished(), (rev("E", 7),)) == (
        Transfer("64A1", Seat.EAST, 1, "revoke by East on trick 7: East won the revoke trick, so it is transferred "
                 "(Law 64A1)"),)


def test_64_two_revokes_of_one_side_capped_by_the_tricks_it_won_from_each_revoke_on() -> None:
    """East's revoke on trick 1 takes two tricks; from trick 7 on East-West won one trick, already given."""
    assert transfers(finished(), (rev("E", 1), rev("W", 7, "H"))) == (
        Transfer("64A1", Seat.EAST, 2, "revoke by East on trick 1: East won the revoke trick, so it is transferred "
                 "with one later trick won by his side (Law 64A1)"),
        Transfer("64A2", Seat.WEST, 0, "revoke by West on trick 7: one trick transferred — the offending side won the "
                 "revoke trick (Law 64A2) (limited to 0: the tricks his side won)"))


# ----- 62A/62B: a correction that changes the trick's winner -----------------------------------------------------
def test_62B_the_corrected_card_wins_the_trick_so_the_next_lead_goes_back() -> None:
    """East's ♦A replaces ♣T: East now wins trick 1, so South's lead to trick 2 and his ♦9 go back."""
    t = table()
    play(t, "D6 D2 CT D9 C7")
    t.do(RevokeCorrected(Seat.EAST, c("DA")))
    p = t.state.play
    assert p.tricks[0].cards == (c("D6"), c("D2"), c("DA")) and len(p.tricks) == 1
    assert p.next_seat is Seat.SOUTH and t.state.pending is None


def test_62C1_a_correction_after_a_ruff_earlier_keeps_the_cards_played_after() -> None:
    """South ruffed trick 2 and led trick 3; West's corrected revoke there changes nothing before it: the cards
    played after stand until the non-offenders choose (62C1)."""
    t = table()
    play(t, "H7 HA H8 H3 HK H9 S9 H6 DJ C4 D2 DA")
    t.do(RevokeCorrected(Seat.WEST, c("D6")))
    assert t.state.play.tricks[2].cards == (c("DJ"), c("D6"), c("D2"), c("DA"))
    assert t.ruling.law == "62C"


# ----- 62C2 -------------------------------------------------------------------------------------------------------
def test_62C2_options_for_a_defender_and_for_declarer_s_side() -> None:
    t = table()
    play(t, "H7 HA H8 H3 D2 CT D9 D6")
    t.do(RevokeCorrected(Seat.EAST, c("DA")))
    t.choose("withdraw", "S")
    assert [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options] == [
        ("keep", "keep ♦6", "♦6 stays played: it goes back to the trick at West's turn (Law 62C2)", "62C2"),
        ("withdraw", "withdraw ♦6", "♦6 goes back into West's hand and he plays again in turn; ♦6 becomes a major "
         "penalty card (Law 50) and the information from it is unauthorised to East (Laws 62C2, 16C)", "62C2")]
    t2 = table()
    play(t2, "C4 C2 CA C7 HJ C8 H4 H2")  # South revokes on East's ♥J
    t2.do(RevokeCorrected(Seat.SOUTH, c("H3")))
    t2.choose("withdraw", "E")
    assert [(o.key, o.label, o.consequence, o.law) for o in t2.ruling.options] == [
        ("keep", "keep ♥2", "♥2 stays played: it goes back to the trick at North's turn (Law 62C2)", "62C2"),
        ("withdraw", "withdraw ♥2", "♥2 goes back into North's hand and he plays again in turn; with no further "
         "rectification (Law 62C2)", "62C2")]


# ----- 62D: a revoke on trick 12 ----------------------------------------------------------------------------------
# South wins tricks 1-11 (FILL) and leads trick 12; 1♥ by South, so a heart ruffs.
#   D12:  N ♠76 ♥A765 ♦876 ♣A765   E ♠T543 ♥432 ♦543 ♣432   S ♠AKQJ ♥KQJ ♦AKQ ♣KQJ   W ♠982 ♥T98 ♦JT92 ♣T98
# At trick 12 South leads ♠A, West revokes with ♦2 (he holds ♠2), North ruffs with ♥A, East follows.
D12 = "N:76.A765.876.A765 T543.432.543.432 AKQJ.KQJ.AKQ.KQJ 982.T98.JT92.T98"
FILL = ("CT C5 C2 CK CQ C9 C6 C3 CJ C8 C7 C4 HK HT H5 H2 HQ H9 H6 H3 HJ H8 H7 H4 DA DJ D6 D3 DK DT D7 D4 DQ D9 D8 D5 "
        "SQ S9 S6 ST SJ S8 S7 S5")
LAST = "SA D2 HA S3 CA S4 SK S2"


def trick_12(deal: str = D12, auction: str = "P P 1H P P P", fill: str = FILL, last: str = LAST,
             laws: str = "2017"):  # type: ignore[no-untyped-def]
    t = table(auction, deal=deal, laws=laws)
    play(t, fill)
    play(t, last)
    return t


def test_62D1_the_revoke_card_goes_to_trick_13_trick_12_is_won_by_the_ruff() -> None:
    t = trick_12()
    p = t.state.play
    assert p.tricks[11].cards == (c("SA"), c("S2"), c("HA"), c("S3"))
    assert (p.tricks[12].leader, p.tricks[12].cards) == (Seat.NORTH, (c("CA"), c("S4"), c("SK"), c("D2")))
    assert t.state.records[-1] == Record("62D1", "Revoke", Seat.WEST, "revoke by West on trick 12 corrected (♠2 for "
                                         "♦2); trick 12 won by North", E17)


def test_62D2_2017_a_defender_revoked_before_partner_played_law_16C() -> None:
    t = trick_12()
    assert t.state.unauthorised == (Unauthorised(Side.EW, "West's revoke card ♦2 on trick 12", "62D2"),)
    assert t.state.flags == (Flag("62D2", Side.EW, "West revoked on trick 12 before East played to it: Law 16C "
                                  "applies to East's play to trick 12 (Law 62D2)"),)


def test_62D2_2017_east_west_declaring_north_revokes_second_to_play() -> None:
    """The same deal turned a quarter: 1♥ by West, West leads trick 12, North revokes before South plays."""
    rotated = "N:982.T98.JT92.T98 76.A765.876.A765 T543.432.543.432 AKQJ.KQJ.AKQ.KQJ"
    t = trick_12(rotated, "P P P 1H P P P")
    assert t.state.records[-1].outcome == "revoke by North on trick 12 corrected (♠2 for ♦2); trick 12 won by East"
    assert t.state.flags == (Flag("62D2", Side.NS, "North revoked on trick 12 before South played to it: Law 16C "
                                  "applies to South's play to trick 12 (Law 62D2)"),)


def test_62D2_2017_the_revoker_played_after_partner_nothing_more() -> None:
    """East, fourth to play, revokes after West has played: no Law 16C for West's card (Law 62D2)."""
    deal = "N:76.A765.876.A765 T54.432.5432.432 AKQJ.KQJ.AKQ.KQJ 9832.T98.JT9.T98"
    t = trick_12(deal, last="SA S2 HA D2 CA S4 SK S3")
    assert t.state.records[-1].outcome == "revoke by East on trick 12 corrected (♠4 for ♦2); trick 12 won by North"
    assert t.state.unauthorised == () and t.state.flags == ()


def test_62D2_2007_partner_with_one_suit_left_nothing_to_choose() -> None:
    t = trick_12(laws="2007")
    assert t.state.records[-1].edition is E07
    assert t.state.unauthorised == () and t.state.flags == ()


def test_62D2_2007_partner_held_two_suits_he_may_not_choose_what_the_revoke_card_suggested() -> None:
    #  N ♠764 ♥A765 ♦876 ♣876   E ♠T53 ♥432 ♦543 ♣5432   S ♠AKQJ ♥KQJ ♦AKQ ♣AKQ   W ♠982 ♥T98 ♦JT92 ♣JT9
    deal = "N:764.A765.876.876 T53.432.543.5432 AKQJ.KQJ.AKQ.AKQ 982.T98.JT92.JT9"
    fill = "CJ C6 C3 CA CK CT C7 C4 CQ C9 C8 C5 " + " ".join(FILL.split()[12:])
    t = trick_12(deal, fill=fill, last="SA D2 S4 S3 SK S2 HA C2", laws="2007")
    assert t.state.play.tricks[12].cards == (c("SK"), c("D2"), c("HA"), c("C2"))
    assert t.state.unauthorised == ()
    assert t.state.flags == (Flag("62D2", Side.EW, "East held cards of two suits at trick 12 after seeing the revoke "
                                  "card ♦2: he may not choose the play it could have suggested; the director corrects "
                                  "his play if he did (Law 62D2)"),)


def test_62D_another_established_revoke_is_not_corrected_with_it() -> None:
    """East revoked on trick 1 (♦3 holding clubs) as well: it stays established and uncorrected, and Law 64 rules on
    it — no transfer, East-West won no trick (64B1), with no claim to count."""
    fill = ("CT C5 D3 CK CQ C9 C6 C3 CJ C8 C7 C4 HK HT H5 H2 HQ H9 H6 H3 HJ H8 H7 H4 DA DJ D6 D4 DK DT D7 D5 DQ D9 D8 "
            "C2 SQ S9 S6 ST SJ S8 S7 S5")
    t = trick_12(fill=fill)
    assert [(r.seat, r.trick, r.established, r.corrected) for r in t.state.period.revokes] == [
        (Seat.EAST, 1, True, False), (Seat.WEST, 12, True, True)]
    assert t.ruling.law == "64"
    t.choose("apply")
    assert t.state.period.transfers == (Transfer("64B1", Seat.EAST, 0, "revoke by East on trick 1: no trick "
                                                 "transferred — the offending side won neither the revoke trick nor "
                                                 "any later trick"),)


def test_62D_a_trick_12_revoke_the_engine_cannot_correct_is_flagged_for_the_director() -> None:
    """West, forbidden to lead diamonds (50D2(b) for East's ♦K), leads ♦2 at trick 12 holding ♣2: a revoke (61A).
    Correcting it would change the suit led, so the director restores the position (62D): the flag says so."""
    #  N ♠T984 ♥3 ♦A987 ♣A987   E ♠7632 ♥2 ♦K654 ♣6543   S ♠5 ♥AKQJT98765 ♦3 ♣K   W ♠AKQJ ♥4 ♦QJT2 ♣QJT2
    t = table("P P 1NT P P P", deal="N:T984.3.A987.A987 7632.2.K654.6543 5.AKQJT98765.3.K AKQJ.4.QJT2.QJT2")
    play(t, "H4 H3 H2 HA")  # South wins and runs his hearts; the others discard
    for heart, west, north, east in zip("HK HQ HJ HT H9 H8 H7 H6 H5".split(), "SA SQ SJ DQ DJ DT CQ CJ CT".split(),
                                        "ST S9 S8 D9 D8 D7 C9 C8 C7".split(), "S7 S6 S2 D6 D5 D4 C6 C5 C4".split(),
                                        strict=True):
        play(t, f"{heart} {west} {north} {east}")
    t.expose("E", "DK")
    play(t, "S5 SK S4 S3")  # West wins trick 11 and is on lead
    t.choose("forbid:D")
    play(t, "D2 DA DK D3 CA C3 CK C2")
    r = t.state.period.revokes[0]
    assert (r.seat, r.trick, r.rule, r.corrected) == (Seat.WEST, 12, "50D2", False)
    assert t.state.play.tricks[11].cards == (c("D2"), c("DA"), c("DK"), c("D3"))
    assert t.state.flags == (Flag("62D", Side.EW, "revoke by West on trick 12: it must be corrected; the director "
                                  "restores the position as if it had been corrected and enters the tricks (Law 62D)"),)
    assert not any(rec.law == "62D1" for rec in t.state.records)


def test_64_three_revokes_of_one_side_each_capped_by_what_is_left() -> None:
    """East-West won tricks 1-7.  East on trick 1: two tricks; West on trick 2: one; East again on trick 6 (another
    suit): two are due, but from trick 6 on the side won two tricks and three are given already: none."""
    out = transfers(finished(), (rev("E", 1), rev("W", 2, "C"), rev("E", 6, "H")))
    assert [(x.law, x.offender, x.tricks) for x in out] == [("64A1", Seat.EAST, 2), ("64A2", Seat.WEST, 1),
                                                            ("64A1", Seat.EAST, 0)]
    assert out[2].text.endswith("(Law 64A1) (limited to 0: the tricks his side won)")
