"""A section's report brought up to date from the boards that changed, not read again whole.

The register logs what each raise of a section's score version changed (``section_changes``, migration 0016): a
result entered, corrected or deleted names its board; any other write (a ruling's decision, a penalty, the entry,
a name, the section, an upload) names none, "anything may have changed".  A report held at version ``v`` and a
stored version ``w`` whose every change in ``(v, w]`` names a board is brought to ``w`` by reading those boards'
stored results again (one query, and one for their numbers), putting them in place of the held ones, and scoring
the section again from what is then held: no other row is read.  Anything else (a change naming no board, a
version missing from the log, a reader too far behind, a line naming a pair the held entry does not know) is
answered None, and the caller reads the section again whole.

The section is scored again whole from the patched read (``scores.score_read``): Neuberg's norm of a section of
results only, the artificial scores (Law 12C2 with the session-percentage rule), the decisions applied once
scored and the penalties all depend on the other boards, and scoring 810 lines held in memory takes a few
milliseconds; the database is the slow part, and it reads only the changed rows.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import replace

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..register.models import Board, Section, SectionChange
from .report import ReportBasis, SectionReport, report_of
from .scores import Made, SectionRead, StoredLine, made_lines, stored_lines

#: the versions of a section whose changes the register keeps (migration 0016's KEEP): a reader further behind
#: reads the section again
KEEP = 64


def changed_boards(db: Session, section_id: int, since: int, now: int) -> set[int] | None:
    """The ids of the boards whose results changed from version ``since`` to ``now``, or None when anything else
    may have changed (or the log does not say)."""
    if not since < now < since + KEEP:
        return None
    rows = db.execute(select(SectionChange.version, SectionChange.board_id)
                      .where(SectionChange.section_id == section_id, SectionChange.version > since,
                             SectionChange.version <= now)).all()
    boards = {board for _, board in rows}
    if None in boards or len({version for version, _ in rows}) != now - since:
        return None
    return {board for board in boards if board is not None}


def patched_lines(lines: list[StoredLine], numbers: Collection[int], fresh: list[StoredLine]) -> list[StoredLine]:
    """``lines`` (by board number) with the boards ``numbers`` replaced by ``fresh``: in the order a full read
    gives (by board, then each board's lines as read).

    >>> def line(board: int, table: int) -> StoredLine:
    ...     return StoredLine(table, board, table, table + 10, "played", 420, "4S", "N", 10, "")
    >>> held = [line(1, 1), line(1, 2), line(2, 1), line(3, 1)]
    >>> [(x.board, x.id) for x in patched_lines(held, {2, 4}, [line(4, 1), line(4, 2)])]
    [(1, 1), (1, 2), (3, 1), (4, 1), (4, 2)]
    """
    kept = [line for line in lines if line.board not in numbers]
    return sorted(kept + fresh, key=lambda line: line.board)  # stable: each board's lines stay in their order


def patched_basis(db: Session, section: Section, basis: ReportBasis, board_ids: Collection[int]
                  ) -> tuple[ReportBasis, set[int]] | None:
    """``basis`` with the boards ``board_ids`` (their row ids) read again, and those boards' numbers; None when a
    line names a pair the held entry does not know."""
    numbers = set(db.scalars(select(Board.number).where(Board.id.in_(sorted(board_ids)))))
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
    kept = [line for line in lines if line.board not in numbers]
    after = {id(line): after[id(line)] for line in kept if id(line) in after}  # live lines: their ids are theirs
    after.update(new_after)
    return (sorted(kept + new_lines, key=lambda line: line.board),
            sorted([a for a in artificial if a[0].board not in numbers] + new_artificial, key=lambda a: a[0].board),
            after)


def patched_report(db: Session, section: Section, basis: ReportBasis, report: SectionReport,
                   board_ids: Collection[int]) -> tuple[ReportBasis, SectionReport] | None:
    """The report made from ``basis`` (``report``) with the boards ``board_ids`` read again and the section scored
    again, and its basis; None when the section must be read again whole.  The rows of the other boards scored
    exactly as before are the old report's own."""
    found = patched_basis(db, section, basis, board_ids)
    if found is None:
        return None
    patched, numbers = found
    return patched, report_of(section, patched, previous=(report, numbers))
