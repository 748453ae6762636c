"""USEBIO 1.2 XML: read an event's pairs and travellers, and write an event we scored.

Reading keeps every number the file states (scores, matchpoints, cross-IMP or Butler points, totals and places)
so a scoring can be checked against it; writing produces a file with the same elements.

Adjusted lines.  USEBIO's ``SCORE`` is N-S's score, or an artificial score as ``A`` and each side's percentage
(``A6040``); each side's points are in their own element (``NS_MATCH_POINTS`` / ``EW_MATCH_POINTS``, and so on).
We write an assigned score as a plain score, a split score as ``420/620`` (N-S scored on +420, E-W as if N-S had
scored +620) and a weighted score as its outcomes, ``1430@0.3;680@0.4;650@0.2;-100@0.1``: text where the format
has no single number, with each side's points as scored.  What the elements cannot say (the ruling's note, a
fouled board's group, an award's percentage that is not whole) goes in XML comments in the line,
``<!-- note=ruling 3: Law 12C1b -->``, ``<!-- group=B -->``, ``<!-- award=66.67/40 -->``, which leave the file
valid for any reader.  An award at IMPs given in IMPs (not percentages) has no code and is written ``ADJ``.
Reading takes all of these back; a ``SCORE`` in any other form that is not a number (``ADJ``, or as other
programs write an adjusted score) keeps the points the file gives the line, as an award of those points (at
matchpoints, the percentage they are of the board's top).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, replace
from pathlib import Path

from ..errors import BridgeError, ParseError
from ..scoring.event import LETTER_AWARDS, PASSED_OUT, EventScore, Method, Result
from ..scoring.travellers import outcomes_text, parse_outcomes

_EVENT_METHOD = {"MP_PAIRS": Method.MATCHPOINTS, "CROSS_IMP": Method.CROSS_IMPS, "BUTLER_PAIRS": Method.BUTLER}
_POINTS_TAG = {Method.MATCHPOINTS: "MATCH_POINTS", Method.CROSS_IMPS: "CROSS_IMP_POINTS",
               Method.BUTLER: "BUTLER_POINTS"}
_ARTIFICIAL = re.compile(r"^A(\d\d)(\d\d)$")
_SPLIT = re.compile(r"^(-?\d+)/(-?\d+)$")
#: SCORE for an award in IMPs (no USEBIO form): the reader keeps the line's written points
KEPT = "ADJ"
#: the comments we write in a traveller line for what USEBIO has no element for
_REMARKS = ("note", "group", "award")


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
    remark: str = ""  # the note written in the line's comment (a ruling: "ruling 3: Law 12C1b")


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

    def written_totals(self) -> dict[str, float]:
        """Each pair's total of the points the traveller lines give it, as written (before any penalty, which
        only the pairs' ``TOTAL_SCORE`` carries)."""
        totals: dict[str, float] = {}
        for ln in self.lines:
            for pair, points in ((ln.result.ns, ln.ns_points), (ln.result.ew, ln.ew_points)):
                totals[pair] = totals.get(pair, 0.0) + (points or 0.0)
        return totals


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


def _remarks(node: ET.Element) -> dict[str, str]:
    """The ``key=value`` comments we write in a traveller line (other comments are left alone)."""
    out: dict[str, str] = {}
    for child in node:
        if child.tag is not ET.Comment:  # type: ignore[comparison-overlap]
            continue
        key, eq, value = (child.text or "").strip().partition("=")
        if eq and key in _REMARKS:
            out[key] = value.strip()
    return out


def _line(board: int, node: ET.Element, points_tag: str, not_played_as_zero: bool) -> tuple[UsebioLine, bool] | None:
    """The line and whether it is kept as its written points (a SCORE we cannot read as a score)."""
    ns, ew = _text(node, "NS_PAIR_NUMBER"), _text(node, "EW_PAIR_NUMBER")
    score_text, contract = _text(node, "SCORE"), _text(node, "CONTRACT")
    ns_pts = _number(_text(node, f"NS_{points_tag}"), f"NS_{points_tag}", board)
    ew_pts = _number(_text(node, f"EW_{points_tag}"), f"EW_{points_tag}", board)
    remarks = _remarks(node)
    note, group = remarks.get("note", ""), remarks.get("group", "")
    where = f"board {board}, {ns} v {ew}"
    if contract.upper() == "NP" or score_text.upper() == "NP":
        if not not_played_as_zero:
            return None  # not played: no result on this board
        return UsebioLine(Result(board, ns, ew, 0, contract="NP", note="NP"), ns_pts, ew_pts, note), False
    artificial = _ARTIFICIAL.match(score_text.upper())
    if artificial:
        ns_award, ew_award = float(artificial.group(1)), float(artificial.group(2))
        if "award" in remarks:  # the exact percentages, where they are not whole
            ns_text, _, ew_text = remarks["award"].partition("/")
            ns_award = _number(ns_text, "award", board) or 0.0
            ew_award = _number(ew_text, "award", board) or 0.0
        result = Result(board, ns, ew, ns_award=ns_award, ew_award=ew_award, note=score_text)
        return UsebioLine(result, ns_pts, ew_pts, note), False
    tricks_text = _text(node, "TRICKS")
    tricks = int(tricks_text) if tricks_text.isdigit() else None

    def line_of(score: int | None, ew_score: int | None = None,
                outcomes: tuple[tuple[int, float], ...] = ()) -> Result:
        return Result(board, ns, ew, score, contract=contract, declarer=_text(node, "PLAYED_BY"), tricks=tricks,
                      lead=_text(node, "LEAD"), note=note, ew_score=ew_score, outcomes=outcomes, group=group)

    split = _SPLIT.match(score_text)
    try:
        if "@" in score_text:
            result = line_of(None, outcomes=parse_outcomes(score_text, "SCORE"))
        elif split:
            result = line_of(int(split.group(1)), int(split.group(2)))
        elif contract.upper() in PASSED_OUT:
            result = line_of(0)
        else:
            try:
                score = float(score_text)
            except ValueError:
                score = None
            if score is None or not score.is_integer():
                if not score_text and ns_pts is None:
                    raise ParseError(f"{where}: no SCORE", field="SCORE")
                if ns_pts is None or ew_pts is None:
                    raise ParseError(f"{where}: SCORE is not a number ({score_text!r}) and the line gives no "
                                     "points to keep", field="SCORE")
                # an adjusted score in a form of another program's: the line keeps the points it was given
                result = Result(board, ns, ew, ns_award=ns_pts, ew_award=ew_pts, note=note or score_text,
                                group=group)
                return UsebioLine(result, ns_pts, ew_pts, note), True
            result = line_of(int(score))
    except BridgeError as err:
        if isinstance(err, ParseError):
            raise
        raise ParseError(f"{where}: {err.message}", field=err.field or "SCORE") from None
    return UsebioLine(result, ns_pts, ew_pts, note), False


def _kept_as_percent(lines: list[tuple[UsebioLine, bool]], method: Method | None) -> list[UsebioLine]:
    """At matchpoints an award is a percentage of the top: a line kept as its written points gets the percentage
    those points are of the board's top (a played line's two sides add up to it)."""
    if method not in (None, Method.MATCHPOINTS) or not any(kept for _, kept in lines):
        return [ln for ln, _ in lines]
    tops = [ln.ns_points + ln.ew_points for ln, kept in lines
            if not kept and ln.result.score is not None and not ln.result.split
            and ln.ns_points is not None and ln.ew_points is not None]
    top = max(tops, default=0.0)
    out = []
    for ln, kept in lines:
        if kept and top > 0:
            assert ln.ns_points is not None and ln.ew_points is not None
            ln = UsebioLine(replace(ln.result, ns_award=100 * ln.ns_points / top, ew_award=100 * ln.ew_points / top),
                            ln.ns_points, ln.ew_points, ln.remark)
        out.append(ln)
    return out


def read_usebio(path: str | Path, *, not_played_as_zero: bool = False) -> UsebioEvent:
    """Read the first EVENT of a USEBIO file (1.x): pairs, traveller lines and the points it states.

    A line marked ``NP`` (not played) is left out, so the board is Neuberg-scaled; some scorers instead rank
    it as a score of 0, which ``not_played_as_zero`` reproduces.
    """
    try:
        root = ET.parse(path, parser=ET.XMLParser(target=ET.TreeBuilder(insert_comments=True))).getroot()
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
        board_lines = [line for line in (_line(board, node, points_tag, not_played_as_zero)
                                         for node in board_node.findall("TRAVELLER_LINE")) if line is not None]
        lines.extend(_kept_as_percent(board_lines, method))
    return UsebioEvent(event_type, method, _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"),
                       tuple(pairs), tuple(lines), averages)


def _fmt(value: float) -> str:
    return f"{value:.2f}"


def _award_code(r: Result) -> str:
    """USEBIO's artificial score: ``A`` and each side's whole percentage (a note already in that form is kept)."""
    if _ARTIFICIAL.match(r.note):
        return r.note
    return f"A{min(99, round(r.ns_award or 0)):02d}{min(99, round(r.ew_award or 0)):02d}"


def _percent_note(note: str) -> bool:
    """An award's note that makes it percentages at IMPs too (``A6040``, ``A+/A-``)."""
    parts = note.split("/")
    return _ARTIFICIAL.match(note) is not None or (len(parts) == 2 and all(p.strip() in LETTER_AWARDS for p in parts))


def _score_text(r: Result, method: Method) -> str:
    """SCORE: N-S's score, an artificial code (A6040), a split score (420/620) or a weighted one's outcomes; an
    award at IMPs given in IMPs has no USEBIO form and is written ``ADJ`` (its points are the line's)."""
    if r.weighted:
        return outcomes_text(r.outcomes)
    if r.artificial:
        return _award_code(r) if method is Method.MATCHPOINTS or _percent_note(r.note) else KEPT
    if r.split:
        return f"{r.score}/{r.ew_score}"
    return str(r.score)


def _remarks_of(r: Result, method: Method) -> list[tuple[str, str]]:
    """What a line's elements cannot say: the note (not an award's own code or letters), the group, and an
    award's exact percentages where the code rounds them."""
    out = []
    if r.note and not (r.artificial and _percent_note(r.note)) and r.note != "NP":
        out.append(("note", r.note))
    if r.group:
        out.append(("group", r.group))
    if r.artificial and r.ns_award is not None and r.ew_award is not None and _score_text(r, method) != KEPT:
        code = _award_code(r)
        if (float(code[1:3]), float(code[3:5])) != (r.ns_award, r.ew_award):
            out.append(("award", f"{r.ns_award!r}/{r.ew_award!r}"))
    return out


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
            ET.SubElement(line, "SCORE").text = _score_text(r, scored.method)
            ET.SubElement(line, f"NS_{points_tag}").text = _fmt(ln.ns)
            ET.SubElement(line, f"EW_{points_tag}").text = _fmt(ln.ew)
            for key, value in _remarks_of(r, scored.method):
                line.append(ET.Comment(f" {key}={value.replace('--', '- -')} "))
    ET.indent(root)
    return '<?xml version="1.0"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def write_usebio(scored: EventScore, path: str | Path, *, title: str = "") -> None:
    """Write :func:`usebio_xml` to ``path``."""
    Path(path).write_text(usebio_xml(scored, title=title), encoding="utf-8")
