"""A USEBIO results file of the shape NZ Scorer exports for a ¾ Howell with a phantom pair, made from our own
results: 6 tables, pairs 1 to 11 and the phantom, pair 12; five rounds of one board each.

Each round the phantom's opponents sit out, so every board has 5 results though the movement has 6 tables.  The
file then holds two scales, as that scorer writes them: each line's matchpoints Neuberg-scaled to 6 results (2/1,
top 10: (MP + 1) x 6/5 - 1, one decimal), and each pair's PERCENTAGE (and TOTAL_SCORE, the same figure) its
matchpoints among the 5 results of each board it played over their top, 8.  ``percent_of="norm"`` writes the
percentages on the travellers' scale instead; ``phantom=False`` seats a real pair 12, so every board has its 6
results and there is one scale.  The figures are worked out here pair by pair, apart from the code under test.
"""

from __future__ import annotations

from collections import Counter
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction

# (contract, declarer, tricks, N-S score) at tables 0 to 5; table 0 is the phantom's (played only by a real
# pair 12).  Vulnerability by Law 2: board 1 none, 2 N-S, 3 E-W, 4 both, 5 N-S.
Play = tuple[str, str, int, int]
BOARDS: dict[int, tuple[Play, ...]] = {
    1: (("3S", "N", 9, 140), ("4S", "N", 10, 420), ("4S", "N", 11, 450), ("4S", "N", 9, -50),
        ("2S", "N", 10, 170), ("4S", "N", 10, 420)),
    2: (("4H", "S", 10, 620), ("4H", "S", 10, 620), ("2S", "N", 9, 140), ("3C", "N", 9, 110),
        ("2H", "W", 8, -110), ("4H", "S", 9, -100)),
    3: (("3NT", "N", 9, 400), ("3NT", "N", 10, 430), ("4S", "E", 9, 100), ("3NT", "N", 9, 400),
        ("3NT", "N", 9, 400), ("3NT", "N", 9, 400)),
    4: (("4S", "E", 10, -620), ("3S", "E", 9, -140), ("3S", "E", 8, 100), ("3S", "E", 7, 200),
        ("3D", "W", 9, -110), ("3D", "W", 9, -110)),
    5: (("6S", "N", 12, 1430), ("6S", "N", 13, 1460), ("4S", "N", 12, 680), ("6S", "N", 12, 1430),
        ("6S", "N", 11, -100), ("6S", "S", 12, 1430)),
}
TABLES = 6
PHANTOM = "12"


def seating(round_: int) -> list[tuple[str, str]]:
    """(N-S, E-W) at tables 0 to 5 in round ``round_`` (from 0): pair 12 stays at table 0 and the others turn
    round it, so no two pairs meet twice; pairs change direction from table to table and round to round."""
    out = [(PHANTOM, str(round_ + 1))]
    for table in range(1, TABLES):
        a, b = (round_ + table) % 11 + 1, (round_ - table) % 11 + 1
        out.append((str(a), str(b)) if (round_ + table) % 2 == 0 else (str(b), str(a)))
    return out


def matchpoints(scores: list[int]) -> list[int]:
    """Each score's N-S matchpoints among ``scores`` on the 2/1 scale: 2 for a score beaten, 1 for one tied."""
    return [sum(2 if s > other else 1 if s == other else 0 for other in scores) - 1 for s in scores]


def _two(value: Fraction) -> str:
    return str((Decimal(value.numerator) / Decimal(value.denominator)).quantize(Decimal("0.01"), ROUND_HALF_UP))


def howell_xml(*, phantom: bool = True, percent_of: str = "played") -> str:
    """The USEBIO document (see the module's notes)."""
    first = 1 if phantom else 0
    won: dict[str, Fraction] = {}  # each pair's matchpoints on the scale of its percentage
    most: dict[str, Fraction] = {}  # and the tops of its boards on that scale
    boards_of: Counter[str] = Counter()
    boards_xml = []
    for board, plays in BOARDS.items():
        seats, played = seating(board - 1)[first:], plays[first:]
        n = len(played)
        raw = matchpoints([score for *_, score in played])
        scaled = [Fraction((mp + 1) * TABLES, n) - 1 for mp in raw]  # Neuberg to 6 results (none when n is 6)
        top_played, top_norm = 2 * (n - 1), 2 * (TABLES - 1)
        for (ns, ew), mp, mp_norm in zip(seats, raw, scaled, strict=True):
            on_played = percent_of == "played"
            for pair, points in ((ns, mp if on_played else mp_norm),
                                 (ew, top_played - mp if on_played else top_norm - mp_norm)):
                won[pair] = won.get(pair, Fraction(0)) + points
                most[pair] = most.get(pair, Fraction(0)) + (top_played if on_played else top_norm)
                boards_of[pair] += 1
        lines = "".join(
            f"<TRAVELLER_LINE><NS_PAIR_NUMBER>{ns}</NS_PAIR_NUMBER><EW_PAIR_NUMBER>{ew}</EW_PAIR_NUMBER>"
            f"<CONTRACT>{contract}</CONTRACT><PLAYED_BY>{declarer}</PLAYED_BY><TRICKS>{tricks}</TRICKS>"
            f"<SCORE>{score}</SCORE><NS_MATCH_POINTS>{float(mp):.1f}</NS_MATCH_POINTS>"
            f"<EW_MATCH_POINTS>{float(top_norm - mp):.1f}</EW_MATCH_POINTS></TRAVELLER_LINE>\n"
            for (ns, ew), (contract, declarer, tricks, score), mp in zip(seats, played, scaled, strict=True))
        boards_xml.append(f"<BOARD><BOARD_NUMBER>{board}</BOARD_NUMBER>\n{lines}</BOARD>")
    percent = {pair: _two(100 * won[pair] / most[pair]) for pair in won}
    order = sorted(percent, key=lambda p: -Decimal(percent[p]))
    place = {p: 1 + sum(Decimal(percent[q]) > Decimal(percent[p]) for q in order) for p in order}
    pairs_xml = "".join(
        f"<PAIR><PAIR_NUMBER>{p}</PAIR_NUMBER><BOARDS_PLAYED>{boards_of[p]}</BOARDS_PLAYED>"
        f"<PLAYER><PLAYER_NAME>Player {p}a</PLAYER_NAME></PLAYER><PLAYER><PLAYER_NAME>Player {p}b</PLAYER_NAME>"
        f"</PLAYER><PLACE>{place[p]}</PLACE><TOTAL_SCORE>{percent[p]}</TOTAL_SCORE>"
        f"<PERCENTAGE>{percent[p]}</PERCENTAGE></PAIR>\n" for p in sorted(percent, key=int))
    return ('<?xml version="1.0"?>\n<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS">'
            "<EVENT_DESCRIPTION>Three-quarter Howell with a phantom</EVENT_DESCRIPTION><WINNER_TYPE>1</WINNER_TYPE>"
            f"<BOARDS_PLAYED>{len(BOARDS)}</BOARDS_PLAYED>\n<PARTICIPANTS>\n{pairs_xml}</PARTICIPANTS>\n"
            + "\n".join(boards_xml) + "\n</EVENT></USEBIO>\n")
