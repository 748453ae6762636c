"""Law 77: contract scores, exhaustively against endplay and by a hand-checked table."""

from __future__ import annotations

import itertools

import pytest

from bridge_director.errors import ParseError
from bridge_director.model import Contract, Doubling, Seat, Strain, Vulnerability, contract_score

endplay_types = pytest.importorskip("endplay.types", reason="endplay (test dependency) is not installed")

_DENOM = {Strain.CLUBS: "clubs", Strain.DIAMONDS: "diamonds", Strain.HEARTS: "hearts", Strain.SPADES: "spades",
          Strain.NOTRUMP: "nt"}
_PENALTY = {Doubling.UNDOUBLED: "passed", Doubling.DOUBLED: "doubled", Doubling.REDOUBLED: "redoubled"}


def test_law77_every_combination_matches_endplay() -> None:
    """7 levels x 5 strains x 3 doublings x 2 vulnerabilities x 14 trick counts = 2,940 scores."""
    et = endplay_types
    checked = 0
    for level, strain, doubling, vul, tricks in itertools.product(
            range(1, 8), Strain, Doubling, (False, True), range(14)):
        theirs = et.Contract(level=level, denom=getattr(et.Denom, _DENOM[strain]), declarer=et.Player.north,
                             penalty=getattr(et.Penalty, _PENALTY[doubling]), result=tricks - level - 6)
        expected = theirs.score(et.Vul.both if vul else et.Vul.none)
        assert contract_score(level, strain, doubling, vul, tricks) == expected, (level, strain, doubling, vul, tricks)
        checked += 1
    assert checked == 2940


# Hand-checked cases: (contract, vulnerable, tricks, score), worked from the Law 77 table.
HAND_CHECKED = [
    ("1C", False, 7, 70),         # 20 + partscore 50
    ("1NT", False, 7, 90),        # 40 + 50
    ("2S", True, 9, 140),         # 60 + 50 + 30 overtrick
    ("3NT", False, 9, 400),       # 100 + game 300
    ("3NT", True, 10, 630),       # 100 + 500 + 30
    ("4H", True, 10, 620),        # 120 + 500
    ("5D", False, 11, 400),       # 100 + 300
    ("2HX", False, 8, 470),       # 120 doubled into game + 300 + 50 insult
    ("1NTX", True, 8, 380),       # 80 + 50 + 200 overtrick + 50 insult
    ("1NTXX", False, 7, 560),     # 160 + 300 + 100 insult
    ("6S", True, 12, 1430),       # 180 + 500 + 750
    ("7NT", False, 13, 1520),     # 220 + 300 + 1000
    ("7NTXX", True, 13, 2980),    # 880 + 500 + 1500 + 100
    ("4S", False, 9, -50),
    ("4S", True, 7, -300),
    ("4SX", False, 7, -500),      # 100 + 200 + 200
    ("4SX", False, 6, -800),      # then 300 for the fourth
    ("4SX", True, 7, -800),       # 200 + 300 + 300
    ("3NTXX", True, 5, -2200),    # (200 + 300 x 3) x 2
    ("7NTX", True, 0, -3800),     # 13 down vulnerable doubled
]


@pytest.mark.parametrize(("text", "vul", "tricks", "score"), HAND_CHECKED)
def test_law77_hand_checked_table(text: str, vul: bool, tricks: int, score: int) -> None:
    assert Contract.parse(text, Seat.SOUTH).score(tricks, vul) == score


def test_law77_score_ns_signs_follow_declarer_side() -> None:
    contract = Contract.parse("4H", Seat.EAST)
    assert contract.score_ns(10, Vulnerability.EW) == -620
    assert contract.score_ns(9, Vulnerability.NS) == 50


def test_law77_tricks_out_of_range_name_the_field() -> None:
    with pytest.raises(ParseError, match="Result"):
        contract_score(1, Strain.CLUBS, Doubling.UNDOUBLED, False, 14)
