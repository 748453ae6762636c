"""A movement as data: who sits where, against whom, and with which board set, round by round.

A movement names its pairs by number, unique within a section; in a Mitchell the N-S pairs are 1..n and the
E-W pairs n+1..2n.  Board set ``s`` (1-based) holds boards ``(s-1)*k+1 .. s*k`` at ``k`` boards a round.  A pair
of the movement missing from the entry sits out: the session layer treats its encounters as sit-outs.

>>> m = Movement("tiny", MovementKind.MITCHELL, tables=1, rounds=1, pairs=(1, 2), sets=1,
...              encounters=(Encounter(1, 1, 1, 2, 1),), two_winners=True)
>>> m.at(1, 1), m.opponents(2, 1), m.boards(1, 3, first_board=10), m.validate()
(Encounter(round=1, table=1, ns=1, ew=2, board_set=1, arrow_switch=False), 1, range(10, 13), ())
>>> Movement.from_json(m.to_json()) == m
True
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import Any

from ..errors import BridgeError

FORMAT = "bridge-director-movement/1"


class MovementKind(Enum):
    """The family of a movement: how the scorer ranks it and what the cards say."""

    MITCHELL = "mitchell"
    HOWELL = "howell"
    TEAMS = "teams"

    def __repr__(self) -> str:
        return f"MovementKind.{self.name}"


@dataclass(frozen=True, slots=True)
class Encounter:
    """One table in one round: the pairs as they sit (after an arrow switch) and the board set in play."""

    round: int
    table: int
    ns: int
    ew: int
    board_set: int
    arrow_switch: bool = False

    def side_of(self, pair: int) -> str | None:
        """``"NS"``, ``"EW"`` or None when the pair is not at this table."""
        return "NS" if pair == self.ns else "EW" if pair == self.ew else None


@dataclass(frozen=True, slots=True)
class Share:
    """A declared share: in ``round`` the ``tables`` play the same board set (a relay, or a teams match)."""

    round: int
    tables: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "tables", tuple(sorted(self.tables)))


@dataclass(frozen=True)
class Movement:
    """A whole movement.  Encounters are kept in (round, table) order, pairs and shares sorted.

    ``bye_stand`` is the table after which a bye-stand stands (sets resting between two tables), or None;
    ``two_winners`` says whether N-S and E-W are ranked apart.
    """

    name: str
    kind: MovementKind
    tables: int
    rounds: int
    pairs: tuple[int, ...]
    sets: int
    encounters: tuple[Encounter, ...]
    shares: tuple[Share, ...] = ()
    bye_stand: int | None = None
    two_winners: bool = False
    description: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "pairs", tuple(sorted(self.pairs)))
        object.__setattr__(self, "encounters", tuple(sorted(self.encounters, key=lambda e: (e.round, e.table))))
        object.__setattr__(self, "shares", tuple(sorted(self.shares, key=lambda s: (s.round, s.tables))))

    def __repr__(self) -> str:
        return (f"Movement(name={self.name!r}, kind={self.kind!r}, tables={self.tables}, rounds={self.rounds}, "
                f"sets={self.sets}, pairs={len(self.pairs)}, encounters={len(self.encounters)})")

    @cached_property
    def _by_place(self) -> dict[tuple[int, int], Encounter]:
        return {(e.round, e.table): e for e in self.encounters}

    @cached_property
    def _by_pair(self) -> dict[int, tuple[Encounter, ...]]:
        found: dict[int, list[Encounter]] = defaultdict(list)
        for e in self.encounters:
            found[e.ns].append(e)
            found[e.ew].append(e)
        return {p: tuple(es) for p, es in found.items()}

    def at(self, round: int, table: int) -> Encounter | None:
        """The encounter at ``table`` in ``round`` (None when the table is empty)."""
        return self._by_place.get((round, table))

    def in_round(self, round: int) -> tuple[Encounter, ...]:
        """The round's encounters in table order."""
        return tuple(e for e in self.encounters if e.round == round)

    def of_pair(self, pair: int) -> tuple[Encounter, ...]:
        """The pair's encounters in round order."""
        return self._by_pair.get(pair, ())

    def seat(self, pair: int, round: int) -> Encounter | None:
        """Where the pair plays in ``round`` (None: it has no table that round)."""
        return next((e for e in self.of_pair(pair) if e.round == round), None)

    def opponents(self, pair: int, round: int) -> int | None:
        """The pair's opponents in ``round``."""
        e = self.seat(pair, round)
        return None if e is None else e.ew if e.ns == pair else e.ns

    def tables_with(self, board_set: int, round: int) -> tuple[int, ...]:
        """The tables that play ``board_set`` in ``round``."""
        return tuple(e.table for e in self.encounters if e.round == round and e.board_set == board_set)

    def boards(self, board_set: int, boards_per_round: int, first_board: int = 1) -> range:
        """The board numbers of a set: set ``s`` covers ``first + (s-1)*k .. first + s*k - 1``."""
        if not 1 <= board_set <= self.sets:
            raise BridgeError(f"board set {board_set} is not one of 1 to {self.sets}", field="board_set")
        if boards_per_round < 1 or first_board < 1:
            raise BridgeError("boards per round and the first board are at least 1", field="boards_per_round")
        start = first_board + (board_set - 1) * boards_per_round
        return range(start, start + boards_per_round)

    def board_count(self, boards_per_round: int) -> int:
        """How many boards the movement needs."""
        return self.sets * boards_per_round

    def validate(self) -> tuple[str, ...]:
        """Every problem found, in a stable order; empty when the movement is sound."""
        problems: list[str] = []
        for what, value in (("tables", self.tables), ("rounds", self.rounds), ("sets", self.sets)):
            if value < 1:
                problems.append(f"{what} is {value}; it must be at least 1")
        if len(set(self.pairs)) != len(self.pairs):
            problems.append("a pair number is listed twice in pairs")
        known = set(self.pairs)
        places: Counter[tuple[int, int]] = Counter()
        seen_round: set[tuple[int, int]] = set()
        seen_set: set[tuple[int, int]] = set()
        for e in self.encounters:
            where = f"round {e.round}, table {e.table}"
            places[(e.round, e.table)] += 1
            if places[(e.round, e.table)] == 2:
                problems.append(f"{where}: two encounters at the same table")
            if not 1 <= e.round <= self.rounds:
                problems.append(f"{where}: round not in 1 to {self.rounds}")
            if not 1 <= e.table <= self.tables:
                problems.append(f"{where}: table not in 1 to {self.tables}")
            if not 1 <= e.board_set <= self.sets:
                problems.append(f"{where}: board set {e.board_set} not in 1 to {self.sets}")
            if e.ns == e.ew:
                problems.append(f"{where}: pair {e.ns} plays against itself")
            for pair in dict.fromkeys((e.ns, e.ew)):
                if pair not in known:
                    problems.append(f"{where}: pair {pair} is not in the movement's pairs")
                if (pair, e.round) in seen_round:
                    problems.append(f"{where}: pair {pair} plays twice in round {e.round}")
                if (pair, e.board_set) in seen_set:
                    problems.append(f"{where}: pair {pair} plays board set {e.board_set} a second time")
                seen_round.add((pair, e.round))
                seen_set.add((pair, e.board_set))
        problems += self._share_problems()
        return tuple(problems)

    def _share_problems(self) -> list[str]:
        problems: list[str] = []
        declared: dict[int, list[set[int]]] = defaultdict(list)
        for share in self.shares:
            declared[share.round].append(set(share.tables))
            sets = {e.board_set for t in share.tables if (e := self.at(share.round, t)) is not None}
            if not 1 <= share.round <= self.rounds or len(share.tables) < 2:
                problems.append(f"share {share.round} {list(share.tables)}: needs a round in 1 to {self.rounds} "
                                "and two tables or more")
            elif len(sets) > 1:
                problems.append(f"round {share.round}: tables {_listed(share.tables)} are declared to share a set "
                                f"but play sets {_listed(sorted(sets))}")
        tables_of: dict[tuple[int, int], list[int]] = defaultdict(list)
        for e in self.encounters:
            tables_of[(e.round, e.board_set)].append(e.table)
        for (rnd, board_set), tables in sorted(tables_of.items()):
            if len(tables) > 1 and not any(set(tables) <= group for group in declared[rnd]):
                problems.append(f"round {rnd}: board set {board_set} is at tables {_listed(tables)}, "
                                "which are not declared to share it")
        return problems

    def check(self) -> Movement:
        """The movement itself when sound; else a BridgeError naming the first problem."""
        problems = self.validate()
        if problems:
            more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
            raise BridgeError(f"{self.name}: {problems[0]}{more}", field="movement")
        return self

    def to_json(self) -> dict[str, Any]:
        """The movement file's content (``docs/movements.md``)."""
        table: list[list[list[int | str]]] = [[] for _ in range(max(self.rounds, 0))]
        for e in self.encounters:
            row: list[int | str] = [e.table, e.ns, e.ew, e.board_set]
            table[e.round - 1].append([*row, "arrow"] if e.arrow_switch else row)
        return {"format": FORMAT, "name": self.name, "kind": self.kind.value, "tables": self.tables,
                "rounds": self.rounds, "sets": self.sets, "pairs": list(self.pairs), "two_winners": self.two_winners,
                "bye_stand": self.bye_stand, "description": self.description,
                "shares": [{"round": s.round, "tables": list(s.tables)} for s in self.shares],
                "rounds_table": table}

    @classmethod
    def from_json(cls, data: Any, source: str = "movement", *, check: bool = True) -> Movement:
        """Read a movement file's content; a BridgeError names the bad field (and round and table)."""
        from .movement_file import parse_movement

        movement = parse_movement(data, source)
        return movement.check() if check else movement


def _listed(numbers: Iterable[int]) -> str:
    items = [str(n) for n in numbers]
    return ", ".join(items[:-1]) + " and " + items[-1] if len(items) > 1 else "".join(items)


def load_movement(name_or_path: str) -> Movement:
    """A shipped movement by name (``shipped_movements()``) or a movement file by path."""
    from .movement_file import load_movement as load

    return load(name_or_path)


def shipped_movements() -> list[str]:
    """The names of the movements shipped in ``club/movements/``, sorted."""
    from .movement_file import shipped_movements as shipped

    return shipped()
