"""Cards found faced before the auction (seed 002, ACBL Duplicate Decisions, Law 16): not Law 24, but
information from another source — 16D (2017), 16C (2007), 16B (1997)."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.engine.log import dumps, loads
from bridge_director.errors import IllegalPlayError
from bridge_director.model import Seat
from tablekit import DEAL, table

SOURCES = {"2017": "16D", "2007": "16C", "1997": "16B"}
POWERS = {"2017": "16D2", "2007": "16C2", "1997": "16B"}


@pytest.mark.parametrize("laws", ["2017", "2007", "1997"])
def test_16D_card_found_faced_seen_by_partner_is_unauthorised_to_partner(laws: str) -> None:
    t = table(laws=laws)
    t.found_faced("N", "SK", seen_by=("S",))
    r = t.ruling
    assert (r.law, r.offender, r.chooser) == (SOURCES[laws], Seat.NORTH, None)
    assert [o.key for o in r.options] == ["positions", "redeal", "play", "artificial"]
    assert [o.law for o in r.options] == [f"{POWERS[laws]}({x})" for x in "abcd"]
    assert "not Law 24" in r.text
    t.choose("play")
    ui = t.state.unauthorised
    assert [(u.side, u.law) for u in ui] == [(Seat.SOUTH.side, SOURCES[laws])]
    assert [f.law for f in t.state.flags] == [f"{POWERS[laws]}(c)"]
    assert not t.state.exposed and not t.state.restrictions  # no Law 24 penalty card, no bar
    t.auction("1S P P P")
    assert t.state.contract() is not None and not t.state.penalty_cards


def test_16D2a_positions_only_when_partner_alone_saw_it_and_no_call_yet() -> None:
    t = table("1H")  # East's side has not called yet
    t.found_faced("E", "D2", seen_by=("W",))
    assert [o.key for o in t.ruling.options] == ["play", "artificial"]  # a call has been made
    t = table()
    t.found_faced("E", "D2", seen_by=("N",))  # an opponent saw it: positions cannot put that right
    assert [o.key for o in t.ruling.options] == ["redeal", "play", "artificial"]
    t.choose("play")
    assert [u.side for u in t.state.unauthorised] == [Seat.NORTH.side]


def test_16D_nobody_else_saw_it_no_rectification() -> None:
    t = table()
    t.found_faced("W", "HA", "H2", seen_by=("W",))
    assert [o.key for o in t.ruling.options] == ["proceed"]
    assert "nobody but West saw HA, H2" in t.ruling.option("proceed").consequence.replace("♥", "H")
    t.choose("proceed")
    assert not t.state.unauthorised and not t.state.flags


def test_16D2d_artificial_adjusted_score_flagged_by_edition() -> None:
    for laws, law in (("2017", "12C2"), ("2007", "12C2"), ("1997", "12C1")):
        t = table(laws=laws)
        t.found_faced("N", "CA", seen_by=("S",))
        t.choose("artificial")
        assert [f.law for f in t.state.flags] == [law]
        assert t.state.records[-1].outcome == "artificial adjusted score"


def test_16D_after_the_side_has_called_it_is_law_24() -> None:
    t = table("1H")
    with pytest.raises(IllegalPlayError) as err:
        t.found_faced("S", "SA", seen_by=("N",))
    assert err.value.law == "24"


def test_16D_card_not_in_the_hand_is_refused() -> None:
    t = Table(1, deal=DEAL)
    with pytest.raises(IllegalPlayError, match="not in North's hand"):
        t.found_faced("N", "S2", seen_by=("S",))


def test_16D_replays_from_the_log() -> None:
    t = table()
    t.found_faced("N", "SK", seen_by=("S",))
    t.choose("redeal")
    again = loads(dumps(t))
    assert again.state.records == t.state.records and again.state.flags == t.state.flags
