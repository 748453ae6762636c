"""Laws 53-57: leads out of turn and premature play — the checks that mutation testing of the play laws showed
were missing.

Each test names the clause it checks and asserts the law's outcome: the options with their consequences and laws
(54's five options, 55's two, 56's with or without Law 50D2, 57A's eight), the card that stands or goes back, the
penalty card, the lead restriction, the information unauthorised to the offenders and the record of the ruling.
Deal: ``playkit.DEAL``, 1♠ by South, West leads (1NT by West: North leads, East dummy):

    N ♠432 ♥AKQ2 ♦5432 ♣32     E ♠5 ♥JT98 ♦AKQ ♣AKQJT     S ♠AKQJT9 ♥3 ♦JT9 ♣987     W ♠876 ♥7654 ♦876 ♣654
"""

from __future__ import annotations

from bridge_director.model import Card, Seat, Side, Suit
from bridge_director.table.edition import Edition
from bridge_director.table.play import CardWithdrawn
from bridge_director.table.play_state import LeadRule
from bridge_director.table.state import Flag, PenaltyCard, Record, Unauthorised
from playkit import play, table

E17 = Edition.L2017
REQUIRE_H = ("require", "require West to lead hearts", "♥J goes back into East's hand; West must lead a heart now (if "
             "he has none, any card: Law 59); the information from ♥J is unauthorised to West (Law 50E, 16C)")
FORBID_H = ("forbid", "forbid West to lead hearts", "♥J goes back into East's hand; West may not lead hearts for as "
            "long as he keeps the lead; the information from ♥J is unauthorised to West (Law 50E, 16C)")
PENALTY_H = ("penalty", "leave it as a penalty card", "♥J stays face up on the table as a major penalty card: East "
             "must play it at the first legal opportunity; West leads any card he likes now; each time West gains the "
             "lead while it is there, you have these choices again (Law 50D)")


def c(text: str) -> Card:
    return Card.parse(text)


def opts(t) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    return [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options]


def oloot(laws: str = "2017"):  # type: ignore[no-untyped-def]
    """East leads ♥J: West had the opening lead."""
    t = table(laws=laws)
    play(t, "HJ")
    return t


# ----- 54: the five options ---------------------------------------------------------------------------------------
def test_54_the_five_options_their_consequences_and_laws() -> None:
    t = oloot()
    assert opts(t) == [
        ("spread", "accept the lead and become dummy", "♥J stands as the opening lead; you spread your whole hand face "
         "up as dummy and North becomes declarer, playing the next card from your hand (Law 54A)", "54A"),
        ("accept", "accept the lead and stay declarer", "♥J stands as the opening lead; North spreads the dummy and "
         "you play the next card from your own hand (Law 54B); playing a card from your hand also accepts it "
         "(Law 53A)", "54B"),
        (*REQUIRE_H, "54D, 50D2(a)"), (*FORBID_H, "54D, 50D2(b)"), (*PENALTY_H, "54D, 50D2(c)")]


def test_54B_accepted_the_lead_stands_and_dummy_is_faced() -> None:
    t = oloot()
    assert not t.state.period.dummy_faced
    t.choose("accept")
    assert t.state.period.dummy_faced and t.state.play.current.cards == (c("HJ"),)
    assert t.state.records[-1] == Record("54B", "Lead out of turn", Seat.EAST,
                                         "♥J by East accepted; South stays declarer and plays second", E17)


def test_54B_accepting_a_penalty_card_led_out_of_turn_leaves_the_other_penalty_cards() -> None:
    t = table()
    t.expose("E", "HJ", "DA")
    t.choose("leave")
    play(t, "HJ")  # East leads his penalty card out of turn
    t.choose("accept")
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("DA"), True),)


def test_54D_require_the_suit_the_card_goes_back() -> None:
    t = oloot()
    t.choose("require")
    assert not t.state.penalty_cards
    assert t.state.period.lead_rule == LeadRule(Seat.WEST, Suit.HEARTS, True, "50D2")
    assert t.state.period.lead_ruled == 0  # this lead has had its ruling
    assert t.state.unauthorised == (Unauthorised(Side.EW, "East's ♥J, led out of turn and picked up", "50E"),)
    assert t.state.records[-1] == Record("54D", "Lead out of turn", Seat.EAST, "♥J led out of turn by East not "
                                         "accepted and picked up; West must lead hearts", E17)


def test_54D_forbid_the_suit() -> None:
    t = oloot("1997")
    t.choose("forbid")
    assert t.state.period.lead_rule == LeadRule(Seat.WEST, Suit.HEARTS, False, "50D2")
    assert t.state.records[-1] == Record("54D", "Lead out of turn", Seat.EAST, "♥J led out of turn by East not "
                                         "accepted and picked up; West may not lead hearts while he keeps the lead",
                                         Edition.L1997)


def test_54D_leave_it_as_a_major_penalty_card() -> None:
    t = oloot()
    t.choose("penalty")
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("HJ"), True, "54D"),)
    assert t.state.period.lead_rule is None and t.state.period.lead_ruled == 0
    assert t.state.unauthorised == (
        Unauthorised(Side.EW, "East's penalty card ♥J (other than that it must be played)", "50E"),)
    assert t.state.records[-1] == Record("54D", "Lead out of turn", Seat.EAST, "♥J led out of turn by East not "
                                         "accepted: a major penalty card; West leads", E17)


def test_47E1_a_lead_out_of_turn_after_misinformation_is_withdrawn_not_accepted() -> None:
    t = oloot()
    t.do(CardWithdrawn(Seat.EAST, "47E1"))
    assert t.state.pending is None and not t.state.penalty_cards and t.state.play.next_seat is Seat.WEST
    assert t.state.records[-1] == Record("47E1", "Lead out of turn after misinformation", Seat.EAST,
                                         "♥J was led after an opponent said it was East's turn: withdrawn without "
                                         "rectification; it may not be accepted (Law 47E1)", E17)


# ----- 55: declarer's lead out of turn ----------------------------------------------------------------------------
def test_55B_declarer_leads_from_his_hand_when_dummy_is_on_lead() -> None:
    t = table()
    play(t, "H7 HA H8 H3 SA")  # dummy won trick 1
    assert opts(t) == [
        ("accept", "accept the lead", "♠A stands as the lead and West plays next; a play by either of you to it also "
         "accepts it (Law 53A)", "55A"),
        ("retract", "require it to be retracted", "♠A goes back into the hand and declarer leads any card from "
         "North's hand (Law 55B); if declarer may have gained from the lead out of turn, the director will adjust "
         "the score at the end of play (Law 55C)", "55B")]


def test_55A_declarer_leads_when_a_defender_is_on_lead() -> None:
    t = table()
    play(t, "H7 H2 H8 H3 SA")  # East won trick 1
    assert opts(t)[1] == ("retract", "require it to be retracted", "♠A goes back into the hand with no further "
                          "rectification and East leads (Law 55A); if declarer may have gained from the lead out of "
                          "turn, the director will adjust the score at the end of play (Law 55C)", "55A")
    t.choose("retract")
    assert t.state.play.next_seat is Seat.EAST and c("SA") in t.state.play.hands[Seat.SOUTH].cards
    assert t.state.flags == (Flag("55C", Side.NS, "declarer's ♠A led out of turn from South was retracted: adjust "
                                  "if declarer may have gained from it"),)
    assert t.state.records[-1] == Record("55A", "Lead out of turn by declarer", Seat.SOUTH,
                                         "♠A from South retracted; East leads", E17)


# ----- 56: a defender's lead out of turn --------------------------------------------------------------------------
def test_56_declarer_s_side_on_lead_accept_or_a_major_penalty_card() -> None:
    t = table()
    play(t, "H7 HA H8 H3 DA")  # dummy won trick 1; East leads
    assert t.ruling.chooser is Seat.SOUTH
    assert opts(t) == [
        ("accept", "accept the lead", "♦A stands as the lead and South plays next; a play from South's hand also "
         "accepts it (Law 53A)", "53A"),
        ("refuse", "do not accept it", "♦A becomes a major penalty card: East must play it at the first legal "
         "opportunity, and whenever West gains the lead while it is on the table you may require or forbid a "
         "diamond lead (Law 50D); North leads now (Law 56)", "56")]
    t.choose("refuse")
    assert t.state.penalty_cards == (PenaltyCard(Seat.EAST, c("DA"), True, "56"),)
    assert t.state.period.lead_ruled == 4
    assert t.state.records[-1] == Record("56", "Lead out of turn", Seat.EAST, "♦A led out of turn by East not "
                                         "accepted: a major penalty card; North leads", E17)


def test_56_partner_on_lead_declarer_has_the_50D2_options() -> None:
    t = table("P P P 1NT P P P")  # 1NT by West: North leads, East is dummy
    play(t, "HA H8 H3 H4 SA")  # North won trick 1; South leads out of turn
    assert t.ruling.chooser is Seat.WEST
    assert opts(t) == [
        ("accept", "accept the lead", "♠A stands as the lead and West plays next; a play from West's hand also "
         "accepts it (Law 53A)", "53A"),
        ("require", "require North to lead spades", "♠A goes back into South's hand; North must lead a spade now (if "
         "he has none, any card: Law 59); the information from ♠A is unauthorised to North (Law 50E, 16C)",
         "56, 50D2(a)"),
        ("forbid", "forbid North to lead spades", "♠A goes back into South's hand; North may not lead spades for as "
         "long as he keeps the lead; the information from ♠A is unauthorised to North (Law 50E, 16C)", "56, 50D2(b)"),
        ("penalty", "leave it as a penalty card", "♠A stays face up on the table as a major penalty card: South must "
         "play it at the first legal opportunity; North leads any card he likes now; each time North gains the lead "
         "while it is there, you have these choices again (Law 50D)", "56, 50D2(c)")]
    t.choose("accept")
    assert t.state.records[-1] == Record("53A", "Lead out of turn", Seat.SOUTH,
                                         "♠A led out of turn by South accepted", E17)


# ----- 57A: premature play by a defender --------------------------------------------------------------------------
def test_57A_declarer_s_eight_choices_for_partner() -> None:
    t = table()
    play(t, "H7 HA H8 H3 D2 D6")  # dummy leads ♦2, West plays before East
    assert opts(t) == [
        ("highest", "East plays his highest diamond", "East must play the highest diamond he holds (any card if he has "
         "none, Law 59)", "57A1(a)"),
        ("lowest", "East plays his lowest diamond", "East must play the lowest diamond he holds (any card if he has "
         "none, Law 59)", "57A1(b)"),
        ("another:S", "East plays a spade", "if East has no diamond, he must play a spade (any card if he has none, "
         "Law 59)", "57A1(c)"),
        ("another:H", "East plays a heart", "if East has no diamond, he must play a heart (any card if he has none, "
         "Law 59)", "57A1(c)"),
        ("another:C", "East plays a club", "if East has no diamond, he must play a club (any card if he has none, "
         "Law 59)", "57A1(c)"),
        ("forbid:S", "East may not play a spade", "East may not play a spade to this trick (unless he has nothing "
         "else, Law 59)", "57A1(d)"),
        ("forbid:H", "East may not play a heart", "East may not play a heart to this trick (unless he has nothing "
         "else, Law 59)", "57A1(d)"),
        ("forbid:C", "East may not play a club", "East may not play a club to this trick (unless he has nothing "
         "else, Law 59)", "57A1(d)")]
