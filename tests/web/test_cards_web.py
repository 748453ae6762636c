"""The comparable question and the card check over the JSON API."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from bridge_director.cards.meaning import holds, parse
from bridge_director.model import Hand
from web.web_support import login

EXAMPLES = Path(__file__).parents[2] / "examples" / "cards"


def natural() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((EXAMPLES / "natural-2over1.json").read_text(encoding="utf-8"))
    return data


def test_api_comparable_not_comparable_with_a_hand(client: TestClient) -> None:
    login(client, "viewer")
    r = client.post("/api/cards/comparable", json={"card": natural(), "auction": "1NT 1S", "withdrawn": "1S",
                                                   "replacement": "2S"})
    assert r.status_code == 200, r.text
    out = r.json()
    assert (out["comparable"], out["law"], out["withdrawn"], out["replacement"]) == (
        False, None, "1♠ as an opening", "2♠ after (1N)")
    hand = Hand.from_pbn(out["counterexample_pbn"])
    assert holds(parse("hcp 8-15, spades 5+"), hand)
    assert not holds(parse("hcp 11-21, spades 5+, spades >= hearts"), hand)  # the card's 1S, in full


def test_api_comparable_same_purpose(client: TestClient) -> None:
    login(client, "viewer")
    r = client.post("/api/cards/comparable", json={"card": natural(), "auction": "1NT 2D", "withdrawn": "2C",
                                                   "replacement": "X"})
    assert r.status_code == 200 and (r.json()["comparable"], r.json()["law"]) == (True, "23A3")


def test_api_comparable_bad_call_is_422_naming_the_field(client: TestClient) -> None:
    login(client, "viewer")
    r = client.post("/api/cards/comparable", json={"card": natural(), "auction": "1NT", "withdrawn": "1S",
                                                   "replacement": "1H"})
    assert r.status_code == 422 and r.json()["field"] == "replacement"


def test_api_card_check_lists_problems(client: TestClient) -> None:
    login(client, "viewer")
    r = client.post("/api/cards/check", json={"card": {"system": "t", "contexts": {"1N": {"1C": "hcp 5+"}}}})
    assert r.status_code == 200
    assert r.json() == {"system": "t", "meanings": 0, "problems": [
        "card: context '1N', 1C: not possible here: 1C is not higher than 1N (Law 18)"]}


def test_api_cards_need_a_login(client: TestClient) -> None:
    r = client.post("/api/cards/check", json={"card": {"contexts": {}}})
    assert r.status_code == 401
