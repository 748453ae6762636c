"""PBN import and export: tags, inheritance, sections, tables, auction and play to the model."""

from __future__ import annotations

import pytest

from bridge_director.errors import BridgeError
from bridge_director.io import PbnGame, read_pbn, write_pbn
from bridge_director.model import Card, Claim, Contract, Deal, Seat, Vulnerability
from bridge_director.model.board import Board
from bridge_director.model.calls import Call

DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"


def game(body: str) -> PbnGame:
    pbn = read_pbn(f'[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n{body}')
    assert len(pbn.games) == 1
    return pbn.games[0]


def test_auction_all_pass_notes_nags_and_annotations() -> None:
    g = game('[Declarer "N"]\n[Contract "1S"]\n[Auction "N"]\n1S! =1= Pass $13 2C ? =2=\nAP\n'
             '[Note "1:five spades"]\n[Note "2: natural"]\n')
    board = g.board()
    assert [str(c) for c in board.calls] == ["1S", "Pass", "2C", "Pass", "Pass", "Pass"]
    assert board.notes == {0: "five spades", 2: "natural"}
    assert g.record().annotations == ((0, "!"), (1, "$13"), (2, "?"))


def test_leading_dashes_fill_the_seats_before_the_dealer() -> None:
    g = read_pbn(f'[Dealer "E"]\n[Deal "{DEAL}"]\n[Auction "S"]\n- - - 1C\nAP\n').games[0]
    board = g.board()
    assert board.the_dealer is Seat.EAST and str(board.calls[0]) == "1C"


def test_auction_not_starting_with_the_dealer_is_law_17a_with_its_line() -> None:
    g = read_pbn(f'[Dealer "E"]\n[Deal "{DEAL}"]\n[Auction "S"]\n1C AP\n').games[0]
    with pytest.raises(BridgeError) as info:
        g.board()
    assert info.value.law == "17A" and info.value.line == 3


def test_play_columns_become_chronological_order() -> None:
    # 1NT by South, West leads.  Columns are W N E S.  West wins trick 1 with HA, leads again;
    # North wins trick 2 with the spade ace, so trick 3 is read from the North column.
    g = game('[Declarer "S"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\nPass Pass 1NT AP\n'
             "[Play \"W\"]\nHA H8 H7 H2\nS2 SA ST S7\nC7 C2 CA C8\n*\n")
    board = g.board()
    assert [str(c) for c in board.cards] == ["HA", "H8", "H7", "H2", "S2", "SA", "ST", "S7", "C2", "CA", "C8", "C7"]
    # the play stops early: South claims the rest the Result gives (7 - 1 trick already won)
    assert board.claim == Claim(Seat.SOUTH, 6)
    assert board.replay().declarer_tricks == 7


def test_dash_is_no_card_at_a_claim_mid_trick() -> None:
    g = game('[Declarer "S"]\n[Contract "1NT"]\n[Result "8"]\n[Auction "N"]\nPass Pass 1NT AP\n'
             '[Play "W"]\nHA H8 H7 H2\nHK - - -\n*\n')
    board = g.board()
    assert [str(c) for c in board.cards][-1] == "HK" and len(board.cards) == 5
    assert board.replay().declarer_tricks == 8


def test_lower_case_cards_in_play() -> None:
    g = game('[Declarer "S"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\nPass Pass 1NT AP\n'
             '[Play "W"]\nha H8 h7 H2\n*\n')
    assert g.board().cards[0] == Card.parse("HA")


def test_opening_lead_by_the_wrong_seat_is_law_41a() -> None:
    g = game('[Declarer "S"]\n[Contract "1NT"]\n[Auction "N"]\nPass Pass 1NT AP\n[Play "N"]\nH2 HA H8 H7\n*\n')
    with pytest.raises(BridgeError) as info:
        g.board()
    assert info.value.law == "41A" and info.value.field == "Play"


def test_irregularity_marks_are_recorded_not_fatal() -> None:
    g = game('[Declarer "S"]\n[Contract "1NT"]\n[Result "7"]\n[Auction "N"]\nPass Pass 1NT ^S AP\n'
             '[Play "W"]\nHA ^R H8 H7 H2\n*\n')
    assert g.record().irregularities == (("Auction", 2, "^S"), ("Play", 1, "^R"))


def test_result_forms() -> None:
    for result, tricks in (("9", 9), ("NS 9 EW 4", 9), ("EW 4", 9), ("^9", 9)):
        g = game(f'[Declarer "S"]\n[Contract "3NT"]\n[Result "{result}"]\n')
        assert g.board().recorded_tricks == tricks, result


def test_passed_out_contract_and_empty_tags() -> None:
    g = game('[Declarer ""]\n[Contract "Pass"]\n[Result ""]\n[Auction "N"]\nAP\n')
    board = g.board()
    assert board.recorded_passed_out and len(board.calls) == 4
    assert board.replay().contract is None


def test_three_hand_deal() -> None:
    g = read_pbn('[Deal "W:- .63.AKQ987.A9732 KQT2.AT.J6542.85 J973.J98742.3.K4"]\n').games[0]
    assert g.board().deal.complete


def test_hash_inherits_and_double_hash_sticks() -> None:
    pbn = read_pbn('[Event "##Autumn"]\n[Site "S"]\n[Board "1"]\n\n[Site "#"]\n[Board "2"]\n\n[Board "3"]\n'
                   '[Event "Spring"]\n\n[Board "4"]\n')
    events = [g.tags.get("Event") for g in pbn.games]
    assert events == ["Autumn", "Autumn", "Spring", None]
    assert pbn.games[1].tags["Site"] == "S"
    assert pbn.games[1].tag("Event").inherited  # type: ignore[union-attr]


def test_other_room_game_inherits_board_and_deal() -> None:
    pbn = read_pbn(f'[Event "E"]\n[Board "5"]\n[Dealer "N"]\n[Vulnerable "NS"]\n[Deal "{DEAL}"]\n'
                   '[Declarer "S"]\n[Contract "3NT"]\n[Result "9"]\n\n'
                   '[West "x"]\n[Declarer "N"]\n[Contract "4S"]\n[Result "10"]\n')
    second = pbn.games[1]
    assert second.tags["Board"] == "5" and second.tags["Event"] == "E"
    board = second.board()
    assert board.number == 5 and board.vulnerability is Vulnerability.NS
    assert board.recorded_contract == Contract.parse("4S", Seat.NORTH)
    assert second.line == 10


def test_table_columns_and_rows() -> None:
    g = game('[OptimumResultTable "Declarer;Denomination\\2R;-Result\\2R"]\nN NT  7\n; comment\nN  S 10\n'
             '[TotalScoreTable "Rank\\2R;Names\\20L"]\n 1 "Pair A1 ;Pair B1" { best }\n')
    table = g.table("OptimumResultTable")
    assert table is not None
    assert [(c.name, c.spec, c.sort) for c in table.columns] == [
        ("Declarer", "", ""), ("Denomination", "2R", ""), ("Result", "2R", "-")]
    assert table.rows == [["N", "NT", "7"], ["N", "S", "10"]]
    assert table.column("Result") == ["7", "10"]
    names = g.table("TotalScoreTable")
    assert names is not None and names.rows == [["1", "Pair A1 ;Pair B1"]]
    assert g.table("ScoreTable") is None


def test_broken_board_is_an_error_naming_field_and_line_and_the_others_load() -> None:
    text = (f'[Board "1"]\n[Deal "{DEAL}"]\n\n'
            '[Board "2"]\n[Deal "N:AKQJ.T98.765.432 AKQJ.765.432.T98 - -"]\n\n'
            f'[Board "3"]\n[Deal "{DEAL}"]\n')
    pbn = read_pbn(text)
    assert [i for i, _ in pbn.errors] == [1]
    err = pbn.errors[0][1]
    assert err.field == "Deal" and err.line == 5
    assert [b.number for _, b in pbn.boards()] == [1, 3]


def test_unknown_tags_sections_and_comments_round_trip() -> None:
    text = ('% PBN 2.1\n[Event "a \\"quoted\\" name"]\n[Board "1"] ; board one\n'
            f'[Deal "{DEAL}"]\n{{ a comment\nover lines }}\n[MyTag "x"]\n'
            '[ScoreTable "Score\\4R;MP"]\n 100 3\n-50 1\n')
    first = read_pbn(text)
    written = write_pbn(first)
    again = read_pbn(written)
    assert again.games[0].items == first.games[0].items
    assert again.games[0].preamble == ("% PBN 2.1",)
    assert again.games[0].tags["Event"] == 'a "quoted" name'
    assert write_pbn(again) == written


def test_from_board_round_trip() -> None:
    calls = tuple(Call.parse(c) for c in "Pass Pass 1NT Pass Pass Pass".split())
    cards = tuple(Card.parse(c) for c in "HA H8 H7 H2 S2 SA ST S7".split())
    board = Board(number=9, deal=Deal.from_pbn(DEAL), calls=calls, cards=cards, claim=Claim(Seat.SOUTH, 5),
                  notes={2: "15-17"})
    g = PbnGame.from_board(board, {"Event": "Club night"})
    back = read_pbn(write_pbn([g])).games[0].board()
    assert (back.deal, back.calls, back.cards, back.notes) == (board.deal, calls, cards, {2: "15-17"})
    assert back.claim == board.claim and back.the_dealer is board.the_dealer
    assert back.replay().score_ns == board.replay().score_ns
    assert read_pbn(write_pbn([g])).games[0].tags["Event"] == "Club night"


def test_render_auction_keeps_noted_calls_apart() -> None:
    from bridge_director.io.render import render_auction
    from bridge_director.model import Board, Call, Deal

    deal = Deal.from_pbn("N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765")
    board = Board(1, deal, tuple(Call.parse(c) for c in "1S 2NT P P P".split()), notes={1: "both minors"})
    lines = render_auction(board).splitlines()
    assert lines[1].split() == ["1S", "2NT(1)", "Pass"]
    assert lines[-1] == "(1) both minors"
