"""Generate the demo club night's files: ``club-session.pbn`` (the hand records of 15 boards, as a dealing
program writes them: Board, Dealer, Vulnerable, Deal), ``club-session-entry.csv`` (ten pairs, invented names) and
``club-session-results.csv`` (five results a board: the par contract with the double-dummy tricks, varied).
Needs the ``dd`` extra (endplay).

    .venv/bin/python examples/generate_session.py
"""

from __future__ import annotations

import csv
import io
import random
from pathlib import Path

from endplay import dds
from endplay import types as ep
from generate import par_contract

from bridge_director.io.pbn import PbnGame, write_pbn
from bridge_director.model import FULL_DECK, Board, Deal, Hand, board_dealer, board_vulnerability

HERE = Path(__file__).resolve().parent
BOARDS, TABLES = 15, 5
SWINGS = (0, 0, -1, 1, 0, -1, 0, 1, -2)
FIRST = ("Alex", "Bea", "Cal", "Dee", "Eli", "Fay", "Gus", "Hal", "Ivy", "Jo", "Kit", "Lou", "Max", "Ned", "Ona",
         "Pip", "Quin", "Ray", "Sol", "Tam")
LAST = ("Ashdown", "Birchall", "Coldwell", "Dunmore", "Eastfield", "Fairbank", "Greystone", "Holloway", "Ivybridge",
        "Juniper", "Kestrel", "Longmead", "Marlow", "Northcote", "Oakridge", "Pennant", "Quarry", "Redhill",
        "Saltmarsh", "Thornbury")


def deals(seed: int = 1126) -> list[Deal]:
    rng = random.Random(seed)
    out = []
    for _ in range(BOARDS):
        order = list(FULL_DECK)
        rng.shuffle(order)
        out.append(Deal(tuple(Hand(frozenset(order[i * 13:(i + 1) * 13])) for i in range(4))))  # type: ignore[arg-type]
    return out


def hand_records(all_deals: list[Deal]) -> str:
    games = []
    for number, deal in enumerate(all_deals, 1):
        game = PbnGame.from_board(_record(number, deal), {"Event": "Club night", "Site": "bridge-director examples",
                                                          "Date": "2026.11.24"})
        games.append(game)
    empty = ('[Declarer ""]', '[Contract ""]', '[Result ""]')  # a hand record has no result tags
    return "".join(line for line in write_pbn(games).splitlines(keepends=True) if line.strip() not in empty)


def _record(number: int, deal: Deal) -> Board:
    return Board(number=number, deal=deal, dealer=board_dealer(number), vulnerability=board_vulnerability(number))


def results(all_deals: list[Deal], seed: int = 24) -> str:
    rng = random.Random(seed)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["board", "slot", "contract", "declarer", "tricks", "lead"])
    for number, deal in enumerate(all_deals, 1):
        contract = par_contract(deal, number)
        if contract is None:
            for slot in range(1, TABLES + 1):
                writer.writerow([number, slot, "PASS", "", "", ""])
            continue
        theirs = ep.Deal(deal.to_pbn())
        table = dds.calc_dd_table(theirs)
        tricks = table[ep.Denom.find(contract.strain.letter[0]), ep.Player.find(contract.declarer.letter)]
        leader = deal[contract.opening_leader]
        for slot in range(1, TABLES + 1):
            made = max(0, min(13, tricks + rng.choice(SWINGS)))
            lead = rng.choice(sorted(leader, key=str))
            writer.writerow([number, slot, contract.pbn, contract.declarer.letter, made, str(lead)])
    return out.getvalue()


def entry() -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["pair", "player1", "member1", "player2", "member2"])
    for pair in range(1, 2 * TABLES + 1):
        a, b = 2 * pair - 2, 2 * pair - 1
        writer.writerow([pair, f"{FIRST[a]} {LAST[a]}", f"{1000 + a}", f"{FIRST[b]} {LAST[b]}", f"{1000 + b}"])
    return out.getvalue()


def main() -> None:
    all_deals = deals()
    (HERE / "club-session.pbn").write_text(hand_records(all_deals), encoding="utf-8")
    (HERE / "club-session-entry.csv").write_text(entry(), encoding="utf-8")
    (HERE / "club-session-results.csv").write_text(results(all_deals), encoding="utf-8")
    print(f"wrote club-session.pbn ({BOARDS} boards), club-session-entry.csv, club-session-results.csv")


if __name__ == "__main__":
    main()
