"""Laws 43B2 and 46B: the checks that mutation testing of the play laws showed were missing (docs/mutation.md).

Each test names the clause it checks and asserts the law's outcome: the options and who chooses, the card dummy
plays by default, the clause that gives it, the edition a card is ruled under.  The deal is ``playkit.DEAL``
(1♠ by South, West leads, North dummy) unless a test needs dummy void in a suit (``VOID``).
"""

from __future__ import annotations

from bridge_director.laws.law42_47 import DummyAct
from bridge_director.laws.law46 import interpret, parse
from bridge_director.model import Card, Rank, Seat, Suit
from bridge_director.table.edition import Edition
from bridge_director.table.play import DummyCardCalled
from playkit import play, table

# North (dummy) void in clubs:  N ♠5432 ♥AKQ2 ♦65432   E ♠6 ♥JT98 ♦AKQ ♣AKQJT
#                               S ♠AKQJT9 ♥3 ♦JT9 ♣987  W ♠87 ♥7654 ♦87 ♣65432
VOID = "N:5432.AKQ2.65432. 6.JT98.AKQ.AKQJT AKQJT9.3.JT9.987 87.7654.87.65432"


def c(text: str) -> Card:
    return Card.parse(text)


def cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.parse(x) for x in text.split())


def opts(t) -> list[tuple[str, str, str, str]]:  # type: ignore[no-untyped-def]
    return [(o.key, o.label, o.consequence, o.law) for o in t.ruling.options]


def call(t, words: str) -> None:  # type: ignore[no-untyped-def]
    t.do(DummyCardCalled(words, t.laws))


# ----- 43B2(a) ----------------------------------------------------------------------------------------------------
def test_43B2a_the_two_hands_declarer_may_be_told_to_lead_from() -> None:
    """43B2(a): dummy, having forfeited his rights, warns declarer: the defenders choose declarer's hand or dummy."""
    t = table()
    play(t, "H7 HA H8 H3")  # dummy wins trick 1
    t.do(DummyAct("warn", forfeited=True))
    assert opts(t) == [
        ("hand:S", "declarer leads from his own hand (South)", "the next lead is made from South's hand (Law 43B2(a))",
         "43B2(a)"),
        ("hand:N", "declarer leads from dummy (North)", "the next lead is made from dummy, North (Law 43B2(a))",
         "43B2(a)")]
    assert t.ruling.chooser is Seat.WEST


# ----- 46B: declarer's words ---------------------------------------------------------------------------------------
def test_46B_words_read_from_declarer_s_call() -> None:
    """46B: a suit and a rank, a rank alone, a keyword; punctuation and words that name nothing are ignored."""
    assert parse("spade,queen") == (Suit.SPADES, Rank.QUEEN, "")
    assert parse("s10") == (Suit.SPADES, Rank.TEN, "")
    assert parse("queen!") == (None, Rank.QUEEN, "")
    assert parse("the queen") == (None, Rank.QUEEN, "")
    assert parse("play it") == (None, None, "any")
    assert parse("anything") == (None, None, "any")
    assert parse("low, anything") == (None, None, "low")


# ----- 46B1 / 46B5: keywords on a lead -----------------------------------------------------------------------------
def test_46B5_high_or_win_on_dummy_s_lead_names_no_card_a_defender_designates() -> None:
    """46B1 speaks of the suit led: on dummy's lead 'high' and 'win' name no card, as 'play anything' (46B5)."""
    t = table()
    play(t, "H7 HA H8 H3")  # dummy won: dummy leads
    legal = cards("C2 C3 D2 D3 D4 D5 H2 HQ HK S2 S3 S4")
    assert interpret(t.state.play, "high") == ("46B5", None, legal)
    assert interpret(t.state.play, "win") == ("46B5", None, legal)
    call(t, "high")
    assert t.ruling.chooser is Seat.WEST
    assert opts(t)[0] == ("card:C2", "♣2", "dummy plays ♣2, as the defender designates (Law 46B5)", "46B5")


def test_46B5_win_when_no_card_of_dummy_can_win_the_trick() -> None:
    t = table()
    play(t, "D8")  # dummy's ♦5432 cannot beat it
    assert interpret(t.state.play, "win") == ("46B5", None, cards("D2 D3 D4 D5"))


# ----- 46B3: a rank without a suit ---------------------------------------------------------------------------------
def test_46B3a_on_dummy_s_lead_the_suit_dummy_won_with_if_it_holds_the_rank() -> None:
    t = table()
    play(t, "H7 HA H8 H3")  # dummy won with ♥A
    p = t.state.play
    assert interpret(p, "two") == ("46B3(a)", c("H2"), ())
    # no five of hearts: a five that can be played legally, the only one (46B3(b))
    assert interpret(p, "five") == ("46B3(b)", c("D5"), ())
    # no three of hearts and three others: declarer designates (46B3(b))
    assert interpret(p, "three") == ("46B3(b)", None, cards("C3 D3 S3"))
    # no ace left in dummy: a card not in dummy, declarer designates any legal card (46B4)
    assert interpret(p, "ace")[:2] == ("46B4", None) and len(interpret(p, "ace")[2]) == 12


def test_46B3b_a_rank_when_following_at_trick_one() -> None:
    t = table()
    play(t, "H7")
    assert interpret(t.state.play, "queen") == ("46B3(b)", c("HQ"), ())
    call(t, "ace")  # declarer means ♥A: incomplete, so the director still asks about the intention
    assert t.ruling.questions[0].key == "intention"


def test_46B3a_dummy_won_by_ruffing_continues_trumps() -> None:
    """46B3(a): the suit dummy won the preceding trick with is the trump suit when dummy ruffed."""
    t = table(deal=VOID)
    play(t, "C2 S2 CA C7")  # dummy ruffs the club lead
    assert t.state.play.next_seat is Seat.NORTH
    assert interpret(t.state.play, "three") == ("46B3(a)", c("S3"), ())


def test_46B1_dummy_void_in_the_suit_led_high_and_win_are_trumps() -> None:
    t = table(deal=VOID)
    play(t, "C2")
    p = t.state.play
    assert interpret(p, "high") == ("46B1(a)", c("S5"), ())
    assert interpret(p, "win") == ("46B1(b)", c("S2"), ())  # the lowest card known to win: the lowest trump
    assert interpret(p, "club") == ("46B4", None, cards("D2 D3 D4 D5 D6 H2 HQ HK HA S2 S3 S4 S5"))
    call(t, "club")
    assert t.ruling.chooser is Seat.SOUTH
    assert opts(t)[0] == ("card:D2", "♦2", "dummy plays ♦2, as declarer designates (Law 46B4)", "46B4")


# ----- 46B2: a suit without a rank ---------------------------------------------------------------------------------
def test_46B2_a_suit_alone_is_its_lowest_card_high_with_it_its_highest() -> None:
    t = table()
    play(t, "H7 HA H8 H3")
    assert interpret(t.state.play, "club") == ("46B2", c("C2"), ())
    assert interpret(t.state.play, "high club") == ("46B2", c("C3"), ())


def test_46B2_dummy_s_card_that_revokes_is_ruled_under_the_board_s_edition() -> None:
    """46B2 gives the lowest club although dummy holds hearts: dummy revokes, under the 1997 Laws here."""
    t = table(laws="1997")
    play(t, "H7")
    call(t, "club")
    t.judge("intention", "no")
    r = t.state.period.revokes[0]
    assert (r.seat, r.card, r.edition) == (Seat.NORTH, c("C2"), Edition.L1997)
