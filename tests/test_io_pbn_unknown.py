"""PBN 2.1 section 3.4: an empty tag value, or "?", means unknown: such a board has no result (never a pass-out)."""

from __future__ import annotations

import pytest

from bridge_director.io.pbn import read_pbn
from bridge_director.io.render import render_result
from bridge_director.model import Board

DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def game(contract: str, declarer: str = "", result: str = "") -> str:
    return (f'[Event "x"]\n[Board "1"]\n[Dealer "N"]\n[Vulnerable "None"]\n[Deal "{DEAL}"]\n'
            f'[Declarer "{declarer}"]\n[Contract "{contract}"]\n[Result "{result}"]\n\n')


def only_board(text: str) -> Board:
    [(_, board)] = list(read_pbn(text).boards())
    return board


@pytest.mark.parametrize(("contract", "declarer", "result"), [("", "", ""), ("?", "?", "?"), ("?", "", "")])
def test_pbn_empty_or_question_mark_contract_is_unknown_not_passed_out(contract: str, declarer: str,
                                                                         result: str) -> None:
    replayed = only_board(game(contract, declarer, result)).replay()
    assert not replayed.known and replayed.contract is None
    assert render_result(replayed) == "No result recorded"


def test_pbn_pass_contract_is_a_pass_out() -> None:
    replayed = only_board(game("Pass")).replay()
    assert replayed.known and replayed.score_ns == 0
    assert render_result(replayed) == "Passed out: NS 0"


def test_pbn_question_mark_result_with_a_contract_is_refused_by_replay() -> None:
    from bridge_director.errors import BridgeError
    with pytest.raises(BridgeError) as err:
        only_board(game("4S", "N", "?")).replay()
    assert err.value.field == "Result"
