"""A section's scores kept between requests and recomputed only when the section changed.

The register raises a section's ``score_version`` in the very transaction that changes anything its scores or its
results pages read: a result entered or corrected, a ruling's decision, a penalty, the entry, a substitute, a
player's name, the section, its session or its event (the triggers of migration 0009, so no writer can forget
it).  A page reads that number first (one small query) and serves the section's report as computed at that
version; a new number means the report is read and scored again, once per process, and the printable pages are
rendered again when first asked for.  The number lives in the database, not in a process: every worker and
every restart compares it, so none serves a score older than the register.

The report is read in the same snapshot as the number (PostgreSQL: repeatable read), so a report cached under a
version is exactly that version's.  A register without the triggers (the throw-away one of an app started
without a register) is never cached: every page reads the section again.

A newer version whose changes, as the register logs them (migration 0016), are all results of named boards is
not read whole: those boards' rows are read again into what the older version read, and the section scored
again from that (``club.score_patch``; ``patches`` counts them beside ``reads``).  Anything else is read whole.
"""

from __future__ import annotations

import threading
import weakref
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from ..register import Register
from ..register.models import Section
from ..scoring.rescore import Tally
from .report import PageParts, ReportBasis, SectionReport, read_basis, report_of, results_page
from .results import section_boards
from .score_patch import changed_boards, patched_report
from .setup import results_only
from .team_scores import TeamsResult, score_teams

#: one score-version trigger (migration 0009; on PostgreSQL, a statement trigger since 0011), looked for once
#: per register
TRIGGER = {"sqlite": "SELECT 1 FROM sqlite_master WHERE type = 'trigger' "
                     "AND name = 'score_version_session_results_insert'",
           "postgresql": "SELECT 1 FROM pg_trigger WHERE tgname = 'score_version_session_results_insert'"}
#: how many sections a process keeps (the least recently read goes first)
SECTIONS = 32

Match = tuple[str, str, TeamsResult]


@dataclass(slots=True)
class Scores:
    """A section's report at one stored version, with its boards, its teams matches (a teams section) and the
    pages made from it, each made once when first asked for.  ``version`` is None when not cached."""

    version: int | None
    report: SectionReport
    boards: tuple[int, ...]
    matches: tuple[Match, ...] = ()
    pages: dict[str, str] = field(default_factory=dict)
    #: what the report was made from, for the next version to patch (None for a teams section: read whole)
    basis: ReportBasis | None = field(default=None, repr=False)
    #: the report's points pair by pair, when it was scored board by board (``club.score_patch``)
    tally: Tally | None = field(default=None, repr=False)
    #: the printable page in its parts once rendered; before that, the parts of an earlier version's page and the
    #: boards changed since, all others unchanged (the page renders those boards and their pairs' cards only)
    parts: PageParts | None = field(default=None, repr=False)
    base: tuple[PageParts, frozenset[int]] | None = field(default=None, repr=False)
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    def page(self, name: str, make: Callable[[SectionReport], str]) -> str:
        """The page ``name`` made by ``make`` from the report, made once for this version."""
        with self.lock:
            found = self.pages.get(name)
            if found is None:
                found = self.pages[name] = make(self.report)
            return found

    def printable(self) -> str:
        """The printable results page (``report.report_html``), made once for this version: from the parts of an
        earlier version's page where the boards changed since are known."""
        with self.lock:
            found = self.pages.get("results")
            if found is None:
                before, changed = self.base if self.base is not None else (None, None)
                found, self.parts = results_page(self.report, before, changed)
                self.pages["results"] = found
                self.base = None  # the earlier version's parts are not held longer than needed
            return found

    def next_base(self, changed: frozenset[int] | None) -> tuple[PageParts, frozenset[int]] | None:
        """What the page of the version after this one, whose boards ``changed`` changed (None: not known), is
        rendered from: this page's parts, or those this page would have been rendered from."""
        if changed is None:
            return None
        parts, base = self.parts, self.base
        if parts is not None:
            return parts, changed
        return (base[0], base[1] | changed) if base is not None else None


def read_scores(db: Session, section: Section, version: int | None = None) -> Scores:
    """The section read and scored now (no cache)."""
    matches: tuple[Match, ...] = ()
    teams = section.method == "teams"
    if teams:
        names = {t.number: t.name for t in section.teams}
        matches = tuple((names.get(m.home, str(m.home)), names.get(m.away, str(m.away)), m)
                        for m in score_teams(db, section))
    basis = read_basis(db, section)
    report = report_of(section, basis)
    boards = tuple(report.boards()) if results_only(section) else section_boards(section)
    return Scores(version, report, boards, matches, basis=None if teams else basis)


class ScoreCache:
    """The scores of the register's most recently read sections, each under the version it was read at."""

    def __init__(self, register: Register, sections: int = SECTIONS) -> None:
        self._register = weakref.ref(register)  # the process-wide map below holds caches by their register
        self.size = sections
        self.reads = 0  # sections read and scored (not served from the cache), for tests and benchmarks
        self.patches = 0  # sections brought up to date from their changed boards only (``club.score_patch``)
        self._entries: OrderedDict[int, Scores] = OrderedDict()
        self._building: dict[int, threading.Lock] = {}
        self._lock = threading.Lock()
        self._versioned: bool | None = None

    def _snapshot(self, db: Session) -> None:
        """Every query of this transaction reads one snapshot (PostgreSQL; SQLite's writers never overlap)."""
        if db.get_bind().dialect.name == "postgresql":
            db.connection(execution_options={"isolation_level": "REPEATABLE READ"})

    def versioned(self, db: Session) -> bool:
        """Whether the register raises the versions (its schema has migration 0009's triggers)."""
        if self._versioned is None:
            query = TRIGGER.get(db.get_bind().dialect.name)
            self._versioned = query is not None and db.execute(text(query)).first() is not None
        return self._versioned

    def scores(self, section_id: int) -> Scores | None:
        """The section's scores as stored now, or None when there is no such section."""
        register = self._register()
        if register is None:
            raise RuntimeError("the register of this score cache was closed and dropped")
        with register.transaction() as db:
            self._snapshot(db)
            version = db.scalar(select(Section.score_version).where(Section.id == section_id))
            if version is None:
                return None
            if not self.versioned(db):
                return self._read(db, section_id, None)
            found = self._cached(section_id, version)
            if found is not None:
                return found
            with self._lock:
                building = self._building.setdefault(section_id, threading.Lock())
            with building:  # one read per section and version, however many requests arrive together
                found = self._cached(section_id, version)
                if found is not None:
                    return found
                scores = self._patch(db, section_id, version) or self._read(db, section_id, version)
                with self._lock:
                    kept = self._entries.get(section_id)
                    if kept is None or kept.version is None or kept.version <= version:
                        self._entries[section_id] = scores
                        self._entries.move_to_end(section_id)
                    while len(self._entries) > self.size:
                        self._entries.popitem(last=False)
                return scores

    def _cached(self, section_id: int, version: int) -> Scores | None:
        with self._lock:
            found = self._entries.get(section_id)
            if found is None or found.version != version:
                return None
            self._entries.move_to_end(section_id)
            return found

    def _patch(self, db: Session, section_id: int, version: int) -> Scores | None:
        """The held scores of an older version brought to ``version`` from the boards that changed since, when the
        register's change log says only results changed (``club.score_patch``); None otherwise."""
        with self._lock:
            held = self._entries.get(section_id)
        if held is None or held.basis is None or held.version is None:
            return None
        boards = changed_boards(db, section_id, held.version, version)
        if boards is None:
            return None
        section = db.get(Section, section_id)
        assert section is not None  # its version was just read in this transaction
        found = patched_report(db, section, held.basis, held.report, boards, held.tally)
        if found is None:
            return None
        report = found.report
        with self._lock:
            self.patches += 1
        return Scores(version, report, tuple(report.boards()) if results_only(section) else held.boards,
                      basis=found.basis, tally=found.tally, base=held.next_base(found.changed))

    def _read(self, db: Session, section_id: int, version: int | None) -> Scores:
        section = db.get(Section, section_id)
        assert section is not None  # its version was just read in this transaction
        with self._lock:
            self.reads += 1
        return read_scores(db, section, version)


_CACHES: weakref.WeakKeyDictionary[Register, ScoreCache] = weakref.WeakKeyDictionary()
_CACHES_LOCK = threading.Lock()


def score_cache(register: Register) -> ScoreCache:
    """The process's cache for ``register`` (one per open register, gone with it)."""
    with _CACHES_LOCK:
        found = _CACHES.get(register)
        if found is None:
            found = _CACHES[register] = ScoreCache(register)
        return found
