"""A section's report brought up to date from the boards that changed, not read again whole.

The register logs what each raise of a section's score version changed (``section_changes``, migration 0016): a
result entered, corrected or deleted names its board; any other write (a ruling's decision, a penalty, the entry,
a name, the section, an upload) names none, "anything may have changed".  A report held at version ``v`` and a
stored version ``w`` whose every change in ``(v, w]`` names a board is brought to ``w`` by reading those boards'
stored results again (one query: the log's own names their numbers) and putting them in place of the held ones: no
other row is read.  Anything else (a change naming no board, a version missing from the log, a reader too far behind, a
line naming a pair the held entry does not know) is answered None, and the caller reads the section again whole.

A section playing a movement, with no artificial score (Law 12C2) and no decision applied once the boards are
scored, is then scored board by board (``scoring.rescore``): the changed boards alone are scored again, each pair
on them has its total made again from its points on the boards it played, the standings are ranked again and the
penalties taken off as before; every other board, its points and its report rows are the held ones, known
unchanged from the log (the norm, the tables that play a board, and the fields are the movement's).  Otherwise one
board's change can move the others, and the section is scored again whole from what is held
(``scores.score_read``): a section of uploaded results is scored to the most results on a board (Neuberg), an
artificial score takes the pairs' session percentages, and a decision applied once scored (Law 25B, a Red psyche,
a serious error) scores its line against the board as scored.  The rows of a board scored exactly as before are
then found by comparing its points with the held report's.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..register.models import Board, Section, SectionChange
from ..scoring.event import EventScore, Result
from ..scoring.rescore import Tally, rescored, tally_of
from .report import ReportBasis, SectionReport, report_after, report_of
from .scores import Made, SectionRead, StoredLine, apply_penalties, made_lines, section_scorer, spliced, stored_lines

#: the versions of a section whose changes the register keeps (migration 0016's KEEP): a reader further behind
#: reads the section again
KEEP = 64


def changed_boards(db: Session, section_id: int, since: int, now: int) -> dict[int, int] | None:
    """The boards whose results changed from version ``since`` to ``now``, their numbers by their ids (read in the
    same query), or None when anything else may have changed (or the log does not say)."""
    if not since < now < since + KEEP:
        return None
    rows = db.execute(select(SectionChange.version, SectionChange.board_id, Board.number)
                      .outerjoin(Board, Board.id == SectionChange.board_id)
                      .where(SectionChange.section_id == section_id, SectionChange.version > since,
                             SectionChange.version <= now)).all()
    found: dict[int, int] = {}
    for _, board, number in rows:
        if board is None or number is None:  # anything may have changed (or the board is gone)
            return None
        found[board] = number
    return found if len({version for version, _, _ in rows}) == now - since else None


def patched_lines(lines: list[StoredLine], numbers: Collection[int], fresh: list[StoredLine]) -> list[StoredLine]:
    """``lines`` (by board number) with the boards ``numbers`` replaced by ``fresh``: in the order a full read
    gives (by board, then each board's lines as read).

    >>> def line(board: int, table: int) -> StoredLine:
    ...     return StoredLine(table, board, table, table + 10, "played", 420, "4S", "N", 10, "")
    >>> held = [line(1, 1), line(1, 2), line(2, 1), line(3, 1)]
    >>> [(x.board, x.id) for x in patched_lines(held, {2, 4}, [line(4, 1), line(4, 2)])]
    [(1, 1), (1, 2), (3, 1), (4, 1), (4, 2)]
    """
    return spliced(lines, numbers, fresh, _board)


def _board(line: StoredLine | Result) -> int:
    return line.board


def patched_basis(db: Session, section: Section, basis: ReportBasis, boards: Mapping[int, int]
                  ) -> tuple[ReportBasis, set[int]] | None:
    """``basis`` with the boards ``boards`` (their numbers by their row ids) read again, and those boards' numbers;
    None when a line names a pair the held entry does not know."""
    board_ids, numbers = list(boards), set(boards.values())
    fresh = stored_lines(db, section, board_ids) if board_ids else []
    known = basis.names.pairs
    if any(line.ns_id not in known or line.ew_id not in known for line in fresh):
        return None
    read = basis.read
    lines = patched_lines(read.lines, numbers, fresh)
    made = [_patched_made(read, numbers, fresh)] if read.made else []
    return replace(basis, read=SectionRead(lines, read.decisions, read.penalties, made)), numbers


def _patched_made(read: SectionRead, numbers: Collection[int], fresh: list[StoredLine]) -> Made:
    """The lines to score of the patched read, from those made of ``read`` (the same objects for the boards
    kept) and those of the fresh rows: as ``scores.made_lines`` makes them from the patched read."""
    lines, artificial, after = made_lines(read)
    new_lines, new_artificial, new_after = made_lines(SectionRead(fresh, read.decisions, read.penalties))
    patched = spliced(lines, numbers, new_lines, _board)
    if after:  # the decisions applied once scored, by the ids of the lines kept (live: their ids are theirs)
        after = {id(line): after[id(line)] for line in patched if id(line) in after}
        after.update(new_after)
    else:
        after = new_after
    return (patched,
            sorted([a for a in artificial if a[0].board not in numbers] + new_artificial, key=lambda a: a[0].board),
            after)


def _board_lines(lines: list[Result], number: int) -> list[Result]:
    """The lines of board ``number`` (``lines`` ascending by board)."""
    return lines[bisect_left(lines, number, key=_board):bisect_right(lines, number, key=_board)]


@dataclass(frozen=True, slots=True)
class Patched:
    """A report brought up to date, what it was made from, and its points held pair by pair when it was scored
    board by board (None when the section was scored whole: the next patch scores it whole too, or holds them)."""

    basis: ReportBasis
    report: SectionReport
    tally: Tally | None
    #: the boards (numbers) whose points changed, all others' being as before; None when not known (scored whole)
    changed: frozenset[int] | None = None


def patched_report(db: Session, section: Section, basis: ReportBasis, report: SectionReport,
                   boards: Mapping[int, int], tally: Tally | None = None) -> Patched | None:
    """The report made from ``basis`` (``report``; ``tally`` its points pair by pair, when held) with the boards
    ``boards`` (numbers by row ids, as ``changed_boards`` gives them) read again, and its basis; None when the
    section must be read again whole.  The changed boards are scored alone where no other board's points can move
    (``board_by_board``), the section whole otherwise; the rows of the other boards are the old report's own."""
    found = patched_basis(db, section, basis, boards)
    if found is None:
        return None
    patched, numbers = found
    by_board = board_by_board(section, patched.read, report, numbers, tally)
    if by_board is not None:
        held, scored = by_board
        return Patched(patched, report_after(section, patched, report, numbers, scored), held, frozenset(numbers))
    return Patched(patched, report_of(section, patched, previous=(report, numbers)), None)


def board_by_board(section: Section, read: SectionRead, report: SectionReport, numbers: Collection[int],
                   tally: Tally | None) -> tuple[Tally, EventScore] | None:
    """The section's scores with the boards ``numbers`` (whose lines ``read`` holds now) scored again alone, from
    ``report`` (scored by the section's own method; ``tally`` its points pair by pair, or None to take them from
    it): the new points pair by pair and the event as ``score_read`` scores it, penalties taken off.  None where
    one board's change can move another's points (no movement, an artificial score, a decision applied once
    scored), or where no line is left: the caller scores the section whole."""
    scorer = section_scorer(section)
    if scorer.norm is None or scorer.two_winners is None or report.scored is None:
        return None
    lines, artificial, after = made_lines(read)
    if artificial or after or report.scored.method is not scorer.method:
        return None
    if tally is None:  # the boards are those scored before any penalty (penalties move the standings only)
        tally = tally_of(report.scored, scorer.norm, scorer.two_winners)
    fresh = scorer([line for number in sorted(numbers) for line in _board_lines(lines, number)])
    boards = {board.board: board for board in fresh.boards} if fresh is not None else {}
    held = rescored(tally, {number: boards.get(number) for number in numbers})
    if held is None:
        return None
    penalties = read.penalties
    return held, apply_penalties(held.event, penalties) if penalties else held.event
