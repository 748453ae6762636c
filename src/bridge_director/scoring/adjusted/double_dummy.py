"""Double-dummy help for weighing outcomes: tricks and scores of candidate contracts, and the par (endplay).

Needs the optional ``endplay`` package (``pip install bridge-director[dd]``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...errors import BridgeError
from ...model.contract import Contract
from ...model.deal import Deal
from ...model.seat import Seat, Vulnerability


@dataclass(frozen=True, slots=True)
class Candidate:
    """A contract with its double-dummy tricks and the NS score they bring."""

    contract: Contract
    tricks: int
    score_ns: int


@dataclass(frozen=True, slots=True)
class DoubleDummyReport:
    """Candidate contracts and the par of a deal."""

    candidates: tuple[Candidate, ...]
    par_score_ns: int
    par_contracts: tuple[str, ...]
    law: str
    steps: tuple[str, ...]


def _endplay() -> Any:
    try:
        import endplay.dds as dds
        import endplay.types as types
    except ImportError:
        raise BridgeError("double-dummy analysis needs endplay: pip install 'bridge-director[dd]'",
                          field="endplay") from None
    return dds, types


def double_dummy(deal_pbn: str, contracts: Sequence[str], dealer: Seat,
                 vulnerability: Vulnerability) -> DoubleDummyReport:
    """Tricks and NS scores of ``contracts`` (``"4S N"``, ``"3NTX S"``) on ``deal_pbn``, plus the par."""
    # Our own parser first: the solver must only ever see 52 distinct cards, 13 to a hand (Law 6).
    deal_pbn = Deal.from_pbn(deal_pbn).require_complete().to_pbn()
    dds, types = _endplay()
    try:
        deal = types.Deal(deal_pbn)
    except Exception as err:  # endplay raises plain errors for bad deals
        raise BridgeError(f"not a PBN deal: {deal_pbn!r} ({err})", field="Deal") from None
    table = dds.calc_dd_table(deal)
    candidates = []
    for text in contracts:
        parts = text.split()
        if len(parts) != 2:
            raise BridgeError(f"a candidate is '<contract> <declarer>', e.g. '4S N', not {text!r}", field="contract")
        contract = Contract.parse(parts[0], Seat.parse(parts[1]))
        tricks = int(table[types.Denom(_DENOM[contract.strain]), types.Player(int(contract.declarer))])
        candidates.append(Candidate(contract, tricks, contract.score_ns(tricks, vulnerability)))
    vul = {Vulnerability.NONE: types.Vul.none, Vulnerability.NS: types.Vul.ns, Vulnerability.EW: types.Vul.ew,
           Vulnerability.BOTH: types.Vul.both}[vulnerability]
    par = dds.par(table, vul, types.Player(int(dealer)))
    par_contracts = tuple(dict.fromkeys(str(c) for c in par))
    steps = (*(f"{c.contract}: {c.tricks} tricks double dummy, NS {c.score_ns:+d}" for c in candidates),
             f"par NS {int(par.score):+d} ({', '.join(par_contracts)})")
    return DoubleDummyReport(tuple(candidates), int(par.score), par_contracts, "12C1", steps)


# our Strain order is C, D, H, S, NT; endplay's Denom is S, H, D, C, NT
_DENOM = {0: 3, 1: 2, 2: 1, 3: 0, 4: 4}
