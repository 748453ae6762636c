"""Traveller files read: PBN score tables, CSV and USEBIO (``score_csv`` writes them).

CSV columns (header row, any order): ``board, ns, ew`` and either ``score`` (NS points; ``ns_score`` is read the
same) or ``contract, declarer, tricks`` (with a score they are kept as given, and so is ``lead``); an artificial
line leaves them empty and gives ``ns_award, ew_award`` (percent at matchpoints, IMPs otherwise).  Adjusted lines
(see ``scoring.event.Result``) add ``ew_score`` (a split score: E-W scored as if N-S had scored this), ``outcomes`` (a
weighted score, no ``score``: ``1430@0.3;680@0.4;650@0.2;-100@0.1``, N-S score at weight), ``group`` (the results
of a fouled board played on the same cards) and ``note``.  A file without these columns reads as before.

PBN score tables are read the same way: ``Score_NS`` is an N-S score, a letter award (``A+ A= A-``), a percentage
award (``A60``, ``A66.67``) or a weighted score's outcomes as above; a ``Score_EW`` that is not minus ``Score_NS``
makes a split score; ``Group`` and ``Note`` columns, where present, give the line's group and note.
"""

from __future__ import annotations

import contextlib
import io
import os
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from ..errors import BridgeError, ParseError
from ..model.numbers import BOARD_LIMIT, MAX_DIGITS, POINTS_LIMIT, SCORE_LIMIT, check_score, is_whole, real, whole
from ..scoring.event import PASSED_OUT, Method, Result, ResultColumns, TravellerColumns, checked_columns
from ..scoring.outcomes import AWARD_LIMIT, AWARDS, award, parse_outcomes

if TYPE_CHECKING:
    import csv
    from pathlib import Path

    from .pbn import PbnGame


def _int(text: str, field: str, line: int) -> int:
    """A whole number in ASCII digits (``model.numbers``): a board in 1..999, tricks in 0..13, a score Law 77 allows."""
    if field.lower() == "board":
        return whole(text, field, line=line, low=1, high=BOARD_LIMIT)
    if field == "tricks":
        return whole(text, field, line=line, low=0, high=13)
    return check_score(whole(text, field, line=line), field, line=line)


def _float(text: str, field: str, line: int) -> float:
    return real(text, field, line=line, low=-AWARD_LIMIT, high=AWARD_LIMIT)


def _cells(reader: csv.DictReader[str], row: dict[str | Any, Any], what: str) -> dict[str, str]:
    """A CSV line's cells by lower-case column name; a line with more cells than the header is refused."""
    extra = row.get(None)
    if extra:
        raise ParseError(f"{len(reader.fieldnames or []) + len(extra)} cells where the header has "
                         f"{len(reader.fieldnames or [])} columns (a {what} with a comma not in quotes?)",
                         field="csv", line=reader.line_num)
    return {k.strip().lower(): (v or "").strip() for k, v in row.items() if isinstance(k, str)}


def results_from_csv(text: str) -> list[Result]:
    """Traveller lines from CSV text (see the module docstring for the columns)."""
    import csv  # the full reader's: a plain file is read without it (``plain_columns``)

    reader = csv.DictReader(io.StringIO(text))
    try:
        names = {n.strip().lower() for n in reader.fieldnames or []}
    except csv.Error as err:
        raise ParseError(f"not CSV: {err}", field="header", line=1) from None
    if not {"board", "ns", "ew"} <= names:
        raise ParseError("a traveller CSV needs the columns board, ns, ew", field="header", line=1)
    out = []
    rows = iter(reader)
    while True:
        try:
            row = next(rows)
        except StopIteration:
            break
        except csv.Error as err:
            raise ParseError(f"not CSV: {err}", field="csv", line=reader.line_num) from None
        line = reader.line_num
        cell = _cells(reader, row, "name")
        try:
            out.append(_csv_line(cell, line))
        except BridgeError as err:
            if isinstance(err, ParseError) and err.line is not None:
                raise
            raise ParseError(err.message, field=err.field or "score", line=line) from None
    return out


def _csv_line(cell: dict[str, str], line: int) -> Result:
    board = _int(cell["board"], "board", line)
    ns, ew, note = cell["ns"], cell["ew"], cell.get("note", "")
    tricks = _int(cell["tricks"], "tricks", line) if cell.get("tricks") else None
    score = cell.get("score") or cell.get("ns_score")
    if cell.get("outcomes"):
        result = Result(board, ns, ew, _int(score, "score", line) if score else None,  # a score as well: refused
                        outcomes=parse_outcomes(cell["outcomes"], "outcomes", line),
                        contract=cell.get("contract", ""), declarer=cell.get("declarer", ""), tricks=tricks,
                        lead=cell.get("lead", ""), note=note)
    elif cell.get("ns_award") and cell.get("ew_award") and not score and not cell.get("contract"):
        result = Result(board, ns, ew, ns_award=_float(cell["ns_award"], "ns_award", line),
                        ew_award=_float(cell["ew_award"], "ew_award", line), note=note)
    elif score:
        result = Result(board, ns, ew, _int(score, "score", line), contract=cell.get("contract", ""),
                        declarer=cell.get("declarer", ""), tricks=tricks, lead=cell.get("lead", ""), note=note)
    elif cell.get("contract"):
        result = replace(Result.played(board, ns, ew, cell["contract"], cell.get("declarer", ""), tricks,
                                       cell.get("lead", "")), note=note)
    else:
        raise ParseError("a line needs a score, a contract, outcomes, or ns_award and ew_award", field="score",
                         line=line)
    ew_score = _int(cell["ew_score"], "ew_score", line) if cell.get("ew_score") else None
    if ew_score is not None or cell.get("group"):
        result = replace(result, ew_score=ew_score, group=cell.get("group", ""))
    return result


def results_from_pbn(path: str | Path) -> list[Result]:
    """Traveller lines from the ``ScoreTable`` of each board of a PBN file.

    Uses PairId_NS / PairId_EW and Score_NS / Score_EW (or Score), falling back to Contract, Declarer and Result;
    ``A+``, ``A=``, ``A-`` and percentages (``A60``) become artificial awards, a weighted score's outcomes
    (``1430@0.3;680@0.7``) a weighted line, a Score_EW that is not minus Score_NS a split score; lines with no
    pair (a sit-out) are left out.
    A file with no ScoreTable at all but a game per table (as BBO writes a pairs tournament) is read game by game:
    each pair is its two players' names, and a game with no Contract (not played) is left out.
    """
    return [ln.result for ln in pbn_lines(path)]


class PbnLine(NamedTuple):
    """A ScoreTable line and the points the file gives each side (``MP_NS``/``MP_EW`` or ``IMP_NS``/``IMP_EW``;
    None where the file has none)."""

    result: Result
    ns_points: float | None
    ew_points: float | None


def _points(row: dict[str, str], side: str) -> float | None:
    for unit in ("MP", "IMP"):
        text = row.get(f"{unit}_{side}", "").strip('"')
        if text and text != "-":
            try:
                return real(text, f"{unit}_{side}", low=-POINTS_LIMIT, high=POINTS_LIMIT)
            except ParseError:
                return None
    return None


def pbn_lines(path: str | Path) -> list[PbnLine]:
    """:func:`results_from_pbn` with the points each line carries in the file, as they are written."""
    from .pbn import load_pbn  # the PBN reader; imported here so CSV and USEBIO need nothing from it

    out: list[PbnLine] = []
    pbn = load_pbn(path)
    for game in pbn.games:
        table = game.table("ScoreTable")
        if table is None:
            continue
        board_text = game.tags.get("Board", "")
        line = game.line_of("ScoreTable")
        board = _int(board_text, "Board", game.line_of("Board"))
        for offset, row in enumerate(table.dicts(), start=1):
            ns, ew = row.get("PairId_NS", "").strip('"'), row.get("PairId_EW", "").strip('"')
            if ns in {"", "-"} or ew in {"", "-"}:
                continue
            out.append(PbnLine(_pbn_line(board, ns, ew, row, line + offset), _points(row, "NS"), _points(row, "EW")))
    if not out:
        out = [PbnLine(r, None, None) for r in (_game_line(game) for game in pbn.games) if r is not None]
    if not out:
        raise ParseError(f"{path}: no ScoreTable with PairId_NS / PairId_EW columns, and no game with a Contract "
                         "and the players' names", field="ScoreTable")
    return out


def _partnership(game: PbnGame, first: str, second: str) -> str:
    """A partnership named by its two players, in one order whichever way round they sat."""
    names = [game.tags.get(seat, "").strip() for seat in (first, second)]
    if not all(names):
        raise ParseError(f"board {game.tags.get('Board', '?')}: a result without a ScoreTable needs the {first} and "
                         f"{second} names to tell the pairs apart", field=first, line=game.line)
    return " & ".join(sorted(names, key=str.casefold))


def _game_line(game: PbnGame) -> Result | None:
    """One table's result from a game's own tags (files with a game per table and no ScoreTable, as BBO writes
    them): pairs from the players' names, the score from Contract, Declarer, Result and the Vulnerable tag.
    A game with no Contract recorded no result at that table and gives None."""
    from ..model.contract import Contract
    from ..model.seat import Seat, Vulnerability, board_vulnerability
    from .pbn_board import parse_result

    contract = game.tags.get("Contract", "").strip().lstrip("^")
    if contract in ("", "?"):  # PBN 2.1: empty or "?" is unknown: no result at that table
        return None
    board = _int(game.tags.get("Board", ""), "Board", game.line_of("Board"))
    ns, ew = _partnership(game, "North", "South"), _partnership(game, "East", "West")
    if contract.upper() in PASSED_OUT:
        return Result(board, ns, ew, 0, contract="PASS")
    try:
        declarer = Seat.parse(game.tags.get("Declarer", "").strip().lstrip("^"))
        tricks = parse_result(game.tags.get("Result", ""), declarer, game.line_of("Result"))
        if tricks is None:
            raise ParseError(f"board {board}: contract {contract} has no Result", field="Result")
        made = Contract.parse(contract, declarer)
        vul_text = game.tags.get("Vulnerable", "").strip()
        vul = Vulnerability.parse(vul_text) if vul_text else board_vulnerability(board)
    except BridgeError as err:
        line = err.line or game.line_of("Contract")
        raise ParseError(err.message, field=err.field or "Contract", line=line) from None
    return Result(board, ns, ew, made.score_ns(tricks, vul), contract=made.pbn, declarer=made.declarer.letter,
                  tricks=tricks)


def _award_note(ns_text: str, ew_text: str, ns: float, ew: float) -> str:
    """The note of an award read from PBN: the letters (``A+/A-``), else USEBIO's ``A6040`` when both are whole
    percentages (scoring at IMPs reads either as percentages), else the two markers as written."""
    if ns_text in AWARDS and ew_text in AWARDS:
        return f"{ns_text}/{ew_text}"
    if ns.is_integer() and ew.is_integer() and 0 <= ns < 100 and 0 <= ew < 100:
        return f"A{int(ns):02d}{int(ew):02d}"
    return f"{ns_text}/{ew_text}"


def _cell(row: dict[str, str], name: str) -> str:
    text = row.get(name, "").strip('"')
    return "" if text == "-" else text


def _pbn_line(board: int, ns: str, ew: str, row: dict[str, str], line: int) -> Result:
    ns_text, ew_text = _cell(row, "Score_NS"), _cell(row, "Score_EW")
    note, group = _cell(row, "Note"), _cell(row, "Group")
    ns_award, ew_award = award(ns_text), award(ew_text)
    try:
        if ns_award is not None or ew_award is not None:
            ns_pct = 50.0 if ns_award is None else ns_award
            ew_pct = 50.0 if ew_award is None else ew_award
            return Result(board, ns, ew, ns_award=ns_pct, ew_award=ew_pct,
                          note=_award_note(ns_text, ew_text, ns_pct, ew_pct))
        contract, declarer = _cell(row, "Contract"), _cell(row, "Declarer")
        if "@" in ns_text:
            return Result(board, ns, ew, outcomes=parse_outcomes(ns_text, "Score_NS", line), note=note, group=group)
        ew_score: int | None = None
        if ns_text:
            score = _int(ns_text, "Score_NS", line)
            if ew_text and -_int(ew_text, "Score_EW", line) != score:
                ew_score = -_int(ew_text, "Score_EW", line)  # a split score: E-W's own score differs
        elif ew_text:
            score = -_int(ew_text, "Score_EW", line)
        elif _cell(row, "Score"):
            text = _cell(row, "Score").split()
            score = _int(text[-1], "Score", line) * (-1 if text[0].upper() == "EW" else 1)
        else:
            result = _cell(row, "Result")
            tricks = whole(result, "Result", line=line, low=0, high=13) if is_whole(result) else None
            played = Result.played(board, ns, ew, contract, declarer, tricks)
            return replace(played, note=note, group=group) if note or group else played
        tricks_text = _cell(row, "Result")
        tricks = whole(tricks_text, "Result", line=line, low=0, high=13) if is_whole(tricks_text) and contract \
            and contract.upper() not in PASSED_OUT else None
        return Result(board, ns, ew, score, contract=contract, declarer=declarer, tricks=tricks, note=note,
                      ew_score=ew_score, group=group)
    except BridgeError as err:
        if isinstance(err, ParseError):
            raise
        raise ParseError(err.message, field=err.field or "ScoreTable", line=line) from None


def pbn_method(path: str | Path) -> Method | None:
    """The scoring method a PBN file's ``Scoring`` tag names (``MP``, ``IMP;Cross``, ``Butler``), if any."""
    from .pbn import load_pbn

    for game in load_pbn(path).games:
        words = {w.strip().lower() for w in game.tags.get("Scoring", "").replace(",", ";").split(";")}
        if "butler" in words:
            return Method.BUTLER
        if "cross" in words or ("imp" in words and "mp" not in words):
            return Method.CROSS_IMPS
        if words & {"mp", "matchpoints", "mp1", "mp2"}:
            return Method.MATCHPOINTS
    return None


#: the columns of a plain traveller file (``ns_score`` may stand for ``score``)
PLAIN_COLUMNS = (frozenset({"board", "ns", "ew", "score"}), frozenset({"board", "ns", "ew", "ns_score"}))
#: what ``str.strip`` takes off an ASCII cell
_ASCII_SPACE = " \t\x0b\x0c\x1c\x1d\x1e\x1f"


def plain_columns(path: str | Path) -> ResultColumns | None:
    """A plain traveller CSV (the columns ``board, ns, ew, score`` in any order and case, ``ns_score`` for
    ``score``) as columns, read in a few passes over the text instead of a ``Result`` a line; None for any other
    file, which :func:`load_results` reads (and refuses, naming the line, where something is wrong).

    Only what the full reader reads the same way is taken: UTF-8, no quotes and no blank line, four cells on every
    line, boards of 1 to 999 and scores Law 77 allows written in ASCII digits.  A pair's name is one string
    however many lines name it.
    """
    if not os.fspath(path).lower().endswith(".csv"):  # pathlib is not loaded for this
        return None
    try:
        with open(path, "rb") as file:
            text = file.read().removeprefix(b"\xef\xbb\xbf").decode("utf-8")  # a BOM dropped, as io.text does
    except (OSError, UnicodeDecodeError):
        return None
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    head, _, body = text.partition("\n")
    body = body.removesuffix("\n")
    names = [name.strip().lower() for name in head.split(",")]
    if len(names) != 4 or frozenset(names) not in PLAIN_COLUMNS or not body or any(
            mark in text for mark in ('"', "\r", "\x00", "\n\n")):
        return None
    cells = body.replace("\n", ",\n,").split(",")  # a line's end is a cell of its own: the fifth of each line
    lines = body.count("\n") + 1
    if len(cells) != 5 * lines - 1 or cells[4::5].count("\n") != lines - 1:
        return None  # a line of more or fewer than four cells (each line's end is a cell "\n", and no other is)
    column = {name: cells[at::5] for at, name in enumerate(names)}
    plain = body.isascii() and "_" not in body  # then no cell has what int reads and whole does not
    board = _plain_numbers(column["board"], 1, BOARD_LIMIT, plain)
    score = _plain_numbers(column.get("score") or column["ns_score"], -SCORE_LIMIT, SCORE_LIMIT, plain)
    if board is None or score is None:
        return None
    if not body.isascii() or any(space in body for space in _ASCII_SPACE):
        column["ns"], column["ew"] = [c.strip() for c in column["ns"]], [c.strip() for c in column["ew"]]
    ns_names: dict[str, str] = {}
    ew_names: dict[str, str] = {}
    return checked_columns(board, tuple(map(ns_names.setdefault, column["ns"], column["ns"])),
                           tuple(map(ew_names.setdefault, column["ew"], column["ew"])), score)


def _plain_numbers(cells: list[str], low: int, high: int, plain: bool) -> tuple[int, ...] | None:
    """Whole numbers in ``low..high`` as :func:`~..model.numbers.whole` reads them, or None where any cell is not one
    that ``int`` reads the same way (``int`` also takes ``1_000``, other scripts' digits, or a hundred digits);
    ``plain``: the cells are known to be ASCII without ``_``."""
    if not plain:
        joined = ",".join(cells)
        if not joined.isascii() or "_" in joined:
            return None
    distinct = set(cells)
    if max(map(len, distinct)) > MAX_DIGITS:
        return None
    try:
        value = {cell: int(cell) for cell in distinct}  # a column repeats its few values: each is read once
    except ValueError:
        return None
    if not (low <= min(value.values()) and max(value.values()) <= high):
        return None
    return tuple(map(value.__getitem__, cells))


#: the columns :func:`_csv_line` reads (a file's other columns are read by neither reader)
_LINE_COLUMNS = frozenset({"board", "ns", "ew", "score", "ns_score", "ns_award", "ew_award", "contract", "declarer",
                           "tricks", "lead", "note", "ew_score", "outcomes", "group"})


def traveller_columns(text: str) -> TravellerColumns | None:
    """A traveller CSV's lines (see the module docstring) as columns, or None where only the full reader
    (:func:`results_from_csv`) may say what the file holds; it then reads the file or refuses it, naming the line.

    A plain line (a board, two pairs and a score, the file's other columns empty) is read by columns, as
    :func:`plain_columns` reads one, and a line with anything more (awards, a contract, a note...) by the full
    reader's own :func:`_csv_line`: the lines are the full reader's, to the last field.  None for a file with
    quotes, a blank line, a carriage return alone, a NUL, a cell beyond the ``csv`` module's limit, a line of
    more or fewer cells than the header, a column named twice, a plain line whose board or score is not ASCII
    digits in range, or a line the full reader refuses: each is read (or refused) by the full reader.

    >>> columns = traveller_columns("board,ns,ew,score,ns_award,ew_award\\n1,1,2,420,,\\n1,3,4,,60,40\\n")
    >>> columns.board, columns.score, columns.odd[1].ns_award
    ((1, 1), (420, None), 60.0)
    """
    import csv  # its limit on a cell's length

    if "\r" in text:
        text = text.replace("\r\n", "\n")
    head, _, body = text.partition("\n")
    body = body.removesuffix("\n")
    names = [name.strip().lower() for name in head.split(",")]
    known = [name for name in names if name in _LINE_COLUMNS]
    if (len(set(known)) != len(known) or not {"board", "ns", "ew"} <= set(known)
            or ("score" in known and "ns_score" in known) or not body
            or any(mark in text for mark in ('"', "\r", "\x00", "\n\n"))):
        return None
    width = len(names)
    cells = body.replace("\n", ",\n,").split(",")  # a line's end is a cell of its own, after each line's cells
    lines = body.count("\n") + 1
    if len(cells) != (width + 1) * lines - 1 or cells[width::width + 1].count("\n") != lines - 1:
        return None  # a line of more or fewer cells than the header
    limit = csv.field_size_limit()
    if len(body) >= limit and max(map(len, body.split("\n"))) >= limit and max(map(len, cells)) >= limit:
        return None
    column = {name: cells[at::width + 1] for at, name in enumerate(names) if name in _LINE_COLUMNS}
    score_name = "score" if "score" in column else "ns_score" if "ns_score" in column else ""
    odd = set(range(lines)) if not score_name else set(_blank(column[score_name], True))  # no score
    for name in column.keys() - {"board", "ns", "ew", score_name}:
        odd.update(_blank(column[name], False))  # a cell a plain line does not have: the line is read whole
    plain = body.isascii() and "_" not in body
    board = _plain_numbers(column["board"], 1, BOARD_LIMIT, plain)
    if board is None:
        return None
    score: list[int | None] = [None] * lines
    if len(odd) < lines:
        scores = column[score_name]
        if odd:  # an odd line's score is the full reader's: a zero stands for it here
            scores = list(scores)
            for i in odd:
                scores[i] = "0"
        read = _plain_numbers(scores, -SCORE_LIMIT, SCORE_LIMIT, plain)
        if read is None:
            return None
        score = list(read)
    if not body.isascii() or any(space in body for space in _ASCII_SPACE):
        column["ns"], column["ew"] = [c.strip() for c in column["ns"]], [c.strip() for c in column["ew"]]
    ns_names: dict[str, str] = {}
    ew_names: dict[str, str] = {}
    ns = list(map(ns_names.setdefault, column["ns"], column["ns"]))
    ew = list(map(ew_names.setdefault, column["ew"], column["ew"]))
    boards = list(board)
    found: dict[int, Result] = {}
    for i in sorted(odd):
        try:
            line = found[i] = _csv_line({name: value[i].strip() for name, value in column.items()}, i + 2)
        except BridgeError:
            return None  # the full reader names the first bad line
        boards[i], ns[i], ew[i], score[i] = line.board, line.ns, line.ew, line.score
    return TravellerColumns(tuple(boards), tuple(ns), tuple(ew), tuple(score), found)


def _blank(cells: list[str], blank: bool) -> list[int]:
    """The indexes of the cells that are empty once stripped, as the full reader strips a cell (``blank``), or of
    those that are not."""
    distinct = set(cells)
    empty = {cell for cell in distinct if not cell.strip()}
    wanted = empty if blank else distinct - empty
    if len(wanted) > 8:
        return [i for i, cell in enumerate(cells) if cell in wanted]
    found = []
    for value in wanted:  # a few values, each found by list.index
        at = -1
        with contextlib.suppress(ValueError):
            while True:
                at = cells.index(value, at + 1)
                found.append(at)
    return found


def load_results(path: str | Path) -> tuple[list[Result], Method | None]:
    """Traveller lines from a .pbn, .csv or USEBIO .xml file, with the scoring method the file names (if any)."""
    from pathlib import Path

    p = Path(path)
    if not p.exists():
        raise ParseError(f"no such file: {p}", field="FILE")
    suffix = p.suffix.lower()
    if suffix == ".xml":
        from .usebio import read_usebio

        event = read_usebio(p)
        return list(event.results), event.method
    if suffix == ".pbn":
        return results_from_pbn(p), pbn_method(p)
    if suffix == ".csv":
        from .text import decode, read_bytes

        return results_from_csv(decode(read_bytes(p), str(p), strict=True)), None
    raise ParseError(f"{p.name}: travellers are read from .pbn, .csv or .xml (USEBIO) files", field="FILE")
