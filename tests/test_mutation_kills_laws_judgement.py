"""The judgement reviews (Laws 73E2, 40, 16B on a card, 73/16 notes): checks mutation testing showed were missing.

Each test names the clause it checks and asserts the law's outcome: the law the review is made under by edition
(73E2 / 73F / 73F2, 40C1 / 40A, 16B / 16A), the questions the director answers in the law's order with the law each
cites, the record the ruling leaves (law, irregularity, offender, outcome, the director's answers) and the adjusted
score tied to it, the finding of a psyche handed to the register, and which information a 16B review of a card lists
as coming from partner (Law 16B1(a)) or from a withdrawn action of the player's own side (Law 16C).
"""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.errors import BridgeError, IllegalCallError
from bridge_director.laws.law16_play import PlayInQuestion
from bridge_director.laws.law40_review import PsycheReview, findings
from bridge_director.laws.law73_deception import DeceptionReview
from bridge_director.laws.law85_facts import DisputedCall, Stance, disputed_call
from bridge_director.laws.psyche_report import ReportedPsyche
from bridge_director.laws.ruling import Question, RecordedStep
from bridge_director.model import Auction, Seat, Side
from bridge_director.model.regulation import Authority
from bridge_director.table.edition import Edition
from bridge_director.table.events import DirectorReview, Hesitation, Judgement, PsycheReported, Remark
from bridge_director.table.judged import Adjusted, Note
from bridge_director.table.state import Flag, Record
from judgekit import calls, claimed, judge, play, question, review, ruling
from tablekit import table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
E17, E07, E97 = Edition.L2017, Edition.L2007, Edition.L1997
YES_NO = ("yes", "no")


# ===== Law 73E2 (2007 73F, 1997 73F2): deception by tempo or manner ================================================
#: 4S by South; West holds a singleton spade (seed 004, line 422)
SINGLETON = "S:AKQJ9.AKQ.53.A65 8.JT9.AKQ76.KQJT T432.5432.42.432 765.876.JT98.987"
DECEPTION = "Deception by tempo or manner"
ADJUST = ("bridge-reason", "no"), ("could-have-known", "yes"), ("inference", "yes"), ("damage", "yes")


def slow_singleton(laws: str, law: str) -> Table:
    """West thinks before playing his singleton spade; declarer, misled, goes one down; the director reviews West
    under ``law``."""
    t = Table(11, deal=SINGLETON, laws=laws)
    t.auction("4S P P P")
    play(t, "DA D2 D8 D3 CK C2 C7 CA SA S8")
    t.do(Hesitation(W, laws=t.laws))
    play(t, "S2 S5")
    claimed(t, 7)
    return review(t, law, W)


@pytest.mark.parametrize(("laws", "law", "edition"), [("2017", "73E2", E17), ("2007", "73F", E07),
                                                      ("1997", "73F2", E97)])
def test_73E2_the_review_is_made_and_recorded_under_the_edition_s_paragraph(laws: str, law: str,
                                                                            edition: Edition) -> None:
    """73E2 (2017), 73F (2007) and 73F2 (1997) give the adjusted score for a false inference from an opponent's tempo
    with no demonstrable bridge reason; the ruling, its record and its adjusted score name that paragraph."""
    t = slow_singleton(laws, law)
    assert isinstance(t.state.pending, DeceptionReview)
    r = ruling(t)
    assert (r.irregularity, r.law, r.edition, r.offender, r.chooser, r.options) == (DECEPTION, law, edition, W, None,
                                                                                   ())
    judge(t, *ADJUST, ("score", "4S S 10"))
    assert t.state.records[-1] == Record(
        law, DECEPTION, W, "West's side misled an innocent opponent without a bridge reason: assigned: 4S by South, "
        "10 tricks", edition, (*ADJUST, ("score", "4S S 10")))
    adjusted = t.state.adjusted[-1]
    assert (adjusted.law, adjusted.kind) == (law, "assigned")
    assert t.state.records[adjusted.record] == t.state.records[-1]  # the score is the 73E2 ruling's


def test_73D2_the_first_question_is_the_bridge_reason_for_the_tempo() -> None:
    """73D2: a player may not mislead by the hesitancy of a play, as in hesitating before playing a singleton; the
    director first asks whether the player had a demonstrable bridge reason (73E2)."""
    t = slow_singleton("2017", "73E2")
    assert question(t) == Question(
        "bridge-reason", "Had West a demonstrable bridge reason for the action? (thinking before playing a singleton, "
        "or which of two small cards to play, is none: Law 73D2)", YES_NO, "73D2")
    assert ruling(t).text.splitlines()[:2] == [
        "Director: was an opponent misled by West's tempo or manner (Law 73E2)?",
        "West's actions: West's break in tempo (after 10 cards of the play)."]


def test_73E2_the_three_conditions_then_the_damage_are_asked_in_the_law_s_order() -> None:
    """73E2: an adjusted score when the player could have known the action could work to his benefit and an innocent
    opponent drew a false inference; 12B1: only damage (a worse result than without the infraction) is redressed."""
    t = slow_singleton("2017", "73E2")
    asked = []
    for key, answer in ADJUST:
        asked.append(question(t))
        judge(t, (key, answer))
    assert asked[1:] == [
        Question("could-have-known", "Could West have known, at the time of the action, that it could work to his "
                 "benefit?", YES_NO, "73E2"),
        Question("inference", "Did an innocent opponent draw a false inference from West's action?", YES_NO, "73E2"),
        Question("damage", "Was the innocent side damaged: is its result worse than it would have been without the "
                 "false inference (Law 12B1)?", YES_NO, "73E2")]
    assert ruling(t).text.splitlines()[2] == ("Found so far: bridge-reason: no; could-have-known: yes; inference: yes; "
                                              "damage: yes.")


def test_12C_the_last_step_asks_for_the_adjusted_score_in_the_edition_s_terms() -> None:
    """73E2 sends to Law 12C for the score; under the 1997 Laws an assigned score is 12C2 and a weighted one 12C3.
    The director writes the score: no answers to pick from, and the forms he may use are shown."""
    t = judge(slow_singleton("1997", "73F2"), *ADJUST)
    q = question(t)
    assert (q.key, q.answers, q.law) == ("score", (), "12C")
    assert q.text.startswith("Enter the adjusted score: one result (assigned, Law 12C2), weighted results ('60% 4S N "
                             "9; 40% 4S N 10', Law 12C3)")
    assert "The table result: 4S by South, 9 tricks." in q.text
    assert q.hint == "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table"


def test_12_1997_the_damage_question_does_not_cite_a_12B1_the_1997_laws_lack() -> None:
    """1997: Law 12B is 'no adjustment for undue severity of penalty', with no sub-paragraph 1; damage is measured in
    12C2 (the result likely had the irregularity not occurred)."""
    t = judge(slow_singleton("1997", "73F2"), *ADJUST[:3])
    q = question(t)
    assert q.key == "damage" and "12B1" not in q.text and q.text.endswith("(Law 12C2)?")


@pytest.mark.parametrize(("answers", "why"), [
    ((("bridge-reason", "yes"),), "the action had a demonstrable bridge reason"),
    ((("bridge-reason", "no"), ("could-have-known", "no")), "he could not have known it could work to his benefit"),
    ((("bridge-reason", "no"), ("could-have-known", "yes"), ("inference", "no")),
     "no innocent opponent drew a false inference from it"),
    ((*ADJUST[:3], ("damage", "no")), "the innocent side was not damaged")])
def test_73E2_a_condition_not_met_leaves_the_table_result(answers: tuple[tuple[str, str], ...], why: str) -> None:
    """73E2 adjusts only when every condition holds (no bridge reason, could have known, false inference) and
    12B1 only when there is damage: the first condition not met ends the review, the result standing."""
    t = judge(slow_singleton("2017", "73E2"), *answers)
    assert t.state.pending is None
    assert t.state.records[-1] == Record("73E2", DECEPTION, W, f"the table result stands: {why}", E17, answers)
    assert t.state.adjusted[-1] == Adjusted("73E2", "none", reason=why, record=len(t.state.records) - 1)


# ===== Notes: a break in tempo during the play (Law 73A2, 16B1(a)) ================================================
def test_73A2_a_break_in_tempo_in_the_play_is_noted_with_the_cards_played_by_then() -> None:
    """73A2 / 16B1(a): the director needs to know when the break in tempo happened: after the auction (4 calls) and
    10 cards of the play; it is unauthorised to the hesitator's partner (16B)."""
    t = Table(11, deal=SINGLETON, laws="2017")
    t.auction("4S P P P")
    play(t, "DA D2 D8 D3 CK C2 C7 CA SA S8")
    t.do(Hesitation(W, laws=t.laws))
    assert t.state.notes == (Note("hesitation", W, 4, 10),)
    assert t.state.unauthorised[-1].side is Side.EW and t.state.unauthorised[-1].law == "16B"


# ===== Law 40: a psyche reported and classified ====================================================================
PSYCHE = "Psyche"


def psyched(authority: str, laws: str = "2017") -> Table:
    """Board 7: North opens 1♠ on a psyche (1♠ P 2♠ P P P) in an event of ``authority`` (level 4); reported and
    reviewed."""
    t = calls(Table(7, dealer="N", vulnerability="None", laws=laws, authority=authority, level=4), "1S", "P", "2S",
              "P", "P", "P")
    t.do(PsycheReported(N, 1, t.laws))
    t.do(DirectorReview("40", N, 1, t.laws))
    return t


def answer_all(t: Table, answers: dict[str, str]) -> tuple[tuple[str, str], ...]:
    """Answer each question: from ``answers``, else 'no' (or the last listed answer)."""
    given = []
    while isinstance(t.state.pending, PsycheReview):
        q = question(t)
        given.append((q.key, answers.get(q.key, "no" if "no" in q.answers else q.answers[-1])))
        t.do(Judgement(*given[-1]))
    return tuple(given)


def test_40A_1997_a_reported_psyche_is_recorded_under_40A() -> None:
    """1997 Law 40A: a player may make any call, including a psychic one, without prior announcement; the report
    and the review are under 40A (2017 and 2007: 40C1, a deviation from the side's understandings)."""
    t = calls(Table(7, dealer="N", laws="1997"), "1S", "P", "2S", "P", "P", "P")
    t.do(PsycheReported(N, 1, t.laws))
    assert t.state.records[-1] == Record(
        "40A", PSYCHE, N, "North's 1♠ (call 1) reported as a psyche: the director classifies it under the authority's "
        "regulation and records it", E97)
    t.do(DirectorReview("40", N, 1, t.laws))
    assert ruling(t).law == "40A"
    assert ruling(t).text.splitlines()[0] == ("Director: North's 1♠ (call 1) reported as a psyche, classified under "
                                              "the CLUB regulation (Law 40A).")


def test_40C1_2017_a_reported_psyche_is_recorded_under_40C1() -> None:
    t = psyched("")
    assert t.state.records[0].law == "40C1" and ruling(t).law == "40C1"


def test_40A_a_psyche_reported_for_a_call_that_is_not_the_player_s_is_refused() -> None:
    """1997 40A: the call reported must be the player's own: North's 1♠ cannot be reported as East's psyche."""
    t = calls(Table(7, dealer="N", laws="1997"), "1S", "P")
    with pytest.raises(IllegalCallError) as err:
        t.do(PsycheReported(E, 1, t.laws))
    assert (str(err.value), err.value.law) == ("Law 40A: call 1 (1♠) was made by North, not East", "40A")


def test_20_a_psyche_reported_for_a_call_not_made_is_refused() -> None:
    """Only a call that stands can be reviewed (Law 20: the calls of the auction): there is no call 7 of 2."""
    t = calls(Table(7, dealer="N"), "1S", "P")
    with pytest.raises(IllegalCallError) as err:
        t.do(DirectorReview("40", N, 7, t.laws))
    assert (str(err.value), err.value.law) == ("Law 20: there is no call 7: the auction has 2 calls", "20")


def test_40C1_laws_alone_partner_more_aware_than_the_opponents_flags_the_score() -> None:
    """40C1: a deviation partner had more reason than the opponents to be aware of is an undisclosed understanding;
    the director adjusts if the opponents were damaged (Law 12).  The finding is recorded with the call and answers."""
    t = psyched("")
    given = answer_all(t, {"deliberate": "yes", "gross": "yes", "aware": "yes"})
    text = "the score is adjusted if the opponents were damaged by the undisclosed understanding (Law 40C1, Law 12)"
    assert t.state.records[-1] == Record("40C1", PSYCHE, N, f"North's 1♠: Red psyche; {text}", E17,
                                         (("call", "1"), *given))
    assert t.state.flags == (Flag("40C1", Side.NS, text),) and not t.state.adjusted


def test_40A3_a_psyche_partner_could_not_expect_is_recorded_under_40A3_nothing_flagged() -> None:
    """40A3 (2017): a call not based on an undisclosed understanding needs no announcement: a Green psyche."""
    t = psyched("")
    answer_all(t, {"deliberate": "yes", "gross": "yes", "aware": "no"})
    assert t.state.records[-1] == Record("40A3", PSYCHE, N, "North's 1♠: Green psyche", E17,
                                         (("call", "1"), ("deliberate", "yes"), ("gross", "yes"), ("aware", "no")))
    assert not t.state.flags and not t.state.adjusted


def test_40B_40C_1997_an_understanding_partner_was_aware_of_is_recorded_and_flagged_under_40B_40C() -> None:
    """1997: a concealed partnership understanding is prohibited (40B) and the director may adjust (40C)."""
    t = psyched("", "1997")
    answer_all(t, {"deliberate": "yes", "gross": "yes", "aware": "yes"})
    text = ("the score is adjusted if the opponents were damaged by the undisclosed understanding (Law 40B, 40C, "
            "Law 12)")
    assert t.state.records[-1] == Record("40B, 40C", PSYCHE, N, f"North's 1♠: Red psyche; {text}", E97,
                                         (("call", "1"), ("deliberate", "yes"), ("gross", "yes"), ("aware", "yes")))
    assert t.state.flags == (Flag("40B, 40C", Side.NS, text),)


@pytest.mark.parametrize(("gross", "departure"), [("yes", "psyche"), ("no", "deviation")])
def test_40C1_ebu_red_psyche_or_deviation_goes_to_the_score_tied_to_its_record(gross: str, departure: str) -> None:
    """EBU Orange Book 6 D 2 (Law 40C1): a Red psyche or deviation scores the board for the psyching side (NS); the
    decision carries what was found, and belongs to the 40C1 finding recorded for the board."""
    t = psyched("EBU")
    answer_all(t, {"deliberate": "yes", "gross": gross, "colour": "red", "explained": "yes"})
    adjusted = t.state.adjusted[-1]
    assert adjusted == Adjusted("40C1", "red-psyche", reason=departure, record=1, side="NS")
    record = t.state.records[adjusted.record]
    assert (record.law, record.irregularity, record.offender, record.edition) == ("40C1", PSYCHE, N, E17)
    assert record.outcome.startswith(f"North's 1♠: Red {departure}; EBU 6 D 2: the board is completed; ")
    assert record.steps[:3] == (("call", "1"), ("deliberate", "yes"), ("gross", gross))


def test_40C1_the_findings_give_the_register_the_reported_call_and_the_answers() -> None:
    """The register classifies each psyche again with the partnership's history (EBU 6 B 6): it needs the auction,
    the call, the authority, the edition, the event's level, the board and the director's answers."""
    t = psyched("EBU")
    given = dict(answer_all(t, {"deliberate": "yes", "gross": "yes", "colour": "amber", "explained": "yes"}))
    reported = ReportedPsyche(Auction.parse(N, "1S P 2S P P P"), 1, Authority.EBU, E17, 4, 7)
    assert findings(t.state) == [(reported, given)]


def test_40A_1997_findings_keep_the_edition_and_skip_the_report_itself() -> None:
    """The report alone (no classification) is no finding; each classified psyche is one, under its edition."""
    t = psyched("", "1997")
    assert findings(t.state) == []
    answer_all(t, {"deliberate": "no"})
    assert findings(t.state) == [(ReportedPsyche(Auction.parse(N, "1S P 2S P P P"), 1, Authority.CLUB, E97, 4, 7),
                                  {"deliberate": "no", "gross": "no", "aware": "no"})]


# ===== Law 16B on a card played: which card, and what partner showed before it ====================================
#: 3NT by North; East leads his singleton heart
DEAL16 = "N:K32.T3.AQJ76.K54 Q765.5.9542.AJ76 AJ4.A8642.K3.Q32 T98.KQJ97.T8.T98"


def sixteen_b(laws: str = "2017") -> Table:
    """East calls out of rotation (cancelled by North's 1♦: 16C); West psyches 1♠; North remarks, West remarks before
    the lead; East leads ♥5; West breaks tempo on it; trick 1 is ♥5 ♥2 ♥J ♥3."""
    t = Table(1, deal=DEAL16, dealer="N", laws=laws)
    t.call(E, "1H")  # at North's turn: cancelled by North's call in turn
    t.auction("1D P 1H 1S 2NT P 3NT P P P")
    t.do(PsycheReported(W, 4, t.laws))
    t.do(Remark(N, "we are cold for this", laws=t.laws))
    t.do(Remark(W, "lead a heart, partner", laws=t.laws))
    play(t, "H5")
    t.do(Hesitation(W, laws=t.laws))
    return play(t, "H2 HJ H3")


def test_16B_declarer_s_cards_in_question_include_those_played_from_dummy() -> None:
    """16B (1997 16A): declarer plays dummy's cards too; the director names the card in question, the law's
    question is the card's."""
    for laws, law in (("2017", "16B"), ("1997", "16A")):
        t = review(sixteen_b(laws), law, N)
        assert isinstance(t.state.pending, PlayInQuestion)
        r = ruling(t)
        assert (r.irregularity, r.law, r.offender, r.chooser) == ("Unauthorised information", law, N, None)
        assert r.questions == (Question("card", "Which card of North's is in question? (played: H2 H3)", (), law,
                                        "one of H2 H3"),)


def test_16B1a_a_defender_s_card_is_judged_on_partner_s_earlier_information_only() -> None:
    """16B1(a): only information from partner is unauthorised: an opponent's remark is not, partner's later tempo
    could not suggest the card, and partner's psyche is a call of the auction, authorised (16A1).  16C: the side's
    own withdrawn call is unauthorised to it."""
    t = judge(review(sixteen_b(), "16B", E), ("card", "H5"))
    assert ruling(t).text.splitlines()[1] == ("Information from West: West's remark (after call 10): \"lead a heart, "
                                              "partner\"; East's cancelled 1♥ (Law 16C2).")


def test_16C_a_withdrawn_call_of_the_opponents_is_not_listed_against_declarer() -> None:
    """16C2: information from a withdrawn call is authorised to the non-offending side: East's cancelled 1♥ is not
    information declarer's side may not use."""
    t = Table(1, deal=DEAL16, dealer="N", laws="2017")
    t.call(E, "1H")
    t.auction("1D P 1H P 2NT P 3NT P P P")
    t.do(Remark(S, "I hope you can make it", laws=t.laws))
    play(t, "H5 H2 HJ H3")
    t = judge(review(t, "16B", N), ("card", "H2"))
    assert ruling(t).text.splitlines()[1] == ("Information from South: South's remark (after call 10): \"I hope you "
                                              "can make it\".")


def test_16B_a_card_the_player_did_not_play_is_refused() -> None:
    t = review(sixteen_b(), "16B", E)
    with pytest.raises(BridgeError, match="East has not played 'HA': name one of H5"):
        judge(t, ("card", "HA"))



# ===== Law 12: the review of a flagged adjustment (72C / 23, 27D, 12A1) ==========================================
ADJUSTMENT = "Score adjustment"
SCORE_HINT = "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table  or  NS: A+; EW: A-"


def enforced_pass() -> Table:
    """2017: West's 1♠ out of rotation at partner's turn, not accepted; West later bids 2♠, not comparable: the
    enforced pass is flagged under 72C; the director reviews it."""
    t = table("1H")
    t.call("W", "1S")
    t.choose("refuse")
    t.auction("P P")
    t.call("W", "2S")
    t.judge("comparable", "no")
    assert [f.law for f in t.state.flags] == ["72C"]
    return review(t, "72C", W)


def test_72C_could_have_known_then_damage_then_an_artificial_score() -> None:
    """72C: the director adjusts if the offender could have been aware, at the time of his irregularity, that it
    could damage the other side; with no result obtainable the score is artificial (12C2: A+ / A-)."""
    t = enforced_pass()
    asked = [question(t)]
    judge(t, ("could-have-known", "yes"))
    asked.append(question(t))
    judge(t, ("damage", "yes"))
    asked.append(question(t))
    assert (asked[0].key, asked[0].answers, asked[0].law) == ("could-have-known", YES_NO, "72C")
    assert asked[1] == Question("damage", "Was the other side damaged by the irregularity?", YES_NO, "72C")
    assert (asked[2].key, asked[2].answers, asked[2].law, asked[2].hint) == ("score", (), "12C", SCORE_HINT)
    judge(t, ("score", "NS: A+; EW: A-"))
    steps = (("could-have-known", "yes"), ("damage", "yes"), ("score", "NS: A+; EW: A-"))
    assert t.state.records[-1] == Record("72C", ADJUSTMENT, W, "Law 72C: artificial: N-S A+, E-W A-", E17, steps)
    adjusted = t.state.adjusted[-1]
    assert (adjusted.law, adjusted.kind) == ("72C", "artificial")
    assert t.state.records[adjusted.record] == t.state.records[-1]


def test_72C_the_2017_awareness_test_is_could_well_damage() -> None:
    """2017 72C: 'could have been aware at the time of his irregularity that this could well damage the
    non-offending side' (1997 Law 23 read 'would be likely to damage')."""
    q = question(enforced_pass())
    assert q.text == ("Could West have known, at the time of the irregularity, that it could well damage the other "
                      "side?")


def test_72C_no_damage_the_table_result_stands() -> None:
    t = judge(enforced_pass(), ("could-have-known", "yes"), ("damage", "no"))
    q = "Was the other side damaged by the irregularity?"
    assert t.state.records[-1] == Record("72C", ADJUSTMENT, W, "the table result stands (damage: no)", E17,
                                         (("could-have-known", "yes"), ("damage", "no")))
    assert t.state.adjusted[-1] == Adjusted("72C", "none", reason=q, record=len(t.state.records) - 1)


def test_23_1997_the_same_questions_under_law_23_and_the_1997_score_laws() -> None:
    """1997 Law 23 (awareness of potential damage) asks what 2017 72C asks; the 1997 assigned score is 12C2."""
    t = calls(Table(1, dealer="N", laws="1997"), "1H")
    review(t, "23", W)
    assert question(t) == Question("could-have-known", "Could West have known, at the time of the irregularity, that "
                                   "it was likely to damage the other side?", YES_NO, "23")
    judge(t, ("could-have-known", "yes"))
    assert question(t) == Question("damage", "Was the other side damaged by the irregularity?", YES_NO, "23")
    judge(t, ("damage", "yes"))
    assert question(t).text.startswith("Enter the adjusted score: one result (assigned, Law 12C2)")


def test_27D_could_the_result_well_have_been_different_without_the_help() -> None:
    """27D: the director adjusts if the outcome could well have been different without the assistance gained
    through the infraction; 'no' leaves the table result."""
    t = review(table("1H"), "27D", W)
    q = Question("helped", "Could the result well have been different without the assistance that West's side "
                 "gained through the infraction?", YES_NO, "27D")
    assert question(t) == q
    judge(t, ("helped", "no"))
    assert t.state.records[-1] == Record("27D", ADJUSTMENT, W, "the table result stands (helped: no)", E17,
                                         (("helped", "no"),))
    assert t.state.adjusted[-1] == Adjusted("27D", "none", reason=q.text, record=len(t.state.records) - 1)


def test_12A1_64C_insufficient_compensation_goes_straight_to_the_score() -> None:
    """64C / 12A1: the director adjusts when the law's rectification does not compensate the non-offending side;
    there is no separate damage question."""
    t = review(table("1H"), "64C", W)
    assert question(t) == Question("equity", "Was the other side insufficiently compensated, or West's side "
                                   "advantaged, by what happened (Law 64C, 12A1)?", YES_NO, "64C")
    judge(t, ("equity", "yes"))
    assert question(t).key == "score"


# ===== Law 85: a disputed call (the director finds the facts) =====================================================
WHAT = "What was the call?"
HEARD, AGREES, UNSURE = Stance.DISAGREES, Stance.AGREES, Stance.ABSTAINS
STANCES = {"partner": "heard something else", "left": "does not know", "right": "heard something else"}


_GUIDE = [
    (HEARD, UNSURE, HEARD, "majority", "marked tendency to the majority (an opponent abstains)"),
    (UNSURE, HEARD, HEARD, "majority", "slight tendency to the majority (the speaker's partner abstains)"),
    (HEARD, HEARD, HEARD, "majority", "every other player heard something else"),
    (AGREES, HEARD, HEARD, "speaker", "no majority against the speaker: the speaker's version stands")]


@pytest.mark.parametrize(("partner", "left", "right", "side", "tendency"), _GUIDE)
def test_85A_the_balance_of_probabilities_by_who_heard_what(partner: Stance, left: Stance, right: Stance, side: str,
                                                             tendency: str) -> None:
    """85A: facts on the balance of probabilities: with two or three players against the speaker the majority's
    version, the stronger the fewer abstain; with the speaker's partner agreeing, no majority against him."""
    stances = {"partner": partner.value, "left": left.value, "right": right.value}
    assert disputed_call(partner=partner, left=left, right=right) == DisputedCall(
        side, tendency, RecordedStep(WHAT, f"rule with the {side}: {tendency}", stances))


@pytest.mark.parametrize(("supports", "side"), [(True, "speaker"), (False, "majority")])
def test_85A_substantial_evidence_decides(supports: bool, side: str) -> None:
    """85A1: substantial evidence outweighs the guideline, whichever version it supports."""
    assert disputed_call(partner=HEARD, left=UNSURE, right=HEARD, evidence="a kibitzer heard it",
                         evidence_supports_speaker=supports) == DisputedCall(
        "evidence", "evidence decides",
        RecordedStep(WHAT, f"rule with the evidence ({side})", {**STANCES, "evidence": "a kibitzer heard it"}))


def test_85A_evidence_without_the_version_it_supports_is_refused() -> None:
    with pytest.raises(BridgeError) as err:
        disputed_call(partner=HEARD, left=HEARD, right=HEARD, evidence="a kibitzer heard it")
    assert (err.value.args[0], err.value.field) == ("say which version the evidence supports", "evidence")
