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

The board's top.  USEBIO 1.2 has no element for a board's top or its number of results (the real files we hold,
from Compscore3 and Scorer, carry none; their event-level ``BOARDS_PLAYED`` counts boards).  The scorer's figure
is in the lines themselves: at matchpoints a played line's ``NS_MATCH_POINTS`` and ``EW_MATCH_POINTS`` add up
to the board's top, so the top of a board played fewer times than the others (Neuberg-scaled) is still the top
of a full board.  :attr:`UsebioEvent.tops` keeps it per board and :meth:`UsebioEvent.stated_norms` turns it
into the number of results a full board has, which :func:`score_by_norm` scores each board to.  A short board's
pair percentages may be on another scale, the board as played: :mod:`.usebio_scales` scores a file as it states.

Checking.  :func:`check_usebio` reads every line on its own (one unreadable line does not hide the others) and
lists, per board, the lines that contradict themselves: a contract, declarer and tricks whose Law 77 score at
the board's vulnerability (Law 2) is not the written ``SCORE``, a pair that plays the board twice, more results
than the board's top allows, a played line whose two sides' points do not add up to the top.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from xml.parsers import expat

from ..errors import BridgeError, ParseError
from ..model.contract import Contract
from ..model.numbers import BOARD_LIMIT, POINTS_LIMIT, RESULTS_LIMIT, is_whole, real, shown
from ..model.seat import Seat, board_vulnerability
from ..scoring.event import LETTER_AWARDS, PASSED_OUT, EventScore, Method, Result, rank
from ..scoring.matchpoints import Scale
from ..scoring.outcomes import outcomes_text, parse_outcomes
from .safe_xml import defused_parser

_EVENT_METHOD = {"MP_PAIRS": Method.MATCHPOINTS, "CROSS_IMP": Method.CROSS_IMPS, "BUTLER_PAIRS": Method.BUTLER}
_POINTS_TAG = {Method.MATCHPOINTS: "MATCH_POINTS", Method.CROSS_IMPS: "CROSS_IMP_POINTS",
               Method.BUTLER: "BUTLER_POINTS"}
_ARTIFICIAL = re.compile(r"^A(\d\d)(\d\d)$", re.ASCII)
_SPLIT = re.compile(r"^(-?\d{1,18})/(-?\d{1,18})$", re.ASCII)
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
    #: each board's top as its played lines state it (their two sides' points add up to it), at matchpoints
    tops: dict[int, float] = field(default_factory=dict)

    @property
    def results(self) -> tuple[Result, ...]:
        return tuple(line.result for line in self.lines)

    def counts(self) -> Counter[int]:
        """How many results each board has (lines not played, ``NP``, are not results unless read as 0)."""
        return Counter(ln.result.board for ln in self.lines)

    def stated_scale(self) -> Scale:
        """The matchpoint scale the file's tops are written in (see :func:`stated_scale`)."""
        return stated_scale(self.tops, self.counts())

    def stated_norms(self) -> dict[int, int]:
        """Per board, the number of results a full board has, as the file's top states it (matchpoints only;
        a board whose top is not a whole number of comparisons, or is short of its own results, is left out)."""
        if self.method not in (None, Method.MATCHPOINTS):
            return {}
        return stated_norms(self.tops, self.counts())

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
        return real(text, field, low=-POINTS_LIMIT, high=POINTS_LIMIT)  # ASCII, finite, bounded (model.numbers)
    except ParseError as err:  # not a number, or one far out of range
        where = f"board {board}: " if board is not None else ""
        raise ParseError(f"{where}{err.message}", field=field) from None


def _document(path: str | Path) -> tuple[ET.Element, dict[ET.Element, int]]:
    """The XML tree (comments kept) and the file line each element starts on."""
    builder = ET.TreeBuilder(insert_comments=True)
    lines: dict[ET.Element, int] = {}
    parser = defused_parser()

    def start(tag: str, attrs: dict[str, str]) -> None:
        lines[builder.start(tag, attrs)] = parser.CurrentLineNumber

    parser.StartElementHandler = start
    parser.EndElementHandler = builder.end
    parser.CharacterDataHandler = builder.data
    parser.CommentHandler = builder.comment
    parser.buffer_text = True
    try:
        with open(path, "rb") as fh:
            parser.ParseFile(fh)
        root = builder.close()
    except expat.ExpatError as err:
        raise ParseError(f"{path}: not well-formed XML ({expat.ErrorString(err.code)}: line {err.lineno}, "
                         f"column {err.offset})", line=err.lineno) from None
    except (LookupError, ValueError) as err:  # an encoding Python does not know, or one expat cannot read
        raise ParseError(f"{path}: the XML declaration names an encoding that cannot be read ({err})",
                         field="encoding", line=1) from None
    except OSError as err:
        raise ParseError(f"cannot read {path}: {err.strerror}", field="file") from None
    return root, lines


def is_usebio(path: str | Path) -> bool:
    """Whether a file is XML whose root element is ``USEBIO`` (whatever its name ends in)."""
    return xml_root(path) == "USEBIO"


def xml_root(path: str | Path) -> str | None:
    """The root element's name of an XML file, or None for a file that does not start as XML."""
    try:
        with open(path, "rb") as fh:
            head = fh.read(4096)
    except OSError:
        return None
    if not head.lstrip(b"\xef\xbb\xbf \t\r\n").startswith(b"<"):
        return None
    found: list[str] = []
    parser = defused_parser()

    def start(tag: str, attrs: dict[str, str]) -> None:
        found.append(tag)
        raise _RootFound  # the first element is all we need

    parser.StartElementHandler = start
    try:
        with open(path, "rb") as fh:
            parser.ParseFile(fh)
    except (_RootFound, expat.ExpatError, OSError, LookupError, ValueError):
        pass  # an unknown encoding (LookupError, ValueError) is refused when the file is read
    return found[0] if found else None


class _RootFound(Exception):
    """Stops reading an XML file at its first element."""


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
    tricks = int(tricks_text) if is_whole(tricks_text) else None
    if tricks is not None and tricks > 13:
        raise ParseError(f"{where}: TRICKS {shown(tricks_text)} is not in 0 to 13", field="TRICKS")

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
    root, _ = _document(path)
    event = _event(path, root)
    event_type = event.get("EVENT_TYPE", "")
    method = _EVENT_METHOD.get(event_type)
    points_tag = _POINTS_TAG.get(method or Method.MATCHPOINTS, "MATCH_POINTS")
    lines: list[UsebioLine] = []
    averages: dict[int, float] = {}
    tops: dict[int, float] = {}
    for board_node in _board_nodes(event):
        board = _board_number(board_node)
        average = _number(_text(board_node, "BOARD_AVERAGE"), "BOARD_AVERAGE", board)
        if average is not None:
            averages[board] = average
        board_lines = [line for line in (_line(board, node, points_tag, not_played_as_zero)
                                         for node in board_node.findall("TRAVELLER_LINE")) if line is not None]
        lines.extend(_kept_as_percent(board_lines, method))
        top = _stated_top(board_lines) if points_tag == "MATCH_POINTS" else None
        if top is not None:
            tops[board] = top
    return UsebioEvent(event_type, method, _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"),
                       _pairs(event), tuple(lines), averages, tops)


def _event(path: str | Path, root: ET.Element) -> ET.Element:
    event = root.find("EVENT")
    if root.tag != "USEBIO" or event is None:
        raise ParseError(f"{path}: not a USEBIO file (no USEBIO/EVENT element)", field="EVENT")
    return event


def _pairs(event: ET.Element) -> tuple[UsebioPair, ...]:
    pairs = []
    for node in event.iter("PAIR"):
        names = tuple(_text(p, "PLAYER_NAME") for p in node.findall("PLAYER"))
        pairs.append(UsebioPair(_text(node, "PAIR_NUMBER"), _text(node, "DIRECTION"),
                                _number(_text(node, "TOTAL_SCORE"), "TOTAL_SCORE"),
                                _number(_text(node, "PERCENTAGE"), "PERCENTAGE"), _text(node, "PLACE"), names))
    return tuple(pairs)


def _board_nodes(event: ET.Element) -> list[ET.Element]:
    """The event's traveller boards (hand records, ``HANDSET``, also use ``BOARD``)."""
    return [node for node in event.iter("BOARD") if node.find("TRAVELLER_LINE") is not None]


def _board_number(node: ET.Element) -> int:
    number_text = _text(node, "BOARD_NUMBER")
    if not is_whole(number_text) or not 1 <= int(number_text) <= BOARD_LIMIT:
        raise ParseError(f"BOARD_NUMBER is not a board number: {shown(number_text)}", field="BOARD_NUMBER")
    return int(number_text)


def _played(ln: UsebioLine) -> bool:
    """A line scored on a table score (not an award, split or weighted), with both sides' points."""
    r = ln.result
    return (r.score is not None and not r.split and not r.weighted and ln.ns_points is not None
            and ln.ew_points is not None)


def _stated_top(lines: Iterable[tuple[UsebioLine, bool]]) -> float | None:
    """A board's top as its played lines state it: the sum of the two sides' points most lines have."""
    sums = Counter(round((ln.ns_points or 0.0) + (ln.ew_points or 0.0), 2)
                   for ln, kept in lines if not kept and _played(ln))
    return sums.most_common(1)[0][0] if sums else None


def _comparisons(top: float, scale: Scale) -> int | None:
    """The number of comparisons a top is on a scale, if it is a whole number."""
    n = top / scale.per_win
    return round(n) if abs(n - round(n)) < 1e-6 and round(n) >= 0 else None


def stated_scale(tops: Mapping[int, float], counts: Mapping[int, int]) -> Scale:
    """The matchpoint scale of a file's tops: the one under which most boards are full (their top is that of
    their own results), then the one under which most tops are a whole number of comparisons covering the
    board's results, then 2/1.  A full board of a 1/½ file cannot pass for 2/1 (its top would cover about
    half its results), nor one of a 2/1 file for 1/½; a file whose boards are all short is read as 2/1."""
    def fit(scale: Scale) -> tuple[int, int]:
        whole = [(board, n) for board, top in tops.items() if (n := _comparisons(top, scale)) is not None]
        return (sum(1 for board, n in whole if n + 1 == counts.get(board, 0)),
                sum(1 for board, n in whole if n + 1 >= counts.get(board, 0)))

    return max((Scale.TWO_ONE, Scale.ONE_HALF), key=fit)  # the first of equals: 2/1


def stated_norms(tops: Mapping[int, float], counts: Mapping[int, int]) -> dict[int, int]:
    """Per board, the results of a full board that its top states (tops read on :func:`stated_scale`)."""
    scale = stated_scale(tops, counts)
    out = {}
    for board, top in tops.items():
        n = _comparisons(top, scale)
        if n is not None and max(counts.get(board, 0), 1) <= n + 1 <= RESULTS_LIMIT:
            out[board] = n + 1
    return out


def score_by_norm(results: Iterable[Result], norms: Mapping[int, int],
                  score: Callable[[list[Result], int | None], EventScore],
                  two_winners: bool | None = None) -> EventScore:
    """Score an event whose boards have their own norm (results a full board has): the boards of each norm are
    scored together by ``score(results, norm)`` (for example ``score_event`` with that ``norm``) and the pairs
    ranked over all boards.  A board with no norm in ``norms`` takes the most common one (or, when there are
    none, ``score``'s own default).  With one norm this is just ``score(results, norm)``."""
    by_board: dict[int, list[Result]] = defaultdict(list)
    for r in results:
        by_board[r.board].append(r)
    common = Counter(norms[b] for b in by_board if b in norms).most_common(1)
    default = common[0][0] if common else None
    groups: dict[int | None, list[Result]] = defaultdict(list)
    for board, lines in by_board.items():
        groups[norms.get(board, default)].extend(lines)
    if len(groups) <= 1:
        return score([r for lines in groups.values() for r in lines], next(iter(groups), default))
    parts = [(norm, score(lines, norm)) for norm, lines in sorted(groups.items(), key=lambda g: g[0] or 0)]
    method = parts[0][1].method
    boards = tuple(sorted((b for _, part in parts for b in part.boards), key=lambda b: b.board))
    steps = [f"{len(boards)} boards, {sum(len(b.lines) for b in boards)} lines, scored by {method.value}; "
             "each board scored to the number of results its file states"]
    for norm, part in parts:
        numbers = ", ".join(str(b.board) for b in part.boards)
        steps.append(f"boards {numbers}: " + "; ".join(part.steps[1:] or (f"norm {norm}",)))
    return EventScore(method, parts[0][1].scale, boards, rank(boards, method, two_winners), parts[0][1].law,
                      tuple(steps))


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


@dataclass(frozen=True, slots=True)
class UsebioProblem:
    """A problem in a USEBIO file: the board (None for the event), the file line, the element and what."""

    board: int | None
    line: int | None
    field: str
    message: str
    law: str | None = None


@dataclass(frozen=True, slots=True)
class UsebioBoard:
    """What a board of a USEBIO file holds: its traveller lines, by kind, and its stated top."""

    board: int
    line: int | None
    lines: int  # TRAVELLER_LINE elements
    results: int  # lines read as results (not-played lines are not)
    not_played: int
    passed_out: int
    adjusted: int  # artificial, split, weighted or kept-as-points lines
    top: float | None  # matchpoints: the top the played lines state
    norm: int | None  # the results of a full board that top stands for

    def summary(self) -> str:
        kinds = [f"{n} {what}" for n, what in ((self.adjusted, "adjusted"), (self.passed_out, "passed out"),
                                               (self.not_played, "not played")) if n]
        text = f"board {self.board}: {self.lines} traveller lines read"
        text += f" ({', '.join(kinds)})" if kinds else ""
        if self.top is not None:
            text += f", top {self.top:g}" + (f" (a board of {self.norm} results)" if self.norm else "")
        return text


@dataclass(frozen=True, slots=True)
class UsebioCheck:
    """A USEBIO file checked: what it holds and every problem found."""

    event_type: str
    method: Method | None
    title: str
    pairs: int
    boards: tuple[UsebioBoard, ...]
    problems: tuple[UsebioProblem, ...]

    @property
    def lines(self) -> int:
        return sum(b.lines for b in self.boards)


_WHERE_PREFIX = re.compile(r"^board \d+(, [^:]*)?: ")
_TWO_FIELDS = {"NS", "EW", "N-S", "E-W", "N", "E"}
_SCALE_NAME = {Scale.TWO_ONE: "2/1", Scale.ONE_HALF: "1/½"}


def _law77(board: int, ln: UsebioLine) -> UsebioProblem | None:
    """The problem with a played line's contract, declarer and tricks, or with its score under Law 77."""
    r = ln.result
    who = f"{r.ns} v {r.ew}: "
    if r.contract.upper() in PASSED_OUT:
        return None if r.score == 0 else UsebioProblem(board, None, "SCORE", f"{who}passed out but SCORE is "
                                                                               f"{r.score:+d}", "77")
    if not r.contract or r.contract.upper() == "NP":
        return None  # a score with no contract: nothing to check it against
    if not r.declarer:
        return UsebioProblem(board, None, "PLAYED_BY", f"{who}contract {r.contract} has no declarer")
    if r.tricks is None or not 0 <= r.tricks <= 13:
        return UsebioProblem(board, None, "TRICKS", f"{who}contract {r.contract} needs TRICKS from 0 to 13")
    try:
        declarer = Seat.parse(r.declarer)
    except BridgeError:
        return UsebioProblem(board, None, "PLAYED_BY", f"{who}not a seat: {r.declarer!r}")
    try:
        contract = Contract.parse(r.contract, declarer)
    except BridgeError:
        return UsebioProblem(board, None, "CONTRACT", f"{who}not a contract: {r.contract!r}")
    vul = board_vulnerability(board)
    due = contract.score_ns(r.tricks, vul)
    if due == r.score:
        return None
    side = {"None": "none", "All": "both sides"}.get(vul.value, vul.value)
    return UsebioProblem(board, None, "SCORE", f"{who}SCORE {r.score:+d}, but {contract.pbn} by "
                         f"{declarer.letter} taking {r.tricks} tricks scores {due:+d} for N-S "
                         f"(vulnerable: {side})", "77")


def check_usebio(path: str | Path) -> UsebioCheck:
    """Read a USEBIO file line by line and list what contradicts itself (see the module's notes)."""
    root, where = _document(path)
    event = _event(path, root)
    event_type = event.get("EVENT_TYPE", "")
    method = _EVENT_METHOD.get(event_type)
    points_tag = _POINTS_TAG.get(method or Method.MATCHPOINTS, "MATCH_POINTS")
    problems: list[UsebioProblem] = []
    try:
        pairs = _pairs(event)
    except ParseError as err:
        problems.append(UsebioProblem(None, None, err.field or "PAIR", err.message))
        pairs = ()
    known = {p.number for p in pairs}
    two_fields = any(p.direction.strip().upper() in _TWO_FIELDS for p in pairs)
    read: list[tuple[int, ET.Element, list[tuple[UsebioLine, bool, ET.Element]], int]] = []
    for node in _board_nodes(event):
        try:
            board = _board_number(node)
        except ParseError as err:
            problems.append(UsebioProblem(None, where.get(node), "BOARD_NUMBER", err.message))
            continue
        good: list[tuple[UsebioLine, bool, ET.Element]] = []
        not_played = 0
        seen: dict[tuple[str, str], int | None] = {}
        for tl in node.findall("TRAVELLER_LINE"):
            line = where.get(tl)
            ns, ew = _text(tl, "NS_PAIR_NUMBER"), _text(tl, "EW_PAIR_NUMBER")
            for tag, pair, direction in (("NS_PAIR_NUMBER", ns, "NS"), ("EW_PAIR_NUMBER", ew, "EW")):
                if not pair:
                    problems.append(UsebioProblem(board, line, tag, f"{ns or '?'} v {ew or '?'}: no pair number"))
                    continue
                if known and pair not in known:
                    problems.append(UsebioProblem(board, line, tag, f"pair {pair} is not in PARTICIPANTS"))
                key = (direction if two_fields else "", pair)
                if key in seen:
                    also = f" (also on line {seen[key]})" if seen[key] else ""
                    problems.append(UsebioProblem(board, line, tag, f"pair {pair} plays the board twice{also}"))
                else:
                    seen[key] = line
            try:
                got = _line(board, tl, points_tag, False)
            except BridgeError as err:
                problems.append(UsebioProblem(board, line, err.field or "TRAVELLER_LINE",
                                              f"{ns} v {ew}: {_WHERE_PREFIX.sub('', err.message)}"))
                continue
            if got is None:
                not_played += 1
                continue
            ln, kept = got
            good.append((ln, kept, tl))
            if not kept and ln.result.score is not None and not ln.result.split:
                found = _law77(board, ln)
                if found is not None:
                    problems.append(replace(found, line=line))
        read.append((board, node, good, not_played))
    tops = {board: top for board, _, good, _ in read
            if points_tag == "MATCH_POINTS" and (top := _stated_top((ln, kept) for ln, kept, _ in good)) is not None}
    counts = {board: len(good) for board, _, good, _ in read}
    scale = stated_scale(tops, counts)
    boards = []
    for board, node, good, not_played in read:
        top = tops.get(board)
        comparisons = _comparisons(top, scale) if top is not None else None
        norm = comparisons + 1 if comparisons is not None else None
        if top is not None and norm is None:
            problems.append(UsebioProblem(board, where.get(node), f"NS_{points_tag}",
                                          f"the top its lines state, {top:g}, is not a whole number of "
                                          f"comparisons on the {_SCALE_NAME[scale]} scale"))
        if norm is not None and len(good) > norm:
            problems.append(UsebioProblem(board, where.get(node), "TRAVELLER_LINE",
                                          f"{len(good)} results, more than the {norm} of its stated top "
                                          f"{top:g} ({comparisons} comparisons)"))
        if top is not None:
            for ln, kept, tl in good:
                if kept or not _played(ln):
                    continue
                assert ln.ns_points is not None and ln.ew_points is not None
                total = ln.ns_points + ln.ew_points
                if abs(total - top) > 0.011:
                    problems.append(UsebioProblem(
                        board, where.get(tl), f"NS_{points_tag}",
                        f"{ln.result.ns} v {ln.result.ew}: the two sides' points ({ln.ns_points:g} + "
                        f"{ln.ew_points:g}) add up to {total:g}, not the board's top {top:g}"))
        boards.append(UsebioBoard(
            board, where.get(node), len(good) + not_played, len(good), not_played,
            sum(1 for ln, _, _ in good if ln.result.contract.upper() in PASSED_OUT),
            sum(1 for ln, kept, _ in good if kept or ln.result.artificial or ln.result.split or ln.result.weighted),
            top, norm))
    problems.sort(key=lambda p: (p.board or 0, p.line or 0))
    return UsebioCheck(event_type, method, _text(event, "EVENT_DESCRIPTION") or _text(event, "TITLE"),
                       len(pairs), tuple(boards), tuple(problems))
