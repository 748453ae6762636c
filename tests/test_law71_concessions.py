"""Law 71 (a concession of a trick that could not be lost by any normal play is cancelled within the correction
period) and Law 69B (agreement to a claim withdrawn: a trick the side would likely have won), after an agreed claim,
by edition; and Law 71 inside a disputed claim (the claimer conceded tricks no normal line loses).

The director is asked with ``DirectorReview("71", conceder)`` or ``DirectorReview("69B", non-claimer)``."""

from __future__ import annotations

import pytest

from bridge_director.engine.log import dumps, loads
from bridge_director.errors import BridgeError
from bridge_director.laws.law68_71 import proposal
from bridge_director.laws.pending import describe
from bridge_director.model import FULL_DECK, Card, Contract, Deal, Hand, Play, Seat, Trick, Vulnerability
from bridge_director.table.edition import Edition
from bridge_director.table.engine import apply
from bridge_director.table.events import Choice, DirectorReview
from bridge_director.table.play import ClaimMade
from bridge_director.table.state import TableState
from bridge_director.table.summary import board_summary
from playkit import claim, play, table

pytest.importorskip("endplay", reason="the dd extra (endplay) solves the thirteen-trick deal")

C = Card.parse
S, N, E, W = Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST
# North: ♠AKQT9 ♥AKQ ♦AK ♣AKQ against ♠J (East) and ♠5432 (West); 6♠ by North, East leads.
GRAND = "N:AKQT9.AKQ.AK.AKQ J.J6.QJT98.JT987 876.5432.5432.32 5432.T987.76.654"


def agreed(tricks: int, statement: str = "", laws: str = "2017") -> object:
    t = table(auction="1S P 6S P P P", deal=GRAND, laws=laws)
    play(t, "DQ")
    claim(t, "N", tricks, statement)
    t.choose("agree", "E")
    return t


def declarer_tricks(t: object) -> int:
    return board_summary(t.state).final_tricks  # type: ignore[attr-defined]


# ----- Law 71 ----------------------------------------------------------------------------------------------------
def test_71_only_the_tricks_no_normal_line_loses_come_back() -> None:
    """North claims 11 (conceding two).  A normal line cashing hearts before trumps loses the ♠J ruff, so of the
    two conceded tricks one could not be lost: cancelled, the board is rescored at 12, not 13."""
    t = agreed(11)
    assert declarer_tricks(t) == 11
    t.do(DirectorReview("71", N))  # type: ignore[attr-defined]
    r = t.ruling  # type: ignore[attr-defined]
    assert r.law == "71" and [o.key for o in r.options] == ["cancel", "stand"]
    assert "On its worst normal line it takes 12" in r.text
    t.choose("cancel")  # type: ignore[attr-defined]
    assert declarer_tricks(t) == 12 and t.state.pending is None  # type: ignore[attr-defined]


def test_71_the_concession_stands_after_the_correction_period() -> None:
    t = agreed(11)
    t.do(DirectorReview("71", S))  # type: ignore[attr-defined]  # dummy speaks for the declaring side
    t.choose("stand")  # type: ignore[attr-defined]
    assert declarer_tricks(t) == 11


def test_71_nothing_to_cancel_when_a_normal_line_loses_the_tricks() -> None:
    t = agreed(12)
    t.do(DirectorReview("71", N))  # type: ignore[attr-defined]
    r = t.ruling  # type: ignore[attr-defined]
    assert [o.key for o in r.options] == ["stand"] and "the concession stands" in r.text


def test_71_four_master_trumps_conceding_one_gets_it_back() -> None:
    """An end position: South holds the four top trumps and concedes one; no line loses a master trump."""
    hands = {N: "H2 H3 D2 D3", E: "HA HK DA DK", S: "SA SK SQ SJ", W: "CA CK CQ CJ"}
    parsed = {s: [C(x) for x in h.split()] for s, h in hands.items()}
    rest = [c for c in FULL_DECK if c not in {x for cs in parsed.values() for x in cs}]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in parsed.items()})
    tricks = (*(Trick(S, tuple(rest[i:i + 4])) for i in range(0, 36, 4)), Trick(E))
    p = Play(Contract.parse("4S", S), deal, tricks)
    before = p.tricks_won(S.side)
    s = apply(TableState(N, Vulnerability.NONE, play=p), ClaimMade(S, 3, "conceding one"))
    s = apply(s, Choice("agree", W))
    s = apply(s, DirectorReview("71", S))
    s = apply(s, Choice("cancel"))
    assert board_summary(s).final_tricks == before + 4


@pytest.mark.parametrize(("laws", "words"), [("2017", "Regulating Authority sets another"),
                                             ("2007", "Regulating Authority specifies otherwise"),
                                             ("1997", "sponsoring organisation specifies otherwise")])
def test_71_the_correction_period_by_edition(laws: str, words: str) -> None:
    t = agreed(11, laws=laws)
    t.do(DirectorReview("71", N, laws=t.laws))  # type: ignore[attr-defined]
    assert words in t.ruling.text and "Law 79C" in t.ruling.text  # type: ignore[attr-defined]


def test_71_review_needs_an_agreed_claim() -> None:
    t = table(auction="1S P 6S P P P", deal=GRAND)
    play(t, "DQ")
    with pytest.raises(BridgeError) as err:
        t.do(DirectorReview("71", N))
    assert err.value.law == "71"


def test_71_review_asked_by_the_side_that_did_not_concede_is_refused() -> None:
    t = agreed(11)
    with pytest.raises(BridgeError) as err:
        t.do(DirectorReview("71", E))  # type: ignore[attr-defined]
    assert err.value.law == "71" and "did not concede" in str(err.value)


# ----- Law 69B ---------------------------------------------------------------------------------------------------
def test_69B_withdrawn_agreement_proposes_the_worst_normal_line() -> None:
    """East agreed to "all mine" and withdraws: on North's worst normal line East ruffs a heart, so one trick may
    go back; the director judges it likely and enters the proposal."""
    t = agreed(13, "all mine")
    t.do(DirectorReview("69B", E))  # type: ignore[attr-defined]
    r = t.ruling  # type: ignore[attr-defined]
    assert r.law == "69B" and r.questions[0].answers[0] == "12" and "at most 1 trick(s)" in r.text
    t.judge("tricks", "12")  # type: ignore[attr-defined]
    assert declarer_tricks(t) == 12


def test_69B_the_director_judges_it_not_likely() -> None:
    t = agreed(13, "all mine")
    t.do(DirectorReview("69B", W))  # type: ignore[attr-defined]
    t.judge("tricks", "13")  # type: ignore[attr-defined]
    assert declarer_tricks(t) == 13


@pytest.mark.parametrize(("laws", "words"), [("2017", "69B2: a trick his side would likely have won"),
                                             ("2007", "69B2: a trick his side would likely have won"),
                                             ("1997", "would likely have won had play continued (Law 69B)")])
def test_69B_grounds_by_edition(laws: str, words: str) -> None:
    t = agreed(13, "all mine", laws=laws)
    t.do(DirectorReview("69B", E, laws=t.laws))  # type: ignore[attr-defined]
    assert words in t.ruling.text  # type: ignore[attr-defined]


def test_69B_is_not_for_the_claimers_side() -> None:
    t = agreed(13, "all mine")
    with pytest.raises(BridgeError) as err:
        t.do(DirectorReview("69B", S))  # type: ignore[attr-defined]
    assert err.value.law == "69B"


def test_69B_a_review_replays_from_the_json_log() -> None:
    t = agreed(13, "all mine")
    t.do(DirectorReview("69B", E))  # type: ignore[attr-defined]
    back = loads(dumps(t))  # type: ignore[arg-type]
    assert back.state == t.state  # type: ignore[attr-defined]
    assert back.ruling.questions[0].answers[0] == "12"


# ----- Law 71 inside a disputed claim -------------------------------------------------------------------------------
def test_71_a_disputed_claim_short_of_its_sure_tricks_proposes_them() -> None:
    """North claims 10 and the claim is disputed: no normal line takes fewer than 12, so the two tricks conceded
    beyond that are given back (Law 71) and 12 is proposed."""
    t = table(auction="1S P 6S P P P", deal=GRAND)
    play(t, "DQ")
    claim(t, "N", 10, "conceding three")
    t.choose("dispute", "E")
    r = t.ruling
    assert r.questions[0].answers[0] == "12" and "(Law 71)" in r.text
    assert t.state.play is not None
    assert proposal(t.state.play, N, "", any_line=True).tricks == 12


# ----- Law 71: the conceding side's careless plays count (normal: careless or inferior for the class of player) ---
def end_position(hands: dict[Seat, str], lead: Seat, contract: str) -> Play:
    """An end position, ``lead`` to lead a new trick, South declaring; the earlier tricks hold the other cards."""
    parsed = {s: [C(x) for x in h.split()] for s, h in hands.items()}
    rest = [c for c in FULL_DECK if c not in {x for cs in parsed.values() for x in cs}]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in parsed.items()})
    tricks = (*(Trick(lead, tuple(rest[i:i + 4])) for i in range(0, len(rest), 4)), Trick(lead))
    return Play(Contract.parse(contract, S), deal, tricks)


def reviewed(p: Play, conceder: Seat, tricks: int, laws: str = "2017") -> TableState:
    edition = Edition.parse(laws)
    s = apply(TableState(N, Vulnerability.NONE, play=p), ClaimMade(conceder, tricks, "", edition))
    s = apply(s, Choice("agree", conceder.lho))
    return apply(s, DirectorReview("71", conceder, laws=edition))


# Spades trumps, South leads his three top hearts; East ♠2 ♣K ♦3 (the ♣K the last club, the ♦3 below ♦AKQ).
RUFFER = {N: "DA DK DQ", E: "S2 CK D3", S: "HA HK HQ", W: "H5 H4 H3"}


def test_71_a_conceding_defender_void_may_discard_a_winner_instead_of_ruffing() -> None:
    """East concedes the last three tricks.  Double dummy he ruffs the ♥A and cashes the ♣K: two.  Conceding, he
    did not count the ♣K, so throwing it on a heart instead of ruffing is a normal (careless) play: only the
    master ♠2's trick could not be lost, and one trick comes back, not two (was two)."""
    p = end_position(RUFFER, S, "4S")
    before = p.tricks_won(S.side)
    s = reviewed(p, E, 0)
    assert s.pending is not None
    r = describe(s.pending, s)
    assert [o.key for o in r.options] == ["cancel", "stand"] and "On its worst normal line it takes 1." in r.text
    assert "discards the ♣K, a winner" in r.text
    s = apply(s, Choice("cancel"))
    assert board_summary(s).final_tricks == before + 2


def test_71_a_conceder_may_lead_low_first_and_nothing_comes_back() -> None:
    """Notrump, South ♥AK2 against ♥Q and ♥J, East with two clubs: South concedes a heart.  From the top he takes
    all three, but a side that conceded may lead the ♥2 first — then East wins and cashes the clubs: every conceded
    trick could be lost by a normal play, and the concession stands (was one trick back)."""
    p = end_position({N: "S4 S3 S2", E: "HQ C3 C2", S: "HA HK H2", W: "HJ D4 D3"}, S, "3NT")
    assert proposal(p, S, "", any_line=True).tricks == 0
    s = reviewed(p, S, 2)
    assert s.pending is not None
    r = describe(s.pending, s)
    assert [o.key for o in r.options] == ["stand"] and "the concession stands" in r.text


@pytest.mark.parametrize(("laws", "words", "trick"), [
    ("2017", "careless or inferior for the class of player involved (the footnote to Laws 70 and 71)",
     "a trick that could not be lost by any normal play"),
    ("2007", "careless or inferior for the class of player involved (the footnote to Laws 70 and 71)",
     "a trick that could not be lost by any normal play"),
    ("1997", "careless or inferior for the class of player involved, but not irrational (the footnote to Laws 69, "
             "70 and 71)", "a trick the side could not lose by any normal play")])
def test_71_normal_play_in_the_words_of_each_edition(laws: str, words: str, trick: str) -> None:
    s = reviewed(end_position(RUFFER, S, "4S"), E, 0, laws)
    assert s.pending is not None
    text = describe(s.pending, s).text
    assert words in text and "discard a winner instead of ruffing" in text and f"A concession of {trick}" in text


def test_71_a_disputed_concession_proposes_only_the_tricks_no_conceders_line_loses() -> None:
    """East concedes the last three and South disputes it (Law 70): as a claimer East would keep his ♣K and take
    two, but a side that conceded may throw it, so the proposal gives back one trick, and its words say one."""
    s = apply(TableState(N, Vulnerability.NONE, play=end_position(RUFFER, S, "4S")), ClaimMade(E, 0, ""))
    s = apply(s, Choice("dispute", S))
    assert s.pending is not None
    r = describe(s.pending, s)
    assert r.questions[0].answers[0] == "1"
    assert "cannot fail to take 1 on any normal line" in r.text and "Proposed award: 1 trick to East-West" in r.text


def test_71_a_disputed_claim_keeps_a_concession_a_conceders_line_could_lose() -> None:
    """South claims two of ♥AK2 (against ♥Q and ♥J) with no statement and West disputes: as a claimer South takes
    all three, but the heart conceded could be lost by leading the ♥2 first, so two are proposed."""
    p = end_position({N: "S4 S3 S2", E: "HQ C3 C2", S: "HA HK H2", W: "HJ D4 D3"}, S, "3NT")
    s = apply(TableState(N, Vulnerability.NONE, play=p), ClaimMade(S, 2, ""))
    s = apply(s, Choice("dispute", W))
    assert s.pending is not None
    r = describe(s.pending, s)
    assert r.questions[0].answers[0] == "2" and "Proposed award: 2 tricks to North-South" in r.text
    assert "conceding, they could lose the other 1 by a normal play" in r.text
