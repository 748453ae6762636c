"""Claims (Laws 68-71): the checks that mutation testing of ``claim_lines``, ``claim_text`` and ``law68_71`` showed
were missing — which hand a stated ruff binds, the card an opponent picks among equally good ones, the
double-dummy solver asked once per position, the checklist's and the proposal's words by edition, the options and
the rescoring of a Law 71 review.

End positions are built by hand (``position``): spades are trumps; the cards not in the position fill the earlier
tricks.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws import law68_71
from bridge_director.laws.claim_lines import (
    EndplayOracle,
    Node,
    PythonOracle,
    _position,
    _preferred,
    card_at,
    index,
    start_search,
    worst_line,
)
from bridge_director.laws.claim_text import _listing, award_text, lost_tricks, read_statement
from bridge_director.laws.law68_71 import _normal, checklist
from bridge_director.laws.pending import describe
from bridge_director.laws.ruling import Option
from bridge_director.model import FULL_DECK, Card, Contract, Deal, Hand, Play, Seat, Trick, Vulnerability
from bridge_director.table.edition import Edition
from bridge_director.table.engine import apply
from bridge_director.table.events import Choice, DirectorReview
from bridge_director.table.play import ClaimMade
from bridge_director.table.play_state import Adjustment
from bridge_director.table.state import Record, TableState

S, N, E, W = Seat.SOUTH, Seat.NORTH, Seat.EAST, Seat.WEST
C = Card.parse
SPADES, DIAMONDS = 3, 1


def position(north: str, east: str, south: str, west: str, lead: Seat, played: str = "",
             declarer: Seat = S, contract: str = "4S") -> Play:
    """The hands left and ``played``, the cards of the trick in progress led by ``lead``; 4♠ (or ``contract``) by
    ``declarer``."""
    held = {s: [C(x) for x in h.split()] for s, h in zip((N, E, S, W), (north, east, south, west), strict=True)}
    current = [C(x) for x in played.split()]
    used = {x for cs in held.values() for x in cs} | set(current)
    rest = [x for x in FULL_DECK if x not in used]
    deal = Deal.from_hands({s: Hand.of(cs) for s, cs in held.items()})
    earlier = tuple(Trick(lead, tuple(rest[i:i + 4])) for i in range(0, len(rest), 4))
    return Play(Contract.parse(contract, declarer), deal, (*earlier, Trick(lead, tuple(current))))


def choices(play: Play, claimer: Seat, statement: str, concession: bool = False) -> set[Card]:
    """The cards the claimer's side may play at this turn on a normal line following ``statement`` (``concession``:
    as a side that conceded, Law 71), with no player known to be void (the filler tricks of ``position`` would
    otherwise show players out of suits they still hold)."""
    search, state = start_search(play, claimer, read_statement(statement, play.trump), concession=concession)
    state = state._replace(shown=0)  # the earlier tricks are filler: no one has shown out of a suit
    return {card_at(c) for c in search.choices(state)}


def node(play: Play) -> Node:
    hands, leader, trick, _shown = _position(play)
    return hands, leader, trick


# ----- 68C, 70D: which hand a stated ruff binds ------------------------------------------------------------------
# East leads the ♣K; South, void in clubs, holds ♠98 and the ♥3; North still holds a club.
CLUB_LED_TO_SOUTH = ("C2 S7 D2", "HA DA", "S9 S8 H3", "HK DK CA")


def test_68C_ruff_in_hand_binds_declarer_to_ruff_the_club_led() -> None:
    p = position(*CLUB_LED_TO_SOUTH, lead=E, played="CK")
    assert choices(p, S, "ruff a club in hand") == {C("S8")}


def test_68C_ruff_with_no_hand_named_binds_the_hand_void_in_the_suit() -> None:
    p = position(*CLUB_LED_TO_SOUTH, lead=E, played="CK")
    assert choices(p, S, "ruff a club") == {C("S8")}
    assert C("H3") in choices(p, S, "")  # without the statement a discard is normal too


def test_68C_ruff_in_dummy_leaves_declarers_hand_free_to_discard() -> None:
    """Dummy cannot ruff a club while declarer's hand has none to lead: the step is spent, South may discard."""
    p = position(*CLUB_LED_TO_SOUTH, lead=E, played="CK")
    assert C("H3") in choices(p, S, "ruff a club in dummy")


def test_68C_ruff_in_hand_does_not_bind_dummy() -> None:
    """West leads the ♣K; North (dummy) is void in clubs: the stated ruff is declarer's, so North may discard."""
    p = position("S7 S6 D2", "HA DA HK", "C2 S9 H3", "DK CA", lead=W, played="CK")
    assert C("D2") in choices(p, S, "ruff a club in hand")


def test_68C_dummys_claim_ruff_in_hand_means_declarers_closed_hand() -> None:
    """4♠ by North; South (dummy) claims, "ruff a club in hand": the hand is North's, bound to ruff the club led."""
    p = position("S9 S8 H3", "HA DA HK", "C2 S7 D2", "DK CA", lead=W, played="CK", declarer=N)
    assert choices(p, S, "ruff a club in hand") == {C("S8")}


def test_71_a_conceding_side_may_lead_low_with_two_cards_over_it() -> None:
    """♥AK2 against East's ♥QJ: the claimer counted both (the ♥2 first is not even careless), a side that conceded
    did not count its winners: its low heart first is normal (Law 71)."""
    p = position("C4 C3 C2", "HQ HJ DA", "HA HK H2", "D4 D3 D2", lead=S)
    assert C("H2") not in choices(p, S, "")
    assert C("H2") in choices(p, S, "", concession=True)


# ----- the opponents' card among equally good ones (claim_lines._preferred, Oracle.reply) ------------------------
# South leads the ♦A, West follows ♦Q, North ♦6; East, void in diamonds, takes two of the three tricks whatever he
# plays: he ruffs with the ♠A, the cheapest card that wins the trick.
RUFF_NODE = ("D5 HT", "H6 H9 SA", "C8 CT", "C6 SK")


def ruff_node() -> Node:
    return node(position(*RUFF_NODE, lead=S, played="DA DQ D6"))


def test_70_opponent_wins_the_trick_with_the_cheapest_winning_card() -> None:
    assert PythonOracle(SPADES).reply(ruff_node()) == (index(C("SA")), 2)


def test_70_opponent_plays_low_under_partners_ruff() -> None:
    """♣K led, partner has ruffed: nothing of the fourth hand wins the trick, so he plays his lowest club."""
    trick = (index(C("CK")), index(C("S3")), index(C("C4")))
    assert _preferred(((0, 0, 0, 0), int(S), trick), {index(C("CA")): 1, index(C("C2")): 1}, SPADES) == index(C("C2"))


def test_70_opponent_ruffs_with_his_lowest_trump() -> None:
    trick = (index(C("CK")),)
    optimal = {index(C("D2")): 1, index(C("D3")): 1}
    assert _preferred(((0, 0, 0, 0), int(S), trick), optimal, DIAMONDS) == index(C("D2"))


def test_70_opponent_overtakes_with_his_lowest_winner() -> None:
    trick = (index(C("H2")),)
    optimal = {index(C("H3")): 1, index(C("H4")): 1}
    assert _preferred(((0, 0, 0, 0), int(S), trick), optimal, DIAMONDS) == index(C("H3"))


def test_70_endplay_reply_asks_the_solver_once_per_position() -> None:
    pytest.importorskip("endplay")
    oracle = EndplayOracle(SPADES)
    assert oracle.reply(ruff_node()) == (index(C("SA")), 2)
    assert oracle.reply(ruff_node()) == (index(C("SA")), 2) and oracle.calls == 1
    last = node(position("C2", "C3", "C4", "C5", lead=N))
    assert oracle.reply(last) == (index(C("C2")), 0) and oracle.calls == 2  # the deuce is a card too


def test_70_endplay_reply_uses_values_already_solved() -> None:
    pytest.importorskip("endplay")
    oracle = EndplayOracle(SPADES)
    values = oracle.values(ruff_node())
    assert values == {index(C("H6")): 2, index(C("H9")): 2, index(C("SA")): 2}
    assert oracle.reply(ruff_node()) == (index(C("SA")), 2) and oracle.calls == 1


# ----- Law 70's checklist and the proposal's words ---------------------------------------------------------------
# South leads; East holds the ♠2, the one outstanding trump, and the ♥K over South's ♥3.
STATED = ("H2 D2 C2", "S2 HK D5", "SA HA H3", "D4 D3 C3")
NOT_MENTIONED = "the statement does not mention trumps"


def test_70C_cashing_the_trump_suit_by_name_mentions_trumps() -> None:
    p = position(*STATED, lead=S)
    assert "70C: the opponents hold ♠2; the statement mentions trumps." in checklist(p, S, "cashing the spades")[0]


def test_70C_naming_the_outstanding_trump_shows_the_claimer_is_aware_of_it() -> None:
    p = position(*STATED, lead=S)
    assert "the statement mentions trumps" in checklist(p, S, "East's ♠2 is still out")[0]
    assert NOT_MENTIONED in checklist(p, S, "all mine")[0]


def test_70E2_the_checklists_line_follows_the_regulating_authoritys_order() -> None:
    """Unstated, the ♥3 led first loses to the ♥K (one trick); played from the top down, two (2017 Law 70E2)."""
    p = position(*STATED, lead=S)
    assert "South's side takes 1 of the 3 tricks." in checklist(p, S, "all mine")[1]
    assert "South's side takes 2 of the 3 tricks." in checklist(p, S, "all mine", top_down=True)[1]


def test_70C_checklist_without_a_computed_line_still_lists_the_points(monkeypatch: pytest.MonkeyPatch) -> None:
    def no_line(*_args: object, **_kw: object) -> None:
        raise BridgeError("no solver", law="70")
    monkeypatch.setattr(law68_71, "proposal", no_line)
    points = checklist(position(*STATED, lead=S), S, "all mine")
    assert NOT_MENTIONED in points[0] and points[1].startswith("70D:")


def test_70E_2007_and_1997_accept_a_finesse_that_not_taking_would_be_irrational() -> None:
    p = position(*STATED, lead=S)
    base = ("70E: accept no unstated finesse unless an opponent has already shown out of the suit or would show out "
            "before the finesse on any normal line")
    assert base + "." in checklist(p, S, "drawing trumps", Edition.L2017)
    for edition in (Edition.L2007, Edition.L1997):
        assert base + f", or unless not taking it would be irrational ({edition} Law 70E)." in \
            checklist(p, S, "drawing trumps", edition)


def test_70_the_1997_footnote_says_not_irrational_in_words() -> None:
    p = position(*STATED, lead=S)
    normal = ("70A/B: doubtful points go against the claimer; normal play includes careless or inferior play for the "
              "class of player, not irrational play.")
    assert checklist(p, S, "drawing trumps", Edition.L2017)[-1] == normal
    assert checklist(p, S, "drawing trumps", Edition.L1997)[-1] == \
        normal + " (The 1997 footnote says \"but not irrational\" in words, for Laws 69, 70 and 71.)"


def test_70E2_top_down_order_means_no_low_card_first() -> None:
    assert "70E2: the Regulating Authority has a suit the statement does not clarify played from the top down: no " \
        "low card is led first." in checklist(position(*STATED, lead=S), S, "all mine", top_down=True)


def test_70A_every_suit_with_a_careless_low_lead_is_named() -> None:
    """♦A2 and ♥A2 against East's ♦K and ♥K: in both suits the deuce led first is careless and loses a trick."""
    p = position("C4 C3 C2 C5", "HK DK S2 S3", "HA H2 DA D2", "C7 C6 C8 C9", lead=S)
    assert ("70A, 70E2: the statement does not clarify the order within the suit and the Regulating Authority "
            "specifies none: a low card led first (the ♦2 before the ♦A while the ♦K is out; the ♥2 before the ♥A "
            "while the ♥K is out) is careless play for the class of player, so a trick lost to it goes to the "
            "non-claimers.") in checklist(p, S, "drawing trumps")


def test_70C_proposal_names_every_outstanding_trump_not_mentioned() -> None:
    p = position("H2 D2 C2", "S3 HK D5", "SA HA H3", "S2 D3 C3", lead=S)
    text = award_text(worst_line(p, S, "all mine"), 3, p.trump)
    assert text.startswith("South did not mention the outstanding ♠2, ♠3 (Law 70C). ")


def test_70C_proposal_says_nothing_of_trumps_the_statement_mentions() -> None:
    p = position(*STATED, lead=S)
    text = award_text(worst_line(p, S, "drawing trumps"), 3, p.trump)
    assert "did not mention" not in text
    assert text.startswith("The stated line (drawing trumps) is followed (Law 68C); where it is silent the worst "
                           "normal order is taken (Law 70D). ")


def test_68C_proposal_says_when_no_line_was_stated() -> None:
    p = position(*STATED, lead=S)
    sentence = "No line was stated (Law 68C): the worst normal order is taken (Law 70D)."
    assert f" {sentence} " in award_text(worst_line(p, S, ""), 3, p.trump)
    assert "line was stated" not in award_text(worst_line(p, S, "all mine"), 3, p.trump)  # a statement, no line


def test_70C_a_claimer_who_names_the_outstanding_trump_may_lead_trumps_carelessly() -> None:
    """♠AK3 against West's ♠75: unaware of them, South cashes only his high trumps and all three are his; naming the
    ♠7 he is aware of it, so after the ♠A his ♠3 before the ♠K is a careless order (one card over it): two."""
    p = position("H2 D7 H9", "D6 H5 DJ", "S3 SA SK", "S7 HQ S5", lead=S)
    assert law68_71.seed_line(p, S) == 3
    assert law68_71.seed_line(p, S, (C("S7"),)) == 2


def test_70_a_ruffed_card_of_the_suit_led_is_no_discarded_winner() -> None:
    p = position(*STATED, lead=S)
    assert lost_tricks(worst_line(p, S, "cashing the hearts"), p.trump) == ["East ruffs the ♥3 with the ♠2"]


def test_70_a_winner_discarded_on_the_first_trick_of_the_line_is_named() -> None:
    """West cashes the ♦A; North, holding only master clubs, must throw one of them."""
    p = position("CA CK CQ", "D3 D2 H3", "HK H4 C4", "D4 H5", lead=W, played="DA")
    first = lost_tricks(worst_line(p, S, ""), p.trump)[0]
    assert first.startswith("West cashes the ♦A (North discards the ♣") and first.endswith(", a winner)")


def test_70_a_winner_thrown_before_the_claim_is_not_the_lines() -> None:
    """North threw the ♣A on West's ♦A before South claimed: that card is no part of the line adjudicated."""
    p = position("C3 H2", "D3 D2 H3", "HK H4 C4", "D4 H5", lead=W, played="DA CA")
    assert lost_tricks(worst_line(p, S, ""), p.trump)[0] == "West cashes the ♦A"


def test_70_a_discard_an_opponent_can_still_beat_is_no_winner() -> None:
    """3NT: East cashes the ♣8 and North throws the ♦4 — East's ♦K and West's ♦6 are still out, so no winner."""
    p = position("DQ H6 D4", "DK HT C8", "HQ SQ C2", "D2 H2 D6", lead=E, contract="3N")
    assert lost_tricks(worst_line(p, S, ""), p.trump)[0] == "East cashes the ♣8"


def test_70_the_leads_of_a_long_line_are_cut_after_six() -> None:
    runs = ["♣A", "♦A", "♥A", "♠A", "♣K", "♦K", "♥K"]
    assert _listing(runs[:6], 6) == "♣A, ♦A, ♥A, ♠A, ♣K, ♦K"
    assert _listing(runs, 6) == "♣A, ♦A, ♥A, ♠A, ♣K, ♦K, ..."


# ----- the seed's normal cards (law68_71._normal, _choices) ------------------------------------------------------
def test_70_under_partners_sure_winner_the_lowest_card_of_the_suit() -> None:
    p = position("D2 D3", "D4 D5", "CK CQ C3", "C5 D6 D7", lead=N, played="CA C4")
    assert _normal(p, S) == (C("C3"),)


def test_70_void_under_partners_sure_winner_a_loser_goes_not_a_winner() -> None:
    p = position("D3 D4", "D5 D6", "HA D2 S3", "C5 D7 D8", lead=N, played="CA C4")
    assert _normal(p, S) == (C("D2"),)
    assert law68_71._choices(p, S, (), frozenset()) == [(C("D2"), ())]


# ----- Law 68D2(b), Law 71 review ------------------------------------------------------------------------------------
def test_68D2_2017_all_four_may_agree_to_play_on() -> None:
    state = TableState(N, Vulnerability.NONE, play=position(*STATED, lead=S))
    state = apply(state, ClaimMade(S, 3, "all mine"))
    assert state.pending is not None
    options = describe(state.pending, state).options
    assert options[-1] == Option("play-on", "all four players agree to play on", "the claim is void and "
                                          "play continues; the claim statement is not binding (Law 68D2)", "68D2")


MASTERS = ("H2 H3 D2 D3", "HA HK DA DK", "SA SK SQ SJ", "CA CK CQ CJ")  # South holds the four top trumps


def test_69B_agreement_withdrawn_the_score_stands_option() -> None:
    p = position(*MASTERS, lead=E)
    s = apply(TableState(N, Vulnerability.NONE, play=p), ClaimMade(S, 4, "all mine"))
    s = apply(apply(s, Choice("agree", W)), DirectorReview("69B", W))
    assert s.pending is not None
    assert describe(s.pending, s).options == (
        Option("stand", "the score stands", "the agreed claim stands (Law 69A)", "69A"),)


def test_71_conceding_a_master_trump_the_director_cancels_it() -> None:
    p = position(*MASTERS, lead=E)
    before = p.tricks_won(S.side)
    s = apply(TableState(N, Vulnerability.NONE, play=p), ClaimMade(S, 3, "conceding one"))
    s = apply(s, Choice("agree", W))
    s = apply(s, DirectorReview("71", S))
    assert s.pending is not None
    period = ("the Correction Period (Law 79C: 30 minutes after the official score is made available, unless the "
              "Regulating Authority sets another)")
    assert describe(s.pending, s).options == (
        Option("cancel", "cancel the concession", f"within {period}: the 1 trick(s) conceded that could not "
                        "be lost by any normal play go back to North-South; the board is rescored (Law 71)", "71"),
        Option("stand", "the concession stands", "the correction period has ended, or the director finds a "
                        "normal line that loses them: the score stands", "71"))
    s = apply(s, Choice("cancel"))
    reason = "Law 71: the concession of 1 trick(s) that could not be lost by any normal play is cancelled"
    assert s.period.adjustments[-1] == Adjustment("71", before + 4, reason)
    assert s.records[-1] == Record("71", "Tricks entered by the director", S,
                                   f"declarer credited with {before + 4} tricks: {reason}", Edition.L2017)
