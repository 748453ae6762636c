"""Generate ``club-night.pbn``: eight boards dealt at random (fixed seed), bid to the par contract and
played double-dummy, one of them ended by a claim.  Needs the ``dd`` extra (endplay).

    .venv/bin/python examples/generate.py
"""

from __future__ import annotations

import random
from pathlib import Path

from endplay import dds
from endplay import types as ep

from bridge_director.io.pbn import PbnGame, write_pbn
from bridge_director.model import (
    FULL_DECK,
    PASS,
    Auction,
    Bid,
    Board,
    Call,
    Card,
    Claim,
    Contract,
    Deal,
    Double,
    Doubling,
    Hand,
    Play,
    Seat,
    board_dealer,
    board_vulnerability,
)
from bridge_director.model.board import checked_play

HERE = Path(__file__).resolve().parent
_EP_VUL = {"None": ep.Vul.none, "NS": ep.Vul.ns, "EW": ep.Vul.ew, "All": ep.Vul.both}


def par_contract(deal: Deal, number: int) -> Contract | None:
    """The first par contract endplay finds for the deal, as one of ours."""
    theirs = ep.Deal(deal.to_pbn())
    pars = dds.par(theirs, _EP_VUL[board_vulnerability(number).value], ep.Player.find(board_dealer(number).letter))
    for found in pars:
        if found.level == 0:
            return None
        doubling = {"passed": "", "doubled": "X", "redoubled": "XX"}[found.penalty.name]
        return Contract.parse(f"{found.level}{found.denom.abbr}{doubling}", Seat.parse(found.declarer.abbr))
    return None


def auction_to(contract: Contract | None, dealer: Seat) -> tuple[Call, ...]:
    """A short legal auction reaching ``contract``: passes round to declarer, a one-level try, then the contract."""
    auction = Auction(dealer)
    if contract is None:
        return (PASS,) * 4
    while auction.next_seat != contract.declarer:
        auction = auction.add(PASS)
    final = Bid(contract.level, contract.strain)
    if contract.level > 1:
        opening = Bid(1, contract.strain)
        auction = auction.add(opening).add(PASS).add(Bid(max(2, contract.level - 1), contract.strain)
                                                     if contract.level > 2 else final)
        if auction.last_bid != final:
            auction = auction.add(PASS).add(final)
    else:
        auction = auction.add(final)
    if contract.doubling >= Doubling.DOUBLED:
        auction = auction.add(Double())
    while not auction.complete:
        auction = auction.add(PASS)
    return auction.calls


def double_dummy_play(deal: Deal, contract: Contract) -> tuple[Card, ...]:
    """Play the board out double-dummy (best card for the side on play, lowest of equals)."""
    theirs = ep.Deal(deal.to_pbn())
    theirs.first = ep.Player.find(contract.opening_leader.letter)
    theirs.trump = ep.Denom.find(contract.strain.letter[0])  # C, D, H, S, or N for notrump
    play = Play.start(deal, contract)
    cards: list[Card] = []
    while not play.finished:
        options = list(dds.solve_board(theirs))
        best = max(t for _, t in options)
        chosen = next(c for c, t in options if t == best)
        card = Card.parse(f"{chosen.suit.abbr}{chosen.rank.abbr}")
        theirs.play(chosen)
        play = play.add(card)
        cards.append(card)
    return tuple(cards)


CLAIM_BOARD, CLAIM_AFTER = 5, 9  # this board is ended by declarer's claim after nine tricks


def make_boards(seed: int = 2017, count: int = 8) -> list[Board]:
    rng = random.Random(seed)
    boards = []
    for number in range(1, count + 1):
        order = list(FULL_DECK)
        rng.shuffle(order)
        deal = Deal(tuple(Hand(frozenset(order[i * 13:(i + 1) * 13])) for i in range(4)))  # type: ignore[arg-type]
        contract = par_contract(deal, number)
        calls = auction_to(contract, board_dealer(number))
        if contract is None:
            boards.append(Board(number=number, deal=deal, calls=calls))
            continue
        cards = double_dummy_play(deal, contract)
        if number != CLAIM_BOARD:
            boards.append(Board(number=number, deal=deal, calls=calls, cards=cards))
            continue
        # The claim is for what the rest of the double-dummy play gives declarer's side.
        played = cards[:4 * CLAIM_AFTER]
        rest = (checked_play(deal, contract, cards).declarer_tricks
                - checked_play(deal, contract, played).declarer_tricks)
        boards.append(Board(number=number, deal=deal, calls=calls, cards=played,
                            claim=Claim(contract.declarer, rest, "the rest are mine: drawing trumps first")))
    return boards


def main() -> None:
    games = [PbnGame.from_board(board, {"Event": "Club night", "Site": "bridge-director examples",
                                        "Date": "2026.11.20"}) for board in make_boards()]
    (HERE / "club-night.pbn").write_text(write_pbn(games), encoding="utf-8")
    print(f"wrote {HERE / 'club-night.pbn'}: {len(games)} boards")


if __name__ == "__main__":
    main()
