"""The stored results handed to ``scoring``: matchpoints (either scale, Neuberg), cross-IMPs, Butler, teams VPs.

Nothing is computed here but the shape of the input: a pair is named by its number in the section, a board not
played is left out (so Neuberg factors it), a ruling's decision replaces the result it changes (artificial
scores with the authority's session-percentage rule), penalties come off the totals, and a teams section pairs
each board's two tables of a match.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import defaultdict
from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass, replace
from dataclasses import field as default
from functools import cache
from typing import TypeVar

from sqlalchemy import Executable, bindparam, select
from sqlalchemy.orm import Session, aliased

from ..register.models import Board, Pair, Section, SessionPenalty, SessionResult
from ..scoring.adjusted import AuthorityProfile, artificial_pairs, profile
from ..scoring.event import EventScore, Method, Result, Standing, score_event, shared_places
from ..scoring.matchpoints import Scale
from .adjustments import penalised_pair, section_decisions, section_penalties
from .after_scoring import apply_after_scoring
from .decisions import AFTER_SCORING, Artificial, Assigned, Decision, Fouled, NoAdjustment, Split, Weighted
from .results import AWARDED, NOT_PLAYED
from .setup import movement_of, results_only, scoring_method


@dataclass(frozen=True, slots=True)
class StoredLine:
    """A stored result as the scorer reads it: its row's id, the board and pair numbers, and what was played;
    where it was played and the pairs' row ids, for the reports."""

    id: int
    board: int
    ns: int
    ew: int
    status: str
    ns_score: int | None
    contract: str
    declarer: str
    tricks: int | None
    lead: str
    round_no: int = 0
    table_no: int = 0
    ns_id: int = 0
    ew_id: int = 0
    ns_award: float | None = None
    ew_award: float | None = None


def stored_lines(db: Session, section: Section, board_ids: Collection[int] | None = None) -> list[StoredLine]:
    """Every stored result of the section (or of the boards ``board_ids`` only), by board, round and table (then
    by row, so that any two reads agree), in one query (no object per row)."""
    if board_ids is None:
        rows = db.execute(_lines_query(False), {"section": section.id})
    else:
        rows = db.execute(_lines_query(True), {"section": section.id, "boards": sorted(board_ids)})
    return [StoredLine(*row) for row in rows]


@cache
def _lines_query(by_board: bool) -> Executable:
    """The query of ``stored_lines``, built once (building it costs more than a few boards' rows)."""
    ns_pair, ew_pair = aliased(Pair), aliased(Pair)
    query = (select(SessionResult.id, Board.number, ns_pair.number, ew_pair.number, SessionResult.status,
                    SessionResult.ns_score, SessionResult.contract, SessionResult.declarer, SessionResult.tricks,
                    SessionResult.lead, SessionResult.round_no, SessionResult.table_no, SessionResult.ns_pair_id,
                    SessionResult.ew_pair_id, SessionResult.ns_award, SessionResult.ew_award)
             .join(Board, SessionResult.board_id == Board.id)
             .join(ns_pair, SessionResult.ns_pair_id == ns_pair.id)
             .join(ew_pair, SessionResult.ew_pair_id == ew_pair.id)
             .where(SessionResult.section_id == bindparam("section"))
             .order_by(Board.number, SessionResult.round_no, SessionResult.table_no, SessionResult.id))
    if by_board:
        query = query.where(SessionResult.board_id.in_(bindparam("boards", expanding=True)))
    return query


T = TypeVar("T")


def spliced(items: list[T], numbers: Collection[int], fresh: Iterable[T], board: Callable[[T], int]) -> list[T]:
    """``items`` (ascending by ``board``, each board's items together) with the items of the boards ``numbers``
    replaced by ``fresh`` (in their order): what sorting the kept items and the fresh ones by board (stably) gives,
    each board found by bisection and the rest copied whole.

    >>> spliced([1, 1, 2, 3, 3, 5], {3, 4}, [4, 4], board=int)
    [1, 1, 2, 4, 4, 5]
    """
    by_board: dict[int, list[T]] = {}
    for item in fresh:
        by_board.setdefault(board(item), []).append(item)
    out = items
    for number in sorted({*numbers, *by_board}):
        low, high = bisect_left(out, number, key=board), bisect_right(out, number, key=board)
        out = [*out[:low], *by_board.get(number, ()), *out[high:]]
    return out if out is not items else list(items)


@dataclass(frozen=True, slots=True)
class SectionRead:
    """What scoring a section reads: its stored lines, each result's active decision and the ruling behind it
    (by the result's id), and the active penalties."""

    lines: list[StoredLine]
    decisions: dict[int, tuple[Decision, int]]
    penalties: list[SessionPenalty]
    #: the lines to score, made once however many times the section is scored from this read
    made: list[tuple[list[Result], Artificials, dict[int, Decision]]] = default(default_factory=list)


def read_section(db: Session, section: Section) -> SectionRead:
    """The section's results, decisions and penalties, in three queries."""
    return SectionRead(stored_lines(db, section), section_decisions(db, section), section_penalties(db, section))


def scoring_line(row: StoredLine) -> Result | None:
    """A stored result as a traveller line; None for a board not played.  An uploaded artificial line
    (``awarded``) keeps its two awards."""
    if row.status == AWARDED and row.ns_award is not None and row.ew_award is not None:
        return Result(row.board, str(row.ns), str(row.ew), ns_award=row.ns_award, ew_award=row.ew_award,
                      note="adjusted")
    if row.status == NOT_PLAYED or row.ns_score is None:
        return None
    return Result(row.board, str(row.ns), str(row.ew), row.ns_score,
                  contract=row.contract, declarer=row.declarer, tricks=row.tricks, lead=row.lead)


def adjusted_line(row: StoredLine, decision: Decision, ruling: int) -> Result | None:
    """The traveller line a ruling's decision gives (artificial scores are made by ``score_section``)."""
    board, ns, ew = row.board, str(row.ns), str(row.ew)
    note = f"ruling {ruling}: Law {decision.law}"
    if isinstance(decision, NoAdjustment):
        line = scoring_line(row)
        return None if line is None else replace(line, note=f"ruling {ruling}: no adjustment")
    if isinstance(decision, Assigned):
        return Result(board, ns, ew, decision.score.ns_score(board), contract=decision.score.contract,
                      declarer=decision.score.declarer, tricks=decision.score.tricks, note=note)
    if isinstance(decision, Fouled):
        line = scoring_line(row)
        return None if line is None else replace(line, group=decision.group, note=note)
    if isinstance(decision, Split):
        return Result(board, ns, ew, decision.ns.ns_score(board), ew_score=decision.ew.ns_score(board),
                      contract=decision.ns.contract, declarer=decision.ns.declarer, tricks=decision.ns.tricks,
                      note=note)
    if isinstance(decision, Weighted):
        return Result(board, ns, ew, outcomes=tuple((s.ns_score(board), w / 100) for s, w in decision.outcomes),
                      note=note)
    return None


def section_lines(db: Session, section: Section) -> list[Result]:
    """Every result as scored: played results, and each ruling's decision in place of the result it changes."""
    return _lines(read_section(db, section))[0]


Artificials = list[tuple[StoredLine, Artificial, int]]


def _lines(read: SectionRead) -> tuple[list[Result], Artificials, dict[int, Decision]]:
    """The lines to score, the results given artificial scores, and the decisions applied once scored (by the
    ``id`` of their line); made once per read."""
    if not read.made:
        read.made.append(_make_lines(read))
    return read.made[0]


Made = tuple[list[Result], Artificials, dict[int, Decision]]


def made_lines(read: SectionRead) -> Made:
    """The lines to score of ``read`` as ``score_read`` makes them (by the lines' order), made once per read."""
    return _lines(read)


def _make_lines(read: SectionRead) -> tuple[list[Result], Artificials, dict[int, Decision]]:
    decisions = read.decisions
    lines: list[Result] = []
    artificial: Artificials = []
    after: dict[int, Decision] = {}
    for row in read.lines:
        found = decisions.get(row.id)
        if found is not None and isinstance(found[0], Artificial):
            artificial.append((row, found[0], found[1]))
            continue
        if found is not None and isinstance(found[0], AFTER_SCORING):
            line = scoring_line(row)
            if line is not None:
                line = replace(line, note=f"ruling {found[1]}: Law {found[0].law}")
                after[id(line)] = found[0]
        else:
            line = adjusted_line(row, *found) if found is not None else scoring_line(row)
        if line is not None:
            lines.append(line)
    return lines, artificial, after


def authority_profile(section: Section) -> AuthorityProfile:
    """The regulating authority's figures for the section's event (a club uses the Laws' own, as the WBF)."""
    name = section.session.event.authority.value
    return profile(name)


def _artificial_lines(rows: Artificials, first: EventScore | None,
                      section: Section) -> list[Result]:
    """Law 12C2 awards in percent; with the authority's session rule, each side's percentage on its other boards
    (the section scored without these boards) replaces 60% or 40% where the rule says so."""
    percent = {s.pair: s.percent for s in first.standings} if first is not None else {}
    profile = authority_profile(section)
    out = []
    for row, decision, ruling in rows:
        ns, ew = str(row.ns), str(row.ew)
        given = artificial_pairs(decision.ns, decision.ew, profile, ns_session=percent.get(ns),
                                 ew_session=percent.get(ew))
        note = f"{decision.ns.value}/{decision.ew.value}" if section.method != "mp" else f"ruling {ruling}: Law 12C2"
        out.append(Result(row.board, ns, ew, ns_award=round(given.ns, 2), ew_award=round(given.ew, 2),
                          note=note))
    return out


def score_section(db: Session, section: Section, scale: Scale | None = None,
                  method: Method | None = None) -> EventScore | None:
    """The section's pairs event scored so far (None before the first result), rulings and penalties applied.

    With a movement, the norm is the number of tables that play each board, so a board short of results is
    Neuberg-factored, and a plain Mitchell is ranked N-S and E-W apart.  A section of uploaded results is scored
    as its travellers stand: the norm is the most results on a board, and N-S and E-W are ranked apart when no
    pair sat both ways.  The scale and method are the section's unless given.
    """
    return score_read(section, read_section(db, section), scale, method)


@dataclass(frozen=True, slots=True)
class SectionScorer:
    """How a section's lines are scored: its method and scale and, with a movement, the norm (the tables that play
    each board) and whether N-S and E-W are ranked apart; a section of uploaded results has neither (None: the most
    results on a board, and apart when no pair sat both ways)."""

    method: Method
    scale: Scale
    norm: int | None
    two_winners: bool | None
    mp_places: int | None

    def __call__(self, lines: list[Result]) -> EventScore | None:
        """The lines scored (None for none)."""
        if not lines:
            return None
        return score_event(lines, self.method, scale=self.scale, norm=self.norm, two_winners=self.two_winners,
                           mp_places=self.mp_places)


def section_scorer(section: Section, scale: Scale | None = None, method: Method | None = None) -> SectionScorer:
    """How ``score_read`` scores the section's lines (by its own scale and method unless given)."""
    movement = None if results_only(section) else movement_of(section)
    return SectionScorer(method if method is not None else scoring_method(section),
                         scale if scale is not None else Scale(section.scale),
                         None if movement is None else max(1, len(movement.encounters) // max(1, movement.sets)),
                         None if movement is None else movement.two_winners, None if movement is None else 2)


def score_read(section: Section, read: SectionRead, scale: Scale | None = None,
               method: Method | None = None) -> EventScore | None:
    """``score_section`` of what was read already (``read_section``): no query but the section's own."""
    lines, artificial, after = _lines(read)
    if not lines and not artificial:
        return None
    scored = section_scorer(section, scale, method)
    if artificial:
        lines = lines + _artificial_lines(artificial, scored(lines), section)
    result = scored(lines)
    two_winners = scored.two_winners
    if result is not None and after:
        apart = two_winners if two_winners is not None else any(s.field for s in result.standings)
        result = apply_after_scoring(result, after, authority_profile(section), apart)
    penalties = read.penalties
    return apply_penalties(result, penalties) if result is not None and penalties else result


def apply_penalties(scored: EventScore, penalties: list[SessionPenalty]) -> EventScore:
    """Each penalty taken off its pair's total (Law 90), in matchpoints for ``top`` (a fraction of a board's top),
    ``mp`` and ``percent`` (of the pair's maximum), else in IMPs or VPs as given; places are shared again."""
    top = next((b.top for b in scored.boards if b.top is not None), None)
    cut: dict[str, float] = defaultdict(float)
    steps = []
    for p in penalties:
        pair = str(penalised_pair(p).number)
        if p.unit == "top":
            amount = p.amount * (top or 0)
        elif p.unit == "percent":
            maximum = next((s.maximum for s in scored.standings if s.pair == pair and s.maximum), 0.0)
            amount = maximum * p.amount / 100
        else:
            amount = p.amount
        cut[pair] += amount
        steps.append(f"pair {pair}: {amount:g} off for ruling {p.ruling_id} ({p.amount:g} {p.unit}, Law 90)")
    standings = []
    for s in scored.standings:
        total = round(s.total - cut.get(s.pair, 0.0), 6)
        pct = 100 * total / s.maximum if s.maximum else None
        standings.append(replace(s, total=total, percent=pct))
    ranked: list[Standing] = []
    for field in sorted({s.field for s in standings}):
        group = sorted((s for s in standings if s.field == field),
                       key=lambda s: -(s.percent if s.percent is not None else s.total))
        keys = [round(s.percent if s.percent is not None else s.total, 6) for s in group]
        ranked.extend(replace(s, place=place) for s, place in zip(group, shared_places(keys), strict=True))
    return replace(scored, standings=tuple(ranked), steps=(*scored.steps, *steps))
