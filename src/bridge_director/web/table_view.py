"""A table state as plain data for the API and the templates (read-only; the engine decides everything)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..laws.common import lead_text
from ..laws.matters import Matter, board_over, open_matters, waiting_matter
from ..laws.pending import describe
from ..laws.ruling import Ruling
from ..laws.script import short_script
from ..model import Auction, Bid, Card, Rank, Seat, Suit
from ..table.play import cards_played
from ..table.play_state import RevokeRecord
from ..table.play_view import rules_in_force
from ..table.state import Flag, TableState
from .board_end import card_out, claim_view, revokes_view, summary_view
from .entries import describe_event
from .schemas import (
    CallOut,
    CardOut,
    LogOut,
    MatterOut,
    OptionOut,
    QuestionOut,
    RecordOut,
    RevokeOut,
    RulingOut,
    TableOut,
)
from .tables import LogEntry


def _title(name: str) -> str:
    return name.title()


def ruling_of(state: TableState) -> Ruling | None:
    """The pending ruling as the law modules describe it, or None."""
    return describe(state.pending, state) if state.pending is not None else None


def ruling_out(ruling: Ruling) -> RulingOut:
    return RulingOut(
        irregularity=ruling.irregularity, law=ruling.law, edition=str(ruling.edition),
        offender=_title(ruling.offender.name), role=ruling.role,
        # a seat is an IntEnum and North is 0: ``if ruling.chooser`` would make North's choice the director's
        chooser=_title(ruling.chooser.name) if ruling.chooser is not None else None,
        caller=_title(ruling.caller.name) if ruling.caller is not None else None, text=ruling.text,
        short=short_script(ruling),
        options=[OptionOut(key=o.key, label=o.label, consequence=o.consequence, law=o.law) for o in ruling.options],
        questions=[QuestionOut(key=q.key, text=q.text, answers=list(q.answers), law=q.law)
                   for q in ruling.questions],
    )


def calls_open(state: TableState, ruling: Ruling | None) -> bool:
    """Whether a call can be entered now: during the auction, or while the pending ruling waits for a call
    (e.g. the offender's replacement call).  Once the auction is over a call is one after the final pass
    (Law 39), entered under "Other irregularities" rather than from the bidding box."""
    return not state.auction_over or (ruling is not None and ruling.caller is not None)


def table_out(state: TableState, table_id: str | None = None, log: list[LogEntry] | None = None) -> TableOut:
    """Everything the director needs to see about ``state``."""
    ruling = ruling_of(state)
    contract = state.contract()
    return TableOut(
        id=table_id, board=state.board, dealer=_title(state.dealer.name), vulnerability=state.vulnerability.value,
        laws=str(state.laws), phase=state.phase, next_seat=_title(state.next_seat.name),
        calls_open=calls_open(state, ruling),
        calls=[CallOut(seat=ac.seat.letter, call=str(ac.call)) for ac in state.calls],
        ruling=ruling_out(ruling) if ruling is not None else None,
        restrictions=[r.describe() for r in state.restrictions],
        lead_restrictions=[lead_text(lr.offender, lr.withdrawn, lr.edition) for lr in state.lead_restrictions],
        rules_in_force=rules_in_force(state),
        exposed=[f"{_title(e.seat.name)}: {e.card.symbol}{' (led)' if e.led else ''}" for e in state.exposed],
        penalty_cards=[f"{_title(p.seat.name)}: {p.card.symbol} ({'major' if p.major else 'minor'}, Law {p.law})"
                       for p in state.penalty_cards],
        unauthorised=[f"{u.side.value}: {u.source} is unauthorised information (Law {u.law})"
                      for u in state.unauthorised],
        flags=[f"Law {f.law}, {f.side.value}: {f.text}" for f in state.flags],
        records=[RecordOut(law=r.law, irregularity=r.irregularity, offender=_title(r.offender.name),
                           outcome=r.outcome) for r in state.records],
        contract=str(contract) if contract is not None else None,
        contract_pbn=contract.pbn if contract is not None else None,
        declarer=contract.declarer.letter if contract is not None else None,
        deal=state.deal.to_pbn() if state.deal is not None else None,
        **play_view(state),
        revokes=worded_revokes(state), claim=claim_view(state), summary=summary_view(state),
        board_over=board_over(state), matters=[matter_out(m) for m in open_matters(state)],
        later=later_question(state, ruling),
        log=[LogOut(number=e.number, text=describe_event(e.event), undone=e.undone) for e in (log or [])],
    )


def revoke_text(state: TableState, revoke: RevokeRecord) -> str:
    """A revoke in words: a failure to follow suit (``East did not follow hearts on trick 1 (♣4)``), or a card led
    or played contrary to a rectification, which Law 61A makes a revoke (``West led ♥7 on trick 1: West was
    forbidden to lead hearts while he kept the lead (Law 50D2)``): never "did not follow" for a forbidden lead."""
    who, card = _title(revoke.seat.name), revoke.card.symbol
    if not revoke.rule:
        return f"{who} did not follow {revoke.suit.name.lower()} on trick {revoke.trick} ({card})"
    play = state.play
    trick = play.tricks[revoke.trick - 1] if play is not None and 0 < revoke.trick <= len(play.tricks) else None
    led = trick is not None and bool(trick.cards) and trick.cards[0] == revoke.card and trick.leader == revoke.seat
    said = f"{who} {'led' if led else 'played'} {card} on trick {revoke.trick}"
    # the engine's note says which rule the card broke (table.play: "revoke (Law 61A) by ... played; <the rule>")
    start = f"revoke (Law 61A) by {who} on trick {revoke.trick}: {card} played; "
    rule = next((n.removeprefix(start) for n in reversed(state.period.notes) if n.startswith(start)), "")
    return f"{said}: {rule}" if rule else f"{said}, contrary to Law {revoke.rule}: a revoke (Law 61A)"


def worded_revokes(state: TableState) -> list[RevokeOut]:
    """``board_end.revokes_view`` with each revoke in words (``revoke_text``)."""
    return [out.model_copy(update={"text": revoke_text(state, r)})
            for out, r in zip(revokes_view(state), state.period.revokes, strict=True)]


# ----- judgement on the director's timeline: the facts now, the ruling at the end of the hand (laws.matters) -----
def matter_out(matter: Matter) -> MatterOut:
    return MatterOut(kind=matter.kind, seat=matter.seat.letter, law=matter.law, call_no=matter.call_no,
                     text=matter.text, now=matter.now, waiting=matter.waiting, command=matter.command())


def later_question(state: TableState, ruling: Ruling | None) -> str | None:
    """The question of the pending review that ``later`` puts aside (a 16B or 21B review: those that can wait)
    while the board goes on; None when there is no such review or the board is over."""
    if state.pending is None or ruling is None or not ruling.questions or board_over(state):
        return None
    if waiting_matter(state.pending, state) is None:
        return None
    return ruling.questions[0].key


def under_review(state: TableState) -> MatterOut | None:
    """The matter the pending review is about (a 16B or 21B review), to say so beside it; None otherwise."""
    found = waiting_matter(state.pending, state) if state.pending is not None else None
    return matter_out(found) if found is not None else None


def table_result_text(state: TableState) -> str:
    """The result at the table once the board is over (``2S by North, 6 tricks``): the baseline a damage
    question is judged against (Law 12B1); empty before."""
    from ..laws.adjustment import table_result
    found = table_result(state) if board_over(state) else None
    return found.text() if found is not None else ""


def play_view(state: TableState) -> dict[str, Any]:
    """The play period: whose turn, the cards that hand holds (as buttons), the tricks so far and left."""
    play = state.play
    if play is None or play.finished or state.period.ended:
        return {}
    seat = play.next_seat
    held = sorted(play.remaining_hands()[seat].cards, key=lambda c: (-int(c.suit), -int(c.rank)))
    tricks = f"declarer {play.declarer_tricks}, defenders {len(play.completed_tricks) - play.declarer_tricks}"
    return {"play_seat": _title(seat.name), "hand": [card_out(c) for c in held], "tricks": tricks,
            "tricks_left": 13 - len(play.completed_tricks)}


# ----- "Something happened": every other kind of event, in at most four taps (docs/phone.md, "Taps") ------------
@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of the sheet: ``key`` is sent as ``sheet``; ``fields`` are what it adds to the entry; ``picks`` the
    controls it needs (seat, a call of the auction, a card, ...), each a class of the form's CSS; ``auto``: the
    seat may be left to its default (in turn, on play, the last caller); ``when``: auction, over (the auction),
    play, tricks (once a trick is complete), led (the opening lead faced, dummy not yet spread) or any."""

    key: str
    label: str
    cite: str
    picks: tuple[str, ...]
    fields: tuple[tuple[str, str], ...]
    when: str = "any"
    auto: bool = False

    @property
    def classes(self) -> str:
        return " ".join(f"k-{p}" for p in (*self.picks, *(("auto",) if self.auto else ())))


def _kind(key: str, label: str, cite: str, picks: str, when: str = "any", auto: bool = False,
          **fields: str) -> Kind:
    return Kind(key, label, cite, tuple(picks.split()), tuple({"kind": key, **fields}.items()), when, auto)


KINDS: tuple[Kind, ...] = (
    _kind("change", "Call changed", "25, 21B", "seat bid", "auction", True),
    _kind("above_seven", "Bid above seven", "38", "seat above", "auction", True),
    _kind("improper_double", "Double naming a bid", "19", "seat bid double", "auction", True),
    _kind("expose", "Card exposed", "24, 48", "seat cards led", "any"),
    _kind("found_faced", "Card found face up", "16D", "seat cards", "auction"),
    _kind("wrong_board", "Wrong board's cards", "17D", "seat enter", "auction"),
    _kind("review", "Auction asked for", "20B", "seat enter", "auction"),
    _kind("hesitation", "Break in tempo", "73A2", "seat tempo agreed"),
    _kind("explanation", "Explanation of a call", "20F1", "answer call"),
    _kind("play_explanation", "Explanation of a play agreement", "20F1, 40A1", "seat answer about",
          kind="explanation"),
    _kind("no_alert", "Alert missing", "20F1", "answer call", kind="explanation", alerted="no"),
    _kind("explanation_corrected", "Explanation corrected", "20F5", "answer call"),
    _kind("remark", "Remark or gesture", "73B1", "seat say gesture"),
    _kind("psyche", "Psyche reported", "40A3", "call"),
    _kind("ui", "Review UI: a call", "16B", "call", kind="review_ruling", law="16B"),
    _kind("ui_card", "Review UI: a card", "16B", "seat enter", "play", kind="review_ruling", law="16B"),
    _kind("mi", "Review misinfor\u00admation", "21B", "call", kind="review_ruling", law="21B"),
    _kind("psyche_review", "Review a psyche", "40", "call", kind="review_ruling", law="40"),
    _kind("deception", "Review deceptive tempo", "73F", "seat enter", kind="review_ruling", law="73F"),
    _kind("late_call", "Call after the final pass", "39", "seat bid", "over", kind="call"),
    _kind("play", "Card played, any seat", "53-57", "seat cards face", "play", True),
    _kind("dummy_faced", "Dummy spread", "41D, 47E2", "enter", "led"),
    _kind("revoke_corrected", "Revoke corrected", "62A", "seat cards", "play"),
    _kind("together", "Cards played together", "58B", "seat cards both", "play", True),
    _kind("dummy_call", "Dummy's card called", "46", "desig", "play"),
    _kind("designation_changed", "Card named changed", "45C4", "seat cards", "play"),
    _kind("withdraw", "Card taken back", "47", "seat law47", "play"),
    _kind("dummy_act", "Dummy's act", "42B, 43", "act forfeit", "play"),
    _kind("trick_entry", "Trick quitted or defective", "65, 67", "seat trick", "tricks"),
)
KINDS_BY_KEY = {k.key: k for k in KINDS}
#: Law 47's clauses with a few words each (``withdraw``)
WITHDRAW = (("47A", "to comply with a rectification"), ("47B", "to correct an illegal play"),
            ("47C", "after a changed designation"), ("47D", "after an opponent's change"),
            ("47E1", "lead after a wrong 'your lead'"), ("47E2", "after a mistaken explanation"))
DUMMY_ACTS = (("prevent", "Tries to prevent an irregularity"), ("warn", "Warns of a lead from the wrong hand"),
              ("ask-declarer", "Asks declarer about a revoke"), ("ask-defender", "Asks a defender about a revoke"))
TRICK_ACTS = (("quitted", "Quitted, pointed wrongly (65B3)"), ("too-many", "A card too many (67B1)"),
              ("too-few", "A card too few (67B2)"))
#: declarer's words for dummy's card (Law 46): the keywords, then the ranks
DESIGNATIONS = (("high", "high"), ("low", "low"), ("win", "win"), ("anything", "play anything"),
                ("suit", "the suit only"))
RANK_WORDS = (("ace", "A"), ("king", "K"), ("queen", "Q"), ("jack", "J"), ("ten", "10"), ("nine", "9"),
              ("eight", "8"), ("seven", "7"), ("six", "6"), ("five", "5"), ("four", "4"), ("three", "3"),
              ("two", "2"))
#: a break in tempo's context (the ACBL skip-bid rule; the director's finding): the value sent, the words shown
SKIP_WARNINGS = (("", "Not asked"), ("yes", "Given"), ("no", "Not given"))
UNUSUAL = (("", "Not found"), ("yes", "Yes"), ("no", "No"))
#: the play agreements an explanation with no call is about (``schemas.PlayAgreement``)
PLAY_AGREEMENTS = (("leads", "Leads"), ("carding", "Carding"), ("signals", "Signals"), ("discards", "Discards"),
                   ("play", "Other play"))


@dataclass(frozen=True, slots=True)
class HandView:
    """The cards one seat holds now (``seat``: a letter; ``all``: the whole pack when no deal is known)."""

    seat: str
    cards: tuple[CardOut, ...]
    auto: bool = False


@dataclass(frozen=True, slots=True)
class SheetView:
    kinds: tuple[Kind, ...]
    bids: bool
    auction: list[list[tuple[int, str]]]
    hands: tuple[HandView, ...]
    tricks_done: int


def _available(kind: Kind, state: TableState) -> bool:
    if kind.when == "auction":
        return not state.auction_over
    if kind.when == "over":
        return state.auction_over
    if kind.when in ("play", "tricks", "led"):
        play = state.play
        live = play is not None and not play.finished and not state.period.ended
        if kind.when == "led":  # Law 41D: dummy is spread once the opening lead is faced
            return live and play is not None and cards_played(play) > 0 and not state.period.dummy_faced
        return live and (kind.when == "play" or bool(play and play.completed_tricks))
    if "call" in kind.picks:
        return bool(state.calls)
    return True


def _hands(state: TableState) -> tuple[HandView, ...]:
    """Each seat's cards now (the remaining ones in the play), the seat in turn marked; no deal: the pack."""
    if state.deal is None or not state.deal.complete:
        pack = sorted((Card(suit, rank) for suit in Suit for rank in Rank), key=lambda c: (-int(c.suit), -int(c.rank)))
        return (HandView("all", tuple(card_out(c) for c in pack)),)
    play = state.play
    held = play.remaining_hands() if play is not None else {s: state.deal.hands[s] for s in Seat}
    turn = play.next_seat if play is not None else state.next_seat
    return tuple(HandView(seat.letter, tuple(card_out(c) for c in sorted(held[seat].cards,
                                                                           key=lambda c: (-int(c.suit), -int(c.rank)))),
                          seat == turn) for seat in Seat)


def auction_cells(state: TableState) -> list[list[tuple[int, str]]]:
    """The auction in rows of four (North to West), each call with its number (0: a blank before the dealer)."""
    cells = [(0, "")] * "NESW".index(state.dealer.letter) + [(i, str(ac.call)) for i, ac in
                                                               enumerate(state.calls, 1)]
    return [(cells[i:i + 4] + [(0, "")] * 4)[:4] for i in range(0, len(cells), 4)]


def sheet_view(state: TableState) -> SheetView | None:
    """What "Something happened" offers now (None while a ruling is pending: the engine takes only its answers)."""
    if state.pending is not None:
        return None
    kinds = tuple(k for k in KINDS if _available(k, state))
    needs_cards = any("cards" in k.picks for k in kinds)
    done = len(state.play.completed_tricks) if state.play is not None else 0
    return SheetView(kinds, any("bid" in k.picks for k in kinds), auction_cells(state),
                     _hands(state) if needs_cards else (), done)


# ----- the flags the director may review (Law 12), each with the seat named --------------------------------------
@dataclass(frozen=True, slots=True)
class FlagView:
    text: str
    law: str
    seat: str


def flag_seat(state: TableState, flag: Flag) -> Seat:
    """The offender of a flag: the seat of its side named in its text, else the side's last offender on record,
    else the side's first seat."""
    seats = [s for s in Seat if s.side == flag.side]
    named = [s for s in seats if s.name.title() in flag.text]
    if named:
        return named[0]
    offenders = [r.offender for r in state.records if r.offender.side == flag.side]
    return offenders[-1] if offenders else seats[0]


def flags_view(state: TableState) -> list[FlagView]:
    return [FlagView(f"Law {f.law}, {f.side.value}: {f.text}", f.law.split("(")[0], flag_seat(state, f).letter)
            for f in state.flags]


# ----- the director's written answers: the hint, and controls instead of typing ---------------------------------
@dataclass(frozen=True, slots=True)
class Written:
    """A question with no fixed answers: ``form`` is score, alternatives, suggests, card or text."""

    key: str
    hint: str
    form: str
    cards: tuple[CardOut, ...] = ()
    calls: tuple[str, ...] = ()
    poll: bool = False
    table: str = ""


def candidate_calls(state: TableState, call_no: int) -> tuple[str, ...]:
    """The calls the player could have made at call ``call_no`` but the one he made: Pass, the double or
    redouble if admissible, and the bids up to a level above his (or two above the last bid)."""
    auction = Auction(state.dealer, tuple(ac.call for ac in state.calls[:call_no - 1]))
    taken = state.calls[call_no - 1].call
    last = auction.last_bid
    top = (taken.level + 1) if isinstance(taken, Bid) else ((last.level + 2) if last is not None else 2)
    out = [c for c in auction.legal_calls() if not isinstance(c, Bid) or c.level <= min(7, top)]
    return tuple(str(c) for c in out if c != taken)


def written_view(state: TableState, ruling: Ruling | None) -> dict[str, Written]:
    """For each written question of the pending ruling, how the page takes its answer."""
    if ruling is None:
        return {}
    from ..laws.adjustment import table_result
    from ..laws.law16_play import PlayInQuestion
    from ..laws.law16_ui import UiReview
    stage = state.pending
    out: dict[str, Written] = {}
    for q in ruling.questions:
        if q.answers:
            continue
        if q.key == "score":
            found = table_result(state)
            out[q.key] = Written(q.key, q.hint, "score", table=found.text() if found is not None else "")
        elif q.key == "card" and isinstance(stage, PlayInQuestion):
            out[q.key] = Written(q.key, q.hint, "card", cards=tuple(card_out(c) for _, c in stage.played))
        elif q.key in ("alternatives", "suggests") and isinstance(stage, UiReview) and stage.call_no:
            calls = candidate_calls(state, stage.call_no)
            out[q.key] = Written(q.key, q.hint, q.key, calls=calls, poll=q.key == "alternatives")
        else:
            out[q.key] = Written(q.key, q.hint, "text")
    return out
