"""Law 17D (1997, 2007; in 2017 the same procedure is Law 15A): calls made on cards from a wrong board.

The offender's call is cancelled (with the calls after it); he looks at his own cards and calls again, and
the auction goes on from there.  The director awards an artificial adjusted score (Law 12C2) when the
offender's partner had called over the cancelled call, or when the offender's left-hand opponent had
called over it and the offender's new call differs from the cancelled one (a much different meaning, or
psychic: the director's judgement).  If the left-hand opponent's call is kept he must repeat it (1997,
2007).  On the board the cards came from, the offender must repeat his call; if it differs there, that
board too gets an artificial adjusted score (17D3; 2017 15A3): a flag the director sees.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import IllegalCallError
from ..model import Call, Card
from ..table.edition import Edition
from ..table.engine import legal_call
from ..table.events import CallMade, CardExposed, Choice, Event, Judgement, WrongBoard
from ..table.registry import detector, resolve
from ..table.state import Bar, Pending, TableState
from .common import bar, flag, name, record, say, unauthorised
from .law25 import reopen
from .pending import describe, refuse
from .ruling import Option, Question, Ruling

NAME = "Call on cards from a wrong board"


def clause(edition: Edition, part: str) -> str:
    """``17D2`` (1997, 2007) or ``15A2`` (2017) for ``part`` ``"2"``."""
    return f"15A{part}" if edition is Edition.L2017 else f"17D{part}"


@dataclass(frozen=True, slots=True)
class WrongBoardCall(Pending):
    """The offender's first call was made on a wrong board's cards.

    ``index`` is where it stood in the auction; ``later`` the calls made after it (cancelled with it);
    ``replacement`` the offender's new call once made (the director then judges whether it differs).
    """

    cancelled: Call
    index: int
    later: tuple[Call, ...]
    board: int | None
    partner_called: bool
    replacement: Call | None = None


@detector(WrongBoard, order=10)
def detect(state: TableState, event: WrongBoard) -> TableState | None:
    o = event.seat
    if state.play is not None and any(trick.cards for trick in state.play.tricks):
        raise IllegalCallError("the opening lead has been faced: the board is scored as played or adjusted by the "
                               "director (Law 12)", law=clause(event.laws, "1"))
    first = next((i for i, ac in enumerate(state.calls) if ac.seat == o), None)
    if first is None:
        s = _other_board(state, o, event.laws, event.board, None)
        return record(s, clause(event.laws, "1"), NAME, o, f"{name(o)} takes his own cards before calling: "
                      "no call to cancel", event.laws)
    later = tuple(ac.call for ac in state.calls[first + 1:])
    partner_called = any(ac.seat == o.partner for ac in state.calls[first + 1:])
    return state.but(pending=WrongBoardCall(o, event.laws, state.calls[first].call, first, later, event.board,
                                            partner_called))


def _other_board(state: TableState, o: object, ed: Edition, board: int | None, call: Call | None) -> TableState:
    """17D3 / 15A3: the flag for the board the cards came from."""
    if board is None or call is None:
        return state
    from ..model import Seat
    assert isinstance(o, Seat)
    return flag(state, clause(ed, "3"), o, f"board {board}: {name(o)} called {say(call)} on its cards; when it is "
                f"played, if {name(o)}'s call there differs from {say(call)}, award an artificial adjusted score "
                "(Law 12C2); otherwise it may be played normally")


@describe.register
def _describe(stage: WrongBoardCall, state: TableState) -> Ruling:
    o, ed = stage.offender, stage.edition
    cancelled = f"{name(o)}'s {say(stage.cancelled)}" + (" and every call after it" if stage.later else "")
    if stage.partner_called:
        cons = (f"{cancelled} made on those cards cannot be undone: {name(o.partner)} has called over it; the "
                f"director awards an artificial adjusted score (Law 12C2): average minus to {name(o)}'s side, "
                f"average plus to the other side (Law {clause(ed, '2')})")
        opt = Option("proceed", "award an artificial adjusted score", cons, clause(ed, "2"))
        return Ruling(NAME, clause(ed, "2"), ed, o, None, (opt,), (),
                      f"{name(o)} has been calling on cards from a wrong board (Law {clause(ed, '1')}): {cons}.")
    if stage.replacement is not None:
        q = Question("differs", f"Does {name(o)}'s {say(stage.replacement)} on his own cards differ from the "
                     f"cancelled {say(stage.cancelled)} (a much different meaning, or psychic)?", ("yes", "no"),
                     clause(ed, "2"))
        return Ruling(NAME, clause(ed, "2"), ed, o, None, (), (q,),
                      f"Director: {q.text} If yes, award an artificial adjusted score (Law 12C2); if no, the "
                      f"auction goes on normally (Law {clause(ed, '2')}).")
    lho = name(o.lho)
    lho_note = ""
    if stage.later:
        lho_note = (f" {lho} had called over it: if your new call differs from {say(stage.cancelled)} (a much "
                    f"different meaning, or psychic), the director awards an artificial adjusted score (Law 12C2); "
                    f"otherwise the auction goes on"
                    + (f" and {lho} must repeat {say(stage.later[0])}" if ed is not Edition.L2017 else "")
                    + f" (Law {clause(ed, '2')}).")
    text = (f"{name(o)}, you have called on cards from a wrong board (Law {clause(ed, '1')}): {cancelled} "
            f"{'are' if stage.later else 'is'} cancelled. Take your own cards and call again; the auction goes on "
            f"from your call. The cancelled {say(stage.cancelled)} is unauthorised information to "
            f"{name(o.partner)} (Law 16C).{lho_note}")
    return Ruling(NAME, clause(ed, "1"), ed, o, None, (), (), text, caller=o)


@resolve.register
def _resolve(stage: WrongBoardCall, state: TableState, event: Event) -> TableState:
    o, ed = stage.offender, stage.edition
    if stage.partner_called:
        if isinstance(event, Choice) and event.option == "proceed":
            s = flag(state, clause(ed, "2"), o, f"{name(o)} called on a wrong board's cards and {name(o.partner)} "
                     "called over it: artificial adjusted score, average minus to the offending side, average plus "
                     "to the other (Law 12C2)")
            s = _other_board(s, o, ed, stage.board, stage.cancelled)
            return record(s, clause(ed, "2"), NAME, o, "artificial adjusted score", ed)
        raise refuse(_describe(stage, state), event)
    if stage.replacement is None and isinstance(event, CallMade) and event.seat == o:
        base = reopen(state).but(calls=state.calls[:stage.index], pending=None)
        if not base.admissible(o, event.call):
            raise refuse(_describe(stage, state), f"the illegal {say(event.call)}")
        if not stage.later or event.call == stage.cancelled:
            return _go_on(state, stage, event.call)
        return state.but(pending=WrongBoardCall(o, ed, stage.cancelled, stage.index, stage.later, stage.board,
                                                False, event.call))
    if stage.replacement is not None and isinstance(event, Judgement) and event.question == "differs" \
            and event.answer in ("yes", "no"):
        s = _go_on(state, stage, stage.replacement)
        if event.answer == "yes":
            s = flag(s, clause(ed, "2"), o, f"{name(o)}'s call on his own cards ({say(stage.replacement)}) differs "
                     f"from the cancelled {say(stage.cancelled)}: artificial adjusted score (Law 12C2)")
        return s
    raise refuse(_describe(stage, state), event)


def _go_on(state: TableState, stage: WrongBoardCall, call: Call) -> TableState:
    """Cancel the calls from the offender's first one, record his new call, and carry what follows."""
    o, ed = stage.offender, stage.edition
    s = reopen(state).but(calls=state.calls[:stage.index], pending=None)
    s = unauthorised(s, o, f"{name(o)}'s {say(stage.cancelled)} made on a wrong board's cards")
    s = _other_board(s, o, ed, stage.board, stage.cancelled)
    s = record(s, clause(ed, "1"), NAME, o, f"{say(stage.cancelled)} cancelled; {name(o)} called {say(call)} on his "
               "own cards", ed)
    s = legal_call(s, o, call, ed)
    if stage.later and ed is not Edition.L2017 and s.pending is None:
        s = bar(s, o.lho, Bar.REPEAT, clause(ed, "2"), stage.later[0])
    return s


# ----- a card from a wrong board (the engine can tell when the deal is known) ----------------------------------
def other_sources(edition: Edition) -> str:
    """The law on extraneous information from other sources: 16D (2017), 16C (2007), 16B (1997)."""
    return {Edition.L2017: "16D", Edition.L2007: "16C", Edition.L1997: "16B"}[edition]


@dataclass(frozen=True, slots=True)
class WrongBoardCard(Pending):
    """Cards exposed during the auction that are not in the offender's hand on this board: he holds another
    board's cards (17D; 2017 15A).  Law 24 does not apply to them here; the director finds the board they
    came from (a ``WrongBoard`` event naming it) or goes on without it (``proceed``)."""

    cards: tuple[Card, ...]


@detector(CardExposed, order=5)
def detect_card(state: TableState, event: CardExposed) -> TableState | None:
    if state.deal is None or state.auction_over or not event.cards:
        return None
    hand = state.deal[event.seat].cards
    if all(card in hand for card in event.cards):
        return None
    return state.but(pending=WrongBoardCard(event.seat, event.laws, event.cards))


def _card_consequence(stage: WrongBoardCard) -> str:
    o, ed = stage.offender, stage.edition
    cards = ", ".join(c.symbol for c in stage.cards)
    return (f"{cards} {'are' if len(stage.cards) > 1 else 'is'} not in {name(o)}'s hand on this board, so "
            f"{name(o)} holds cards from a wrong board: Law 24 does not apply to {cards} here; {name(o)} takes his "
            f"own cards, and if he has called on the wrong ones, his first call and every call after it are "
            f"cancelled and he calls again (Law {clause(ed, '1')}); on the board the cards came from, seeing "
            f"{cards} is extraneous information (Law {other_sources(ed)}): before any call there, the director "
            "may let it be played normally, ready to adjust the score if the information affected the result, "
            "or award an adjusted score")


@describe.register
def _describe_card(stage: WrongBoardCard, state: TableState) -> Ruling:
    cons = _card_consequence(stage)
    opt = Option("proceed", "go on without naming the other board", cons, clause(stage.edition, "1"))
    return Ruling(NAME, clause(stage.edition, "1"), stage.edition, stage.offender, None, (opt,), (),
                  f"Director: {cons}. Name the board the cards came from (the wrong-board entry with its number), "
                  f"or choose 'proceed' if it is not known (Law {clause(stage.edition, '1')}).")


@resolve.register
def _resolve_card(stage: WrongBoardCard, state: TableState, event: Event) -> TableState:
    o, ed = stage.offender, stage.edition
    if isinstance(event, WrongBoard) and event.seat == o:
        board = event.board
    elif isinstance(event, Choice) and event.option == "proceed":
        board = None
    else:
        raise refuse(_describe_card(stage, state), event)
    cards = ", ".join(c.symbol for c in stage.cards)
    where = f"board {board}" if board is not None else "the board they came from (not identified)"
    s = flag(state.but(pending=None), other_sources(ed), o,
             f"{where}: {name(o)}'s {cards} from that board were exposed at this table during the auction of "
             f"board {state.board if state.board is not None else '?'}: extraneous information to the players "
             "who saw them; before any call there, decide whether it can be played normally (adjust if the "
             "information affected the result) or award an adjusted score")
    found = detect(s, WrongBoard(o, board, ed))
    return found if found is not None else s
