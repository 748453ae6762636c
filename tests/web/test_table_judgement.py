"""Judgement from the table page, entered as the page's controls send it (each field posted is checked to be one
the page offers): a Law 16B review from the break in tempo to the score made with the builder, the result recorded
from the table carrying the ruling; a misinformation review (Law 21B) ending in a split score; a psyche classified
in an EBU session (Law 40, Orange Book 6) and stored with the result; the JSON API taking every new kind of entry
once per idempotency key and refusing a bad one naming the field, with nothing recorded lost."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import select

from bridge_director.club.movement_gen import mitchell
from bridge_director.club.results import table_round
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.model import Deal
from bridge_director.register import Authority
from bridge_director.register.models import PsycheReport, ResultRuling, SessionResult
from web.test_web_session_api import club_app, set_up
from web.web_support import login

# N: ♠AKQJ ♥AKQ ♦AKQ ♣AKQ   E: ♠T987 ♥JT9 ♦JT9 ♣JT9   S: ♠6543 ♥876 ♦876 ♣876   W: ♠2 ♥5432 ♦5432 ♣5432
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"
TYPED = ("answer", "text", "statement")  # what the director types; everything else is tapped


@pytest.fixture
def club(tmp_path: Path) -> Iterator[FastAPI]:
    made = club_app(tmp_path)
    yield made
    made.state.register.close()


def offered(page: str, name: str, value: str) -> bool:
    """Whether the page has a control sending ``name`` = ``value``: a button, radio or checkbox with that value,
    an option of a select of that name, or (typed) a text field of that name."""
    if name in TYPED and re.search(rf'<input name="{name}"', page):
        return True
    if re.search(rf'name="{re.escape(name)}"[^>]*value="{re.escape(value)}"', page):
        return True
    select = re.search(rf'<select name="{re.escape(name)}">(.*?)</select>', page, re.S)
    return bool(select and re.search(rf"<option[^>]*>{re.escape(value)}</option>", select.group(1)))


def tap(client: TestClient, table_id: str, **fields: str | list[str]) -> str:
    """Send one entry of the table page as its controls would (refusing a control the page does not show), and
    answer with the page drawn after it; a refusal fails the test with the page's error."""
    page = html.unescape(client.get(f"/tables/{table_id}").text)
    for name, value in fields.items():
        for one in value if isinstance(value, list) else [value]:
            assert offered(page, name, one), f"the page offers no control {name}={one!r}"
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    seq = re.search(r'name="expected" value="(\d+)"', page)
    assert token and seq
    r = client.post(f"/tables/{table_id}/entries", data={"csrf_token": token.group(1), "expected": seq.group(1),
                                                         **fields}, headers={"X-Table-Swap": "1"})
    error = re.search(r'id="error">([^<]*)', r.text)
    assert r.status_code == 200 and error is None, error.group(1) if error else r.text[:300]
    return html.unescape(r.text)


def calls(client: TestClient, table_id: str, *made: str) -> Any:
    for call in made:
        r = client.post(f"/api/tables/{table_id}/entries", json={"kind": "call", "call": call})
        assert r.status_code == 200, r.text
    return r.json()


def play_out(client: TestClient, table_id: str, lead: str, tricks: int) -> None:
    """The opening lead, declarer's claim of ``tricks`` and the defenders' agreement (the board is over)."""
    for entry in ({"kind": "play", "card": lead}, {"kind": "claim", "tricks": tricks}, {"kind": "choice",
                                                                                        "option": "agree"}):
        assert client.post(f"/api/tables/{table_id}/entries", json=entry).status_code == 200


def state(client: TestClient, table_id: str) -> Any:
    return client.get(f"/api/tables/{table_id}").json()


def question(client: TestClient, table_id: str) -> str:
    ruling = state(client, table_id)["ruling"]
    assert ruling is not None, "no ruling pending"
    key: str = ruling["questions"][0]["key"]
    return key


def test_16B_from_the_hesitation_to_the_score_built_by_taps_and_recorded_with_the_ruling(
        club: FastAPI) -> None:
    with TestClient(club, base_url="https://testserver") as client:
        login(client)
        sid = set_up(client)
        token = client.post(f"/api/sections/{sid}/tables", json={"round": 1, "table": 1, "board": 1}).json()["token"]
        calls(client, token, "Pass")
        tap(client, token, sheet="hesitation", seat="N", agreed="yes")  # North passed slowly: agreed
        calls(client, token, "Pass", "4S", "Pass", "Pass", "Pass")  # South bids game over it
        play_out(client, token, "H5", 13)
        page = tap(client, token, sheet="ui", call_no="3")  # the review of South's 4♠ (call 3), tapped
        assert state(client, token)["ruling"]["law"] == "16B" and question(client, token) == "ui"
        assert "North's break in tempo" in page
        tap(client, token, kind="judgement", question="ui", answer="yes")
        page = tap(client, token, kind="judgement", question="suggests", answer="action")  # a quick button
        assert '<a class="button big" id="poll-peers" href="/tables/' + token + '/polls">Poll peers</a>' in page
        assert 'placeholder="poll: 4S | Pass, 4S | 4S' in page  # the hint of the written answer
        tap(client, token, kind="judgement", question="alternatives", calls=["Pass"], build="calls")
        tap(client, token, kind="judgement", question="damage", answer="yes")
        assert question(client, token) == "score"
        page = tap(client, token, kind="judgement", question="score", score="result", s1_level="pass", w1="60",
                   s2_level="4", s2_strain="S", s2_dbl="", s2_decl="S", s2_tricks="13")
        done = state(client, token)
        assert done["ruling"] is None
        assert done["log"][-1]["text"] == "Director judges score: 60% PASS; 40% 4S S 13"
        assert done["records"][-1]["law"] == "16B" and "60%" in done["records"][-1]["outcome"]
        assert 'id="record"' in page
        r = client.post(f"/tables/{token}/record", data={"csrf_token": client.headers["X-CSRF-Token"]})
        assert r.status_code == 200, r.text
    with club.state.register.transaction() as db:
        result = db.scalars(select(SessionResult)).one()
        ruling = db.scalars(select(ResultRuling).where(ResultRuling.result_id == result.id)).one()
        assert ruling.decision["kind"] == "weighted"
        assert [(o["contract"], o["weight"]) for o in ruling.decision["outcomes"]] == [("PASS", 60), ("4S", 40)]
        assert [s.question for s in ruling.ruling.steps] == ["ui", "suggests", "alternatives", "damage", "score"]
        assert ruling.ruling.steps[2].answer.startswith("la: Pass")


def test_21B_misinformation_review_ends_in_a_split_score_from_the_builder(client: TestClient) -> None:
    login(client)
    table_id = client.post("/api/tables", json={"board": 1, "deal": DEAL}).json()["id"]
    calls(client, table_id, "2C")
    tap(client, table_id, sheet="explanation", answer="natural, clubs", call_no="1")  # South explains, typed
    assert state(client, table_id)["log"][-1]["text"] == 'South explains call 1: "natural, clubs"'
    calls(client, table_id, "Pass", "2D", "Pass", "6NT", "Pass", "Pass", "Pass")
    play_out(client, table_id, "S8", 13)
    tap(client, table_id, sheet="mi", call_no="1")
    assert state(client, table_id)["ruling"]["law"] == "21B" and question(client, table_id) == "agreement"
    tap(client, table_id, kind="judgement", question="agreement", answer="not as explained")
    tap(client, table_id, kind="judgement", question="damage", answer="yes")
    tap(client, table_id, kind="judgement", question="score", score="result", split="on", s1_level="6",
        s1_strain="NT", s1_dbl="X", s1_decl="N", s1_tricks="12", s2_level="table")
    done = state(client, table_id)
    assert done["log"][-1]["text"] == "Director judges score: NS: 6NTX N 12; EW: table"
    assert done["records"][-1]["law"] == "21B" and "misinformation" in done["records"][-1]["outcome"]


def ebu_section(app: FastAPI) -> tuple[int, int]:
    """An EBU session (its psyche regulation applies), three tables, the deal on its first board."""
    with app.state.register.transaction() as db:
        session = create_session(db, "Club pairs", "evening", authority=Authority.EBU)
        section = add_section(db, session, "A", mitchell(3), 1)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        board = table_round(db, section, 1, 1).boards[0]
        store_hand_records(db, session, {board: Deal.from_pbn(DEAL)})
        return section.id, board


def test_40_a_psyche_reviewed_in_an_EBU_session_goes_to_the_register_with_the_result(club: FastAPI) -> None:
    sid, board = ebu_section(club)
    with TestClient(club, base_url="https://testserver") as client:
        login(client)
        token = client.post(f"/api/sections/{sid}/tables", json={"round": 1, "table": 1, "board": board}
                            ).json()["token"]
        dealer = state(client, token)["dealer"][0]
        assert dealer == "N"  # board 1 (Law 2)
        calls(client, token, "Pass", "1S")  # East opens 1♠ on ♠T987 ♥JT9 ♦JT9 ♣JT9: a psyche (call 2)
        tap(client, token, sheet="psyche", call_no="2")
        calls(client, token, "Pass", "Pass", "Pass")
        assert state(client, token)["declarer"] == "E"
        play_out(client, token, "H8", 0)  # South leads; East concedes every trick
        tap(client, token, sheet="psyche_review", call_no="2")
        assert state(client, token)["ruling"]["law"] == "40C1"
        answers = {"deliberate": "yes", "gross": "yes", "colour": "red", "explained": "yes"}
        asked = []
        while state(client, token)["ruling"] is not None:
            q = state(client, token)["ruling"]["questions"][0]
            asked.append(q["key"])
            tap(client, token, kind="judgement", question=q["key"], answer=answers.get(q["key"], "no"))
        assert asked[:2] == ["deliberate", "gross"] and "colour" in asked  # the Orange Book's questions
        assert "Red psyche" in state(client, token)["records"][-1]["outcome"]
        r = client.post(f"/tables/{token}/record", data={"csrf_token": client.headers["X-CSRF-Token"]})
        assert r.status_code == 200, r.text
    with club.state.register.transaction() as db:
        result = db.scalars(select(SessionResult)).one()
        decision = db.scalars(select(ResultRuling).where(ResultRuling.result_id == result.id)).one().decision
        assert decision["kind"] == "red-psyche"
        assert [r.call for r in db.scalars(select(PsycheReport)).all()] == ["1S"]


# ----- the JSON API: each new kind once per key; a bad one refused naming the field -------------------------------
AUCTION = [{"kind": "call", "call": c} for c in ("1H", "Pass", "2NT")]
PLAYED = [{"kind": "call", "call": c} for c in ("Pass", "Pass", "1S", "Pass", "Pass", "Pass")]
LED = [*PLAYED, {"kind": "play", "card": "D8"}]
# (before, entry, the log's last line): the board of test_web_table_phone (N ♠432 ♥AKQ2 ♦5432 ♣32, ...)
PHONE_DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
KINDS: list[tuple[list[dict[str, Any]], dict[str, Any], str]] = [
    ([], {"kind": "review", "seat": "N"}, "North asks for the auction (Law 20B)"),
    (AUCTION, {"kind": "explanation_corrected", "call_no": 3, "answer": "natural"},
     "South's side corrects the explanation of call 3: \"natural\""),
    (AUCTION[:1], {"kind": "wrong_board", "seat": "N", "board": 4},
     "North called on a wrong board's cards (from board 4)"),
    ([], {"kind": "found_faced", "seat": "W", "cards": "S8", "seen_by": "N"}, "West's ♠8 found face up"),
    (AUCTION[:1], {"kind": "improper_double", "call": "X", "stated": "1S"}, "East: X 1S (improper form)"),
    (AUCTION[:1], {"kind": "hesitation", "seat": "N", "agreed": False}, "North breaks tempo (disputed)"),
    (AUCTION, {"kind": "explanation", "call_no": 3, "answer": "Jacoby", "asked_by": "E"},
     "North explains call 3: \"Jacoby\""),
    (AUCTION, {"kind": "explanation", "call_no": 3, "alerted": False}, "North explains call 3 (not alerted)"),
    (AUCTION[:1], {"kind": "remark", "seat": "E", "text": "a shrug", "gesture": True}, "East's gesture: \"a shrug\""),
    (AUCTION, {"kind": "psyche", "call_no": 1}, "North's call 1 reported as a psyche"),
    (AUCTION, {"kind": "review_ruling", "law": "16B", "call_no": 3}, "Director reviews Law 16B: South call 3"),
    (AUCTION, {"kind": "review_ruling", "law": "73F", "seat": "N"}, "Director reviews Law 73F: North"),
    (LED, {"kind": "dummy_call", "designation": "high"}, "Declarer calls \"high\" from dummy"),
    ([*LED, {"kind": "play", "card": "D2"}], {"kind": "withdraw", "seat": "N", "law": "47C"},
     "North's card goes back (Law 47C)"),
    (LED, {"kind": "dummy_act", "act": "warn"}, "Dummy: warn"),
    ([*LED, {"kind": "play", "card": "D2"}], {"kind": "designation_changed", "seat": "N", "card": "D5"},
     "North changes the card to ♦5"),
    (PLAYED, {"kind": "together", "cards": "S8 S7", "visible": "S8"}, "West plays ♠8 ♠7 together"),
    ([*LED, *({"kind": "play", "card": c} for c in ("D2", "DA", "D9"))],
     {"kind": "trick_entry", "seat": "E", "act": "quitted"}, "Trick 1: quitted (East)"),
    (PLAYED, {"kind": "play", "seat": "W", "card": "S8", "face_down": True}, "West plays ♠8 face down"),
]


def opened(client: TestClient, before: list[dict[str, Any]]) -> str:
    table_id: str = client.post("/api/tables", json={"board": 1, "deal": PHONE_DEAL}).json()["id"]
    for entry in before:
        assert client.post(f"/api/tables/{table_id}/entries", json=entry).status_code == 200, entry
    return table_id


@pytest.mark.parametrize(("before", "entry", "line"), KINDS, ids=[k[1]["kind"] for k in KINDS])
def test_the_api_takes_each_kind_once_per_key(client: TestClient, before: list[dict[str, Any]],
                                              entry: dict[str, Any], line: str) -> None:
    login(client)
    table_id = opened(client, before)
    body = {**entry, "key": f"key-{entry['kind']}-0001"}
    first = client.post(f"/api/tables/{table_id}/entries", json=body)
    assert first.status_code == 200, first.text
    assert first.json()["log"][-1]["text"] == line
    again = client.post(f"/api/tables/{table_id}/entries", json=body)
    assert again.status_code == 200 and again.headers["Idempotent-Replayed"] == str(len(before) + 1)
    assert len(again.json()["log"]) == len(before) + 1  # entered once


REFUSED: list[tuple[list[dict[str, Any]], dict[str, Any], str]] = [
    (AUCTION, {"kind": "explanation", "call_no": 9, "answer": "x"}, "call_no"),
    (AUCTION, {"kind": "explanation", "call_no": 3}, "answer"),
    (AUCTION, {"kind": "hesitation"}, "seat"),
    (AUCTION, {"kind": "hesitation", "seat": "Q"}, "seat"),
    (AUCTION, {"kind": "remark", "seat": "E"}, "text"),
    (AUCTION, {"kind": "psyche"}, "call_no"),
    (AUCTION, {"kind": "review_ruling", "call_no": 3}, "law"),
    (AUCTION, {"kind": "improper_double", "stated": "X"}, "stated"),
    ([], {"kind": "found_faced", "seat": "W", "cards": "ZZ"}, "cards"),
    (AUCTION, {"kind": "explanation", "call_no": 3, "answer": "x", "asked_by": "Z"}, "asked_by"),
    (LED, {"kind": "withdraw", "seat": "N", "law": "47Z"}, "law"),
    (LED, {"kind": "dummy_act", "act": "dance"}, "act"),
    (PLAYED, {"kind": "together", "cards": "S8"}, "cards"),
    (LED, {"kind": "trick_entry", "seat": "E", "act": "quitted", "trick": 14}, "trick"),
    (LED, {"kind": "trick_entry", "seat": "E", "act": "lost"}, "act"),
    (AUCTION, {"kind": "wrong_board", "seat": "N", "board": 0}, "board"),
    (AUCTION, {"kind": "gossip", "seat": "N"}, "kind"),
]


@pytest.mark.parametrize(("before", "entry", "field"), REFUSED, ids=[f"{r[1]['kind']}-{r[2]}" for r in REFUSED])
def test_the_api_refuses_a_bad_entry_naming_the_field_and_keeps_the_log(
        client: TestClient, before: list[dict[str, Any]], entry: dict[str, Any], field: str) -> None:
    login(client)
    table_id = opened(client, before)
    log = state(client, table_id)["log"]
    r = client.post(f"/api/tables/{table_id}/entries", json=entry)
    assert r.status_code == 422, r.text
    assert r.json()["field"] == field and field in r.json()["detail"]
    assert state(client, table_id)["log"] == log  # nothing recorded is lost, nothing added


# ----- the page's controls refused naming the control --------------------------------------------------------------
def test_the_page_refuses_an_incomplete_tap_naming_the_control(client: TestClient) -> None:
    login(client)
    table_id = opened(client, AUCTION)
    page = html.unescape(client.get(f"/tables/{table_id}").text)
    token = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert token
    for fields, named in (({"sheet": "expose", "card": "SA"}, "seat: tap who did it"),
                          ({"sheet": "nothing"}, "sheet: tap what happened first"),
                          ({"sheet": "remark", "seat": "E", "gesture": "yes"}, "text: write the gesture")):
        r = client.post(f"/tables/{table_id}/entries", data={"csrf_token": token.group(1), **fields})
        assert r.status_code == 422 and named in html.unescape(r.text), fields
    for call in ("Pass", "Pass", "Pass"):  # the auction ends: 2NT by South
        calls(client, table_id, call)
    play_out(client, table_id, "S8", 8)
    tap(client, table_id, sheet="ui", call_no="3")
    for answer in ("yes", "action"):
        tap(client, table_id, kind="judgement", question=question(client, table_id), answer=answer)
    r = client.post(f"/tables/{table_id}/entries", data={"csrf_token": token.group(1), "kind": "judgement",
                                                         "question": "alternatives", "build": "calls"})
    assert r.status_code == 422 and "calls: tap the calls first" in html.unescape(r.text)
    tap(client, table_id, kind="judgement", question="alternatives", calls=["Pass", "3NT"], build="calls")
    tap(client, table_id, kind="judgement", question="damage", answer="yes")
    for fields, named in (({"s1_level": "4", "s1_decl": "S", "s1_tricks": "9"}, "s1_strain: choose the strain"),
                          ({"s1_level": "4", "s1_strain": "S", "s1_decl": "S", "s1_tricks": "9", "s2_level": "3",
                            "s2_strain": "NT", "s2_decl": "S", "s2_tricks": "9", "s3_level": "table", "w1": "60",
                            "w2": "50"}, "w2: the weights leave nothing"),
                          ({"s1_level": "pass", "split": "on"}, "split: each side its own"),
                          ({"art_ns": "A+"}, "art_ew: choose A+, A or A- for EW")):
        how = "artificial" if "art_ns" in fields else "result"
        r = client.post(f"/tables/{table_id}/entries", data={"csrf_token": token.group(1), "kind": "judgement",
                                                             "question": "score", "score": how, **fields})
        assert r.status_code == 422 and named in html.unescape(r.text), fields
    assert question(client, table_id) == "score"  # nothing entered by the refusals
    tap(client, table_id, kind="judgement", question="score", score="artificial", art_ns="A+", art_ew="A-")
    assert state(client, table_id)["log"][-1]["text"] == "Director judges score: NS: A+; EW: A-"


def test_a_flag_is_reviewed_from_its_button(client: TestClient) -> None:
    login(client)
    table_id = opened(client, [{"kind": "call", "call": "1H"}, {"kind": "call", "call": "1C"},
                               {"kind": "choice", "option": "refuse"}, {"kind": "call", "call": "2C"},
                               {"kind": "judgement", "question": "same_denomination", "answer": "yes"}])
    page = html.unescape(client.get(f"/tables/{table_id}").text)
    assert "Review this flag (Law 27D, E)" in page
    tap(client, table_id, kind="review_ruling", seat="E", law="27D")
    ruling = state(client, table_id)["ruling"]
    assert ruling["law"] == "27D" and ruling["offender"] == "East" and ruling["questions"][0]["key"] == "helped"


def test_the_card_of_a_16B_review_of_the_play_is_tapped_among_those_played(client: TestClient) -> None:
    login(client)
    table_id = opened(client, [*LED, *({"kind": "play", "card": c} for c in ("D2", "DA", "D9"))])
    tap(client, table_id, sheet="ui_card", seat="E", enter="1")
    assert question(client, table_id) == "card"
    page = html.unescape(client.get(f"/tables/{table_id}").text)
    offered_cards = re.findall(r'class="card-button[^"]*" name="answer" value="([^"]+)"', page)
    assert offered_cards == ["DA"]  # East has played the ♦A only
    tap(client, table_id, kind="judgement", question="card", answer="DA")
    assert question(client, table_id) == "ui" and state(client, table_id)["ruling"]["law"] == "16B"
