"""Shared operations and wording for the law modules: record a call, bar a seat, note information,
flag an adjustment, and the exact phrases used in every ruling text.
"""

from __future__ import annotations

from ..model import Bid, Call, Double, Pass, Redouble, Seat, Strain
from ..table.edition import Edition
from ..table.state import Bar, Flag, LeadRestriction, Record, Restriction, TableState, Unauthorised, Watch


# ----- wording ------------------------------------------------------------------------------------
def name(seat: Seat) -> str:
    return seat.name.title()


def say(call: Call) -> str:
    """A call as spoken: ``1♥``, ``1NT``, ``pass``, ``double``, ``redouble``."""
    if isinstance(call, Bid):
        return call.symbol
    if isinstance(call, Pass):
        return "pass"
    if isinstance(call, Double):
        return "double"
    if isinstance(call, Redouble):
        return "redouble"
    return str(call)


def kind(call: Call) -> str:
    """``bid``, ``pass``, ``double`` or ``redouble``."""
    return "bid" if isinstance(call, Bid) else say(call)


def pass_throughout(seat: Seat) -> str:
    return f"{name(seat)} must pass whenever it is their turn for the rest of the auction"


def both_pass_throughout(seat: Seat) -> str:
    """Laws 37B and 38: the whole offending side is barred."""
    return f"{name(seat)} and {name(seat.partner)} must each pass whenever it is their turn for the rest of the auction"


def pass_once(seat: Seat) -> str:
    return f"{name(seat)} must pass at their next turn to call, and only then"


def no_double_once(seat: Seat) -> str:
    return f"{name(seat)} may not double or redouble at their next turn"


def lead_text(offender: Seat, withdrawn: Call, edition: Edition) -> str:
    """Law 26 in words, by edition, for when the offender's partner is first on lead."""
    partner = name(offender.partner)
    keep = f"the prohibition lasts for as long as {partner} keeps the lead"
    if edition is Edition.L2017:
        return (f"if {name(offender)}'s side defends, at {partner}'s first turn to lead (the opening lead included) "
                f"declarer may forbid the lead of any one suit that {name(offender)} has not specified in the legal "
                f"auction; {keep} (Law 26B)")
    suits = specified_suits(withdrawn)
    judged = (f"the director judges at the end of the auction which suit(s) {say(withdrawn)} specified (an artificial "
              "call specifies the suits it shows)")
    if suits:
        suit = suits[0].name.lower()
        return (f"if {name(offender)}'s side defends and {name(offender)} has not specified {suit} in the legal "
                f"auction, at {partner}'s first turn to lead declarer may require the lead of {suit} or forbid it; "
                f"{keep} (Law 26A); if {name(offender)} has specified it, there is no lead restriction; {judged}, and "
                f"if it specified none, declarer may instead forbid the lead of any one suit at that turn (Law 26B)")
    return (f"if {name(offender)}'s side defends, at {partner}'s first turn to lead declarer may forbid the lead of "
            f"any one suit; {keep} (Law 26B); {judged}, and a suit it specified is ruled under Law 26A instead: "
            f"declarer may require or forbid it unless {name(offender)} has specified it in the legal auction")


def adjust_law(edition: Edition) -> str:
    """The law for an enforced pass that damaged the other side: 72C in 2017, 23 before."""
    return "72C" if edition is Edition.L2017 else "23"


def adjust_text(offender: Seat, edition: Edition) -> str:
    """The adjustment an enforced pass may lead to, in the edition's test: the offender could have been aware that
    the irregularity could well damage the other side (2017 72C, 2007 23); that the enforced pass would be likely
    to damage it (1997 23)."""
    law = adjust_law(edition)
    if edition is Edition.L1997:
        return (f"if the director judges that {name(offender)} could have known when making the irregular call that "
                f"the enforced pass was likely to damage the other side, he will adjust the score (Law {law})")
    return (f"if the director judges that {name(offender)} could have been aware when making the irregular call "
            f"that it could well damage the other side, he will adjust the score (Law {law})")


def specified_suits(call: Call) -> tuple[Strain, ...]:
    """The suit a natural bid names (an artificial call's suits are a director's judgement)."""
    if isinstance(call, Bid) and call.strain is not Strain.NOTRUMP:
        return (call.strain,)
    return ()


# ----- operations ---------------------------------------------------------------------------------
def bar(state: TableState, seat: Seat, kind_: Bar, law: str, call: Call | None = None) -> TableState:
    """Add a restriction; a bar throughout makes a one-turn pass bar redundant."""
    if kind_ is Bar.PASS_ONCE and any(r.seat == seat and r.bar is Bar.PASS_THROUGHOUT for r in state.restrictions):
        return state
    return state.but(restrictions=(*state.restrictions, Restriction(seat, kind_, law, call)))


def lead(state: TableState, offender: Seat, withdrawn: Call, edition: Edition) -> TableState:
    restriction = LeadRestriction(offender, withdrawn, tuple(int(s) for s in specified_suits(withdrawn)), edition)
    return state.but(lead_restrictions=(*state.lead_restrictions, restriction))


def flag(state: TableState, law: str, offender: Seat, text: str) -> TableState:
    return state.but(flags=(*state.flags, Flag(law, offender.side, text)))


def withdrawn_law(edition: Edition) -> str:
    """The clause making a withdrawn call or play unauthorised to the offending side, whether the action was its own
    or the non-offenders' (the non-offenders may use all of it): 16C2 (2017), 16D2 (2007), 16C2 (1997)."""
    return "16D2" if edition is Edition.L2007 else "16C2"


def unauthorised(state: TableState, offender: Seat, source: str, law: str | None = None) -> TableState:
    """Note ``source`` as unauthorised to ``offender``'s side (the offending side); by default under the law on
    withdrawn calls and plays, 16C (16D in 2007)."""
    if law is None:
        law = "16D" if state.laws is Edition.L2007 else "16C"
    return state.but(unauthorised=(*state.unauthorised, Unauthorised(offender.side, source, law)))


def record(state: TableState, law: str, irregularity: str, offender: Seat, outcome: str,
           edition: Edition, steps: tuple[tuple[str, str], ...] = ()) -> TableState:
    return state.but(pending=None, records=(*state.records, Record(law, irregularity, offender, outcome, edition,
                                                                   steps)))


def watch(state: TableState, w: Watch) -> TableState:
    return state.but(watches=(*state.watches, w))


def enforced_pass(state: TableState, offender: Seat, withdrawn: Call, law: str, edition: Edition,
                  *, throughout: bool = True, lead_law: bool = True) -> TableState:
    """The usual package: partner barred, Law 26 lead restriction, Law 16C, and the 72C/23 flag."""
    state = bar(state, offender.partner, Bar.PASS_THROUGHOUT if throughout else Bar.PASS_ONCE, law)
    if lead_law:
        state = lead(state, offender, withdrawn, edition)
    state = unauthorised(state, offender, f"{name(offender)}'s withdrawn {say(withdrawn)}")
    return flag(state, adjust_law(edition), offender, adjust_text(offender, edition))
