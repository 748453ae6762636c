"""A section's scores for the results pages and the API, whatever the section: one playing a movement or one of
uploaded results only, which may also be scored by another pairs method than its own (``?method=``, as the
travellers' own page always allowed: matchpoints, cross-IMPs or Butler).

The section's own method is served from the score cache (``club.score_cache``); another method is scored on
request (``club.scores.score_section``) and its points put on the report's lines.
"""

from __future__ import annotations

from sqlalchemy.orm import Session

from ..club.report import SectionReport, load_report
from ..club.results import AWARDED, describe
from ..club.score_cache import Scores, score_cache
from ..club.setup import results_only
from ..register import Register
from ..register.models import Section, SessionResult
from ..scoring.event import Method

#: the methods a section of results only may be scored by on its pages
METHODS = {"mp": "Matchpoints", "cross-imps": "Cross-IMPs", "butler": "Butler IMPs"}


def other_method(section: Section, method: str | None) -> Method | None:
    """The method asked for when it is not the section's own and the section may be scored by it (results only)."""
    if not method or method not in METHODS or method == section.method or not results_only(section):
        return None
    return Method.parse(method)


def report_by(db: Session, section: Section, method: Method | None) -> SectionReport:
    """The section's report, scored by ``method`` instead of its own when given."""
    return load_report(db, section, method)


def read_scores(db: Session, section: Section, method: Method | None = None) -> Scores:
    """The section read and scored now (not from the cache)."""
    rep = report_by(db, section, method)
    return Scores(None, rep, tuple(rep.boards()))


def section_scores(register: Register, sid: int, method: str | None = None) -> Scores | None:
    """The section's scores (by ``method`` where a section of results only is asked for another), or None when
    there is no such section."""
    if method:
        with register.transaction() as db:
            section = db.get(Section, sid)
            if section is None:
                return None
            chosen = other_method(section, method)
            if chosen is not None:
                return read_scores(db, section, chosen)
    return score_cache(register).scores(sid)


def line_text(row: SessionResult) -> str:
    """A stored result in words, an uploaded line too: ``4S by N, 10 tricks, +420``, ``+420`` where the
    traveller gave the score only, ``artificial: N-S 60%, E-W 40%`` for an award."""
    if row.status == AWARDED:
        unit = "%" if row.section.method == "mp" else " IMPs"
        return f"artificial: N-S {row.ns_award or 0:g}{unit}, E-W {row.ew_award or 0:g}{unit}"
    return describe(row)
