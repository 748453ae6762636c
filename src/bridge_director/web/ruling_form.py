"""A ruling on a session's result read from the phone form: the decision from controls only (kind, A+/A/A−, score
pickers, weights, fouled group), and an optional procedural penalty.  On a teams board also the Law 86 findings
(who is responsible, whether the board can still be played here, whether the match result without it may be
known), the knockout averaging and a fouled board's teams' faults and assigned score.  Each field is checked and
a refusal names the field (and the law where one applies); the decision itself is checked against the board by
``club.adjustments.rule_on_result``.
"""

from __future__ import annotations

from dataclasses import dataclass

from starlette.datastructures import FormData

from ..club.adjustments import PenaltyIn
from ..club.decisions import Artificial, Assigned, Decision, Fouled, Score, Split, Weighted
from ..club.team_rulings import BoardFacts
from ..errors import BridgeError
from ..laws.law86_teams import Fault as Responsible
from ..scoring.adjusted import Fault
from .forms import choice, flag, number, text
from .session_view import SEATS, STRAINS

KINDS = {"none": "No adjustment", "artificial": "Artificial (A+ / A / A−)", "assigned": "Assigned score",
         "split": "Split score (N-S and E-W apart)", "weighted": "Weighted score", "fouled": "Fouled board"}
FAULTS = {"A+": Fault.NONE, "A": Fault.PARTLY, "A-": Fault.DIRECT}
GROUPS = tuple("ABCDEFGH")
WEIGHTS = tuple(range(5, 100, 5))
OUTCOMES = ("w1", "w2", "w3", "w4")
PICKERS = {"a": "the assigned score", "ns": "N-S's score", "ew": "E-W's score", "w1": "outcome 1",
           "w2": "outcome 2", "w3": "outcome 3", "w4": "outcome 4", "fa": "the fouled board's assigned score"}
#: Law 86: who is responsible for what spoiled the board ("": no finding recorded)
RESPONSIBLE = {"": "No finding", "one": "One side", "both": "Both sides", "neither": "Neither side"}


@dataclass(frozen=True, slots=True)
class RulingForm:
    """What the director chose: laws, facts, the decision (None: no adjustment) and any penalty."""

    laws: str
    facts: str
    decision: Decision | None
    penalties: tuple[PenaltyIn, ...]
    board: BoardFacts | None = None


def score_from_form(form: FormData, prefix: str) -> Score:
    """One score picker: passed out, or level, strain, doubled, declarer and tricks."""
    label = PICKERS.get(prefix, prefix)
    if form.get(f"{prefix}_pass") in ("on", "1", "yes"):
        return Score("PASS")
    level = number(form, f"{prefix}_level", low=1, high=7, required=True, label=f"{label}: the level")
    strain = choice(form, f"{prefix}_strain", tuple(s for s, _ in STRAINS))
    double = choice(form, f"{prefix}_double", ("", "X", "XX"), default="")
    declarer = choice(form, f"{prefix}_declarer", SEATS)
    tricks = number(form, f"{prefix}_tricks", low=0, high=13, required=True, label=f"{label}: declarer's tricks")
    return Score(f"{level}{strain}{double}", declarer, tricks)


def weighted_from_form(form: FormData) -> Weighted:
    """The outcomes with a weight chosen (2 to 4); their weights must add up to 100 (Law 12C1(c))."""
    chosen = [(p, number(form, f"{p}_weight", low=1, high=99, label=f"{PICKERS[p]}: the weight"))
              for p in OUTCOMES]
    outcomes = tuple((score_from_form(form, p), float(w)) for p, w in chosen if w is not None)
    if len(outcomes) < 2:
        raise BridgeError("a weighted score has 2 to 4 outcomes, each with its weight", field="weights",
                          law="12C1c")
    return Weighted(outcomes)


def decision_from_form(form: FormData, kind_field: str = "kind") -> Decision | None:
    """The decision chosen; ``knockout`` (Law 86) goes with the kinds whose scores may not balance."""
    kind = choice(form, kind_field, tuple(KINDS), default="none")
    knockout = flag(form, "knockout")
    if kind == "artificial":
        return Artificial(FAULTS[choice(form, "art_ns", tuple(FAULTS))], FAULTS[choice(form, "art_ew", tuple(FAULTS))],
                          knockout)
    if kind == "assigned":
        return Assigned(score_from_form(form, "a"))
    if kind == "split":
        return Split(score_from_form(form, "ns"), score_from_form(form, "ew"), knockout)
    if kind == "weighted":
        return weighted_from_form(form)
    if kind == "fouled":
        return fouled_from_form(form, knockout)
    return None


def fouled_from_form(form: FormData, knockout: bool) -> Fouled:
    """A fouled board: its group; at teams the shares of the fault of the teams at this table and, ticked, an
    assigned score (2017 Law 86B2(b), 2007 86D)."""
    options = ("", *FAULTS)
    ns, ew = choice(form, "fouled_ns", options, default=""), choice(form, "fouled_ew", options, default="")
    assigned = score_from_form(form, "fa") if flag(form, "fa_on") else None
    return Fouled(choice(form, "group", GROUPS), FAULTS.get(ns), FAULTS.get(ew), assigned, knockout)


def board_from_form(form: FormData) -> BoardFacts | None:
    """The Law 86 findings on a teams board (None: none recorded)."""
    who = choice(form, "teams_fault", tuple(RESPONSIBLE), default="")
    if not who:
        if flag(form, "teams_playable") or flag(form, "teams_known"):
            raise BridgeError("say who is responsible for the board first (Law 86)", field="teams_fault", law="86")
        return None
    return BoardFacts(Responsible.parse(who), flag(form, "teams_playable"), flag(form, "teams_known"))


def penalty_from_form(form: FormData, pairs: tuple[int, ...], units: tuple[str, ...]) -> tuple[PenaltyIn, ...]:
    """The optional procedural penalty (Law 90): a pair at the table, an amount and the section's unit."""
    raw = text(form, "pen_pair", max_length=6)
    if not raw:
        return ()
    pair = choice(form, "pen_pair", tuple(str(p) for p in pairs))
    amount_text = text(form, "pen_amount", max_length=12, required=True, label="the penalty's amount")
    try:
        amount = float(amount_text)
    except ValueError:
        raise BridgeError(f"the penalty's amount is a number, not {amount_text!r}", field="pen_amount") from None
    if not 0 < amount <= 1000:
        raise BridgeError(f"a penalty is more than 0 and at most 1000, not {amount_text}", field="pen_amount",
                          law="90")
    return (PenaltyIn(int(pair), amount, choice(form, "pen_unit", units, default=units[0])),)


def ruling_from_form(form: FormData, pairs: tuple[int, ...], units: tuple[str, ...]) -> RulingForm:
    return RulingForm(text(form, "laws", max_length=100, required=True, label="the law(s)"),
                      text(form, "facts", max_length=4000), decision_from_form(form),
                      penalty_from_form(form, pairs, units), board_from_form(form))
