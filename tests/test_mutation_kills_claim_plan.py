"""Law 68C, 70D: the card a claim statement's step prescribes at the claimer's turn (``_Search.stated``) against the
cards a normal line would allow without it — the plan's steps that mutation testing of ``claim_lines`` showed no
test pinned.  4♠ by South unless said; South on lead."""

from __future__ import annotations

import pytest

from bridge_director.laws.claim_lines import start_search
from bridge_director.laws.claim_text import read_statement
from test_mutation_kills_play_claims import N, S, choices, position


def cards(found: set[object]) -> list[str]:
    return sorted(str(c) for c in found)


def test_68C_drawing_trumps_leads_the_top_trump() -> None:
    p = position("H3 D2 C2", "S3 HK D5", "SA SK H2", "S2 D3 C3", lead=S)
    assert cards(choices(p, S, "drawing trumps")) == ["SA"]
    assert cards(choices(p, S, "")) == ["H2", "SK"]


def test_68C_at_notrump_drawing_trumps_is_done_at_once_and_the_next_step_leads() -> None:
    p = position("H3 D2 C2", "H5 HK C5", "C4 HA H2", "D4 D3 C3", lead=S, contract="3N")
    assert cards(choices(p, S, "drawing trumps, then cashing the hearts")) == ["HA"]
    assert cards(choices(p, S, "")) == ["C4", "HA"]


def test_68C_cashing_a_suit_leads_its_top_card() -> None:
    p = position("H3 D2 C2", "H5 H6 D5", "HA H2 DA", "D4 D3 C3", lead=S)
    assert cards(choices(p, S, "cashing the hearts")) == ["HA"]
    assert cards(choices(p, S, "")) == ["DA", "HA"]


def test_68C_conceding_a_suit_leads_its_low_card() -> None:
    p = position("H3 D2 C2", "H5 H6 D5", "SA D7 D6", "D4 DK C3", lead=S)
    assert cards(choices(p, S, "conceding a diamond")) == ["D6"]
    assert cards(choices(p, S, "")) == ["D7"]


def test_68C_ruffing_in_dummy_leads_a_low_card_of_the_suit() -> None:
    p = position("S3 D2 H3", "H5 H6 C5", "C2 C3 HA", "D4 DK C4", lead=S)
    assert cards(choices(p, S, "ruffing a club in dummy")) == ["C2"]
    assert cards(choices(p, S, "")) == ["HA"]


def test_68C_finessing_a_card_of_partners_leads_low_towards_it() -> None:
    p = position("DA DQ C2", "H5 H6 D5", "D2 D3 HA", "DK D4 C4", lead=S)
    assert cards(choices(p, S, "finessing the ♦Q")) == ["D2"]
    assert cards(choices(p, S, "")) == ["D3", "HA"]


# East holds the ♥K and the ♠5 (the one trump out); West diamonds and a club; the plan's second step is the ♦A
EAST, WEST = "HK S5 D5", "D3 D4 C6"


@pytest.mark.parametrize(("north", "south", "first", "expected"), [
    ("C2 C3 C4", "H2 DA C5", "cashing the hearts", ["DA"]),  # no master heart left: done
    ("C2 C3 C4", "HA DA C5", "cashing the hearts", ["HA"]),
    ("C2 C3 C4", "S2 DA C5", "conceding a heart", ["DA"]),  # no heart to concede: done
    ("C2 C3 C4", "H2 DA C5", "conceding a heart", ["H2"]),
    ("C2 C3 C4", "S2 DA C5", "finessing in hearts", ["DA"]),  # no heart to finesse with: done
    ("H3 C3 C4", "C2 DA C5", "ruffing a club in dummy", ["DA"]),  # dummy has no trump: done
    ("S3 H3 H4", "C2 DA C5", "ruffing a club in dummy", ["C2"]),
    ("C2 C3 C4", "H2 DA C5", "drawing trumps", ["DA"]),  # no trump on the claimer's side: done
    ("C2 C3 C4", "S2 DA C5", "drawing trumps", ["S2"]),
])
def test_70D_a_step_is_followed_until_it_is_done_then_the_next(north: str, south: str, first: str,
                                                                 expected: list[str]) -> None:
    p = position(north, EAST, south, WEST, lead=S)
    assert cards(choices(p, S, f"{first}, then the ♦A")) == expected


def test_70D_at_notrump_no_card_is_a_trump_to_draw() -> None:
    """Both sides hold spades at notrump: drawing trumps is done at once, the hearts come next."""
    p = position("S3 D2 C2", "S5 HK C5", "C4 HA H2", "D4 D3 C3", lead=S, contract="3N")
    assert cards(choices(p, S, "drawing trumps, then cashing the hearts")) == ["HA"]
    assert cards(choices(p, S, "")) == ["C4", "H2", "HA"]


@pytest.mark.parametrize(("hands", "statement", "expected"), [
    # ruffing a club in dummy: South leads his lowest club (not a card he does not hold)
    (("S3 D2 H3", "H5 H6 C2", "C5 C7 HA", "D4 DK C4"), "ruffing a club in dummy", ["C5"]),
    # a ruff in South's own hand prescribes no lead from South
    (("S3 D2 H3", "H5 H6 C2", "C5 C7 HA", "D4 DK C4"), "ruffing a club in hand", ["C7", "HA"]),
    # South, to ruff clubs in his own hand, does not lead them himself: dummy holds one to lead
    (("C3 H3 H4", "HK H5 D5", "C5 S2 DA", "D3 D4 C6"), "ruffing a club in hand", ["C5", "DA"]),
    # no hand named: dummy, void in clubs with a trump, is the ruffer
    (("S3 D2 H3", "H5 H6 C2", "C5 C7 HA", "D4 DK C4"), "ruffing a club", ["C5"]),
    # no hand named and dummy still holds a club: no ruff to lead for
    (("S3 C3 H3", "H5 H6 C2", "C5 C7 HA", "D4 DK C4"), "ruffing a club", ["C7", "HA"]),
    # finessing dummy's ♦Q: low towards it, though South's ♦K is higher
    (("DQ D5 C2", "H5 H6 C5", "DK D3 HA", "DA D4 C4"), "finessing the ♦Q", ["D3"]),
    # finessing in diamonds with South's ♦K above dummy's ♦Q: nothing to lead towards
    (("DQ D5 C2", "H5 H6 C5", "DK D3 HA", "DA D4 C4"), "finessing in diamonds", ["DK", "HA"]),
    # finessing in diamonds towards dummy's ♦AQ: South's lowest diamond (East holds the deuce)
    (("DA DQ C2", "H5 H6 D2", "D5 D3 HA", "DK D4 C4"), "finessing in diamonds", ["D3"]),
    # no hand named, and dummy can neither follow nor ruff: no ruff to lead for
    (("H3 H4 D2", "HK H5 D5", "C5 C7 DA", "D3 D4 C6"), "ruffing a club", ["C5", "C7", "DA"]),
    # the ♦Q finessed is South's own: nothing to lead towards dummy
    (("D5 D4 C2", "H5 H6 C5", "DQ D3 HA", "DA DK C4"), "finessing the ♦Q", ["HA"]),
    # the ♣2 "finessed" is South's own: nothing to lead towards dummy's ♣A
    (("CA C5 D2", "H5 H6 C6", "C2 C4 HA", "D4 DK C7"), "finessing the ♣2", ["C4", "HA"]),
    # the first card of the deck is a card too
    (("C2 CA D2", "H5 H6 C5", "C3 C4 HA", "D4 DK C6"), "finessing the ♣2", ["C3"]),
])
def test_68C_the_lead_a_ruff_or_a_finesse_prescribes(hands: tuple[str, str, str, str], statement: str,
                                                      expected: list[str]) -> None:
    assert cards(choices(position(*hands, lead=S), S, statement)) == expected


def step_done(hands: tuple[str, str, str, str], statement: str, count: int, contract: str = "4S") -> bool:
    """Whether the statement's first step is done at South's lead, after ``count`` tricks counted towards it."""
    p = position(*hands, lead=S, contract=contract)
    search, start = start_search(p, S, read_statement(statement, p.trump))
    return search.done(0, count, start.hands)


# dummy void in clubs with the ♠3; South holds two clubs and the ♦A
RUFFING = ("S3 H3 H4", "HK S5 D5", "C2 C5 DA", "D3 D4 C6")


@pytest.mark.parametrize(("hands", "statement", "count", "done"), [
    (RUFFING, "ruffing a club in dummy", 0, False),
    (RUFFING, "ruffing a club in dummy", 1, True),
    (RUFFING, "ruffing two clubs in dummy", 1, False),
    (RUFFING, "ruffing two clubs in dummy", 2, True),
    (RUFFING, "conceding a club", 0, False),
    (RUFFING, "conceding a club", 1, True),
    (RUFFING, "finessing in clubs", 0, False),
    (RUFFING, "finessing in clubs", 1, True),
    (RUFFING, "finessing the ♦A", 0, False),  # the card is still the side's
    (("S3 H3 H4", "HK S5 D5", "C2 C5 D2", "D3 DA C6"), "finessing the ♦A", 0, True),  # West holds it
    (("S3 H3 H4", "HK H5 D5", "S2 C5 DA", "D3 D4 C6"), "drawing trumps", 0, True),  # none out
    (("C3 H3 H4", "HK S5 D5", "S2 H5 DA", "D3 D4 C6"), "ruffing a club in dummy", 0, True),  # dummy holds a club
    (("S3 H3 H4", "HK S5 D5", "H2 H5 DA", "D3 D4 C6"), "ruffing a club in dummy", 0, True),  # no club to lead
])
def test_70D_when_a_step_of_the_plan_is_done(hands: tuple[str, str, str, str], statement: str, count: int,
                                             done: bool) -> None:
    assert step_done(hands, statement, count) is done


def test_70D_clubs_as_trumps_are_drawn_too() -> None:
    """4♣: both sides hold clubs, so drawing trumps is not done (clubs are suit number 0)."""
    assert step_done(("C3 H3 H4", "HK C5 D5", "C2 S5 DA", "D3 D4 S6"), "drawing trumps", 0, "4C") is False


def test_68C_dummy_on_lead_does_not_lead_the_suit_it_is_to_ruff() -> None:
    """Ruffing a club in dummy, dummy on lead holding clubs: its lead is a normal one, not a club for South."""
    p = position("C3 C4 H4", "HK H5 D5", "S2 H2 DA", "D3 D4 C6", lead=N)
    assert cards(choices(p, S, "ruffing a club in dummy")) == cards(choices(p, S, "")) == ["C4"]
