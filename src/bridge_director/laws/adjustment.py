"""The last step of a judgement ruling: the adjusted score (Law 12C), entered as text and kept as data.

The director's answer is one result, several weighted results, or one result for each side::

    4S N 9                      assigned (2017 12C1(b); 2007 12C1(a); 1997 12C2)
    60% 4S N 9; 40% 4S N 10     weighted (12C1(c); 1997 12C3)
    NS: 5D S 12; EW: table      split: each side its own result (most favourable likely / least favourable
                                at all probable: 2007 12C1(e) where the authority so decides, 1997 12C2)
    NS: A+; EW: A-              artificial: average plus / average / average minus by each side's share of the
                                fault when no result can be obtained (2017 12C2; 1997 12C1)
    serious NS: 4S N 10; 4S N 9 the non-offenders (NS) added to their own damage by a serious error or a wild or
                                gambling action: the likely result without the infraction, then the one it led to
                                (2017 12C1(e); 2007 12C1(b)); they keep the self-inflicted part
    stands                      no adjustment

Tricks are a number (``9``) or relative to the contract (``=``, ``+1``, ``-2``); ``table`` is the result at the
table; ``PASS`` a board passed out.

>>> [line.text() for line in parse_score("60% 4S N =; 40% 4S N -1", None).lines]
['4S by North, 10 tricks', '4S by North, 9 tricks']
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from ..errors import BridgeError, IllegalCallError
from ..model import Contract, Seat, Strain
from ..table.edition import Edition
from ..table.judged import Adjusted, ScoreLine
from ..table.state import TableState

ARTIFICIAL = ("A+", "A", "A-")
_LINE = re.compile(r"^(?:(?P<side>NS|EW|N-S|E-W)\s*:\s*)?(?:(?P<weight>\d+(?:\.\d+)?)\s*%\s*)?(?P<rest>.+)$",
                   re.IGNORECASE)


def damage_law(edition: Edition) -> str:
    """Where the Laws say what damage is: 12B1 (2017, 2007); 12C2 in 1997, whose 12B is undue severity."""
    return "12C2" if edition is Edition.L1997 else "12B1"


def score_laws(edition: Edition) -> dict[str, str]:
    """The law of each kind of adjusted score in ``edition``."""
    if edition is Edition.L1997:
        return {"assigned": "12C2", "split": "12C2", "weighted": "12C3", "serious": "12C2"}
    if edition is Edition.L2007:  # 2007 12C2 is the artificial score
        return {"assigned": "12C1(a)", "split": "12C1(e)", "weighted": "12C1(c)", "serious": "12C1(b)"}
    return {"assigned": "12C1(b)", "split": "12C1(e)", "weighted": "12C1(c)", "serious": "12C1(e)"}


def table_result(state: TableState) -> ScoreLine | None:
    """The result at the table, once the play is over (None before)."""
    from ..table.summary import board_summary
    summary = board_summary(state.but(pending=None))
    if state.passed_out:
        return ScoreLine("PASS")
    if summary.contract is None or summary.final_tricks is None:
        return None
    return ScoreLine(summary.contract.pbn, summary.contract.declarer.letter, summary.final_tricks)


def _line(text: str, state: TableState | None) -> ScoreLine:
    m = _LINE.match(text.strip())
    if m is None:  # a part over two lines; a match always has a rest that is not blank (the part is stripped)
        raise IllegalCallError(f"not a result: {text!r} (e.g. '4S N 9', '60% 4S N 9', 'NS: 5D S 12')", law="12C")
    side = (m["side"] or "").upper().replace("-", "")
    weight = float(m["weight"]) if m["weight"] else 100.0
    words = m["rest"].split()
    if len(words) == 1 and words[0].lower() == "table":
        found = table_result(state) if state is not None else None
        if found is None:
            raise IllegalCallError("'table' is the result at the table, and the play is not over", law="12C")
        return ScoreLine(found.contract, found.declarer, found.tricks, weight, side)
    if len(words) == 1 and words[0].upper() in ARTIFICIAL:
        return ScoreLine(words[0].upper(), weight=weight, side=side)
    if len(words) == 1 and words[0].upper() in ("PASS", "P", "AP"):
        return ScoreLine("PASS", weight=weight, side=side)
    if len(words) != 3:
        raise IllegalCallError(f"a result is contract, declarer and tricks, e.g. '4S N 9', not {text!r}", law="12C")
    contract = Contract.parse(words[0], Seat.parse(words[1]))
    tricks_text = words[2]
    if tricks_text == "=":
        tricks = contract.level + 6
    elif re.fullmatch(r"[+-]\d{1,2}", tricks_text):
        tricks = contract.level + 6 + int(tricks_text)
    elif tricks_text.isdigit():
        tricks = int(tricks_text)
    else:
        raise IllegalCallError(f"tricks are a number 0-13, '=', '+1' or '-2', not {tricks_text!r}", law="12C")
    if not 0 <= tricks <= 13:
        raise IllegalCallError(f"{tricks} tricks: declarer takes 0 to 13", law="12C")
    return ScoreLine(contract.pbn, contract.declarer.letter, tricks, weight, side)


SERIOUS = re.compile(r"^serious\s+(?P<side>NS|EW|N-S|E-W)\s*:\s*(?P<rest>.+)$", re.IGNORECASE)


def _serious(m: re.Match[str], state: TableState | None, law: str) -> Adjusted:
    """``serious NS: 4S N 10; 4S N 9``: the non-offenders (NS) caused part of their own damage by a serious error
    or a wild or gambling action (2017 12C1(e) as numbered here; 2007 12C1(b)): the first result is the likely one
    without the infraction, the second the one the infraction led to had they not erred.  They keep the damage they
    did themselves; the offenders get the score due to their infraction alone."""
    clause = score_laws(state.laws if state is not None else Edition.L2017)["serious"]
    parts = [p for p in m["rest"].split(";") if p.strip()]
    if len(parts) != 2:
        raise IllegalCallError("a serious error gives two results: the likely one without the infraction, then "
                               "the one the infraction led to, e.g. 'serious NS: 4S N 10; 4S N 9'", law=clause)
    lines = tuple(_line(part, state) for part in parts)
    if any(line.side or line.weight != 100.0 or line.contract in ARTIFICIAL for line in lines):
        raise IllegalCallError("each result of a serious error is contract, declarer and tricks", law=clause)
    return Adjusted(law, "serious-error", lines, side=m["side"].upper().replace("-", ""))


def parse_score(answer: str, state: TableState | None, law: str = "12C") -> Adjusted:
    """The adjusted score the director entered (see the module's grammar); refused naming Law 12C if malformed."""
    text = answer.strip()
    if text.lower() in ("stands", "none", "table result stands"):
        return Adjusted(law, "none")
    serious = SERIOUS.match(text)
    if serious is not None:
        return _serious(serious, state, law)
    lines = tuple(_line(part, state) for part in text.split(";") if part.strip())
    if not lines:
        raise IllegalCallError("enter the adjusted score, e.g. '4S N 9', or 'stands'", law="12C")
    sides = [line.side for line in lines]
    faults = [line.contract for line in lines if line.contract in ARTIFICIAL]
    if faults:
        if len(faults) != len(lines) or sorted(sides) != ["EW", "NS"]:
            raise IllegalCallError("an artificial score gives each side A+, A or A-: 'NS: A+; EW: A-'", law="12C2")
        return Adjusted(law, "artificial", lines)
    if any(sides):
        if sorted(sides) != ["EW", "NS"]:
            raise IllegalCallError("a split score gives one result to NS and one to EW", law="12C")
        return Adjusted(law, "split", lines)
    if len(lines) == 1:
        return Adjusted(law, "assigned", lines)
    total = sum(line.weight for line in lines)
    if any(not math.isfinite(line.weight) or line.weight <= 0 for line in lines) or abs(total - 100) > 1e-6:
        raise IllegalCallError(f"the weights of a weighted score add up to 100%, not {total:g}%", law="12C1c")
    return Adjusted(law, "weighted", lines)


@lru_cache(maxsize=64)
def _dd_rows(deal_pbn: str) -> tuple[tuple[str, tuple[int, ...]], ...] | None:
    from ..model import Vulnerability
    from ..scoring.adjusted.double_dummy import double_dummy
    try:
        cands = [f"1{strain.letter} {seat.letter}" for strain in Strain for seat in Seat]
        report = double_dummy(deal_pbn, cands, Seat.NORTH, Vulnerability.NONE)
    except BridgeError:
        return None
    tricks = [c.tricks for c in report.candidates]
    return tuple((strain.symbol, tuple(tricks[i * 4:(i + 1) * 4])) for i, strain in enumerate(Strain))


def dd_help(state: TableState) -> str:
    """The double-dummy tricks of every strain for each declarer (endplay), to help choose the likely results."""
    if state.deal is None or not state.deal.complete:
        return "Double dummy: no complete deal is known for this board."
    rows = _dd_rows(state.deal.to_pbn())
    if rows is None:
        return "Double dummy: the solver (endplay) is not installed."
    return "Double dummy, tricks for declarer N/E/S/W: " + "; ".join(
        f"{symbol} {'/'.join(str(t) for t in tricks)}" for symbol, tricks in rows) + "."


def table_text(state: TableState) -> str:
    """`` at the table (4S by North, 9 tricks)``, once the board is over; empty before."""
    found = table_result(state)
    return f" at the table ({found.text()})" if found is not None else ""


def score_question_text(state: TableState, edition: Edition) -> str:
    laws = score_laws(edition)
    found = table_result(state)
    table = f" The table result: {found.text()}." if found is not None else ""
    return (f"Enter the adjusted score: one result (assigned, Law {laws['assigned']}), weighted results "
            f"('60% 4S N 9; 40% 4S N 10', Law {laws['weighted']}), or a result for each side ('NS: 5D S 12; EW: "
            f"table': the non-offenders the most favourable result that was likely, the offenders the most "
            f"unfavourable that was at all probable, Law {laws['split']}); after a serious error or a wild or "
            f"gambling action by the non-offenders, 'serious NS: 4S N 10; 4S N 9' (the likely result without the "
            f"infraction; the one it led to), Law {laws['serious']}.{table} {dd_help(state)}")
