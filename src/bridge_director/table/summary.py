"""The board summary at the end of play: tricks at the table, every transfer and adjustment with its law,
the final tricks, the result and the score (Law 77, from the model), and every note the director must see
(unauthorised information, possible adjustments, the rulings given).

>>> from bridge_director.engine import Table
>>> from bridge_director.table.play import CardPlayed
>>> t = Table(1, dealer="N", deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> _ = t.auction("1NT P P P")
>>> board_summary(t.state).final_tricks is None
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..model import Contract
from .play_state import Adjustment, Transfer
from .state import TableState


@dataclass(frozen=True, slots=True)
class BoardSummary:
    """What the director signs off: ``final_tricks`` and ``score_ns`` are None while the play is unfinished."""

    contract: Contract | None
    tricks_at_table: int | None
    transfers: tuple[Transfer, ...]
    adjustments: tuple[Adjustment, ...]
    final_tricks: int | None
    result: str | None
    score_ns: int | None
    flags: tuple[str, ...]
    unauthorised: tuple[str, ...]
    rulings: tuple[str, ...]
    notes: tuple[str, ...]
    pending: bool

    def text(self) -> str:
        lines = [f"Contract: {self.contract}" if self.contract else "Contract: none (passed out or auction open)"]
        if self.tricks_at_table is not None:
            lines.append(f"Tricks to declarer at the table: {self.tricks_at_table}")
        for t in self.transfers:
            lines.append(f"Law {t.law}: {t.text}" + (f" — {t.tricks} trick(s) transferred" if t.tricks else ""))
        for a in self.adjustments:
            lines.append(f"Law {a.law}: director credits declarer with {a.declarer_tricks} tricks"
                         + (f" ({a.text})" if a.text else ""))
        if self.final_tricks is not None and self.contract is not None:
            lines.append(f"Final: {self.final_tricks} tricks, {self.contract} {self.result}, score NS "
                         f"{self.score_ns:+d}")
        elif self.pending:
            lines.append("A ruling is pending: no result yet.")
        for title, items in (("Possible score adjustment", self.flags), ("Unauthorised information",
                                                                         self.unauthorised),
                             ("Rulings", self.rulings), ("Notes", self.notes)):
            if items:
                lines.append(title + ":")
                lines += [f"  - {x}" for x in items]
        return "\n".join(lines)


def tricks_at_table(state: TableState) -> int | None:
    play = state.play
    if play is None or not play.finished:
        return None
    return play.declarer_tricks


def board_summary(state: TableState) -> BoardSummary:
    """The summary of the board as it stands (final figures only once the play has ended and nothing is pending)."""
    play = state.play
    contract = play.contract if play is not None else state.contract()
    table = tricks_at_table(state)
    period = state.period
    final: int | None = None
    if table is not None and state.pending is None and contract is not None:
        final = table
        for t in period.transfers:
            sign = -1 if t.offender.side == contract.side else 1
            final += sign * t.tricks
        final = max(0, min(13, final))
        if period.adjustments:
            final = period.adjustments[-1].declarer_tricks
    score = result = None
    if final is not None and contract is not None:
        score = contract.score_ns(final, state.vulnerability)
        result = contract.result_text(final)
    elif state.passed_out and state.pending is None:
        score = 0
    return BoardSummary(
        contract, table, period.transfers, period.adjustments, final, result, score,
        tuple(f"Law {f.law} ({f.side.value}): {f.text}" for f in state.flags),
        tuple(f"to {u.side.value}: {u.source} (Law {u.law})" for u in state.unauthorised),
        tuple(f"Law {r.law} ({r.edition}): {r.outcome}" for r in state.records),
        period.notes, state.pending is not None)


def summary_json(state: TableState) -> dict[str, Any]:
    s = board_summary(state)
    play = state.play
    return {
        "contract": str(s.contract) if s.contract else None,
        "tricks_played": len(play.completed_tricks) if play is not None else 0,
        "tricks_at_table": s.tricks_at_table,
        "transfers": [{"law": t.law, "offender": t.offender.letter, "tricks": t.tricks, "text": t.text}
                      for t in s.transfers],
        "adjustments": [{"law": a.law, "declarer_tricks": a.declarer_tricks, "text": a.text} for a in s.adjustments],
        "final_tricks": s.final_tricks, "result": s.result, "score_ns": s.score_ns,
        "penalty_cards": [{"seat": p.seat.letter, "card": str(p.card), "major": p.major} for p in state.penalty_cards],
        "revokes": [{"seat": r.seat.letter, "trick": r.trick, "card": str(r.card), "established": r.established,
                     "corrected": r.corrected, "rule": r.rule} for r in state.period.revokes],
        "notes": list(s.notes),
    }
