"""What a written ruling says of a judgement ruling made at the table (Laws 81C, 92): the facts as the log holds
them, and every law the ruling applied — the review's own clauses, the law of the fact (73), the damage and the
kind of adjusted score — not only the last.

>>> from bridge_director.engine import Table
>>> t = Table(1)
>>> _ = t.auction("1S P")
>>> _ = t.hesitate("W")
>>> facts(t.state)
"West's break in tempo (after call 2)"
"""

from __future__ import annotations

from ..table.edition import Edition
from ..table.judged import Adjusted
from ..table.state import Record, TableState
from .adjustment import score_laws

#: the facts a judgement ruling may rest on
FACT_KINDS = ("hesitation", "explanation", "correction", "remark", "gesture", "psyche")


def facts(state: TableState) -> str:
    """The facts found at the table, in the order they happened."""
    return "; ".join(note.describe() for note in state.notes if note.kind in FACT_KINDS)


def _fact_laws(state: TableState) -> list[str]:
    kinds = {note.kind for note in state.notes}
    out: list[str] = []
    if "hesitation" in kinds:
        out.append("73A2")
    if kinds & {"remark", "gesture"}:
        out.append("73B1")
    if kinds & {"explanation", "correction"}:
        out.append("20F")
    return out


def _review_laws(record: Record) -> list[str]:
    """The clauses of the review's steps that the director answered (Law 16B or 21B), by edition."""
    from . import law16_ui, law21_misinformation
    answered = [key for key, _answer in record.steps]
    if record.law in ("16B", "16A"):
        table = law16_ui.laws_of(record.edition)
        extra = ["73C"]
    elif record.law == "21B":
        table = law21_misinformation.laws_of(record.edition)
        extra = []
    else:
        return []
    out: list[str] = []
    for key in answered:
        if key != "score":  # the kind of adjusted score names its own clause
            out.extend(part.strip() for part in table.get(key, "").split(",") if part.strip())
    return out + extra


def laws_applied(state: TableState, record: Record, adjusted: Adjusted) -> str:
    """Every law the ruling applied, in order, each once: ``16B, 73A2, 16B1(a), 16B1(b), 16B3, 73C, 12C1(b)``."""
    laws = [record.law, *_fact_laws(state), *_review_laws(record), adjusted.law]
    kind = {"assigned": "assigned", "weighted": "weighted", "split": "split", "serious-error": "serious"}.get(
        adjusted.kind)
    if kind is not None:
        laws.append(score_laws(record.edition)[kind])
    elif adjusted.kind == "artificial":
        laws.append("12C1" if record.edition is Edition.L1997 else "12C2")
    seen: list[str] = []
    for law in laws:
        if law and law not in seen:
            seen.append(law)
    return ", ".join(seen)
