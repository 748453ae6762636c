"""Real boards from ../shared/data replay through the table engine to the recorded result and score."""

from __future__ import annotations

from pathlib import Path

import pytest

from bridge_director.engine import Table
from bridge_director.errors import BridgeError
from bridge_director.io import load_pbn
from bridge_director.model import Board
from bridge_director.table.play import CardPlayed, ClaimMade
from bridge_director.table.summary import board_summary

DATA = Path(__file__).resolve().parents[2] / "shared" / "data" / "pbn"


def boards() -> list[tuple[str, Board]]:
    out: list[tuple[str, Board]] = []
    if not DATA.is_dir():
        return out
    for path in sorted(DATA.glob("*.pbn")):
        try:
            games = load_pbn(path).boards()
        except BridgeError:
            continue
        for _number, board in games:
            if board.deal.complete and board.calls and board.cards:
                out.append((path.name, board))
    return out


BOARDS = boards()


@pytest.mark.skipif(not DATA.is_dir(), reason="../shared/data/pbn is absent")
def test_real_boards_are_found() -> None:
    assert BOARDS, "no board with auction and play in ../shared/data/pbn"


@pytest.mark.parametrize("name, board", BOARDS[:60], ids=[f"{n}#{b.number}" for n, b in BOARDS[:60]])
def test_real_board_replays_to_the_recorded_result(name: str, board: Board) -> None:
    try:
        expected = board.replay()
    except BridgeError as err:
        pytest.skip(f"the record itself does not replay: {err}")
    t = Table(board.number, dealer=board.the_dealer, vulnerability=board.the_vulnerability, deal=board.deal)
    for call in board.calls:
        t.call(t.state.next_seat, call)
    for card in board.cards:
        p = t.state.play
        assert p is not None and t.state.pending is None
        t.do(CardPlayed(p.next_seat, card))
    p = t.state.play
    if p is not None and not p.finished:
        if board.claim is not None:
            t.do(ClaimMade(board.claim.claimer, board.claim.tricks))
            t.choose("agree")
        else:
            pytest.skip("the play stops without a claim")
    assert t.state.pending is None, t.ruling.text if t.ruling else ""
    s = board_summary(t.state)
    assert s.final_tricks == expected.declarer_tricks and s.score_ns == expected.score_ns
    assert all(r.law == "69A" for r in t.state.records) and not t.state.period.revokes
