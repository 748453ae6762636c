"""The JSON shapes of the API (pydantic models; they make the OpenAPI description)."""

from __future__ import annotations

from typing import Annotated, Literal

from fastapi import Path
from pydantic import BaseModel, ConfigDict, Field, ValidationError, ValidatorFunctionWrapHandler, field_validator
from pydantic_core import PydanticCustomError

BOARD_RANGE = "boards are numbered from 1 to 999 (Law 2)"
#: every kind of event the engine knows, named as in the table log (docs/table-log.md, docs/web.md)
EntryKind = Literal["call", "change", "choice", "judgement", "expose", "above_seven", "undo", "play", "claim",
                    "revoke_corrected", "tricks", "review", "explanation_corrected", "wrong_board", "found_faced",
                    "improper_double", "hesitation", "explanation", "remark", "psyche", "review_ruling",
                    "dummy_call", "withdraw", "dummy_act", "designation_changed", "together", "trick_entry",
                    "dummy_faced"]
#: the play agreements an explanation with no call is about (Laws 20F, 40A1)
PlayAgreement = Literal["leads", "carding", "signals", "discards", "play"]
PAUSE_RANGE = "the pause is a whole number of seconds from 0 to 3600"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)


class LoginIn(Strict):
    username: str = Field(min_length=1, max_length=40)
    password: str = Field(min_length=1, max_length=200)


class SessionOut(BaseModel):
    username: str
    role: str
    csrf_token: str


class EntryIn(Strict):
    """One entry at the table, as the engine's events (the kinds of the table log, docs/web.md): a call (in turn
    or not), a changed call, a choice of an option of the pending ruling, a director's judgement, cards exposed, a
    bid above seven, a card played, a claim (``seat``, ``tricks``, ``statement``), a revoke corrected (``seat``,
    ``card``), the tricks the director credits declarer with after play (``tricks``, ``law``, ``statement`` as the
    reason), undo; the facts of judgement (``hesitation``, ``explanation``, ``remark``, ``psyche``,
    ``explanation_corrected``), the director's review (``review_ruling``: ``law``, ``seat``, ``call_no``), and the
    other irregularities of the auction and the play (Laws 17D, 16D, 19, 20B, 43, 45C4(b), 46, 47, 58B, 65-67).
    A break in tempo carries its context (``skip_warning``, ``seconds``, ``unusual``); an explanation of a play
    agreement has no ``call_no`` and names what it is ``about``; ``dummy_faced`` marks dummy spread (Law 41D).
    Answering any question of a 16B or 21B review ``later`` puts it aside until the end of the hand."""

    kind: EntryKind
    seat: str | None = Field(default=None, max_length=5, description="N, E, S or W; a call defaults to in turn")
    call: str | None = Field(default=None, max_length=10, examples=["1H", "Pass", "X"])
    option: str | None = Field(default=None, max_length=40)
    question: str | None = Field(default=None, max_length=40)
    answer: str | None = Field(default=None, max_length=300, description="a judgement's answer (a score such as "
                               "'60% 4S N 9; 40% 4S N 10', a poll, 'la: Pass'; 'later' to any question of a 16B or "
                               "21B review puts it aside until the end of the hand), or the explanation given")
    cards: str | None = Field(default=None, max_length=60, description="cards exposed, e.g. 'SA HK'")
    card: str | None = Field(default=None, max_length=4, description="a card played or led, e.g. 'HJ'",
                             examples=["HJ", "SA"])
    led: bool = False
    level: int | None = Field(default=None, ge=8, le=99)
    strain: str | None = Field(default=None, max_length=10)
    tricks: int | None = Field(default=None, ge=0, le=13, description="a claim: the tricks claimed of those left; "
                               "kind tricks: declarer's tricks")
    statement: str | None = Field(default=None, max_length=300, description="the claim statement, or the reason")
    law: str | None = Field(default=None, max_length=10, description="kind tricks: the law (69B, 71, 62D, 64C, 12); "
                            "review_ruling: the law reviewed (16B, 21B, 40, 73F, 27D, ...); withdraw: 47A-47E2")
    call_no: int | None = Field(default=None, ge=1, le=400, description="a call's number in the auction (1 = the "
                                "dealer's first call): the call explained, reported as a psyche or reviewed; an "
                                "explanation without it is of a play agreement (``about``)")
    stated: str | None = Field(default=None, max_length=10, description="improper_double: the bid the player named")
    agreed: bool = Field(default=True, description="hesitation: false when the table disputes it (Law 85)")
    skip_warning: bool | None = Field(default=None, description="hesitation: a skip-bid warning was given before "
                                      "the call (true) or not (false); null: not asked, or no skip bid (Law 73A2)")
    seconds: int | None = Field(default=None, ge=0, le=3600, description="hesitation: the pause observed, in "
                                "seconds (0 to 3600)")
    unusual: bool | None = Field(default=None, description="hesitation: the director's finding that the tempo was "
                                 "out of the ordinary for the situation (true) or not (false: no break in tempo, no "
                                 "unauthorised information); null: not found yet")
    about: PlayAgreement | None = Field(default=None, description="explanation without call_no: the play agreement "
                                        "explained (leads, carding, signals, discards, play)")
    alerted: bool = Field(default=True, description="explanation: false records a missing alert")
    asked_by: str | None = Field(default=None, max_length=5, description="explanation: the seat that asked")
    text: str | None = Field(default=None, max_length=300, description="remark: what was said or done")
    gesture: bool = Field(default=False, description="remark: a gesture rather than words")
    seen_by: str | None = Field(default=None, max_length=20, description="found_faced: the seats that saw the cards")
    board: int | None = Field(default=None, ge=1, le=999, description="wrong_board: the board the cards came from")
    designation: str | None = Field(default=None, max_length=40, description="dummy_call: declarer's words",
                                    examples=["high", "spade", "queen", "SQ"])
    act: str | None = Field(default=None, max_length=20, description="dummy_act: prevent, warn, ask-declarer, "
                            "ask-defender; trick_entry: quitted, too-many, too-few")
    forfeited: bool = Field(default=False, description="dummy_act: dummy had broken 43A2 before")
    trick: int | None = Field(default=None, ge=1, le=13, description="trick_entry: the trick (default the last)")
    visible: str | None = Field(default=None, max_length=60, description="together: the cards whose face was seen "
                                "(default all)")
    face_down: bool = Field(default=False, description="play: an opening lead made face down (Law 41A)")
    expected: int | None = Field(default=None, ge=0, le=100_000,
                                 description="the number of entries in the log this device has seen; another "
                                             "device's entry since then makes this one a conflict (409), never an "
                                             "overwrite")
    key: str | None = Field(default=None, min_length=8, max_length=64, pattern=r"^[A-Za-z0-9_-]+$",
                            description="the device's idempotency key for this entry (8 to 64 letters, digits, - "
                                        "or _): sent again, it is answered with the entry already stored, never "
                                        "entered twice", examples=["3f1c9a62-4b1e-4d7a-9d2f-0a4b5c6d7e8f"])


    @field_validator("seconds", mode="wrap")
    @classmethod
    def _pause_range(cls, value: object, handler: ValidatorFunctionWrapHandler) -> int | None:
        """A pause that is not a whole number of seconds from 0 to 3600 is refused naming the field."""
        try:
            seconds: int | None = handler(value)
        except ValidationError:
            raise PydanticCustomError("pause_range", f"{PAUSE_RANGE}, not {{value}}", {"value": repr(value)}) from None
        return seconds


class TableIn(Strict):
    board: int = Field(ge=1, le=999, description="dealer and vulnerability follow the board number (Law 2)")
    deal: str | None = Field(default=None, max_length=80, description="PBN deal, e.g. 'N:AKQ.xxx... ...'")
    laws: Literal["2017", "2007", "1997"] = "2017"

    @field_validator("board", mode="wrap")
    @classmethod
    def _board_range(cls, value: object, handler: ValidatorFunctionWrapHandler) -> int:
        """A board out of range (0 above all) is refused with the Law 2 numbering, naming the field."""
        try:
            board: int = handler(value)
        except ValidationError as err:
            if any(e["type"] in ("greater_than_equal", "less_than_equal") for e in err.errors()):
                raise PydanticCustomError("board_range", f"{BOARD_RANGE}, not {{value}}", {"value": value}) from None
            raise
        return board


class ReplayIn(TableIn):
    """A board and its entries, replayed from the start: the ruling (if any) where they stop."""

    entries: list[EntryIn] = Field(default_factory=list, max_length=200)


class OptionOut(BaseModel):
    key: str
    label: str
    consequence: str
    law: str


class QuestionOut(BaseModel):
    key: str
    text: str
    answers: list[str]
    law: str


class RulingOut(BaseModel):
    irregularity: str
    law: str
    edition: str
    offender: str
    role: str = Field(default="Offender", description="what the seat in ``offender`` is: Offender, or Claimer for a "
                      "claim (Laws 68-71)")
    chooser: str | None
    caller: str | None
    text: str
    short: str = Field(description="the first screen read aloud: what happened, who chooses, each option in one "
                                   "line (``text`` is the whole script)")
    options: list[OptionOut]
    questions: list[QuestionOut]


class CallOut(BaseModel):
    seat: str
    call: str


class LogOut(BaseModel):
    number: int
    text: str
    undone: bool


class RecordOut(BaseModel):
    law: str
    irregularity: str
    offender: str
    outcome: str


class CardOut(BaseModel):
    card: str
    symbol: str
    red: bool


class RevokeOut(BaseModel):
    """A failure to follow suit the engine saw (Law 61); ``held`` are the cards that may correct it (62A)."""

    seat: str
    trick: int
    card: str
    suit: str
    established: bool
    corrected: bool
    held: list[CardOut]
    text: str = Field(default="", description="the revoke in words: a failure to follow suit, or a lead or play "
                      "contrary to a rectification (Law 61A)")


class TransferOut(BaseModel):
    law: str
    offender: str
    tricks: int
    text: str


class SummaryOut(BaseModel):
    """The end-of-board summary (``table.summary.board_summary``): final figures once nothing is pending."""

    contract: str | None
    tricks_at_table: int | None
    transfers: list[TransferOut]
    adjustments: list[str]
    final_tricks: int | None
    result: str | None
    score_ns: int | None
    flags: list[str]
    unauthorised: list[str]
    rulings: list[str]
    notes: list[str]
    pending: bool


class ClaimOut(BaseModel):
    """A disputed claim (Law 70): the remaining hands, the double-dummy result and the checklist."""

    claimer: str
    tricks: int
    left: int
    statement: str
    hands: list[str]
    double_dummy: str
    checklist: list[str]


class MatterOut(BaseModel):
    """An open judgement matter (``laws.matters``): a fact with no ruling yet, or a review put aside with its
    answers; ``review_ruling`` with ``law``, ``seat`` and ``call_no`` takes it up."""

    kind: str = Field(description="hesitation, remark, gesture, explanation corrected, or review waiting")
    seat: str = Field(description="the seat whose action is reviewed")
    law: str = Field(description="the review to start or resume: 16B or 21B")
    call_no: int | None
    text: str
    now: bool = Field(description="the board is over: review it now; false: the director is to be called back at "
                                  "the end of the hand")
    waiting: bool = Field(description="a review put aside with 'later', its answers kept")
    command: str = Field(description="the review entry as the CLI writes it, e.g. 'review 16B N 5'")


class TableOut(BaseModel):
    id: str | None
    board: int | None
    dealer: str
    vulnerability: str
    laws: str
    phase: str
    next_seat: str
    calls_open: bool = Field(default=False, description="the engine takes a call now: the auction period, or a "
                             "ruling that waits for a call (the bidding box is shown)")
    calls: list[CallOut]
    ruling: RulingOut | None
    restrictions: list[str]
    lead_restrictions: list[str]
    rules_in_force: list[str] = []
    exposed: list[str]
    penalty_cards: list[str]
    unauthorised: list[str]
    flags: list[str]
    records: list[RecordOut]
    contract: str | None
    contract_pbn: str | None = None
    declarer: str | None = None
    deal: str | None = None
    play_seat: str | None = None
    hand: list[CardOut] = []
    tricks: str | None = None
    tricks_left: int | None = None
    revokes: list[RevokeOut] = []
    claim: ClaimOut | None = None
    summary: SummaryOut | None = None
    board_over: bool = Field(default=False, description="the board has ended (last trick, claim settled, passed "
                                                        "out): the open matters are reviewed now")
    matters: list[MatterOut] = Field(default=[], description="the judgement matters still open on this board, "
                                                             "reviews put aside first")
    later: str | None = Field(default=None, description="the question of the pending 16B or 21B review that the "
                                                        "answer 'later' puts aside while the board goes on (null: "
                                                        "none)")
    log: list[LogOut]


class ErrorOut(BaseModel):
    detail: str
    law: str | None = None
    field: str | None = None


COMMON_RESPONSES: dict[int | str, dict[str, object]] = {
    400: {"model": ErrorOut, "description": "the body is not JSON"},
    401: {"model": ErrorOut, "description": "not logged in"},
    403: {"model": ErrorOut, "description": "the role may not do this, or the CSRF token is missing or wrong"},
    422: {"model": ErrorOut, "description": "refused: the message names the law or the field"},
}

RecordId = Annotated[int, Path(ge=1, le=2**31 - 1, description="a record's number")]
