"""The texts read to the players: the common failings of directors' explanations (seed 004) must be
impossible — acceptance always offered where the law allows it, every option listed with its exact
consequence, the law cited, nothing vague."""

from __future__ import annotations

import pytest

from bridge_director.laws.common import name
from bridge_director.laws.ruling import Ruling
from tablekit import random_walk, table

ACCEPTABLE = {"27", "27B4", "29", "25B", "37"}
VAGUE = ("may apply", "lead penalt", "1 or 2", "may transfer", "could apply", "some restriction", "etc")


def _rulings() -> list[Ruling]:
    out: list[Ruling] = []
    for seed in range(250):
        out += random_walk(seed)[1]
    return out


RULINGS = _rulings()


def test_texts_cover_every_ruling_kind() -> None:
    assert len({(r.law, r.edition) for r in RULINGS}) >= 40


@pytest.mark.parametrize("check", ["acceptance", "options", "law", "vague", "addressed"])
def test_texts(check: str) -> None:
    for r in RULINGS:
        keys = [o.key for o in r.options]
        if check == "acceptance" and r.law in ACCEPTABLE:
            assert "accept" in keys and r.chooser == r.offender.lho, r.text
            assert "You may accept" in r.text and r.text.rstrip().endswith("?"), r.text
        if check == "options":
            for o in r.options:
                assert o.consequence in r.text, (o, r.text)
        if check == "law":
            assert "(Law " in r.text, r.text
            for o in r.options:
                assert "Law " in o.consequence or o.law, o
        if check == "vague":
            assert not any(v in r.text.lower() for v in VAGUE), r.text
        if check == "addressed":
            if r.questions:
                assert r.text.startswith("Director:") or r.text.startswith("Director: ask"), r.text
            elif r.chooser is not None:
                assert r.text.startswith(name(r.chooser) + ","), r.text
            elif r.caller is not None:
                assert r.text.startswith(name(r.caller) + ","), r.text


def test_enforced_pass_texts_are_exact() -> None:
    t = table("1S")
    t.call("E", "1H")
    text = t.ruling.text
    assert "West must pass whenever it is their turn for the rest of the auction" in text
    assert "declarer may forbid the lead of any one suit" in text
    t2 = table("1H")
    t2.call("S", "P")  # at East's turn, South's right-hand opponent
    assert "South must pass at their next turn to call, and only then (Law 30A)" in t2.ruling.text


def test_out_of_rotation_text_names_whose_turn_and_every_outcome() -> None:
    t = table("", laws="2007")
    t.call("S", "1NT")
    text = t.ruling.text
    assert text.startswith("West, South has made a bid of 1NT out of rotation, at North's turn")
    assert "You may accept it" in text and "North must pass whenever it is their turn" in text
    assert "(Law 31B)" in text and "(Law 28B)" in text


def test_judgement_asked_never_guessed() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    assert t.ruling.questions and t.state.auction_text() == "N:1S"  # nothing applied until the director answers
