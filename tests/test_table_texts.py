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
    assert "(Law 31B)" in text and "(Law 28B)" not in text  # North is South's partner: 28B is for opponents
    t2 = table("", laws="2007")
    t2.call("E", "1NT")  # at North's turn: North is East's right-hand opponent
    assert "If North, whose turn it was, calls before the director rules" in t2.ruling.text
    assert "(Law 28B)" in t2.ruling.text


def test_judgement_asked_never_guessed() -> None:
    t = table("1S")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    assert t.ruling.questions and t.state.auction_text() == "N:1S"  # nothing applied until the director answers


# ----- seed 004's list of common failings, one test each ------------------------------------------------------------
def _acceptable_rulings() -> list[Ruling]:
    """One ruling of every kind the Laws let the left-hand opponent accept, in each edition."""
    out = []
    for laws in ("2017", "2007", "1997"):
        for auction, seat, call in (("1S", "E", "1H"), ("", "S", "1NT"), ("1H", "S", "P"), ("1H P", "W", "X"),
                                    ("1S P", "W", "1H")):
            t = table(auction, laws=laws)
            t.call(seat, call)
            out.append(t.ruling)
        t = table("1H", laws=laws)
        t.change("N", "1S")
        t.judge("nature", "change_of_mind")
        out.append(t.ruling)
    return [r for r in out if r is not None]


def test_seed004_failing_not_advising_lho_of_the_option_to_accept() -> None:
    """Seed 004, common failing 1 (and the exam problem "not giving LHO the option of accepting"): every ruling
    the Laws let an opponent accept offers acceptance to that opponent, by name, as the first option, and says
    that calling over the irregularity accepts it."""
    rulings = _acceptable_rulings() + [r for r in RULINGS if r.law in ACCEPTABLE]
    assert len(rulings) >= 18
    for r in rulings:
        assert r.options[0].key == "accept" and r.chooser is not None, r.text
        assert r.text.startswith(f"{name(r.chooser)},") and "\n1. You may accept" in r.text, r.text
        assert r.text.index("You may accept") < r.text.index("If you do not accept"), r.text


def test_seed004_failing_not_explaining_all_options() -> None:
    """Seed 004, common failing 2: every option of a ruling is in its text with its consequence, and the 27
    ruling names the three ways to correct before LHO decides (the seed: "LHO must know about these three ways")."""
    for r in RULINGS + _acceptable_rulings():
        for o in r.options:
            assert o.consequence in r.text, (o.key, r.text)
    for laws in ("2017", "2007"):
        t = table("1S", laws=laws)
        t.call("E", "1H")
        text = t.ruling.text
        assert all(f"   {letter}) " in text for letter in "abc"), text
        assert "27B1(a)" in " ".join(o.law for o in t.ruling.options) or "2♥" in text


def test_seed004_failing_not_being_specific() -> None:
    """Seed 004, common failing 3: "the director may transfer 1 or 2 tricks" is not good enough; our texts name
    who must pass and for how long, and no ruling text is vague."""
    for r in RULINGS + _acceptable_rulings():
        assert not any(v in r.text.lower() for v in VAGUE), r.text
    t = table("1S", laws="2007")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "3NT")
    t.judge("more_precise", "no")
    out = t.state.records[-1].outcome
    assert "West must pass whenever it is their turn for the rest of the auction" in out


def test_seed004_judgement_asked_away_from_the_table_without_information() -> None:
    """Seed 004: the director must not give information about the hand while ruling; a 27B1 judgement is the
    director's question (never read to the table) and the offender's partner is not told until he rules."""
    t = table("1S", laws="2007")
    t.call("E", "1H")
    t.choose("refuse")
    t.call("E", "2H")
    r = t.ruling
    assert r.text.startswith("Director:") and r.chooser is None and "must not be told" in r.text
    assert t.state.auction_text() == "N:1S"  # nothing applied until the director answers
