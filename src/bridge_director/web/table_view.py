"""A table state as plain data for the API and the templates (read-only; the engine decides everything)."""

from __future__ import annotations

from typing import Any

from ..laws.common import lead_text
from ..laws.registry import describe
from ..laws.ruling import Ruling
from ..laws.script import short_script
from ..table.play_view import rules_in_force
from ..table.state import TableState
from .board_end import card_out, claim_view, revokes_view, summary_view
from .entries import describe_event
from .schemas import CallOut, LogOut, OptionOut, QuestionOut, RecordOut, RulingOut, TableOut
from .tables import LogEntry


def _title(name: str) -> str:
    return name.title()


def ruling_of(state: TableState) -> Ruling | None:
    """The pending ruling as the law modules describe it, or None."""
    return describe(state.pending, state) if state.pending is not None else None


def ruling_out(ruling: Ruling) -> RulingOut:
    return RulingOut(
        irregularity=ruling.irregularity, law=ruling.law, edition=str(ruling.edition),
        offender=_title(ruling.offender.name), chooser=_title(ruling.chooser.name) if ruling.chooser else None,
        caller=_title(ruling.caller.name) if ruling.caller else None, text=ruling.text,
        short=short_script(ruling),
        options=[OptionOut(key=o.key, label=o.label, consequence=o.consequence, law=o.law) for o in ruling.options],
        questions=[QuestionOut(key=q.key, text=q.text, answers=list(q.answers), law=q.law)
                   for q in ruling.questions],
    )


def calls_open(state: TableState, ruling: Ruling | None) -> bool:
    """Whether a call can be entered now: during the auction, or while the pending ruling waits for a call
    (e.g. the offender's replacement call).  Once the auction is over a call is one after the final pass
    (Law 39), entered under "Other irregularities" rather than from the bidding box."""
    return not state.auction_over or (ruling is not None and ruling.caller is not None)


def table_out(state: TableState, table_id: str | None = None, log: list[LogEntry] | None = None) -> TableOut:
    """Everything the director needs to see about ``state``."""
    ruling = ruling_of(state)
    contract = state.contract()
    return TableOut(
        id=table_id, board=state.board, dealer=_title(state.dealer.name), vulnerability=state.vulnerability.value,
        laws=str(state.laws), phase=state.phase, next_seat=_title(state.next_seat.name),
        calls_open=calls_open(state, ruling),
        calls=[CallOut(seat=ac.seat.letter, call=str(ac.call)) for ac in state.calls],
        ruling=ruling_out(ruling) if ruling is not None else None,
        restrictions=[r.describe() for r in state.restrictions],
        lead_restrictions=[lead_text(lr.offender, lr.withdrawn, lr.edition) for lr in state.lead_restrictions],
        rules_in_force=rules_in_force(state),
        exposed=[f"{_title(e.seat.name)}: {e.card.symbol}{' (led)' if e.led else ''}" for e in state.exposed],
        penalty_cards=[f"{_title(p.seat.name)}: {p.card.symbol} ({'major' if p.major else 'minor'}, Law {p.law})"
                       for p in state.penalty_cards],
        unauthorised=[f"{u.side.value}: {u.source} is unauthorised information (Law {u.law})"
                      for u in state.unauthorised],
        flags=[f"Law {f.law}, {f.side.value}: {f.text}" for f in state.flags],
        records=[RecordOut(law=r.law, irregularity=r.irregularity, offender=_title(r.offender.name),
                           outcome=r.outcome) for r in state.records],
        contract=str(contract) if contract is not None else None,
        contract_pbn=contract.pbn if contract is not None else None,
        declarer=contract.declarer.letter if contract is not None else None,
        deal=state.deal.to_pbn() if state.deal is not None else None,
        **play_view(state),
        revokes=revokes_view(state), claim=claim_view(state), summary=summary_view(state),
        log=[LogOut(number=e.number, text=describe_event(e.event), undone=e.undone) for e in (log or [])],
    )


def play_view(state: TableState) -> dict[str, Any]:
    """The play period: whose turn, the cards that hand holds (as buttons), the tricks so far and left."""
    play = state.play
    if play is None or play.finished or state.period.ended:
        return {}
    seat = play.next_seat
    held = sorted(play.remaining_hands()[seat].cards, key=lambda c: (-int(c.suit), -int(c.rank)))
    tricks = f"declarer {play.declarer_tricks}, defenders {len(play.completed_tricks) - play.declarer_tricks}"
    return {"play_seat": _title(seat.name), "hand": [card_out(c) for c in held], "tricks": tricks,
            "tricks_left": 13 - len(play.completed_tricks)}
