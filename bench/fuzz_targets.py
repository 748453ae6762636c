"""What ``bench/fuzz.py`` feeds and how: each format's seed files and the driver that takes one input end to end.

A driver raises ``BridgeError`` for a refusal and returns for an input that was read; anything else it lets
escape is what the fuzz counts as uncaught.  Drivers that read files write the input to a scratch file of the
format's suffix; the web drivers post to one app (a SQLite register with the demo event) through TestClient and
treat an answer of 500 or more as uncaught; the CLI driver runs ``bridge-director`` through Typer's runner.
"""

from __future__ import annotations

import json
import os
import random
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bridge_director.errors import BridgeError

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared" / "data"
EXAMPLES = ROOT / "examples"
#: a seed longer than this is cut into pieces at blank lines, and a few pieces kept
PIECE = 12_000
PIECES = 4

Drive = Callable[[bytes], None]
__all__ = ["TARGETS", "BridgeError", "Target"]


class Uncaught(Exception):
    """A web answer of 500 or more, or an answer the route never gives."""


@dataclass(frozen=True)
class Target:
    """A format: where its seeds come from and how one input is driven."""

    seeds: Callable[[], tuple[list[bytes], str]]
    context: Callable[[], Any]
    suffix: str
    kind: str = ""  # json or xml: mutations that keep the document well formed are added; cli: numbers changed
    time_limit: float | None = None  # seconds of CPU an input may take at most, whatever the run allows


# --- seeds ---------------------------------------------------------------------------------------------------


def _pieces(data: bytes) -> list[bytes]:
    """A long file as a few pieces cut at blank lines (each a handful of games)."""
    if len(data) <= PIECE:
        return [data]
    out: list[bytes] = []
    start = 0
    while start < len(data) and len(out) < PIECES:
        ends = [i + len(gap) for gap in (b"\n\n", b"\n\r\n") if (i := data.find(gap, start + PIECE // 2)) >= 0]
        end = min(ends, default=len(data))
        out.append(data[start:end])
        start = end
    return out


def _files(folder: str, pattern: str) -> tuple[list[Path], str]:
    shared = SHARED / folder
    note = "" if shared.is_dir() else f"no {shared}: the real {folder} files are left out of the seeds"
    found = sorted(shared.glob(pattern)) if shared.is_dir() else []
    return found + sorted(EXAMPLES.glob(pattern)), note


#: Seeds of our own for the formats that ``examples/`` has no file of, used when ``../shared/data`` is absent
#: (a fresh clone): a LIN board written from the examples' deal, and a small USEBIO event written by our writer.
_LIN_SEED = (b"pn|South,West,North,East|st||md|3S765H432DAKQJCT98,S432HAKQJDT98C765,SAKQJHT98D765C432,|"
             b"rh||ah|Board 1|sv|o|mb|1C|mb|p|mb|p|mb|p|pc|CA|pc|CT|pc|C7|pc|C4|\n")


def _usebio_seed() -> bytes:
    from bridge_director.io.usebio import usebio_xml
    from bridge_director.scoring.event import Method, Result, score_event

    lines = [Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10),
             Result(1, "3", "4", -50, contract="4S", declarer="N", tricks=9),
             Result(2, "1", "4", 110, contract="2H", declarer="S", tricks=8),
             Result(2, "3", "2", 140, contract="2H", declarer="S", tricks=9)]
    return usebio_xml(score_event(lines, Method.MATCHPOINTS)).encode()


_OWN_SEEDS: dict[str, Callable[[], list[bytes]]] = {"lin": lambda: [_LIN_SEED], "usebio": lambda: [_usebio_seed()]}


def _file_seeds(folder: str, pattern: str) -> Callable[[], tuple[list[bytes], str]]:
    def seeds() -> tuple[list[bytes], str]:
        paths, note = _files(folder, pattern)
        pool = [piece for p in paths for piece in _pieces(p.read_bytes())]
        if not pool and folder in _OWN_SEEDS:
            return _OWN_SEEDS[folder](), (note + "; " if note else "") + f"no {pattern} file: our own seed used"
        return pool, note
    return seeds


def _csv_seeds() -> tuple[list[bytes], str]:
    """Traveller CSV made from the real files' score tables (as ``results_to_csv`` writes it), adjusted lines too."""
    from bridge_director.io.score_csv import results_to_csv
    from bridge_director.io.travellers import results_from_pbn
    from bridge_director.scoring.event import Result

    paths, note = _files("pbn", "*.pbn")
    out = []
    for p in paths:
        try:
            lines = results_from_pbn(p)[:60]
        except BridgeError:
            continue
        out.append(results_to_csv(lines).encode())
    out.append(results_to_csv([Result(1, "1", "2", 420, contract="4S", declarer="N", tricks=10),
                               Result(1, "3", "4", ns_award=60.0, ew_award=40.0, note="A+/A-"),
                               Result(1, "5", "6", 420, ew_score=-450),
                               Result(1, "7", "8", outcomes=((420, 0.5), (-50, 0.5))),
                               Result(1, "9", "10", -100, contract="3NT", declarer="E", tricks=10,
                                      group="f1")]).encode())
    out.append(b"board,ns,ew,contract,declarer,tricks,lead\n1,1,2,3NTX,S,8,SK\n1,3,4,PASS,,,\n2,1,3,7C,W,13,\n")
    out.append(b"\xef\xbb\xbfBoard;NS;EW;Score\n1;1;2;-50\n")
    return out, note


def _usebio_seeds() -> tuple[list[bytes], str]:
    """The real USEBIO files, and small ones written from their first boards (quicker to read, so more inputs)."""
    from bridge_director.io.usebio import read_usebio, usebio_xml
    from bridge_director.scoring import Method, score_event

    paths, note = _files("usebio", "*.xml")
    out = [p.read_bytes() for p in paths]
    for p, method in zip(paths, (Method.BUTLER, Method.CROSS_IMPS, Method.MATCHPOINTS, Method.MATCHPOINTS),
                         strict=False):
        results = [r for r in read_usebio(p).results if r.board <= 3]
        if results:
            out.append(usebio_xml(score_event(results, method), title=p.stem).encode())
    if not out:  # a fresh clone without ../shared: a small event written by our own writer
        return [_usebio_seed()], (note + "; " if note else "") + "no USEBIO file: our own seed used"
    return out, note


TEAMS = (b"round,home,away,home_imps,away_imps,boards\n1,Lions,Tigers,32,17,8\n1,Bears,Wolves,12,12,8\n"
         b"2,Lions,Bears,5.5,10,8\n2,Tigers,Wolves,0,45,8\n",
         b"round,home,away,home_imps,away_imps,boards\r\n1,\"A, B\",C,10,3,12\r\n")


def _teams_seeds() -> tuple[list[bytes], str]:
    return list(TEAMS), ""


def _log_seeds() -> tuple[list[bytes], str]:
    """Table logs of real boards: each call and card of the first boards of the real files, entered in order."""
    from bridge_director.engine.api import Table
    from bridge_director.engine.log import dumps
    from bridge_director.io.load import load_boards
    from bridge_director.table.play import CardPlayed

    paths, note = _files("pbn", "*.pbn")
    out = []
    for p in paths:
        try:
            boards = [fb.board for fb in load_boards(p)[:3] if fb.board is not None]
        except BridgeError:
            continue
        for board in boards:
            table = Table(board.number, dealer=board.dealer, vulnerability=board.vulnerability, deal=board.deal)
            seat = board.the_dealer
            try:
                for call in board.calls:
                    table.call(seat, call)
                    seat = seat.lho
                for card in board.cards:
                    holder = board.deal.holder(card)
                    if holder is None:
                        break
                    table.do(CardPlayed(holder, card))
            except BridgeError:
                pass
            out.append(dumps(table).encode())
    out.append(json.dumps({"format": "bridge-director.table-log", "version": 1, "board": 3, "dealer": "S",
                           "vulnerability": "EW", "laws": "2017", "deal": None, "events": [
                               {"type": "call", "seat": "W", "call": "1H"}, {"type": "choice", "option": "accept"},
                               {"type": "call", "seat": "N", "call": "X"}, {"type": "undo"},
                               {"type": "expose", "seat": "E", "cards": ["SA"], "led": False},
                               {"type": "above_seven", "seat": "N", "level": 8, "strain": "S"},
                               {"type": "judgement", "question": "q", "answer": "yes"},
                               {"type": "wrong_board", "seat": "N", "board": 4}]}).encode())
    return out, note


def _movement_seeds() -> tuple[list[bytes], str]:
    from importlib import resources

    folder = resources.files("bridge_director.club").joinpath("movements")
    names = sorted(p.name for p in folder.iterdir() if p.name.endswith(".json"))
    return [folder.joinpath(n).read_bytes() for n in names[::3]], ""


# --- file drivers --------------------------------------------------------------------------------------------


@contextmanager
def _scratch(suffix: str, drive: Callable[[Path], None]) -> Iterator[Drive]:
    with tempfile.TemporaryDirectory(prefix="bd-fuzz-") as folder:
        path = Path(folder) / f"input{suffix}"

        def run(data: bytes) -> None:
            path.write_bytes(data)
            drive(path)
        yield run


def _score_all(results: list[Any]) -> None:
    """Every method's scoring of the lines, each export, each frequency chart."""
    from bridge_director.io.score_csv import event_csv, results_to_csv, standings_csv
    from bridge_director.io.usebio import usebio_xml
    from bridge_director.scoring import Method, score_event
    from bridge_director.scoring.report import event_html, frequency_chart, standings_text

    results_to_csv(results)
    for method in Method:
        scored = score_event(results, method)
        event_csv(scored), standings_csv(scored), usebio_xml(scored), standings_text(scored)
        for board in scored.boards:
            frequency_chart(board)
        if method is Method.MATCHPOINTS:
            event_html(scored)


def _stages(*stages: Callable[[], object]) -> None:
    """Run every stage; a refusal in one does not stop the next; the input counts as refused if any refused."""
    refused: BridgeError | None = None
    for stage in stages:
        try:
            stage()
        except BridgeError as err:
            refused = refused or err
    if refused is not None:
        raise refused


def _boards(path: Path) -> None:
    from bridge_director.io.load import file_kind, load_boards, replay
    from bridge_director.io.render import render_board, render_result

    if file_kind(path) == "usebio":
        return
    problems = []
    for fb in load_boards(path):
        if fb.board is not None:
            render_board(fb.board)
        result, problem = replay(fb)
        if result is not None:
            render_result(result)
        if problem is not None:
            problems.append(str(problem))
    if problems:  # each board was read and checked; a problem found is the file's refusal
        raise BridgeError(problems[0])


def _drive_pbn(path: Path) -> None:
    from bridge_director.io.pbn import load_pbn, read_pbn, write_pbn
    from bridge_director.io.travellers import load_results

    _stages(lambda: _boards(path), lambda: read_pbn(write_pbn(load_pbn(path))),
            lambda: _score_all(load_results(path)[0]))


def _drive_lin(path: Path) -> None:
    _boards(path)


def _drive_usebio(path: Path) -> None:
    from bridge_director.io.usebio import check_usebio, read_usebio

    _stages(lambda: str(check_usebio(path)), lambda: _score_all(list(read_usebio(path).results)))


def _drive_csv(path: Path) -> None:
    from bridge_director.io.travellers import load_results

    _score_all(load_results(path)[0])


def _drive_teams(path: Path) -> None:
    from bridge_director.io.text import read_text
    from bridge_director.scoring.teams import matches_from_csv, teams_ranking

    teams_ranking(matches_from_csv(read_text(path)))


def _drive_log(path: Path) -> None:
    from bridge_director.engine.log import dumps, load, loads, state_json, summary

    table = load(path)
    summary(table.state), json.dumps(state_json(table.state)), loads(dumps(table))


def _drive_movement(path: Path) -> None:
    from bridge_director.club.movement_file import dumps_movement, load_movement

    dumps_movement(load_movement(path))


# --- the web app and the CLI ---------------------------------------------------------------------------------


def _api_seeds() -> tuple[list[bytes], str]:
    """Bodies of the API's routes that take what a user types or uploads, each with the route it goes to."""
    csv_seeds, note = _csv_seeds()
    pbn, _ = _file_seeds("pbn", "*.pbn")()
    xml, _ = _file_seeds("usebio", "*.xml")()
    bodies: list[dict[str, Any]] = []
    for i, content in enumerate(csv_seeds[:4]):
        bodies.append({"route": UPLOAD, "body": {"event": f"Fuzz {i % 3}", "filename": "t.csv",
                                                 "content": content.decode("utf-8", "replace")}})
    for i, content in enumerate(pbn[:6] + xml[:3]):
        suffix = ".xml" if content.lstrip().startswith(b"<") else ".pbn"
        bodies.append({"route": UPLOAD, "body": {
            "event": f"Fuzz {i % 3}", "filename": "t" + suffix, "content": content.decode("latin-1")[:20_000]}})
    bodies += [
        {"route": "/api/tables", "body": {"board": 7, "deal": None, "laws": "2017"}},
        {"route": "/api/rulings", "body": {"board": 3, "laws": "2007", "entries": [
            {"kind": "call", "seat": "W", "call": "1H"}, {"kind": "choice", "option": "accept"},
            {"kind": "call", "call": "2C"}, {"kind": "expose", "seat": "E", "cards": "SA HK"},
            {"kind": "above_seven", "seat": "N", "level": 8, "strain": "S"}]}},
        {"route": "/api/adjusted", "body": {"kind": "weighted", "board": 5, "outcomes": "4S= @ 0.6; 4S-1 @ 0.4"}},
        {"route": "/api/adjusted", "body": {"kind": "artificial", "board": 5, "ns": "A+", "ew": "A-"}},
        {"route": "/api/sessions", "body": {"event": "Fuzz session", "movement": "mitchell:3", "boards_per_round": 2,
                                            "entry_csv": "pair,player1,member1,player2,member2\n1,A,,B,\n"}},
    ]
    return [json.dumps(b).encode() for b in bodies], note


UPLOAD = "/api/sections/upload"  # multipart: the body's event, filename and content become the form and its file
ROUTES = (UPLOAD, "/api/tables", "/api/rulings", "/api/adjusted", "/api/sessions")


def _sendable(text: str) -> str:
    """``text`` as a client can put it in a form: a lone surrogate (which JSON allows and UTF-8 cannot carry) sent
    as the bytes it would be written as, which the server reads back as replacement characters."""
    return text.encode("utf-8", "surrogatepass").decode("utf-8", "replace")


@contextmanager
def _web() -> Iterator[Drive]:
    from fastapi.testclient import TestClient

    from bridge_director.register import Register
    from bridge_director.web import create_app
    from bridge_director.web.accounts import MemoryAccountStore, Role
    from bridge_director.web.demo_data import load_demo
    from bridge_director.web.settings import WebSettings

    with tempfile.TemporaryDirectory(prefix="bd-fuzz-web-") as folder:
        register = Register(f"sqlite:///{Path(folder) / 'register.sqlite3'}")
        load_demo(register)
        accounts = MemoryAccountStore()
        accounts.add("director", "fuzz-director-1", Role.DIRECTOR)
        app = create_app(WebSettings(secret_key="fuzz-secret-key-0123456789"), accounts, register=register)
        with TestClient(app, base_url="https://testserver", raise_server_exceptions=True) as client:
            answer = client.post("/api/login", json={"username": "director", "password": "fuzz-director-1"})
            client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]

            def run(data: bytes) -> None:
                try:
                    parsed = json.loads(data)
                except ValueError:
                    parsed = None
                route = parsed.get("route") if isinstance(parsed, dict) else None
                if route not in ROUTES:  # a mangled route only finds a 404
                    route = UPLOAD
                body = parsed.get("body") if isinstance(parsed, dict) and "body" in parsed else data
                if route == UPLOAD:
                    form = body if isinstance(body, dict) else {}
                    text = form.get("content", body if isinstance(body, bytes) else "")
                    answer = client.post(route, data={"event": _sendable(str(form.get("event", "Fuzz"))[:300])}, files={
                        "file": (_sendable(str(form.get("filename", "t.csv"))[:100]) or "t.csv",
                                 text if isinstance(text, bytes) else str(text).encode("utf-8", "replace"))})
                else:
                    content = body if isinstance(body, bytes) else json.dumps(body).encode()
                    answer = client.post(route, content=content, headers={"content-type": "application/json"})
                if answer.status_code >= 500:
                    raise Uncaught(f"{route}: {answer.status_code} {answer.text[:300]}")
                if route == UPLOAD and answer.status_code == 201:
                    sid = answer.json()["id"]
                    for page in (f"/sessions/{sid}", f"/sessions/{sid}/export.csv", f"/sessions/{sid}/export.xml",
                                 f"/sessions/{sid}/export.pbn?method=cross-imps",
                                 f"/api/sections/{sid}/ranking?method=butler"):
                        shown = client.get(page)
                        if shown.status_code != 200:
                            raise Uncaught(f"{page} answers {shown.status_code} after an accepted upload")
                if answer.status_code >= 400:
                    raise BridgeError(f"{route}: {answer.status_code}", field="body")
            yield run
        register.close()


@contextmanager
def _untimed() -> Iterator[None]:
    """The per-input CPU timer of ``bench/fuzz.py`` (``ITIMER_PROF``) stopped while the driver prepares, not
    drives: setting a scratch register up is not the input's time."""
    import signal

    left, _ = signal.setitimer(signal.ITIMER_PROF, 0)
    try:
        yield
    finally:
        if left:
            signal.setitimer(signal.ITIMER_PROF, left)


#: command lines, one for each command that takes a number (every numeric argument and option appears at least
#: once): ``{pbn}``, ``{csv}`` ... become a scratch file of that format (half the time a mutated seed), ``{out}`` a
#: file to write (a system card is never mutated, and small: its check runs a solver, whose time is the card's,
#: not a number's).  The register is made by :data:`CLI_SET_UP` first, so that section 1, result 1, ruling 1 and
#: report 1 exist.  ``web`` is left out (an accepted line would start a server) and so is ``adjust dd`` (the
#: double-dummy solver may take seconds).
CLI_SEEDS = (
    "score imps 750", "score imps -- -420", "score vp 7 16", "score vp 23 8", "score vp -- -30 200",
    "score event {pbn}", "score event {csv} --method butler", "score event {csv} --norm 5 --mp-places 2",
    "score event {csv} --norm=9 --mp-places=1 --no-boards", "score event {xml}", "score teams {teams}",
    "show {pbn} --board 3", "show {lin} -b 1", "show {lin}", "check {pbn}", "check {xml}", "check {lin}",
    "table replay {log}", "table replay {log} --json", "table play --board 7",
    "adjust artificial none direct", "adjust artificial none direct --authority QBA --ns-session 63 --ew-session 32",
    "adjust artificial partly none --teams --boards 8", "adjust weighted --other-room 420 -- 420@60 -50@40",
    "adjust weighted 1430@30 680@70 --field 1430,680,650", "adjust weighted 1430@30 680@70 --field 1430 --manual",
    "adjust serious-error 6 4 2 --top 12", "adjust serious-error 3 1 0", "adjust 25b mp 3 --top 12",
    "adjust 25b swiss -- -3", "adjust 25b knockout 13", "adjust red-psyche 60", "adjust red-psyche 2 --imps",
    "adjust assigned --non-offenders EW -- 420:likely -50:probable", "adjust knockout 5 -- -3",
    "adjust fouled-teams none direct --boards 8 --assigned-imps 3",
    "card check {card} --authority EBU --level 3", "card register {card} --section 1 --pair 2",
    "ruling new --director TD --law 16B --event Club --board 3", "ruling show 1", "ruling list",
    "ruling result 2 --director TD --law 12C1c --weighted '4S N 10@60' --weighted '4S N 9@40'",
    "ruling result 2 --director TD --law 12C1b --split-ns '4S N 10' --split-ew '4H E 8' --penalty 3:0.25",
    "ruling penalty 1 3 0.5 top --director TD", "ruling matches 1", "ruling appeal 1 --outcome upheld --stands",
    "ruling written 1", "psyche add --event Club --board 4 --player Ann --partner Bob --call 1H --level 3",
    "psyche classify 1 --colour red", "psyche rescore 1 --opponents-result 55 --offenders NS --penalty 10",
    "psyche list", "psyche history 'Ann & Bob'",
    "session new Club Night --movement mitchell:3 --boards-per-round 2 --scale 2", "session list",
    "session result 1 --round 1 --table 1 --board 1 3NT N 9", "session correct 1 3NT N 10 --version 1",
    "session substitute 1 3 2 Smith --from-round 2", "session withdraw 1 4 --after-round 2", "session ranking 1",
    "session results 1 --board 1", "session movement mitchell:4", "register export {out}",
)
#: what the scratch register holds before the fuzz starts (and again after each :data:`CLI_FRESH` inputs): a
#: section of a Mitchell for three tables (section 1) with two results, a ruling and a Red psyche report
CLI_SET_UP = (
    "session new Club Night --movement mitchell:3 --boards-per-round 2",
    "session result 1 --round 1 --table 1 --board 1 3NT N 9", "session result 1 --round 1 --table 2 --board 1 4S S 10",
    "ruling new --director TD --law 16B --event Club --board 3",
    "psyche add --event Club --board 4 --player Ann --partner Bob --call 1H --colour red --level 3",
)
#: lines run once before the first input, so that what each area loads the first time (the register's schema, the
#: scorer, the laws, the cards' solver) is loaded before any input is timed
CLI_WARM_UP = ("score event {pbn}", "check {lin}", "table replay {log}", "ruling written 1", "session ranking 1",
               "card check {card} --authority EBU --level 3", "card register {card} --section 1 --pair 2")
#: inputs after which the scratch register starts again from :data:`CLI_SET_UP` (what the accepted lines add
#: must not make a later line slow)
CLI_FRESH = 1000
#: the system card the command lines name: a small one, whose check (a solver) takes a fraction of a second; the
#: examples' cards take about one second of CPU each, the card's work rather than a number's
CLI_CARD = (b'{"system": "fuzz", "contexts": {"": {"1C": "hcp 12-21, clubs 3+", "1N": "hcp 15-17, balanced", '
            b'"2C": "hcp 22+"}, "1C": {"1H": "hcp 6+, hearts 4+"}}}')
#: seconds of CPU a command line may take before it counts as a hang (issue 27: a refusal in under a second)
CLI_TIME_LIMIT = 1.0


def _cli_seeds() -> tuple[list[bytes], str]:
    return [s.encode() for s in CLI_SEEDS], ""


@contextmanager
def _cli() -> Iterator[Drive]:
    """Typer's runner on ``bridge-director`` with a scratch register and folder.  What ``cli.main`` answers in one
    line with exit 2 is a refusal here too: a ``BridgeError``, an ``OSError`` naming a file, a usage error of
    Typer's; any other exception is uncaught, and an exit status other than 0, 1 or 2 too."""
    import shlex
    import shutil

    import typer.testing
    from typer.testing import CliRunner

    from bridge_director.cli import app

    # Typer builds the whole command (every command, each parameter's parser) on each invoke: a tenth of a second,
    # most of a command line's time here.  It is built once; the runner is given it for the fuzz's duration.
    runner_names = vars(typer.testing)
    build = runner_names["_get_command"]
    command = build(app)
    runner_names["_get_command"] = lambda _app: command

    files: dict[str, list[bytes]] = {
        "pbn": _file_seeds("pbn", "*.pbn")()[0], "lin": _file_seeds("lin", "*.lin")()[0],
        "xml": _file_seeds("usebio", "*.xml")()[0], "csv": _csv_seeds()[0], "teams": list(TEAMS),
        "log": _log_seeds()[0], "card": [CLI_CARD]}
    suffixes = {"log": "json", "teams": "csv", "card": "json"}
    rng = random.Random(0)
    runner = CliRunner()
    count = 0
    with tempfile.TemporaryDirectory(prefix="bd-fuzz-cli-") as folder:
        base = Path(folder)
        env = {"BRIDGE_DIRECTOR_DB": f"sqlite:///{base / 'register' / 'register.sqlite3'}", "COLUMNS": "120"}

        def invoke(args: list[str]) -> Any:
            old = dict(os.environ)
            os.environ.update(env)
            here = os.getcwd()
            os.chdir(base)  # a mutated argument that names a file writes it in the scratch folder, not the checkout
            try:
                return runner.invoke(app, args, catch_exceptions=True, input="q\n")
            finally:
                os.chdir(here)
                os.environ.clear()
                os.environ.update(old)

        def fill(text: str, mutated: bool) -> str:
            from fuzz import mutate  # the file an argument names is itself mutated now and then

            for kind, pool in files.items():
                if "{" + kind + "}" in text:
                    path = base / f"arg.{suffixes.get(kind, kind)}"
                    changed = mutated and kind != "card" and rng.random() < 0.5
                    path.write_bytes(mutate(rng, pool) if changed else rng.choice(pool))
                    text = text.replace("{" + kind + "}", str(path))
            return text.replace("{out}", str(base / "export.json"))

        def fresh() -> None:
            """A new scratch register, set up (and the first time, :data:`CLI_WARM_UP` run)."""
            shutil.rmtree(base / "register", ignore_errors=True)
            (base / "register").mkdir()
            for line in CLI_SET_UP + (CLI_WARM_UP if count == 0 else ()):
                invoke(shlex.split(fill(line, False)))

        def run(data: bytes) -> None:
            nonlocal count
            if count % CLI_FRESH == 0:
                with _untimed():
                    fresh()
            count += 1
            text = fill(data.decode("utf-8", "replace"), True)
            try:
                args = shlex.split(text)
            except ValueError:
                args = text.split()
            args = [arg.partition("\0")[0] for arg in args]  # exec ends an argument at a NUL: no shell passes one
            result = invoke(args)
            err = result.exception
            if err is None or isinstance(err, SystemExit):
                if result.exit_code not in (0, 1, 2):
                    raise Uncaught(f"exit {result.exit_code}")
                if result.exit_code:
                    raise BridgeError(f"exit {result.exit_code}", field="argv")
                return
            if isinstance(err, OSError) and not isinstance(err, BrokenPipeError):  # cli.main: one line, exit 2
                raise BridgeError(f"{str(err.filename or '')[:80]!r}: {err.strerror or err}", field="file")
            raise err
        try:
            yield run
        finally:
            runner_names["_get_command"] = build


TARGETS: dict[str, Target] = {
    "pbn": Target(_file_seeds("pbn", "*.pbn"), lambda: _scratch(".pbn", _drive_pbn), ".pbn"),
    "lin": Target(_file_seeds("lin", "*.lin"), lambda: _scratch(".lin", _drive_lin), ".lin"),
    "usebio": Target(_usebio_seeds, lambda: _scratch(".xml", _drive_usebio), ".xml", kind="xml"),
    "csv": Target(_csv_seeds, lambda: _scratch(".csv", _drive_csv), ".csv"),
    "teams": Target(_teams_seeds, lambda: _scratch(".csv", _drive_teams), ".csv"),
    "log": Target(_log_seeds, lambda: _scratch(".json", _drive_log), ".json", kind="json"),
    "movement": Target(_movement_seeds, lambda: _scratch(".json", _drive_movement), ".json", kind="json"),
    "api": Target(_api_seeds, _web, ".json", kind="json"),
    "cli": Target(_cli_seeds, _cli, ".txt", kind="cli", time_limit=CLI_TIME_LIMIT),
}
