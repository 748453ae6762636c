"""A movement named as a director would say it: ``mitchell:7``, ``mitchell:8:relay``, ``howell:4``,
``3/4-howell:7``, ``teams``, a shipped movement's name, or the path of a movement file.

>>> movement_choice("howell:3").tables
3
"""

from __future__ import annotations

from pathlib import Path

from ..errors import BridgeError
from ..model.numbers import shown
from .movement import Movement, load_movement, shipped_movements
from .movement_gen import howell, mitchell, teams_match, three_quarter_howell

FORMS = "mitchell:N[:skip|:relay], howell:N, 3/4-howell:N, teams, a shipped name or a movement file"


def _tables(text: str) -> int:
    if not (text.isascii() and text.isdigit()) or len(text) > 3:
        raise BridgeError(f"the number of tables is a whole number of at most 3 digits, not {shown(text)}",
                          field="movement")
    return int(text)


def movement_choice(spec: str) -> Movement:
    """The movement ``spec`` names (generated, shipped or read from a file)."""
    text = spec.strip()
    kind, _, rest = text.lower().partition(":")
    if kind == "mitchell" and rest:
        count, _, even = rest.partition(":")
        return mitchell(_tables(count), even=even or "auto")
    if kind == "howell" and rest:
        return howell(_tables(rest))
    if kind in ("3/4-howell", "three-quarter-howell") and rest:
        return three_quarter_howell(_tables(rest))
    if kind == "teams" and not rest:
        return teams_match()
    if text in shipped_movements() or Path(text).suffix == ".json":
        return load_movement(text)
    raise BridgeError(f"not a movement: {spec[:40]!r}; write {FORMS}", field="movement")
