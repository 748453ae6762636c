"""Misinformation or misbid (Laws 21B/75, seeds 001 and 003) and the disputed call (seed 001)."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws.law21_misinformation import Explanation, misinformation_or_misbid
from bridge_director.laws.law85_facts import Stance, disputed_call

FLANNERY = "Flannery: 4 spades, 5 hearts, 11-15"


def test_explanation_matches_both_cards_so_the_call_was_a_misbid() -> None:
    verdict, steps = misinformation_or_misbid(explanation=FLANNERY, card=FLANNERY, partner_card=FLANNERY,
                                              hand_fits_explanation=False)
    assert verdict is Explanation.MISBID
    assert "75C" in steps[-1].answer and steps[-1].evidence["card"] == FLANNERY


def test_cards_marked_differently_mean_no_agreement_so_misinformation() -> None:
    verdict, steps = misinformation_or_misbid(explanation=FLANNERY, card=FLANNERY, partner_card="weak two",
                                              hand_fits_explanation=False)
    assert verdict is Explanation.MISINFORMATION
    assert steps[-1].evidence == {"card": FLANNERY, "partner_card": "weak two"}


def test_no_card_means_misinformation_is_presumed_unless_the_offenders_show_otherwise() -> None:
    presumed, _ = misinformation_or_misbid(explanation=FLANNERY, card=None, partner_card=None,
                                           hand_fits_explanation=False)
    shown, steps = misinformation_or_misbid(explanation=FLANNERY, card=None, partner_card=None,
                                            hand_fits_explanation=False, other_evidence="system notes, page 3")
    assert (presumed, shown) == (Explanation.MISINFORMATION, Explanation.MISBID)
    assert steps[-1].evidence == {"evidence": "system notes, page 3"}


def test_explanation_differing_from_the_cards_is_a_mistaken_explanation() -> None:
    verdict, _ = misinformation_or_misbid(explanation="weak two", card=FLANNERY, partner_card=FLANNERY,
                                          hand_fits_explanation=False)
    assert verdict is Explanation.MISINFORMATION


def test_failure_to_alert_is_misinformation_and_a_fitting_hand_is_no_infraction() -> None:
    assert misinformation_or_misbid(explanation="", card=FLANNERY, partner_card=FLANNERY,
                                    hand_fits_explanation=True, alerted=False)[0] is Explanation.MISINFORMATION
    assert misinformation_or_misbid(explanation=FLANNERY, card=FLANNERY, partner_card=FLANNERY,
                                    hand_fits_explanation=True)[0] is Explanation.NO_INFRACTION


@pytest.mark.parametrize(("partner", "left", "right", "rule_with", "tendency"), [
    (Stance.DISAGREES, Stance.DISAGREES, Stance.DISAGREES, "majority", "every other"),
    (Stance.AGREES, Stance.DISAGREES, Stance.DISAGREES, "speaker", "no majority"),  # 2 to 2
    (Stance.ABSTAINS, Stance.DISAGREES, Stance.ABSTAINS, "speaker", "no majority"),  # 1 to 1
    (Stance.ABSTAINS, Stance.DISAGREES, Stance.DISAGREES, "majority", "slight"),  # partner abstains
    (Stance.DISAGREES, Stance.ABSTAINS, Stance.DISAGREES, "majority", "marked"),  # an opponent abstains
])
def test_disputed_call_speaker_against_majority(partner: Stance, left: Stance, right: Stance, rule_with: str,
                                                tendency: str) -> None:
    decision = disputed_call(partner=partner, left=left, right=right)
    assert decision.rule_with == rule_with and tendency in decision.tendency
    assert decision.step.evidence["partner"] == partner.value


def test_disputed_call_substantial_evidence_overrides_the_guideline() -> None:
    decision = disputed_call(partner=Stance.DISAGREES, left=Stance.DISAGREES, right=Stance.DISAGREES,
                             evidence="bidding pad shows 2H", evidence_supports_speaker=True)
    assert decision.rule_with == "evidence" and "speaker" in decision.step.answer
    with pytest.raises(BridgeError):
        disputed_call(partner=Stance.AGREES, left=Stance.AGREES, right=Stance.AGREES, evidence="bidding pad")
