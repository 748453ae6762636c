"""Laws 70 and 71: the normal cards of the claimer's side at each turn (``claim_lines._Search``: ``normal``, ``leads``,
``careless_low``, ``partner_sure``, ``choices``) and the tricks no line can lose (``floor``), worked out from the
rules of the module's docstring on small end positions built by hand — the checks mutation testing of
``claim_lines`` showed were missing.

Seats in the order of play: North, East, South, West.  ``normal`` is the raw list of normal cards (a card may be
there twice, e.g. the lowest and the highest winning trump being one card); ``choices`` keeps one card of each
group of equals and the cards the statement names for later.
"""

from __future__ import annotations

from bridge_director.laws.claim_lines import PythonOracle, State, _Search, card_at, index, start_search
from bridge_director.laws.claim_text import read_statement
from bridge_director.model import Card, Seat
from test_mutation_kills_play_claims import position

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def search_at(north: str, east: str, south: str, west: str, lead: Seat, played: str = "", *, claimer: Seat = S,
              contract: str = "4S", statement: str = "", shown: int = 0, run: int = -1) -> tuple[_Search, State]:
    """The search of ``claimer``'s claim (declarer) with these hands left and ``played`` to the trick led by
    ``lead``; the suits shown out of (``shown``, bit ``seat * 4 + suit``) and the suit being run are set here, not
    read from the filler tricks."""
    play = position(north, east, south, west, lead=lead, played=played, declarer=claimer, contract=contract)
    search, state = start_search(play, claimer, read_statement(statement, play.trump),
                                 oracle_factory=lambda trump, _left: PythonOracle(trump))
    return search, state._replace(shown=shown, run=run)


def names(cards: list[int]) -> list[str]:
    return [str(card_at(c)) for c in cards]


def mask(text: str) -> int:
    out = 0
    for word in text.split():
        out |= 1 << index(Card.parse(word))
    return out


# ----- leads ---------------------------------------------------------------------------------------------------
def test_70_at_notrump_with_no_winner_any_top_card_may_be_led() -> None:
    """Two outstanding cards over each queen and no master in partner's hand: no lead is a good one, so the top
    card of either suit is normal (the module's first rule); at notrump no suit counts as trumps."""
    search, st = search_at("D2 D3", "SA HA", "SQ HQ", "SK HK", lead=S, contract="3N")
    assert names(search.normal(st)) == ["HQ", "SQ"]
    assert names(search.choices(st)) == ["HQ", "SQ"]


def test_70A_the_low_card_under_a_master_may_be_led_when_one_outstanding_card_beats_it() -> None:
    """70A: the ♠4 is a master and the ♠2 is beaten only by East's ♠3 (a card the claimer may have forgotten):
    the ♠2 first is careless, not irrational; the ♦A is a singleton, with no low card."""
    search, st = search_at("H2 H3 H4", "S3 C2 C3", "S4 S2 DA", "C4 C5 C6", lead=S, contract="3N")
    assert names(search.normal(st)) == ["DA", "S4", "S2"]
    assert names(search.choices(st)) == ["DA", "S4", "S2"]


def test_70A_a_singleton_has_no_careless_low_lead() -> None:
    """A singleton's low card is its top card: the ♣2 and the ♥K (each beaten by one outstanding card) are led as
    top cards, once each."""
    search, st = search_at("D2 D3", "CA HA", "C2 HK", "D4 D5", lead=S, contract="3N")
    assert names(search.normal(st)) == ["C2", "HK"]
    opp = mask("CA HA")
    assert search.careless_low(mask("C2"), opp) == []
    assert search.careless_low(mask("HK"), opp) == []


def test_70A_the_careless_low_card_is_the_lowest_even_when_it_is_the_deuce() -> None:
    """♣32 against the ♣A: the ♣2 is beaten by exactly one outstanding card, so it is the careless low card — equal
    to the ♣3, so ``choices`` keeps one of them."""
    search, st = search_at("D2 D3 D4", "CA H2 H3", "C3 C2 DA", "H4 H5 H6", lead=S, contract="3N")
    assert search.careless_low(mask("C3 C2"), mask("CA H2 H3")) == [index(Card.parse("C2"))]
    assert names(search.normal(st)) == ["C3", "DA", "C2"]
    assert names(search.choices(st)) == ["C3", "DA"]


def test_70_guideline_A_a_suit_begun_is_run_clubs_too() -> None:
    """Guideline A: while the claimer runs a suit (here clubs, suit 0) he leads its master (or its careless low
    card), not another suit; with no suit begun, each top card may be led."""
    search, st = search_at("H2 H3 H4", "CK H5 H6", "CA C3 DA", "H7 H8 H9", lead=S, contract="3N")
    assert names(search.normal(st)) == ["CA", "DA", "C3"]
    assert names(search.normal(st._replace(run=0))) == ["CA", "C3"]


def test_70C_a_claimer_who_named_an_outstanding_trump_may_draw_it_with_his_top_trump() -> None:
    """70C: naming East's ♠K shows the claimer knew of it, so leading his top trump (the ♠J) to draw it is normal;
    without the statement only a high trump (A, K, Q) is led as a safety check (guideline C), never the ♠J."""
    hands = ("C2 C3 C4", "SK D2 D3", "SJ ST HA", "C5 C6 C7")
    search, st = search_at(*hands, lead=S, statement="the ♠K is out")
    assert search.aware
    assert names(search.choices(st)) == ["HA", "SJ"]
    search, st = search_at(*hands, lead=S)
    assert names(search.choices(st)) == ["HA"]


# ----- following suit ------------------------------------------------------------------------------------------
def test_70_third_hand_wins_cheaply_when_fourth_hand_has_shown_out() -> None:
    """70E's exception: East (the claimer) led the ♦2, South played the ♦5; North, still to play, has shown out of
    diamonds, so West's ♦9 wins for certain although South's ♦A is out.  Had North not shown out, West plays his
    highest or his lowest diamond, never an unstated finesse of the ♦9."""
    hands = ("C2 C3 C4", "H2 H3", "DA H4", "DK D9 D3")
    search, st = search_at(*hands, lead=E, played="D2 D5", claimer=E, contract="3N", shown=1 << (0 * 4 + 1))
    assert names(search.normal(st)) == ["D9"]
    search, st = search_at(*hands, lead=E, played="D2 D5", claimer=E, contract="3N")
    assert names(search.normal(st)) == ["DK", "D3"]


def test_70_fourth_hand_wins_with_the_cheapest_winning_card() -> None:
    """Last to play, any winning card wins for certain: South's ♥T beats East's ♥9 although West's ♥K is out."""
    search, st = search_at("C2", "C3", "HT H2", "HK", lead=W, played="H5 H3 H9")
    assert names(search.normal(st)) == ["HT"]


def test_70_fourth_hand_with_a_master_may_also_play_its_top_card() -> None:
    """The cheapest winner, the ♥Q, is a master (partner holds the ♥K): the ♥A wins the trick as well, so it too is
    normal (careless, never a trick thrown away)."""
    search, st = search_at("HK C4", "C5 C6", "HA HQ H2", "C2 C3", lead=W, played="H5 H3 H9")
    assert names(search.choices(st)) == ["HQ", "HA"]


def test_70_fourth_hand_does_not_throw_a_high_card_under_a_ruff() -> None:
    """Clubs are trumps: East ruffed North's ♥K with the ♣3, so nothing of South's wins the trick and the ♥A is not
    thrown away: South plays the ♥2."""
    search, st = search_at("D3", "D4", "HA H2", "D2", lead=W, played="H5 HK C3", contract="4C")
    assert names(search.normal(st)) == ["H2"]


# ----- void in the suit led ------------------------------------------------------------------------------------
def test_70_a_player_void_may_ruff_with_a_club_when_clubs_are_trumps() -> None:
    """Clubs are trumps (suit 0): void in hearts, South may ruff East's ♥A with the ♣5 or discard his losing ♦3."""
    search, st = search_at("H4 H5", "DA", "C5 D3", "H2 H3", lead=E, played="HA", contract="4C")
    assert names(search.choices(st)) == ["C5", "D3"]


def test_70_at_notrump_a_player_void_with_only_winners_discards_the_lowest_of_a_suit() -> None:
    """A winner is discarded only when no loser is held and no ruff wins: at notrump South's ♣2 and ♦A are both
    masters, so the lowest card of either suit is normal (the ♣2 is no trump)."""
    search, st = search_at("H4 H5", "H7", "C2 DA", "H2 H3", lead=E, played="H6", contract="3N")
    assert names(search.normal(st)) == ["C2", "DA"]
    assert names(search.choices(st)) == ["C2", "DA"]


def test_70_a_player_void_with_only_winners_may_underruff() -> None:
    """East ruffed with the ♠K: South's ♠2 does not win, his ♦A is a master; with no loser and no winning ruff he
    discards the ♦A or plays his lowest trump."""
    search, st = search_at("C3", "C4", "DA S2", "C2", lead=W, played="H5 H2 SK")
    assert names(search.normal(st)) == ["DA", "S2"]


# ----- partner's sure winner -----------------------------------------------------------------------------------
def test_70_partners_sure_winner_is_not_ruffed_when_the_leader_could_have_ruffed() -> None:
    """West led, North's ♥A wins and South plays last: a sure winner, even though West (who has played) now holds
    the ♠K; South discards his losing ♦3 and does not ruff."""
    search, st = search_at("C2", "D4", "S5 D3", "SK", lead=W, played="H3 HA H4")
    assert search.partner_sure(st)
    assert names(search.choices(st)) == ["D3"]


def test_70_partners_ace_ruffed_by_second_hand_is_no_sure_winner() -> None:
    """North led the ♥A and East ruffed with the ♠2: the trick is East's, so South may overruff with the ♠9 or
    discard."""
    search, st = search_at("C2", "D4", "S9 D3", "H5 H6", lead=N, played="HA S2")
    assert not search.partner_sure(st)
    assert names(search.choices(st)) == ["S9", "D3"]


def test_70_partners_ace_is_no_sure_winner_when_fourth_hand_can_ruff() -> None:
    """North's ♥A, West still to play is void in hearts with the ♠2: South may ruff the ace (the ♠9) to win the
    trick, or discard."""
    search, st = search_at("C2", "H5", "S9 D3", "S2 D4", lead=N, played="HA H4")
    assert not search.partner_sure(st)
    assert names(search.choices(st)) == ["S9", "D3"]


def test_70_partners_ace_is_a_sure_winner_when_fourth_hand_must_follow() -> None:
    """West still holds a trump but must follow with his ♥5: North's ♥A is sure, South discards the ♦3."""
    search, st = search_at("C2", "D4", "S9 D3", "H5 S2", lead=N, played="HA H4")
    assert search.partner_sure(st)
    assert names(search.choices(st)) == ["D3"]


# ----- the statement's cards kept for later --------------------------------------------------------------------
def test_68C_a_claimer_keeps_the_cards_his_statement_names_for_later() -> None:
    """The statement plays North's ♦A first, then the ♥A and the ♣A: at South's lead (where the ♦A cannot be
    played) both named aces are kept, the ♠A is led."""
    hands = ("DA D2 D3", "D4 H2 S2", "CA HA SA", "C2 H3 S3")
    search, st = search_at(*hands, lead=S, contract="3N", statement="♦A, ♥A, then ♣A")
    assert names(search.normal(st)) == ["CA", "HA", "SA"]
    assert names(search.choices(st)) == ["SA"]


def test_68C_a_finesse_does_not_keep_its_card_from_a_careless_lead() -> None:
    """Only cards the statement plays by name are kept: "finessing the ♦Q" binds no lead of North's, who may lead
    his ♦A or, carelessly, the ♦Q beaten only by East's ♦K (70A)."""
    search, st = search_at("DA DQ CA", "DK C2 C3", "HA H2 H3", "C4 C5 C6", lead=N, contract="3N",
                           statement="finessing the ♦Q")
    assert search.stated(st) is None
    assert names(search.choices(st)) == ["CA", "DA", "DQ"]


# ----- the tricks no line can lose -----------------------------------------------------------------------------
def test_70_a_side_on_lead_with_only_winners_at_notrump_takes_every_trick() -> None:
    """At notrump, South on lead and every card of the side above the opponents' (East holds the ♣2): two tricks."""
    search, st = search_at("CK SK", "C2 S2", "CA SA", "C3 S3", lead=S, contract="3N")
    assert search.floor(st) == 2


def test_70_a_side_void_where_the_opponents_hold_cards_still_has_only_winners() -> None:
    """The opponents' hearts never win a trick: the side keeps the lead with its spades."""
    search, st = search_at("SQ SJ", "H2 H3", "SA SK", "H4 H5", lead=S, contract="3N")
    assert search.floor(st) == 2


def test_70_master_trumps_count_with_clubs_as_trumps() -> None:
    """Clubs are trumps, East holds the ♣5: South's ♣A and ♣6 win a trick each, his ♣2 does not."""
    search, st = search_at("H3 D2 D3", "C5 HA DA", "CA C6 C2", "HK DK SA", lead=S, contract="4C")
    assert search.floor(st) == 2


def test_70_master_trumps_of_the_claimers_partner_count() -> None:
    """West claims; East (his partner) holds the ♠AK over North's ♠Q: two tricks whatever West plays."""
    search, st = search_at("SQ D2 D3", "SA SK H2", "C2 C3 C4", "S3 H3 H4", lead=W, claimer=W)
    assert search.floor(st) == 2


def test_70_an_outstanding_trump_not_in_the_trick_still_threatens() -> None:
    """West still holds the ♠K: of South's ♠AQ only the ♠A is sure."""
    search, st = search_at("C3 C4", "C5 C6", "SA SQ D2", "SK C2", lead=W, played="H4 H6 H7")
    assert search.floor(st) == 1


def test_70_a_trump_played_to_the_trick_threatens() -> None:
    """East ruffed with the ♠K: South's ♠Q cannot win this trick, only his ♠A is sure."""
    search, st = search_at("C3 C4", "C5 C6", "SA SQ D2", "C2 D3", lead=W, played="H4 H6 SK")
    assert search.floor(st) == 1
