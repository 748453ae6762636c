"""The director's proposal for a disputed claim or a concession, word for word (``claim_text.award_text``): what
mutation testing of ``claim_text`` showed no test read whole — the leads of the line (``_how``), each trick lost
and the winner a conceder threw (``lost_tricks``), the careless low lead (70A), the statement's facts (68C, 70C,
70D), the tricks claimed against those taken (70A, 71) and a search cut short.

Spades are trumps (4♠ by South); ``position`` builds the end position, the cards not in it fill the earlier
tricks.
"""

from __future__ import annotations

from bridge_director.laws.claim_lines import worst_line
from bridge_director.laws.claim_text import award_text, lost_tricks
from bridge_director.laws.law68_71 import proposal
from test_mutation_kills_play_claims import C, E, N, S, choices, position

# South: ♠A ♦A2 against East's ♦K; North and West hold clubs only, East ♦K and two hearts (no trump out)
CARELESS = ("C4 C3 C2", "DK H9 H8", "SA DA D2", "C7 C6 C5")
# East-West conceded: North leads the ♣AKQ; East holds the ♠2 ♠3 and the ♦3, which no opponent can beat
CONCEDED = ("CA CK CQ", "S2 S3 D3", "H3 H4 H6", "C3 D2 D4")


def test_70C_unmentioned_trumps_ruff_the_claimers_winners_and_the_award_says_how() -> None:
    p = position("H2 D2 C2", "S3 HK D5", "SA HA H3", "S2 D3 C3", lead=S)
    assert award_text(worst_line(p, S, "all mine"), 3, p.trump) == (
        "South did not mention the outstanding ♠2, ♠3 (Law 70C). On a normal line leading ♥A, West ruffs the ♥A "
        "with the ♠2; East ruffs the ♥3 with the ♠3: North-South take 1 of the 3 tricks, East-West 2 (Law 70C). "
        "North-South claimed 3: East-West get 2 tricks (Law 70A: doubtful points go to the non-claimers). "
        "Proposed award: 1 trick to North-South.")


def test_70A_a_careless_low_lead_loses_a_trick_and_is_named() -> None:
    p = position(*CARELESS, lead=S)
    assert award_text(worst_line(p, S, ""), 3, p.trump) == (
        "No line was stated (Law 68C): the worst normal order is taken (Law 70D). On a normal line leading ♦2, "
        "East wins the ♦2 with the ♦K: North-South take 2 of the 3 tricks, East-West 1 (Law 70D). Leading the ♦2 "
        "before the ♦A is careless, not irrational, while the ♦K is out (Law 70A). North-South claimed 3: "
        "East-West get 1 trick (Law 70A: doubtful points go to the non-claimers). Proposed award: 2 tricks to "
        "North-South.")


def test_70E2_top_down_order_every_normal_line_takes_all() -> None:
    p = position(*CARELESS, lead=S)
    assert award_text(worst_line(p, S, "all mine", top_down=True), 3, p.trump) == (
        "Every normal line takes all 3 tricks for North-South. Proposed award: 3 tricks to North-South.")


def test_71_a_claim_of_fewer_than_every_normal_line_takes_cancels_the_concession() -> None:
    p = position("C4 C3 C2", "D9 D8 D7", "SA SK SQ", "H9 H8 H7", lead=S)
    assert award_text(worst_line(p, S, ""), 1, p.trump) == (
        "No line was stated (Law 68C): the worst normal order is taken (Law 70D). Every normal line takes all 3 "
        "tricks for North-South. North-South claimed 1 but cannot fail to take 3 on any normal line: the "
        "concession of 2 tricks that could not be lost is cancelled (Law 71). Proposed award: 3 tricks to "
        "North-South.")
    assert award_text(worst_line(p, S, ""), 1, p.trump, law71=False) == (
        "No line was stated (Law 68C): the worst normal order is taken (Law 70D). Every normal line takes all 3 "
        "tricks for North-South. Proposed award: 3 tricks to North-South.")


def test_70C_more_than_three_tricks_lost_the_fourth_is_cut_and_discarded_winners_named() -> None:
    p = position("C5 C4 C3 C2", "HA HK HQ HJ", "H5 H4 H3 H2", "D3 D4 D5 D6", lead=S)
    assert award_text(worst_line(p, S, "cashing the hearts"), 1, p.trump) == (
        "The stated line (cashing the hearts) is followed (Law 68C); where it is silent the worst normal order is "
        "taken (Law 70D). On a normal line leading ♥5, East wins the ♥5 with the ♥J (North discards the ♣2, a "
        "winner); East cashes the ♥Q (North discards the ♣3, a winner); East cashes the ♥K (North discards the ♣4, "
        "a winner); ...: North-South take 0 of the 4 tricks, East-West 4 (Law 70D). North-South claimed 1: "
        "East-West get 1 trick (Law 70A: doubtful points go to the non-claimers). Proposed award: 0 tricks to "
        "North-South.")


def test_71_a_conceder_discarding_a_winner_instead_of_ruffing_is_normal() -> None:
    p = position(*CONCEDED, lead=N)
    line = worst_line(p, E, "", concession=True)
    assert award_text(line, 0, p.trump) == (
        "On the conceding side's normal line (careless or inferior play included) leading ♠3, North cashes the ♣Q "
        "(East discards the ♦3, a winner, instead of ruffing): East-West take 2 of the 3 tricks, North-South 1 "
        "(Law 71). East-West claimed 0 but cannot fail to take 2 on any normal line: the concession of 2 tricks "
        "that could not be lost is cancelled (Law 71). No normal line of East-West takes fewer than 2 tricks: a "
        "trick conceded beyond them could not be lost (Law 71).")
    assert award_text(line, 0, p.trump, conceded=1).split(" (Law 71). ")[1] == (
        "East-West claimed 0 but cannot fail to take 1 on any normal line: the concession of 1 trick that could "
        "not be lost is cancelled")
    assert award_text(line, 1, p.trump, conceded=1).split(" (Law 71). ")[1:] == [
        "East-West claimed 1: conceding, they could lose the other 1 by a normal play (careless or inferior "
        "included), so the concession stands",
        "No normal line of East-West takes fewer than 1 trick: a trick conceded beyond them could not be lost "
        "(Law 71)."]


def test_71_the_opponents_lead_throughout() -> None:
    p = position("CA C2 H5", "S2 DA D3", "H3 H4 H6", "C3 D2 D4", lead=N)
    text = award_text(worst_line(p, E, "", concession=True), 0, p.trump)
    assert text.startswith(
        "On the conceding side's normal line (careless or inferior play included) the opponents leading, North "
        "cashes the ♣A (East discards the ♦3, a winner, instead of ruffing); North cashes the ♣2 (East discards "
        "the ♦A, a winner, instead of ruffing): East-West take 1 of the 3 tricks, North-South 2 (Law 71).")


def test_70_a_search_cut_short_says_so_and_for_a_concession_asks_for_a_check() -> None:
    p = position(*CARELESS, lead=S)
    assert award_text(worst_line(p, S, "", budget=3), 3, p.trump) == (
        "No line was stated (Law 68C): the worst normal order is taken (Law 70D). Every normal line takes all 3 "
        "tricks for North-South. (The search stopped after 12 positions: this is the worst line it found.) "
        "Proposed award: 3 tricks to North-South.")
    q = position(*CONCEDED, lead=N)
    assert award_text(worst_line(q, E, "", concession=True, budget=3), 0, q.trump) == (
        "Every normal line takes all 3 tricks for East-West. East-West claimed 0 but cannot fail to take 3 on any "
        "normal line: the concession of 3 tricks that could not be lost is cancelled (Law 71). (The search stopped "
        "after 12 positions: this is the worst line it found. A worse normal line may exist: check it before "
        "cancelling the concession.) No normal line of East-West takes fewer than 3 tricks: a trick conceded "
        "beyond them could not be lost (Law 71).")


def test_70C_the_leads_shown_stop_at_the_first_trick_ruffed_though_the_claimers_win_the_next() -> None:
    """West ruffs the ♦A, then North wins West's club return and leads: the line is shown up to the ruff."""
    p = position("D2 CK C4", "HK D3 C3", "HA SA DA", "S2 C5 C6", lead=S)
    assert award_text(worst_line(p, S, "all mine"), 3, p.trump) == (
        "South did not mention the outstanding ♠2 (Law 70C). On a normal line leading ♦A, West ruffs the ♦A with "
        "the ♠2: North-South take 2 of the 3 tricks, East-West 1 (Law 70C). North-South claimed 3: East-West get "
        "1 trick (Law 70A: doubtful points go to the non-claimers). Proposed award: 2 tricks to North-South.")


def test_70A_the_cards_stated_first_then_the_careless_low_lead_a_suits_run_written_once() -> None:
    """South states ♠A, ♠K, then leads the ♦2 (careless with the ♦A kept): East wins and cashes a heart, on which
    South has only the ♦A left to play."""
    p = position("C2 C3 C4 C5", "DK H9 H8 H7", "SA SK DA D2", "C6 C7 C8 C9", lead=S)
    assert award_text(worst_line(p, S, "SA SK"), 4, p.trump) == (
        "The stated line (♠A, ♠K) is followed (Law 68C); where it is silent the worst normal order is taken (Law "
        "70D). On a normal line leading ♠AK, ♦2, East wins the ♦2 with the ♦K; East cashes the ♥9 (South discards "
        "the ♦A, a winner): North-South take 2 of the 4 tricks, East-West 2 (Law 70D). Leading the ♦2 before the "
        "♦A is careless, not irrational, while the ♦K is out (Law 70A). North-South claimed 4: East-West get 2 "
        "tricks (Law 70A: doubtful points go to the non-claimers). Proposed award: 2 tricks to North-South.")


def test_70D_a_long_line_shows_its_first_six_leads() -> None:
    """3NT: South states seven winners in turn, each of another suit than the one before, then loses the ♠2."""
    p = position("H2 H3 H4 D2 D3 D4 C2 C3", "SK SQ SJ H5 H6 D5 D6 C4", "SA HA DA CA HK DK CK S2",
                 "ST S9 S8 H7 H8 D7 D8 C5", lead=S, contract="3N")
    text = award_text(worst_line(p, S, "SA HA DA CA HK DK CK"), 8, p.trump)
    assert (" On a normal line leading ♠A, ♥A, ♦A, ♣A, ♥K, ♦K, ..., East wins the ♠2 with the ♠K (North discards "
            "the ♥4, a winner): North-South take 7 of the 8 tricks, East-West 1 (Law 70D). ") in text


def test_70C_the_law_is_70C_only_for_a_trick_ruffed_by_a_trump_the_claimer_did_not_mention() -> None:
    """South leads the ♦2 (careless) to East's ♦K: lost to a high card, so Law 70D; when East can also ruff the
    ♦A with the unmentioned ♠2, Law 70C."""
    high_card = position("C2 C3 C4", "S2 DK D9", "SA DA D2", "C6 C7 C8", lead=S)
    assert award_text(worst_line(high_card, S, "all mine"), 3, high_card.trump) == (
        "South did not mention the outstanding ♠2 (Law 70C). On a normal line leading ♦A2, East wins the ♦2 with "
        "the ♦K: North-South take 2 of the 3 tricks, East-West 1 (Law 70D). North-South claimed 3: East-West get "
        "1 trick (Law 70A: doubtful points go to the non-claimers). Proposed award: 2 tricks to North-South.")
    ruffed = position("C2 C3 C4", "S2 DK H9", "SA DA D2", "C6 C7 C8", lead=S)
    assert award_text(worst_line(ruffed, S, "all mine"), 3, ruffed.trump) == (
        "South did not mention the outstanding ♠2 (Law 70C). On a normal line leading ♦2, East wins the ♦2 with "
        "the ♦K; East ruffs the ♦A with the ♠2: North-South take 1 of the 3 tricks, East-West 2 (Law 70C). "
        "Leading the ♦2 before the ♦A is careless, not irrational, while the ♦K is out (Law 70A). North-South "
        "claimed 3: East-West get 2 tricks (Law 70A: doubtful points go to the non-claimers). Proposed award: 1 "
        "trick to North-South.")


def test_71_a_winner_thrown_by_the_second_conceder_after_a_discard_the_opponents_can_beat() -> None:
    """North cashes clubs; East throws diamonds South's ♦K beats, West throws hearts no one can beat."""
    p = position("CA CK CQ", "D3 D4 D5", "C2 C3 DK", "S2 HA H5", lead=N)
    assert lost_tricks(worst_line(p, E, "", concession=True), p.trump) == [
        "North cashes the ♣Q (West discards the ♥5, a winner, instead of ruffing)",
        "North cashes the ♣K (West discards the ♥A, a winner, instead of ruffing)"]


def test_70D_three_tricks_lost_are_all_shown() -> None:
    p = position("C4 C3 C2", "HK HQ HJ", "H4 H3 H2", "D4 D5 D6", lead=S)
    assert (" On a normal line leading ♥4, East wins the ♥4 with the ♥J (North discards the ♣2, a winner); East "
            "cashes the ♥Q (North discards the ♣3, a winner); East cashes the ♥K (North discards the ♣4, a winner): "
            "North-South take 0 of the 3 tricks, East-West 3 (Law 70D). ") in award_text(
        worst_line(p, S, "cashing the hearts"), 1, p.trump)


def test_71_a_conceders_careless_low_lead_is_named_under_law_71() -> None:
    p = position(*CARELESS, lead=S)
    assert award_text(worst_line(p, S, "", concession=True), 1, p.trump) == (
        "On the conceding side's normal line (careless or inferior play included) leading ♦2, East wins the ♦2 "
        "with the ♦K; East cashes the ♥8 (South discards the ♦A, a winner, instead of ruffing): North-South take 1 "
        "of the 3 tricks, East-West 2 (Law 71). Leading the ♦2 before the ♦A is careless, not irrational, while "
        "the ♦K is out (Law 71). No normal line of North-South takes fewer than 1 trick: a trick conceded beyond "
        "them could not be lost (Law 71).")


def test_70A_a_low_card_led_before_the_claim_is_not_the_lines_careless_lead() -> None:
    """South led the ♦2 and then claimed: the trick lost to the ♦K is the line's, the lead is not."""
    p = position("C4 C3 C2", "DK H9 H8", "SA DA", "C7 C6 C5", lead=S, played="D2")
    assert award_text(worst_line(p, S, ""), 3, p.trump) == (
        "No line was stated (Law 68C): the worst normal order is taken (Law 70D). On a normal line leading ♦2, "
        "East wins the ♦2 with the ♦K: North-South take 2 of the 3 tricks, East-West 1 (Law 70D). North-South "
        "claimed 3: East-West get 1 trick (Law 70A: doubtful points go to the non-claimers). Proposed award: 2 "
        "tricks to North-South.")


def test_70A_a_low_lead_is_careless_only_if_the_card_kept_would_have_won_the_trick() -> None:
    """♦Q2 against East's ♦K: leading the ♦Q first loses to the ♦K as well, so the ♦2 led is no careless order."""
    p = position("C2 C3 C4", "DK H9 H8", "SA DQ D2", "C5 C6 C7", lead=S)
    assert award_text(worst_line(p, S, "D2"), 3, p.trump) == (
        "The stated line (♦2) is followed (Law 68C); where it is silent the worst normal order is taken (Law 70D). "
        "On a normal line leading ♦2, East wins the ♦2 with the ♦K: North-South take 2 of the 3 tricks, East-West "
        "1 (Law 70D). North-South claimed 3: East-West get 1 trick (Law 70A: doubtful points go to the "
        "non-claimers). Proposed award: 2 tricks to North-South.")


def test_70A_a_careless_lead_after_a_trick_the_opponents_led() -> None:
    """East leads a heart, South ruffs and leads the ♦2 from ♦A2: careless, named though East led first."""
    p = position("C2 C3 C4", "H9 DK H8", "SA DA D2", "C5 C6 C7", lead=E)
    assert award_text(worst_line(p, S, ""), 3, p.trump) == (
        "No line was stated (Law 68C): the worst normal order is taken (Law 70D). On a normal line leading ♦2, East "
        "wins the ♦2 with the ♦K; East cashes the ♥9 (South discards the ♦A, a winner): North-South take 1 of the "
        "3 tricks, East-West 2 (Law 70D). Leading the ♦2 before the ♦A is careless, not irrational, while the ♦K "
        "is out (Law 70A). North-South claimed 3: East-West get 2 tricks (Law 70A: doubtful points go to the "
        "non-claimers). Proposed award: 1 trick to North-South.")


def test_68C_conceding_a_suit_leads_its_lowest_card() -> None:
    p = position(*CARELESS, lead=S)
    assert choices(p, S, "conceding a diamond") == {C("D2")}
    assert choices(p, S, "") == {C("D2"), C("DA")}


def test_71_a_conceders_line_reads_no_statement_and_knows_every_trump() -> None:
    p = position(*CARELESS, lead=S)
    conceded = proposal(p, S, "drawing trumps", any_line=True)
    assert (conceded.plan.statement, conceded.plan.steps, conceded.plan.mentions_trumps) == ("", (), True)
    assert conceded.concession is True and conceded.tricks == 1
    claimed = proposal(p, S, "drawing trumps")
    assert claimed.concession is False and claimed.plan.statement == "drawing trumps" and claimed.tricks == 2
