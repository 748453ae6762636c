"""Law 26 in the play: declarer's choice when the partner of a player whose call was withdrawn is first on lead.

The restriction itself is recorded in the auction (``TableState.lead_restrictions``, see ``laws.law26``); here it
becomes a pending ruling at the offender's partner's first turn to lead (the opening lead included):

* 2017 (26B): declarer may forbid the lead of any one suit the offender has not specified in the legal auction,
  for as long as partner keeps the lead — or impose nothing.
* 2007/1997 (26A): a suit specified by the withdrawn call and not specified by the offender in the legal auction:
  declarer may require its lead, or forbid it for as long as partner keeps the lead; if the offender specified every
  such suit, there is no restriction (26A1); if the withdrawn call specified no suit (26B), he may forbid any one
  suit.  Or impose nothing.

The suits come from ``law26.choices``, the same as the board summary's ``lead_restrictions_in_force``.

The choice becomes a ``LeadRule`` (law ``26``) enforced on the lead by ``table.play.check_rules``; a player who
cannot comply leads any card (Law 59).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from ..model import Seat, Suit
from ..table.events import Choice, Event
from ..table.play import is_defender, is_lead, the_play
from ..table.play_state import LeadRule
from ..table.registry import after_event, resolve
from ..table.state import Pending, TableState
from .common import name, record, say
from .law26 import choices
from .pending import describe, refuse
from .ruling import Option, Ruling


@dataclass(frozen=True, slots=True)
class LeadRestrictionChoice(Pending):
    """Law 26: the partner of ``offender`` is on lead; declarer chooses under restriction number ``index``."""

    index: int


def _suit_word(suit: Suit) -> str:
    return suit.name.lower()


def _forbid(p: Seat, suit: Suit, law: str) -> Option:
    w = _suit_word(suit)
    return Option(f"forbid:{suit.letter}", f"forbid {name(p)} to lead {w}",
                  f"{name(p)} may not lead {w} for as long as he keeps the lead (if he holds nothing else, any card: "
                  f"Law 59) (Law {law})", law)


def options(state: TableState, stage: LeadRestrictionChoice) -> tuple[Option, ...]:
    """Declarer's options by edition, each with its exact consequence (suits as the director judged them)."""
    lr = state.lead_restrictions[stage.index]
    p = lr.offender.partner
    required, forbidden, law = choices(state, lr)
    opts: list[Option] = []
    for suit in required:
        w = _suit_word(suit)
        opts.append(Option(f"require:{suit.letter}", f"require {name(p)} to lead {w}",
                           f"{name(p)} must lead a {w[:-1]} now (if he has none, any card: Law 59) (Law 26A)", "26A"))
    opts += [_forbid(p, suit, law) for suit in forbidden]
    if opts:
        opts.append(Option("none", "impose no restriction", f"{name(p)} leads any card he likes (Law 26)", "26"))
    return tuple(opts)


@after_event
def check_lead(state: TableState) -> TableState:
    """Open the Law 26 ruling when the offender's partner has his first turn to lead (after every event, so
    that the director's judgement of the suits (``laws.law26``) and a Law 50D2 ruling come first)."""
    if state.pending is not None or state.play is None or state.play.finished or state.period.ended:
        return state
    play = state.play
    if not is_lead(play):
        return state
    leader = play.next_seat
    if not is_defender(play, leader):
        return state
    done = state.period.lead26_done
    for i, lr in enumerate(state.lead_restrictions):
        if i in done or lr.offender.side == play.contract.side or lr.offender.partner != leader:
            continue
        stage = LeadRestrictionChoice(lr.offender, lr.edition, i)
        s = state.but(period=replace(state.period, lead26_done=(*done, i)))
        if options(s, stage):
            return s.but(pending=stage)
        state = s
        done = state.period.lead26_done
    return state


@describe.register
def _describe(stage: LeadRestrictionChoice, state: TableState) -> Ruling:
    play = the_play(state)
    decl = play.contract.declarer
    lr = state.lead_restrictions[stage.index]
    o, p = lr.offender, lr.offender.partner
    first = "the opening lead" if not play.completed_tricks else "his first turn to lead"
    opts = options(state, stage)
    lines = [f"{name(decl)}, {name(o)}'s {say(lr.withdrawn)} was withdrawn in the auction and {name(p)} now has "
             f"{first} (Law 26, {lr.edition} Laws).",
             f"{name(p)}, do not lead until declarer has chosen.",
             *(f"{i}. {opt.label}: {opt.consequence}." for i, opt in enumerate(opts, 1)),
             f"{name(decl)}, which do you choose?"]
    return Ruling("Lead restriction after a withdrawn call", "26", stage.edition, o, decl, opts, (),
                  "\n".join(lines))


@resolve.register
def _resolve(stage: LeadRestrictionChoice, state: TableState, event: Event) -> TableState:
    play = the_play(state)
    decl = play.contract.declarer
    opts = {o.key: o for o in options(state, stage)}
    if not (isinstance(event, Choice) and event.seat in (None, decl) and event.option in opts):
        raise refuse(_describe(stage, state), event)
    lr = state.lead_restrictions[stage.index]
    p = lr.offender.partner
    opt = opts[event.option]
    s = state.but(pending=None)
    if event.option == "none":
        s = record(s, "26", "Lead restriction", lr.offender, f"declarer imposed no lead restriction on {name(p)}",
                   stage.edition)
    else:
        kind, letter = event.option.split(":")
        suit = Suit("CDHS".index(letter))
        s = s.but(period=replace(s.period, lead_rule=LeadRule(p, suit, kind == "require", opt.law)))
        verb = "required" if kind == "require" else "forbade"
        s = record(s, opt.law, "Lead restriction", lr.offender,
                   f"declarer {verb} the lead of {_suit_word(suit)} by {name(p)}", stage.edition)
    return s
