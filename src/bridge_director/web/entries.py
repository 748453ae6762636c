"""From what the director entered (a form or JSON) to the table engine's events.

Every kind of the table log can be entered (docs/web.md); a field that cannot be read is refused naming it.
Where the facts give the seat, it may be left out: the seat that made the call ``call_no`` (its partner for an
explanation, Law 20F1), the seat in turn for a call, the last caller for a changed call (Law 25), the seat on play
for a card.

>>> from bridge_director.model import Seat, Vulnerability
>>> from bridge_director.table.state import TableState
>>> to_event(EntryIn(kind="call", call="1h"), TableState(Seat.EAST, Vulnerability.NONE))
CallMade(seat=Seat.EAST, call=Bid(1, Strain.HEARTS), laws=<Edition.L2017: '2017'>)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from ..errors import BridgeError, ParseError
from ..laws.law42_47 import DesignationChanged, DummyAct
from ..laws.law58 import CardsPlayedTogether
from ..laws.law65_67 import TrickEntry
from ..model import Bid, Call, Card, Seat, Strain
from ..table.events import (
    BidAboveSeven,
    CallChanged,
    CallMade,
    CardExposed,
    CardFoundFaced,
    Choice,
    DirectorReview,
    Event,
    Explanation,
    ExplanationCorrected,
    Hesitation,
    ImproperDouble,
    Judgement,
    PsycheReported,
    Remark,
    ReviewRequested,
    Undo,
    WrongBoard,
)
from ..table.play import (
    CardPlayed,
    CardWithdrawn,
    ClaimMade,
    DummyCardCalled,
    DummyFaced,
    RevokeCorrected,
    TricksAdjusted,
)
from ..table.state import TableState
from .schemas import EntryIn

#: Law 47: the clauses under which the director lets a played card back (``withdraw``)
WITHDRAW_LAWS = ("47A", "47B", "47C", "47D", "47E1", "47E2")
DUMMY_ACTS = ("prevent", "warn", "ask-declarer", "ask-defender")
TRICK_ACTS = ("quitted", "too-many", "too-few")
T = TypeVar("T")


def _need(value: str | None, name: str) -> str:
    if value is None or not value.strip():
        raise ParseError(f"this entry needs a {name}", field=name)
    return value.strip()


def _read(parse: Callable[[str], T], text: str, name: str) -> T:
    """``parse(text)``, a refusal naming the field ``name``."""
    try:
        return parse(text)
    except (BridgeError, ValueError) as err:
        message = err.message if isinstance(err, BridgeError) else str(err)
        raise ParseError(message, field=name) from None


def _seat(entry: EntryIn, state: TableState) -> Seat:
    """The seat entered, else the caller a pending ruling waits for, else the seat in turn."""
    if entry.seat and entry.seat.strip():
        return _read(Seat.parse, entry.seat, "seat")
    return state.next_seat


def _given_seat(entry: EntryIn) -> Seat:
    return _read(Seat.parse, _need(entry.seat, "seat"), "seat")


def _cards(text: str, name: str) -> tuple[Card, ...]:
    return tuple(_read(Card.parse, word, name) for word in text.replace(",", " ").split())


def _caller(entry: EntryIn, state: TableState) -> Seat:
    """The seat entered, else the seat that made call ``call_no``."""
    if entry.seat and entry.seat.strip():
        return _given_seat(entry)
    if entry.call_no is None:
        raise ParseError("name the seat, or the call by its number in the auction", field="seat")
    if not 1 <= entry.call_no <= len(state.calls):
        raise ParseError(f"there is no call {entry.call_no}: the auction has {len(state.calls)} calls",
                         field="call_no")
    return state.calls[entry.call_no - 1].seat


def _call(entry: EntryIn, state: TableState) -> Event:
    return CallMade(_seat(entry, state), _read(Call.parse, _need(entry.call, "call"), "call"), state.laws)


def _change(entry: EntryIn, state: TableState) -> Event:
    """Law 25 / 21B: the seat entered, else the player who made the last call changes it."""
    if entry.seat and entry.seat.strip():
        seat = _given_seat(entry)
    elif state.calls:
        seat = state.calls[-1].seat
    else:
        raise ParseError("there is no call to change yet", field="seat")
    return CallChanged(seat, _read(Call.parse, _need(entry.call, "call"), "call"), state.laws)


def _choice(entry: EntryIn, state: TableState) -> Event:
    seat = _read(Seat.parse, entry.seat, "seat") if entry.seat and entry.seat.strip() else None
    return Choice(_need(entry.option, "option"), seat)


def _judgement(entry: EntryIn, state: TableState) -> Event:
    return Judgement(_need(entry.question, "question"), _need(entry.answer, "answer"))


def _expose(entry: EntryIn, state: TableState) -> Event:
    return CardExposed(_seat(entry, state), _cards(_need(entry.cards or entry.card, "cards"), "cards"), entry.led,
                       state.laws)


def _above_seven(entry: EntryIn, state: TableState) -> Event:
    if entry.level is None:
        raise ParseError("a bid above seven needs its level (8 or more)", field="level")
    strain = _read(Strain.parse, _need(entry.strain, "strain"), "strain")
    return BidAboveSeven(_seat(entry, state), entry.level, strain, state.laws)


def _on_play(entry: EntryIn, state: TableState, name: str) -> Seat:
    """The seat entered, else the seat on play."""
    if entry.seat and entry.seat.strip():
        return _given_seat(entry)
    if state.play is None:
        raise ParseError("a card is played after the auction", field=name)
    return state.play.next_seat


def _play(entry: EntryIn, state: TableState) -> Event:
    card = _read(Card.parse, _need(entry.card, "card"), "card")
    return CardPlayed(_on_play(entry, state, "card"), card, state.laws, entry.face_down)


def _claim(entry: EntryIn, state: TableState) -> Event:
    """A claim; the claimer defaults to declarer."""
    if entry.tricks is None:
        raise ParseError("a claim needs the number of tricks claimed", field="tricks")
    if entry.seat and entry.seat.strip():
        seat = _given_seat(entry)
    elif state.play is not None:
        seat = state.play.contract.declarer
    else:
        raise ParseError("a claim is made during the play", field="seat")
    return ClaimMade(seat, entry.tricks, (entry.statement or "").strip(), state.laws)


def _revoke_corrected(entry: EntryIn, state: TableState) -> Event:
    return RevokeCorrected(_given_seat(entry), _read(Card.parse, _need(entry.card, "card"), "card"), state.laws)


def _tricks(entry: EntryIn, state: TableState) -> Event:
    if entry.tricks is None:
        raise ParseError("enter the tricks declarer is credited with (0 to 13)", field="tricks")
    return TricksAdjusted(entry.tricks, _need(entry.law, "law"), (entry.statement or "").strip())


def _review(entry: EntryIn, state: TableState) -> Event:
    """Law 20B/20C: a player asks for the calls to be restated."""
    return ReviewRequested(_given_seat(entry), state.laws)


def _explanation_corrected(entry: EntryIn, state: TableState) -> Event:
    """Law 20F5: the caller's side corrects the explanation of call ``call_no``."""
    return ExplanationCorrected(_caller(entry, state), state.laws, entry.call_no, (entry.answer or "").strip())


def _wrong_board(entry: EntryIn, state: TableState) -> Event:
    return WrongBoard(_given_seat(entry), entry.board, state.laws)


def _found_faced(entry: EntryIn, state: TableState) -> Event:
    """Law 16D (2017): cards found face up before the auction began for the side."""
    seen = tuple(_read(Seat.parse, word, "seen_by") for word in (entry.seen_by or "").replace(",", " ").split())
    return CardFoundFaced(_given_seat(entry), _cards(_need(entry.cards or entry.card, "cards"), "cards"), seen,
                          state.laws)


def _improper_double(entry: EntryIn, state: TableState) -> Event:
    """Law 19: a double or redouble said with a bid ("I double 4S"); ``call`` is X (default) or XX."""
    call = _read(Call.parse, (entry.call or "X").strip() or "X", "call")
    stated = _read(Call.parse, _need(entry.stated, "stated"), "stated")
    if not isinstance(stated, Bid):
        raise ParseError(f"name the bid the player said he doubled, not {stated}", field="stated")
    return ImproperDouble(_seat(entry, state), call, stated, state.laws)


def _hesitation(entry: EntryIn, state: TableState) -> Event:
    """Law 73A2 with its context: the skip-bid warning, the pause in seconds, the director's finding (unusual)."""
    return Hesitation(_given_seat(entry), entry.agreed, state.laws, entry.skip_warning, entry.seconds,
                      entry.unusual)


def _play_agreement(entry: EntryIn, state: TableState) -> Event:
    """Laws 20F, 40A1: ``seat`` explains his side's play agreement (leads, carding, ...), which belongs to no call."""
    answer = (entry.answer or "").strip()
    if not answer:
        raise ParseError(f"write the explanation given of the agreement on {entry.about}", field="answer")
    asked = _read(Seat.parse, entry.asked_by, "asked_by") if entry.asked_by and entry.asked_by.strip() else None
    return Explanation(_given_seat(entry), None, answer, asked, entry.alerted, state.laws, entry.about or "")


def _explanation(entry: EntryIn, state: TableState) -> Event:
    """Law 20F1: the partner of the caller of ``call_no`` explains it (the seat entered, else that partner); with
    no ``call_no`` and ``about``, a play agreement."""
    if entry.call_no is None and entry.about is not None:
        return _play_agreement(entry, state)
    if entry.call_no is None:
        raise ParseError("name the call explained by its number in the auction, or the play agreement it is about "
                         "(leads, carding, signals, discards, play)", field="call_no")
    if entry.about is not None:
        raise ParseError("an explanation is of a call (call_no) or of a play agreement (about), not both",
                         field="about")
    seat = _given_seat(entry) if entry.seat and entry.seat.strip() else _caller(entry, state).partner
    answer = (entry.answer or "").strip()
    if not answer and entry.alerted:
        raise ParseError("write the explanation given", field="answer")
    asked = _read(Seat.parse, entry.asked_by, "asked_by") if entry.asked_by and entry.asked_by.strip() else None
    return Explanation(seat, entry.call_no, answer, asked, entry.alerted, state.laws)


def _remark(entry: EntryIn, state: TableState) -> Event:
    if not (entry.text or "").strip():
        raise ParseError(f"write the {'gesture' if entry.gesture else 'remark'} (Law 73B1)", field="text")
    return Remark(_given_seat(entry), (entry.text or "").strip(), entry.gesture, state.laws)


def _psyche(entry: EntryIn, state: TableState) -> Event:
    if entry.call_no is None:
        raise ParseError("name the call reported as a psyche by its number in the auction", field="call_no")
    return PsycheReported(_caller(entry, state), entry.call_no, state.laws)


def _review_ruling(entry: EntryIn, state: TableState) -> Event:
    """The director's guided review (16B, 21B, 40, 73F, any flagged law) of ``seat``'s call ``call_no``."""
    return DirectorReview(_need(entry.law, "law").upper(), _caller(entry, state), entry.call_no, state.laws)


def _dummy_call(entry: EntryIn, state: TableState) -> Event:
    return DummyCardCalled(_need(entry.designation, "designation"), state.laws)


def _withdraw(entry: EntryIn, state: TableState) -> Event:
    law = _need(entry.law, "law").upper()
    if law not in WITHDRAW_LAWS:
        raise ParseError(f"a card goes back under {', '.join(WITHDRAW_LAWS)} (Law 47F), not {law}", field="law")
    return CardWithdrawn(_on_play(entry, state, "seat"), law, state.laws)


def _dummy_act(entry: EntryIn, state: TableState) -> Event:
    act = _need(entry.act, "act").lower()
    if act not in DUMMY_ACTS:
        raise ParseError(f"dummy's act is one of {', '.join(DUMMY_ACTS)} (Law 42B, 43), not {act}", field="act")
    return DummyAct(act, entry.forfeited, state.laws)


def _designation_changed(entry: EntryIn, state: TableState) -> Event:
    """Law 45C4(b): the seat's card of the current trick changed to ``card``."""
    return DesignationChanged(_on_play(entry, state, "seat"), _read(Card.parse, _need(entry.card, "card"), "card"),
                              state.laws)


def _together(entry: EntryIn, state: TableState) -> Event:
    """Law 58B: cards led or played at the same time; ``visible`` those seen (default all)."""
    cards = _cards(_need(entry.cards, "cards"), "cards")
    if len(cards) < 2:
        raise ParseError("cards played together are two or more: tap the card seen, then the other", field="cards")
    visible = _cards(entry.visible, "visible") if entry.visible and entry.visible.strip() else cards
    return CardsPlayedTogether(_on_play(entry, state, "seat"), cards, visible, state.laws)


def _trick_entry(entry: EntryIn, state: TableState) -> Event:
    """Laws 65B3, 67B: the director's finding about a completed trick (default the last)."""
    act = _need(entry.act, "act").lower()
    if act not in TRICK_ACTS:
        raise ParseError(f"a trick entry is one of {', '.join(TRICK_ACTS)} (Laws 65, 67), not {act}",
                         field="act")
    trick = entry.trick
    if trick is None:
        done = len(state.play.completed_tricks) if state.play is not None else 0
        if done == 0:
            raise ParseError("no trick is complete yet", field="trick")
        trick = done
    return TrickEntry(act, _given_seat(entry), trick, state.laws)


MAKERS: dict[str, Callable[[EntryIn, TableState], Event]] = {
    "call": _call, "change": _change, "choice": _choice, "judgement": _judgement, "expose": _expose,
    "above_seven": _above_seven, "undo": lambda entry, state: Undo(), "play": _play, "claim": _claim,
    "revoke_corrected": _revoke_corrected, "tricks": _tricks, "review": _review,
    "explanation_corrected": _explanation_corrected, "wrong_board": _wrong_board, "found_faced": _found_faced,
    "improper_double": _improper_double, "hesitation": _hesitation, "explanation": _explanation,
    "remark": _remark, "psyche": _psyche, "review_ruling": _review_ruling, "dummy_call": _dummy_call,
    "withdraw": _withdraw, "dummy_act": _dummy_act, "designation_changed": _designation_changed,
    "together": _together, "trick_entry": _trick_entry, "dummy_faced": lambda entry, state: DummyFaced(state.laws),
}


def to_event(entry: EntryIn, state: TableState) -> Event:
    """The event for ``entry`` on ``state``; a ParseError names the field that cannot be read."""
    maker = MAKERS.get(entry.kind)
    if maker is None:
        raise BridgeError(f"unknown entry kind {entry.kind!r}", field="kind")
    return maker(entry, state)


def _name(seat: Seat) -> str:
    return seat.name.title()


def _describe_fact(event: Event) -> str | None:
    """The facts of judgement and the director's reviews, in words."""
    if isinstance(event, Hesitation):
        context = tempo_context(event)
        disputed = "" if event.agreed else " (disputed)"
        return f"{_name(event.seat)} breaks tempo{': ' + context if context else ''}{disputed}"
    if isinstance(event, Explanation) and event.call_no is None:
        return f"{_name(event.seat)} explains the side's agreement on {event.about or 'the play'}: \"{event.answer}\""
    if isinstance(event, Explanation):
        alert = "" if event.alerted else " (not alerted)"
        said = f": \"{event.answer}\"" if event.answer else ""
        return f"{_name(event.seat)} explains call {event.call_no}{alert}{said}"
    if isinstance(event, ExplanationCorrected):
        which = f" of call {event.call_no}" if event.call_no else ""
        said = f": \"{event.answer}\"" if event.answer else ""
        return f"{_name(event.seat)}'s side corrects the explanation{which}{said}"
    if isinstance(event, Remark):
        return f"{_name(event.seat)}'s {'gesture' if event.gesture else 'remark'}: \"{event.text}\""
    if isinstance(event, PsycheReported):
        return f"{_name(event.seat)}'s call {event.call_no} reported as a psyche"
    if isinstance(event, DirectorReview):
        which = f" call {event.call_no}" if event.call_no else ""
        return f"Director reviews Law {event.law}: {_name(event.seat)}{which}"
    return None


def tempo_context(event: Hesitation) -> str:
    """A break in tempo's circumstances as given: the skip-bid warning, the pause, whether it was unusual."""
    parts = []
    if event.skip_warning is not None:
        parts.append("after a skip-bid warning" if event.skip_warning else "no skip-bid warning")
    if event.seconds is not None:
        parts.append(f"about {event.seconds} s")
    if event.unusual is not None:
        parts.append("out of the ordinary" if event.unusual else "not out of the ordinary")
    return ", ".join(parts)


def _describe_other(event: Event) -> str | None:
    """The other irregularities of the auction and the play, in words."""
    if isinstance(event, DummyFaced):
        return "Dummy is spread (Law 41D)"
    if isinstance(event, ReviewRequested):
        return f"{_name(event.seat)} asks for the auction (Law 20B)"
    if isinstance(event, WrongBoard):
        came = f" (from board {event.board})" if event.board else ""
        return f"{_name(event.seat)} called on a wrong board's cards{came}"
    if isinstance(event, CardFoundFaced):
        return f"{_name(event.seat)}'s {' '.join(c.symbol for c in event.cards)} found face up"
    if isinstance(event, ImproperDouble):
        return f"{_name(event.seat)}: {event.call} {event.stated} (improper form)"
    if isinstance(event, DummyCardCalled):
        return f"Declarer calls \"{event.designation}\" from dummy"
    if isinstance(event, CardWithdrawn):
        return f"{_name(event.seat)}'s card goes back (Law {event.law})"
    if isinstance(event, DummyAct):
        return f"Dummy: {event.kind}{' (after a 43A2 breach)' if event.forfeited else ''}"
    if isinstance(event, DesignationChanged):
        return f"{_name(event.seat)} changes the card to {event.card.symbol}"
    if isinstance(event, CardsPlayedTogether):
        return f"{_name(event.seat)} plays {' '.join(c.symbol for c in event.cards)} together"
    if isinstance(event, TrickEntry):
        return f"Trick {event.trick}: {event.kind} ({_name(event.seat)})"
    return None


def describe_event(event: Event) -> str:
    """One line of the log, in the words of the table."""
    if isinstance(event, CallMade):
        return f"{event.seat.name.title()}: {event.call}"
    if isinstance(event, CallChanged):
        return f"{event.seat.name.title()} changes the call to {event.call}"
    if isinstance(event, Choice):
        who = f"{event.seat.name.title()} chooses" if event.seat is not None else "Chosen"
        return f"{who}: {event.option}"
    if isinstance(event, Judgement):
        return f"Director judges {event.question}: {event.answer}"
    if isinstance(event, CardExposed):
        how = "leads" if event.led else "exposes"
        return f"{event.seat.name.title()} {how} {' '.join(c.symbol for c in event.cards)}"
    if isinstance(event, BidAboveSeven):
        return f"{event.seat.name.title()}: {event.level}{event.strain.letter} (above seven)"
    if isinstance(event, Undo):
        return "Undo"
    if isinstance(event, CardPlayed):
        return f"{event.seat.name.title()} plays {event.card.symbol}{' face down' if event.face_down else ''}"
    if isinstance(event, ClaimMade):
        said = f": \"{event.statement}\"" if event.statement else " (no statement)"
        return f"{event.seat.name.title()} claims {event.tricks} of the remaining tricks{said}"
    if isinstance(event, RevokeCorrected):
        return f"{event.seat.name.title()} corrects the revoke with {event.card.symbol}"
    if isinstance(event, TricksAdjusted):
        why = f" ({event.reason})" if event.reason else ""
        return f"Director credits declarer with {event.declarer_tricks} tricks, Law {event.law}{why}"
    return _describe_fact(event) or _describe_other(event) or type(event).__name__


# ----- the score builder and the logical-alternatives builder of the table page (Laws 12C, 16B1(b)) -------------
LEVELS = tuple(str(n) for n in range(1, 8))
STRAIN_LETTERS = ("C", "D", "H", "S", "NT")
ARTIFICIAL = ("A+", "A", "A-")


def _pick(get: Callable[[str], str], name: str, allowed: tuple[str, ...], what: str) -> str:
    value = get(name).strip()
    if value not in allowed:
        raise ParseError(f"choose {what} (Law 12C)", field=name)
    return value


def _score_line(get: Callable[[str], str], n: int) -> str | None:
    """Result ``n`` of the builder as the score grammar writes it (``4SX N 9``, ``table``, ``PASS``)."""
    level = get(f"s{n}_level").strip()
    if not level:
        return None
    if level == "table":
        return "table"
    if level == "pass":
        return "PASS"
    level = _pick(get, f"s{n}_level", LEVELS, f"the level of result {n}")
    strain = _pick(get, f"s{n}_strain", STRAIN_LETTERS, f"the strain of result {n}")
    doubled = _pick(get, f"s{n}_dbl", ("", "X", "XX"), f"undoubled, doubled or redoubled for result {n}")
    declarer = _pick(get, f"s{n}_decl", tuple("NESW"), f"the declarer of result {n}")
    tricks = _pick(get, f"s{n}_tricks", tuple(str(t) for t in range(14)), f"declarer's tricks in result {n}")
    return f"{level}{strain}{doubled} {declarer} {tricks}"


def _weight(get: Callable[[str], str], name: str) -> float:
    raw = get(name).strip()
    try:
        value = float(raw)
    except ValueError:
        raise ParseError("choose the weight of the result, in per cent (Law 12C1(c))", field=name) from None
    if not 0 < value < 100:
        raise ParseError(f"a weight is between 0 and 100 per cent, not {raw} (Law 12C1(c))", field=name)
    return value


def score_answer(get: Callable[[str], str]) -> str:
    """The adjusted score the builder's controls make (docs/judgement.md, "The score"), never typed: one result
    (assigned), up to three weighted (the last takes the rest of 100%), one for each side (split), A+/A/A- for
    each side (artificial), or ``stands``.  A missing control is refused naming it."""
    how = get("score").strip()
    if how == "stands":
        return "stands"
    if how == "artificial":
        return (f"NS: {_pick(get, 'art_ns', ARTIFICIAL, 'A+, A or A- for NS')}; "
                f"EW: {_pick(get, 'art_ew', ARTIFICIAL, 'A+, A or A- for EW')}")
    lines = [line for line in (_score_line(get, n) for n in (1, 2, 3)) if line is not None]
    if not lines:
        raise ParseError("choose the result (level, strain, declarer, tricks) or the table result",
                         field="s1_level")
    if get("split").strip():
        if len(lines) != 2:
            raise ParseError("each side its own result needs two results, NS's then EW's (Law 12C1(e))",
                             field="split")
        return f"NS: {lines[0]}; EW: {lines[1]}"
    if len(lines) == 1:
        return lines[0]
    weights = [_weight(get, f"w{n}") for n in range(1, len(lines))]
    rest = round(100 - sum(weights), 6)
    if rest <= 0:
        raise ParseError("the weights leave nothing for the last result (Law 12C1(c))",
                         field=f"w{len(weights)}")
    return "; ".join(f"{w:g}% {line}" for w, line in zip([*weights, rest], lines, strict=True))


def calls_answer(question: str, calls: list[str]) -> str:
    """The calls tapped: ``la: Pass, 4H`` for the logical alternatives, ``Pass, 4H`` for what is suggested."""
    if not calls:
        raise ParseError("tap the calls first", field="calls")
    listed = ", ".join(str(_read(Call.parse, c, "calls")) for c in calls)
    return f"la: {listed}" if question == "alternatives" else listed
