"""The play period as the director sees it: tricks, penalty cards, restrictions in force, and the board summary.

Used by ``bridge-director table play`` / ``table replay`` (text and JSON); the auction part stays in
``engine.log.state_json`` / ``summary``.

>>> from bridge_director.engine import Table
>>> t = Table(1, dealer="N", deal="N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
>>> _ = t.auction("1NT P P P")
>>> play_lines(t.state)[0]
'Play: 1NT by N, dummy South; trick 1, East to lead; tricks NS 0, EW 0'
"""

from __future__ import annotations

from typing import Any

from ..model import Seat, Side
from .play import is_lead, trick_number
from .state import TableState
from .summary import board_summary, summary_json


def _name(seat: Seat) -> str:
    return seat.name.title()


def play_json(state: TableState) -> dict[str, Any] | None:
    """The play period as JSON (None before the play has begun)."""
    play = state.play
    if play is None:
        return None
    period = state.period
    rule = period.lead_rule
    pr = period.play_rule
    return {
        "contract": str(play.contract), "declarer": play.contract.declarer.letter,
        "dummy": play.contract.dummy.letter,
        "tricks": [{"leader": t.leader.letter, "cards": [str(c) for c in t.cards],
                    "winner": t.winner(play.trump).letter if t.complete else None} for t in play.tricks if t.cards],
        "next": None if play.finished or period.ended else play.next_seat.letter,
        "trick": trick_number(play),
        "won": {"NS": play.tricks_won(Side.NS), "EW": play.tricks_won(Side.EW)},
        "penalty_cards": [{"seat": p.seat.letter, "card": str(p.card), "major": p.major, "law": p.law}
                          for p in state.penalty_cards],
        "lead_rule": None if rule is None else {"seat": rule.seat.letter, "suit": rule.suit.letter,
                                                "require": rule.require, "law": rule.law},
        "play_rule": None if pr is None else {"seat": pr.seat.letter, "kind": pr.kind,
                                              "suit": pr.suit.letter if pr.suit is not None else None,
                                              "card": str(pr.card) if pr.card is not None else None, "law": pr.law},
        "claim": None if play.claim is None else {"seat": play.claim.claimer.letter, "tricks": play.claim.tricks,
                                                  "statement": play.claim.statement, "agreed": play.claim.agreed},
        "ended": play.finished or period.ended,
        "summary": summary_json(state) | {"flags": list(board_summary(state).flags)},
    }


def rules_in_force(state: TableState) -> list[str]:
    """The lead and play restrictions in force, in words."""
    out: list[str] = []
    rule = state.period.lead_rule
    if rule is not None:
        suit = rule.suit.name.lower()
        what = f"must lead {suit}" if rule.require else f"may not lead {suit} for as long as he keeps the lead"
        out.append(f"{_name(rule.seat)} {what} (Law {rule.law})")
    pr = state.period.play_rule
    if pr is not None:
        if pr.kind == "card" and pr.card is not None:
            out.append(f"{_name(pr.seat)}'s {pr.card.symbol} is already played and goes to the trick at his turn "
                       f"(Law {pr.law})")
        else:
            suit = f" {pr.suit.name.lower()}" if pr.suit is not None else ""
            out.append(f"{_name(pr.seat)} at trick {pr.trick}: {pr.kind}{suit} (Law {pr.law})")
    return out


def play_lines(state: TableState) -> list[str]:
    """The play period in words: where the play stands, the tricks, penalty cards, rules, and the summary at the end."""
    play = state.play
    if play is None:
        return []
    c = play.contract
    ended = play.finished or state.period.ended
    where = "play ended" if ended else (f"trick {trick_number(play)}, {_name(play.next_seat)} to "
                                        + ("lead" if is_lead(play) else "play"))
    lines = [f"Play: {c}, dummy {_name(c.dummy)}; {where}; tricks NS {play.tricks_won(Side.NS)}, "
             f"EW {play.tricks_won(Side.EW)}"]
    for i, t in enumerate(play.tricks, 1):
        if t.cards:
            won = f" won by {_name(t.winner(play.trump))}" if t.complete else ""
            lines.append(f"  {i:2d}. {_name(t.leader)} leads: " + " ".join(x.symbol for x in t.cards) + won)
    if state.penalty_cards:
        lines.append("Penalty cards on the table: " + ", ".join(
            f"{_name(p.seat)} {p.card.symbol} ({'major' if p.major else 'minor'}, Law {p.law})"
            for p in state.penalty_cards))
    rules = rules_in_force(state)
    if rules:
        lines.append("In force: " + "; ".join(rules))
    if play.claim is not None:
        cl = play.claim
        lines.append(f"Claim by {_name(cl.claimer)}: {cl.tricks} trick(s)" + (" agreed" if cl.agreed else " awarded")
                     + (f' — "{cl.statement}"' if cl.statement else ""))
    if ended and state.pending is None:
        lines += ["", "Board summary:", board_summary(state).text()]
    return lines
