"""A Bridgemate control file (``.bws``) brought into a stored session: movement, pairs and names, deals, results.

Each section of the file becomes a section here.  Its movement is rebuilt from ``RoundData`` (who sits where in
each round and which boards they play), so the director can rule and rescore with the evening as it was played.
Bridgemate numbers a Mitchell's E-W pairs 1, 2, 3 ... like its N-S pairs; here pair numbers are unique in a
section, so E-W pair ``p`` of a Mitchell becomes pair ``n + p`` (``n`` the highest N-S number).  A movement is a
Mitchell when every table keeps its N-S pair in every round; otherwise each number is one pair (a Howell).
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

from sqlalchemy.orm import Session

from ..errors import BridgeError
from ..model import Deal
from ..register.models import Section
from .bridgemate import BwsFile, BwsRound, read_bws
from .movement import Encounter, Movement, MovementKind
from .movement_gen import shares_of
from .results import ResultIn, enter_result
from .setup import PlayerIn, add_pair, add_section, create_session, store_hand_records

UNKNOWN = "Unknown player"


def _mitchell(rounds: list[BwsRound]) -> bool:
    at_table: dict[int, set[int]] = defaultdict(set)
    for r in rounds:
        at_table[r.table].add(r.ns_pair)
    return all(len(pairs) == 1 for pairs in at_table.values())


def movement_from_rounds(letter: str, rounds: list[BwsRound]) -> tuple[Movement, int, int, int]:
    """The movement ``RoundData`` describes, its boards per round, its first board and the E-W number offset."""
    if not rounds:
        raise BridgeError(f"section {letter}: RoundData has no rounds", field="RoundData")
    if any(r.custom_boards for r in rounds):
        raise BridgeError(f"section {letter}: custom board lists in RoundData are not imported", field="CustomBoards")
    sizes = {r.high_board - r.low_board + 1 for r in rounds}
    if len(sizes) != 1 or min(sizes) < 1:
        raise BridgeError(f"section {letter}: every round must play the same number of boards", field="RoundData")
    per_round, first = sizes.pop(), min(r.low_board for r in rounds)
    if any((r.low_board - first) % per_round for r in rounds):
        raise BridgeError(f"section {letter}: board ranges do not fall in sets of {per_round}", field="LowBoard")
    mitchell = _mitchell(rounds)
    offset = max(r.ns_pair for r in rounds) if mitchell else 0
    encounters = tuple(Encounter(r.round, r.table, r.ns_pair, r.ew_pair + offset,
                                 (r.low_board - first) // per_round + 1) for r in rounds)
    pairs = sorted({p for e in encounters for p in (e.ns, e.ew)})
    movement = Movement(
        name=f"bridgemate-{letter.lower()}", kind=MovementKind.MITCHELL if mitchell else MovementKind.HOWELL,
        tables=max(e.table for e in encounters), rounds=max(e.round for e in encounters), pairs=tuple(pairs),
        sets=max(e.board_set for e in encounters), encounters=encounters, shares=shares_of(encounters),
        two_winners=mitchell, description=f"section {letter} as played, from a Bridgemate file")
    movement.check()
    return movement, per_round, first, offset


def _names(bws: BwsFile, letter: str, offset: int) -> dict[int, list[PlayerIn]]:
    names: dict[int, list[PlayerIn]] = defaultdict(list)
    for p in sorted(bws.players, key=lambda p: "NESW".index(p.direction) if p.direction in "NESW" else 4):
        if p.section != letter or p.pair is None:
            continue
        number = p.pair + (offset if p.direction in "EW" else 0)
        if len(names[number]) < 2:
            names[number].append(PlayerIn(p.name or UNKNOWN, p.number))
    return names


def import_bws(db: Session, path: str | Path, event: str, session_name: str) -> list[Section]:
    """Every section of the file as a section of the session ``session_name`` of ``event``, all or nothing."""
    bws = read_bws(path)
    session = create_session(db, event, session_name)
    sections = []
    for sec in bws.sections:
        rounds = [r for r in bws.rounds if r.section == sec.letter]
        movement, per_round, first, offset = movement_from_rounds(sec.letter, rounds)
        section = add_section(db, session, sec.letter, movement, per_round, first_board=first)
        names = _names(bws, sec.letter, offset)
        for number in movement.pairs:
            given = names.get(number, [])
            players = [*given, *[PlayerIn(UNKNOWN)] * (2 - len(given))]
            add_pair(db, section, number, players[0], players[1])
        store_hand_records(db, session, {b: Deal.from_pbn(text) for b, text in bws.deals(sec.letter).items()})
        for r in bws.results:
            if r.section != sec.letter:
                continue
            given_result = ResultIn("", status="not-played") if not r.contract else ResultIn(
                r.contract, r.declarer or "", r.tricks, r.lead)
            try:
                enter_result(db, section, r.round, r.table, r.board, given_result, ns=r.ns_pair,
                             ew=r.ew_pair + offset, by="bridgemate", check_lead=False)
            except BridgeError as err:
                raise BridgeError(f"ReceivedData row ID {r.id}: {err.message}", field=err.field, law=err.law) from None
        sections.append(section)
    return sections
