"""The JSON table log (documented in docs/table-log.md): save, load and describe a board's events.

>>> t = Table(board=7, laws="2007")
>>> _ = t.call("S", "1H"); _ = t.call("N", "2H")
>>> back = loads(dumps(t))
>>> back.state == t.state, back.log == t.log
(True, True)
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..errors import BridgeError, ParseError
from ..io.text import read_json, read_text
from ..laws.common import say
from ..laws.law26 import lead_restrictions_in_force
from ..laws.matters import CALL_BACK, board_over, open_matters
from ..laws.pending import describe
from ..model import Call, Card, Seat, Strain
from ..model.numbers import BOARD_LIMIT, json_int, json_text, shown
from ..table.edition import Edition
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
from ..table.play import penalty_cards
from ..table.state import TableState
from .api import Table

FORMAT = "bridge-director.table-log"
VERSION = 1

Encoder = Callable[[Any, Edition], dict[str, Any]]
Decoder = Callable[[dict[str, Any], Edition], Event]
CODECS: dict[str, tuple[type[Event], Encoder, Decoder]] = {}


def codec(tag: str, kind: type[Event], encode: Encoder, decode: Decoder) -> None:
    """Register how an event type is written (extension point for the play events)."""
    CODECS[tag] = (kind, encode, decode)


def _laws(d: dict[str, Any], default: Edition) -> Edition:
    return Edition.parse(d["laws"]) if "laws" in d else default


def _with_laws(out: dict[str, Any], laws: Edition, default: Edition) -> dict[str, Any]:
    if laws is not default:
        out["laws"] = laws.value
    return out


codec("call", CallMade,
      lambda e, d: _with_laws({"seat": e.seat.letter, "call": str(e.call)}, e.laws, d),
      lambda j, d: CallMade(Seat.parse(j["seat"]), Call.parse(j["call"]), _laws(j, d)))
codec("change", CallChanged,
      lambda e, d: _with_laws({"seat": e.seat.letter, "call": str(e.call)}, e.laws, d),
      lambda j, d: CallChanged(Seat.parse(j["seat"]), Call.parse(j["call"]), _laws(j, d)))
codec("expose", CardExposed,
      lambda e, d: _with_laws({"seat": e.seat.letter, "cards": [str(c) for c in e.cards], "led": e.led}, e.laws, d),
      lambda j, d: CardExposed(Seat.parse(j["seat"]), tuple(Card.parse(c) for c in j["cards"]),
                               bool(j.get("led", False)), _laws(j, d)))
codec("above_seven", BidAboveSeven,
      lambda e, d: _with_laws({"seat": e.seat.letter, "level": e.level, "strain": e.strain.letter}, e.laws, d),
      lambda j, d: BidAboveSeven(Seat.parse(j["seat"]), int(j["level"]), Strain.parse(j["strain"]), _laws(j, d)))
codec("choice", Choice,
      lambda e, d: {"option": e.option, **({"seat": e.seat.letter} if e.seat is not None else {})},
      lambda j, d: Choice(str(j["option"]), Seat.parse(j["seat"]) if j.get("seat") else None))
codec("judgement", Judgement,
      lambda e, d: {"question": e.question, "answer": e.answer},
      lambda j, d: Judgement(str(j["question"]), str(j["answer"])))
codec("undo", Undo, lambda e, d: {}, lambda j, d: Undo())
codec("review", ReviewRequested, lambda e, d: _with_laws({"seat": e.seat.letter}, e.laws, d),
      lambda j, d: ReviewRequested(Seat.parse(j["seat"]), _laws(j, d)))
codec("explanation_corrected", ExplanationCorrected,
      lambda e, d: _with_laws({"seat": e.seat.letter, **({"call_no": e.call_no} if e.call_no is not None else {}),
                               **({"answer": e.answer} if e.answer else {})}, e.laws, d),
      lambda j, d: ExplanationCorrected(Seat.parse(j["seat"]), _laws(j, d),
                                        int(j["call_no"]) if j.get("call_no") is not None else None,
                                        str(j.get("answer", ""))))
codec("wrong_board", WrongBoard,
      lambda e, d: _with_laws({"seat": e.seat.letter, **({"board": e.board} if e.board is not None else {})},
                              e.laws, d),
      lambda j, d: WrongBoard(Seat.parse(j["seat"]), int(j["board"]) if j.get("board") is not None else None,
                              _laws(j, d)))

codec("found_faced", CardFoundFaced,
      lambda e, d: _with_laws({"seat": e.seat.letter, "cards": [str(c) for c in e.cards],
                               "seen_by": [s.letter for s in e.seen_by]}, e.laws, d),
      lambda j, d: CardFoundFaced(Seat.parse(j["seat"]), tuple(Card.parse(c) for c in j["cards"]),
                                  tuple(Seat.parse(s) for s in j.get("seen_by", ())), _laws(j, d)))
codec("improper_double", ImproperDouble,
      lambda e, d: _with_laws({"seat": e.seat.letter, "call": str(e.call), "stated": str(e.stated)}, e.laws, d),
      lambda j, d: ImproperDouble(Seat.parse(j["seat"]), Call.parse(j["call"]), Call.parse(j["stated"]),
                                  _laws(j, d)))

def _given(e: Any, *keys: str) -> dict[str, Any]:
    """The optional fields of ``e`` that were given (not None / not empty)."""
    return {k: getattr(e, k) for k in keys if getattr(e, k) not in (None, "")}


def _opt_bool(j: dict[str, Any], key: str) -> bool | None:
    value = j.get(key)
    if value is None:
        return None
    if not isinstance(value, bool):
        raise BridgeError(f"{key} is true or false, not {value!r}", field=key)
    return value


def _opt_int(j: dict[str, Any], key: str) -> int | None:
    value = j.get(key)
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 3600:
        raise BridgeError(f"{key} is a number of seconds from 0 to 3600, not {value!r}", field=key)
    return value


codec("hesitation", Hesitation,
      lambda e, d: _with_laws({"seat": e.seat.letter, "agreed": e.agreed,
                               **_given(e, "skip_warning", "seconds", "unusual")}, e.laws, d),
      lambda j, d: Hesitation(Seat.parse(j["seat"]), bool(j.get("agreed", True)), _laws(j, d),
                              _opt_bool(j, "skip_warning"), _opt_int(j, "seconds"), _opt_bool(j, "unusual")))
codec("explanation", Explanation,
      lambda e, d: _with_laws({"seat": e.seat.letter, **_given(e, "call_no"), "answer": e.answer,
                               **({"asked_by": e.asked_by.letter} if e.asked_by is not None else {}),
                               "alerted": e.alerted, **_given(e, "about")}, e.laws, d),
      lambda j, d: Explanation(Seat.parse(j["seat"]), None if j.get("call_no") is None else int(j["call_no"]),
                               str(j["answer"]), Seat.parse(j["asked_by"]) if j.get("asked_by") else None,
                               bool(j.get("alerted", True)), _laws(j, d), str(j.get("about", ""))))
codec("remark", Remark,
      lambda e, d: _with_laws({"seat": e.seat.letter, "text": e.text, "gesture": e.gesture}, e.laws, d),
      lambda j, d: Remark(Seat.parse(j["seat"]), str(j["text"]), bool(j.get("gesture", False)), _laws(j, d)))
codec("psyche", PsycheReported,
      lambda e, d: _with_laws({"seat": e.seat.letter, "call_no": e.call_no}, e.laws, d),
      lambda j, d: PsycheReported(Seat.parse(j["seat"]), int(j["call_no"]), _laws(j, d)))
codec("review_ruling", DirectorReview,
      lambda e, d: _with_laws({"law": e.law, "seat": e.seat.letter,
                               **({"call_no": e.call_no} if e.call_no is not None else {})}, e.laws, d),
      lambda j, d: DirectorReview(str(j["law"]), Seat.parse(j["seat"]),
                                  int(j["call_no"]) if j.get("call_no") is not None else None, _laws(j, d)))


def encode_event(event: Event, default: Edition) -> dict[str, Any]:
    for tag, (kind, encode, _decode) in CODECS.items():
        if type(event) is kind:
            return {"type": tag, **encode(event, default)}
    raise BridgeError(f"no table-log codec for {type(event).__name__}", field="events")


#: the JSON type of every field an event may carry (docs/table-log.md), checked before any codec reads it
TEXT_FIELDS = frozenset({"seat", "call", "card", "strain", "option", "question", "answer", "statement", "reason",
                         "law", "designation", "kind", "laws", "text", "asked_by", "about"})
FLAG_FIELDS = frozenset({"led", "face_down", "forfeited", "agreed", "alerted", "gesture", "skip_warning", "unusual"})
CARD_LISTS = frozenset({"cards", "visible"})
#: whole-number fields and their ranges: a bid's level, a board, tricks claimed or credited, a trick's number
NUMBER_FIELDS: dict[str, tuple[int, int]] = {"level": (1, 99), "board": (1, BOARD_LIMIT), "tricks": (0, 13),
                                             "declarer_tricks": (0, 13), "trick": (1, 13),
                                             "call_no": (1, 400), "seconds": (0, 3600)}
#: events a log may hold: far more than any board needs
MAX_EVENTS = 10_000


def check_fields(data: dict[Any, Any], index: int) -> None:
    """Every field of an event has its JSON type (a seat or call is text, a board or level a whole number in
    range, a flag true or false, cards a list of text): a wrong one is a ParseError naming event and field."""
    for key, value in data.items():
        try:
            _check_field(key, value)
        except ParseError as err:
            raise ParseError(f"event {index}: {err.message}", field=str(key)) from None


def _check_field(key: Any, value: Any) -> None:
    if key in TEXT_FIELDS:
        json_text(value, key, max_length=2000)
    elif key in FLAG_FIELDS and type(value) is not bool:
        raise ParseError(f"{key} must be true or false, not {shown(value)}")
    elif key in CARD_LISTS:
        if not isinstance(value, list) or len(value) > 13:
            raise ParseError(f"{key} must be a list of up to 13 cards, not {shown(value)}")
        for card in value:
            json_text(card, f"a card of {key}", max_length=8)
    elif key in NUMBER_FIELDS and not (key == "board" and value is None):
        low, high = NUMBER_FIELDS[key]
        json_int(value, key, low=low, high=high)


def decode_event(data: Any, default: Edition, index: int) -> Event:
    if not isinstance(data, dict) or not isinstance(data.get("type"), str) or data["type"] not in CODECS:
        raise ParseError(f"event {index}: not a known event: {shown(data, 60)}", field="events")
    check_fields(data, index)
    try:
        return CODECS[data["type"]][2](data, default)
    except KeyError as err:
        raise ParseError(f"event {index}: missing {err}", field="events") from None
    except (TypeError, ValueError) as err:
        if isinstance(err, BridgeError):
            raise ParseError(f"event {index}: {err.message}", field=err.field or "events") from None
        raise ParseError(f"event {index}: {err}", field="events") from None


def to_json(table: Table) -> dict[str, Any]:
    s = table.start
    return {
        "format": FORMAT, "version": VERSION, "board": s.board, "dealer": s.dealer.letter,
        "vulnerability": s.vulnerability.value, "laws": table.laws.value,
        **({"authority": s.authority} if s.authority else {}), **({"level": s.level} if s.level is not None else {}),
        "deal": s.deal.to_pbn() if s.deal is not None else None,
        "events": [encode_event(e, table.laws) for e in table.log],
    }


def from_json(data: Any) -> Table:
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ParseError(f"not a table log (expected \"format\": \"{FORMAT}\")", field="format")
    version = data.get("version")
    if type(version) is not int or version != VERSION:
        raise ParseError(f"unsupported table-log version {shown(version)}", field="version")
    board = data.get("board")
    if board is not None:
        json_int(board, "board", low=1, high=BOARD_LIMIT)
    header = {key: data.get(key) for key in ("dealer", "vulnerability", "deal")}
    for key, value in header.items():
        if value is not None:
            json_text(value, key, max_length=100)
    laws = json_text(data.get("laws", "2017"), "laws", max_length=10)
    authority = json_text(data.get("authority", ""), "authority", max_length=20)
    level = data.get("level")
    if level is not None:
        json_int(level, "level", low=1, high=9)
    table = Table(board, dealer=header["dealer"], vulnerability=header["vulnerability"], deal=header["deal"],
                  laws=laws, authority=authority, level=level)
    events = data.get("events", [])
    if not isinstance(events, list):
        raise ParseError("events must be a list", field="events")
    if len(events) > MAX_EVENTS:
        raise ParseError(f"{len(events)} events: a table log holds at most {MAX_EVENTS}", field="events")
    for i, raw in enumerate(events, 1):
        event = decode_event(raw, table.laws, i)
        try:
            table.do(event)
        except BridgeError as err:
            raise type(err)(f"event {i}: {err.message}", law=err.law, field=err.field) from None
    return table


def dumps(table: Table) -> str:
    return json.dumps(to_json(table), indent=2, ensure_ascii=False)


def loads(text: str, source: str = "") -> Table:
    """A table log from its JSON text (read by ``io.text.read_json``: bounded numbers, no NaN)."""
    return from_json(read_json(text, source))


def save(table: Table, path: str | Path) -> None:
    Path(path).write_text(dumps(table) + "\n", encoding="utf-8")


def load(path: str | Path) -> Table:
    """A saved table log; bytes that are not UTF-8 are refused naming the file and line."""
    return loads(read_text(path, strict=True), str(path))


def state_json(state: TableState) -> dict[str, Any]:
    """The state as the director sees it: auction, pending ruling, restrictions and flags."""
    ruling = describe(state.pending, state) if state.pending is not None else None
    contract = state.contract()
    return {
        "phase": state.phase,
        "auction": [{"seat": ac.seat.letter, "call": str(ac.call)} for ac in state.calls],
        "next": state.next_seat.letter if state.phase == "auction" else None,
        "contract": str(contract) if contract is not None else None,
        "declarer": contract.declarer.letter if contract is not None else None,
        "ruling": None if ruling is None else {
            "irregularity": ruling.irregularity, "law": ruling.law, "edition": ruling.edition.value,
            "offender": ruling.offender.letter,
            "chooser": ruling.chooser.letter if ruling.chooser is not None else None,
            "caller": ruling.caller.letter if ruling.caller is not None else None,
            "options": [{"key": o.key, "label": o.label, "consequence": o.consequence, "law": o.law}
                        for o in ruling.options],
            "questions": [{"key": q.key, "text": q.text, "answers": list(q.answers), "law": q.law}
                          for q in ruling.questions],
            "text": ruling.text},
        "restrictions": [r.describe() for r in state.restrictions],
        "lead_restrictions": lead_restrictions_in_force(state) if state.auction_over else [
            f"pending: {say(lr.withdrawn)} withdrawn by {lr.offender.name.title()} (Law {lr.law}, {lr.edition})"
            for lr in state.lead_restrictions],
        "exposed": [{"seat": e.seat.letter, "card": str(e.card), "led": e.led} for e in state.exposed],
        "penalty_cards": [{"seat": p.seat.letter, "card": str(p.card), "major": p.major}
                          for p in penalty_cards(state)],
        "unauthorised": [{"side": u.side.value, "source": u.source, "law": u.law} for u in state.unauthorised],
        "flags": [{"law": f.law, "side": f.side.value, "text": f.text} for f in state.flags],
        "rulings": [{"law": r.law, "irregularity": r.irregularity, "offender": r.offender.letter,
                     "outcome": r.outcome, "laws": r.edition.value} for r in state.records],
        "board_over": board_over(state),
        "matters": [m.to_json() for m in open_matters(state)],
    }


def summary(state: TableState) -> str:
    """The board summary in words, for the director."""
    j = state_json(state)
    lines = [f"Board {state.board or '-'}  dealer {state.dealer.name.title()}  laws {state.laws}",
             "Auction: " + (state.auction_text() or "(none)"),
             f"Phase: {j['phase']}" + (f"  contract {j['contract']}" if j["contract"] else "")]
    if j["next"]:
        lines.append(f"Next to call: {Seat.parse(j['next']).name.title()}")
    for key, title in (("restrictions", "Restrictions in force"), ("lead_restrictions", "Lead restrictions")):
        if j[key]:
            lines.append(title + ":")
            lines += [f"  - {x}" for x in j[key]]
    if j["penalty_cards"]:
        lines.append("Penalty cards: " + ", ".join(f"{p['seat']} {p['card']} ({'major' if p['major'] else 'minor'})"
                                                   for p in j["penalty_cards"]))
    if j["unauthorised"]:
        lines.append("Unauthorised information:")
        lines += [f"  - to {u['side']}: {u['source']} (Law {u['law']})" for u in j["unauthorised"]]
    if j["flags"]:
        lines.append("Possible score adjustment:")
        lines += [f"  - Law {f['law']} ({f['side']}): {f['text']}" for f in j["flags"]]
    if j["rulings"]:
        lines.append("Rulings:")
        lines += [f"  - Law {r['law']} ({r['laws']}): {r['outcome']}" for r in j["rulings"]]
    if j["matters"]:
        lines.append("Open matters:" if j["board_over"] else f"Open matters ({CALL_BACK}):")
        lines += [f"  - {m['text']}  [{m['command']}]" for m in j["matters"]]
    if j["ruling"]:
        r = j["ruling"]
        lines += ["", f"PENDING: {r['irregularity']} (Law {r['law']}, {r['edition']} laws)", r["text"]]
        if r["options"]:
            lines.append("Options: " + ", ".join(o["key"] for o in r["options"]))
        if r["questions"]:
            lines.append("Judgements needed: " + "; ".join(f"{q['key']} ({'/'.join(q['answers'])})"
                                                           for q in r["questions"]))
    return "\n".join(lines)

from . import play_log  # noqa: E402,F401  (codecs of the play events)
