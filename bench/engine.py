"""Events per second through the table engine: legal auctions, and auctions with injected irregularities.

Run: ``.venv/bin/python bench/engine.py [--boards N]``.  Logs are built first; only the replay (the fold of
the events through ``apply``) is timed.
"""

from __future__ import annotations

import argparse
import random
import time

from bridge_director.engine import CallMade, Choice, Event, Judgement, Table, TableState, replay
from bridge_director.errors import BridgeError
from bridge_director.laws.pending import describe
from bridge_director.model import Auction, Call, Seat, board_dealer


def legal_log(rnd: random.Random, board: int) -> tuple[TableState, list[Event]]:
    t = Table(board)
    auction = Auction(board_dealer(board))
    events: list[Event] = []
    while not auction.complete:
        calls = auction.legal_calls()
        call = calls[0] if rnd.random() < 0.6 else rnd.choice(calls[: min(len(calls), 12)])
        events.append(CallMade(auction.next_seat, call))
        auction = auction.add(call)
    return t.start, events


def irregular_log(rnd: random.Random, board: int) -> tuple[TableState, list[Event]]:
    """A legal auction with irregularities injected (insufficient bids, calls out of turn), each resolved."""
    t = Table(board, laws=rnd.choice(("2017", "2007", "1997")))
    for _ in range(200):
        s = t.state
        if s.pending is not None:
            ruling = describe(s.pending, s)
            if ruling.questions:
                event: Event = Judgement(ruling.questions[0].key, rnd.choice(ruling.questions[0].answers))
            elif ruling.caller is not None:
                legal = [c for c in _CALLS if s.admissible(ruling.caller, c)]
                event = CallMade(ruling.caller, rnd.choice(legal[:12]))
            else:
                event = Choice(rnd.choice(ruling.options).key)
        elif s.auction_over:
            break
        elif rnd.random() < 0.25:
            seat = rnd.choice(list(Seat))
            event = CallMade(seat, rnd.choice(_CALLS[:20]))
        else:
            legal = [c for c in _CALLS if s.admissible(s.next_seat, c)]
            event = CallMade(s.next_seat, legal[0] if rnd.random() < 0.6 else rnd.choice(legal[:12]))
        try:
            t.do(event)
        except BridgeError:
            continue
    return t.start, list(t.log)


_CALLS = [Call.parse(c) for c in ("P", "X", "XX")] + [Call.parse(f"{lv}{s}") for lv in range(1, 8)
                                                         for s in ("C", "D", "H", "S", "NT")]


def rate(logs: list[tuple[TableState, list[Event]]], repeat: int = 3) -> tuple[float, int]:
    count = sum(len(events) for _, events in logs)
    best = float("inf")
    for _ in range(repeat):
        t0 = time.perf_counter()
        for start, events in logs:
            replay(events, start)
        best = min(best, time.perf_counter() - t0)
    return count / best, count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--boards", type=int, default=500)
    args = parser.parse_args()
    rnd = random.Random(2017)
    legal = [legal_log(rnd, 1 + i % 16) for i in range(args.boards)]
    irregular = [irregular_log(rnd, 1 + i % 16) for i in range(args.boards)]
    legal_rate, n1 = rate(legal)
    irregular_rate, n2 = rate(irregular)
    print(f"legal auctions:         {legal_rate:10.0f} events/s  ({n1} events, {args.boards} boards)")
    print(f"with irregularities:    {irregular_rate:10.0f} events/s  ({n2} events, {args.boards} boards)")
    print(f"ratio irregular/legal:  {irregular_rate / legal_rate:10.2f}")


if __name__ == "__main__":
    main()
