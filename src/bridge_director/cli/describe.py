"""One line for a stored result or pair, as ``session results`` and ``ruling show`` print them (no Typer here)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..register.models import Pair, SessionResult


def pair_text(pair: Pair | None) -> str:
    """``pair 3``, or ``pair 12 (3A)`` where the uploaded travellers name it otherwise."""
    if pair is None:
        return "no pair"
    label = pair.label
    return f"pair {pair.number}" + (f" ({label})" if label and label != str(pair.number) else "")


def score_text(row: SessionResult) -> str:
    """What the table scored: ``4S by N, 10 tricks, +420``, ``passed out``, ``not played`` or an upload's award."""
    if row.status == "awarded":
        return f"awarded N-S {row.ns_award or 0:g}, E-W {row.ew_award or 0:g}"
    if row.status == "not-played":
        return "not played"
    if row.contract.strip().upper() in ("PASS", "P"):
        return "passed out"
    score = "no score" if row.ns_score is None else f"{row.ns_score:+d}"
    return f"{row.contract} by {row.declarer}, {row.tricks} tricks, {score}"


def result_text(row: SessionResult) -> str:
    """Where a result is and what it was: board, table (and round where there is one), the pairs, the score."""
    where = f"board {row.board.number}, table {row.table_no}" + (f", round {row.round_no}" if row.round_no else "")
    return f"{where}: {pair_text(row.ns_pair)} v {pair_text(row.ew_pair)}, {score_text(row)}"
