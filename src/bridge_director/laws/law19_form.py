"""The improper form of a double or redouble: "I double 4♠" instead of "double".

A double or redouble can apply only to the last bid (Law 19A1, 19B1): a player who names a bid when doubling or
redoubling — rightly or wrongly — has doubled or redoubled the bid as it was made, and the call stands as that.
Naming it is an improper manner of calling (Law 73B1), and what the words show is extraneous information from
partner, unauthorised to the doubler's partner (Law 16B; 1997 16A): the director warns the table and adjusts the
score if the partner then chose, from logical alternatives, one the words could have suggested.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalCallError
from ..model import Bid, Call, Double, Redouble
from ..table.edition import Edition
from ..table.events import CallMade, Choice, Event, ImproperDouble
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .common import flag, name, record, say, unauthorised
from .pending import describe, refuse
from .ruling import Option, Ruling

NAME = "Double or redouble in an improper form"


def partner_law(edition: Edition) -> str:
    """Extraneous information from partner: 16B (2017, 2007), 16A (1997)."""
    return "16A" if edition is Edition.L1997 else "16B"


@dataclass(frozen=True, slots=True)
class ImproperForm(Pending):
    """The offender said ``stated`` with his double or redouble ``call``; ``made`` is the last bid as it was made."""

    call: Call
    stated: Call
    made: Bid | None


@detector(ImproperDouble, order=10)
def detect(state: TableState, event: ImproperDouble) -> TableState | None:
    if not isinstance(event.call, Double | Redouble):
        raise IllegalCallError(f"{say(event.call)} is not a double or redouble: only those can be made in this "
                               "improper form", law="19")
    if not isinstance(event.stated, Bid):
        raise IllegalCallError(f"{say(event.stated)} is not a bid: name the bid the player said he doubled",
                               law="19")
    last = state.last_bid
    return state.but(pending=ImproperForm(event.seat, event.laws, event.call, event.stated,
                                          last.call if last is not None and isinstance(last.call, Bid) else None))


def _consequence(stage: ImproperForm) -> str:
    o, ed = stage.offender, stage.edition
    what = "doubled" if isinstance(stage.call, Double) else "redoubled"
    made = stage.made.symbol if stage.made is not None else "no bid"
    wrong = stage.made is None or stage.stated != stage.made
    named = (f"{name(o)} named {say(stage.stated)} although the bid as it was made is {made}" if wrong else
             f"{name(o)} named the bid, {made}")
    return (f"{named}: he has {what} the bid as it was made, and {say(stage.call)} is ruled as if said properly "
            f"(Law 19); naming a bid is an improper manner of calling (Law 73B1), and what the words show is "
            f"unauthorised information to {name(o.partner)} (Law {partner_law(ed)}): if {name(o.partner)} then "
            "chooses, from logical alternatives, one that the words could have suggested, the director adjusts "
            "the score")


@describe.register
def _describe(stage: ImproperForm, state: TableState) -> Ruling:
    cons = _consequence(stage)
    opt = Option("proceed", f"rule it as {say(stage.call)}", cons, "19")
    text = (f"{name(stage.offender)} said \"{say(stage.call)} {say(stage.stated)}\" instead of \"{say(stage.call)}\". "
            f"{cons}.")
    return Ruling(NAME, "19", stage.edition, stage.offender, None, (opt,), (), text)


@resolve.register
def _resolve(stage: ImproperForm, state: TableState, event: Event) -> TableState:
    from ..table.engine import handle
    if not (isinstance(event, Choice) and event.option == "proceed"):
        raise refuse(_describe(stage, state), event)
    o, ed = stage.offender, stage.edition
    s = unauthorised(state, o, f"{name(o)}'s words \"{say(stage.call)} {say(stage.stated)}\"", partner_law(ed))
    s = flag(s, partner_law(ed), o, f"{name(o)} named {say(stage.stated)} with his {say(stage.call)}: adjust if "
             f"{name(o.partner)} chose an action the words could have suggested")
    s = record(s, "19", NAME, o, f"ruled as {say(stage.call)} of the bid as it was made", ed)
    return handle(CallMade(o, stage.call, ed), s)
