"""A movement named as a director would say it: ``mitchell:7``, ``mitchell:8:relay``, ``howell:4``,
``3/4-howell:7``, ``teams``, a shipped movement's name, or the path of a movement file; and the shipped movements
offered grouped and described (``movement_menu``), as a scorer chooses one: tables, rounds, boards a round, who
moves.

>>> movement_choice("howell:3").tables
3
>>> [(group.name, len(group.offers)) for group in movement_menu()]
[('Mitchell', 19), ('Howell', 7), ('¾ Howell', 4), ('Teams', 5)]
>>> seven = next(o for o in movement_menu()[0].offers if o.spec == "mitchell-7")
>>> seven.label, seven.boards
('7 tables · 7 rounds · 14 pairs', '3 or 4 boards a round (21 or 28 boards)')
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import BridgeError
from ..model.numbers import shown
from .movement import Movement, MovementKind, load_movement, shipped_movements
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


# ----- the movements offered on the set-up form -----------------------------------------------------------------

#: the boards a club session usually plays: a movement's boards a round are offered to land in this range
SESSION_BOARDS = range(20, 31)


@dataclass(frozen=True, slots=True)
class MovementOffer:
    """A shipped movement as the set-up form offers it: ``spec`` is what the form sends."""

    spec: str
    tables: int
    rounds: int
    pairs: int
    sets: int
    variant: str  # "", "relay and bye-stand", "E-W skip after round 4", "2 sets", "round robin of 6 teams"
    description: str

    @property
    def label(self) -> str:
        """``7 tables · 7 rounds · 14 pairs``, with its variant when it has one."""
        parts = [f"{self.tables} tables", f"{self.rounds} round{'s' if self.rounds > 1 else ''}",
                 f"{self.pairs} pairs"]
        return " · ".join(parts + ([self.variant] if self.variant else []))

    @property
    def boards(self) -> str:
        """The boards a round that make a usual session (20 to 30 boards)."""
        return boards_a_round(self.rounds)


@dataclass(frozen=True, slots=True)
class MovementGroup:
    """A family of movements: its name, who moves in it, the generated form for another size (``mitchell``,
    ``howell``, ``3/4-howell``; empty: none) and the shipped movements offered."""

    name: str
    moves: str
    generated: str
    offers: tuple[MovementOffer, ...]


def boards_a_round(rounds: int) -> str:
    """The boards a round that make 20 to 30 boards in ``rounds`` rounds.

    >>> boards_a_round(7), boards_a_round(13), boards_a_round(5), boards_a_round(1)
    ('3 or 4 boards a round (21 or 28 boards)', '2 boards a round (26 boards)', '4 to 6 boards a round (20 to 30 \
boards)', 'any number of boards a round')
    """
    fits = [k for k in range(1, 37) if rounds * k in SESSION_BOARDS]
    if not fits or rounds < 2:
        return "any number of boards a round"
    if len(fits) == 1:
        return f"{fits[0]} boards a round ({rounds * fits[0]} boards)"
    joint = " or " if len(fits) == 2 else " to "
    return (f"{fits[0]}{joint}{fits[-1]} boards a round ({rounds * fits[0]}{joint}{rounds * fits[-1]} boards)")


GROUPS = (
    ("Mitchell", "N-S pairs stay at their table; E-W pairs move up one table and the boards down one each round; "
                 "N-S and E-W are ranked apart", "mitchell"),
    ("Howell", "every pair but the last moves each round as its table card says (the last pair stays at table 1); "
               "every pair meets every other; one ranking", "howell"),
    ("¾ Howell", "the first three quarters of a complete Howell's rounds: shorter, each pair meets most others; "
                 "one ranking", "3/4-howell"),
    ("Teams", "each team is two pairs; a match plays each set at two tables, N-S of one team against E-W of the "
              "other, and the boards change tables", ""),
)


def _group(movement: Movement, name: str) -> str:
    if movement.kind is MovementKind.TEAMS:
        return "Teams"
    if movement.kind is MovementKind.MITCHELL:
        return "Mitchell"
    return "¾ Howell" if "three-quarter" in name else "Howell"


def _variant(movement: Movement, name: str) -> str:
    if movement.kind is MovementKind.TEAMS:
        teams = len(movement.pairs) // 2
        return f"round robin of {teams} teams" if "round-robin" in name else \
            f"a match, {movement.sets} set{'s' if movement.sets > 1 else ''}"
    if name.endswith("-relay"):
        return f"relay and bye-stand between tables {movement.bye_stand} and {(movement.bye_stand or 0) + 1}" \
            if movement.bye_stand else "relay"
    if name.endswith("-skip"):
        return f"E-W skip a table after round {movement.tables // 2}"
    return ""


@lru_cache(maxsize=1)
def movement_menu() -> tuple[MovementGroup, ...]:
    """The shipped movements grouped (Mitchell, Howell, ¾ Howell, Teams), each by its number of tables."""
    found: dict[str, list[MovementOffer]] = {name: [] for name, _, _ in GROUPS}
    for name in shipped_movements():
        movement = load_movement(name)
        found[_group(movement, name)].append(MovementOffer(
            name, movement.tables, movement.rounds, len(movement.pairs), movement.sets, _variant(movement, name),
            movement.description))
    return tuple(MovementGroup(name, moves, generated,
                               tuple(sorted(found[name], key=lambda o: (o.tables, o.rounds, o.sets, o.spec))))
                 for name, moves, generated in GROUPS)
