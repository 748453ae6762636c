"""Misinformation (Law 21B), unauthorised information (Law 16B) and the adjusted score (Law 12C): checks mutation
testing showed were missing.

Each test names the clause it checks and asserts the law's outcome: the law each question cites by edition (2017,
2007, 1997), the evidence the director is shown, who may change a call while the auction period lasts (21B1(a)),
the record the ruling leaves (law, irregularity, offender, outcome, the director's answers) and the adjusted score
tied to it, the logical alternatives a poll or a finding gives (16B1(b)) and how the director's score is read
(assigned, weighted, split, artificial).
"""

from __future__ import annotations

import pytest

from bridge_director.cards.card_file import loads
from bridge_director.cards.model import TableCards
from bridge_director.engine import Table
from bridge_director.errors import IllegalCallError
from bridge_director.laws.adjustment import parse_score, score_laws, table_result
from bridge_director.laws.law16_ui import UiReview
from bridge_director.laws.law21_misinformation import Explanation, MiReview, misinformation_or_misbid
from bridge_director.laws.ruling import Question, RecordedStep, Ruling
from bridge_director.model import Card, Seat, Side
from bridge_director.table.edition import Edition
from bridge_director.table.events import (
    Choice,
    DirectorReview,
    ExplanationCorrected,
    Hesitation,
    Judgement,
    PsycheReported,
    Remark,
)
from bridge_director.table.events import Explanation as Explained
from bridge_director.table.judged import Adjusted, ScoreLine
from bridge_director.table.play import CardPlayed, ClaimMade
from bridge_director.table.state import Flag, Record
from judgekit import calls, judge, question, ruling

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
E17, E07, E97 = Edition.L2017, Edition.L2007, Edition.L1997
YES_NO = ("yes", "no")
SCORE_HINT = "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table"


# ===== Law 21: misinformation =======================================================================================
MI = "Misinformation"
TRANSFERS = loads('{"system": "transfers", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}}}}')
CARD_SAYS = "hearts 5+; purpose: transfer"
#: North 1NT, South 2♦ with five hearts: a transfer by the card
HEARTS = "N:AKQ2.K32.K32.Q32 J43.A54.AQ7.J987 T98.QJT98.54.654 765.76.JT986.AKT"
AGREEMENT = ("as explained", "not as explained", "no agreement", "misunderstood")
IN_AUCTION = ("may change the last call, the final pass too until the opening lead is faced (Law {law}; enter a "
              "change judged 'misinformation'); the left-hand opponent may then change a later call (21B2, 16C "
              "applies); an opening lead made on the misinformation may be taken back (47E2(a)); the score is "
              "reviewed at the end of play (21B3)")


def explained(explanation: str = "natural, diamonds", *, laws: str = "2017", deal: str | None = HEARTS,
              cards: TableCards | None = None, alerted: bool = True) -> Table:
    """1NT by North, Pass, 2♦ by South; North explains 2♦ to West as ``explanation``."""
    t = calls(Table(1, dealer="N", vulnerability="None", deal=deal, laws=laws, cards=cards), "1NT", "P", "2D")
    t.do(Explained(N, 3, explanation, W, alerted, t.laws))
    return t


def mi_review(t: Table, seat: Seat = S, call_no: int | None = 3) -> Table:
    t.do(DirectorReview("21B", seat, call_no, t.laws))
    return t


def passed_out_to_the_lead(t: Table) -> Table:
    """North plays 2♥: South transfers, all pass; the opening lead is not yet faced."""
    return calls(t, "P", "2H", "P", "P", "P")


def played(t: Table, tricks: int = 8) -> Table:
    """2♥ by North: East leads the ♣7, North claims ``tricks`` and East agrees."""
    passed_out_to_the_lead(t)
    t.do(CardPlayed(E, Card.parse("C7")))
    t.do(ClaimMade(N, tricks, "", t.laws))
    t.do(Choice("agree", E))
    return t


def agreement_question(law: str, advice: str) -> Question:
    return Question("agreement", "What was South's partnership agreement about 2♦: as North explained it, something "
                    "else, or none; or was it explained rightly and misunderstood? (the evidence suggests: "
                    f"{advice})", AGREEMENT, law)


@pytest.mark.parametrize(("laws", "edition", "law"), [("2017", E17, "21B1(b), 75A"), ("2007", E07, "21B1(b), 75A"),
                                                      ("1997", E97, "75, 21B")])
def test_21B1b_the_review_shows_the_evidence_and_asks_what_the_agreement_was(laws: str, edition: Edition,
                                                                            law: str) -> None:
    """21B1(b) (1997: Laws 75 and 21B): the director first establishes the partnership agreement from the evidence:
    the explanation given, the system card and whether the caller's hand fits it; the explainer (North) is the
    offender if the explanation was wrong."""
    t = mi_review(explained(cards=TableCards(ns=TRANSFERS), laws=laws))
    assert isinstance(t.state.pending, MiReview)
    q = agreement_question(law, "not as explained")
    assert ruling(t) == Ruling(MI, "21B", edition, N, None, (), (q,), "\n".join([
        "Director: the explanation of South's 2♦ (call 3), Laws 20F and 75 (Law 21B).",
        f"Evidence: North's explanation of call 3: \"natural, diamonds\"; the system card says: {CARD_SAYS}; South's "
        "hand fits the card.", q.text]))


def test_21B1b_without_a_system_card_or_an_explanation_a_mistaken_explanation_is_presumed() -> None:
    """21B1(b): the director presumes Mistaken Explanation rather than Mistaken Call in the absence of evidence to
    the contrary; here nothing was recorded and no card covers the call."""
    t = mi_review(calls(Table(1, dealer="N", vulnerability="None"), "1NT", "P", "2D"))
    assert ruling(t).text.splitlines()[1:] == [
        "Evidence: no explanation is recorded in the log; no system card covers the call.",
        agreement_question("21B1(b), 75A", "not as explained (Law 21B1(b): presume a mistaken explanation without "
                           "evidence to the contrary)").text]


def test_21B1b_a_card_without_the_deal_says_nothing_of_the_hand() -> None:
    """21B1(b): the evidence is what is known; without the deal the director cannot say whether the caller's hand
    fits the card, so nothing is said of it."""
    t = mi_review(explained(deal=None, cards=TableCards(ns=TRANSFERS)))
    assert ruling(t).text.splitlines()[1] == (f"Evidence: North's explanation of call 3: \"natural, diamonds\"; the "
                                              f"system card says: {CARD_SAYS}.")


def test_20F5_a_corrected_explanation_is_part_of_the_evidence_and_other_calls_explanations_are_not() -> None:
    """20F5 / 21B: the director weighs the explanation of the call in question and its correction; an explanation
    of another call (South's of North's 1NT) is not evidence about 2♦."""
    t = calls(Table(1, dealer="N", vulnerability="None", deal=HEARTS), "1NT", "P", "2D")
    t.do(Explained(S, 1, "15-17", E, True, t.laws))
    t.do(Explained(N, 3, "natural, diamonds", W, True, t.laws))
    t.do(ExplanationCorrected(N, t.laws, 3, CARD_SAYS))
    mi_review(t)
    assert ruling(t).text.splitlines()[1] == (
        "Evidence: North's explanation of call 3: \"natural, diamonds\"; North's corrected explanation of call 3 "
        "(after call 3): "
        f"\"{CARD_SAYS}\"; no system card covers the call.")


def test_21B1b_only_a_correction_recorded_presumes_a_mistaken_explanation() -> None:
    """21B1(b): with only a corrected explanation on record (no first explanation to weigh against the card), the
    presumption of a mistaken explanation stands."""
    t = calls(Table(1, dealer="N", vulnerability="None", deal=HEARTS, cards=TableCards(ns=TRANSFERS)), "1NT", "P",
              "2D")
    t.do(ExplanationCorrected(N, t.laws, 3, CARD_SAYS))
    mi_review(t)
    assert question(t) == agreement_question("21B1(b), 75A", "not as explained (Law 21B1(b): presume a mistaken "
                                             "explanation without evidence to the contrary)")


def test_75C_an_explanation_matching_the_card_and_the_hand_suggests_as_explained() -> None:
    """75C: when the explanation is the agreement on the card and the hand fits it, nothing was misdescribed: the
    evidence suggests 'as explained'."""
    t = mi_review(explained(CARD_SAYS, cards=TableCards(ns=TRANSFERS)))
    assert question(t) == agreement_question("21B1(b), 75A", "as explained")


def test_21B1a_a_missing_alert_is_misinformation_even_when_the_explanation_matches_the_card() -> None:
    """21B1(a) (2017, 2007): a failure to alert where an alert is required is deemed misinformation, even if the
    explanation given on request matches the agreement."""
    t = mi_review(explained(CARD_SAYS, cards=TableCards(ns=TRANSFERS), alerted=False))
    assert question(t) == agreement_question("21B1(b), 75A", "not as explained")


def test_21B_the_call_in_question_must_be_named() -> None:
    """21B: the director rules on the explanation of one call; the review must name it."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1NT", "P", "2D")
    with pytest.raises(IllegalCallError) as err:
        mi_review(t, S, None)
    assert (err.value.message, err.value.law) == (
        "name the call whose explanation is in question (its number in the auction)", "21B")


def test_21B_the_call_in_question_must_be_the_player_s() -> None:
    """21B: the review is of ``seat``'s call, explained by his partner; call 3 was South's, not North's."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1NT", "P", "2D")
    with pytest.raises(IllegalCallError) as err:
        mi_review(t, N, 3)
    assert (err.value.message, err.value.law) == ("call 3 (2♦) was made by South, not North", "21B")
    assert t.state.pending is None


@pytest.mark.parametrize(("laws", "edition", "law"), [("2017", E17, "75C"), ("1997", E97, "75")])
def test_75C_the_agreement_as_explained_is_a_mistaken_call_no_redress(laws: str, edition: Edition, law: str) -> None:
    """75C (1997: Law 75): the explanation matched the agreement and the call was mistaken: no infraction, no
    redress, whatever the damage; the record and the (unchanged) score say so."""
    t = judge(mi_review(played(explained(CARD_SAYS, laws=laws))), ("agreement", "as explained"))
    assert t.state.pending is None
    assert t.state.records[-1] == Record(
        "21B", MI, N, f"the explanation matched the agreement: South made a mistaken call, which is no infraction; "
        f"no redress (Law {law})", edition, (("agreement", "as explained"),))
    assert t.state.adjusted == (Adjusted(law, "none", reason="mistaken call, correct explanation",
                                         record=len(t.state.records) - 1),)


def test_21A_the_opponent_s_own_misunderstanding_gets_no_redress() -> None:
    """21A: a player who acts on his own misunderstanding of a correct explanation has no redress."""
    t = judge(mi_review(played(explained(CARD_SAYS))), ("agreement", "misunderstood"))
    assert t.state.records[-1] == Record(
        "21B", MI, N, "the explanation was right and the opponent acted on his own misunderstanding: no "
        "rectification or redress (Law 21A)", E17, (("agreement", "misunderstood"),))
    assert t.state.adjusted == (Adjusted("21A", "none", reason="own misunderstanding",
                                         record=len(t.state.records) - 1),)


@pytest.mark.parametrize(("laws", "edition", "law"), [("2017", E17, "21B1(a)"), ("1997", E97, "21B1")])
def test_21B1a_misinformation_before_the_opening_lead_lets_west_change_his_final_pass(laws: str, edition: Edition,
                                                                                     law: str) -> None:
    """21B1(a) (1997: 21B1): until the end of the auction period a player whose partner has not called since may
    change a call influenced by misinformation; here West (East has not called after West's final pass). 21B2:
    his LHO may then change a later call; 47E2(a): a lead made on it may be taken back; 21B3: the score is reviewed
    at the end of play, so none is given yet."""
    t = judge(mi_review(passed_out_to_the_lead(explained(laws=laws))), ("agreement", "not as explained"))
    assert t.state.pending is None
    assert t.state.records[-1] == Record("21B", MI, N, "misinformation: West " + IN_AUCTION.format(law=law), edition,
                                         (("agreement", "not as explained"),))
    assert t.state.flags[-1] == Flag("21B3", Side.NS, "misinformation about South's call 3: review the score at the "
                                     "end of play if the non-offenders were damaged")
    assert t.state.adjusted == ()


def test_21B1a_when_no_opponent_has_called_there_is_no_call_to_change() -> None:
    """21B1(a): only a call made can be changed; misinformation about the dealer's opening bid, found before either
    opponent has called, leaves no opponent a call to change."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1NT")
    t.do(Explained(S, 1, "12-14", E, True, t.laws))
    t.do(DirectorReview("21B", N, 1, t.laws))
    judge(t, ("agreement", "no agreement"))
    assert t.state.records[-1].offender is S
    assert t.state.records[-1].outcome == ("misinformation: no opponent (each one's partner has called since) "
                                           + IN_AUCTION.format(law="21B1(a)"))
    assert t.state.flags[-1] == Flag("21B3", Side.NS, "misinformation about North's call 1: review the score at the "
                                     "end of play if the non-offenders were damaged")


@pytest.mark.parametrize(("laws", "edition", "law"), [("2017", E17, "21B3, 40B4"), ("1997", E97, "21B3, 40C")])
def test_21B3_too_late_to_change_a_call_the_director_asks_about_damage(laws: str, edition: Edition, law: str) -> None:
    """21B3 with 40B4 (1997: 21B3, 40C): once it is too late to change a call, the director asks whether the
    non-offenders were damaged; no damage, the table result stands."""
    t = judge(mi_review(played(explained(laws=laws))), ("agreement", "not as explained"))
    assert question(t) == Question("damage", "Was the non-offending side damaged by the misinformation: would its "
                                   "result at the table (2H by North, 8 tricks) likely have been better with the "
                                   "correct explanation?", YES_NO, law)
    assert ruling(t).text.splitlines()[2:] == ["Found so far: agreement: not as explained.", question(t).text]
    judge(t, ("damage", "no"))
    assert t.state.records[-1] == Record("21B", MI, N, "misinformation, but the non-offenders were not damaged: the "
                                         "table result stands", edition,
                                         (("agreement", "not as explained"), ("damage", "no")))
    assert t.state.adjusted == (Adjusted(law, "none", reason="no damage", record=len(t.state.records) - 1),)


@pytest.mark.parametrize(("laws", "edition", "law", "score_law"), [("2017", E17, "21B3, 40B4", "12C1"),
                                                                   ("1997", E97, "21B3, 40C", "12C2")])
def test_21B3_damage_found_the_director_assigns_the_score(laws: str, edition: Edition, law: str,
                                                          score_law: str) -> None:
    """21B3 and Law 12C (1997: 12C2): damaged by misinformation, the non-offenders get an adjusted score, entered
    by the director; the adjusted score is tied to the 21B ruling's record."""
    t = judge(mi_review(played(explained(laws=laws))), ("agreement", "no agreement"), ("damage", "yes"))
    q = question(t)
    assert (q.key, q.answers, q.law, q.hint) == ("score", (), score_law, SCORE_HINT)
    weighted = {"2017": "12C1(c)", "1997": "12C3"}[laws]
    assert f"weighted results ('60% 4S N 9; 40% 4S N 10', Law {weighted})" in q.text
    assert q.text.startswith("Enter the adjusted score: one result (assigned, Law ")
    assert "The table result: 2H by North, 8 tricks." in q.text
    judge(t, ("score", "2H N 7"))
    steps = (("agreement", "no agreement"), ("damage", "yes"), ("score", "2H N 7"))
    assert t.state.records[-1] == Record("21B", MI, N, "misinformation damaged the non-offenders: assigned: 2H by "
                                         "North, 7 tricks", edition, steps)
    assert t.state.adjusted == (Adjusted(law, "assigned", (ScoreLine("2H", "N", 7),),
                                         record=len(t.state.records) - 1),)


# ----- misinformation_or_misbid: the steps of the 21B1(b) / 75 decision -----
HAND_FITS = "Does the bidder's hand fit the explanation given?"


def test_20F1_21B1a_a_failure_to_alert_is_misinformation() -> None:
    """21B1(a) / 20F1: failure to alert where required is deemed misinformation, whatever the hand."""
    assert misinformation_or_misbid(explanation="transfer", card="transfer", partner_card="transfer",
                                    hand_fits_explanation=True, alerted=False) == (
        Explanation.MISINFORMATION,
        [RecordedStep("Was the call alerted or announced as required?", "no: a failure to alert is misinformation",
                      {})])


def test_75_a_hand_that_fits_the_explanation_misdescribed_nothing() -> None:
    """75: when the caller's hand fits the explanation given, the opponents were told what he holds: no
    infraction."""
    assert misinformation_or_misbid(explanation="transfer", card=None, partner_card=None,
                                    hand_fits_explanation=True) == (
        Explanation.NO_INFRACTION,
        [RecordedStep(HAND_FITS, "yes: nothing was misdescribed", {"explanation": "transfer"})])


def test_75C_other_evidence_of_the_agreement_makes_it_a_mistaken_call() -> None:
    """21B1(b), 75C: the presumption yields to evidence to the contrary: without a card, credible evidence that the
    agreement is as explained makes it a mistaken call."""
    assert misinformation_or_misbid(explanation="transfer", card=None, partner_card="transfer",
                                    hand_fits_explanation=False, other_evidence="their notes") == (
        Explanation.MISBID,
        [RecordedStep(HAND_FITS, "no", {"explanation": "transfer"}),
         RecordedStep("Is there evidence of the agreement without a system card?",
                      "yes: the agreement is as explained, so the call was a misbid", {"evidence": "their notes"})])


@pytest.mark.parametrize(("card", "partner_card", "evidence"), [
    (None, None, {}), ("transfer", None, {"card": "transfer"}), (None, "natural", {"partner_card": "natural"})])
def test_21B1b_one_card_missing_and_no_evidence_presumes_a_mistaken_explanation(
        card: str | None, partner_card: str | None, evidence: dict[str, str]) -> None:
    """21B1(b): unless both members' cards cover the call (or other evidence shows the agreement), the director
    presumes Mistaken Explanation."""
    assert misinformation_or_misbid(explanation="transfer", card=card, partner_card=partner_card,
                                    hand_fits_explanation=False) == (
        Explanation.MISINFORMATION,
        [RecordedStep(HAND_FITS, "no", {"explanation": "transfer"}),
         RecordedStep("Do both system cards cover the call?", "no: a mistaken explanation is presumed (Law 21B1(b))",
                      evidence)])


def test_21B1b_cards_marked_differently_mean_no_agreement() -> None:
    """21B1(b), 75: the two cards disagree, so the pair has no agreement and any explanation as one misinforms."""
    assert misinformation_or_misbid(explanation="transfer", card="transfer", partner_card="natural",
                                    hand_fits_explanation=False) == (
        Explanation.MISINFORMATION,
        [RecordedStep(HAND_FITS, "no", {"explanation": "transfer"}),
         RecordedStep("Are both system cards marked the same?", "no: the pair has no agreement, so misinformation",
                      {"card": "transfer", "partner_card": "natural"})])


def test_75C_the_explanation_matches_both_cards_a_mistaken_call() -> None:
    """75C: the explanation was the agreement on both cards; the call was mistaken: no infraction."""
    assert misinformation_or_misbid(explanation=" Transfer ", card="transfer", partner_card="TRANSFER",
                                    hand_fits_explanation=False) == (
        Explanation.MISBID,
        [RecordedStep(HAND_FITS, "no", {"explanation": " Transfer "}),
         RecordedStep("Does the explanation match the agreement on the cards?", "yes: the call was a misbid (Law 75C)",
                      {"card": "transfer"})])


def test_75_the_explanation_differs_from_both_cards_a_mistaken_explanation() -> None:
    """75 (mistaken explanation): the cards agree and the explanation was something else: misinformation."""
    assert misinformation_or_misbid(explanation="natural", card="transfer", partner_card="transfer",
                                    hand_fits_explanation=False) == (
        Explanation.MISINFORMATION,
        [RecordedStep(HAND_FITS, "no", {"explanation": "natural"}),
         RecordedStep("Does the explanation match the agreement on the cards?", "no: a mistaken explanation (Law 75)",
                      {"card": "transfer"})])


# ===== Law 16B (1997: 16A): unauthorised information from partner ==================================================
UI = "Unauthorised information"
HUDDLE_LAWS = {"2017": ("16B", "16B1(a)", "16B1(a)", "16B1(b)", "16B3", "12C1"),
               "1997": ("16A", "16A", "16A", "16A", "16A2", "12C2")}
UI_ANSWERS = (("ui", "yes"), ("suggests", "action"))


def huddled(laws: str = "2017") -> Table:
    """Seed 001: 1♠ by North, 4♥ by East, South passes slowly, West passes, North bids 4♠ (call 5), all pass."""
    t = calls(Table(1, dealer="N", vulnerability="None", laws=laws), "1S", "4H", "P")
    t.do(Hesitation(S, laws=t.laws))
    return calls(t, "P", "4S", "P", "P", "P")


def ui_review(t: Table, seat: Seat = N, call_no: int | None = 5) -> Table:
    t.do(DirectorReview("16B", seat, call_no, t.laws))
    return t


def ui_questions(taken: str, laws: tuple[str, ...], damage: str = "12B1") -> list[Question]:
    """The five questions of a 16B review of North's ``taken``, citing ``laws`` (ui, suggests, alternatives,
    damage, score) and ``damage`` for what damage is (12B1; 1997 12C2, its 12B being undue severity)."""
    return [
        Question("ui", "Was unauthorised information from South available to North (a fact: a disputed break in "
                 "tempo is found on the balance of probabilities, Law 85)?", YES_NO, laws[1]),
        Question("suggests", "Which actions could the information demonstrably suggest to North? (calls or cards, "
                 "'action' for any call but Pass, 'pass', or 'none')", (), laws[2], "action  or  pass  or  4S, 5C  "
                 "or  none"),
        Question("alternatives", f"What are the logical alternatives to {taken}? Poll North's peers with the hand "
                 "and the auction, without the information: each peer's call, then any call he seriously "
                 "considered; or enter your own finding", (), laws[3], "poll: 4S | Pass, 4S | 4S  or  la: Pass  or  "
                 "la: none"),
        Question("damage", "Were the opponents damaged: is their result worse than it would likely have been "
                 f"without the infraction (Law {damage})?", YES_NO, laws[4])]


@pytest.mark.parametrize(("laws", "edition"), [("2017", E17), ("1997", E97)])
def test_16B1_the_review_asks_the_law_s_questions_in_order_citing_the_edition_s_clauses(laws: str,
                                                                                      edition: Edition) -> None:
    """16B1(a) (the information, what it suggests), 16B1(b) (logical alternatives), 16B3 (damage), 12C1 (score);
    1997: 16A throughout, 16A2 for the adjustment and 12C2 for the score.  The information listed is partner's
    break in tempo before the call, not a remark made after it."""
    t = huddled(laws)
    t.do(Remark(S, "well bid", laws=t.laws))
    ui_review(t)
    law = HUDDLE_LAWS[laws]
    expected = ui_questions("4S", law, "12C2" if edition is E97 else "12B1")
    assert ruling(t) == Ruling(UI, law[0], edition, N, None, (), (expected[0],), "\n".join([
        f"Director: the review of North's 4S (call 5) (Law {law[0]}).",
        "Information from South: South's break in tempo (after call 3).", f"Step 1 of 5: {expected[0].text}"]))
    asked = []
    for key, answer in (*UI_ANSWERS, ("alternatives", "la: Pass"), ("damage", "yes")):
        asked.append(question(t))
        judge(t, (key, answer))
    assert asked == expected
    assert ruling(t).text.splitlines()[2] == ("Found so far: ui: yes; suggests: action; alternatives: la: Pass -> "
                                              "less suggested: Pass; damage: yes.")
    q = question(t)
    assert (q.key, q.answers, q.law, q.hint) == ("score", (), law[5], SCORE_HINT)
    weighted = {"2017": "12C1(c)", "1997": "12C3"}[laws]
    assert f"weighted results ('60% 4S N 9; 40% 4S N 10', Law {weighted})" in q.text
    assert q.text.endswith(". Double dummy: no complete deal is known for this board.")  # the play is not over


def test_16A2_1997_the_damage_question_does_not_cite_a_12B1_the_1997_laws_lack() -> None:
    """1997 Law 16A2 sends to an adjusted score; the 1997 Law 12B has no sub-paragraph 1, so the question must not
    cite it."""
    t = judge(ui_review(huddled("1997")), *UI_ANSWERS, ("alternatives", "la: Pass"))
    assert question(t).key == "damage" and "12B1" not in question(t).text
    assert question(t).text.endswith("without the infraction (Law 12C2)?")


@pytest.mark.parametrize(("laws", "edition", "adjust"), [("2017", E17, "16B3"), ("1997", E97, "16A2")])
def test_16B3_a_suggested_action_over_less_suggested_alternatives_gets_the_adjusted_score(
        laws: str, edition: Edition, adjust: str) -> None:
    """16B1(a), 16B3 (1997 16A2): 4♠ was suggested by the huddle over Pass and 5♥ (each chosen by a peer); the
    opponents were damaged; the director's score replaces the table result and is tied to the ruling."""
    t = judge(ui_review(huddled(laws)), *UI_ANSWERS, ("alternatives", "poll: 4S | Pass | 4S | 5H | 4S, Pass"),
              ("damage", "yes"), ("score", "4H E 9"))
    steps = (*UI_ANSWERS, ("alternatives", "poll: 4S | Pass | 4S | 5H | 4S, Pass -> less suggested: Pass"),
             ("damage", "yes"), ("score", "4H E 9"))
    assert t.state.pending is None
    assert t.state.records[-1] == Record(HUDDLE_LAWS[laws][0], UI, N, "North's 4S was suggested by the information "
                                         "over a logical alternative and damaged the opponents: assigned: 4H by East, "
                                         "9 tricks", edition, steps)
    assert t.state.adjusted == (Adjusted(adjust, "assigned", (ScoreLine("4H", "E", 9),),
                                         record=len(t.state.records) - 1),)


def test_16B1b_the_less_suggested_alternatives_are_all_kept_with_the_answer() -> None:
    """16B1(b): every logical alternative not suggested by the information is a reason to adjust; the director's
    record lists them all (Pass and 3NT, found by the director)."""
    t = judge(ui_review(huddled()), ("ui", "yes"), ("suggests", "4S"), ("alternatives", "la: Pass, 3NT, 4S"))
    assert t.state.pending is not None
    assert dict(t.state.pending.answers)["alternatives"] == "la: Pass, 3NT, 4S -> less suggested: Pass, 3NT"


@pytest.mark.parametrize(("laws", "edition", "answers", "why"), [
    ("2017", E17, (("ui", "no"),), "no unauthorised information was available"),
    ("1997", E97, (("ui", "no"),), "no unauthorised information was available"),
    ("2017", E17, (("ui", "yes"), ("suggests", "pass")), "the information did not suggest 4S (suggests: pass)"),
    ("2017", E17, (*UI_ANSWERS, ("alternatives", "la:")), "4S had no logical alternative"),
    ("2017", E17, (*UI_ANSWERS, ("alternatives", "la: 5H, 5S")),
     "every logical alternative (5H, 5S) was suggested as well"),
    ("1997", E97, (*UI_ANSWERS, ("alternatives", "la: Pass"), ("damage", "no")), "the opponents were not damaged")])
def test_16B_a_condition_not_met_leaves_the_table_result(laws: str, edition: Edition,
                                                         answers: tuple[tuple[str, str], ...], why: str) -> None:
    """16B1(a), 16B1(b), 16B3 (1997: 16A): the score is adjusted only if UI was available, it demonstrably suggested
    the action taken over a logical alternative that it suggested less, and the opponents were damaged; the first
    condition not met ends the review and the table result stands, recorded under the edition's law."""
    t = judge(ui_review(huddled(laws)), *answers)
    law = HUDDLE_LAWS[laws][0]
    assert t.state.pending is None
    steps = tuple((k, f"{a} -> less suggested: Pass" if (k, a) == ("alternatives", "la: Pass") else a)
                  for k, a in answers)  # the alternatives found less suggested are kept with the answer
    assert t.state.records[-1] == Record(law, UI, N, f"the table result stands: {why}", edition, steps)
    assert t.state.adjusted == (Adjusted(law, "none", reason=why, record=len(t.state.records) - 1),)


@pytest.mark.parametrize("suggests", ["5C/4S", "5C / 4S", "4S,5C"])
def test_16B1a_several_suggested_actions_may_be_separated_by_a_slash_or_a_comma(suggests: str) -> None:
    """16B1(a): the information may demonstrably suggest several actions; 4♠ among them, the review goes on to the
    logical alternatives."""
    t = judge(ui_review(huddled()), ("ui", "yes"), ("suggests", suggests))
    assert question(t).key == "alternatives"


def test_16B1b_a_poll_and_a_finding_are_read_without_a_space_after_the_colon() -> None:
    """16B1(b): Pass, chosen by one peer in five, is a logical alternative less suggested than 4♠ by the huddle;
    the director may write the poll or his finding with or without a space."""
    for answer in ("poll:Pass | 4S | 4S | 4S | 4S", "la:Pass"):
        t = judge(ui_review(huddled()), *UI_ANSWERS, ("alternatives", answer))
        assert question(t).key == "damage"
        assert dict(t.state.pending.answers)["alternatives"] == f"{answer} -> less suggested: Pass"  # type: ignore[union-attr]


def test_16B1b_each_peer_polled_gives_an_action() -> None:
    """16B1(b): a poll records what each peer would do; an empty answer is no peer's answer and is refused."""
    t = judge(ui_review(huddled()), *UI_ANSWERS)
    with pytest.raises(IllegalCallError) as err:
        t.do(Judgement("alternatives", "poll: 4S | | Pass"))
    assert (err.value.message, err.value.law) == ("a peer's answer is his action, then what else he considered, not "
                                                  "' '", "16B1")


@pytest.mark.parametrize(("laws", "goes_on"), [("2017", False), ("2007", False), ("1997", True)])
def test_16B1b_an_action_considered_but_chosen_by_no_peer(laws: str, goes_on: bool) -> None:
    """16B1(b) (2017, 2007): a logical alternative is one a significant proportion would seriously consider, of whom
    some might select it: considered by all, chosen by none, Pass is none.  1997 16A: seriously considered by a
    substantial number is enough."""
    t = judge(ui_review(huddled(laws)), *UI_ANSWERS, ("alternatives", "poll: 4S, Pass | 4S, Pass | 4S, Pass"))
    if goes_on:
        assert question(t).key == "damage"
    else:
        assert t.state.records[-1].outcome == "the table result stands: 4S had no logical alternative"


def test_16B1b_the_alternatives_are_a_poll_or_the_director_s_finding() -> None:
    """16B1(b): the logical alternatives come from a poll of peers or the director's own finding; anything else is
    refused and the review waits."""
    t = judge(ui_review(huddled()), *UI_ANSWERS)
    with pytest.raises(IllegalCallError) as err:
        t.do(Judgement("alternatives", "Pass"))
    assert (err.value.message, err.value.law) == ("enter 'poll: ...' (each peer's call | ...) or 'la: ...' (your "
                                                  "finding)", "16B1(b)")
    assert question(t).key == "alternatives"


@pytest.mark.parametrize(("laws", "law"), [("2017", "16B"), ("1997", "16A")])
def test_16B_the_reviewed_call_must_be_the_player_s(laws: str, law: str) -> None:
    """16B (1997 16A): the review is of the player's own action; call 4 was West's pass, not North's."""
    t = huddled(laws)
    with pytest.raises(IllegalCallError) as err:
        ui_review(t, N, 4)
    assert (err.value.message, err.value.law) == ("call 4 (pass) was made by West, not North", law)


def test_16B1a_a_review_of_the_play_lists_all_of_partner_s_information() -> None:
    """16B1(a): for a play (no call named, before North has played a card) everything partner conveyed so far is
    listed, the remark after the auction too; the action is 'the play in question'."""
    t = huddled()
    t.do(Remark(S, "well bid", laws=t.laws))
    ui_review(t, N, None)
    assert ruling(t).text.splitlines()[:2] == [
        "Director: the review of North's play (Law 16B).",
        "Information from South: South's break in tempo (after call 3); South's remark (after call 8): \"well bid\"."]
    judge(t, *UI_ANSWERS)
    assert question(t) == ui_questions("the play in question", HUDDLE_LAWS["2017"])[2]


def test_16B1a_a_psyche_is_not_information_from_partner() -> None:
    """16B1(a) / 40C1: partner's reported psyche is a fact for the psyche register, not extraneous information
    passed to the player; it is not listed."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1S", "P", "2S", "P")
    t.do(PsycheReported(N, 1, t.laws))
    calls(t, "3S", "P", "4S", "P", "P", "P")
    ui_review(t, S, 7)
    assert ruling(t).text.splitlines()[1] == ("Information from North: none recorded in the log: the director "
                                              "establishes it.")


def test_16C_a_withdrawn_call_is_listed_for_its_own_side_only() -> None:
    """16C: information from East's withdrawn 1♥ (insufficient, replaced by 4♥) is unauthorised to East-West only:
    it is listed when East's action is reviewed, and not when North's is."""
    t = Table(1, dealer="N", vulnerability="None")
    t.call("N", "1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "4H")
    t.judge("comparable", "no")
    ui_review(t, E, 2)
    assert ruling(t).text.splitlines()[1] == "Information from West: East's withdrawn 1♥ (Law 16C)."
    judge(t, ("ui", "no"))
    ui_review(t, N, 1)
    assert ruling(t).text.splitlines()[1] == ("Information from South: none recorded in the log: the director "
                                              "establishes it.")


def test_16B1a_a_remark_just_before_the_player_s_call_is_information_from_partner() -> None:
    """16B1(a): a remark by partner made after West's pass (call 4) and before North's 4♠ (call 5) was available to
    North when he called; it must be listed."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1S", "4H", "P", "P")
    t.do(Remark(S, "hurry up", laws=t.laws))
    calls(t, "4S", "P", "P", "P")
    ui_review(t)
    assert ruling(t).text.splitlines()[1] == "Information from South: South's remark (after call 4): \"hurry up\"."


def test_16B1a_a_remark_just_after_the_player_s_call_is_not_information_he_had() -> None:
    """16B1(a): information partner gave after North's 4♠ (call 5) cannot have suggested it: only what came before
    the call is listed; the same remark before the call is."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1S", "4H", "P", "P", "4S")
    t.do(Remark(S, "hurry up", laws=t.laws))
    calls(t, "P", "P", "P")
    ui_review(t)
    assert isinstance(t.state.pending, UiReview) and t.state.pending.sources == ()


# ===== Law 12C: the adjusted score the director enters ==============================================================
def passed_out_board() -> Table:
    return calls(Table(1, dealer="N", vulnerability="None"), "P", "P", "P", "P")


def test_12C_the_default_law_of_an_adjusted_score_is_12C() -> None:
    """12C1: one result replaces the table result (an assigned adjusted score), 100% of it; with no ruling's law
    named, the score is given under Law 12C."""
    assert parse_score("4S N 9", None) == Adjusted("12C", "assigned", (ScoreLine("4S", "N", 9, 100.0, ""),))


@pytest.mark.parametrize("answer", ["stands", "Stands", "NONE", "none", "Table result stands"])
def test_12B_no_adjustment_the_table_result_stands(answer: str) -> None:
    """12B1: with no damage there is no adjustment: the director may say so in any of these words."""
    assert parse_score(answer, None, law="16B3") == Adjusted("16B3", "none")


@pytest.mark.parametrize(("answer", "lines"), [
    ("7NT S 13", (ScoreLine("7NT", "S", 13),)), ("1C N 0", (ScoreLine("1C", "N", 0),)),
    ("P", (ScoreLine("PASS"),)), ("AP", (ScoreLine("PASS"),)), ("pass", (ScoreLine("PASS"),))])
def test_12C1_an_assigned_score_is_any_result_declarer_could_take(answer: str, lines: tuple[ScoreLine, ...]) -> None:
    """12C1(a): an assigned adjusted score is a real result: declarer takes 0 to 13 tricks, or the board is passed
    out."""
    assert parse_score(answer, None, law="21B3, 40B4") == Adjusted("21B3, 40B4", "assigned", lines)


@pytest.mark.parametrize(("answer", "message"), [
    ("4S N 14", "14 tricks: declarer takes 0 to 13"), ("4S N", "a result is contract, declarer and tricks, e.g. "
                                                          "'4S N 9', not '4S N'"),
    ("4S N x", "tricks are a number 0-13, '=', '+1' or '-2', not 'x'"),
    (" ; ", "enter the adjusted score, e.g. '4S N 9', or 'stands'"),
    ("NS: table; EW: 4S N 9", "'table' is the result at the table, and the play is not over"),
    ("NS: 4S N 9; 4S N 10", "a split score gives one result to NS and one to EW"),
    ("4S\nN 9", "not a result: '4S\\nN 9' (e.g. '4S N 9', '60% 4S N 9', 'NS: 5D S 12')")])  # over two lines
def test_12C_a_score_that_is_no_result_is_refused_naming_12C(answer: str, message: str) -> None:
    """12C: the director's score must be a result that can be scored; anything else is refused, naming Law 12C."""
    with pytest.raises(IllegalCallError) as err:
        parse_score(answer, None)
    assert (err.value.message, err.value.law) == (message, "12C")


def test_12C_table_is_refused_before_the_play_is_over() -> None:
    """12C: 'table' stands for the result obtained at the table; there is none before the play ends."""
    t = calls(Table(1, dealer="N", vulnerability="None"), "1NT", "P", "P", "P")
    with pytest.raises(IllegalCallError) as err:
        parse_score("NS: table; EW: 1NT N 6", t.state)
    assert (err.value.message, err.value.law) == ("'table' is the result at the table, and the play is not over",
                                                  "12C")


def test_12C1e_a_split_score_gives_each_side_its_own_result() -> None:
    """12C1(e) (1997 12C2): the non-offenders get the most favourable result that was likely, the offenders the
    most unfavourable that was at all probable; each side's result is named N-S / E-W or NS / EW, and a passed-out
    board is a result."""
    assert parse_score("N-S: 4H E 10; E-W: PASS", None, law="16B3") == Adjusted(
        "16B3", "split", (ScoreLine("4H", "E", 10, side="NS"), ScoreLine("PASS", side="EW")))


def test_12C1c_a_weighted_score_keeps_each_result_s_weight() -> None:
    """12C1(c): an assigned score may be weighted across the results that could have been obtained, the table
    result and a passed-out board among them; the weights add up to 100%."""
    t = calls(Table(1, dealer="N", vulnerability="None", deal=HEARTS), "1NT", "P", "P", "P")
    t.do(CardPlayed(E, Card.parse("C7")))
    t.do(ClaimMade(N, 7, "", t.laws))
    t.do(Choice("agree", E))
    assert parse_score("50% table; 30% AP; 20% 2H N 8", t.state, law="16B3") == Adjusted(
        "16B3", "weighted", (ScoreLine("1NT", "N", 7, 50.0), ScoreLine("PASS", weight=30.0),
                             ScoreLine("2H", "N", 8, 20.0)))
    assert parse_score("1% 2H N 8; 99% 1NT N 7", None).lines[0].weight == 1.0


@pytest.mark.parametrize(("answer", "total"), [("0% 4S N 9; 100% 4S N 10", "100"),
                                               ("60% 4S N 9; 40.5% 4S N 10", "100.5")])
def test_12C1c_the_weights_must_be_positive_and_add_up_to_100(answer: str, total: str) -> None:
    """12C1(c): each result weighted in has a real probability (above 0%) and together they make up the whole."""
    with pytest.raises(IllegalCallError) as err:
        parse_score(answer, None)
    assert (err.value.message, err.value.law) == (f"the weights of a weighted score add up to 100%, not {total}%",
                                                  "12C1c")


def test_12C2_an_artificial_score_gives_each_side_its_share_of_the_fault() -> None:
    """12C2 (1997 12C1): average plus, average or average minus to each side by its share of the fault."""
    assert parse_score("NS: A+; EW: a-", None, law="17D") == Adjusted(
        "17D", "artificial", (ScoreLine("A+", side="NS"), ScoreLine("A-", side="EW")))


@pytest.mark.parametrize("answer", ["NS: A+; EW: 4S N 9", "NS: A+"])
def test_12C2_an_artificial_score_is_not_mixed_with_a_result(answer: str) -> None:
    """12C2: an artificial score is given when no result can be assigned: each side gets A+, A or A-, never one
    side a result and the other an average."""
    with pytest.raises(IllegalCallError) as err:
        parse_score(answer, None)
    assert (err.value.message, err.value.law) == ("an artificial score gives each side A+, A or A-: 'NS: A+; EW: A-'",
                                                  "12C2")


def test_12C_the_table_result_of_a_board_passed_out_is_a_pass() -> None:
    """12C: a board passed out has a result (no score either way) the director may keep for either side."""
    assert table_result(passed_out_board().state) == ScoreLine("PASS")


@pytest.mark.parametrize(("edition", "laws"), [
    (E17, {"split": "12C1(e)", "weighted": "12C1(c)"}), (E07, {"split": "12C1(e)", "weighted": "12C1(c)"}),
    (E97, {"assigned": "12C2", "split": "12C2", "weighted": "12C3"})])
def test_12C_each_kind_of_adjusted_score_is_named_by_the_edition_s_clause(edition: Edition,
                                                                         laws: dict[str, str]) -> None:
    """12C1(c) weighted; a split score under 12C1(e) (2017: the non-offenders' serious error, each side scored
    apart; 2007: the authority's most favourable / most unfavourable result); 1997: 12C2 for both assigned kinds
    and 12C3 for equity (weighting)."""
    assert {k: v for k, v in score_laws(edition).items() if k in laws} == laws


@pytest.mark.parametrize(("edition", "law"), [(E17, "12C1(b)"), (E07, "12C1(a)"), (E97, "12C2")])
def test_12C_an_assigned_score_is_given_under_the_edition_s_clause(edition: Edition, law: str) -> None:
    """The assigned adjusted score: 2017 12C1(b) (recover the probable outcome had the infraction not occurred, the
    clause the 2017 Laws refer to, as in 27D); 2007 12C1(a) (2007 12C2 is the artificial score); 1997 12C2."""
    assert score_laws(edition)["assigned"] == law


def test_12C_the_director_is_shown_the_double_dummy_tricks_of_the_deal() -> None:
    """12C1: the assigned score is the likely result without the infraction; the double-dummy tricks of every strain
    for each declarer help him find it, after the table result."""
    t = judge(mi_review(played(explained())), ("agreement", "no agreement"), ("damage", "yes"))
    assert question(t).text.endswith(" The table result: 2H by North, 8 tricks. Double dummy, tricks for declarer "
                                     "N/E/S/W: ♣ 5/7/5/7; ♦ 4/8/4/8; ♥ 8/5/8/5; ♠ 7/6/7/6; NT 5/8/5/8.")
