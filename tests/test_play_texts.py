"""The play rulings' texts meet the same checks as the auction's (tests/test_table_texts.py): every option with its
exact consequence in the text, the law cited, addressed by name to the one who chooses (or to the director)."""

from __future__ import annotations

import random

import pytest

from bridge_director.engine import Table
from bridge_director.laws.common import name
from bridge_director.laws.ruling import Ruling
from test_play_properties import AUCTIONS, random_deal, step


def _rulings() -> list[Ruling]:
    out: list[Ruling] = []
    for seed in range(60):
        rnd = random.Random(seed)
        laws = ("2017", "2007", "1997")[seed % 3]
        t = Table(None, dealer="N", vulnerability="None", deal=random_deal(rnd), laws=laws)
        t.auction(AUCTIONS[seed % len(AUCTIONS)])
        for _ in range(400):
            if t.state.pending is None and t.state.play is not None and t.state.play.finished:
                break
            if t.ruling is not None:
                out.append(t.ruling)
            step(t, rnd)
    return out


RULINGS = _rulings()


def test_play_texts_cover_many_kinds() -> None:
    assert len({r.law for r in RULINGS}) >= 10


@pytest.mark.parametrize("check", ["options", "law", "addressed"])
def test_play_texts(check: str) -> None:
    for r in RULINGS:
        if check == "options":
            for o in r.options:
                assert o.consequence in r.text, (o, r.text)
        if check == "law":
            assert "(Law " in r.text, r.text
            for o in r.options:
                assert "Law " in o.consequence or o.law, o
        if check == "addressed":
            if r.questions and not r.options:
                assert r.text.startswith("Director:"), r.text
            elif r.chooser is not None:
                assert name(r.chooser) in r.text.split(",")[0], r.text  # "South," or "East and West,"
