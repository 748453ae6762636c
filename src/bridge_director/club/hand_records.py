"""The session's hand records: one deal per board from a dealing machine's PBN file, checked against Law 2.

Dealer4/Duplimate, BigDeal and BridgeComposer write one game per board with ``Board``, ``Dealer``,
``Vulnerable`` and ``Deal`` tags.  A missing ``Dealer`` or ``Vulnerable`` is taken from the board number;
one that contradicts it is refused, as are two deals for one board number.  ``with_double_dummy`` adds the
double-dummy tricks and the par of each deal (endplay, the optional ``dd`` dependencies).

>>> deal = '[Deal "N:AKQJ.AKQ.AKQ.AKQ .98765432.T9876. T98765432.JT.J.J ..5432.T98765432"]'
>>> record = load_hand_records(f'[Board "6"]\\n{deal}\\n')[6]
>>> record.dealer, record.vulnerability, record.line, record.deal[Seat.NORTH].hcp
(Seat.EAST, Vulnerability.EW, 1, 37)
>>> load_hand_records(f'[Board "5"]\\n[Dealer "E"]\\n{deal}\\n')
Traceback (most recent call last):
...
bridge_director.errors.BridgeError: line 2, Dealer, Law 2: board 5: the file has East as dealer; Law 2 gives North
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from ..errors import BridgeError, DealError, ParseError
from ..io.pbn import PbnFile, PbnGame, load_pbn, read_pbn
from ..model.calls import Strain
from ..model.deal import Deal
from ..model.numbers import is_whole, shown
from ..model.seat import Seat, Vulnerability, board_dealer, board_vulnerability

__all__ = ["DoubleDummy", "HandRecord", "double_dummy_of", "load_hand_records", "with_double_dummy"]

# DoubleDummyTricks (PBN 2.1): declarers N, S, E, W, each with NT, S, H, D, C.
_PBN_SEATS = (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
_PBN_STRAINS = (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS)
_T = TypeVar("_T", Seat, Vulnerability)
_DOUBLING = {"passed": "", "undoubled": "", "doubled": "X", "redoubled": "XX"}


@dataclass(frozen=True, slots=True)
class DoubleDummy:
    """Double-dummy tricks of every strain and declarer, and the par: its score to NS and its contracts.

    ``tricks[strain][seat]`` is indexed by ``Strain`` (C, D, H, S, NT) and ``Seat`` (N, E, S, W).
    A par contract reads like ``4♠ by N``, ``4♥+1 by NS`` or ``5♦X-2 by E``.
    """

    tricks: tuple[tuple[int, int, int, int], ...]
    par_score: int
    par_contracts: tuple[str, ...]

    def tricks_for(self, strain: Strain, declarer: Seat) -> int:
        """Tricks taken double dummy by ``declarer`` in ``strain``."""
        return self.tricks[strain][declarer]

    def makes(self, strain: Strain, declarer: Seat) -> int | None:
        """The highest level ``declarer`` makes in ``strain`` (tricks − 6), or None under 7 tricks."""
        tricks = self.tricks_for(strain, declarer)
        return tricks - 6 if tricks >= 7 else None

    @property
    def par_text(self) -> str:
        """``Par +420: 4♠ by N`` (contracts joined by ``; ``)."""
        contracts = "; ".join(self.par_contracts) or "passed out"
        return f"Par {self.par_score:+d}: {contracts}" if self.par_score else f"Par 0: {contracts}"

    def pbn_tags(self) -> dict[str, str]:
        """The PBN 2.1 ``DoubleDummyTricks`` and ``OptimumScore`` tag values."""
        digits = "".join(f"{self.tricks_for(strain, seat):x}" for seat in _PBN_SEATS for strain in _PBN_STRAINS)
        return {"DoubleDummyTricks": digits, "OptimumScore": f"NS {self.par_score}"}


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One board of the session: its deal, dealer and vulnerability, the file line of its game, and DD analysis."""

    board: int
    deal: Deal
    dealer: Seat
    vulnerability: Vulnerability
    line: int | None = None
    dd: DoubleDummy | None = None


def load_hand_records(path_or_text: str | Path, *, check_law2: bool = True) -> dict[int, HandRecord]:
    """The deals of a session's PBN file (a path, or PBN text), by board number.

    Raises one BridgeError (law ``2``, the board, the tag as ``field`` and the file ``line``) for a game with a
    deal but no board number, a board without a complete deal, two different deals for one board, and, when
    ``check_law2``, a dealer or vulnerability that is not the board number's.  The same deal given twice
    (two tables of a result file) is kept once.
    """
    pbn = _read(path_or_text)
    records: dict[int, HandRecord] = {}
    previous: int | None = None
    for game in pbn.games:
        record = _record(game, check_law2, previous)
        if record is None:
            continue
        previous = record.board
        first = records.get(record.board)
        if first is None:
            records[record.board] = record
        elif first.deal != record.deal:
            raise BridgeError(f"board {record.board} is given twice with different deals "
                              f"(games at line {first.line} and line {record.line})",
                              field="Deal", line=game.line_of("Deal"), law="2")
    return dict(sorted(records.items()))


def _read(path_or_text: str | Path) -> PbnFile:
    if isinstance(path_or_text, str) and (path_or_text.lstrip().startswith(("[", "%")) or "\n" in path_or_text):
        return read_pbn(path_or_text, source="<text>")
    return load_pbn(path_or_text)


def _record(game: PbnGame, check_law2: bool, previous: int | None) -> HandRecord | None:
    board_text = game.tags.get("Board", "").strip()
    deal_text = game.tags.get("Deal", "").strip()
    if not board_text and not deal_text:
        return None  # a header game (Event, Site...) or a comment-only game
    if not board_text:
        where = f"the game after board {previous}" if previous is not None else "the first game"
        raise BridgeError(f"{where} has a deal but no board number", field="Board", line=game.line_of("Deal"),
                          law="2")
    line = game.line_of("Board")
    if not is_whole(board_text) or int(board_text) < 1:
        raise BridgeError(f"board {shown(board_text)}: not a board number", field="Board", line=line, law="2")
    number = int(board_text)
    if not deal_text:
        raise BridgeError(f"board {number} has no deal", field="Deal", line=line, law="2")
    try:
        deal = Deal.from_pbn(deal_text).require_complete()
    except BridgeError as err:
        kind = DealError if isinstance(err, DealError) else ParseError
        raise kind(f"board {number}: {err.message}", field="Deal", line=game.line_of("Deal"), law="2") from err
    dealer = _checked(game, number, "Dealer", board_dealer(number), Seat.parse, check_law2)
    vulnerability = _checked(game, number, "Vulnerable", board_vulnerability(number), Vulnerability.parse,
                             check_law2)
    return HandRecord(number, deal, dealer, vulnerability, line)


def _checked(game: PbnGame, number: int, name: str, by_law: _T, parse: Callable[[str], _T], check_law2: bool) -> _T:
    """The tag's value, or Law 2's when the tag is missing or empty; refuse one that contradicts Law 2."""
    text = game.tags.get(name, "").strip()
    if not text:
        return by_law
    line = game.line_of(name)
    try:
        value = parse(text)
    except BridgeError as err:
        raise BridgeError(f"board {number}: {err.message}", field=name, line=line, law="2") from err
    if check_law2 and value != by_law:
        raise BridgeError(f"board {number}: the file has {_name(value)} as {_what(name)}; "
                          f"Law 2 gives {_name(by_law)}", field=name, line=line, law="2")
    return value


def _what(tag: str) -> str:
    return "dealer" if tag == "Dealer" else "vulnerability"


def _name(value: Seat | Vulnerability) -> str:
    if isinstance(value, Seat):
        return value.name.title()
    return {Vulnerability.NONE: "none vulnerable", Vulnerability.NS: "NS vulnerable",
            Vulnerability.EW: "EW vulnerable", Vulnerability.BOTH: "all vulnerable"}[value]


def _endplay() -> tuple[Any, Any]:
    try:
        import endplay.dds as dds
        import endplay.types as types
    except ImportError:
        raise BridgeError("double-dummy analysis needs endplay: pip install 'bridge-director[dd]'",
                          field="endplay") from None
    return dds, types


def with_double_dummy(records: Mapping[int, HandRecord]) -> dict[int, HandRecord]:
    """The records with ``dd`` filled in, computed in batches (endplay's ``calc_all_tables``)."""
    dds, types = _endplay()
    numbers = sorted(records)
    batch = _batch_size()
    out: dict[int, HandRecord] = {}
    for start in range(0, len(numbers), batch):
        chunk = numbers[start:start + batch]
        tables = dds.calc_all_tables([types.Deal(records[n].deal.require_complete().to_pbn()) for n in chunk])
        for i, number in enumerate(chunk):
            record = records[number]
            out[number] = replace(record, dd=_analysis(dds, types, tables[i], record.dealer, record.vulnerability))
    return out


def double_dummy_of(deal: Deal, dealer: Seat, vulnerability: Vulnerability) -> DoubleDummy:
    """The double-dummy tricks and par of one complete deal."""
    dds, types = _endplay()
    table = dds.calc_dd_table(types.Deal(deal.require_complete().to_pbn()))
    return _analysis(dds, types, table, dealer, vulnerability)


def _batch_size() -> int:
    from endplay import _dds  # the DDS limit on tables of all five strains per call

    return int(_dds.MAXNOOFTABLES)


def _analysis(dds: Any, types: Any, table: Any, dealer: Seat, vulnerability: Vulnerability) -> DoubleDummy:
    tricks = tuple(tuple(int(table[types.Denom(_DENOM[strain]), types.Player(int(seat))]) for seat in Seat)
                   for strain in Strain)
    vul = {Vulnerability.NONE: types.Vul.none, Vulnerability.NS: types.Vul.ns, Vulnerability.EW: types.Vul.ew,
           Vulnerability.BOTH: types.Vul.both}[vulnerability]
    par = dds.par(table, vul, types.Player(int(dealer)))
    return DoubleDummy(tricks, int(par.score), _par_contracts(par))  # type: ignore[arg-type]


def _par_contracts(contracts: Iterable[Any]) -> tuple[str, ...]:
    """Par contracts as text, one line per contract with its declarers joined (``7NT by NS``)."""
    declarers: dict[str, list[Seat]] = {}
    for c in contracts:
        strain = Strain(_STRAIN[int(c.denom)])
        doubling = _DOUBLING.get(c.penalty.name, "")
        result = int(c.result)
        text = f"{int(c.level)}{strain.symbol}{doubling}{f'{result:+d}' if result else ''}"
        declarers.setdefault(text, []).append(Seat(int(c.declarer)))
    return tuple(f"{text} by {''.join(s.letter for s in sorted(set(seats)))}" for text, seats in declarers.items())


# our Strain order is C, D, H, S, NT; endplay's Denom is S, H, D, C, NT
_DENOM = {Strain.CLUBS: 3, Strain.DIAMONDS: 2, Strain.HEARTS: 1, Strain.SPADES: 0, Strain.NOTRUMP: 4}
_STRAIN = {denom: int(strain) for strain, denom in _DENOM.items()}
