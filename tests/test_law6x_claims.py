"""Laws 68-71: claims and concessions — agreement, dispute with the double-dummy result and the 70C/D/E
checklist, the director's award, play on, and the seed's outstanding-trump cases 1-3."""

from __future__ import annotations

import itertools

import pytest

from bridge_director.errors import BridgeError, IllegalPlayError
from bridge_director.laws.law68_71 import double_dummy
from bridge_director.model import FULL_DECK, Card, Contract, Deal, Play, Seat, Trick, Vulnerability
from bridge_director.table.engine import apply
from bridge_director.table.events import Choice, Judgement
from bridge_director.table.play import ClaimMade, TricksAdjusted
from bridge_director.table.state import TableState
from bridge_director.table.summary import board_summary
from playkit import claim, play, table

pytest.importorskip("endplay", reason="the dd extra (endplay) is needed for the double-dummy result")


def test_68_claim_stops_play_and_asks_the_opponents() -> None:
    t = table()
    play(t, "H7 H2 HJ H3")
    claim(t, "E", 3, "three more tricks: clubs")
    r = t.ruling
    assert r.law == "68" and r.chooser is Seat.SOUTH and [o.key for o in r.options] == ["agree", "dispute", "play-on"]
    assert "three more tricks: clubs" in r.text
    with pytest.raises(BridgeError):
        play(t, "HJ")


def test_69A_agreed_claim_gives_the_tricks() -> None:
    t = table()
    play(t, "H7 H2 HJ H3")  # East wins trick 1
    claim(t, "E", 3)
    t.choose("agree", "S")
    s = board_summary(t.state)
    assert s.tricks_at_table == 12 - 3 and s.final_tricks == 9 and s.result == "+2"


def test_68B_concession_of_all() -> None:
    t = table()
    claim(t, "W", 0)
    t.choose("agree", "S")
    assert board_summary(t.state).final_tricks == 13


def test_68D2_play_on_voids_the_claim() -> None:
    t = table()
    claim(t, "S", 13)
    t.choose("play-on", "W")
    assert t.state.pending is None
    play(t, "H7")


def test_68_claim_of_more_tricks_than_remain_is_impossible() -> None:
    t = table()
    with pytest.raises(IllegalPlayError):
        claim(t, "S", 14)


def test_70_disputed_claim_director_enters_tricks() -> None:
    t = table()
    claim(t, "S", 13, "all mine, drawing trumps")
    t.choose("dispute", "W")
    r = t.ruling
    assert r.law == "70" and r.questions[0].key == "tricks" and "double dummy" in r.text
    assert "70C" in r.text and "70D" in r.text and "70E" in r.text
    t.judge("tricks", "11")
    s = board_summary(t.state)
    assert s.final_tricks == 11 and s.score_ns == Contract.parse("1S", Seat.SOUTH).score_ns(11, Vulnerability.NONE)


def test_71_concession_cancelled_by_the_director() -> None:
    t = table()
    claim(t, "S", 8)
    t.choose("agree", "W")
    t.do(TricksAdjusted(9, "71", "a trick that could not be lost by any normal play"))
    assert board_summary(t.state).final_tricks == 9


# ----- the seed's outstanding trump: spades trumps, lead in dummy, "dummy's good" ------------------------------
def position(dummy_trump: str) -> TableState:
    """Dummy ♠x ♥A ♣A, a defender ♠K ♦AK, declarer ♠987 (can ruff), the other defender three small cards."""
    hands = {Seat.NORTH: f"{dummy_trump} HA CA", Seat.EAST: "SK DA DK", Seat.SOUTH: "S9 S8 S7",
             Seat.WEST: "H3 C3 D3"}
    parsed = {s: [Card.parse(c) for c in h.split()] for s, h in hands.items()}
    held = {c for cs in parsed.values() for c in cs}
    rest = [c for c in FULL_DECK if c not in held]
    from bridge_director.model import Hand
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in parsed.items()})
    tricks = (*(Trick(Seat.NORTH, tuple(rest[i:i + 4])) for i in range(0, 40, 4)), Trick(Seat.NORTH))
    p = Play(Contract.parse("4S", Seat.SOUTH), deal, tricks)
    return TableState(Seat.NORTH, Vulnerability.NONE, play=p)


def brute(p: Play) -> int:
    """Declarer's side's tricks by exhaustive minimax (an independent check of the double-dummy figure)."""
    if all(len(p.hands[s]) == 0 for s in Seat):
        return 0
    side = p.next_seat.side
    best: int | None = None
    for card in p.legal_cards():
        q = p.add(card)
        won = 0
        if q.current.complete:
            won = 1 if q.current.winner(q.trump).side == p.contract.side else 0
        value = won + brute(q)
        mine = side == p.contract.side
        if best is None or (value > best if mine else value < best):
            best = value
    assert best is not None
    return best


@pytest.mark.parametrize("case, dummy_trump", [(1, "SA"), (2, "S2"), (3, "SQ")])
def test_70C_seed_cases_outstanding_trump(case: int, dummy_trump: str) -> None:
    state = position(dummy_trump)
    assert state.play is not None
    assert double_dummy(state.play, Seat.SOUTH) == brute(state.play)
    s = apply(state, ClaimMade(Seat.SOUTH, 3, "dummy's good"))
    s = apply(s, Choice("dispute", Seat.EAST))
    from bridge_director.laws.pending import describe
    text = describe(s.pending, s).text
    assert "♠K" in text and "does not mention trumps" in text
    s = apply(s, Judgement("tricks", "2"))  # the seed: the defender ruffs one of the aces — one trick to them
    assert s.play is not None and s.play.claim is not None and s.play.claim.tricks == 2
    _ = (case, itertools)


# ----- 68D by edition: play on only under the 2017 Laws -----------------------------------------------------------
@pytest.mark.parametrize(("laws", "keys"), [("2017", ["agree", "dispute", "play-on"]), ("2007", ["agree", "dispute"]),
                                            ("1997", ["agree", "dispute"])])
def test_68D_play_on_is_an_option_of_the_2017_laws_only(laws: str, keys: list[str]) -> None:
    t = table(laws=laws)
    claim(t, "S", 13)
    assert [o.key for o in t.ruling.options] == keys


@pytest.mark.parametrize(("laws", "words"), [("2007", "only evidence for the director (Law 70D3)"),
                                             ("1997", "void any play made after a claim")])
def test_68D_play_on_refused_before_2017(laws: str, words: str) -> None:
    t = table(laws=laws)
    claim(t, "S", 13)
    assert words in t.ruling.text
    with pytest.raises(BridgeError):
        t.choose("play-on", "W")
    assert t.state.pending is not None


# ----- 70: the disputed claim proposes the award ------------------------------------------------------------------
@pytest.mark.parametrize("dummy_trump", ["SA", "S2", "SQ"])
def test_70C_seed_cases_the_proposal_is_the_first_answer(dummy_trump: str) -> None:
    """Seed 001, cases 1-3: the ruling proposes two tricks to the declaring side, first among the answers, and
    says that the ♠K was not mentioned."""
    s = apply(position(dummy_trump), ClaimMade(Seat.SOUTH, 3, "dummy's good"))
    s = apply(s, Choice("dispute", Seat.EAST))
    from bridge_director.laws.pending import describe
    assert s.pending is not None
    r = describe(s.pending, s)
    assert r.questions[0].answers[0] == "2" and sorted(r.questions[0].answers) == ["0", "1", "2", "3"]
    assert "did not mention the outstanding ♠K (Law 70C)" in r.text and "Proposed award: 2 tricks" in r.text


def test_70_the_director_may_award_another_number_than_proposed() -> None:
    s = apply(position("S2"), ClaimMade(Seat.SOUTH, 3, "dummy's good"))
    s = apply(s, Choice("dispute", Seat.EAST))
    s = apply(s, Judgement("tricks", "1"))
    assert s.play is not None and s.play.claim is not None and s.play.claim.tricks == 1


def test_70_a_trick_in_progress_counts_for_the_proposal() -> None:
    """Claimed with East's ♦A on the table: declarer ruffs it, and the proposal still never exceeds double dummy."""
    t = table()
    play(t, "H7 H2 HJ H3 DA")  # East won trick 1 and leads the ♦A
    claim(t, "S", 12, "all mine")
    t.choose("dispute", "W")
    assert t.state.play is not None
    proposed = int(t.ruling.questions[0].answers[0])
    assert proposed <= double_dummy(t.state.play, Seat.SOUTH)
