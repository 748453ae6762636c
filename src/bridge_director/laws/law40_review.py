"""A psyche reported at the table, classified under the event's regulation (Law 40; EBU Orange Book 6; ACBL
Duplicate Decisions): ``DirectorReview("40", seat, call_no)`` after a ``psyche`` event (or on the director's own
initiative).

The stage asks the regulation's questions one at a time (``laws.psyche_report``: deliberate? gross? fielded? ...),
then records the finding: under the EBU a Red psyche, misbid or deviation scores the board by 6 D 2 with the
6 D 3 procedural penalty on a Red psyche (a ``red-psyche`` decision the session's result takes over, applied once
however often it is scored); elsewhere a departure partner could expect is an undisclosed understanding, flagged
for a Law 12 review of the score.  The table knows no history of the partnership: EBU 6 B 6 (a second Amber makes
both Red) is applied when the finding is stored in the register (``club.psyches.record_finding``).

When the side's system card is registered for the table, every question shows what the card says of the call
(``laws.psyche_card``: as agreed, a gross or minor departure, or pointing to an undisclosed agreement, with the
card's lines) and the answer it suggests; the director still answers, and the record keeps the card's verdict.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..errors import IllegalCallError
from ..model import Auction
from ..model.regulation import Authority, Colour, Departure
from ..table.events import DirectorReview, Event
from ..table.judged import Adjusted
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record, say
from .law40_psyches import Regime
from .law73_notes import check_call_no, psyche_law
from .pending import answer_to, describe
from .psyche_card import CardAdvice, advise
from .psyche_report import PsycheFinding, ReportedPsyche, psyche_finding, psyche_questions
from .ruling import Question, Ruling

NAME = "Psyche"
LAWS = ("40", "40A", "40A3", "40C", "40C1", "PSYCHE")


@dataclass(frozen=True, slots=True)
class PsycheReview(Pending):
    """The classification of ``offender``'s call ``call_no`` under ``authority``'s regulation."""

    call_no: int
    authority: Authority
    answers: tuple[tuple[str, str], ...] = ()


def authority_of(state: TableState) -> Authority:
    """The table's authority (the Laws alone, as a club, when none is known)."""
    try:
        return Authority(state.authority) if state.authority else Authority.CLUB
    except ValueError:
        return Authority.CLUB


def reported(state: TableState, stage: PsycheReview) -> ReportedPsyche:
    auction = Auction(state.dealer)
    for ac in state.calls:
        auction = auction.add(ac.call)
    return ReportedPsyche(auction, stage.call_no, stage.authority, stage.edition, state.level, state.board)


def findings(state: TableState) -> list[tuple[ReportedPsyche, dict[str, str]]]:
    """Each psyche the table's director classified: what was reported and the answers given, for the register
    to find again with the partnership's history (``club.psyches.record_finding``)."""
    out = []
    for r in state.records:
        if r.irregularity == NAME and r.steps and r.steps[0][0] == "call":
            stage = PsycheReview(r.offender, r.edition, int(r.steps[0][1]), authority_of(state))
            out.append((reported(state, stage), dict(r.steps[1:])))
    return out


def _questions(stage: PsycheReview, state: TableState) -> tuple[Question, ...]:
    return psyche_questions(reported(state, stage))


def card_advice(state: TableState, stage: PsycheReview) -> CardAdvice | None:
    """What the offending side's registered card says of the call (None: no card for that side)."""
    card = state.system.of(stage.offender.side) if state.system is not None else None
    if card is None:
        return None
    calls = tuple((ac.seat, ac.call) for ac in state.calls)
    return advise(card, calls, stage.call_no, state.deal, stage.edition, Regime.of(stage.authority), state.level)


def _advice_text(advice: CardAdvice | None, q: Question) -> list[str]:
    if advice is None:
        return []
    lines = [f"For the director, from the side's card: {advice.verdict.value}.", *(f"  {x}" for x in advice.lines)]
    hint = advice.suggestion(q.key)
    return [*lines, *([f"The card suggests: {hint} (your judgement decides)."] if hint else [])]


@describe.register
def _describe(stage: PsycheReview, state: TableState) -> Ruling:
    questions = _questions(stage, state)
    q = questions[len(stage.answers)]
    call = say(state.calls[stage.call_no - 1].call)
    done = "; ".join(f"{k}: {v}" for k, v in stage.answers)
    text = "\n".join([f"Director: {name(stage.offender)}'s {call} (call {stage.call_no}) reported as a psyche, "
                      f"classified under the {stage.authority.value} regulation (Law {psyche_law(stage.edition)}).",
                      *([f"Found so far: {done}."] if done else []),
                      f"Question {len(stage.answers) + 1} of {len(questions)}: {q.text}",
                      *_advice_text(card_advice(state, stage), q)])
    return Ruling(NAME, psyche_law(stage.edition), stage.edition, stage.offender, None, (), (q,), text)


def _finish(state: TableState, stage: PsycheReview, finding: PsycheFinding) -> TableState:
    o = stage.offender
    what = f"{finding.found.value.title()} {finding.departure.value.lower()}"
    advice = card_advice(state, stage)
    card = f"the card: {advice.verdict.value}" if advice is not None else ""
    outcome = "; ".join(x for x in (f"{name(o)}'s {say(finding.call)}: {what}", finding.adjust, finding.penalty,
                                    finding.conduct, *finding.notes, card) if x)
    s = state
    if finding.colour is Colour.RED and stage.authority is Authority.EBU:
        red = Adjusted(finding.laws or "40C, 12C2", "red-psyche", reason=finding.departure.value.lower(),
                       record=len(state.records), side=o.side.value)
        s = s.but(adjusted=(*s.adjusted, red))
    elif finding.adjust:
        s = flag(s, finding.laws or "40", o, finding.adjust)
    steps = (("call", str(stage.call_no)), *stage.answers)  # the register re-reads the finding with the history
    return record(s, finding.laws or psyche_law(stage.edition), NAME, o, outcome, stage.edition, steps)


@resolve.register
def _resolve(stage: PsycheReview, state: TableState, event: Event) -> TableState:
    questions = _questions(stage, state)
    q = questions[len(stage.answers)]
    answer = answer_to(q, event, lambda: _describe(stage, state))
    staged = replace(stage, answers=(*stage.answers, (q.key, answer)))
    if len(staged.answers) < len(questions):
        return state.but(pending=staged)
    return _finish(state, staged, psyche_finding(reported(state, staged), dict(staged.answers)))


@detector(DirectorReview, order=15)
def detect(state: TableState, event: DirectorReview) -> TableState | None:
    if event.law.strip().upper().replace(" ", "") not in LAWS:
        return None
    if event.call_no is None:
        raise IllegalCallError("name the call reported as a psyche (its number in the auction)", law="40")
    check_call_no(state, event.call_no)
    called = state.calls[event.call_no - 1]
    if called.seat != event.seat:
        raise IllegalCallError(f"call {event.call_no} ({say(called.call)}) was made by {name(called.seat)}, not "
                               f"{name(event.seat)}", law="40")
    return state.but(pending=PsycheReview(event.seat, event.laws, event.call_no, authority_of(state)))


_ = Departure
