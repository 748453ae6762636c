"""The register of the release before migration 0011 (commit d08f257), filled through that release's own API, and
what that release shows of it: the fixture of the upgrade tests.

It writes, next to this file, ``old_register.json`` (every table's rows in foreign-key order, and the alembic
revision) and ``old_expected.json`` (the events' standings by every method, the club section's ranking, every
ruling as the register lists it, every partnership's psyche history and each event's psyche list).  To make
them again, run it under the old release::

    git -C /work/main worktree add /tmp/old-release d08f257
    cd /work/main && PYTHONPATH=/tmp/old-release/src .venv/bin/python tests/register/upgrade/make_old_register.py
    git -C /work/main worktree remove /tmp/old-release --force

Names, scores and the order of every step are fixed; only the rows' timestamps, the random tokens of the table
board and the poll, and the section's random score version change from one run to the next (none of them is in
``old_expected.json``).  It imports the old release's modules, so the suite never collects it (``conftest.py``).
"""

from __future__ import annotations

import json
import sys
import tempfile
from datetime import datetime
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import JSON, MetaData, Text, select, text, type_coerce
from sqlalchemy.orm import Session

import bridge_director
from bridge_director.club.at_table import open_board, record_from_table
from bridge_director.club.decisions import Artificial, Assigned, Score, Weighted
from bridge_director.club.models import ResultRuling, Section, SessionPenalty, SessionResult
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.polls import answer_poll, create_poll, use_poll
from bridge_director.club.report import fmt_points, ranking_rows
from bridge_director.club.results import NOT_PLAYED, ResultIn, correct_result, enter_result, table_round
from bridge_director.club.rulings import PenaltyIn, revise_ruling, rule_on_result
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records, substitute
from bridge_director.club.system_cards import register_card
from bridge_director.club.tables import StoredTable, TableStore
from bridge_director.laws.ruling import RecordedStep
from bridge_director.model import Call, Card, Deal, Seat
from bridge_director.register import Authority, Base, Colour, Departure, PenaltyKind, Register, Ruling, Side
from bridge_director.register.events import board_id_of, ensure_event
from bridge_director.register.models import PsycheReport
from bridge_director.register.psyches import classify, list_reports, partnership_history, record_psyche, rescore_red
from bridge_director.register.rulings import add_penalty, adjust_score, list_rulings, new_ruling
from bridge_director.scoring.adjusted import Fault
from bridge_director.table.events import CallMade, Choice, DirectorReview, Hesitation, Judgement
from bridge_director.table.play import CardPlayed, ClaimMade
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.event_store import board_deal, event_lines
from bridge_director.web.settings import WebSettings

HERE = Path(__file__).resolve().parent
RELEASE = "d08f257"
METHODS = ("mp", "cross-imps", "butler")
DIRECTOR, PASSWORD = "hcarter", "old-release-pass-1"

CONGRESS = "Spring Congress Pairs"  # EBU level 4, a PBN upload of 8 boards (deals for 1 to 6)
SECTIONAL = "Harbour Sectional Pairs"  # ACBL, a CSV upload with an artificial ADJ 60/40 line, then a correction
CLUB = "Tuesday Club Pairs"  # EBU, a club session: a three-table Mitchell of six boards
CLUB_SESSION = "Tuesday 4 March"
RESULTS = "Results"  # the session an upload stores its travellers in (web.event_store.RESULTS_SESSION)

#: boards 1 to 8 (dealer and vulnerability follow the board number); the Spring Congress has deals for 1 to 6
DEALS = {
    1: "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96",
    2: "E:7642.AQ.AT7.K743 KQ5.K96.98653.T5 A98.JT72.QJ2.A96 JT3.8543.K4.QJ82",
    3: "S:Q85.J643.Q7.Q983 K6.T87.AK85.AJ75 9743.AQ5.T9642.2 AJT2.K92.J3.KT64",
    4: "W:K52.J83.K632.AKQ QT.Q954.AJT.J952 AJ9864.A.874.863 73.KT762.Q95.T74",
    5: "N:42.T73.962.KQ954 AQJ653.J6.AK54.T K97.A5.T3.J87632 T8.KQ9842.QJ87.A",
    6: "E:KJ6.982.AK98.632 QT54.AJT3.T52.QJ A732.54.7643.975 98.KQ76.QJ.AKT84",
}
#: the club's board 1: North opens 1S, East overcalls 4H, South passes slowly, North bids 4S
POLLED_DEAL = "N:AKQJT9.3.JT9.987 5.JT98.AKQ.AKQJT 432.AKQ2.5432.32 876.7654.876.654"

#: the Spring Congress travellers: board -> (contract, declarer, tricks) at tables 1 to 6
CONGRESS_PLAY = {
    1: ["6H E 12", "4H E 12", "6H E 11", "4H E 11", "6H E 12", "5H E 12"],
    2: ["4S E 10", "4S E 11", "3S E 10", "4S E 9", "5CX S 8", "4S W 10"],
    3: ["3NT N 9", "3NT N 10", "2S S 8", "3NT N 8", "1NT N 9", "3NT N 9"],
    4: ["4S S 10", "4S S 10", "2H W 8", "4S S 11", "PASS", "4SX S 10"],
    5: ["4S E 10", "3NT W 9", "5D E 10", "4S E 11", "4S E 10", "4H N 7"],
    6: ["4H W 10", "4H W 9", "3H W 10", "3SX N 7", "4H W 10", "4H E 11"],
    7: ["3NT S 9", "4S S 10", "3NT S 10", "3NT S 8", "4S N 10", "2S S 9"],
    8: ["6C E 12", "5C E 11", "3NT E 10", "6C E 11", "6NT W 12", "5C W 12"],
}
SECTIONAL_NS = ["Mary Lee & Sam Ng", "Alice Hart & Bob Irwin", "Carol Diaz & Dan Fox", "Erin Gray & Frank Hill"]
SECTIONAL_EW = ["Gina Ito & Hal Jones", "Ivy King & Jack Long", "Kate Moss & Leo Nash", "Mia Owen & Ned Park"]
SECTIONAL_PLAY = {
    1: ["4S N 10", "4S N 11", "4S N 9", "3S N 10"],
    2: ["3NT E 9", "3NT E 8", "4H E 10", "3NT E 10"],
    3: ["2H S 8", "2H S 9", "3C W 9", "2HX S 8"],
    4: ["1NT W 7", "PASS", "2S N 8", "1NT W 6"],
    5: ["4H S 10", "ADJ", "4H S 9", "4H S 10"],
    6: ["3NT N 9", "5D N 11", "3NT N 10", "3NT N 9"],
}
SECTIONAL_CORRECTED = ["2H S 8", "2H S 8", "3C W 9", "2HX S 8"]  # board 3, table 2: nine tricks were eight

CLUB_PAIRS = [("Jane Ross", "1011"), ("Tom Pike", "1012"), ("Ann Bell", "1021"), ("Carl Dodd", "1022"),
              ("Eve Frost", "1031"), ("Gus Hale", "1032"), ("Mary Lee", "1041"), ("Sam Ng", "1042"),
              ("Iris Jay", "1051"), ("Ken Lamb", "1052"), ("Lucy Marsh", "1061"), ("Noel Orr", "1062")]
#: the club's results: (round, table) -> its two boards' (contract, declarer, tricks); None: not played.  Board 1 in
#: round 1 at table 1 comes from the table's log (``polled_table``): 4S by N, nine tricks claimed.
CLUB_PLAY: dict[tuple[int, int], tuple[str | None, str | None]] = {
    (1, 1): ("4S N 9", "4S E 10"), (1, 2): ("3NT N 9", "4S S 10"), (1, 3): ("4S E 10", "4H W 10"),
    (2, 1): ("3NT N 8", "4S S 10"), (2, 2): ("4S E 11", "4H W 9"), (2, 3): ("4H E 10", "4S E 10"),
    (3, 1): ("3NT W 9", "3H W 10"), (3, 2): ("4S N 10", "4S E 9"), (3, 3): ("3NT N 10", None),
}


# ----- the web app, as a director uses it -----------------------------------------------------------------------
def call(client: TestClient, method: str, url: str, body: Any = None, status: int = 200) -> Any:
    """Send a request to the old app's JSON API; anything but ``status`` stops the script."""
    response = client.request(method, url, json=body)
    if response.status_code != status:
        sys.exit(f"{method} {url}: {response.status_code} {response.text}")
    return response.json()


def upload(client: TestClient, event: str, filename: str, content: str) -> None:
    call(client, "POST", "/api/events/upload", {"event": event, "filename": filename, "content": content}, 201)


def ruling(client: TestClient, **fields: Any) -> int:
    made: int = call(client, "POST", "/api/register/rulings", fields, 201)["id"]
    return made


def psyche(client: TestClient, **fields: Any) -> int:
    made: int = call(client, "POST", "/api/register/psyches", fields, 201)["report"]["id"]
    return made


# ----- the uploads --------------------------------------------------------------------------------------------
def played(text: str) -> tuple[str, str, str]:
    """(contract, declarer, tricks) of ``4S N 10`` or ``PASS``, as a traveller writes them."""
    if text == "PASS":
        return "Pass", "-", "-"
    contract, declarer, tricks = text.split()
    return contract, declarer, tricks


def congress_pbn() -> str:
    """Eight boards played at six tables: N-S pairs 1 to 6 stay, E-W pairs 7 to 12 move up a table a board."""
    out = ['% PBN 2.1\n']
    for board, rows in CONGRESS_PLAY.items():
        out.append(f'[Event "{CONGRESS}"]\n[Board "{board}"]\n')
        if board in DEALS:
            out.append(f'[Deal "{DEALS[board]}"]\n')
        out.append('[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\5L;Declarer\\1R;Result\\2R"]\n')
        for table, row in enumerate(rows, start=1):
            contract, declarer, tricks = played(row)
            out.append(f"{table} {7 + (table + board - 2) % 6} {contract} {declarer} {tricks}\n")
        out.append("\n")
    return "".join(out)


def sectional_csv(play: dict[int, list[str]]) -> str:
    """Four tables: the named N-S pairs stay, the E-W pairs move up a table a board; ``ADJ``: an artificial
    60% / 40% (the board could not be played at that table)."""
    lines = ["board,ns,ew,contract,declarer,tricks,ns_award,ew_award"]
    for board, rows in play.items():
        for table, row in enumerate(rows, start=1):
            ns, ew = SECTIONAL_NS[table - 1], SECTIONAL_EW[(table + board - 2) % 4]
            if row == "ADJ":
                lines.append(f"{board},{ns},{ew},,,,60,40")
            elif row == "PASS":
                lines.append(f"{board},{ns},{ew},PASS,,,,")
            else:
                contract, declarer, tricks = row.split()
                lines.append(f"{board},{ns},{ew},{contract},{declarer},{tricks},,")
    return "\n".join(lines) + "\n"


# ----- the register: rulings and psyches on the events ---------------------------------------------------------
def event_rulings(client: TestClient, register: Register) -> None:
    """Rulings on the uploaded boards with free-text adjusted scores and penalties, one without a board, one with
    its workflow steps, appeals (one heard, one pending)."""
    ui = ruling(client, event=CONGRESS, board=3, kind="ui", director="Helen Carter", laws="16B1, 12C1",
                facts="South hesitated before passing 2S; North balanced with 3D.",
                options="Pass is a logical alternative for North; 3D is suggested by the hesitation.",
                decision="Score adjusted: N-S 2S by S making eight for N-S; E-W keep 3NT by N down one.",
                adjusted=[{"side": "NS", "score": "2S S 8", "law": "12C1b"},
                          {"side": "EW", "score": "3NT N 8", "law": "12C1b"}])
    call(client, "PATCH", f"/api/register/rulings/{ui}",
         {"version": 1, "appeal": "N-S appeal: the hesitation was not clear.", "appeal_outcome": None})
    ruling(client, event=CONGRESS, board=6, kind="misinformation", director="Helen Carter", laws="21B3, 12C1, 90B",
           facts="West's 2C was not alerted; North did not double.", decision="Adjusted to 60% and 40%.",
           adjusted=[{"side": "NS", "score": "60%", "law": "12C2"}, {"side": "EW", "score": "40%", "law": "12C2"}],
           penalty={"kind": "PROCEDURAL", "law": "90B8", "offender": "Pair 9", "amount": "10%",
                    "reason": "failure to alert, after a warning"})
    fouled = ruling(client, event=CONGRESS, board=7, kind="mechanical", director="Ravi Patel", laws="87A, 12C2",
                    facts="Board 7 was fouled at table 4: two cards swapped between East and West.",
                    decision="Average plus to N-S, average minus to E-W at table 4.",
                    adjusted=[{"side": "NS", "score": "A+", "law": "12C2"},
                              {"side": "EW", "score": "A-", "law": "12C2"}])
    claim = ruling(client, event=SECTIONAL, board=2, kind="claim", director="Dora Quinn", laws="70D, 70E",
                   facts="East claimed nine tricks without mentioning the outstanding trump.",
                   decision="One trick to the defenders: 3NT by E making eight.",
                   adjusted=[{"side": "EW", "score": "3NT E 8", "law": "70E1"},
                             {"side": "NS", "score": "3NT E 8 (+50)", "law": "70E1"}])
    call(client, "PATCH", f"/api/register/rulings/{claim}",
         {"version": 1, "appeal": "E-W appeal: the trump was marked by the bidding.",
          "appeal_outcome": "Appeal upheld: 3NT by E making nine restored; deposit returned.",
          "decision": "Claim allowed on appeal: 3NT by E making nine."})
    ruling(client, event=SECTIONAL, board=5, kind="other", director="Dora Quinn", laws="74A2, 91A",
           facts="Dan Fox made an offensive remark to his opponents after board 5.",
           decision="Disciplinary penalty of a quarter of a top.",
           penalty={"kind": "DISCIPLINARY", "law": "91A", "offender": "Dan Fox", "amount": "1/4 top",
                    "reason": "offensive remark (Law 74A2)"})
    ruling(client, event=CONGRESS, kind="other", director="Ravi Patel", laws="90A",
           facts="A mobile phone rang in the playing area during round 3.", decision="Procedural penalty.",
           penalty={"kind": "PROCEDURAL", "law": "90A", "offender": "Oscar West", "amount": "3 VP",
                    "reason": "mobile phone in the playing area (regulations)"})
    with register.transaction() as db:
        fouled_ruling = db.get_one(Ruling, fouled)
        add_penalty(db, kind=PenaltyKind.PROCEDURAL, law="90B3", offender="Table 4, E-W", amount="10%",
                    reason="cards returned to the wrong pockets", ruling=fouled_ruling)
        steps = [RecordedStep("ui", "yes: a slow pass of 3S by South", {"law": "16B1"}),
                 RecordedStep("suggests", "action", {"law": "16B1"}),
                 RecordedStep("alternatives", "la: Pass", {"law": "16B1", "poll": ["Pass", "Pass", "4S"]}),
                 RecordedStep("damage", "yes", {"law": "16B3"}),
                 RecordedStep("score", "3S N 10", {"law": "12C1b"})]
        guided = new_ruling(db, kind="ui", director="Helen Carter", laws="16B1, 12C1b",
                            board=board_id_of(db, CONGRESS, RESULTS, 8),
                            facts="North bid 4S over a slow pass of 3S by South.",
                            decision="Assigned 3S by N making ten.", steps=steps)
        adjust_score(db, guided, Side.NS, "3S N 10", "12C1b")
        adjust_score(db, guided, Side.EW, "3S N 10", "12C1b")


def event_psyches(client: TestClient, register: Register) -> dict[str, int]:
    """Reports of two partnerships across both events (names in either order), some classified again; an ACBL
    Red makes a ruling.  Returns the reports' ids by name."""
    ids = {
        "ross-green": psyche(client, event=CONGRESS, session=RESULTS, board=2, player="Jane Ross",
                             partner="Tom Pike", call="1H", departure="PSYCHE", colour="GREEN", initial_action=True,
                             partner_explanation="I had no idea; I passed 1H with a weak hand."),
        "pike-amber": psyche(client, event=CONGRESS, session=RESULTS, board=5, player="Tom Pike",
                             partner="Jane Ross", call="2S", departure="PSYCHE", colour="AMBER", meaning="Weak two",
                             partner_explanation="I raised to 3S; I did not expect a psyche."),
        "lee-misbid": psyche(client, event=CONGRESS, board=4, player="Mary Lee", partner="Sam Ng", call="1NT",
                             departure="MISBID", colour="GREEN", meaning="12-14 balanced",
                             partner_explanation="She held 15; we play 12-14."),
        "lee-green": psyche(client, event=SECTIONAL, session=RESULTS, board=1, player="Mary Lee", partner="Sam Ng",
                            call="1S", departure="PSYCHE", colour="GREEN", initial_action=True),
        "ng-red": psyche(client, event=SECTIONAL, session=RESULTS, board=4, player="Sam Ng", partner="Mary Lee",
                         call="2H", departure="PSYCHE", colour="RED", meaning="Weak two",
                         partner_explanation="I passed; I know he does this non-vulnerable."),
    }
    with register.transaction() as db:
        classify(db, ids["lee-misbid"], Colour.AMBER, director="Ravi Patel")
    return ids


# ----- the club session ----------------------------------------------------------------------------------------
def club_setup(register: Register) -> int:
    """The session, its section, entry, hand records and system card; the section's id."""
    with register.transaction() as db:
        session = create_session(db, CLUB, CLUB_SESSION, authority=Authority.EBU)
        section = add_section(db, session, "A", mitchell(3), 2)
        for number in range(1, 7):
            (first, member1), (second, member2) = CLUB_PAIRS[2 * number - 2], CLUB_PAIRS[2 * number - 1]
            add_pair(db, section, number, PlayerIn(first, member1), PlayerIn(second, member2))
        deals = {n: Deal.from_pbn(DEALS[n]) for n in range(2, 7)}
        store_hand_records(db, session, {1: Deal.from_pbn(POLLED_DEAL), **deals})
        substitute(db, section, 6, 2, PlayerIn("Paul Quest", "1063"), 3)
        card = Path(bridge_director.__file__).parents[2] / "examples" / "cards" / "natural-2over1.json"
        register_card(db, section.id, 1, card.read_text(encoding="utf-8"), card.name)
        return section.id


def polled_table(register: Register, sid: int) -> StoredTable:
    """Round 1, table 1, board 1 played at the table: North's 4S after South's slow pass, reviewed under Law 16B
    with a poll of four peers (one changes his answer), then scored as 4H by E making ten."""
    store = TableStore(register)
    table = open_board(store, sid, 1, 1, 1)
    north, east, south, west = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
    for event in (CallMade(north, Call.parse("1S")), CallMade(east, Call.parse("4H")), Hesitation(south),
                  CallMade(south, Call.parse("P")), CallMade(west, Call.parse("P")),
                  CallMade(north, Call.parse("4S")), CallMade(east, Call.parse("P")),
                  CallMade(south, Call.parse("P")), CallMade(west, Call.parse("P")),
                  CardPlayed(east, Card.parse("DA")), ClaimMade(north, 9, "I lose two clubs and two diamonds"),
                  Choice("agree", east), DirectorReview("16B", north, 5), Judgement("ui", "yes"),
                  Judgement("suggests", "action")):
        table.enter(event, by=DIRECTOR)
    with register.transaction() as db:
        poll, _ = create_poll(db, table.id, table.state, DIRECTOR)
        for peer, answer, considered in (("Ann Bell", "P", "4S"), ("Carl Dodd", "4S", ""), ("Eve Frost", "P", ""),
                                         ("Gus Hale", "4S", "P")):
            answer_poll(db, poll.token, peer, answer, considered)
        answer_poll(db, poll.token, "Gus Hale", "P", "4S", "on reflection, Pass")
    table = use_poll(store, poll.token, table.seq, DIRECTOR)
    for event in (Judgement("damage", "yes"), Judgement("score", "4H E 10")):
        table.enter(event, by=DIRECTOR)
    return table


def result_at(db: Session, sid: int, round_no: int, table_no: int, board: int) -> SessionResult:
    return db.scalars(select(SessionResult).join(SessionResult.board).where(
        SessionResult.section_id == sid, SessionResult.round_no == round_no, SessionResult.table_no == table_no,
        SessionResult.board.has(number=board))).one()


def club_results(register: Register, sid: int) -> None:
    """Every result of the session: board 1 at table 1 from the table's log (its 16B ruling and poll), the rest
    entered at the desk; one board not played; one result corrected."""
    table = polled_table(register, sid)
    with register.transaction() as db:
        section = db.get_one(Section, sid)
        record_from_table(db, section, 1, 1, 1, table.state, DIRECTOR)
        for (round_no, table_no), given in CLUB_PLAY.items():
            boards = table_round(db, section, round_no, table_no).boards
            for board, text_ in zip(boards, given, strict=True):
                if (round_no, table_no, board) == (1, 1, 1):
                    continue
                if text_ is None:
                    result = ResultIn("", status=NOT_PLAYED)
                else:
                    contract, declarer, tricks = text_.split()
                    result = ResultIn(contract, declarer, int(tricks))
                enter_result(db, section, round_no, table_no, board, result, by="scorer")
    with register.transaction() as db:
        row = result_at(db, sid, 1, 2, 4)
        correct_result(db, row.id, ResultIn("4S", "S", 9), version=row.version, by="scorer",
                       reason="the traveller said 4S making; it went one down")


def club_rulings(register: Register, sid: int) -> None:
    """Rulings on the session's results: weighted (then replaced on appeal by an assigned score), artificial on
    the board not played, a procedural penalty, and a Red psyche by 6 B 6 over the partnership's history."""
    with register.transaction() as db:
        weighted = rule_on_result(
            db, result_at(db, sid, 2, 1, 3).id, director="Helen Carter", laws="16B1, 12C1c", kind="ui",
            facts="East's slow double of 3NT; West led a spade.",
            decision=Weighted(((Score("3NT", "N", 9), 60.0), (Score("3NT", "N", 8), 40.0))))
        rule_on_result(db, result_at(db, sid, 3, 3, 4).id, director="Ravi Patel", laws="12C2", kind="mechanical",
                       facts="Table 3 ran out of time for board 4: E-W arrived late.",
                       decision=Artificial(Fault.NONE, Fault.DIRECT))
        rule_on_result(db, result_at(db, sid, 3, 1, 5).id, director="Ravi Patel", laws="90B2", kind="other",
                       facts="Pair 5 played board 5 from the wrong direction; the result stands.", decision=None,
                       penalties=[PenaltyIn(5, 0.25, "top")])
    with register.transaction() as db:
        revise_ruling(db, weighted.id, Assigned(Score("3NT", "N", 9)),
                      appeal="E-W appeal: the double was in tempo.",
                      outcome="Appeal dismissed in part: 3NT by N making nine assigned; deposit kept.")
    with register.transaction() as db:
        session = db.get_one(Section, sid).session
        record_psyche(db, session=session, board_number=2, player="Tom Pike", partner="Jane Ross", call="1D",
                      departure=Departure.PSYCHE, colour=Colour.AMBER, initial_action=True,
                      partner_explanation="I passed 1D; I was not fielding anything.", director="Helen Carter")
        record_psyche(db, session=session, board_number=3, player="Sam Ng", partner="Mary Lee", call="2NT",
                      departure=Departure.DEVIATION, colour=Colour.GREEN, meaning="Unusual no trump",
                      director="Helen Carter")


def red_rescore(register: Register, report_id: int) -> None:
    """The Congress board made Red by 6 B 6 is scored by 6 D 2 with the 6 D 3 penalty on its ruling."""
    with register.transaction() as db:
        report = db.get_one(PsycheReport, report_id)
        assert report.colour is Colour.RED, report.colour
        rescore_red(db, report_id, offenders=Side.EW, opponents_result=55.0)


# ----- what the old release shows ------------------------------------------------------------------------------
def iso(value: Any) -> Any:
    return value.isoformat() if isinstance(value, datetime) else value


def dump_rows(register: Register) -> dict[str, Any]:
    """Every table of the register's metadata, in foreign-key order, its rows by primary key, as stored.  A JSON
    column may hold SQL NULL or the JSON ``null`` (``ensure_board`` stores a board without a log as the latter):
    both read as None, so the rows holding JSON ``null`` are listed apart, by their place in ``rows``."""
    stored = MetaData()
    stored.reflect(register.engine)
    tables = []
    with register.engine.connect() as conn:
        revision = conn.execute(text("SELECT version_num FROM alembic_version")).scalar_one()
        for model in Base.metadata.sorted_tables:
            table = stored.tables[model.name]
            keys = list(table.primary_key.columns) or list(table.columns)
            json_columns = [c for c in table.columns if isinstance(c.type, JSON)]
            raw = [type_coerce(c, Text).label(f"raw_{c.name}") for c in json_columns]
            rows = conn.execute(select(table, *raw).order_by(*keys)).all()
            width = len(table.columns)
            dumped: dict[str, Any] = {"name": table.name, "columns": [c.name for c in table.columns],
                                      "rows": [[iso(value) for value in row[:width]] for row in rows]}
            nulls = {c.name: [at for at, row in enumerate(rows) if row[width + i] == "null"]
                     for i, c in enumerate(json_columns)}
            if any(nulls.values()):
                dumped["json_null"] = {name: places for name, places in nulls.items() if places}
            tables.append(dumped)
    return {"release": RELEASE, "alembic_version": revision, "tables": tables}


def standings(client: TestClient, event_id: int) -> dict[str, Any]:
    """The event's ranking by each method the event page offers, as the page shows it: place, pair, the total
    and the percentage with two decimals, boards; by field (NS, EW, or "" when not ranked apart)."""
    out: dict[str, Any] = {}
    for method in METHODS:
        ranked = call(client, "GET", f"/api/events/{event_id}/rankings?method={method}")
        fields: dict[str, list[dict[str, Any]]] = {}
        for s in ranked["standings"]:
            fields.setdefault(s["field"], []).append({
                "place": s["place"], "pair": s["pair"], "total": f"{s['total']:.2f}",
                "percent": None if s["percent"] is None else f"{s['percent']:.2f}", "boards": s["boards"]})
        out[method] = {"law": ranked["law"], "fields": dict(sorted(fields.items()))}
    return out


def psyche_out(report: PsycheReport) -> dict[str, Any]:
    return {"id": report.id, "event": report.session.event.name, "session": report.session.name,
            "board": report.board_number, "player": report.player, "partner": report.partner,
            "partnership": report.partnership, "call": report.call, "meaning": report.meaning,
            "departure": report.departure.value, "colour": report.colour.value,
            "initial_action": report.initial_action, "both_partners": report.both_partners,
            "escalated": report.escalated, "partner_explanation": report.partner_explanation,
            "ruling": report.ruling_id}


def ruling_out(db: Session, r: Ruling) -> dict[str, Any]:
    """A ruling as the register lists it, with its board (event, session, number), adjusted scores, penalties
    and steps; a ruling on a club result adds the result, its decisions (oldest first) and its penalties."""
    board = None if r.board is None else {"event": r.board.session.event.name, "session": r.board.session.name,
                                          "number": r.board.number}
    out: dict[str, Any] = {
        "id": r.id, "version": r.version, "kind": r.kind, "director": r.director, "laws": r.laws, "facts": r.facts,
        "options": r.options, "decision": r.decision, "appeal": r.appeal, "appeal_outcome": r.appeal_outcome,
        "board": board,
        "adjusted": [{"side": a.side.value, "score": a.score, "law": a.law} for a in r.adjusted_scores],
        "penalties": [{"kind": p.kind.value, "law": p.law, "offender": p.offender, "amount": p.amount,
                       "reason": p.reason} for p in r.penalties],
        "steps": [{"position": s.position, "question": s.question, "answer": s.answer, "evidence": s.evidence}
                  for s in r.steps]}
    links = list(db.scalars(select(ResultRuling).where(ResultRuling.ruling_id == r.id).order_by(ResultRuling.id)))
    if links:
        row = links[0].result
        out["result"] = {"section": row.section.letter, "round": row.round_no, "table": row.table_no,
                         "board": row.board.number, "ns": row.ns_pair.number, "ew": row.ew_pair.number}
        out["decisions"] = [{"decision": link.decision, "active": link.active} for link in links]
        penalties = db.scalars(select(SessionPenalty).where(SessionPenalty.ruling_id == r.id)
                               .order_by(SessionPenalty.id))
        out["session_penalties"] = [{"pair": p.pair.number, "unit": p.unit, "amount": p.amount, "active": p.active}
                                    for p in penalties]
    return out


def expected(client: TestClient, register: Register, sid: int) -> dict[str, Any]:
    """What the old release shows of its register (no timestamps)."""
    events = []
    for summary in call(client, "GET", "/api/events"):
        name = summary["name"]
        with register.transaction() as db:
            lines = event_lines(db, name)
            if not lines:
                continue  # the club's event: its results are the section's, not travellers
            numbers = sorted({line.board for line in lines})
            events.append({
                "id": summary["id"], "name": name, "authority": summary["authority"], "boards": summary["boards"],
                "results": summary["results"],
                "travellers": [{"board": x.board, "ns": x.ns, "ew": x.ew, "contract": x.contract,
                                "declarer": x.declarer, "score": x.score, "ns_award": x.ns_award,
                                "ew_award": x.ew_award} for x in lines],
                "deals": {str(n): board_deal(db, name, n) for n in numbers},
                "standings": standings(client, summary["id"]),
                "psyches": [psyche_out(r) for r in list_reports(db, event=name)]})
    with register.transaction() as db:
        section = db.get_one(Section, sid)
        club = {"event": CLUB, "session": CLUB_SESSION, "section": section.letter, "method": section.method,
                "psyches": [psyche_out(r) for r in list_reports(db, event=CLUB)],
                "ranking": [{"field": r.field, "place": r.place, "pair": r.pair, "names": r.names,
                             "total": fmt_points(r.total),
                             "percent": None if r.percent is None else f"{r.percent:.2f}", "boards": r.boards,
                             "penalties": list(r.penalties)} for r in ranking_rows(db, section)]}
        rulings = [ruling_out(db, r) for r in list_rulings(db)]
        keys = sorted(set(db.scalars(select(PsycheReport.partnership))), key=str.casefold)
        histories = {key: [psyche_out(r) for r in partnership_history(db, key)] for key in keys}
    return {"release": RELEASE, "events": events, "club": club, "rulings": rulings, "psyche_histories": histories}


def main() -> None:
    source = Path(bridge_director.__file__).resolve()
    if (HERE.parents[2] / "src") in source.parents:
        sys.exit(f"run this under the old release (PYTHONPATH=<worktree of {RELEASE}>/src), not {source}")
    with tempfile.TemporaryDirectory(prefix="bd-old-register-") as folder:
        register = Register(f"sqlite:///{Path(folder) / 'register.sqlite3'}")
        accounts = MemoryAccountStore()
        accounts.add(DIRECTOR, PASSWORD, Role.DIRECTOR)
        app = create_app(WebSettings(secret_key="old-release-fixture-key-0123456789"), accounts, register=register)
        with TestClient(app, base_url="https://testserver") as client:
            token = call(client, "POST", "/api/login", {"username": DIRECTOR, "password": PASSWORD})["csrf_token"]
            client.headers["X-CSRF-Token"] = token
            with register.transaction() as db:  # a new event's authority, as the CLI gives it (the upload: CLUB)
                ensure_event(db, CONGRESS, Authority.EBU, level=4)
                ensure_event(db, SECTIONAL, Authority.ACBL)
            upload(client, CONGRESS, "congress.pbn", congress_pbn())
            upload(client, SECTIONAL, "sectional.csv", sectional_csv(SECTIONAL_PLAY))
            upload(client, SECTIONAL, "sectional-board3.csv", sectional_csv({3: SECTIONAL_CORRECTED}))
            event_rulings(client, register)
            reports = event_psyches(client, register)
            sid = club_setup(register)
            club_results(register, sid)
            club_rulings(register, sid)
            red_rescore(register, reports["pike-amber"])
            shown = expected(client, register, sid)
        rows = dump_rows(register)
        register.close()
    (HERE / "old_register.json").write_text(json.dumps(rows, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    (HERE / "old_expected.json").write_text(json.dumps(shown, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    counts = ", ".join(f"{t['name']} {len(t['rows'])}" for t in rows["tables"] if t["rows"])
    print(f"revision {rows['alembic_version']}: {counts}")


if __name__ == "__main__":
    main()
