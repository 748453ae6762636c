"""The double-dummy table of a deal for the calculator: tricks for each strain and declarer, and the par.

All of it comes from ``scoring.adjusted.double_dummy`` (endplay); without endplay the page says so.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..model import Deal, Seat, Strain, board_dealer, board_vulnerability
from ..scoring.adjusted import double_dummy

STRAINS = tuple(Strain)


@dataclass(frozen=True, slots=True)
class DoubleDummyTable:
    """One row a strain (its symbol, then the tricks for declarer N, E, S, W), the par, and the steps."""

    rows: tuple[tuple[str, tuple[int, ...]], ...]
    par: str
    steps: tuple[str, ...]


def dd_table(deal_pbn: str, board: int, contract: str = "", declarer: str = "") -> DoubleDummyTable:
    """The table for ``deal_pbn`` on board ``board`` (dealer and vulnerability by Law 2); a given contract
    is analysed too."""
    deal_pbn = Deal.from_pbn(deal_pbn.strip()).to_pbn()  # 52 distinct cards first: the solver must not see less
    seats = tuple(Seat)
    candidates = [f"1{strain.letter} {seat.letter}" for strain in STRAINS for seat in seats]
    if contract and declarer:
        candidates.append(f"{contract} {declarer}")
    report = double_dummy(deal_pbn, candidates, board_dealer(board), board_vulnerability(board))
    tricks = [c.tricks for c in report.candidates]
    rows = tuple((strain.symbol, tuple(tricks[i * 4:(i + 1) * 4])) for i, strain in enumerate(STRAINS))
    par = f"par NS {report.par_score_ns:+d} ({', '.join(report.par_contracts)})"
    steps = report.steps[len(STRAINS) * 4:]  # the given contract (if any) and the par
    return DoubleDummyTable(rows, par, tuple(steps))
