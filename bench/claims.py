"""Seconds to adjudicate a claim (Law 70: the worst normal line against double-dummy defence) with 1 to 13 tricks
left, against the plain double-dummy solve of the same position, in the same run.

    .venv/bin/python bench/claims.py [--deals 4] [--seed 2026] [--statement ""] [--repeat 1] [--concession]

Each deal is dealt from ``--seed``; the player with the most high-card points declares in his longest suit (no
trump without a five-card suit) and the play goes on double dummy (each player the solver's best card) until the
number of tricks left is reached; then declarer claims them all with ``--statement`` (none by default: the search
has the most to try).  For each position the adjudication (``claim_lines.worst_line``, a fresh search each time)
and then the reference (``law68_71.double_dummy``) are timed ``--repeat`` times in processor seconds (other work on
the machine does not count), the fastest kept; the solver keeps what it learnt of the deal from one position to
the next, as at the table.  Ratio = adjudication / reference.  With ``--concession`` declarer's side is searched as
a side that conceded the tricks (Law 71: its careless plays as a conceder, ``worst_line(..., concession=True)``).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections.abc import Callable

from bridge_director.laws.claim_lines import EndplayOracle, _position, card_at, worst_line
from bridge_director.laws.law68_71 import double_dummy
from bridge_director.model import FULL_DECK, Contract, Deal, Hand, Play, Seat, Strain, Suit


def deal_for(rnd: random.Random) -> Play:
    """A random deal, declared by the player with the most high-card points: four of his longest suit, or 3NT
    without a five-card suit."""
    deck = list(FULL_DECK)
    rnd.shuffle(deck)
    deal = Deal.from_hands({seat: Hand.of(deck[13 * k:13 * k + 13]) for k, seat in enumerate(Seat)})
    declarer = max(Seat, key=lambda s: (deal[s].hcp, -int(s)))
    hand = deal[declarer]
    longest = max(Suit, key=lambda s: (len(hand.holding(s)), s))
    text = "3NT" if len(hand.holding(longest)) < 5 else f"4{Strain(int(longest)).letter}"
    return Play.start(deal, Contract.parse(text, declarer))


def played_to(play: Play, left: int) -> Play:
    """The play continued double dummy until ``left`` tricks are left (a new trick to lead)."""
    oracle = EndplayOracle(-1 if play.trump is None else int(play.trump))
    while 13 - len(play.completed_tricks) > left or not (play.current.complete or not play.current.cards):
        hands, leader, trick, _shown = _position(play)
        card, _value = oracle.reply((hands, leader, trick))
        play = play.add(card_at(card))
    return play


def fastest(f: Callable[[], object], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        f()
        best = min(best, time.process_time() - start)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=4)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--statement", default="")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--concession", action="store_true", help="Law 71: search a conceding side's lines")
    args = parser.parse_args()
    concession: bool = args.concession
    rnd = random.Random(args.seed)
    deals = [deal_for(rnd) for _ in range(args.deals)]
    double_dummy(deals[0], Seat.NORTH)  # load the solver once, outside the timings
    print(f"{'left':>4} {'deal':>4} {'contract':>8} {'dd':>3} {'award':>5} {'nodes':>6} {'complete':>8} "
          f"{'award s':>8} {'dd s':>8} {'ratio':>7}")
    by_left: dict[int, list[float]] = {}
    for left in range(13, 0, -1):
        for k, start in enumerate(deals, 1):
            play = played_to(start, left)
            claimer = play.contract.declarer
            t_award = fastest(lambda p=play, c=claimer: worst_line(p, c, args.statement, concession=concession),
                              args.repeat)
            t_dd = fastest(lambda p=play, c=claimer: double_dummy(p, c), args.repeat)
            line = worst_line(play, claimer, args.statement, concession=concession)
            dd = double_dummy(play, claimer)
            by_left.setdefault(left, []).append(t_award)
            print(f"{left:>4} {k:>4} {play.contract!s:>8} {dd:>3} {line.tricks:>5} {line.nodes:>6} "
                  f"{'yes' if line.complete else 'no':>8} {t_award:>8.3f} {t_dd:>8.4f} {t_award / t_dd:>7.1f}")
    print()
    print("tricks left: median / slowest adjudication (processor seconds)")
    for left, times in by_left.items():
        print(f"{left:>4}: {statistics.median(times):.3f} / {max(times):.3f}")


if __name__ == "__main__":
    main()
