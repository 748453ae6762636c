"""The movement model: queries, validate() finding every fault, and the movement file refusing bad data."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bridge_director.club.movement import Encounter, Movement, MovementKind, Share, load_movement, shipped_movements
from bridge_director.club.movement_file import dumps_movement, save_movement
from bridge_director.club.movement_gen import howell, mitchell, teams_match
from bridge_director.errors import BridgeError, ParseError


def small(encounters: tuple[Encounter, ...], shares: tuple[Share, ...] = (), **kw: Any) -> Movement:
    fields: dict[str, Any] = {"tables": 2, "rounds": 2, "pairs": (1, 2, 3, 4), "sets": 2} | kw
    return Movement("test", MovementKind.HOWELL, fields["tables"], fields["rounds"], fields["pairs"], fields["sets"],
                    encounters, shares)


def test_queries_answer_from_the_encounters() -> None:
    m = mitchell(5)
    assert m.at(2, 3) == Encounter(2, 3, 3, 7, 4) and m.at(6, 1) is None and m.at(1, 6) is None
    assert [e.table for e in m.of_pair(7)] == [2, 3, 4, 5, 1]
    assert m.opponents(7, 2) == 3 and m.opponents(3, 2) == 7 and m.opponents(11, 1) is None
    assert m.boards(1, 3) == range(1, 4) and m.boards(5, 3) == range(13, 16) and m.boards(2, 2, 101) == range(103, 105)
    assert m.board_count(3) == 15 and m.tables_with(4, 2) == (3,)


def test_boards_refuses_a_set_outside_the_movement() -> None:
    with pytest.raises(BridgeError, match="board set 6"):
        mitchell(5).boards(6, 3)


def test_encounters_are_kept_in_round_and_table_order() -> None:
    a, b = Encounter(2, 1, 1, 2, 2), Encounter(1, 2, 3, 4, 1)
    assert small((a, b)).encounters == (b, a)


def test_repr_is_short_and_readable() -> None:
    assert repr(mitchell(5)) == ("Movement(name='mitchell-5', kind=MovementKind.MITCHELL, tables=5, rounds=5, sets=5, "
                                 "pairs=10, encounters=25)")


@pytest.mark.parametrize(("encounters", "shares", "found"), [
    ((Encounter(1, 1, 1, 2, 1), Encounter(2, 1, 1, 3, 1)), (), "pair 1 plays board set 1 a second time"),
    ((Encounter(1, 1, 1, 2, 1), Encounter(1, 2, 1, 3, 2)), (), "pair 1 plays twice in round 1"),
    ((Encounter(1, 1, 1, 2, 1), Encounter(1, 2, 3, 4, 1)), (), "board set 1 is at tables 1 and 2"),
    ((Encounter(1, 1, 1, 2, 1), Encounter(1, 1, 3, 4, 2)), (), "two encounters at the same table"),
    ((Encounter(3, 1, 1, 2, 1),), (), "round not in 1 to 2"),
    ((Encounter(1, 3, 1, 2, 1),), (), "table not in 1 to 2"),
    ((Encounter(1, 1, 1, 2, 3),), (), "board set 3 not in 1 to 2"),
    ((Encounter(1, 1, 1, 9, 1),), (), "pair 9 is not in the movement's pairs"),
    ((Encounter(1, 1, 1, 1, 1),), (), "plays against itself"),
    ((Encounter(1, 1, 1, 2, 1), Encounter(1, 2, 3, 4, 2)), (Share(1, (1, 2)),), "declared to share a set"),
])
def test_validate_finds_each_fault(encounters: tuple[Encounter, ...], shares: tuple[Share, ...], found: str) -> None:
    problems = small(encounters, shares).validate()
    assert any(found in p for p in problems), problems
    with pytest.raises(BridgeError) as err:
        small(encounters, shares).check()
    assert err.value.field == "movement"


def test_a_declared_share_allows_a_set_at_two_tables() -> None:
    pair = (Encounter(1, 1, 1, 2, 1), Encounter(1, 2, 3, 4, 1))
    assert small(pair, (Share(1, (2, 1)),)).validate() == ()
    assert small(pair, (Share(2, (1, 2)),)).validate() != ()  # declared for the wrong round


def test_validate_reports_every_problem_not_just_the_first() -> None:
    bad = (Encounter(1, 1, 1, 2, 1), Encounter(2, 1, 1, 2, 1), Encounter(2, 2, 1, 3, 2))
    assert len(small(bad).validate()) >= 3


@settings(max_examples=30, deadline=None)
@given(st.sampled_from(["mitchell", "relay", "howell", "teams"]), st.integers(3, 12))
def test_movement_round_trips_through_its_file(family: str, n: int) -> None:
    m = {"mitchell": lambda: mitchell(n | 1, arrow_switch=[1]), "relay": lambda: mitchell(n + n % 2, even="relay"),
         "howell": lambda: howell(n), "teams": lambda: teams_match(n)}[family]()
    assert Movement.from_json(m.to_json()) == m
    assert Movement.from_json(json.loads(dumps_movement(m))) == m


def test_load_a_shipped_movement_by_name_and_a_file_by_path(tmp_path: Path) -> None:
    assert load_movement("mitchell-7") == mitchell(7)
    path = save_movement(howell(4), tmp_path / "h4.json")
    assert load_movement(str(path)) == howell(4)


def test_a_wrong_name_lists_the_shipped_movements() -> None:
    with pytest.raises(BridgeError) as err:
        load_movement("mitchel-7")
    assert err.value.field == "movement"
    assert all(name in str(err.value) for name in shipped_movements())
    assert {"mitchell-3", "mitchell-15", "mitchell-8-relay", "howell-2", "howell-8", "howell-5-three-quarter",
            "teams-match"} <= set(shipped_movements())


def test_a_file_that_is_not_json_names_the_line(tmp_path: Path) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{\n  "format": "bridge-director-movement/1",\n  "name": oops\n}\n')
    with pytest.raises(ParseError) as err:
        load_movement(str(path))
    assert err.value.line == 3


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d.__setitem__(key, value)


def _entry(rnd: int, table: int, item: int, value: Any) -> Callable[[dict[str, Any]], None]:
    return lambda d: d["rounds_table"][rnd - 1][table - 1].__setitem__(item, value)


@pytest.mark.parametrize(("change", "field", "said"), [
    (lambda d: d.pop("rounds"), "rounds", "missing"),
    (_set("tables", "5"), "tables", "'5' is not a whole number"),
    (_set("tables", 5.0), "tables", "not a whole number"),
    (_set("tables", True), "tables", "not a whole number"),
    (_set("sets", -1), "sets", "-1 is not in 1"),
    (_set("rounds", 10**40), "rounds", "huge"),
    (_set("two_winners", 1), "two_winners", "not true or false"),
    (_set("kind", "swiss"), "kind", "not one of mitchell, howell, teams"),
    (_set("format", "other/2"), "format", "is not"),
    (_set("name", ""), "name", "not a name"),
    (_set("nmae", "x"), "nmae", "unknown field"),
    (_set("pairs", [1, "2"]), "pairs", "not a whole number"),
    (_set("shares", [{"round": 1}]), "shares[1]", "is not"),
    (_set("rounds_table", {}), "rounds_table", "not a list"),
    (lambda d: d["rounds_table"].pop(), "rounds_table", "4 rounds listed, 5 declared"),
    (_entry(2, 3, 3, "x"), "rounds_table", "round 2, table 3, set: 'x' is not a whole number"),
    (_entry(2, 3, 1, None), "rounds_table", "round 2, table 3, N-S pair"),
    (_entry(2, 3, 2, False), "rounds_table", "round 2, table 3, E-W pair"),
    (_entry(2, 3, 0, 0), "rounds_table", "round 2, table: 0 is not in 1"),
    (lambda d: d["rounds_table"][1][2].append("switch"), "rounds_table", "round 2, table 3: the fifth item"),
    (lambda d: d["rounds_table"][1].__setitem__(2, [3, 3, 9]), "rounds_table", "round 2: [3, 3, 9] is not"),
    (lambda d: d["rounds_table"][1].__setitem__(2, "3 3 9 4"), "rounds_table", "round 2:"),
])
def test_from_json_refuses_bad_data_naming_the_field(change: Callable[[dict[str, Any]], None], field: str,
                                                     said: str) -> None:
    data = copy.deepcopy(mitchell(5).to_json())
    change(data)
    with pytest.raises(BridgeError) as err:
        Movement.from_json(data, source="m.json")
    assert err.value.field == field and said in err.value.message and "m.json" in err.value.message


def test_from_json_refuses_a_movement_that_does_not_validate() -> None:
    data = mitchell(5).to_json()
    data["rounds_table"][1][2][3] = 3  # table 3 plays set 3 again in round 2
    with pytest.raises(BridgeError) as err:
        Movement.from_json(data)
    assert err.value.field == "movement" and "second time" in err.value.message
    assert Movement.from_json(data, check=False).validate() != ()


@pytest.mark.parametrize("data", [[], "mitchell", None, 7])
def test_from_json_refuses_what_is_not_an_object(data: Any) -> None:
    with pytest.raises(BridgeError) as err:
        Movement.from_json(data)
    assert err.value.field == "movement"


def test_optional_fields_may_be_left_out() -> None:
    data = mitchell(5).to_json()
    for key in ("pairs", "bye_stand", "description", "shares"):
        del data[key]
    m = Movement.from_json(data)
    assert m.pairs == tuple(range(1, 11)) and m.description == "" and m.encounters == mitchell(5).encounters
