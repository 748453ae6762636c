"""JSON codecs for the play events (see docs/table-log.md, "Play events")."""

from __future__ import annotations

from typing import Any

from ..model import Card, Seat
from ..table.edition import Edition
from ..table.play import (
    CardPlayed,
    CardWithdrawn,
    ClaimMade,
    DummyCardCalled,
    DummyFaced,
    RevokeCorrected,
    TricksAdjusted,
)
from .log import codec


def _laws(j: dict[str, Any], default: Edition) -> Edition:
    return Edition.parse(j["laws"]) if "laws" in j else default


def _with(out: dict[str, Any], laws: Edition, default: Edition) -> dict[str, Any]:
    if laws is not default:
        out["laws"] = laws.value
    return out


codec("play", CardPlayed,
      lambda e, d: _with({"seat": e.seat.letter, "card": str(e.card), **({"face_down": True} if e.face_down else {})},
                         e.laws, d),
      lambda j, d: CardPlayed(Seat.parse(j["seat"]), Card.parse(j["card"]), _laws(j, d), bool(j.get("face_down"))))
codec("dummy_faced", DummyFaced, lambda e, d: _with({}, e.laws, d), lambda j, d: DummyFaced(_laws(j, d)))
codec("dummy_call", DummyCardCalled,
      lambda e, d: _with({"designation": e.designation}, e.laws, d),
      lambda j, d: DummyCardCalled(str(j["designation"]), _laws(j, d)))
codec("withdraw", CardWithdrawn,
      lambda e, d: _with({"seat": e.seat.letter, "law": e.law}, e.laws, d),
      lambda j, d: CardWithdrawn(Seat.parse(j["seat"]), str(j["law"]), _laws(j, d)))
codec("revoke_corrected", RevokeCorrected,
      lambda e, d: _with({"seat": e.seat.letter, "card": str(e.card)}, e.laws, d),
      lambda j, d: RevokeCorrected(Seat.parse(j["seat"]), Card.parse(j["card"]), _laws(j, d)))
codec("claim", ClaimMade,
      lambda e, d: _with({"seat": e.seat.letter, "tricks": e.tricks, "statement": e.statement}, e.laws, d),
      lambda j, d: ClaimMade(Seat.parse(j["seat"]), int(j["tricks"]), str(j.get("statement", "")), _laws(j, d)))
codec("tricks", TricksAdjusted,
      lambda e, d: {"declarer_tricks": e.declarer_tricks, "law": e.law, "reason": e.reason},
      lambda j, d: TricksAdjusted(int(j["declarer_tricks"]), str(j["law"]), str(j.get("reason", ""))))


def _register_law_events() -> None:
    """Codecs of the events defined by the play law modules (Laws 43, 45C4(b), 58B, 65-67)."""
    from ..laws.law42_47 import DesignationChanged, DummyAct
    from ..laws.law58 import CardsPlayedTogether
    from ..laws.law65_67 import TrickEntry
    codec("dummy_act", DummyAct,
          lambda e, d: _with({"kind": e.kind, **({"forfeited": True} if e.forfeited else {})}, e.laws, d),
          lambda j, d: DummyAct(str(j["kind"]), bool(j.get("forfeited")), _laws(j, d)))
    codec("designation_changed", DesignationChanged,
          lambda e, d: _with({"seat": e.seat.letter, "card": str(e.card)}, e.laws, d),
          lambda j, d: DesignationChanged(Seat.parse(j["seat"]), Card.parse(j["card"]), _laws(j, d)))
    codec("together", CardsPlayedTogether,
          lambda e, d: _with({"seat": e.seat.letter, "cards": [str(c) for c in e.cards],
                              "visible": [str(c) for c in e.visible]}, e.laws, d),
          lambda j, d: CardsPlayedTogether(Seat.parse(j["seat"]), tuple(Card.parse(c) for c in j["cards"]),
                                           tuple(Card.parse(c) for c in j["visible"]), _laws(j, d)))
    codec("trick_entry", TrickEntry,
          lambda e, d: _with({"kind": e.kind, "seat": e.seat.letter, "trick": e.trick}, e.laws, d),
          lambda j, d: TrickEntry(str(j["kind"]), Seat.parse(j["seat"]), int(j["trick"]), _laws(j, d)))


_register_law_events()
