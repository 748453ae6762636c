"""Law 26: the lead restriction after a withdrawn call, worked out once the auction has ended.

2017 (26): declarer may forbid the lead of any one suit the offender has not specified in the legal
auction, at his partner's first turn to lead, while partner keeps the lead; none after a comparable call.
2007/1997 (26A/26B): a suit specified by the withdrawn call and not specified by the offender in the legal
auction may be required or forbidden; if the offender specified every such suit, no restriction (26A);
if the withdrawn call specified no suit, declarer may forbid any one suit (26B).

Which suits a call specified is the director's judgement (an artificial call specifies the suits it
shows, not the one it names: a Michaels cue bid of 2♣ specifies hearts and spades).  When the auction is
over and the offender defends, the director is asked (``SuitsQuestion``):

* ``specified_suits`` (1997/2007 only): the suits the withdrawn call specified — suit letters, ``"HS"``;
  lower case for suits it promised without saying which (``"Sdc"``: spades and a minor: such a suit may be
  forbidden, never required), or ``"none"``;
* ``legal_suits`` (every edition, when the offender made a bid, double or redouble in the legal
  auction): the suits the offender specified in the legal auction, in the same form.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

from ..model import Bid, Pass, Seat, Strain, Suit
from ..table.edition import Edition
from ..table.events import Event, Judgement
from ..table.registry import after_event, resolve
from ..table.state import LeadRestriction, Pending, TableState
from .common import name, say
from .pending import describe, refuse
from .ruling import Question, Ruling

LETTERS = "CDHS"
#: every answer the director may give with capitals only (lower-case letters are accepted too, see ``parse``)
ANSWERS: tuple[str, ...] = ("none", *("".join(c) for n in range(1, 5) for c in combinations("SHDC", n)))


def parse(answer: str) -> tuple[tuple[int, ...], tuple[int, ...]] | None:
    """``"HS"`` → (specified, shown); lower case letters are shown-but-unidentified suits; None if malformed."""
    text = answer.strip()
    if text.lower() == "none":
        return (), ()
    if not text or any(c.upper() not in LETTERS for c in text) or len({c.upper() for c in text}) != len(text):
        return None
    specified = tuple(sorted({LETTERS.index(c) for c in text if c.isupper()}, reverse=True))
    shown = tuple(sorted({LETTERS.index(c.upper()) for c in text if c.islower()}, reverse=True))
    return specified, shown


def named_suits(state: TableState, seat: object) -> set[Suit]:
    """Suits named by ``seat``'s bids in the legal auction (natural bids; artificial ones are the director's call)."""
    return {ac.call.strain.suit for ac in state.calls if ac.seat == seat and isinstance(ac.call, Bid)
            and ac.call.strain is not Strain.NOTRUMP and ac.call.strain.suit is not None}


def legal_suits(state: TableState, lr: LeadRestriction) -> set[Suit]:
    """The suits the offender specified in the legal auction: as judged, else those his natural bids name."""
    if lr.legal is not None:
        return {Suit(i) for i in lr.legal}
    return named_suits(state, lr.offender)


def choices(state: TableState, lr: LeadRestriction) -> tuple[list[Suit], list[Suit], str]:
    """Declarer's Law 26 choices for one restriction: (suits he may require, suits he may forbid, clause).

    2017 (26B): forbid any one suit the offender has not specified in the legal auction.  1997/2007: a suit the
    withdrawn call specified and the offender has not specified in the legal auction may be required or forbidden
    (a suit it only promised, forbidden) (26A2); if the offender has specified every such suit, nothing (26A1);
    if the withdrawn call specified no suit, forbid any one suit (26B).  Empty lists: no restriction.
    """
    named = legal_suits(state, lr)
    if lr.edition is Edition.L2017:
        return [], [s for s in reversed(Suit) if s not in named], "26B"
    if not (lr.specified or lr.shown):
        return [], list(reversed(Suit)), "26B"
    required = [Suit(i) for i in lr.specified if Suit(i) not in named]
    forbidden = required + [Suit(i) for i in lr.shown if Suit(i) not in named and Suit(i) not in required]
    return required, forbidden, "26A"


def _one(suits: list[Suit]) -> str:
    return suits[0].symbol if len(suits) == 1 else "any one of " + ", ".join(s.symbol for s in suits)


def lead_restrictions_in_force(state: TableState) -> list[str]:
    """Each Law 26 restriction that applies now that the auction is over, as declarer's exact options.

    One string per restriction on a defender (declaring side's restrictions lapse), naming when it applies
    (the opening lead or partner's first turn to lead), what declarer may require or forbid, for how long,
    and the clause.  Suits follow the director's ``specified_suits``/``legal_suits`` judgements once given.
    """
    contract = state.contract()
    if contract is None:
        return []
    out: list[str] = []
    for lr in state.lead_restrictions:
        o = lr.offender
        if o.side == contract.side:
            continue
        required, forbidden, law = choices(state, lr)
        if not forbidden:
            continue  # 26A1 / 26B: the offender specified every suit that could be restricted
        partner = o.partner
        when = ("on the opening lead" if partner == contract.opening_leader
                else f"at {name(partner)}'s first turn to lead")
        keep = f"for as long as {name(partner)} keeps the lead"
        source = f"(Law {law}; withdrawn {lr.withdrawn})"
        if lr.edition is Edition.L2017:
            out.append(f"{when}, declarer may forbid {name(partner)} to lead any one of "
                       f"{', '.join(s.symbol for s in forbidden)} {keep} {source}")
        elif required:
            out.append(f"{when}, declarer may require {name(partner)} to lead {_one(required)}, or forbid the lead "
                       f"of {_one(forbidden)} {keep} {source}")
        elif law == "26A":
            out.append(f"{when}, declarer may forbid {name(partner)} to lead {_one(forbidden)} {keep} {source}")
        else:
            out.append(f"{when}, declarer may forbid {name(partner)} to lead any one suit {keep} {source}")
    return out


# ----- the director's judgement of the suits ------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class SuitsQuestion(Pending):
    """The auction is over and the offender defends: which suits did a call specify (``question``)?"""

    index: int
    question: str


def _made_calls(state: TableState, seat: Seat) -> bool:
    return any(ac.seat == seat and not isinstance(ac.call, Pass) for ac in state.calls)


@after_event
def ask(state: TableState) -> TableState:
    """Once the auction is over, ask the suits each restriction on a defender needs (never guessed)."""
    if state.pending is not None or not state.auction_over:
        return state
    contract = state.contract()
    if contract is None:
        return state
    for i, lr in enumerate(state.lead_restrictions):
        if lr.offender.side == contract.side:
            continue
        if lr.edition is not Edition.L2017 and not lr.judged:
            return state.but(pending=SuitsQuestion(lr.offender, lr.edition, i, "specified_suits"))
        if lr.legal is None and _made_calls(state, lr.offender):
            return state.but(pending=SuitsQuestion(lr.offender, lr.edition, i, "legal_suits"))
    return state


@describe.register
def _describe(stage: SuitsQuestion, state: TableState) -> Ruling:
    lr = state.lead_restrictions[stage.index]
    o = name(lr.offender)
    form = ("suit letters, e.g. HS for hearts and spades; lower case for suits promised without saying which "
            "(Sdc: spades and a minor); or none")
    if stage.question == "specified_suits":
        text = (f"Which suit(s) did {o}'s withdrawn {say(lr.withdrawn)} specify? A natural bid specifies its own "
                f"suit; an artificial call the suit(s) it shows ({form}).")
    else:
        calls = " ".join(say(ac.call) for ac in state.calls if ac.seat == lr.offender)
        text = (f"Which suit(s) has {o} specified in the legal auction ({calls})? Natural bids specify their suit; "
                f"artificial calls the suit(s) they show ({form}).")
    law = "26A" if lr.edition is not Edition.L2017 else "26B"
    q = Question(stage.question, text, ANSWERS, law)
    return Ruling("Lead restriction after a withdrawn call", law, stage.edition, lr.offender, None, (), (q,),
                  f"Director: {q.text} {o}'s side defends: declarer's Law {law} options depend on it (Law {law}).")


@resolve.register
def _resolve(stage: SuitsQuestion, state: TableState, event: Event) -> TableState:
    suits = parse(event.answer) if isinstance(event, Judgement) and event.question == stage.question else None
    if suits is None:
        raise refuse(_describe(stage, state), event)
    lr = state.lead_restrictions[stage.index]
    if stage.question == "specified_suits":
        new = replace(lr, specified=suits[0], shown=suits[1], judged=True)
    else:
        new = replace(lr, legal=tuple(sorted({*suits[0], *suits[1]}, reverse=True)))
    restrictions = tuple(
        new if i == stage.index else (replace(x, legal=new.legal) if x.offender == lr.offender and x.legal is None
                                      and new.legal is not None else x)
        for i, x in enumerate(state.lead_restrictions))
    return state.but(pending=None, lead_restrictions=restrictions)
