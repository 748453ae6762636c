"""Movement files (``bridge-director-movement/1``): reading with every field checked, writing, the shipped set.

>>> shipped_movements()[:3]
['howell-2', 'howell-3', 'howell-4']
>>> parse_movement({"format": "bridge-director-movement/1"}, "x.json")
Traceback (most recent call last):
...
bridge_director.errors.BridgeError: name: missing (in x.json)
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from ..errors import BridgeError, ParseError
from .movement import FORMAT, Encounter, Movement, MovementKind, Share

LIMIT = 1000  # tables, rounds, sets and pair numbers stay below this
KEYS = ("format", "name", "kind", "tables", "rounds", "sets", "pairs", "two_winners", "bye_stand", "description",
        "shares", "rounds_table")
OPTIONAL = {"pairs", "bye_stand", "description", "shares"}


def _fail(message: str, field: str, source: str) -> BridgeError:
    return BridgeError(f"{message} (in {source})", field=field)


def _int(value: Any, field: str, source: str, where: str = "", low: int = 1) -> int:
    """A whole number in ``low .. LIMIT`` (not a bool, a float or a string of digits)."""
    at = f"{where}: " if where else ""
    if type(value) is not int:
        raise _fail(f"{at}{_shown(value)} is not a whole number", field, source)
    if not low <= value <= LIMIT:
        raise _fail(f"{at}{value if abs(value) < 10**12 else 'a huge number'} is not in {low} to {LIMIT}", field,
                    source)
    return value


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 24 else text[:21] + "..."


def _list(value: Any, field: str, source: str, where: str = "") -> list[Any]:
    if not isinstance(value, list):
        raise _fail(f"{where + ': ' if where else ''}{_shown(value)} is not a list", field, source)
    return value


def parse_movement(data: Any, source: str = "movement") -> Movement:
    """The movement in a parsed movement file; a BridgeError names the field, round and table of a fault."""
    if not isinstance(data, dict):
        raise _fail("a movement file holds one JSON object", "movement", source)
    unknown = sorted(str(k) for k in data if k not in KEYS)
    if unknown:
        shown = unknown[0].encode("unicode_escape").decode("ascii")[:40]  # a user's key, one line whatever it holds
        raise _fail(f"unknown field {shown!r}; the fields are {', '.join(KEYS)}", shown, source)
    for key in KEYS:
        if key not in data and key not in OPTIONAL:
            raise _fail("missing", key, source)
    if data["format"] != FORMAT:
        raise _fail(f"{_shown(data['format'])} is not {FORMAT!r}", "format", source)
    name, description = data["name"], data.get("description", "")
    if not isinstance(name, str) or not name.strip() or len(name) > 200:
        raise _fail(f"{_shown(name)} is not a name (text of 1 to 200 characters)", "name", source)
    if not isinstance(description, str):
        raise _fail(f"{_shown(description)} is not text", "description", source)
    kinds = [k.value for k in MovementKind]
    if data["kind"] not in kinds:
        raise _fail(f"{_shown(data['kind'])} is not one of {', '.join(kinds)}", "kind", source)
    if not isinstance(data["two_winners"], bool):
        raise _fail(f"{_shown(data['two_winners'])} is not true or false", "two_winners", source)
    tables, rounds, sets = (_int(data[k], k, source) for k in ("tables", "rounds", "sets"))
    bye = data.get("bye_stand")
    bye_stand = None if bye is None else _int(bye, "bye_stand", source)
    encounters = _rounds_table(data["rounds_table"], rounds, source)
    if "pairs" in data:
        pairs = [_int(p, "pairs", source) for p in _list(data["pairs"], "pairs", source)]
    else:
        pairs = sorted({p for e in encounters for p in (e.ns, e.ew)})
    shares = [_share(item, i, source) for i, item in enumerate(_list(data.get("shares", []), "shares", source), 1)]
    return Movement(name, MovementKind(data["kind"]), tables, rounds, tuple(pairs), sets, tuple(encounters),
                    tuple(shares), bye_stand, data["two_winners"], description)


def _share(item: Any, index: int, source: str) -> Share:
    field = f"shares[{index}]"
    if not isinstance(item, dict) or set(item) != {"round", "tables"}:
        raise _fail(f"{_shown(item)} is not {{\"round\": r, \"tables\": [a, b]}}", field, source)
    tables = [_int(t, field, source, "tables") for t in _list(item["tables"], field, source, "tables")]
    return Share(_int(item["round"], field, source, "round"), tuple(tables))


def _rounds_table(value: Any, rounds: int, source: str) -> list[Encounter]:
    field = "rounds_table"
    rows = _list(value, field, source)
    if len(rows) != rounds:
        raise _fail(f"{len(rows)} rounds listed, {rounds} declared", field, source)
    encounters = []
    for rnd, row in enumerate(rows, 1):
        for entry in _list(row, field, source, f"round {rnd}"):
            where = f"round {rnd}"
            if not isinstance(entry, list) or len(entry) not in (4, 5):
                raise _fail(f"{where}: {_shown(entry)} is not [table, ns, ew, set] or [table, ns, ew, set, \"arrow\"]",
                            field, source)
            table = _int(entry[0], field, source, f"{where}, table")
            where = f"round {rnd}, table {table}"
            ns, ew, board_set = (_int(v, field, source, f"{where}, {what}")
                                 for v, what in zip(entry[1:4], ("N-S pair", "E-W pair", "set"), strict=True))
            if len(entry) == 5 and entry[4] != "arrow":
                raise _fail(f"{where}: the fifth item is \"arrow\" or absent, not {_shown(entry[4])}", field, source)
            encounters.append(Encounter(rnd, table, ns, ew, board_set, len(entry) == 5))
    return encounters


def dumps_movement(movement: Movement) -> str:
    """The movement file's text: one line per field, one line per round."""
    data = movement.to_json()
    lines = [f"  {json.dumps(k)}: {json.dumps(v, ensure_ascii=False)}" for k, v in data.items() if k != "rounds_table"]
    rounds = [f"    {json.dumps(row, separators=(',', ':'))}" for row in data["rounds_table"]]
    return "{\n" + ",\n".join([*lines, '  "rounds_table": [\n' + ",\n".join(rounds) + "\n  ]"]) + "\n}\n"


def save_movement(movement: Movement, path: Path) -> Path:
    """Write the movement file (checked first)."""
    path.write_text(dumps_movement(movement.check()), encoding="utf-8")
    return path


def _folder() -> Any:
    return resources.files("bridge_director.club").joinpath("movements")


def shipped_movements() -> list[str]:
    """The shipped movement names, sorted by family then size (``howell-2`` before ``howell-10``)."""
    names = [p.name[:-5] for p in _folder().iterdir() if p.name.endswith(".json")]
    return sorted(names, key=lambda n: [int(w) if w.isdigit() else w for w in n.split("-")])


def load_movement(name_or_path: str | Path) -> Movement:
    """A shipped movement by name, or a movement file by path; a wrong name lists the shipped ones."""
    text = str(name_or_path)
    if text in shipped_movements():
        return _read(_folder().joinpath(text + ".json").read_text(encoding="utf-8"), f"movement {text}")
    path = Path(text)
    if path.is_file():
        try:
            content = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            raise BridgeError(f"cannot read {path}: {exc}", field="movement") from exc
        return _read(content, str(path))
    raise BridgeError(f"no movement {text[:60]!r}: neither a file nor a shipped movement "
                      f"({', '.join(shipped_movements())})", field="movement")


def _read(text: str, source: str) -> Movement:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ParseError(f"not JSON: {exc.msg} (in {source})", field="movement", line=exc.lineno) from exc
    except ValueError as exc:  # e.g. a number of thousands of digits
        raise ParseError(f"not readable JSON: {exc} (in {source})", field="movement") from exc
    return Movement.from_json(data, source)
