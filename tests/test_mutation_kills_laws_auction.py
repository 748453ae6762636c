"""Laws 15-24 of the auction period: the checks that mutation testing of the auction laws showed were missing.

Each test names the clause it checks and asserts the law's outcome: the director's options with their consequences
and laws when cards are found faced before the auction (16, other sources), a double that names the bid (19), a
player who called on a wrong board's cards (17D; 2017 15A), a review asked for at the wrong time (20B, 20C1), the
opponents who may still change a call after a corrected explanation (21B1), and the cards exposed during the
auction with the penalty cards they become (24, 50).
"""

from __future__ import annotations

import pytest

import playkit
from bridge_director.engine import Table
from bridge_director.laws.common import pass_once
from bridge_director.model import PASS, Card, Seat, Side
from bridge_director.table.edition import Edition
from bridge_director.table.events import ExplanationCorrected, ReviewRequested
from bridge_director.table.play import penalty_cards
from bridge_director.table.state import Bar, Flag, PenaltyCard, Record, Restriction, Unauthorised
from tablekit import table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
E17, E07, E97 = Edition.L2017, Edition.L2007, Edition.L1997


def c(text: str) -> Card:
    return Card.parse(text)


def opts(t) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    return [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options]


# ----- 16: cards found faced before the auction (extraneous information from other sources) ----------------------
@pytest.mark.parametrize(("laws", "law", "artificial"), [("2017", "16D2", "12C2"), ("1997", "16B", "12C1")])
def test_16_cards_seen_by_partner_before_any_call_the_four_remedies(laws: str, law: str, artificial: str) -> None:
    t = table(laws=laws)
    t.found_faced("N", "SA", "HK", seen_by=("S",))
    assert opts(t) == [
        ("positions", "change seats", "North and South change seats, so that South, who saw ♠A, ♥K, holds that hand "
         f"himself; the board is then played normally (Law {law}(a))", f"{law}(a)"),
        ("redeal", "redeal the board", "the board is redealt for these four players and they play the new deal, "
         f"where the form of contest and its scoring allow it (Law {law}(b))", f"{law}(b)"),
        ("play", "play the board", "the board is played; ♠A, ♥K are unauthorised information to South; if the "
         f"director judges that it affected the result he adjusts the score (Law {law}(c))", f"{law}(c)"),
        ("artificial", "artificial adjusted score", "the board is not played: the director awards an artificial "
         f"adjusted score, by fault (Laws {law}(d), {artificial})", f"{law}(d)")]


def test_16_one_card_seen_by_both_opponents() -> None:
    t = table()
    t.found_faced("N", "SA", seen_by=("E", "W"))
    assert [o.key for o in t.ruling.options] == ["redeal", "play", "artificial"]
    assert t.ruling.option("play").consequence.startswith("the board is played; ♠A is unauthorised information to "
                                                          "East and West;")


def test_16_nobody_else_saw_the_cards_they_go_back() -> None:
    t = table(laws="2007")
    t.found_faced("N", "SA")
    assert opts(t) == [("proceed", "put the cards back", "nobody but North saw ♠A: they go back into the hand and "
                        "the board is played normally (Law 16C)", "16C")]


# ----- 19: a double or redouble naming the bid ------------------------------------------------------------------
def consequence_19(named: str, what: str, call: str, partner: str, law: str) -> str:
    return (f"{named}: he has {what} the bid as it was made, and {call} is ruled as if said properly (Law 19); naming "
            "a bid is an improper manner of calling (Law 73B1), and what the words show is unauthorised information "
            f"to {partner} (Law {law}): if {partner} then chooses, from logical alternatives, one that the words could "
            "have suggested, the director adjusts the score")


def test_19_a_double_naming_another_bid_than_the_one_made() -> None:
    t = table("1S", laws="1997")
    t.improper_double("E", "2S", "X")
    assert opts(t) == [("proceed", "rule it as double", consequence_19(
        "East named 2♠ although the bid as it was made is 1♠", "doubled", "double", "West", "16A"), "19")]


def test_19_a_redouble_naming_the_bid_made() -> None:
    t = table("1S X")
    t.improper_double("S", "1S", "XX")
    assert opts(t) == [("proceed", "rule it as redouble", consequence_19(
        "South named the bid, 1♠", "redoubled", "redouble", "North", "16B"), "19")]


def test_19_a_double_naming_a_bid_when_there_is_none() -> None:
    t = table()
    t.improper_double("N", "1S", "X")
    assert t.ruling.options[0].consequence.startswith("North named 1♠ although the bid as it was made is no bid: he "
                                                      "has doubled")


# ----- 17D (2017 15A): calls on a wrong board's cards ---------------------------------------------------------------
DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


@pytest.mark.parametrize(("laws", "clause", "other"), [("2007", "17D1", "16C"), ("2017", "15A1", "16D")])
def test_17D1_cards_not_in_this_hand_show_a_wrong_board(laws: str, clause: str, other: str) -> None:
    t = Table(1, deal=DEAL, laws=laws)
    t.auction("1S P")
    t.expose("N", "CA", "CK")
    assert t.ruling.options[0].consequence == (
        "♣A, ♣K are not in North's hand on this board, so North holds cards from a wrong board: Law 24 does not "
        "apply to ♣A, ♣K here; North takes his own cards, and if he has called on the wrong ones, his first call and "
        f"every call after it are cancelled and he calls again (Law {clause}); on the board the cards came from, "
        f"seeing ♣A, ♣K is extraneous information (Law {other}): before any call there, the director may let it be "
        "played normally, ready to adjust the score if the information affected the result, or award an adjusted "
        "score")
    one = Table(1, deal=DEAL, laws=laws)
    one.expose("N", "CA")
    assert one.ruling.options[0].consequence.startswith("♣A is not in North's hand on this board")


@pytest.mark.parametrize(("laws", "edition", "clause"), [("2007", E07, "17D"), ("2017", E17, "15A")])
def test_17D1_the_offender_calls_again_on_his_own_cards(laws: str, edition: Edition, clause: str) -> None:
    t = table("1S P P", laws=laws)
    t.wrong_board("E", board=8)
    t.call("E", "P")  # the same call as the cancelled one: the auction goes on
    s = t.state
    assert s.records[-1] == Record(f"{clause}1", "Call on cards from a wrong board", E,
                                   "pass cancelled; East called pass on his own cards", edition)
    law16 = "16D" if laws == "2007" else "16C"  # the withdrawn-call law is 16D in 2007
    assert s.unauthorised == (Unauthorised(Side.EW, "East's pass made on a wrong board's cards", law16),)
    assert s.flags == (Flag(f"{clause}3", Side.EW, "board 8: East called pass on its cards; when it is played, if "
                            "East's call there differs from pass, award an artificial adjusted score (Law 12C2); "
                            "otherwise it may be played normally"),)
    assert s.auction_text() == "N:1S E:Pass"  # South's pass, made after East's, is cancelled with it
    # 2007: South, who had called over it, must repeat his pass (17D2); 2017 has no such rule
    assert s.restrictions == ((Restriction(S, Bar.REPEAT, "17D2", PASS),) if laws == "2007" else ())


# ----- 20B, 20C1: a review at the wrong time; 21B1 ------------------------------------------------------------------
def test_20B_review_out_of_turn() -> None:
    t = table("1H")
    t.do(ReviewRequested(W))
    assert t.state.records[-1] == Record("20B", "Review of the auction at the wrong time", W,
                                         "West asked for a review when it was not his turn to call (Law 20B)", E17)
    assert t.state.flags == (Flag("16B", Side.EW, "West asked for a review of the auction when it was not his turn "
                                  "to call (Law 20B): adjust if his partner chose, from logical alternatives, one "
                                  "suggested by the request"),)


def test_20B_review_by_a_player_required_to_pass() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3H")
    t.judge("comparable", "no")
    t.auction("P")
    t.do(ReviewRequested(W))
    assert t.state.records[-1].outcome == "West asked for a review when he was required to pass (Law 20B)"


def test_20C1_review_after_the_auction_before_the_lead_and_after_the_play_began() -> None:
    t = playkit.table()
    t.do(ReviewRequested(W))
    assert t.state.records[-1].law == "20B" and not t.state.flags
    playkit.play(t, "H7")
    t.do(ReviewRequested(N))
    assert t.state.records[-1].outcome == ("North asked for a review as dummy (only declarer and the defenders may, "
                                           "at their first turn to play, Law 20C1)")
    t.do(ReviewRequested(W))  # West led: his first turn to play is over
    assert t.state.records[-1].outcome.endswith("when it was not his first turn to play (Law 20C1)")


def test_21B1_an_opponent_whose_partner_has_not_called_since_may_change() -> None:
    t = table("1NT P 2D")  # North corrects his explanation of 2♦; East has passed, West not yet called
    t.do(ExplanationCorrected(N))
    assert t.state.records[-1].outcome == ("East may change his pass (Law 21B1: a 'change' judged "
                                           "'misinformation')")


# ----- 24: cards exposed during the auction ---------------------------------------------------------------------
def test_24B_a_ten_is_an_honour_partner_passes_once() -> None:
    t = playkit.table("P P")
    t.expose("E", "HT")
    assert t.ruling.options[0].consequence.startswith(f"♥T stay face up on the table until the auction ends; "
                                                      f"{pass_once(W)} (Law 24B)")
    t.choose("proceed")
    assert t.state.restrictions == (Restriction(W, Bar.PASS_ONCE, "24"),)
    t.auction("1S P P P")
    assert penalty_cards(t.state) == (PenaltyCard(E, c("HT"), True),)


def test_24_50_the_defenders_exposed_cards_become_penalty_cards_declarer_s_side_s_do_not() -> None:
    """North (dummy-to-be) exposes ♠2; East exposes ♥8 and then ♥9 (two cards: both major, 50B); West ♥7, a single
    spot card: minor."""
    t = playkit.table("P P")
    for seat, card in (("N", "S2"), ("E", "H8"), ("E", "H9"), ("W", "H7")):
        t.expose(seat, card)
        t.choose("proceed")
    t.auction("1S P P P")
    assert penalty_cards(t.state) == (PenaltyCard(E, c("H8"), True), PenaltyCard(E, c("H9"), True),
                                      PenaltyCard(W, c("H7"), False))


# ----- 25: a change of call -----------------------------------------------------------------------------------------
def test_25_a_player_who_has_not_called_has_nothing_to_change() -> None:
    from bridge_director.errors import IllegalCallError
    t = table("1S")
    with pytest.raises(IllegalCallError) as err:
        t.change("W", "1H")
    assert err.value.law == "25" and str(err.value) == "Law 25: West has made no call to change"


# ----- 25A: an unintended call replaced after the left-hand opponent called -----------------------------------
def test_25A_the_replacement_is_itself_insufficient_law_27_under_the_board_s_edition() -> None:
    t = table("1S 2H P", laws="1997")
    t.change("E", "1H")
    t.judge("nature", "unintended")
    t.choose("keep")  # South keeps his pass
    assert t.ruling.law == "27" and t.ruling.edition is E97 and t.state.auction_text() == "N:1S"


def test_25A_the_left_hand_opponent_s_kept_call_is_made_again() -> None:
    t = table("1S 2H X")
    t.change("E", "3H")
    t.judge("nature", "unintended")
    t.choose("keep")
    assert t.state.pending is None and t.state.auction_text() == "N:1S E:3H S:X"


def test_25A_a_kept_double_no_longer_possible_is_dropped_and_he_calls_again() -> None:
    t = table("1S 2H X")
    t.change("E", "P")  # South's double would now double his partner's 1♠
    t.judge("nature", "unintended")
    t.choose("keep")
    assert t.state.pending is None and t.state.auction_text() == "N:1S E:Pass" and t.state.next_seat is S


def test_15A1_a_call_again_after_the_final_pass_undoes_the_play_begun() -> None:
    """West's pass ended the auction; his exposed ♦8 became a penalty card.  He was calling on a wrong board's
    cards: the auction period had not ended, so the penalty card and the play's state go back to what they were."""
    t = playkit.table("1S P P P")  # 1♠ by North: East leads
    t.expose("W", "D8")
    t.judge("deliberate", "yes")
    t.choose("leave")
    assert t.state.penalty_cards and t.state.period.lead_ruled == 0
    t.wrong_board("W")
    t.call("W", "P")
    assert t.state.penalty_cards == () and t.state.period.lead_ruled == -1


# ----- 26: declarer's choice at the offender's partner's first lead -----------------------------------------------
def withdrawn_1h(laws: str, correction: str = "P", answers: dict[str, str] | None = None,
                 rest: str = ""):  # type: ignore[no-untyped-def]
    """1♠ by South; East's insufficient 1♥ is not accepted and replaced by ``correction`` (judged not comparable, not
    more precise), the auction ends with ``rest``: West, East's partner, makes the opening lead.  The director's
    answers on the suits: ``answers`` (by default, in 2007, 1♥ specified hearts); ``t.asked`` lists the questions."""
    answers = answers or {"specified_suits": "H"}
    t = Table(None, dealer="S", vulnerability="None", deal=playkit.DEAL, laws=laws)
    t.auction("1S P P")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", correction)
    asked: list[str] = []
    while t.ruling is not None and t.ruling.questions:
        key = t.ruling.questions[0].key
        asked.append(key)
        t.judge(key, answers.get(key, "no"))
        if rest and t.ruling is None and not t.state.auction_over:
            t.auction(rest)
    t.asked = asked  # type: ignore[attr-defined]
    return t


def forbid(suit: str, law: str) -> tuple[str, str, str, str]:
    word = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}[suit]
    return (f"forbid:{suit}", f"forbid West to lead {word}", f"West may not lead {word} for as long as he keeps the "
            f"lead (if he holds nothing else, any card: Law 59) (Law {law})", law)


NONE = ("none", "impose no restriction", "West leads any card he likes (Law 26)", "26")


def corrected(t, seat: str, bid: str, correction: str) -> None:  # type: ignore[no-untyped-def]
    """``seat``'s insufficient ``bid`` is not accepted; his ``correction`` is judged neither the same denomination
    nor comparable (nor more precise): Law 27B2."""
    t.call(seat, bid)
    t.choose("refuse")
    t.call(seat, correction)
    while t.ruling is not None and t.ruling.questions and t.ruling.questions[0].key in (
            "same_denomination", "not_artificial", "comparable", "more_precise"):
        t.judge(t.ruling.questions[0].key, "no")


def test_26B_2017_forbid_any_one_suit_or_nothing() -> None:
    from bridge_director.laws.law26 import lead_restrictions_in_force
    t = withdrawn_1h("2017")
    assert t.asked == ["comparable"]  # East made no bid in the legal auction: no question on his suits
    assert opts(t) == [forbid("S", "26B"), forbid("H", "26B"), forbid("D", "26B"), forbid("C", "26B"), NONE]
    assert lead_restrictions_in_force(t.state) == [
        "on the opening lead, declarer may forbid West to lead any one of ♠, ♥, ♦, ♣ for as long as West keeps the "
        "lead (Law 26B; withdrawn 1H)"]


def test_26A_2007_require_or_forbid_the_suit_the_withdrawn_bid_specified() -> None:
    from bridge_director.laws.law26 import lead_restrictions_in_force
    t = withdrawn_1h("2007")
    assert t.asked == ["more_precise", "specified_suits"]
    assert opts(t) == [("require:H", "require West to lead hearts", "West must lead a heart now (if he has none, any "
                        "card: Law 59) (Law 26A)", "26A"), forbid("H", "26A"), NONE]
    assert lead_restrictions_in_force(t.state) == [
        "on the opening lead, declarer may require West to lead ♥, or forbid the lead of ♥ for as long as West keeps "
        "the lead (Law 26A; withdrawn 1H)"]


def test_26B_2007_a_withdrawn_call_that_specified_no_suit_forbid_any_one() -> None:
    from bridge_director.laws.law26 import lead_restrictions_in_force
    t = withdrawn_1h("2007", answers={"specified_suits": "none"})
    assert opts(t) == [forbid("S", "26B"), forbid("H", "26B"), forbid("D", "26B"), forbid("C", "26B"), NONE]
    assert lead_restrictions_in_force(t.state) == [
        "on the opening lead, declarer may forbid West to lead any one suit for as long as West keeps the lead "
        "(Law 26B; withdrawn 1H)"]


def test_26A_2007_a_suit_only_shown_is_not_restricted_once_the_offender_specified_it() -> None:
    """1♥ specified hearts and showed a spade (``"Hs"``); East's 2♣ in the legal auction showed spades (the
    director's judgement): only hearts may be required or forbidden."""
    t = withdrawn_1h("2007", "2C", {"specified_suits": "Hs", "legal_suits": "S"}, rest="2S P P P")
    assert t.asked == ["more_precise", "specified_suits", "legal_suits"]
    assert [o.key for o in t.ruling.options] == ["require:H", "forbid:H", "none"]


def test_26A_2007_a_suit_only_shown_may_be_forbidden_never_required() -> None:
    from bridge_director.laws.law26 import lead_restrictions_in_force
    t = withdrawn_1h("2007", answers={"specified_suits": "s"})
    assert opts(t) == [forbid("S", "26A"), NONE]
    assert lead_restrictions_in_force(t.state) == [
        "on the opening lead, declarer may forbid West to lead ♠ for as long as West keeps the lead (Law 26A; "
        "withdrawn 1H)"]


def test_26_a_restriction_on_the_declaring_side_lapses_the_defenders_one_stays() -> None:
    from bridge_director.laws.law26 import lead_restrictions_in_force
    t = table("", dealer="S")
    t.auction("1S P")
    corrected(t, "N", "1H", "2H")  # North's restriction: his side declares
    corrected(t, "E", "2D", "3D")
    t.auction("P P 3H P P P")
    assert lead_restrictions_in_force(t.state) == [
        "at West's first turn to lead, declarer may forbid West to lead any one of ♠, ♥, ♣ for as long as West keeps "
        "the lead (Law 26B; withdrawn 2D)"]


def test_26A1_2007_a_restriction_whose_suit_the_offender_specified_gives_nothing_the_next_one_stays() -> None:
    from bridge_director.laws.law26 import lead_restrictions_in_force
    t = table("", dealer="S", laws="2007")
    t.auction("1S P P")
    corrected(t, "E", "1H", "2C")
    t.auction("2S P P")
    corrected(t, "E", "2D", "3D")
    t.auction("3S P P P")
    specified = iter(["H", "D"])  # 1♥ specified hearts, 2♦ diamonds; East specified hearts in the legal auction
    while t.ruling is not None and t.ruling.questions:
        key = t.ruling.questions[0].key
        t.judge(key, next(specified) if key == "specified_suits" else "H")
    assert lead_restrictions_in_force(t.state) == [
        "on the opening lead, declarer may require West to lead ♦, or forbid the lead of ♦ for as long as West keeps "
        "the lead (Law 26A; withdrawn 2D)"]


# ----- 27A2 (1997 27C): an insufficient bid out of rotation -----------------------------------------------------
@pytest.mark.parametrize(("laws", "clause"), [("2017", "27A2"), ("1997", "27C")])
def test_27A2_an_insufficient_bid_out_of_rotation(laws: str, clause: str) -> None:
    t = table("1S", laws=laws)
    t.call("S", "1H")  # at East's turn, and insufficient
    assert t.ruling.option("accept").consequence.endswith(
        "; 1♥ is also insufficient, so after accepting it out of rotation you then decide whether to accept it as a "
        "legal bid, and if you do not, the offender must correct it under Law 27B (Law "
        f"{clause}, 27A1); calling over it now accepts it both out of rotation and as insufficient")
    assert t.ruling.option("refuse").consequence.endswith(
        f". Because 1♥ was made out of rotation, Law 31 rules it and not Law 27 (Law {clause}); if 1♥ has to be "
        "repeated, it is then ruled as an insufficient bid in rotation (Law 27).")


def test_27B_an_inadmissible_correction_is_refused_with_every_correction_named() -> None:
    from bridge_director.errors import IllegalCallError
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    with pytest.raises(IllegalCallError) as err:
        t.call("E", "XX")
    assert str(err.value) == ("Law 27B: the inadmissible redouble is not possible while the ruling on the insufficient "
                              "bid is pending; waiting for the director to choose one of: 27B1(a), 27B1(b), 27B2, "
                              "27B3 or a call by East")


# ----- 36B: an inadmissible double ----------------------------------------------------------------------------------
def test_36B_partner_passes_throughout_the_cancelled_double_restricts_the_lead() -> None:
    from bridge_director.laws.common import adjust_text
    from bridge_director.model import Call
    from bridge_director.table.state import LeadRestriction
    t = table("1H P", laws="2007")
    t.call("S", "X")  # doubling partner
    t.call("S", "2H")
    s = t.state
    assert s.restrictions == (Restriction(N, Bar.PASS_THROUGHOUT, "36B"),)
    assert s.unauthorised == (Unauthorised(Side.NS, "South's cancelled double", "16D"),)  # 2007: Law 16D
    assert s.lead_restrictions == (LeadRestriction(S, Call.parse("X"), (), E07),)
    assert s.flags == (Flag("23", Side.NS, adjust_text(S, E07)),)


def test_36B_2017_the_adjustment_is_law_72C() -> None:
    from bridge_director.laws.common import adjust_text
    t = table("1H P")
    t.call("S", "X")
    t.call("S", "2H")
    assert t.state.flags == (Flag("72C", Side.NS, adjust_text(S, E17)),)
