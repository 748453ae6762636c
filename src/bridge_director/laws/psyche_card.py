"""The registered card read for a reported psyche (Law 40; EBU Orange Book 6 A 1, 6 B 1-2; ACBL Duplicate
Decisions, "Psychs"): was the call as agreed, a gross or a minor departure from a disclosed agreement, or does it
point to an undisclosed one?  Advice for the director, citing the card's lines; the director still answers.

- the hand fits the card's meaning: as agreed, nothing to classify;
- it does not: measured by ``departure_of`` (strength within a queen, or the suit one card short, is minor; more
  is gross); a gross departure is a psyche if deliberate, a minor one a deviation, either a misbid if inadvertent;
- the card lists no meaning for the call, or partner's later calls depart from the card too (partner allowed
  for it: fielding): that points to an undisclosed agreement (Law 40C1; 40B in 1997).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum

from ..cards import context as ctx
from ..cards.card_facts import fewest, hcp_values, suit_of
from ..cards.comparable import named, show_hand
from ..cards.meaning import holds
from ..cards.model import Meaning, SystemCard
from ..model import Bid, Call, Deal, Hand, Pass, Seat, Strain
from ..model.regulation import Departure
from ..table.edition import Edition
from .common import name
from .law40_psyches import Regime, departure_of, right_to_psyche_law, understanding_law


class CardVerdict(StrEnum):
    """What the card says of the reported call."""

    AS_AGREED = "as agreed on the card"
    GROSS = "a gross departure from the card"
    MINOR = "a minor departure from the card"
    UNDISCLOSED = "points to an undisclosed agreement"
    UNMEASURED = "not measured against the card"


@dataclass(frozen=True, slots=True)
class CardAdvice:
    """The verdict, the lines shown to the director, and the answers the card suggests, by question key."""

    verdict: CardVerdict
    lines: tuple[str, ...]
    suggested: tuple[tuple[str, str], ...] = ()

    def suggestion(self, key: str) -> str | None:
        return dict(self.suggested).get(key)


def context_of(calls: Sequence[tuple[Seat, Call]], index: int) -> str:
    """The card's key for call ``index`` (0-based) of the auction, read from its bidder's side."""
    return ctx.key(ctx.from_table(calls[:index], calls[index][0]))


def _line(card: SystemCard, call: Call, key: str, meaning: Meaning) -> str:
    return f"the card ({card.name}): {named(call, key)}: {meaning.describe()}"


def _measure(meaning: Meaning, call: Call, hand: Hand) -> tuple[Departure | None, str]:
    """The departure of ``hand`` from the meaning's strength and suit length, and the measure in words."""
    assert meaning.shows is not None
    values = hcp_values(meaning.shows)
    suit = suit_of(call) if meaning.purpose is None else None
    least = fewest(meaning.shows, suit) if suit is not None else None
    held = len(hand.holding(suit)) if suit is not None else None
    if not values:
        return None, "no hand fits the card's meaning"
    found = departure_of(deliberate=True, agreed_hcp=(values[0], values[-1]), hcp=hand.hcp, agreed_length=least,
                         length=held)
    measure = f"{hand.hcp} HCP against {values[0]}-{values[-1]}"
    if suit is not None and least:
        measure += f", {held} {suit.name.lower()} against {least}+"
    return found, measure


def _fielding(card: SystemCard, calls: Sequence[tuple[Seat, Call]], index: int, deal: Deal | None) -> list[str]:
    """Partner's later calls that the card lists and partner's hand does not fit."""
    seat = calls[index][0]
    partner = seat.partner
    hand = deal[partner] if deal is not None else None
    if hand is None or len(hand) != 13:
        return []
    out = []
    for i in range(index + 1, len(calls)):
        if calls[i][0] is not partner:
            continue
        key = context_of(calls, i)
        meaning = card.meaning(key, calls[i][1])
        if meaning is not None and meaning.shows is not None and not holds(meaning.shows, hand):
            out.append(f"{name(partner)}'s later {named(calls[i][1], key)} does not fit {name(partner)}'s hand "
                       f"{show_hand(hand)} (card: {meaning.describe()})")
    return out


def _regulation(card: SystemCard, calls: Sequence[tuple[Seat, Call]], index: int, meaning: Meaning | None,
                regime: Regime, level: int | None) -> list[tuple[str, str]]:
    """The regulation's questions the card itself answers: an artificial opening or a conventional response
    (ACBL regulation 1), a Multi 2♦ (EBU 6 A 4)."""
    if meaning is None:
        return []
    seat, call = calls[index]
    before = calls[:index]
    opening = isinstance(call, Bid) and not any(isinstance(c, Bid) for _, c in before)
    out: list[tuple[str, str]] = []
    if regime is Regime.ACBL and opening:
        out.append(("artificial", "yes" if meaning.purpose else "no"))
    if regime is Regime.ACBL and not opening:
        first = next(((i, s, c) for i, (s, c) in enumerate(before) if isinstance(c, Bid)), None)
        if first is not None and first[1] is seat.partner and all(s is not seat or isinstance(c, Pass)
                                                                  for s, c in before):
            theirs = card.meaning(context_of(calls, first[0]), first[2])
            if theirs is not None:
                out.append(("conventional", "yes" if theirs.purpose and meaning.purpose else "no"))
    if regime is Regime.EBU and opening and call == Bid(2, Strain.DIAMONDS) and level == 3:
        multi = meaning.purpose == "multi" or "multi" in meaning.text.lower()
        out.append(("multi", "yes" if multi else "no"))
    return out


def advise(card: SystemCard, calls: Sequence[tuple[Seat, Call]], call_no: int, deal: Deal | None,
           edition: Edition = Edition.L2017, regime: Regime = Regime.LAWS, level: int | None = None) -> CardAdvice:
    """What the side's ``card`` says of call ``call_no`` (1 is the dealer's first call) of ``calls``."""
    index = call_no - 1
    seat, call = calls[index]
    key = context_of(calls, index)
    meaning = card.meaning(key, call)
    undisclosed = f"Law {understanding_law(edition)}"
    own = tuple(_regulation(card, calls, index, meaning, regime, level))
    if meaning is None:
        return CardAdvice(CardVerdict.UNDISCLOSED, (
            f"the card ({card.name}) lists no meaning for {named(call, key)}: no disclosed agreement to measure it "
            f"against; if partner's actions allowed for the hand, that is an undisclosed agreement ({undisclosed})",),
            own)
    cited = _line(card, call, key, meaning)
    hand = deal[seat] if deal is not None else None
    if meaning.shows is None or hand is None or len(hand) != 13:
        why = "the card gives only words" if meaning.shows is None else "the hand is not known"
        return CardAdvice(CardVerdict.UNMEASURED, (cited, f"{why}: compare {name(seat)}'s hand with it"), own)
    if holds(meaning.shows, hand):
        return CardAdvice(CardVerdict.AS_AGREED, (cited, f"{name(seat)}'s {show_hand(hand)} fits it: the call is as "
                                                  "agreed, not a psyche, misbid or deviation"), own)
    found, measure = _measure(meaning, call, hand)
    gross = found is Departure.PSYCHE
    verdict = CardVerdict.GROSS if gross else CardVerdict.MINOR
    what = ("a psyche if deliberate, a misbid if not" if gross else "a deviation if deliberate, a misbid if not")
    shape = "" if found is not None else " (strength and length as agreed: the rest of the meaning is not)"
    lines = [cited, f"{name(seat)}'s {show_hand(hand)} does not fit it: {measure}{shape}: {verdict.value}, {what} "
                    f"(a player may depart without announcing it, Law {right_to_psyche_law(edition)})"]
    fielded = _fielding(card, calls, index, deal)
    if fielded:
        verdict = CardVerdict.UNDISCLOSED
        lines += [*fielded, f"partner departed from the card too, as if allowing for the call: that points to an "
                            f"undisclosed agreement ({undisclosed})"]
    return CardAdvice(verdict, tuple(lines), (("gross", "yes" if gross else "no"), *own))
