"""Every irregularity from the table page of a phone in at most four taps, counted: each case below is played in a
real browser at 390 x 844 and 360 x 740, the test counting the clicks it makes (typing the one text an explanation
or a remark needs is not a tap), and the page is measured with the phone checks before each tap but the first
(nothing wider than the screen, targets of 44 px, AA contrast).  The entry then reaches the engine: the event logged
is the one the taps describe, and the state has the ruling pending, the note or the record it should.
docs/phone.md lists the counts ("Taps")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from fastapi import FastAPI

from bridge_director.laws.law42_47 import DesignationChanged, DummyAct
from bridge_director.laws.law58 import CardsPlayedTogether
from bridge_director.laws.law65_67 import TrickEntry
from bridge_director.laws.pending import describe
from bridge_director.model import Call, Card, Deal, Seat, Strain
from bridge_director.table.events import (
    BidAboveSeven,
    CallChanged,
    CallMade,
    CardExposed,
    CardFoundFaced,
    DirectorReview,
    Event,
    Explanation,
    ExplanationCorrected,
    Hesitation,
    ImproperDouble,
    PsycheReported,
    Remark,
    ReviewRequested,
    WrongBoard,
)
from bridge_director.table.play import (
    CardPlayed,
    CardWithdrawn,
    ClaimMade,
    DummyCardCalled,
    DummyFaced,
    RevokeCorrected,
)
from bridge_director.table.state import TableState
from bridge_director.web.entries import to_event
from bridge_director.web.schemas import EntryIn
from bridge_director.web.server import background
from web.phone_survey import problems
from web.web_support import browser_login, make_app

# N: ♠432 ♥AKQ2 ♦5432 ♣32   E: ♠5 ♥JT98 ♦AKQ ♣AKQJT   S: ♠AKQJT9 ♥3 ♦JT9 ♣987   W: ♠876 ♥7654 ♦876 ♣654
DEAL = "N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654"
PHONES = {390: 844, 360: 740}
N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
LIMIT = 4

OPEN = "#happened-open"
ENTER = "#sheet .p-enter button"


def kind(key: str) -> str:
    return f"#sheet .kinds label:has(> input[value={key}])"


def seat(letter: str) -> str:
    return f"#sheet .p-seat label:has(> input[value={letter}])"


def card(hand: str, name: str) -> str:
    return f"#sheet .h-{hand} button[value={name}]"


def call_no(n: int) -> str:
    return f"#sheet .p-call button[value='{n}']"


def bid(call: str) -> str:
    return f"#sheet .p-bid button[value='{call}']"


def box(call: str) -> str:
    return f"#bidding-box button[value='{call}']"


def c(text: str) -> Call:
    return Call.parse(text)


def k(text: str) -> Card:
    return Card.parse(text)


def calls(*made: str) -> list[dict[str, Any]]:
    return [{"kind": "call", "call": m} for m in made]


def plays(*cards: str) -> list[dict[str, Any]]:
    return [{"kind": "play", "card": x} for x in cards]


OPENED = calls("1H")  # North opens 1♥
TWO_NT = calls("1H", "Pass", "2NT")  # ... South's 2NT is call 3
PLAYED = calls("Pass", "Pass", "1S", "Pass", "Pass", "Pass")  # 1♠ by South: West is on lead
LED = [*PLAYED, *plays("D8")]  # West leads ♦8: declarer plays from dummy (North)


def ruling(law: str) -> Callable[[TableState], bool]:
    def pending(state: TableState) -> bool:
        return state.pending is not None and describe(state.pending, state).law == law
    pending.__name__ = f"ruling {law} pending"
    return pending


def recorded(law: str) -> Callable[[TableState], bool]:
    def done(state: TableState) -> bool:
        return state.pending is None and bool(state.records) and state.records[-1].law == law
    done.__name__ = f"Law {law} recorded"
    return done


def noted(note: str) -> Callable[[TableState], bool]:
    def kept(state: TableState) -> bool:
        return state.pending is None and bool(state.notes) and state.notes[-1].kind == note
    kept.__name__ = f"a {note} noted"
    return kept


def led(name: str) -> Callable[[TableState], bool]:
    def lead(state: TableState) -> bool:
        return state.pending is None and state.play is not None and state.play.current.cards == (k(name),)
    lead.__name__ = f"{name} led"
    return lead


def spread(state: TableState) -> bool:
    return state.pending is None and state.period.dummy_faced


spread.__name__ = "dummy spread"


@dataclass(frozen=True)
class Case:
    """An irregularity: what came before (entries), the steps (a selector is a tap; a pair types a text into a
    field), the event the taps must log, what the engine must then show, and the taps it takes."""

    name: str
    before: list[dict[str, Any]]
    steps: list[str | tuple[str, str]]
    event: Event
    outcome: Callable[[TableState], bool]
    taps: int


CASES = [
    # the auction: the bidding box for calls, "Something happened" for the rest
    Case("insufficient bid", OPENED, [box("1C")], CallMade(E, c("1C")), ruling("27"), 1),
    Case("call out of rotation", [], ["#bidding-box .seats label:has(input[value=W])", box("1S")],
         CallMade(W, c("1S")), ruling("29"), 2),
    Case("inadmissible double", calls("1H", "Pass"), [box("X")], CallMade(S, c("X")), ruling("36"), 1),
    Case("bid above seven", OPENED, [OPEN, kind("above_seven"), "#sheet .p-above button[value=S]"],
         BidAboveSeven(E, 8, Strain.SPADES), ruling("38"), 3),
    Case("call changed", OPENED, [OPEN, kind("change"), bid("1S")], CallChanged(N, c("1S")), ruling("25"), 3),
    Case("double naming a bid", OPENED, [OPEN, kind("improper_double"), bid("1S")],
         ImproperDouble(E, c("X"), c("1S")), ruling("19"), 3),
    Case("card exposed in the auction", OPENED, [OPEN, kind("expose"), seat("S"), card("S", "SA")],
         CardExposed(S, (k("SA"),)), ruling("24"), 4),
    Case("card found face up", [], [OPEN, kind("found_faced"), seat("W"), card("W", "S8")],
         CardFoundFaced(W, (k("S8"),)), ruling("16D"), 4),
    Case("wrong board's cards", OPENED, [OPEN, kind("wrong_board"), seat("N"), ENTER], WrongBoard(N),
         ruling("15A1"), 4),
    Case("auction asked for", calls("1H", "Pass"), [OPEN, kind("review"), seat("S"), ENTER], ReviewRequested(S),
         recorded("20B"), 4),
    Case("call after the final pass", PLAYED, [OPEN, kind("late_call"), seat("N"), bid("2S")],
         CallMade(N, c("2S")), ruling("39"), 4),
    # the facts of judgement (docs/judgement.md): the table does not stop
    Case("break in tempo, disputed", OPENED, [OPEN, kind("hesitation"), seat("N"), "#sheet .p-agreed button[value=no]"],
         Hesitation(N, agreed=False), noted("hesitation"), 4),
    Case("explanation of partner's call", TWO_NT,
         [OPEN, kind("explanation"), ("#sheet input[name=answer]", "Jacoby, four trumps"), call_no(3)],
         Explanation(N, 3, "Jacoby, four trumps"), noted("explanation"), 3),
    Case("alert missing", TWO_NT, [OPEN, kind("no_alert"), call_no(3)], Explanation(N, 3, "", alerted=False),
         noted("explanation"), 3),
    Case("explanation corrected", TWO_NT,
         [OPEN, kind("explanation_corrected"), ("#sheet input[name=answer]", "natural"), call_no(3)],
         ExplanationCorrected(S, call_no=3, answer="natural"), recorded("20F5"), 3),
    Case("remark or gesture", OPENED,
         [OPEN, kind("remark"), seat("E"), ("#sheet input[name=text]", "a shrug"),
          "#sheet .p-gesture button[value=yes]"], Remark(E, "a shrug", gesture=True), noted("gesture"), 4),
    Case("psyche reported", TWO_NT, [OPEN, kind("psyche"), call_no(1)], PsycheReported(N, 1), recorded("40C1"), 3),
    # the director's reviews
    Case("review 16B of a call", TWO_NT, [OPEN, kind("ui"), call_no(3)], DirectorReview("16B", S, 3),
         ruling("16B"), 3),
    Case("review 21B", TWO_NT, [OPEN, kind("mi"), call_no(3)], DirectorReview("21B", S, 3), ruling("21B"), 3),
    Case("review 40 psyche", TWO_NT, [OPEN, kind("psyche_review"), call_no(1)], DirectorReview("40", N, 1),
         ruling("40C1"), 3),
    Case("review 73F", OPENED, [OPEN, kind("deception"), seat("N"), ENTER], DirectorReview("73F", N),
         ruling("73E2"), 4),
    Case("review this flag (27D)",
         [*calls("1H", "1C"), {"kind": "choice", "option": "refuse"}, *calls("2C"),
          {"kind": "judgement", "question": "same_denomination", "answer": "yes"}],
         ["button:has-text('Review this flag (Law 27D')"], DirectorReview("27D", E), ruling("27D"), 1),
    # the play
    Case("lead out of turn", PLAYED, [OPEN, kind("play"), seat("E"), card("E", "HJ")], CardPlayed(E, k("HJ")),
         ruling("54"), 4),
    Case("card exposed in the play", PLAYED, [OPEN, kind("expose"), seat("E"), card("E", "HJ")],
         CardExposed(E, (k("HJ"),)), ruling("50D"), 4),
    Case("opening lead face down", PLAYED, [OPEN, kind("play"), "#sheet .p-face", card("auto", "S8")],
         CardPlayed(W, k("S8"), face_down=True), led("S8"), 4),
    Case("revoke corrected (its panel)", [*LED, *plays("D2", "HJ")], ["#revokes button[value=DA]"],
         RevokeCorrected(E, k("DA")), recorded("62B1"), 1),
    Case("revoke corrected (the sheet)", [*LED, *plays("D2", "HJ")],
         [OPEN, kind("revoke_corrected"), seat("E"), card("E", "DA")], RevokeCorrected(E, k("DA")),
         recorded("62B1"), 4),
    Case("cards played together", PLAYED, [OPEN, kind("together"), card("auto", "S8"), card("auto", "S7")],
         CardsPlayedTogether(W, (k("S8"), k("S7")), (k("S8"),)), recorded("58B1"), 4),
    Case("dummy's card called 'high'", LED, [OPEN, kind("dummy_call"), "#sheet .p-desig button[value=high]"],
         DummyCardCalled("high"), ruling("46B"), 3),
    Case("card named changed", [*LED, *plays("D2")], [OPEN, kind("designation_changed"), seat("N"), card("N", "D5")],
         DesignationChanged(N, k("D5")), ruling("45C4(b)"), 4),
    Case("card taken back (47C)", [*LED, *plays("D2")],
         [OPEN, kind("withdraw"), seat("N"), "#sheet .p-law47 button[value='47C']"], CardWithdrawn(N, "47C"),
         recorded("47C"), 4),
    Case("dummy's act", LED, [OPEN, kind("dummy_act"), "#sheet .p-act button[value=warn]"], DummyAct("warn"),
         recorded("42B2"), 3),
    Case("trick quitted", [*LED, *plays("D2", "DA", "D9")],
         [OPEN, kind("trick_entry"), seat("E"), "#sheet .p-trick button[value=quitted]"], TrickEntry("quitted", E, 1),
         recorded("65B3"), 4),
    Case("claim", PLAYED, ["#claim-box summary", "#claim-tricks button[value='13']"], ClaimMade(S, 13),
         ruling("68"), 2),
    Case("concession", PLAYED, ["#claim-box summary", "#claim-tricks button[value='0']"], ClaimMade(S, 0),
         ruling("68"), 2),
    Case("review 16B of a card", [*LED, *plays("D2", "DA", "D9")], [OPEN, kind("ui_card"), seat("E"), ENTER],
         DirectorReview("16B", E), ruling("16B"), 4),
    # judgement on the director's timeline (docs/phone.md, "Call me back at the end of the hand")
    Case("explanation of a play agreement", LED,
         [OPEN, kind("play_explanation"), seat("E"), ("#sheet input[name=answer]", "low encourages"),
          "#sheet .p-about button[value=carding]"], Explanation(E, None, "low encourages", about="carding"),
         noted("explanation"), 4),
    Case("dummy spread", LED, [OPEN, kind("dummy_faced"), ENTER], DummyFaced(), spread, 3),
]


@pytest.fixture(scope="module")
def server() -> Iterator[tuple[FastAPI, str]]:
    app = make_app()
    with background(app) as url:
        yield app, url


@pytest.fixture(scope="module", params=sorted(PHONES, reverse=True), ids=lambda w: f"{w}px")
def phone(request: pytest.FixtureRequest, browser: Any, server: tuple[FastAPI, str]) -> Iterator[Any]:
    """A phone-sized page, logged in as the director, for the module's cases at one width."""
    width = request.param
    context = browser.new_context(viewport={"width": width, "height": PHONES[width]})
    page = context.new_page()
    page.set_default_timeout(30_000)
    browser_login(page, server[1])
    yield page
    context.close()


def opened(app: FastAPI, before: list[dict[str, Any]]) -> str:
    """A table of board 1 with the deal, ``before`` entered as the page would (the engine's events)."""
    table = app.state.tables.open(1, Deal.from_pbn(DEAL))
    for entry in before:
        table.enter(lambda state, e=entry: to_event(EntryIn(**e), state))
    token: str = table.id
    return token


def play(page: Any, steps: list[str | tuple[str, str]]) -> tuple[int, list[str]]:
    """Make the steps, counting the taps; the phone checks run before each tap but the first (the sheet open,
    then the controls of the kind tapped)."""
    taps: int = 0
    found: list[str] = []
    for step in steps:
        if isinstance(step, tuple):
            page.fill(*step)  # typed: the explanation or the remark itself
            continue
        if taps:
            found += problems(page, f"{page.url} before tap {taps + 1}")
        page.click(step)
        taps += 1
    return taps, found


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_each_irregularity_in_at_most_four_taps(case: Case, phone: Any, server: tuple[FastAPI, str]) -> None:
    app, url = server
    token = opened(app, case.before)
    phone.goto(f"{url}/tables/{token}")
    phone.wait_for_selector(f"#table-page[data-seq='{len(case.before)}'][data-live=on]")
    taps, found = play(phone, case.steps)
    phone.wait_for_selector(f"#table-page[data-seq='{len(case.before) + 1}'][data-live=on]")
    assert phone.query_selector("#error") is None, phone.inner_text("#error")
    assert taps == case.taps <= LIMIT
    assert found == [], "the phone checks, with the sheet open"
    table = app.state.tables.get(token)
    logged = table.log[-1].event
    assert logged == case.event, f"logged {logged}"
    assert case.outcome(table.state), getattr(case.outcome, "__name__", "the outcome")


def test_the_cases_cover_every_kind_of_the_sheet() -> None:
    """Each kind "Something happened" offers is played by a case above (so none escapes the count)."""
    from bridge_director.web.table_view import KINDS
    played = {step.split("value=")[1].rstrip("])") for case in CASES for step in case.steps
              if isinstance(step, str) and step.startswith("#sheet .kinds")}
    assert played == {kind.key for kind in KINDS}


def test_the_logical_alternatives_and_the_score_by_taps(phone: Any, server: tuple[FastAPI, str]) -> None:
    """A 16B review's written answers without typing: the logical alternatives tapped from the calls (2 taps),
    then the assigned score from the builder: level, strain, declarer, tricks, Enter (5 taps)."""
    app, url = server
    before = [*PLAYED, *plays("D8"), {"kind": "claim", "tricks": 7}, {"kind": "choice", "option": "agree"},
              {"kind": "review_ruling", "law": "16B", "call_no": 3}, {"kind": "judgement", "question": "ui",
                                                                       "answer": "yes"},
              {"kind": "judgement", "question": "suggests", "answer": "action"}]
    token = opened(app, before)
    phone.goto(f"{url}/tables/{token}")
    seq = len(before)
    phone.wait_for_selector(f"#table-page[data-seq='{seq}'][data-live=on]")
    assert phone.get_attribute("#poll-peers", "href") == f"/tables/{token}/polls"
    score: list[str | tuple[str, str]] = [f"#answer-score label:has(> input[name=s1_{name}][value='{value}'])"
                                          for name, value in (("level", "4"), ("strain", "S"), ("decl", "S"),
                                                              ("tricks", "9"))]
    steps: list[tuple[list[str | tuple[str, str]], str]] = [
        (["#answer-alternatives label:has(> input[value=Pass])", "#build-alternatives"], "la: Pass"),
        (["#choices button[name=answer][value=yes]"], "yes"),
        ([*score, "#enter-score"], "4S S 9"),
    ]
    counted = []
    for taps, answer in steps:
        made, found = play(phone, taps)
        seq += 1
        phone.wait_for_selector(f"#table-page[data-seq='{seq}'][data-live=on]")
        assert phone.query_selector("#error") is None, phone.inner_text("#error")
        assert found == []
        assert app.state.tables.get(token).log[-1].event.answer == answer
        counted.append(made)
    assert counted == [2, 1, 5]
    state = app.state.tables.get(token).state
    assert state.pending is None and state.adjusted[-1].kind == "assigned"
