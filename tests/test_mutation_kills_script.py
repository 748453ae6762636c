"""The short script read aloud at the table (laws.script): the first screen of the common rulings (Laws 27, 29-32,
25, 54, 64) word for word in each edition, who acts, what happened, the director's questions, and the rules that
shorten a consequence (the law modules' long phrases, the fine print left to the full text, a lead restriction
named once, the cut at fourteen words)."""

from __future__ import annotations

import pytest

from bridge_director.engine import Table
from bridge_director.laws.ruling import Option, Question, Ruling
from bridge_director.laws.script import (
    BRIEF_WORDS,
    HAPPENED_WORDS,
    answer_text,
    brief,
    compress,
    short_script,
    what_happened,
    who_chooses,
)
from bridge_director.model import Seat
from bridge_director.table.edition import Edition
from playkit import play, play_out
from playkit import table as play_table

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST


def script(laws: str, *steps: str) -> str:
    """The short script of the ruling after ``steps`` (``"E 1C"`` a call, ``"choose refuse"`` an option)."""
    t = Table(1, dealer="N", laws=laws)
    for step in steps:
        first, second = step.split()
        if first == "choose":
            t.choose(second)
        else:
            t.call(first, second)
    assert t.ruling is not None
    return short_script(t.ruling)


def ruling(text: str = "South, East has bid out of turn (Law 29).", *, law: str = "29", chooser: Seat | None = S,
           options: tuple[Option, ...] = (), questions: tuple[Question, ...] = (), caller: Seat | None = None,
           edition: Edition = Edition.L2017, offender: Seat = E) -> Ruling:
    return Ruling("Call out of rotation", law, edition, offender, chooser, options, questions, text, caller)


# ===== the common rulings through the engine ====================================================================
def test_27_2017_insufficient_bid_the_2017_replacements() -> None:
    assert script("2017", "N 1H", "E 1C").split("\n")[3] == (
        "  Do not accept it: East replaces it. The lowest bid in the same denomination(s) or a comparable call: no "
        "bar; any other call: West passes throughout; a lead restriction (27B).")


def test_27B_2017_the_correction_to_the_same_denomination() -> None:
    assert script("2017", "N 1H", "E 1C", "choose refuse").split("\n")[2:4] == [
        "  Correct to 2♣: no bar if the director finds the same denomination(s) (27B1(a)).",
        "  Correct with a comparable call: no bar if the director agrees (27B1(b))."]


def test_25B_a_change_of_call_refused_is_compressed_not_ruled_as_law_29() -> None:
    t = Table(1, dealer="N")
    t.call("N", "1S")
    t.change("N", "5NT")
    t.judge("nature", "change_of_mind")
    assert t.ruling is not None
    assert short_script(t.ruling).split("\n") == [
        "East, North has changed his call from 1♠ to 5NT (Law 25B).",
        "East chooses:",
        "  Accept 5NT: 5NT replaces 1♠ and the auction continues with you with no rectification (25B1).",
        "  Do not accept it: 5NT is cancelled and 1♠ stands; a lead restriction (25B2)."]


def test_27_2007_insufficient_bid_the_2007_replacements() -> None:
    assert script("2007", "N 1H", "E 1C").split("\n") == [
        "South, East has made an insufficient bid of 1♣ (Law 27).",
        "South chooses:",
        "  Accept 1♣: it stands; South calls next (27A).",
        "  Do not accept it: East replaces it. The lowest bid in the same suit (both not artificial) or a call "
        "meaning the same or less: no bar; any other call: West passes throughout; a lead restriction (27B)."]


def test_27_1997_insufficient_bid_no_penalty_for_the_natural_correction() -> None:
    assert script("1997", "N 1H", "E 1C").split("\n")[3] == (
        "  Do not accept it: East replaces it. The lowest bid in the same suit (both natural): no penalty; any other "
        "call: West passes throughout; a lead restriction (27B).")


def test_27B_2007_the_offender_calls_now_each_replacement_in_one_line() -> None:
    assert script("2007", "N 1H", "E 1C", "choose refuse").split("\n") == [
        "East, South has not accepted your 1♣ (Law 27B).",
        "East calls now:",
        "  Correct to 2♣: no bar if the director finds both not artificial (27B1(a)).",
        "  A call with the same or a more precise meaning: no bar if the director agrees (27B1(b)).",
        "  Any other sufficient bid, or pass: West passes throughout; a lead restriction (27B2).",
        "  A double or redouble not allowed by 27B1(b): cancelled; East bids or passes, with the same bars (27B3)."]


def test_27B_1997_no_more_precise_meaning_and_27B1b_bars_partner() -> None:
    assert script("1997", "N 1H", "E 1C", "choose refuse").split("\n") == [
        "East, South has not accepted your 1♣ (Law 27B).",
        "East calls now:",
        "  Correct to 2♣: no bar if the director finds both natural (27B1(a)).",
        "  Any other sufficient bid, or pass: West passes throughout; a lead restriction (27B1(b), 27B2).",
        "  An attempt to double or redouble: cancelled; East bids or passes, with the same bars (27B3)."]


def test_27B4_a_second_insufficient_bid_refused_bars_partner() -> None:
    assert script("2017", "N 1S", "E 1H", "choose refuse", "E 1D").split("\n")[3] == (
        "  Do not accept it: East bids sufficiently or passes; West passes throughout; a lead restriction (27B4).")


def test_29A_an_insufficient_bid_out_of_rotation_accepted_then_law_27() -> None:
    assert script("2017", "N 1H", "S 1C").split("\n") == [
        "West, South has made an insufficient bid of 1♣ out of rotation, at East's turn (Law 31).",
        "West chooses:",
        "  Accept the bid: it stands; West calls next; then Law 27 applies (29A).",
        "  Do not accept it: cancelled; East calls. If East passes, South repeats it, no bar; else a comparable call: "
        "no bar, otherwise North passes once; a lead restriction (31)."]


def test_30_2017_a_pass_at_lho_turn_partner_calls_freely() -> None:
    assert script("2017", "W P").split("\n")[2:] == [
        "  Accept the pass: it stands; North calls next (29A).",
        "  Do not accept it: cancelled; North calls; East calls freely; West's next call comparable: no bar, else "
        "East passes once (30)."]


def test_30A_a_pass_at_rho_turn_passes_once() -> None:
    assert script("2007", "E P").split("\n")[3] == "  Do not accept it: cancelled; North calls; East passes once (30)."


def test_30B1_2007_a_pass_at_partner_turn_passes_throughout() -> None:
    assert script("2007", "N 1H", "E P", "N P").split("\n")[3] == (
        "  Do not accept it: cancelled; South calls; North passes throughout; South may not double once (30).")


def test_31A_1997_a_bid_at_rho_turn_by_denomination() -> None:
    assert script("1997", "N 1H", "S 2C").split("\n")[3] == (
        "  Do not accept it: cancelled; East calls. If East passes, South repeats it, no bar; else the same "
        "denomination: North passes once; other calls: North passes throughout (31).")


def test_31B_1997_a_bid_at_partner_turn_bars_partner_now_and_throughout() -> None:
    assert script("1997", "S 2C").split("\n")[3] == (
        "  Do not accept it: cancelled; North passes now and throughout; a lead restriction (31).")


def test_32A_2007_a_double_at_rho_turn_repeated_if_rho_passes() -> None:
    assert script("2007", "N 1H", "E P", "W X").split("\n")[3] == (
        "  Do not accept it: cancelled; South calls. If South passes, West repeats it, no bar; if South bids: East "
        "passes throughout; a lead restriction (32).")


def test_25_a_call_over_own_call_is_a_change_of_call() -> None:
    assert script("2017", "N 1H", "N P").split("\n")[3] == (
        "  Do not accept it: it is a change of call: Law 25 applies (30).")


@pytest.mark.parametrize("laws", ["2017", "1997"])
def test_54_opening_lead_out_of_turn_five_options_and_the_question(laws: str) -> None:
    t = play_table(laws=laws)
    play(t, "DA")
    assert t.ruling is not None
    assert short_script(t.ruling).split("\n") == [
        "South, East has led ♦A out of turn: it was West's opening lead (Law 54).",
        "South chooses:",
        "  Accept, become dummy: North declares (54A).",
        "  Accept, stay declarer: North is dummy (54B).",
        "  Require West to lead diamonds: the card goes back (54D, 50D2(a)).",
        "  Forbid West to lead diamonds: while he keeps the lead (54D, 50D2(b)).",
        "  Leave it as a penalty card: West leads any card (54D, 50D2(c)).",
        "  Could declarer have seen any of dummy's cards? (yes / no)"]


@pytest.mark.parametrize(("laws", "tricks"), [("2017", "one trick"), ("1997", "two tricks")])
def test_64_established_revoke_the_transfer_without_its_reason(laws: str, tricks: str) -> None:
    t = play_table(laws=laws)
    play(t, "D6 D2 CT D9 C7 C4")  # East revokes on trick 1, established when West plays to trick 2
    play_out(t)
    assert t.ruling is not None
    assert short_script(t.ruling).split("\n") == [
        "Established revoke(s) on this board (Law 64).",
        f"- revoke by East on trick 1: {tricks} transferred.",
        "The director chooses:",
        "  Transfer the tricks shown: after play (64).",
        "  Noticed after a call on the next deal: no transfer (64B4).",
        "  Noticed after the round ended: no transfer (64B5)."]


def test_64_at_most_four_transfers_and_only_the_listed_lines() -> None:
    lines = [f"- revoke by East on trick {n}: one trick transferred — the revoker won the trick (Law 64A1)."
             for n in range(1, 6)]
    text = "\n".join(["Director: established revoke(s) on this board (Law 64).", "  - not a transfer", *lines])
    r = ruling(text, law="64", chooser=None, offender=E)
    assert short_script(r).split("\n") == [
        "Established revoke(s) on this board (Law 64).",
        *(f"- revoke by East on trick {n}: one trick transferred." for n in range(1, 5)),
        "The director rules:"]


def test_64_a_transfer_line_with_no_reason_keeps_one_full_stop() -> None:
    text = "Director: established revoke(s) on this board (Law 64).\n- revoke by West on trick 3 in 4♠X."
    r = ruling(text, law="64", chooser=None, offender=W)
    assert short_script(r).split("\n")[1] == "- revoke by West on trick 3 in 4♠X."


# ===== who acts ===================================================================================================
ONE = Option("one", "one", "it stands", "1")
TWO = Option("two", "two", "it goes", "2")


def test_who_chooses_the_caller_calls_now() -> None:
    assert who_chooses(ruling(chooser=None, caller=N)) == "North calls now:"


def test_who_chooses_the_offender_addressed_with_options_calls_now() -> None:
    r = ruling("East, you must call again (Law 36).", chooser=None, options=(ONE,), offender=E)
    assert who_chooses(r) == "East calls now:"


def test_who_chooses_another_player_addressed_with_options_chooses() -> None:
    r = ruling("West and North, East has bid (Law 29).", chooser=None, options=(ONE, TWO), offender=E)
    assert who_chooses(r) == "West chooses:"


def test_who_chooses_the_named_chooser() -> None:
    assert who_chooses(ruling(chooser=W, options=(ONE,))) == "West chooses:"


def test_who_chooses_an_addressed_player_without_options_is_not_asked() -> None:
    assert who_chooses(ruling("West, East has bid (Law 29).", chooser=None)) == "The director rules:"


def test_who_chooses_the_director_decides_his_questions() -> None:
    q = Question("ok", "Was it a slip?", ("yes", "no"), "25A")
    assert who_chooses(ruling(chooser=None, questions=(q,))) == "The director decides:"
    assert who_chooses(ruling("Nobody addressed.", chooser=None, options=(ONE,), questions=(q,))) == (
        "The director rules:")


def test_who_chooses_the_director_rules_or_chooses() -> None:
    assert who_chooses(ruling("Nobody addressed.", chooser=None, options=(ONE,))) == "The director rules:"
    assert who_chooses(ruling("Nobody addressed.", chooser=None, options=(ONE, TWO))) == "The director chooses:"


def test_who_chooses_a_chooser_with_no_options_leaves_it_to_the_director() -> None:
    assert who_chooses(ruling(chooser=W)) == "The director rules:"


# ===== what happened ==============================================================================================
def test_what_happened_the_first_sentence_without_director_and_capitalised() -> None:
    r = ruling("Director: east has bid out of turn (Law 29). North calls.", options=(ONE,))
    assert what_happened(r) == "East has bid out of turn (Law 29)."


def test_what_happened_a_first_sentence_with_clauses_is_its_first_clause_and_the_law() -> None:
    r = ruling("East has bid out of turn (see Law 31):; North must pass whenever it is their turn for the rest of "
               "the auction. More.", options=(ONE,))
    assert what_happened(r) == "East has bid out of turn (Law 29)."


def test_what_happened_a_first_clause_loses_a_trailing_comma_or_colon_only() -> None:
    r = ruling("East's call was XX,; North calls.", options=(ONE,))
    assert what_happened(r) == "East's call was XX (Law 29)."


def test_what_happened_reads_the_first_line_only() -> None:
    r = ruling("North, make your call now\nThe second line. Its end.\nThe last line.", options=(ONE,))
    assert what_happened(r) == "North, make your call now"


def test_what_happened_a_question_with_clauses_is_the_irregularity() -> None:
    r = ruling("East bid out of turn; will North accept it? More.", options=(ONE,))
    assert what_happened(r) == "Call out of rotation by East (Law 29)."


def test_what_happened_a_question_or_a_long_sentence_is_the_irregularity() -> None:
    fallback = "Call out of rotation by East (Law 29)."
    assert what_happened(ruling("Is it a slip? More.", options=(ONE,))) == fallback
    long = " ".join(["word"] * HAPPENED_WORDS)
    assert what_happened(ruling(long + ".", options=(ONE,))) == long.capitalize() + "."
    assert what_happened(ruling(long + " more.", options=(ONE,))) == fallback
    assert what_happened(ruling("", options=(ONE,))) == fallback


def test_what_happened_questions_alone_name_the_irregularity() -> None:
    q = Question("ok", "Was it a slip?", ("yes", "no"), "25A")
    assert what_happened(ruling("East changed his call.", questions=(q,))) == "Call out of rotation by East (Law 29)."
    assert what_happened(ruling("East changed his call.")) == "East changed his call."


# ===== the options and the questions ==============================================================================
def test_many_options_of_one_kind_with_a_long_label_say_the_label_alone() -> None:
    options = tuple(Option(f"suit:{s}", f"forbid West to lead {s}", "West may not lead it", "26B")
                    for s in ("spades", "hearts", "diamonds"))
    short = Option("suit:clubs", "no clubs", "West may not lead clubs", "26B")
    three = Option("suit:none", "no suit barred", "West leads any card", "26")
    r = ruling("North, West has a lead restriction (Law 26).", law="26", chooser=N,
               options=(*options, short, three))
    assert short_script(r).split("\n")[2:] == [
        "  Forbid West to lead spades (26B).", "  Forbid West to lead hearts (26B).",
        "  Forbid West to lead diamonds (26B).", "  No clubs: West may not lead clubs (26B).",
        "  No suit barred (26)."]
    four = ruling("North, West has a lead restriction (Law 26).", law="26", chooser=N, options=(*options, short))
    assert short_script(four).split("\n")[2] == "  Forbid West to lead spades (26B)."
    few = ruling("North, West has a lead restriction (Law 26).", law="26", chooser=N, options=options)
    assert short_script(few).split("\n")[2] == "  Forbid West to lead spades: West may not lead it (26B)."


def test_an_option_label_loses_its_law_reference() -> None:
    r = ruling(options=(Option("keep", "keep the call (Law 25A)", "it stands", "25A"),), law="25A")
    assert short_script(r).split("\n")[2] == "  Keep the call: it stands (25A)."


def test_question_lines_answers_shown_up_to_four() -> None:
    four = Question("why", "Why did East change? (say which)", ("a", "b", "c", "d"), "25A")
    five = Question("which", "Which suit was specified?", ("s", "h", "d", "c", "none"), "26A")
    hint = Question("score", "Enter the adjusted score. One result or weighted results.", (), "12C",
                    "4S N 9  or  60% 4S N 9; 40% 4S N 10")
    listed = Question("slip", "Was it a slip?", ("yes", "no"), "25A", "yes  or  no")
    r = ruling(questions=(four, five, hint, listed), chooser=None)
    assert short_script(r).split("\n")[2:] == [
        "  Why did East change? (a / b / c / d)", "  Which suit was specified?",
        "  Enter the adjusted score. (e.g. 4S N 9)", "  Was it a slip? (yes / no)"]


def test_question_line_cut_at_twenty_four_words() -> None:
    asked = " ".join(f"w{n}," for n in range(30)) + " end?"
    r = ruling(questions=(Question("long", asked, ("yes", "no"), "12"),), chooser=None)
    assert short_script(r).split("\n")[2] == "  " + " ".join(f"w{n}," for n in range(23)) + " w23 … (yes / no)"


# ===== the briefs of the common rulings by hand ===================================================================
def test_27A_accept_with_no_chooser_is_the_offender_lho_who_calls() -> None:
    r = ruling(law="27", chooser=None, offender=E)
    assert brief(r, Option("accept", "accept", "it stands", "27A")) == "it stands; South calls next"


def test_29A_accept_the_chooser_named_calls_next() -> None:
    r = ruling(law="29", chooser=W, offender=E)
    assert brief(r, Option("accept", "accept", "it stands", "29A")) == "it stands; West calls next"


@pytest.mark.parametrize(("chooser", "declares"), [(None, "North"), (W, "East")])
def test_54A_the_declarer_who_chooses_lets_his_partner_declare(chooser: Seat | None, declares: str) -> None:
    """54A: declarer (the chooser; else the offender's left-hand opponent) spreads; his partner declares."""
    r = ruling(law="54", chooser=chooser, offender=E)
    assert brief(r, Option("spread", "accept, become dummy", "x", "54A")) == f"{declares} declares"
    assert brief(r, Option("accept", "accept, stay declarer", "x", "54B")) == f"{declares} is dummy"


def test_27B1a_the_first_law_of_a_list_decides_the_brief() -> None:
    r = ruling(law="27B", edition=Edition.L2017, offender=E)
    assert brief(r, Option("correct", "correct", "x", "27B1(a), 27D")) == (
        "no bar if the director finds the same denomination(s)")


def test_27B1b_in_1997_is_partner_barred() -> None:
    r = ruling(law="27B", edition=Edition.L1997, offender=E)
    assert brief(r, Option("other", "other", "x", "27B1(b), 27B2")) == "West passes throughout; a lead restriction"
    r2007 = ruling(law="27B", edition=Edition.L2007, offender=E)
    assert brief(r2007, Option("other", "other", "x", "27B1(b)")) == "no bar if the director agrees"


def test_29_refused_without_the_turn_or_the_sub_law_in_the_text() -> None:
    r = ruling(law="29", edition=Edition.L2007, offender=E)
    refuse = Option("refuse", "do not accept", "the call is cancelled", "31A")
    assert brief(r, refuse) == ("cancelled; the player in turn calls. If the player in turn passes, East repeats it, "
                                "no bar; else the same denomination: West passes once; other calls: West passes "
                                "throughout")
    assert brief(r, Option("refuse", "do not accept", "cancelled (Law 30B1)", "30")) == (
        "cancelled; the player in turn calls; East passes throughout; West may not double once")


def test_only_laws_27_and_29_accept_in_a_line_of_their_own() -> None:
    r = ruling(law="30", offender=E)
    assert brief(r, Option("accept", "accept", "the pass stands (Law 30A); South calls next", "30")) == (
        "the pass stands; South calls next")


def test_54_and_64_other_options_are_compressed() -> None:
    r54 = ruling(law="54", chooser=S, offender=E)
    assert brief(r54, Option("other", "x", "the card stays; West must lead at the first legal opportunity", "54")) \
        == "the card stays; West must lead at the first chance"
    r64 = ruling(law="64", chooser=None, offender=E)
    assert brief(r64, Option("other", "x", "no transfer (Law 64B1); the director adjusts the score", "64B1")) == (
        "no transfer")


# ===== compress: the long phrases, the fine print, the cut ========================================================
@pytest.mark.parametrize(("long", "short"), [
    ("West and East must each pass whenever it is their turn for the rest of the auction",
     "West and East each pass throughout"),
    ("West must pass whenever it is their turn for the rest of the auction", "West passes throughout"),
    ("West must pass at their next turn to call, and only then", "West passes once"),
    ("West may not double or redouble at their next turn", "West may not double at the next turn"),
    ("West leads a spade (if he has none, any card: Law 59)", "West leads a spade"),
    ("West plays a spade (if he holds nothing else, any card: Law 59)", "West plays a spade"),
    ("West plays the card (any card if he has none, Law 59)", "West plays the card"),
    ("West plays the card (unless he has nothing else, Law 59)", "West plays the card"),
    ("declarer may forbid a spade for as long as he keeps the lead x", "a lead restriction"),
    ("West leads at the first legal opportunity", "West leads at the first chance"),
    ("West leads hearts (Laws 50D and 50E(a)).", "West leads hearts"),
])
def test_compress_says_the_law_modules_phrases_shortly(long: str, short: str) -> None:
    assert compress(long) == short


def test_compress_for_as_long_as_he_keeps_the_lead() -> None:
    assert compress("the suit is barred for as long as he keeps the lead") == (
        "the suit is barred while he keeps the lead")


@pytest.mark.parametrize("fine", [
    "the director will adjust", "he will adjust", "the director adjusts", "the director may still", "calling over it",
    "a play by either", "a play from", "playing a card from", "the information from", "information from them",
    "the director judges at the end", "if this does not restore", "the prohibition lasts"])
def test_compress_leaves_the_fine_print_to_the_full_text(fine: str) -> None:
    assert compress(f"the bid stands; {fine.capitalize()} later") == "the bid stands"


@pytest.mark.parametrize("lead", ["declarer may forbid", "declarer may require"])
def test_compress_names_a_lead_restriction_once_at_the_end(lead: str) -> None:
    assert compress(f"{lead.capitalize()} a suit; West passes once; {lead} a suit") == (
        "West passes once; a lead restriction")


def test_compress_goes_on_after_the_fine_print() -> None:
    assert compress("the bid stands; the director will adjust the score; West passes once") == (
        "the bid stands; West passes once")


def test_compress_keeps_a_clause_that_ends_in_x() -> None:
    assert compress("the contract is 4♠XX; West leads") == "the contract is 4♠XX; West leads"
    words15 = " ".join(f"w{n}" for n in range(1, 14)) + " TAX w15"
    assert compress(words15) == " ".join(f"w{n}" for n in range(1, 14)) + " TAX …"


def test_compress_a_clause_right_after_a_semicolon_is_kept_whole() -> None:
    assert compress("North passes;West bids") == "North passes; West bids"


def test_compress_nested_parentheses_keep_their_semicolons() -> None:
    assert compress("a ((b) c;d) e; f", limit=30) == "a ((b) c;d) e; f"


def test_compress_says_a_clause_once_whatever_its_case() -> None:
    assert compress("North passes; north passes. West bids") == "North passes; West bids"


def test_compress_stops_at_the_limit_and_cuts() -> None:
    clauses = "; ".join(f"a{n} b{n} c{n}" for n in range(8))
    kept = "; ".join(f"a{n} b{n} c{n}" for n in range(5))  # 15 words: the limit of 14 is reached
    assert compress(clauses) == " ".join(kept.split()[:BRIEF_WORDS]).rstrip(",;:") + " …"
    assert compress("one two; three", limit=2) == "one two"
    assert compress("one two three; four", limit=2) == "one two …"


def test_compress_all_fine_print_falls_back_to_the_whole_consequence() -> None:
    assert compress("The director will adjust (Law 12).") == "The director will adjust"


def test_compress_clauses_end_at_a_semicolon_or_a_sentence_outside_parentheses() -> None:
    assert compress("a (b; c. d) e; f 1.5 g. h", limit=30) == "a (b; c. d) e; f 1.5 g; h"
    assert compress("a) b; c", limit=30) == "a) b; c"


def test_compress_cut_drops_a_trailing_comma_before_the_ellipsis() -> None:
    assert compress("w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14, w15 w16") == (
        "w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 …")


# ===== a card answer said with its suit symbol ====================================================================
@pytest.mark.parametrize(("answer", "said"), [
    ("HK", "♥K"), ("D10", "♦T"), ("SZ", "SZ"), ("SAK", "SAK"), ("KH", "KH"), ("C", "C"), ("HKQJ", "HKQJ"),
    ("yes", "yes")])
def test_a_card_answer_is_said_with_its_suit_symbol_any_other_as_it_is(answer: str, said: str) -> None:
    assert answer_text(answer) == said


def test_question_line_names_the_cards_with_their_symbols() -> None:
    r = ruling(questions=(Question("card", "Which card?", ("HK", "SA"), "16D"),), chooser=None)
    assert short_script(r).split("\n")[2] == "  Which card? (♥K / ♠A)"
