"""A PBN game to a model Board and back, with the file line of every call and card.

The Play section is by columns from the opening leader; the Board holds cards in the order played.
A play that stops early with a Result recorded becomes a claim by declarer of the remaining tricks
that the Result gives declarer (Law 68).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from ..errors import BridgeError, ParseError
from ..model.auction import Auction
from ..model.board import Board
from ..model.calls import Call
from ..model.cards import Card, Rank, Suit
from ..model.contract import Contract
from ..model.deal import Deal, Hand
from ..model.numbers import DEAL_BOARD_LIMIT, in_range, is_whole, shown
from ..model.play import Claim, Trick
from ..model.seat import Seat, Vulnerability
from .pbn_sections import chronological, format_auction, format_play, read_auction, read_play

if TYPE_CHECKING:
    from .pbn import PbnGame, PbnTag


@dataclass(frozen=True, slots=True)
class PbnRecord:
    """A game read as a board, with the line of each call and card and the irregularity marks.

    ``irregularities`` holds (section, index of the call or card it follows, mark such as ``^R``).
    """

    board: Board
    call_lines: tuple[int, ...] = ()
    card_lines: tuple[int, ...] = ()
    irregularities: tuple[tuple[str, int, str], ...] = ()
    annotations: tuple[tuple[int, str], ...] = ()


def relocate(err: BridgeError, field: str, line: int) -> BridgeError:
    """The same error, naming the field and file line where it was found."""
    return type(err)(err.message, law=err.law, field=field or err.field, line=line)


_RANK_CARDS = {suit: {rank.char: Card(suit, rank) for rank in Rank} for suit in Suit}
_SUITS_DOWN = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@lru_cache(maxsize=8192)
def read_deal(text: str) -> Deal:
    """A PBN deal string to a Deal: a fast path for the plain form, else ``Deal.from_pbn`` (and its errors)."""
    if len(text) > 2 and text[1] == ":" and text[0] in "NESW":
        parts = text[2:].split()
        if len(parts) == 4 and all(p.count(".") == 3 for p in parts):
            first = Seat("NESW".index(text[0]))
            hands: list[frozenset[Card]] = [frozenset()] * 4
            try:
                for i, part in enumerate(parts):
                    hand = [_RANK_CARDS[suit][ch] for suit, holding in zip(_SUITS_DOWN, part.split("."), strict=True)
                            for ch in holding]
                    if len(hand) != 13 or len(set(hand)) != 13:
                        raise KeyError(part)
                    hands[first.after(i)] = frozenset(hand)
                return Deal(tuple(Hand(h) for h in hands))  # type: ignore[arg-type]
            except (KeyError, BridgeError):
                pass
    return Deal.from_pbn(text)


#: PBN 2.1 (section 3.4): an empty tag value, or "?", means the value is unknown
UNKNOWN = frozenset({"", "?"})


def parse_result(text: str, declarer: Seat | None, line: int) -> int | None:
    """Tricks for declarer from a Result tag: ``9``, ``^9``, or ``NS 9 EW 4`` (None if empty).

    >>> parse_result("NS 9 EW 4", Seat.EAST, 1), parse_result("10", None, 1), parse_result("", None, 1)
    (4, 10, None)
    """
    key = text.strip().lstrip("^")
    if key in UNKNOWN:
        return None
    if is_whole(key):
        tricks = int(key)
    else:
        words = key.split()
        pairs = dict(zip(words[::2], words[1::2], strict=False))
        if declarer is None or not all(is_whole(v) for v in pairs.values()):
            if declarer is None and all(is_whole(v) for v in pairs.values()):
                return None
            raise ParseError(f"not a result: {text!r}", field="Result", line=line)
        own = pairs.get(declarer.side.value)
        other = pairs.get(declarer.side.other.value)
        if own is not None:
            tricks = int(own)
        elif other is not None:
            tricks = 13 - int(other)
        else:
            raise ParseError(f"not a result: {text!r}", field="Result", line=line)
    if not 0 <= tricks <= 13:
        raise ParseError(f"a result of {tricks} tricks is not 0 to 13", field="Result", line=line)
    return tricks


def _seat(text: str, field: str, line: int) -> Seat | None:
    key = text.strip().lstrip("^")
    if key in UNKNOWN:
        return None
    try:
        return Seat.parse(key)
    except ParseError as err:
        raise relocate(err, field, line) from None


def game_record(game: PbnGame) -> PbnRecord:
    """Build the board of a game; any problem raises a BridgeError naming the field and the line."""
    tags = game.tags
    at = game.line_of
    deal_text = tags.get("Deal", "").strip()
    if not deal_text:
        raise ParseError("the game has no deal", field="Deal", line=game.line)
    try:
        deal = read_deal(deal_text)
    except BridgeError as err:
        raise relocate(err, "Deal", at("Deal")) from None
    number: int | None = None
    board_text = tags.get("Board", "").strip()
    if board_text:
        if not is_whole(board_text) or int(board_text) < 1:
            raise ParseError(f"not a board number: {shown(board_text)}", field="Board", line=at("Board"))
        number = in_range(int(board_text), "Board", line=at("Board"), low=1, high=DEAL_BOARD_LIMIT)
    dealer = _seat(tags.get("Dealer", ""), "Dealer", at("Dealer"))
    vulnerability: Vulnerability | None = None
    vul_text = tags.get("Vulnerable", "").strip()
    if vul_text:
        try:
            vulnerability = Vulnerability.parse(vul_text)
        except ParseError as err:
            raise relocate(err, "Vulnerable", at("Vulnerable")) from None
    declarer = _seat(tags.get("Declarer", ""), "Declarer", at("Declarer"))
    contract_text = tags.get("Contract", "").strip().lstrip("^")
    if contract_text in UNKNOWN:
        contract_text = ""
    recorded: Contract | None = None
    passed_out = contract_text.lower() in ("pass", "passed", "ap")
    if contract_text and not passed_out:
        if declarer is None:
            raise ParseError(f"contract {contract_text!r} has no declarer", field="Declarer", line=at("Declarer"))
        try:
            recorded = Contract.parse(contract_text, declarer)
        except ParseError as err:
            raise relocate(err, "Contract", at("Contract")) from None
    tricks = parse_result(tags.get("Result", ""), declarer, at("Result"))

    calls: list[Call] = []
    call_lines: list[int] = []
    marks: list[tuple[str, int, str]] = []
    annotations: list[tuple[int, str]] = []
    notes: dict[int, str] = {}
    if "Auction" in tags:
        line = at("Auction")
        first = _seat(tags["Auction"], "Auction", line)
        sec = read_auction(game.sections.get("Auction", []), line + 1)
        calls, call_lines = sec.calls, sec.lines
        if first is not None and calls:
            start = first.after(sec.skipped)
            if dealer is None:
                dealer = start
            elif start != dealer:
                raise ParseError(f"the auction begins with {start.name.title()} but the dealer is "
                                 f"{dealer.name.title()}", field="Auction", law="17A", line=line)
        marks.extend(("Auction", i, m) for i, m in sec.irregularities)
        annotations = sec.annotations
        texts = game.notes("Auction")
        for index, ref in sec.note_refs:
            if index >= 0 and ref in texts:
                notes[index] = f"{notes[index]}; {texts[ref]}" if index in notes else texts[ref]

    cards: list[Card] = []
    card_lines: list[int] = []
    claim: Claim | None = None
    if "Play" in tags:
        line = at("Play")
        play = read_play(game.sections.get("Play", []), line + 1)
        if any(c is not None for row in play.rows for c in row):
            leader = _seat(tags["Play"], "Play", line)
            try:
                contract = _playing_contract(calls, dealer, number, recorded, leader)
            except ParseError as err:
                raise relocate(err, "Play", line) from None
            leader = contract.opening_leader
            trump = contract.strain.suit
            cards, card_lines, done = chronological(play, leader, trump, line + 1)
            marks.extend(("Play", i, m) for i, m in play.irregularities)
            if len(cards) < 52 and tricks is not None:
                won = sum(1 for t in done if t.winner(trump).side == contract.side)
                claim = Claim(contract.declarer, tricks - won)
    board = Board(number, deal, tuple(calls), tuple(cards), claim, dealer, vulnerability, recorded, passed_out,
                  tricks, notes)
    return PbnRecord(board, tuple(call_lines), tuple(card_lines), tuple(marks), tuple(annotations))


def _playing_contract(calls: list[Call], dealer: Seat | None, number: int | None, recorded: Contract | None,
                      leader: Seat | None) -> Contract:
    """The contract the cards are played in: the auction's or the recorded one, whichever the opening leader fits.

    When they disagree the board still loads, and its replay reports the disagreement (field Contract).
    """
    candidates: list[Contract] = []
    if calls:
        auction = Auction(dealer if dealer is not None else Seat((max(number or 1, 1) - 1) % 4), tuple(calls))
        contract = auction.contract() if auction.complete else None
        if contract is not None:
            candidates.append(contract)
    if recorded is not None:
        candidates.append(recorded)
    if not candidates:
        raise ParseError("cards are played but no contract is known", field="Play")
    for contract in candidates:
        if leader is None or leader == contract.opening_leader:
            return contract
    first = candidates[0]
    assert leader is not None
    raise ParseError(f"the play begins with {leader.name.title()} but the opening lead belongs to "
                     f"{first.opening_leader.name.title()}, declarer's left-hand opponent", field="Play", law="41A")


def declarer_tricks(cards: tuple[Card, ...], contract: Contract, claim: Claim | None) -> int | None:
    """Tricks for declarer from the cards (and claim), without legality checks; None if unfinished."""
    trump: Suit | None = contract.strain.suit
    leader = contract.opening_leader
    won = 0
    done = 0
    for start in range(0, len(cards) - len(cards) % 4, 4):
        trick = Trick(leader, cards[start:start + 4])
        leader = trick.winner(trump)
        done += 1
        won += leader.side == contract.side
    if done == 13:
        return won
    if claim is None:
        return None
    left = 13 - done
    return won + (claim.tricks if claim.claimer.side == contract.side else left - claim.tricks)


def board_game(board: Board, extra: Mapping[str, str] | Iterable[PbnTag] = ()) -> PbnGame:
    """A PBN game for a board: Board, Dealer, Vulnerable, Deal, Declarer, Contract, Result, Auction, Play."""
    from .pbn import PbnGame, PbnTag

    dealer = board.the_dealer
    items: list[PbnTag] = []

    def add(name: str, value: str, lines: Iterable[str] = ()) -> None:
        items.append(PbnTag(name, value, 0, tuple(lines)))

    if board.number is not None:
        add("Board", str(board.number))
    add("Dealer", dealer.letter)
    add("Vulnerable", board.the_vulnerability.value)
    add("Deal", board.deal.to_pbn(dealer))
    contract = board.recorded_contract
    passed = board.recorded_passed_out
    if board.calls:
        auction = Auction(dealer, board.calls)
        if auction.complete:
            contract, passed = auction.contract(), auction.passed_out
    tricks = board.recorded_tricks
    if contract is not None and (board.cards or board.claim is not None):
        counted = declarer_tricks(board.cards, contract, board.claim)
        tricks = counted if counted is not None else tricks
    add("Declarer", contract.declarer.letter if contract else "")
    add("Contract", contract.pbn if contract else ("Pass" if passed else ""))
    add("Result", "" if tricks is None or contract is None else str(tricks))
    if board.calls:
        refs = {index: n for n, index in enumerate(sorted(board.notes), start=1)}
        add("Auction", dealer.letter, format_auction(board.calls, refs))
        for index, n in refs.items():
            add("Note", f"{n}:{board.notes[index]}")
    if board.cards and contract is not None:
        add("Play", contract.opening_leader.letter, format_play(board.cards, contract.opening_leader,
                                                                 contract.strain.suit))
    if isinstance(extra, Mapping):
        for name, value in extra.items():
            add(name, value)
    else:
        items.extend(extra)
    return PbnGame.of(items)

