"""Traveller input and output: PBN score tables, CSV, USEBIO, and CSV out.

CSV columns (header row, any order): ``board, ns, ew`` and either ``score`` (NS points) or ``contract,
declarer, tricks`` (with a score they are kept as given, and so is ``lead``); an artificial line leaves them
empty and gives ``ns_award, ew_award`` (percent at matchpoints, IMPs otherwise).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import BridgeError, ParseError
from ..model.contract import Contract
from ..model.seat import Seat, Vulnerability, board_vulnerability
from .event import PASSED_OUT, EventScore, Method, Result

if TYPE_CHECKING:
    from ..io.pbn import PbnGame

#: PBN / club shorthand for artificial scores, as percentages.
AWARDS: dict[str, float] = {"A+": 60.0, "A=": 50.0, "A": 50.0, "A-": 40.0, "A−": 40.0}


def _int(text: str, field: str, line: int) -> int:
    try:
        return int(text.strip().strip('"'))
    except ValueError:
        raise ParseError(f"{field} is not a whole number: {text!r}", field=field, line=line) from None


def _float(text: str, field: str, line: int) -> float:
    try:
        return float(text)
    except ValueError:
        raise ParseError(f"{field} is not a number: {text!r}", field=field, line=line) from None


def results_from_csv(text: str) -> list[Result]:
    """Traveller lines from CSV text (see the module docstring for the columns)."""
    reader = csv.DictReader(io.StringIO(text))
    names = {n.strip().lower() for n in reader.fieldnames or []}
    if not {"board", "ns", "ew"} <= names:
        raise ParseError("a traveller CSV needs the columns board, ns, ew", field="header", line=1)
    out = []
    for row in reader:
        line = reader.line_num
        cell = {k.strip().lower(): (v or "").strip() for k, v in row.items() if k is not None}
        board = _int(cell["board"], "board", line)
        tricks = _int(cell["tricks"], "tricks", line) if cell.get("tricks") else None
        try:
            if cell.get("ns_award") and cell.get("ew_award") and not cell.get("score") and not cell.get("contract"):
                out.append(Result(board, cell["ns"], cell["ew"], ns_award=_float(cell["ns_award"], "ns_award", line),
                                  ew_award=_float(cell["ew_award"], "ew_award", line), note=cell.get("note", "")))
            elif cell.get("score"):
                out.append(Result(board, cell["ns"], cell["ew"], _int(cell["score"], "score", line),
                                  contract=cell.get("contract", ""), declarer=cell.get("declarer", ""),
                                  tricks=tricks, lead=cell.get("lead", "")))
            elif cell.get("contract"):
                out.append(Result.played(board, cell["ns"], cell["ew"], cell["contract"], cell.get("declarer", ""),
                                         tricks, cell.get("lead", "")))
            else:
                raise ParseError("a line needs a score, a contract, or ns_award and ew_award", field="score")
        except BridgeError as err:
            raise ParseError(err.message, field=err.field or "score", line=line) from None
    return out


def results_from_pbn(path: str | Path) -> list[Result]:
    """Traveller lines from the ``ScoreTable`` of each board of a PBN file.

    Uses PairId_NS / PairId_EW and Score_NS / Score_EW (or Score), falling back to Contract, Declarer and Result;
    ``A+``, ``A=``, ``A-`` scores become artificial awards; lines with no pair (a sit-out) are left out.
    A file with no ScoreTable at all but a game per table (as BBO writes a pairs tournament) is read game by game:
    each pair is its two players' names, and a game with no Contract (not played) is left out.
    """
    from ..io.pbn import load_pbn  # the PBN reader; imported here so CSV and USEBIO need nothing from it

    out: list[Result] = []
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
            out.append(_pbn_line(board, ns, ew, row, line + offset))
    if not out:
        out = [r for r in (_game_line(game) for game in pbn.games) if r is not None]
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
    from ..io.pbn_board import parse_result

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


def _pbn_line(board: int, ns: str, ew: str, row: dict[str, str], line: int) -> Result:
    ns_text = row.get("Score_NS", "").strip('"')
    ew_text = row.get("Score_EW", "").strip('"')
    if ns_text in AWARDS or ew_text in AWARDS:
        return Result(board, ns, ew, ns_award=AWARDS.get(ns_text, 50.0), ew_award=AWARDS.get(ew_text, 50.0),
                      note=f"{ns_text}/{ew_text}")
    contract = row.get("Contract", "").strip('"')
    if ns_text not in {"", "-"}:
        score = _int(ns_text, "Score_NS", line)
    elif ew_text not in {"", "-"}:
        score = -_int(ew_text, "Score_EW", line)
    elif "Score" in row and row["Score"].strip('"'):
        text = row["Score"].strip('"').split()
        score = _int(text[-1], "Score", line) * (-1 if text[0].upper() == "EW" else 1)
    else:
        declarer = row.get("Declarer", "").strip('"')
        result = row.get("Result", "").strip('"')
        try:
            return Result.played(board, ns, ew, contract, declarer, int(result) if result.isdigit() else None)
        except BridgeError as err:
            raise ParseError(err.message, field="ScoreTable", line=line) from None
    return Result(board, ns, ew, score, contract=contract, declarer=row.get("Declarer", "").strip('"'))


def pbn_method(path: str | Path) -> Method | None:
    """The scoring method a PBN file's ``Scoring`` tag names (``MP``, ``IMP;Cross``, ``Butler``), if any."""
    from ..io.pbn import load_pbn

    for game in load_pbn(path).games:
        words = {w.strip().lower() for w in game.tags.get("Scoring", "").replace(",", ";").split(";")}
        if "butler" in words:
            return Method.BUTLER
        if "cross" in words or ("imp" in words and "mp" not in words):
            return Method.CROSS_IMPS
        if words & {"mp", "matchpoints", "mp1", "mp2"}:
            return Method.MATCHPOINTS
    return None


def load_results(path: str | Path) -> tuple[list[Result], Method | None]:
    """Traveller lines from a .pbn, .csv or USEBIO .xml file, with the scoring method the file names (if any)."""
    p = Path(path)
    if not p.exists():
        raise ParseError(f"no such file: {p}", field="FILE")
    suffix = p.suffix.lower()
    if suffix == ".xml":
        from ..io.usebio import read_usebio

        event = read_usebio(p)
        return list(event.results), event.method
    if suffix == ".pbn":
        return results_from_pbn(p), pbn_method(p)
    if suffix == ".csv":
        return results_from_csv(p.read_text(encoding="utf-8-sig")), None
    raise ParseError(f"{p.name}: travellers are read from .pbn, .csv or .xml (USEBIO) files", field="FILE")


def event_csv(scored: EventScore) -> str:
    """The scored travellers as CSV: board, pairs, score or award, and each side's points."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["board", "ns", "ew", "contract", "declarer", "tricks", "score", "ns_award", "ew_award",
                     f"ns_{scored.method.unit.lower()}", f"ew_{scored.method.unit.lower()}", "lead", "note"])
    for board in scored.boards:
        for ln in board.lines:
            r = ln.result
            # lead and note go last so the points stay where they were; the note (A+/A-, A6040) tells a letter
            # award from IMPs given as such, so the file scores the same when read back
            writer.writerow([r.board, r.ns, r.ew, r.contract, r.declarer, "" if r.tricks is None else r.tricks,
                             "" if r.score is None else r.score, _opt(r.ns_award), _opt(r.ew_award),
                             f"{ln.ns:.2f}", f"{ln.ew:.2f}", r.lead, r.note])
    return buf.getvalue()


def standings_csv(scored: EventScore) -> str:
    """The ranking as CSV."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["field", "place", "pair", "total", "percent", "boards"])
    for st in scored.standings:
        writer.writerow([st.field, st.place, st.pair, f"{st.total:.2f}",
                         "" if st.percent is None else f"{st.percent:.2f}", st.boards])
    return buf.getvalue()


def _opt(value: float | None) -> str:
    return "" if value is None else f"{value:g}"


def results_to_csv(results: Iterable[Result]) -> str:
    """Traveller lines as CSV that :func:`results_from_csv` reads back."""
    buf = io.StringIO()
    writer = csv.writer(buf, lineterminator="\n")
    writer.writerow(["board", "ns", "ew", "score", "contract", "declarer", "tricks", "lead", "ns_award", "ew_award",
                     "note"])
    for r in results:
        writer.writerow([r.board, r.ns, r.ew, "" if r.score is None else r.score, r.contract, r.declarer,
                         "" if r.tricks is None else r.tricks, r.lead, _opt(r.ns_award), _opt(r.ew_award), r.note])
    return buf.getvalue()
