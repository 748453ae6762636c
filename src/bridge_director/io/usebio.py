"""USEBIO 1.2 XML: read an event's pairs and travellers, and write an event we scored.

Reading keeps every number the file states (scores, matchpoints, cross-IMP or Butler points, totals and places)
so a scoring can be checked against it; writing produces a file with the same elements.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path

from ..errors import ParseError
from ..scoring.event import PASSED_OUT, EventScore, Method, Result

_EVENT_METHOD = {"MP_PAIRS": Method.MATCHPOINTS, "CROSS_IMP": Method.CROSS_IMPS, "BUTLER_PAIRS": Method.BUTLER}
_POINTS_TAG = {Method.MATCHPOINTS: "MATCH_POINTS", Method.CROSS_IMPS: "CROSS_IMP_POINTS",
               Method.BUTLER: "BUTLER_POINTS"}
_ARTIFICIAL = re.compile(r"^A(\d\d)(\d\d)$")


@dataclass(frozen=True, slots=True)
class UsebioPair:
    """A pair as the file lists it, with the totals the file states."""

    number: str
    direction: str
    total: float | None
    percentage: float | None
    place: str
    names: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class UsebioLine:
    """A traveller line and the points the file gives each side."""

    result: Result
    ns_points: float | None
    ew_points: float | None


@dataclass(frozen=True, slots=True)
class UsebioEvent:
    """The first event of a USEBIO file."""

    event_type: str
    method: Method | None
    title: str
    pairs: tuple[UsebioPair, ...]
    lines: tuple[UsebioLine, ...]
    board_averages: dict[int, float]

    @property
    def results(self) -> tuple[Result, ...]:
        return tuple(line.result for line in self.lines)

    @property
    def directions(self) -> dict[str, str]:
        return {p.number: p.direction for p in self.pairs}


def _text(node: ET.Element | None, tag: str) -> str:
    child = node.find(tag) if node is not None else None
    return (child.text or "").strip() if child is not None else ""


def _number(text: str, field: str, board: int | None = None) -> float | None:
    if not text:
        return None
    try:
        return float(text)
    except ValueError:
        where = f"board {board}: " if board is not None else ""
        raise ParseError(f"{where}{field} is not a number: {text!r}", field=field) from None


def _line(board: int, node: ET.Element, points_tag: str, not_played_as_zero: bool) -> UsebioLine | None:
    ns, ew = _text(node, "NS_PAIR_NUMBER"), _text(node, "EW_PAIR_NUMBER")
    score_text, contract = _text(node, "SCORE"), _text(node, "CONTRACT")
    ns_pts = _number(_text(node, f"NS_{points_tag}"), f"NS_{points_tag}", board)
    ew_pts = _number(_text(node, f"EW_{points_tag}"), f"EW_{points_tag}", board)
    if contract.upper() == "NP" or score_text.upper() == "NP":
        if not not_played_as_zero:
            return None  # not played: no result on this board
        return UsebioLine(Result(board, ns, ew, 0, contract="NP", note="NP"), ns_pts, ew_pts)
    artificial = _ARTIFICIAL.match(score_text.upper())
    if artificial:
        result = Result(board, ns, ew, ns_award=float(artificial.group(1)), ew_award=float(artificial.group(2)),
                        note=score_text)
        return UsebioLine(result, ns_pts, ew_pts)
    tricks_text = _text(node, "TRICKS")
    if contract.upper() in PASSED_OUT:
        score = 0
    else:
        value = _number(score_text, "SCORE", board)
        if value is None:
            raise ParseError(f"board {board}, {ns} v {ew}: no SCORE", field="SCORE")
        score = int(value)
    result = Result(board, ns, ew, score, contract=contract, declarer=_text(node, "PLAYED_BY"),
                    tricks=int(tricks_text) if tricks_text.isdigit() else None, lead=_text(node, "LEAD"))
    return UsebioLine(result, ns_pts, ew_pts)


def read_usebio(path: str | Path, *, not_played_as_zero: bool = False) -> UsebioEvent:
    """Read the first EVENT of a USEBIO file (1.x): pairs, traveller lines and the points it states.

    A line marked ``NP`` (not played) is left out, so the board is Neuberg-scaled; some scorers instead rank
    it as a score of 0, which ``not_played_as_zero`` reproduces.
    """
    try:
        root = ET.parse(path).getroot()
    except ET.ParseError as err:
        raise ParseError(f"{path}: not well-formed XML ({err})", line=err.position[0]) from None
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None:
        raise ParseError(f"{path}: not a USEBIO file (no USEBIO/EVENT element)", field="EVENT")
    event_type = event.get("EVENT_TYPE", "")
    method = _EVENT_METHOD.get(event_type)
    points_tag = _POINTS_TAG.get(method or Method.MATCHPOINTS, "MATCH_POINTS")
    pairs = []
    for node in event.iter("PAIR"):
        names = tuple(_text(p, "PLAYER_NAME") for p in node.findall("PLAYER"))
        pairs.append(UsebioPair(_text(node, "PAIR_NUMBER"), _text(node, "DIRECTION"),
                                _number(_text(node, "TOTAL_SCORE"), "TOTAL_SCORE"),
                                _number(_text(node, "PERCENTAGE"), "PERCENTAGE"), _text(node, "PLACE"), names))
    lines: list[UsebioLine] = []
    averages: dict[int, float] = {}
    for board_node in event.iter("BOARD"):
        if board_node.find("TRAVELLER_LINE") is None:
            continue  # hand records also use BOARD
        number_text = _text(board_node, "BOARD_NUMBER")
        if not number_text.isdigit():
            raise ParseError(f"BOARD_NUMBER is not a number: {number_text!r}", field="BOARD_NUMBER")
        board = int(number_text)
        average = _number(_text(board_node, "BOARD_AVERAGE"), "BOARD_AVERAGE", board)
        if average is not None:
            averages[board] = average
        for node in board_node.findall("TRAVELLER_LINE"):
            line = _line(board, node, points_tag, not_played_as_zero)
            if line is not None:
                lines.append(line)
    return UsebioEvent(event_type, method, _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"),
                       tuple(pairs), tuple(lines), averages)


def _fmt(value: float) -> str:
    return f"{value:.2f}"


def usebio_xml(scored: EventScore, *, title: str = "", names: dict[str, tuple[str, ...]] | None = None) -> str:
    """A USEBIO 1.2 document for an event we scored (pairs with totals and places, travellers with points)."""
    event_type = {v: k for k, v in _EVENT_METHOD.items()}[scored.method]
    points_tag = _POINTS_TAG[scored.method]
    root = ET.Element("USEBIO", Version="1.2")
    event = ET.SubElement(root, "EVENT", EVENT_TYPE=event_type)
    ET.SubElement(event, "EVENT_DESCRIPTION").text = title
    ET.SubElement(event, "PROGRAM_NAME").text = "bridge-director"
    ET.SubElement(event, "SCORING_METHOD").text = "MATCH_POINTS" if scored.method is Method.MATCHPOINTS else "IMPS"
    participants = ET.SubElement(event, "PARTICIPANTS", EVENT_TYPE=event_type)
    for st in scored.standings:
        pair = ET.SubElement(participants, "PAIR")
        ET.SubElement(pair, "PAIR_NUMBER").text = st.pair
        ET.SubElement(pair, "DIRECTION").text = st.field
        ET.SubElement(pair, "TOTAL_SCORE").text = _fmt(st.total)
        if st.percent is not None:
            ET.SubElement(pair, "PERCENTAGE").text = _fmt(st.percent)
        ET.SubElement(pair, "PLACE").text = st.place
        for name in (names or {}).get(st.pair, ()):
            ET.SubElement(ET.SubElement(pair, "PLAYER"), "PLAYER_NAME").text = name
    for board in scored.boards:
        node = ET.SubElement(event, "BOARD", EVENT_TYPE=event_type)
        ET.SubElement(node, "BOARD_NUMBER").text = str(board.board)
        if board.datum is not None:
            ET.SubElement(node, "BOARD_AVERAGE").text = f"{board.datum:g}"
        for ln in board.lines:
            r = ln.result
            line = ET.SubElement(node, "TRAVELLER_LINE")
            ET.SubElement(line, "NS_PAIR_NUMBER").text = r.ns
            ET.SubElement(line, "EW_PAIR_NUMBER").text = r.ew
            if r.contract:
                ET.SubElement(line, "CONTRACT").text = r.contract
            if r.declarer:
                ET.SubElement(line, "PLAYED_BY").text = r.declarer
            if r.lead:
                ET.SubElement(line, "LEAD").text = r.lead
            if r.tricks is not None:
                ET.SubElement(line, "TRICKS").text = str(r.tricks)
            if r.score is not None:
                ET.SubElement(line, "SCORE").text = str(r.score)
            else:
                # USEBIO's own form (A6040); a note in another form, such as PBN's "A+/A-", is not written
                code = r.note if _ARTIFICIAL.match(r.note) else f"A{int(r.ns_award or 0):02d}{int(r.ew_award or 0):02d}"
                ET.SubElement(line, "SCORE").text = code
            ET.SubElement(line, f"NS_{points_tag}").text = _fmt(ln.ns)
            ET.SubElement(line, f"EW_{points_tag}").text = _fmt(ln.ew)
    ET.indent(root)
    return '<?xml version="1.0"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_usebio(scored: EventScore, path: str | Path, *, title: str = "") -> None:
    """Write :func:`usebio_xml` to ``path``."""
    Path(path).write_text(usebio_xml(scored, title=title), encoding="utf-8")
