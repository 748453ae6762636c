"""model.numbers: the one reader of numbers a user gives: ASCII digits only, bounded before ``int()``, finite reals,
and scores no larger than Law 77 allows."""

from __future__ import annotations

import inspect
import math
import shlex
import time
import typing
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from bridge_director.cli.bounds import Real, Whole
from bridge_director.errors import BridgeError, ParseError
from bridge_director.io.load import load_boards
from bridge_director.model.contract import Contract
from bridge_director.model.numbers import (
    MAX_DIGITS,
    SCORE_LIMIT,
    check_score,
    is_whole,
    json_int,
    json_text,
    real,
    table_score,
    whole,
)
from bridge_director.model.seat import Seat, Vulnerability
from bridge_director.scoring.vp import victory_points, vp_scale
from conftest import Run


def test_score_limit_is_seven_notrump_redoubled_vulnerable_down_thirteen() -> None:
    """Law 77: redoubled vulnerable undertricks are 400, then 600 each from the second: 400 + 12 * 600 = 7600;
    the largest plus score, 7NTXX vulnerable making, is 2980, well inside."""
    worst = Contract.parse("7NTXX", Seat.NORTH).score_ns(0, Vulnerability.BOTH)
    best = Contract.parse("7NTXX", Seat.NORTH).score_ns(13, Vulnerability.BOTH)
    assert worst == -(400 + 12 * 600) == -SCORE_LIMIT
    assert best == 2980 < SCORE_LIMIT


@pytest.mark.parametrize("text", ["²", "١٢", "３", "1_000", "0x10", "1.0", "", "-", "+", "1 2", "nan"])
def test_only_ascii_digits_make_a_whole_number(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        whole(text, "tricks", line=7)
    assert str(caught.value).startswith("line 7, tricks: tricks is not a whole number: ")
    assert not is_whole(text)


def test_a_whole_number_may_have_a_sign_spaces_and_quotes() -> None:
    assert (whole(" 12 ", "board"), whole('"-50"', "score"), whole("+3", "imps")) == (12, -50, 3)
    assert is_whole("13") and not is_whole("-1") and not is_whole(" 1")


def test_too_many_digits_are_refused_before_int() -> None:
    """5,000 digits would pass Python's integer-string limit (4,300) and raise ValueError inside ``int()``."""
    with pytest.raises(ParseError, match=r"^board: board has 5000 digits; no number here has more than 18$"):
        whole("9" * 5000, "board")
    assert whole("9" * MAX_DIGITS, "x") == 10**MAX_DIGITS - 1
    assert not is_whole("9" * (MAX_DIGITS + 1))


def test_a_range_names_the_field_and_its_limits() -> None:
    with pytest.raises(ParseError, match=r"^line 3, tricks: tricks 14 is not in 0 to 13$"):
        whole("14", "tricks", line=3, low=0, high=13)
    with pytest.raises(ParseError, match=r"^board: board 0 is not in 1 to 999$"):
        whole("0", "board", low=1, high=999)


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "Infinity", "1e309", "١.٥", "1,5", "0x1p3", ""])
def test_a_real_is_finite_and_ascii(text: str) -> None:
    with pytest.raises(ParseError, match=r"^line 2, ns_award: ns_award is not a number: "):
        real(text, "ns_award", line=2)


def test_reals_that_are_numbers() -> None:
    assert (real("66.67", "a"), real("-3", "a"), real(".5", "a"), real("1e2", "a"), real("3.", "a")) == \
        (66.67, -3.0, 0.5, 100.0, 3.0)


def test_a_score_beyond_law_77_is_refused() -> None:
    assert table_score("-7600", "score") == -7600
    with pytest.raises(ParseError) as caught:
        table_score("7610", "score", line=9)
    assert str(caught.value) == ("line 9, score, Law 77: a score of 7610 is beyond what a board can score "
                                 "(7600 either way)")
    with pytest.raises(ParseError, match="Law 77"):
        check_score(10**30, "score")


def test_json_values_have_their_type() -> None:
    assert json_int(7, "board", low=1, high=999) == 7
    for value in ("7", 7.0, True, None, [7]):
        with pytest.raises(ParseError, match=r"^board: board must be a whole number, not "):
            json_int(value, "board")
    assert json_text("N", "seat") == "N"
    for other in (1, None, ["N"], {"seat": "N"}):
        with pytest.raises(ParseError, match=r"^seat: seat must be text, not "):
            json_text(other, "seat")
    with pytest.raises(ParseError, match="longer than 5"):
        json_text("x" * 6, "seat", max_length=5)


# --- every number a user gives is bounded before use: a refusal in one line, exit 2, in under a second ----------

SHORT_BOARD = "board,ns,ew,score\n1,1,2,140\n1,3,4,50\n1,5,6,-110\n2,1,2,140\n2,3,4,50\n"  # board 2: Neuberg


def refused(run: Run, *args: str, **options: str) -> tuple[str, float]:
    """``bridge-director ARGS`` through its entry point: it must answer exit 2 with one line on standard error and
    nothing on standard output, loosely within a second (5 s here, for a busy machine); the line and the time."""
    started = time.monotonic()
    code, out, err = run(*args, **options)
    took = time.monotonic() - started
    assert (code, out) == (2, ""), (code, out, err)
    assert err.startswith("error: ") and err.count("\n") == 1 and "Traceback" not in err, err
    assert took < 5, f"{args}: {took:.1f} s"
    return err.strip(), took


def test_score_vp_refuses_a_board_count_beyond_200_in_under_a_second(run: Run) -> None:
    """The review's case: ``score vp 7 999999999999999999999999999999`` ran for more than a minute (the VP scale
    has a margin for every IMP up to the blitz, 15 x sqrt(boards))."""
    err, _ = refused(run, "score", "vp", "7", "9" * 30)
    assert err == "error: boards: boards is far out of range (1 to 200): it has 30 digits"
    assert refused(run, "score", "vp", "7", "201")[0] == "error: boards: boards 201 is not in 1 to 200"
    assert refused(run, "score", "vp", "10001", "16")[0] == "error: margin: margin 10001 is not in -10000 to 10000"
    assert run("score", "vp", "7", "200")[0] == 0


def test_vp_scale_and_victory_points_refuse_absurd_values_from_python_too() -> None:
    with pytest.raises(BridgeError, match=r"^boards: boards is far out of range \(1 to 200\)$"):
        vp_scale(10**30)
    with pytest.raises(BridgeError, match=r"^boards: boards must be a whole number, not 16.0$"):
        victory_points(7, 16.0)  # type: ignore[arg-type]
    with pytest.raises(BridgeError, match=r"^margin: margin is far out of range \(-10000 to 10000\)$"):
        victory_points(10**20, 16)
    assert victory_points(7, 16) == (12.03, 7.97)


@pytest.mark.parametrize("places", ["1" * 40, "999999999", "7"])
def test_score_event_refuses_mp_places_beyond_6_in_under_a_second(run: Run, tmp_path: Path, places: str) -> None:
    """The review's case: ``--mp-places`` of 40 digits (Neuberg's exact rounding works out 10 to that power); nine
    digits take the plain path that runs without Typer, bounded the same."""
    travellers = tmp_path / "t.csv"
    travellers.write_text(SHORT_BOARD)
    err, _ = refused(run, "score", "event", str(travellers), "--mp-places", places)
    assert err == ("error: --mp-places: --mp-places is far out of range (0 to 6): it has 40 digits" if len(places) > 18
                   else f"error: --mp-places: --mp-places {places} is not in 0 to 6")
    assert refused(run, "score", "event", str(travellers), "--norm", "0")[0] == (
        "error: --norm: --norm 0 is not in 1 to 5000")
    code, out, _ = run("score", "event", str(travellers), "--mp-places", "1")
    assert code == 0 and "3.5" in out


def test_score_event_and_neuberg_bound_their_decimals_from_python_too() -> None:
    from bridge_director.scoring.event import Result, score_event
    from bridge_director.scoring.matchpoints import neuberg

    lines = [Result(1, "1", "2", 140), Result(1, "3", "4", 50), Result(2, "1", "2", 140)]
    with pytest.raises(BridgeError, match=r"^mp_places: mp_places 1000000000 is not in 0 to 6$"):
        score_event(lines, mp_places=10**9)
    with pytest.raises(BridgeError, match=r"^norm: norm is far out of range \(1 to 5000\)$"):
        score_event(lines, norm=10**30)
    with pytest.raises(BridgeError, match=r"^places: places 40 is not in 0 to 6$"):
        neuberg(8, results=20, norm=21, places=40)


@pytest.mark.parametrize("args", [["nan", "nan", "nan"], ["inf", "4", "2"], ["6", "-inf", "2"], ["6", "4", "1e309"]])
def test_adjust_serious_error_refuses_nan_and_infinity_naming_the_figure(run: Run, args: list[str]) -> None:
    """The review's case: ``adjust serious-error nan nan nan`` printed ``nan``."""
    err, _ = refused(run, "adjust", "serious-error", "--", *args)
    bad = next(i for i, a in enumerate(args) if a.lstrip("-") in ("nan", "inf", "1e309"))
    name = ("before", "after_infraction", "actual")[bad]
    assert err == f"error: {name}: {name} is not a number: {args[bad]!r}"
    assert refused(run, "adjust", "serious-error", "6", "4", "2", "--top", "nan")[0] == (
        "error: --top: --top is not a number: 'nan'")


def test_serious_error_refuses_nan_from_python_too() -> None:
    from bridge_director.scoring.adjusted import Unit, serious_error

    with pytest.raises(BridgeError, match=r"^before: before is not a number: nan$"):
        serious_error(math.nan, math.nan, math.nan)
    with pytest.raises(BridgeError, match=r"^top: top is not a number: inf$"):
        serious_error(6, 4, 2, top=math.inf)
    with pytest.raises(BridgeError, match=r"^before: before 30 is not in -24 to 24$"):
        serious_error(30, 4, 2, unit=Unit.IMPS)  # a board gives 24 IMPs at most
    assert serious_error(14, 8, 0, top=16).non_offenders == 6


LIN = ("pn|South,West,North,East|st||md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|rh||ah|Board {n}|"
       "sv|o|mb|1C|mb|p|mb|p|mb|p|\n")


def test_a_lin_board_number_of_5000_digits_is_refused_naming_the_record_and_line(run: Run, tmp_path: Path) -> None:
    """The review's case: the board number was cut to its first 18 digits; now it is refused, never cut."""
    path = tmp_path / "long.lin"
    path.write_text("\n" + LIN.format(n="9" * 5000))
    [board] = load_boards(path)
    assert board.board is None and str(board.error) == (
        "line 2, ah: ah is far out of range (1 to 999999): it has 5000 digits")
    err, _ = refused(run, "show", str(path))
    assert err == "error: line 2, ah: ah is far out of range (1 to 999999): it has 5000 digits"
    path.write_text(LIN.format(n="1000000"))
    assert str(load_boards(path)[0].error) == "line 1, ah: ah 1000000 is not in 1 to 999999"
    path.write_text(LIN.format(n="7"))
    assert load_boards(path)[0].number == 7


def test_a_pbn_board_number_beyond_999999_is_refused_naming_the_line(tmp_path: Path) -> None:
    path = tmp_path / "big.pbn"
    path.write_text('[Event "x"]\n[Board "1000000"]\n[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 '
                    '432.AKQJ.T98.765"]\n')
    assert str(load_boards(path)[0].error) == "line 2, Board: Board 1000000 is not in 1 to 999999"


def test_readers_bound_points_and_tricks_naming_the_field_and_line(tmp_path: Path) -> None:
    from bridge_director.io.travellers import load_results

    pbn = tmp_path / "t.pbn"
    pbn.write_text('[Event "x"]\n[Board "1"]\n[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;'
                   'Result\\2R"]\n1 2 3NT N 99\n')
    with pytest.raises(BridgeError, match=r"^line 4, Result: Result 99 is not in 0 to 13$"):
        load_results(pbn)
    from bridge_director.io.usebio import read_usebio, usebio_xml
    from bridge_director.scoring.event import Result, score_event

    xml = usebio_xml(score_event([Result(3, "1", "2", 420), Result(3, "3", "4", -50)]))
    at = xml.index("<NS_MATCH_POINTS>") + len("<NS_MATCH_POINTS>")
    usebio = tmp_path / "u.xml"
    usebio.write_text(xml[:at] + "1e300" + xml[xml.index("<", at):])
    with pytest.raises(BridgeError) as caught:
        read_usebio(usebio)
    assert str(caught.value).endswith("board 3: NS_MATCH_POINTS is far out of range (-1000000 to 1000000)")
    xml = usebio_xml(score_event([Result(3, "1", "2", 420, contract="4S", declarer="N", tricks=10),
                                  Result(3, "3", "4", -50)]))
    usebio.write_text(xml.replace("<TRICKS>10</TRICKS>", "<TRICKS>99</TRICKS>"))
    with pytest.raises(BridgeError, match=r"^TRICKS: board 3, 1 v 2: TRICKS '99' is not in 0 to 13$"):
        read_usebio(usebio)


def test_a_system_card_that_is_not_utf8_or_holds_nan_is_one_refusal(run: Run, tmp_path: Path) -> None:
    """Found by ``fuzz cli``: a card file with a byte that is not UTF-8 ended in a traceback."""
    card = tmp_path / "c.json"
    card.write_bytes(b'{"system": "x",\n "contexts": {"": {"1C": "hcp 12-21\xef"}}}')
    err, _ = refused(run, "card", "check", str(card))
    assert err == "error: line 2, file: c.json: byte 0xef at column 36 is not UTF-8"
    card.write_text('{"system": "x", "contexts": {}, "n": NaN}')
    assert refused(run, "card", "check", str(card))[0] == (
        "error: card: c.json is not a system card: NaN is not a number JSON allows")


def test_a_register_export_with_a_number_beyond_its_column_is_refused_on_import(run: Run, tmp_path: Path) -> None:
    """An export is read with its numbers bounded (18 digits, no NaN), and each whole number must fit its column
    as PostgreSQL holds it (SQLite would store anything)."""
    import json

    assert run("session", "new", "Club", "Night", "--movement", "mitchell:3")[0] == 0
    export = tmp_path / "export.json"
    assert run("register", "export", str(export))[0] == 0
    document = json.loads(export.read_text())
    document["tables"]["sections"][0]["boards_per_round"] = 10**15
    export.write_text(json.dumps(document))
    empty = f"sqlite:///{tmp_path / 'empty.sqlite3'}"
    err, _ = refused(run, "register", "import", str(export), url=empty)
    assert err == ("error: sections: bad row in the export: boards_per_round must be a whole number within "
                   "2147483647 either way, not 1000000000000000")
    document["tables"]["sections"][0]["boards_per_round"] = 3
    export.write_text(json.dumps(document))
    assert run("register", "import", str(export), url=empty)[0] == 0


def test_score_teams_refuses_a_file_that_is_not_utf8_naming_the_line(run: Run, tmp_path: Path) -> None:
    """Found by ``fuzz cli``: ``score teams`` read its file with ``read_text`` and a byte that is not UTF-8 ended in
    a traceback."""
    teams = tmp_path / "teams.csv"
    teams.write_bytes(b"round,home,away,home_imps,away_imps,boards\n1,L\xdf,T,3,1,8\n")
    assert refused(run, "score", "teams", str(teams))[0] == (
        f"error: line 2, file: {teams}: byte 0xdf at column 4 is not UTF-8")


def test_card_register_refuses_a_pair_that_is_not_there_before_checking_the_card(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by ``fuzz cli``: the card's check (a solver, most of a second) ran before the pair was looked up."""
    card = Path(__file__).resolve().parents[1] / "examples" / "cards" / "strong-club.json"
    assert run("session", "new", "Club", "Night", "--movement", "mitchell:3")[0] == 0

    def not_now(*_: object) -> list[str]:
        raise AssertionError("the card was checked for a pair that is not there")

    monkeypatch.setattr("bridge_director.cards.check.check", not_now)
    assert refused(run, "card", "register", str(card), "--section", "1", "--pair", "999")[0] == (
        "error: pair: section 1 has no pair 999")


def test_card_check_refuses_a_level_not_encoded_before_checking_the_card(
        run: Run, monkeypatch: pytest.MonkeyPatch) -> None:
    """Found by ``fuzz cli``: ``--level 0`` was refused only after the card's check (about a second of CPU)."""
    card = Path(__file__).resolve().parents[1] / "examples" / "cards" / "strong-club.json"

    def not_now(*_: object) -> list[str]:
        raise AssertionError("the card was checked for a level that is refused")

    monkeypatch.setattr("bridge_director.cards.check.check", not_now)
    err, _ = refused(run, "card", "check", str(card), "--authority", "EBU", "--level", "0")
    assert err.startswith("error: level: EBU level 0: the permitted understandings of Levels 1 to 4 are encoded")


def test_scoring_functions_refuse_absurd_numbers_from_python() -> None:
    """What the command line bounds holds for the web and the API as well: the scorers bound their arguments."""
    from bridge_director.scoring.adjusted import (
        Outcome,
        ProceduralPenalty,
        Unit,
        law25b_matchpoints,
        law25b_swiss,
        parse_scores,
        profile,
        red_psyche_score,
        weighted_imps,
    )
    from bridge_director.scoring.adjusted.weighted import check_weights
    from bridge_director.scoring.imps import imps

    cases: list[tuple[Callable[[], object], str]] = [
        (lambda: imps(math.nan), "difference: difference is not a number: nan"),
        (lambda: check_weights([Outcome(420, 1e308)]), "weight, Law 12C1c: weight 1e+308% is not in 0 to 100"),
        (lambda: check_weights([Outcome(10**20, 100)]), "score: score is far out of range (-7600 to 7600)"),
        (lambda: weighted_imps(10**9, [Outcome(420, 100)]), "other_room: other_room 1000000000 is not in -7600"),
        (lambda: ProceduralPenalty(math.nan, Unit.PERCENT, "x"), "penalty: penalty is not a number: nan"),
        (lambda: parse_scores("420 99999999999"), "field, Law 77: a score of 99999999999 is beyond"),
        (lambda: law25b_matchpoints(math.nan, 12), "offenders: offenders is not a number: nan"),
        (lambda: law25b_swiss(10**9), "offenders: offenders 1000000000 is not in -24 to 24"),
        (lambda: red_psyche_score(math.inf, Unit.IMPS), "result: result is not a number: inf"),
        (lambda: profile("QBA").imps_for(10**30), "boards: boards is far out of range (1 to 200)"),
    ]
    for call, message in cases:
        with pytest.raises(BridgeError) as caught:
            call()
        assert str(caught.value).startswith(message), (str(caught.value), message)


# --- the sweep: every numeric argument and option of the command line ------------------------------------------


def _numeric_parameters() -> list[tuple[str, str, object]]:
    """(command, parameter, its parser) for every ``int`` or ``float`` parameter of every command."""
    import typer.main
    from typer.models import ParameterInfo

    from bridge_director.cli import app

    found: list[tuple[str, str, object]] = []

    def walk(command: Any, path: list[str]) -> None:
        if hasattr(command, "commands"):
            for name, sub in command.commands.items():
                walk(sub, [*path, name])
            return
        for name, param in inspect.signature(command.callback, eval_str=True).parameters.items():
            annotation, info = param.annotation, None
            if typing.get_origin(annotation) is typing.Annotated:
                annotation, *extra = typing.get_args(annotation)
                info = next((e for e in extra if isinstance(e, ParameterInfo)), None)
            if {int, float} & (set(typing.get_args(annotation)) or {annotation}):
                found.append((" ".join(path), name, info.parser if info is not None else None))

    walk(typer.main.get_command(app), [])
    return found


#: ``demo`` (cli/demo.py) looks a board up in the example file: a board it does not hold is "no board N"
UNBOUNDED_BY_DESIGN = {("demo", "board")}


def test_every_numeric_argument_and_option_of_the_command_line_is_bounded() -> None:
    """Each ``int`` and ``float`` parameter reads its value through ``cli.bounds`` (``Whole`` or ``Real``): its
    bounds are accepted, one past them, 40 digits, ``nan``, ``inf`` and ``1e309`` are refused naming it."""
    params = _numeric_parameters()
    assert len(params) > 60
    for command, name, parser in params:
        if (command, name) in UNBOUNDED_BY_DESIGN:
            continue
        assert isinstance(parser, Whole | Real), f"{command} {name} has no bound"
        assert parser(str(parser.low)) == parser.low and parser(str(parser.high)) == parser.high
        step = 1 if isinstance(parser, Whole) else 0.5
        for text in (str(parser.low - step), str(parser.high + step), "1" * 40, "nan", "inf", "-inf", "1e309", "²"):
            with pytest.raises(BridgeError) as caught:
                parser(text)
            assert str(caught.value).startswith(f"{parser.field}: {parser.field} "), (command, name, text)
            assert not isinstance(caught.value, ValueError)  # Typer would box a ValueError in a usage panel


#: a command line for each numeric argument and option, ``{}`` where the number goes (``FILE`` is a travellers
#: file, ``CARD`` a system card), and the name the refusal gives
SWEEP: tuple[tuple[str, str], ...] = (
    ("score vp 7 {}", "boards"), ("score vp {} 16", "margin"), ("score imps {}", "difference"),
    ("score event FILE --norm {}", "--norm"), ("score event FILE --mp-places {}", "--mp-places"),
    ("show FILE --board {}", "--board"),
    ("adjust artificial none direct --teams --boards {}", "--boards"),
    ("adjust artificial none direct --ns-session {}", "--ns-session"),
    ("adjust artificial none direct --ew-session {}", "--ew-session"),
    ("adjust weighted 420@100 --other-room {}", "--other-room"), ("adjust serious-error {} 4 2", "before"),
    ("adjust serious-error 6 {} 2", "after_infraction"), ("adjust serious-error 6 4 {}", "actual"),
    ("adjust serious-error 6 4 2 --top {}", "--top"), ("adjust 25b mp {} --top 12", "offenders"),
    ("adjust 25b mp 3 --top {}", "--top"), ("adjust red-psyche {}", "opponents"), ("adjust knockout {} 3", "first"),
    ("adjust knockout 3 {}", "second"), ("adjust fouled-teams none direct --boards {}", "--boards"),
    ("adjust fouled-teams none direct --assigned-imps {}", "--assigned-imps"),
    ("card check CARD --authority EBU --level {}", "--level"),
    ("card register CARD --section {} --pair 1", "--section"), ("card register CARD --section 1 --pair {}", "--pair"),
    ("ruling new --director TD --law 16B --event Club --board {}", "--board"), ("ruling show {}", "ruling_id"),
    ("ruling result {} --director TD --law 12", "result"), ("ruling matches {}", "section"),
    ("ruling penalty {} 3 0.5 top --director TD", "section"), ("ruling penalty 1 {} 0.5 top --director TD", "pair"),
    ("ruling penalty 1 3 {} top --director TD", "amount"), ("ruling appeal {} --outcome x --stands", "ruling"),
    ("ruling written {}", "ruling"),
    ("psyche add --event E --board {} --player A --partner B --call 1H", "--board"),
    ("psyche add --event E --board 1 --player A --partner B --call 1H --level {}", "--level"),
    ("psyche classify {} --colour red", "report_id"),
    ("psyche rescore {} --opponents-result 50 --offenders NS", "report_id"),
    ("psyche rescore 1 --opponents-result {} --offenders NS", "--opponents-result"),
    ("psyche rescore 1 --opponents-result 50 --offenders NS --penalty {}", "--penalty"),
    ("session new E S --boards-per-round {}", "--boards-per-round"), ("session new E S --scale {}", "--scale"),
    ("session entry {} FILE", "section_id"), ("session hands {} FILE", "section_id"),
    ("session result {} --round 1 --table 1 --board 1 3NT N 9", "section_id"),
    ("session result 1 --round {} --table 1 --board 1 3NT N 9", "--round"),
    ("session result 1 --round 1 --table {} --board 1 3NT N 9", "--table"),
    ("session result 1 --round 1 --table 1 --board {} 3NT N 9", "--board"),
    ("session result 1 --round 1 --table 1 --board 1 3NT N {}", "tricks"),
    ("session correct {} 3NT N 9", "result_id"), ("session correct 1 3NT N {}", "tricks"),
    ("session correct 1 3NT N 9 --version {}", "--version"), ("session substitute {} 3 2 Smith", "section_id"),
    ("session substitute 1 {} 2 Smith", "pair"), ("session substitute 1 3 {} Smith", "member"),
    ("session substitute 1 3 2 Smith --from-round {}", "--from-round"), ("session withdraw {} 4", "section_id"),
    ("session withdraw 1 {}", "pair"), ("session withdraw 1 4 --after-round {}", "--after-round"),
    ("session ranking {}", "section_id"), ("session results {}", "section_id"),
    ("session results 1 --board {}", "--board"), ("table play --board {}", "--board"),
    ("web --port {}", "--port"), ("web --workers {}", "--workers"),
)
ODD = ("1" * 40, "nan", "inf", "1e309", "9" * 19, "²")


def test_the_sweep_covers_every_numeric_parameter() -> None:
    named = {(line.split(" {}")[0].split()[0], field) for line, field in SWEEP}
    params = [(c, n, p) for c, n, p in _numeric_parameters() if (c, n) not in UNBOUNDED_BY_DESIGN]
    for command, _, parser in params:
        assert isinstance(parser, Whole | Real)
        assert (command.split()[0], parser.field) in named, f"{command} {parser.field} is not in SWEEP"


@pytest.mark.parametrize(("number", "line_field"), list(enumerate(SWEEP)), ids=[f"{line}" for line, _ in SWEEP])
def test_the_command_line_refuses_every_odd_number_in_one_line_under_a_second(run: Run, tmp_path: Path, number: int,
                                                                             line_field: tuple[str, str]) -> None:
    line, field = line_field
    travellers = tmp_path / "t.csv"
    travellers.write_text(SHORT_BOARD)
    card = Path(__file__).resolve().parents[1] / "examples" / "cards" / "natural-2over1.json"
    for value in ("1" * 40, ODD[1 + number % (len(ODD) - 1)]):  # 40 digits, and each other odd number in turn
        args = [value if word == "{}" else str(travellers) if word == "FILE" else str(card) if word == "CARD"
                else word for word in shlex.split(line)]
        err, _ = refused(run, *args)
        assert err.startswith(f"error: {field}: {field} "), err
