"""Laws 68-71, the parts of the claim search (``claim_lines``) that mutation testing showed no test pinned: the card a
step of the statement prescribes (the ruff with the trump that wins, the finesse card, no card thrown on partner's
named winner), how a trick counts towards a step and when the next step begins, the suits shown out of and the suit
being run after each card, the search's settings, the equal cards, the double-dummy oracles (and the remedy named
when endplay is missing), the order of the statement's clauses and the award's words where a trick is ruffed.

End positions are built by hand (``position``: 4♠ by South unless said; the cards not in the position fill the
earlier tricks).  Card indexes: suit * 13 + rank - 2, clubs first.
"""

from __future__ import annotations

import sys

import pytest

from bridge_director.errors import BridgeError
from bridge_director.laws.claim_lines import (
    EndplayOracle,
    Oracle,
    PythonOracle,
    State,
    _position,
    _Search,
    canon,
    card_at,
    index,
    oracle_for,
    start_search,
    worst_line,
)
from bridge_director.laws.claim_text import Action, Step, award_text, read_statement
from bridge_director.model import Contract, Deal, Play, Seat
from test_mutation_kills_play_claims import C, E, N, S, W, node, position

SPADES, CLUBS, NO_TRUMP = 3, 0, -1


def search_at(play: Play, statement: str = "", claimer: Seat = S, **options: object) -> tuple[_Search, State]:
    """The search of ``claimer``'s worst normal line following ``statement``, and its first state."""
    return start_search(play, claimer, read_statement(statement, play.trump), **options)  # type: ignore[arg-type]


def options(play: Play, statement: str = "", claimer: Seat = S, **settings: object) -> list[str]:
    """The claimer's side's cards at this turn on a normal line following ``statement``; nobody has shown out (the
    tricks ``position`` fills in are no part of the position)."""
    search, st = search_at(play, statement, claimer, **settings)
    return sorted(str(card_at(c)) for c in search.choices(st._replace(shown=0)))


def bit(card: str) -> int:
    return 1 << index(C(card))


def shown_bit(seat: Seat, suit: int) -> int:
    return 1 << (int(seat) * 4 + suit)


def after(search: _Search, st: State, *played: str) -> State:
    """The state after ``played`` (the cards in turn from ``st``)."""
    for card in played:
        st = search.play(st, index(C(card)))[1]
    return st


# ----- 68C, 70D: the card a step of the statement prescribes (``_Search.stated``) ---------------------------------
def test_68C_a_stated_ruff_takes_the_lowest_trump_that_beats_an_opponents_ruff() -> None:
    """West leads a club, North follows, East ruffs with the ♠5: "ruffing a club in hand" binds South to overruff
    with the ♠8, not to underruff with the ♠3 (the ruff is to win the trick)."""
    p = position("C3 H4", "H5 H6", "S3 S8 H2", "D6 D7", lead=W, played="C6 C7 S5")
    assert options(p, "ruffing a club in hand") == ["S8"]


def test_68C_a_stated_ruff_that_cannot_win_the_trick_is_made_with_the_lowest_trump() -> None:
    """East ruffs with the ♠K, above South's ♠8 and ♠3: the stated ruff is the ♠3 (not a heart)."""
    p = position("C3 H5", "H6 H7", "S3 S8 H4", "D6 D7", lead=W, played="C6 C7 SK")
    assert options(p, "ruffing a club in hand") == ["S3"]


def test_68C_a_stated_ruff_binds_no_hand_that_can_follow_suit() -> None:
    """South still holds a club: "ruffing a club in hand" prescribes nothing, South follows with it."""
    p = position("C3 H4", "H5 H6", "C9 S3 H2", "D6 D7", lead=W, played="C6 C7 C8")
    assert options(p, "ruffing a club in hand") == ["C9"]


def test_68C_a_stated_ruff_does_not_take_partners_sure_winner() -> None:
    """North's ♣A wins the trick for certain: South, to ruff clubs in hand, discards his heart loser instead (the ♦9
    is a winner)."""
    p = position("C3 H4", "H5 H6", "S3 H2 D9", "C6 D6 D7", lead=N, played="CA C5")
    assert options(p, "ruffing a club in hand") == ["H2"]


def test_70E_a_ruff_step_in_third_seat_holding_the_suit_is_an_ordinary_play() -> None:
    """North leads the ♣3, East plays the ♣5; South holds ♣Q2 (West the ♣K): the ruff step says nothing about a
    club followed, so South plays high or low as any normal line would (70E: no unstated finesse)."""
    p = position("C4 H4", "H5 H6", "CQ C2 S3", "CK D6 D7", lead=N, played="C3 C5")
    assert options(p, "ruffing a club in hand") == ["C2", "CQ"]
    assert options(p, "") == ["C2", "CQ"]


def test_68C_a_stated_finesse_in_a_suit_takes_the_lowest_card_that_beats_the_trick() -> None:
    """North leads the ♦2, East plays the ♦3; South holds ♦AQ, West the ♦K: the stated finesse is the ♦Q."""
    p = position("D5 H4", "H5 H6", "DQ DA S3", "DK D6 D7", lead=N, played="D2 D3")
    assert options(p, "finessing in diamonds") == ["DQ"]
    assert options(p, "") == ["DA"]


def test_68C_a_stated_finesse_of_partners_card_prescribes_nothing_to_the_third_hand() -> None:
    """"finessing the ♦Q", the ♦Q being North's: South, third to the ♦2 and ♦T, plays as a normal line would,
    the ♦A (a master) rather than the ♦J (West holds the ♦K)."""
    p = position("DQ H4", "H5 H6", "DJ DA S3", "DK D6 D7", lead=N, played="D2 DT")
    assert options(p, "finessing the ♦Q") == ["DA"]


def test_68C_a_stated_finesse_is_not_taken_in_second_seat() -> None:
    """East leads the ♦8: a finesse is taken from third seat; second hand plays high or low."""
    p = position("C2 C3 C4", "H5 H6", "DQ DA D2", "DK D6 D7", lead=E, played="D8")
    assert options(p, "finessing in diamonds") == ["D2", "DA"]


def test_68C_a_named_card_is_not_thrown_on_partners_named_winner() -> None:
    """"♥A, ♥K": West leads the ♥3, North wins with the ♥A (named), East follows: South, last, keeps the ♥K and
    plays the ♥5."""
    p = position("C2 D2", "C3 D3", "HK H5 D5", "C4 D4", lead=W, played="H3 HA H6")
    assert options(p, "♥A, ♥K") == ["H5"]


def test_68C_a_named_low_card_is_not_thrown_on_partners_named_winner() -> None:
    """"♥A, ♥3": on North's named ♥A South plays his lowest heart, the ♥2, not the ♥3 he named next."""
    p = position("C2 D2", "C3 D3", "H3 H2 D5", "C4 D4", lead=W, played="H5 HA H6")
    assert options(p, "♥A, ♥3") == ["H2"]


def test_68C_a_named_card_is_not_thrown_on_partners_lead_when_second_hand_shows_out() -> None:
    """North leads his named ♥A, East discards a club: South, "♥A, ♥K", plays the ♥5 under it (the suit is the suit
    led, not the suit of the card second hand played)."""
    p = position("C2 D2", "C3 D3", "HK H5 D5", "C4 D4 D6", lead=N, played="HA C9")
    assert options(p, "♥A, ♥K") == ["H5"]


def test_68C_a_named_card_is_played_on_partners_card_the_statement_did_not_name() -> None:
    """"♣A": North leads the ♣2 (not named), East the ♣5: South plays the ♣A he named."""
    p = position("C3 D2", "C4 D3", "CA CK D5", "CQ D4 D6", lead=N, played="C2 C5")
    assert options(p, "♣A") == ["CA"]
    assert options(p, "") == ["CK"]


def test_68C_drawing_clubs_as_trumps_leads_the_top_club() -> None:
    """4♣: "drawing trumps" leads South's ♣K, not the ♥A a normal line could lead too."""
    p = position("H2 H3 D2", "C5 H5 D5", "CK C4 HA", "D3 D4 D6", lead=S, contract="4C")
    assert options(p, "drawing trumps") == ["CK"]
    assert options(p, "") == ["CK", "HA"]


# ----- 70D: how a trick counts towards the current step, and when the next begins ---------------------------------
RUFF_TWO = "ruffing two hearts in dummy"


def step_after(hands: tuple[str, str, str, str], lead: Seat, played: str, last: str, statement: str) -> tuple[int, int]:
    """The plan's step and how often it has been done, after ``last`` completes the trick ``played`` begun."""
    p = position(*hands, lead=lead, played=played)
    search, st = search_at(p, statement)
    assert (st.step, st.times) == (0, 0)
    done = after(search, st, last)
    return done.step, done.times


def test_70D_a_heart_ruffed_in_dummy_counts_once_towards_two_ruffs() -> None:
    """South leads the ♥3, West discards, North ruffs with the ♠3, East follows: one of the two ruffs is done, the
    step stays (North keeps the ♠4, South the ♥5)."""
    hands = ("S4 D2", "H9 C9 C8", "H5 DA", "D7 C6")
    assert step_after(hands, S, "H3 D6 S3", "H9", RUFF_TWO) == (0, 1)


def test_70D_a_trick_of_another_suit_does_not_count_towards_a_ruff() -> None:
    """South cashes the ♦A: no heart led, nothing towards "ruffing two hearts in dummy"."""
    hands = ("S3 S4", "H9 C9 C8", "H3 H5", "D6 C6")
    assert step_after(hands, S, "DA D7 D2", "C9", RUFF_TWO) == (0, 0)


def test_70D_a_heart_ruffed_by_an_opponent_does_not_count_towards_dummys_ruffs() -> None:
    """North discards instead of ruffing and East ruffs: no ruff of the claimer's side."""
    hands = ("S3 S4", "S9 C9 C8", "H5 DA", "D7 C6")
    assert step_after(hands, S, "H3 D6 D2", "S9", RUFF_TWO) == (0, 0)


def test_70D_a_heart_led_by_the_claimer_counts_towards_a_concession() -> None:
    """South leads the ♥3 and East wins with the ♥9: one of the two hearts conceded."""
    hands = ("H8 D2", "H9 HJ C9", "H5 DA", "H6 C6")
    assert step_after(hands, S, "H3 H4 H7", "H9", "conceding two hearts") == (0, 1)


def test_70D_a_heart_led_by_the_opponents_does_not_count_towards_a_concession() -> None:
    """West leads the hearts: the claimer conceded nothing by leading them."""
    hands = ("H8 D2", "HJ C9", "H3 H5 DA", "H6 C6")
    assert step_after(hands, W, "H4 H7 H9", "H3", "conceding two hearts") == (0, 0)


def test_70D_with_nothing_stated_no_trick_counts() -> None:
    """No step, so no trick counts towards one (the count stays 0)."""
    hands = ("S3 S4", "H9 C9 C8", "H3 H5", "D6 C6")
    assert step_after(hands, S, "DA D7 D2", "C9", "") == (0, 0)


def test_70D_the_step_after_one_done_at_once_begins_uncounted() -> None:
    """No trump on the claimer's side: drawing trumps is done at once, and the heart to concede is the next step,
    none of it done yet: South leads his ♥2."""
    p = position("C2 C3 C4", "HK S5 D5", "H2 DA C5", "D3 D4 C6", lead=S)
    _search, st = search_at(p, "drawing trumps, then conceding a heart")
    assert (st.step, st.times) == (1, 0)
    assert options(p, "drawing trumps, then conceding a heart") == ["H2"]


# ----- the suits shown out of, and the suit being run (guideline A) ------------------------------------------------
def test_70E_a_discard_marks_its_player_shown_out_of_the_suit_led_and_a_card_followed_does_not() -> None:
    """West leads the ♥3, North follows with the ♥2, East with the ♥9; South discards the ♣4 and has shown out of
    hearts (bit seat * 4 + suit); East's earlier show-out of clubs stays."""
    p = position("H2 D2", "H9 D3", "C4 D5", "D4", lead=W, played="H3")
    search, st = search_at(p)
    st = st._replace(shown=shown_bit(E, 0))
    followed = after(search, st, "H2", "H9")
    assert followed.shown == st.shown
    assert after(search, followed, "C4").shown == st.shown | shown_bit(S, 2)


def test_70E_no_card_played_no_one_has_shown_out() -> None:
    """Before the opening lead the position records no show-out (70E: a player known void)."""
    deal = Deal.from_pbn("N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654")
    assert _position(Play.start(deal, Contract.parse("4S", S)))[3] == 0


def test_70_guideline_A_a_suit_led_and_won_by_the_claimers_side_is_the_suit_run() -> None:
    """South leads the ♥3, West discards, North wins with the ♥A: hearts are being run; in the middle of a trick the
    run stays as it was (none: -1); a trick the opponents win ends it."""
    p = position("HA D2", "H5 D3", "H3 D5", "C6 DA", lead=S)
    search, st = search_at(p)
    assert st.run == -1
    assert after(search, st, "H3").run == -1
    won = after(search, st, "H3", "C6", "HA", "H5")
    assert (won.leader, won.run) == (int(N), 2)
    lost = after(search, won, "D2", "D3", "D5", "DA")
    assert (lost.leader, lost.run) == (int(W), -1)


# ----- 70A: equal cards and the cards above one -------------------------------------------------------------------
@pytest.mark.parametrize(("card", "hand", "live", "expected"), [
    ("D3", "D2 D3", "", "D2"),  # down to the lowest card of the suit (not of the suit below)
    ("C3", "C2 C3", "C4", "C2"),  # the ♣2, bit 0, is a card too; the ♣4 above does not matter
    ("C4", "C2 C3 C4", "", "C2"),  # every card between, one by one
    ("C4", "C2 C4", "", "C2"),  # the ♣3 is gone: the ♣2 is equal
    ("C4", "C2 C4", "C3", "C4"),  # the ♣3 is still out: nothing equal below
    ("D5", "D3 D5", "D2", "D3"),  # the ♦4 gone, the ♦2 out
])
def test_70A_the_lowest_card_of_a_hand_equal_to_a_card(card: str, hand: str, live: str, expected: str) -> None:
    """70A, 70E: among a hand's equal cards (nothing out between them) one is tried: the lowest."""

    def mask(text: str) -> int:
        return sum(1 << index(C(x)) for x in text.split())
    assert card_at(canon(index(C(card)), mask(hand), mask(hand) | mask(live))) == C(expected)


def test_70A_a_low_club_led_first_is_careless_with_one_club_out_above_it() -> None:
    """South's ♣A3 against West's ♣K and East's ♣2: only the ♣K beats the ♣3, so leading the ♣3 first is careless
    (the ♣2 below it does not count)."""
    p = position("D2 D3 D4", "C2 H5 H6", "CA C3 HA", "CK D6 D7", lead=S)
    assert options(p) == ["C3", "CA", "HA"]


# ----- 70C: the claimer's awareness of trumps; the settings of the search -------------------------------------------
def test_70C_at_notrump_no_trump_is_outstanding_so_the_claimer_is_aware() -> None:
    """70C speaks of outstanding trumps; at notrump there is none, so the claimer is not unaware of one."""
    p = position("D2 D3 D4", "C2 H5 H6", "CA C3 HA", "CK D6 D7", lead=S, contract="3N")
    assert worst_line(p, S, "").aware is True


def test_70C_guideline_C_clubs_as_trumps_the_unaware_claimer_may_lead_his_high_trump() -> None:
    """4♣, East's ♣5 out and not mentioned: the ♣K (a high trump) may be led as a safety check."""
    p = position("H2 H3 D2", "C5 H5 D5", "CK C4 HA", "D3 D4 D6", lead=S, contract="4C")
    assert options(p) == ["CK", "HA"]
    search, _st = search_at(p)
    assert search.high_trumps == bit("CQ") | bit("CK") | bit("CA")


def test_68C_the_plans_named_cards_are_kept_apart_in_the_memo() -> None:
    """The cards the statement names are not renumbered among equal cards (the plan binds that card)."""
    p = position("D2 D3 D4", "C2 H5 H6", "CA C3 HA", "CK D6 D7", lead=S)
    search, _st = search_at(p, "♥A, then ♦4")
    assert search.planned == bit("HA") | bit("D4")


def test_71_a_search_is_a_claim_unless_told_it_is_a_concession() -> None:
    """♦AK2 against East's ♦QJ: a claimer counted both, so the ♦2 led first is not normal; a side that conceded
    may lead it (Law 71)."""
    p = position("H4 H3 H2", "DQ DJ HA", "DA DK D2", "C4 C3 C2", lead=S)
    search, st = start_search(p, S, read_statement("", p.trump))
    assert search.concession is False
    assert sorted(str(card_at(c)) for c in search.choices(st)) == ["DA"]
    assert options(p, concession=True) == ["D2", "DA"]


class Factory:
    """An oracle factory that records what it is asked for."""

    def __init__(self) -> None:
        self.asked: list[tuple[int, int]] = []
        self.made: list[Oracle] = []

    def __call__(self, trump: int, left: int) -> Oracle:
        self.asked.append((trump, left))
        self.made.append(PythonOracle(trump))
        return self.made[-1]


SEVEN = ("C2 C3 C4 C5 C6 C7 C8", "D2 D3 D4 D5 D6 D7 D8", "H2 H3 H4 H5 H6 H7 H8", "S2 S3 S4 S5 S6 S7 S8")


@pytest.mark.parametrize(("hands", "every", "expected"), [
    (SEVEN, None, 3),  # seven tricks left: every normal card from three tricks left (NEAR)
    (tuple(" ".join(h.split()[:5]) for h in SEVEN), None, 5),  # five or fewer: throughout
    (tuple(" ".join(h.split()[:4]) for h in SEVEN), None, 4),
    (tuple(" ".join(h.split()[:4]) for h in SEVEN), 1, 1),  # as asked
])
def test_70_the_tricks_left_from_which_every_normal_card_is_tried(hands: tuple[str, str, str, str], every: int | None,
                                                                   expected: int) -> None:
    """Law 70's worst line is searched with every normal card where it matters most: near the end."""
    p = position(*hands, lead=S)
    factory = Factory()
    search, _st = start_search(p, S, read_statement("", p.trump), oracle_factory=factory, every=every)
    assert search.every == expected
    assert factory.asked == [(SPADES, len(hands[0].split()))]


def test_70_at_notrump_the_oracle_is_asked_for_no_trump() -> None:
    """The double-dummy oracle's strain: -1 at notrump."""
    p = position("D2 D3 D4", "C2 H5 H6", "CA C3 HA", "CK D6 D7", lead=S, contract="3N")
    factory = Factory()
    search, _st = start_search(p, S, read_statement("", p.trump), oracle_factory=factory)
    assert factory.asked == [(NO_TRUMP, 3)] and search.trump == NO_TRUMP


# ----- worst_line: its arguments reach the search -------------------------------------------------------------------
CARELESS = ("C4 C3 C2", "DK H9 H8", "SA DA D2", "C7 C6 C5")


def test_68C_no_statement_is_a_plan_with_nothing_stated() -> None:
    """``worst_line`` without a plan: no statement at all (68C), said in the award."""
    p = position(*CARELESS, lead=S)
    line = worst_line(p, S)
    assert line.plan.statement == "" and not line.plan.stated
    assert award_text(line, 3, p.trump).startswith("No line was stated (Law 68C)")


def test_68C_the_statement_is_read_with_the_trump_suit() -> None:
    """4♠: "cashing the spades" is drawing trumps, and speaks of them (70C)."""
    p = position("H2 D2 C2", "S3 HK D5", "SA SK H3", "S2 D3 C3", lead=S)
    line = worst_line(p, S, "cashing the spades")
    assert line.plan.steps == (Step(Action.DRAW),) and line.aware


def test_70_the_oracle_factory_and_the_tricks_from_which_every_card_is_tried_are_the_callers() -> None:
    """Asked to try every normal card only from no trick left, the search sorts South's three leads by the
    oracle's values (one question); by default, three tricks left, it asks none."""
    p = position(*CARELESS, lead=S)
    factory = Factory()
    line = worst_line(p, S, "", factory, every=0)
    assert factory.asked == [(SPADES, 3)]
    assert line.dd_calls == factory.made[0].calls == 1
    assert (line.tricks, worst_line(p, S, "", factory).dd_calls) == (2, 0)


def test_70_a_finished_play_leaves_no_trick() -> None:
    """After the thirteenth trick no trick is left to award."""
    deal = Deal.from_pbn("N:432.AKQ2.5432.32 5.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 876.7654.876.654")
    play = Play.start(deal, Contract.parse("4S", S))
    while not play.finished:
        play = play.add(play.legal_cards()[0])
    line = worst_line(play, S)
    assert (line.tricks, line.left, line.tricks_played) == (0, 0, ())


# ----- the double-dummy oracles ----------------------------------------------------------------------------------
def test_70_without_endplay_five_tricks_are_solved_here_and_six_name_the_remedy(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Endplay missing (its import fails): the Python solver for five tricks, a ``BridgeError`` naming the remedy
    for six."""
    monkeypatch.setitem(sys.modules, "endplay", None)
    small = oracle_for(SPADES, 5)
    assert type(small) is PythonOracle and small.trump == SPADES
    with pytest.raises(BridgeError) as refused:
        oracle_for(SPADES, 6)
    assert refused.value.message == ("the worst normal line of 6 tricks needs endplay: "
                                     "pip install 'bridge-director[dd]'")
    assert refused.value.law == "70"


def test_70_the_oracle_counts_each_position_it_solves() -> None:
    """Two positions asked, one of them twice: two solves (the second answer is remembered)."""
    oracle = PythonOracle(SPADES)
    first = node(position("C2 H3 D2", "HK D5", "H2 HA DA", "D3 D4 C6", lead=E, played="HQ"))
    second = node(position("H2 D2 C2", "S3 HK D5", "SA HA H3", "S2 D3 C3", lead=S))
    oracle.values(first)
    oracle.values(second)
    oracle.values(first)
    assert oracle.calls == 2


@pytest.mark.parametrize(("hands", "lead", "played", "contract", "expected"), [
    # East led the ♥3; South's ♥K and ♥8 are equal only while North's cards count as still out
    (("D2 S6 SJ", "S9 ST", "C3 H8 HK", "C5 H2 SA"), E, "H3", "4S", {"H8": 2, "HK": 2}),
    # North led the ♥9, East the ♥Q: South's diamonds are told apart by West's and South's own cards
    (("H7 S7", "C4 CK", "C7 D4 DJ", "C3 H6 HA"), N, "H9 HQ", "3N", {"C7": 0, "D4": 0, "DJ": 0}),
    # North led the ♣5: East's ♣9 takes every trick, North's ♦3 splitting his ♦2 and ♦7
    (("D3 S4", "C9 D2 D7", "H2 H5 S6", "C3 CQ H4"), N, "C5", "3N", {"C9": 3}),
])
def test_70_the_python_solver_tells_cards_apart_by_every_card_still_out(
        hands: tuple[str, str, str, str], lead: Seat, played: str, contract: str, expected: dict[str, int]) -> None:
    """Law 70's double-dummy defence: cards are equal only when no card still out (in any hand, or on the trick)
    lies between them."""
    at = node(position(*hands, lead=lead, played=played, contract=contract))
    trump = NO_TRUMP if contract.endswith("N") else SPADES
    assert {str(card_at(c)): v for c, v in PythonOracle(trump).values(at).items()} == expected


def test_70_endplay_with_clubs_as_trumps() -> None:
    """4♣: South's ♣A draws East's ♣3 and West's ♣2 — three tricks; a heart first lets a club ruff."""
    pytest.importorskip("endplay")
    at = node(position("H2 D2 S2", "C3 HK D5", "CA HA H3", "C2 D3 S3", lead=S, contract="4C"))
    assert {str(card_at(c)): v for c, v in EndplayOracle(CLUBS).values(at).items()} == {"CA": 3, "HA": 1, "H3": 1}


def test_70_endplay_values_a_single_card_at_its_tricks() -> None:
    """East led the ♥Q; South's only heart is the ♥2: it is valued (two tricks), not marked as forced."""
    pytest.importorskip("endplay")
    at = node(position("C2 H3 D2", "HK D5", "H2 SA DA", "D3 D4 C6", lead=E, played="HQ"))
    assert {str(card_at(c)): v for c, v in EndplayOracle(SPADES).values(at).items()} == {"H2": 2}


def test_70_endplay_answers_with_a_single_solver_thread() -> None:
    """On a one-core machine DDS runs one thread, number 0: the oracle still answers."""
    dds = pytest.importorskip("endplay._dds")
    at = node(position("C2 H3 D2", "HK D5", "H2 HA DA", "D3 D4 C6", lead=E, played="HQ"))
    dds.SetMaxThreads(1)
    try:
        values = EndplayOracle(SPADES).values(at)
    finally:
        dds.SetMaxThreads(0)
    assert {str(card_at(c)): v for c, v in values.items()} == {"H2": 2, "HA": 2}


def test_70_endplay_solves_each_strain_afresh() -> None:
    """The same six-card ending in four strains, one after the other: no strain's answers leak into the next."""
    pytest.importorskip("endplay")
    at = node(position("C6 C9 D5 H7 HQ SJ", "C8 D2 DK H4 H6 S4", "C2 C3 H3 S5 S8 S9", "CQ D3 D6 HT HJ S3",
                       lead=N))
    expected = {
        SPADES: {"SJ": 5, "C6": 5, "C9": 5, "HQ": 5, "D5": 5, "H7": 4},
        NO_TRUMP: {"SJ": 3, "C6": 3, "C9": 3, "HQ": 2, "D5": 2, "H7": 2},
        2: {"SJ": 4, "D5": 3, "C6": 2, "C9": 2, "HQ": 2, "H7": 2},
        CLUBS: {"SJ": 5, "HQ": 5, "D5": 5, "C6": 4, "C9": 4, "H7": 4},
    }
    for trump, values in expected.items():
        assert {str(card_at(c)): v for c, v in EndplayOracle(trump).values(at).items()} == values


# ----- 68C: the order of the statement's clauses -------------------------------------------------------------------
@pytest.mark.parametrize(("statement", "expected"), [
    ("cashing the hearts, after drawing trumps", ["drawing trumps", "cashing the hearts"]),
    ("cashing the hearts, cashing the clubs, after drawing trumps",
     ["cashing the hearts", "drawing trumps", "cashing the clubs"]),
    ("drawing trumps after cashing the hearts after West shows out", ["cashing the hearts", "drawing trumps"]),
    ("cashing the hearts after ruffing a club after conceding a diamond",
     ["conceding a diamond", "ruffing a club", "cashing the hearts"]),  # each "after" puts its clause first
    ("♥A ♥K ♥A ♦2", ["♥A", "♥K", "♦2"]),  # a card named again is not a step again; the cards after it are
])
def test_68C_the_clauses_in_the_order_of_play(statement: str, expected: list[str]) -> None:
    """68C: the statement's line in the order stated; "after" puts its clause first, clause by clause."""
    assert [s.words() for s in read_statement(statement, C("S2").suit).steps] == expected


def test_68C_no_statement_says_nothing_of_trumps() -> None:
    """70C: an empty statement does not mention trumps (False, not merely falsy)."""
    assert read_statement("", C("S2").suit).mentions_trumps is False


# ----- 70A, 70C: the award's words where a trick is ruffed ---------------------------------------------------------
def test_70C_a_trick_partner_ruffed_is_no_careless_lead_and_a_trick_lost_to_a_ruff_is_70C() -> None:
    """4♥: South leads the ♣8, West's ♣9 is ruffed by North (the claimer's side wins it: no careless lead, though the
    ♣Q is kept); North's ♠6 is ruffed by East's ♥5, which South did not mention (Law 70C, not 70D)."""
    p = position("S6 H8 D9", "DQ C6 H5", "DK C8 CQ", "D4 C9 S2", lead=S, contract="4H")
    line = worst_line(p, S, "")
    assert [str(t) for t in line.tricks_played] == ["S: C8 C9 H8 C6", "N: S6 H5 DK S2", "E: DQ CQ D4 D9"]
    assert award_text(line, 3, p.trump) == (
        "South did not mention the outstanding ♥5 (Law 70C). No line was stated (Law 68C): the worst normal order is "
        "taken (Law 70D). On a normal line leading ♣8, ♠6, East ruffs the ♠6 with the ♥5 (South discards the ♦K, a "
        "winner); East cashes the ♦Q (South discards the ♣Q, a winner): North-South take 1 of the 3 tricks, East-West "
        "2 (Law 70C). North-South claimed 3: East-West get 2 tricks (Law 70A: doubtful points go to the "
        "non-claimers). Proposed award: 1 trick to North-South.")


def test_70C_a_winner_of_the_claimers_ruffed_by_an_unmentioned_trump_is_lost_under_70C() -> None:
    """4♣: North overtakes South's ♦Q with the ♦A, East ruffs it with the ♣5 South did not mention: the trick is lost
    to a trump (Law 70C), though the ♦A is the highest diamond."""
    p = position("D9 CJ DA", "S4 C5 C6", "HT C8 DQ", "HK ST H8", lead=S, contract="4C")
    line = worst_line(p, S, "")
    assert [str(t) for t in line.tricks_played] == ["S: DQ H8 DA C5", "E: C6 C8 HK CJ", "N: D9 S4 HT ST"]
    assert award_text(line, 3, p.trump) == (
        "South did not mention the outstanding ♣6, ♣5 (Law 70C). No line was stated (Law 68C): the worst normal order "
        "is taken (Law 70D). On a normal line leading ♦Q, East ruffs the ♦A with the ♣5: North-South take 2 of the 3 "
        "tricks, East-West 1 (Law 70C). North-South claimed 3: East-West get 1 trick (Law 70A: doubtful points go to "
        "the non-claimers). Proposed award: 2 tricks to North-South.")
