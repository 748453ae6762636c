"""What a pair's card says about a call, for misinformation rulings (Laws 20F, 21B, 75): the agreement in words,
whether the bidder's hand fits it, and the misinformation-or-misbid decision fed from the card.

>>> from bridge_director.cards.card_file import loads
>>> card = loads('{"system": "t", "contexts": {"1N": {"2D": {"shows": "hearts 5+", "purpose": "transfer"}}}}')
>>> says(card, "1N", Call.parse("2D"))
'hearts 5+; purpose: transfer'
>>> fits(card, "1N", Call.parse("2D"), Hand.from_pbn("AK32.QJ432.32.32"))
True
"""

from __future__ import annotations

from ..cards.meaning import holds
from ..cards.model import SystemCard
from ..cards.spoken import agrees
from ..model import Call, Hand
from .law21_misinformation import Explanation, misinformation_or_misbid
from .ruling import RecordedStep


def says(card: SystemCard | None, context: str, call: Call) -> str | None:
    """The card's agreement for ``call`` after ``context``, in words (None: no card, or the call is not on it)."""
    meaning = card.meaning(context, call) if card is not None else None
    return meaning.describe() if meaning is not None else None


def fits(card: SystemCard, context: str, call: Call, hand: Hand) -> bool | None:
    """Whether the bidder's hand fits the card's constraints for the call (None: the card has no constraints)."""
    meaning = card.meaning(context, call)
    if meaning is None or meaning.shows is None:
        return None
    return holds(meaning.shows, hand)


def misinformation(*, card: SystemCard | None, partner_card: SystemCard | None, context: str, call: Call,
                   explanation: str, hand_fits_explanation: bool, alerted: bool = True,
                   other_evidence: str | None = None) -> tuple[Explanation, list[RecordedStep]]:
    """Laws 21B1(b) and 75C with each partner's card read for the agreement: the explanation is compared with the
    card by meaning (``cards.spoken``: "12 to 14" is ``hcp 12-14``), or word for word where the card has words
    only."""
    said = says(card, context, call)
    if said is not None and card is not None and agrees(card.meaning(context, call), explanation):
        explanation = said  # a paraphrase of the card: the explanation matches the agreement
    return misinformation_or_misbid(explanation=explanation, card=said,
                                    partner_card=says(partner_card, context, call),
                                    hand_fits_explanation=hand_fits_explanation, alerted=alerted,
                                    other_evidence=other_evidence)
