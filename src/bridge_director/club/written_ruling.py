"""A ruling on a session's result written out for the players (Law 81C, Law 92): where and who, the facts, the
laws, the decision in words, the score it gives each side (the points of that board's line as the section is
scored now), any penalty, the appeal with its outcome and the decisions it replaced, the director, and the right
to appeal with its time limit (``club.appeals``).  Plain values, read in a fixed handful of queries.

The director is shown by name: a ruling keeps the login it was made under (``Ruling.director``, the audit key),
and the written ruling shows that account's full name when it has one (``director_name``), else what was stored
(a login with no name, or a name typed on the command line) — so a ruling made before the name was given shows it
too.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..errors import RegisterError
from ..register.accounts import full_names
from ..register.models import ResultRuling, Ruling, Section, SessionPenalty, SessionResult
from ..scoring.event import EventScore
from .adjustments import penalised_pair
from .appeals import appeal_limit
from .decision_text import decision_short
from .decisions import decision_from_json
from .results import describe
from .scores import score_section
from .setup import pair_name, scoring_method
from .team_rulings import board_figures

UNITS = {"top": "of a top", "mp": "MP", "percent": "% of the maximum", "imps": "IMPs", "vps": "VPs"}
STANDS = "no adjustment: the table result stands"


@dataclass(frozen=True, slots=True)
class SideScore:
    """What the ruling leaves one side with on the board: its points and the same in words."""

    side: str
    pair: int
    points: float | None
    text: str


@dataclass(frozen=True, slots=True)
class DecisionStep:
    """A decision the ruling has had, oldest first; ``active`` is the one in force."""

    made_at: str
    text: str
    active: bool


@dataclass(frozen=True, slots=True)
class WrittenRuling:
    ruling_id: int
    section_id: int
    event: str
    session: str
    section: str
    board: int | None
    round_no: int | None
    table_no: int | None
    ns_pair: int | None
    ew_pair: int | None
    ns_names: str
    ew_names: str
    table_result: str
    #: the director's full name (``director_name``), else the login or name the ruling stored
    director: str
    ruled_at: str
    laws: str
    facts: str
    decision: str
    adjusted: str
    scores: tuple[SideScore, ...]
    penalties: tuple[str, ...]
    appeal: str | None
    appeal_outcome: str | None
    history: tuple[DecisionStep, ...]
    authority: str
    appeal_minutes: int
    appeal_source: str
    appeal_right: str

    @property
    def score_text(self) -> str:
        return "; ".join(s.text for s in self.scores)

    def to_json(self) -> dict[str, Any]:
        return asdict(self) | {"score_text": self.score_text}


def _points(scored: EventScore | None, board: int, ns: int, ew: int, unit: str) -> tuple[SideScore, ...]:
    """Each side's points on the board's line between ``ns`` and ``ew``; at matchpoints with the top and %."""
    found = next((b for b in scored.boards if b.board == board), None) if scored is not None else None
    line = next((ln for ln in found.lines if ln.result.ns == str(ns) and ln.result.ew == str(ew)),
                None) if found is not None else None
    if found is None or line is None:
        return (SideScore("N-S", ns, None, "N-S: not scored"), SideScore("E-W", ew, None, "E-W: not scored"))
    out = []
    for side, pair, points in (("N-S", ns, line.ns), ("E-W", ew, line.ew)):
        if unit == "MP" and found.top:
            text = f"{side} {round(points, 2):g} MP of {found.top:g} ({100 * points / found.top:.0f}%)"
        else:
            text = f"{side} {round(points, 2):+g} {unit}"
        out.append(SideScore(side, pair, points, text))
    return tuple(out)


def _team_points(db: Session, section: Section, row: SessionResult) -> tuple[SideScore, ...]:
    """A teams board: the IMPs the match gives each team on it (Law 86), as the section is scored now."""
    figures = board_figures(db, section, row)
    sides = (("N-S", row.ns_pair.number), ("E-W", row.ew_pair.number))
    if figures is None:
        return tuple(SideScore(side, pair, None, f"{side}: not scored") for side, pair in sides)
    return tuple(SideScore(side, pair, f.imps, f"{side} ({f.name}) {f.imps:+g} IMPs on the board")
                 for (side, pair), f in zip(sides, figures, strict=True))


def director_name(db: Session, director: str) -> str:
    """The name the players read for ``director`` (as a ruling stores it): its account's full name, else itself."""
    return full_names(db, [director]).get(director, director)


def ruling_section(db: Session, ruling_id: int,
                   section_id: int | None = None) -> tuple[Ruling, Section, SessionResult | None]:
    """The ruling, the section it belongs to, and the result it rules on (None when only a penalty ties it).

    A ruling with no adjustment and no penalty is tied to its board only: it belongs to section ``section_id``
    when that section plays the board's session, else to the session's only section.
    """
    ruling = db.get(Ruling, ruling_id)
    if ruling is None:
        raise RegisterError(f"no ruling {ruling_id}", field="ruling")
    link = db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling_id)
                      .order_by(ResultRuling.id)).first()
    if link is not None:
        return ruling, link.result.section, link.result
    penalty = db.scalars(select(SessionPenalty).where(SessionPenalty.ruling_id == ruling_id)).first()
    if penalty is not None:
        section = db.get(Section, penalty.section_id)
        if section is not None:
            return ruling, section, None
    if ruling.board is not None:
        sections = list(db.scalars(select(Section).where(Section.session_id == ruling.board.session_id)))
        chosen = [x for x in sections if x.id == section_id] or (sections if len(sections) == 1 else [])
        if chosen:
            return ruling, chosen[0], None
    raise RegisterError(f"ruling {ruling_id} is not on a result of a session", field="ruling")


def written_ruling(db: Session, ruling_id: int, section_id: int | None = None) -> WrittenRuling:
    """The written ruling ``ruling_id`` as the section is scored now; a ruling not on a session is refused."""
    ruling, section, row = ruling_section(db, ruling_id, section_id)
    links = list(db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == ruling_id)
                            .order_by(ResultRuling.id)))
    board = row.board.number if row is not None else (ruling.board.number if ruling.board is not None else None)
    history = [DecisionStep(link.made_at.strftime("%Y-%m-%d %H:%M"),
                            decision_short(decision_from_json(link.decision), board or 1), link.active)
               for link in links]
    active = next((link for link in links if link.active), None)
    if links and active is None:
        history.append(DecisionStep("", STANDS, True))
    adjusted = history[-1].text if history else STANDS
    scores: tuple[SideScore, ...] = ()
    if row is not None and section.method == "teams":
        scores = _team_points(db, section, row)
    elif row is not None:
        scores = _points(score_section(db, section), row.board.number, row.ns_pair.number, row.ew_pair.number,
                         scoring_method(section).unit)
    penalties = tuple(_penalty_text(p) for p in db.scalars(select(SessionPenalty).where(
        SessionPenalty.ruling_id == ruling_id, SessionPenalty.active.is_(True), SessionPenalty.pair_id.is_not(None))))
    session = section.session
    limit = appeal_limit(session.event.authority.value)
    round_no = row.round_no if row is not None else None
    return WrittenRuling(
        ruling.id, section.id, session.event.name, session.name, section.letter, board, round_no,
        row.table_no if row is not None else None, row.ns_pair.number if row is not None else None,
        row.ew_pair.number if row is not None else None, pair_name(row.ns_pair, round_no) if row is not None else "",
        pair_name(row.ew_pair, round_no) if row is not None else "", describe(row) if row is not None else "",
        director_name(db, ruling.director), ruling.ruled_at.strftime("%Y-%m-%d %H:%M"), ruling.laws, ruling.facts,
        ruling.decision, adjusted, scores, penalties, ruling.appeal, ruling.appeal_outcome, tuple(history),
        limit.authority, limit.minutes, limit.source, limit.text())


def _penalty_text(penalty: SessionPenalty) -> str:
    pair = penalised_pair(penalty)
    return (f"Pair {pair.number} ({pair_name(pair)}): {penalty.amount:g} {UNITS.get(penalty.unit, penalty.unit)} "
            f"off the session total (Law {penalty.law})")
