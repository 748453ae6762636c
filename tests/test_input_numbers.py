"""model.numbers: the one reader of numbers a user gives: ASCII digits only, bounded before ``int()``, finite reals,
and scores no larger than Law 77 allows."""

from __future__ import annotations

import pytest

from bridge_director.errors import ParseError
from bridge_director.model.contract import Contract
from bridge_director.model.numbers import (
    MAX_DIGITS,
    SCORE_LIMIT,
    check_score,
    is_whole,
    json_int,
    json_text,
    real,
    table_score,
    whole,
)
from bridge_director.model.seat import Seat, Vulnerability


def test_score_limit_is_seven_notrump_redoubled_vulnerable_down_thirteen() -> None:
    """Law 77: redoubled vulnerable undertricks are 400, then 600 each from the second: 400 + 12 * 600 = 7600;
    the largest plus score, 7NTXX vulnerable making, is 2980, well inside."""
    worst = Contract.parse("7NTXX", Seat.NORTH).score_ns(0, Vulnerability.BOTH)
    best = Contract.parse("7NTXX", Seat.NORTH).score_ns(13, Vulnerability.BOTH)
    assert worst == -(400 + 12 * 600) == -SCORE_LIMIT
    assert best == 2980 < SCORE_LIMIT


@pytest.mark.parametrize("text", ["²", "١٢", "３", "1_000", "0x10", "1.0", "", "-", "+", "1 2", "nan"])
def test_only_ascii_digits_make_a_whole_number(text: str) -> None:
    with pytest.raises(ParseError) as caught:
        whole(text, "tricks", line=7)
    assert str(caught.value).startswith("line 7, tricks: tricks is not a whole number: ")
    assert not is_whole(text)


def test_a_whole_number_may_have_a_sign_spaces_and_quotes() -> None:
    assert (whole(" 12 ", "board"), whole('"-50"', "score"), whole("+3", "imps")) == (12, -50, 3)
    assert is_whole("13") and not is_whole("-1") and not is_whole(" 1")


def test_too_many_digits_are_refused_before_int() -> None:
    """5,000 digits would pass Python's integer-string limit (4,300) and raise ValueError inside ``int()``."""
    with pytest.raises(ParseError, match=r"^board: board has 5000 digits; no number here has more than 18$"):
        whole("9" * 5000, "board")
    assert whole("9" * MAX_DIGITS, "x") == 10**MAX_DIGITS - 1
    assert not is_whole("9" * (MAX_DIGITS + 1))


def test_a_range_names_the_field_and_its_limits() -> None:
    with pytest.raises(ParseError, match=r"^line 3, tricks: tricks 14 is not in 0 to 13$"):
        whole("14", "tricks", line=3, low=0, high=13)
    with pytest.raises(ParseError, match=r"^board: board 0 is not in 1 to 999$"):
        whole("0", "board", low=1, high=999)


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "Infinity", "1e309", "١.٥", "1,5", "0x1p3", ""])
def test_a_real_is_finite_and_ascii(text: str) -> None:
    with pytest.raises(ParseError, match=r"^line 2, ns_award: ns_award is not a number: "):
        real(text, "ns_award", line=2)


def test_reals_that_are_numbers() -> None:
    assert (real("66.67", "a"), real("-3", "a"), real(".5", "a"), real("1e2", "a"), real("3.", "a")) == \
        (66.67, -3.0, 0.5, 100.0, 3.0)


def test_a_score_beyond_law_77_is_refused() -> None:
    assert table_score("-7600", "score") == -7600
    with pytest.raises(ParseError) as caught:
        table_score("7610", "score", line=9)
    assert str(caught.value) == ("line 9, score, Law 77: a score of 7610 is beyond what a board can score "
                                 "(7600 either way)")
    with pytest.raises(ParseError, match="Law 77"):
        check_score(10**30, "score")


def test_json_values_have_their_type() -> None:
    assert json_int(7, "board", low=1, high=999) == 7
    for value in ("7", 7.0, True, None, [7]):
        with pytest.raises(ParseError, match=r"^board: board must be a whole number, not "):
            json_int(value, "board")
    assert json_text("N", "seat") == "N"
    for other in (1, None, ["N"], {"seat": "N"}):
        with pytest.raises(ParseError, match=r"^seat: seat must be text, not "):
            json_text(other, "seat")
    with pytest.raises(ParseError, match="longer than 5"):
        json_text("x" * 6, "seat", max_length=5)
