"""Table, pair and guide cards: the right pairs, boards and next moves, worked out here by the Mitchell rule."""

from __future__ import annotations

import re

import pytest

from bridge_director.club.movement_gen import howell, mitchell
from bridge_director.club.table_cards import guide_cards_html, pair_card, pair_card_html, table_card, table_card_html
from bridge_director.errors import BridgeError


def cells(card_rows: object, rnd: int) -> list[str]:
    return [c.text for c in card_rows.rows[rnd - 1].cells]  # type: ignore[attr-defined]


def test_five_table_mitchell_table_3_round_2_by_the_rule() -> None:
    # E-W pairs (6..10) start at their own table and move up one; boards move down one; 3 boards a round.
    # Round 2 at table 3: E-W pair 2 (number 7) came from table 2, set 4 came from table 4: boards 10-12.
    # Next: pair 7 goes on to table 4, set 4 goes down to table 2.
    card = table_card(mitchell(5), 3, 3)
    assert card.columns == ("Round", "N-S", "E-W", "Boards", "E-W next", "Boards next")
    assert cells(card, 2) == ["3", "7", "10-12", "table 4 E-W", "table 2"]
    assert cells(card, 1) == ["3", "8", "7-9", "table 4 E-W", "table 2"]
    assert cells(card, 5) == ["3", "9", "4-6", "end", "end"]  # E-W 3 - 4 = 4 mod 5 (pair 9), set 3 + 4 = 2 mod 5


def test_relay_card_sends_boards_to_the_shared_tables_and_the_bye_stand() -> None:
    m = mitchell(8, even="relay")
    assert cells(table_card(m, 2, 2), 1)[-1] == "tables 1, 8"  # set 2 goes down to table 1, shared with table 8
    assert cells(table_card(m, 1, 2), 1)[-1] == "table 7"
    assert cells(table_card(m, 8, 2), 1)[-1] == "table 7"
    assert cells(table_card(m, 5, 2), 1)[-1] == "bye-stand"  # set 5 rests between tables 4 and 5
    assert "shares boards with table 8" in table_card(m, 1, 2).about


def test_one_board_a_round_prints_a_single_number() -> None:
    assert cells(table_card(mitchell(3), 1, 1), 2)[2] == "2"


def test_howell_card_shows_where_the_ns_pair_goes_too() -> None:
    card = table_card(howell(4), 2, 2)
    assert "N-S next" in card.columns
    first = howell(4).at(1, 2)
    assert first is not None and cells(card, 1)[:2] == [str(first.ns), str(first.ew)]


def test_pair_card_lists_table_direction_opponents_and_boards() -> None:
    card = pair_card(mitchell(5), 7, 3)
    assert cells(card, 1) == ["2", "E-W", "2", "4-6"]
    assert cells(card, 2) == ["3", "E-W", "3", "10-12"]
    assert cells(pair_card(mitchell(5, arrow_switch=[5]), 3, 3), 5)[1] == "E-W"


def test_table_card_html_names_pairs_escaped_and_marks_the_arrow_switch() -> None:
    page = table_card_html(mitchell(5, arrow_switch=[5]), 1, 3, {1: "Ann <b>& Bob", 6: "Cat & Dan"})
    assert "Ann &lt;b&gt;&amp; Bob" in page and "<b>&" not in page and "Cat &amp; Dan" in page
    assert page.count('class="arrow"') == 1 and "arrow switch" in page
    assert page.startswith("<!doctype html>") and 'name="viewport"' in page


def test_pair_card_html_has_the_names_in_its_title() -> None:
    assert "Pair 7 · Eve &amp; Fay" in pair_card_html(mitchell(5), 7, 3, {7: "Eve & Fay"})


def test_guide_cards_put_every_table_on_its_own_printed_page() -> None:
    page = guide_cards_html(mitchell(7), 2)
    assert page.count('<section class="card">') == 7
    assert re.search(r"@media print\s*{[^}]*}\s*\.card {[^}]*page-break-after: always", page)
    assert "Table 7 · mitchell-7" in page


@pytest.mark.parametrize(("call", "field"), [
    (lambda: table_card(mitchell(5), 6, 3), "table"), (lambda: table_card(mitchell(5), 1, 0), "boards_per_round"),
    (lambda: pair_card(mitchell(5), 11, 3), "pair"),
])
def test_cards_refuse_a_table_pair_or_board_count_outside_the_movement(call: object, field: str) -> None:
    with pytest.raises(BridgeError) as err:
        call()  # type: ignore[operator]
    assert err.value.field == field
