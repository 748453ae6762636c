"""Misinformation (Laws 20F, 21B, 40, 47E, 75): was it a mistaken explanation or a mistaken call, and what follows.

``DirectorReview("21B", seat, call_no)`` asks about the explanation of ``seat``'s call number ``call_no``, given by
his partner (the offending side, if it was wrong).  The engine shows the explanations and alerts in the log, what
the pair's system card says (``TableCards`` on the state) and whether the caller's hand fits it, with the
presumption of Law 21B1(b) (1997: Law 75 and 21B): without evidence to the contrary, a mistaken explanation.

1. ``agreement``: *as explained* — the call was a mistaken call and the explanation was right: no infraction and
   no redress (75C); *misunderstood* — the explanation was right and the opponent acted on his own
   misunderstanding of it: no redress (21A); *not as explained* or *no agreement* (or a missing alert):
   misinformation.
2. Misinformation found while the auction period lasts (until an opening lead is faced: 17D): each opponent whose
   partner has not called since may change his last call (21B1(a), ``CallChanged`` judged ``misinformation``),
   his left-hand opponent may then change a later call (21B2, with 16C), and a card played after the mistaken
   explanation may be taken back while no card has been played to the trick (47E2(a)).  The director reviews the
   score at the end of play (21B3).
3. Once it is too late to change a call: ``damage`` (21B3, 40B4; 1997 21B3, 40C), then the adjusted ``score``.

The declaring side's duty to correct (20F5(b); 1997 75D2): when the auction ends and an explanation given by the
declarer or dummy differs from the pair's system card, the engine reminds them to call the director and correct
it before the opening lead is faced.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ..cards.meaning import holds
from ..cards.model import Meaning
from ..cards.spoken import agrees
from ..errors import IllegalCallError
from ..model import Seat
from ..table.edition import Edition
from ..table.events import DirectorReview, Event
from ..table.judged import Adjusted, Note
from ..table.registry import after_event, detector, resolve
from ..table.state import Pending, TableState
from .adjustment import parse_score, score_question_text, table_text
from .common import flag, name, record, say
from .law20 import may_change
from .law73_notes import check_call_no
from .matters import MI_LAWS, Matter, board_over, is_later, later_text, park, plays_on, resumes, waiting_matter
from .pending import answer_to, describe
from .ruling import Question, RecordedStep, Ruling

NAME = "Misinformation"
AGREEMENT = ("as explained", "not as explained", "no agreement", "misunderstood")
YES_NO = ("yes", "no")


class Explanation(StrEnum):
    MISINFORMATION = "misinformation"  # Law 21B / 75: the opponents are entitled to redress if damaged
    MISBID = "misbid"  # Law 75C: the explanation was right, the call was not: no redress
    NO_INFRACTION = "no infraction"


def laws_of(edition: Edition) -> dict[str, str]:
    if edition is Edition.L1997:
        return {"agreement": "75, 21B", "misbid": "75", "change": "21B1", "damage": "21B3, 40C", "score": "12C2",
                "correct": "75D2"}
    return {"agreement": "21B1(b), 75A", "misbid": "75C", "change": "21B1(a)", "damage": "21B3, 40B4",
            "score": "12C1", "correct": "20F5(b)"}


def misinformation_or_misbid(*, explanation: str, card: str | None, partner_card: str | None,
                             hand_fits_explanation: bool, alerted: bool = True,
                             other_evidence: str | None = None) -> tuple[Explanation, list[RecordedStep]]:
    """Laws 21B1(b) and 75: was it a wrong explanation or a wrong call?

    ``card`` and ``partner_card`` are what each member's system card says about the call (None: no card, or the
    auction is not covered).  Without evidence the director presumes a mistaken explanation; ``other_evidence`` is
    credible evidence that the agreement is as explained.

    >>> misinformation_or_misbid(explanation="transfer", card="transfer", partner_card="transfer",
    ...                          hand_fits_explanation=False)[0]
    <Explanation.MISBID: 'misbid'>
    >>> misinformation_or_misbid(explanation="transfer", card=None, partner_card=None,
    ...                          hand_fits_explanation=False)[0]
    <Explanation.MISINFORMATION: 'misinformation'>
    """
    steps: list[RecordedStep] = []

    def step(question: str, answer: str, **evidence: str | None) -> None:
        steps.append(RecordedStep(question, answer, {k: v for k, v in evidence.items() if v is not None}))

    if not alerted:
        step("Was the call alerted or announced as required?", "no: a failure to alert is misinformation")
        return Explanation.MISINFORMATION, steps
    if hand_fits_explanation:
        step("Does the bidder's hand fit the explanation given?", "yes: nothing was misdescribed",
             explanation=explanation)
        return Explanation.NO_INFRACTION, steps
    step("Does the bidder's hand fit the explanation given?", "no", explanation=explanation)
    if card is None or partner_card is None:
        if other_evidence:
            step("Is there evidence of the agreement without a system card?",
                 "yes: the agreement is as explained, so the call was a misbid", evidence=other_evidence)
            return Explanation.MISBID, steps
        step("Do both system cards cover the call?", "no: a mistaken explanation is presumed (Law 21B1(b))",
             card=card, partner_card=partner_card)
        return Explanation.MISINFORMATION, steps
    if card.strip().casefold() != partner_card.strip().casefold():
        step("Are both system cards marked the same?", "no: the pair has no agreement, so misinformation",
             card=card, partner_card=partner_card)
        return Explanation.MISINFORMATION, steps
    if card.strip().casefold() == explanation.strip().casefold():
        step("Does the explanation match the agreement on the cards?", "yes: the call was a misbid (Law 75C)",
             card=card)
        return Explanation.MISBID, steps
    step("Does the explanation match the agreement on the cards?", "no: a mistaken explanation (Law 75)",
         card=card)
    return Explanation.MISINFORMATION, steps


@dataclass(frozen=True, slots=True)
class MiReview(Pending):
    """The review of the explanation of ``caller``'s call ``call_no``; ``offender`` is the explainer (partner)."""

    caller: Seat
    call_no: int
    evidence: tuple[str, ...]
    advice: str
    answers: tuple[tuple[str, str], ...] = ()


def auction_period_over(state: TableState) -> bool:
    """Law 17D: the auction period ends when an opening lead is faced."""
    return state.play is not None and any(trick.cards for trick in state.play.tricks)


def _card_meaning(state: TableState, caller: Seat, call_no: int) -> Meaning | None:
    """The caller's side's card entry for his call number ``call_no`` (None: no card, or the call is not on it)."""
    if state.system is None:
        return None
    from ..cards import context as ctx
    card = state.system.of(caller.side)
    call = state.calls[call_no - 1].call
    context = ctx.key(ctx.from_table([(ac.seat, ac.call) for ac in state.calls[:call_no - 1]], caller))
    return card.meaning(context, call) if card is not None else None


def _card_says(state: TableState, caller: Seat, call_no: int) -> tuple[str | None, bool | None]:
    """What the caller's side's system card says of the call, and whether his hand fits it (None: unknown)."""
    meaning = _card_meaning(state, caller, call_no)
    if meaning is None:
        return None, None
    fit = None
    if meaning.shows is not None and state.deal is not None and state.deal.complete:
        fit = holds(meaning.shows, state.deal.hands[caller])
    return meaning.describe(), fit


def contradicts_card(state: TableState, note: Note) -> str | None:
    """What the card says, when the explanation in ``note`` claims something the card contradicts (compared by
    meaning, not by words: ``cards.spoken``); None otherwise, a card in words only included."""
    if note.call_no is None:
        return None
    meaning = _card_meaning(state, note.seat.partner, note.call_no)
    if meaning is None or agrees(meaning, note.text) is not False:
        return None
    return meaning.describe()


def start(state: TableState, event: DirectorReview) -> TableState:
    caller = event.seat
    if event.call_no is None:
        raise IllegalCallError("name the call whose explanation is in question (its number in the auction)",
                               law="21B")
    check_call_no(state, event.call_no)
    called = state.calls[event.call_no - 1]
    if called.seat != caller:
        raise IllegalCallError(f"call {event.call_no} ({say(called.call)}) was made by {name(called.seat)}, not "
                               f"{name(caller)}", law="21B")
    notes = [n for n in state.notes if n.call_no == event.call_no and n.kind in ("explanation", "correction")]
    evidence = [n.describe() for n in notes] or ["no explanation is recorded in the log"]
    said, fit = _card_says(state, caller, event.call_no)
    evidence.append(f"the system card says: {said}" if said is not None else "no system card covers the call")
    if fit is not None:
        evidence.append(f"{name(caller)}'s hand {'fits' if fit else 'does not fit'} the card")
    given = next((n for n in notes if n.kind == "explanation"), None)
    if given is not None and said is not None:
        match = agrees(_card_meaning(state, caller, event.call_no), given.text)
        if not given.alerted:
            advice = "not as explained"  # a failure to alert is misinformation (the evidence says so)
        elif match is None:
            advice = ("left to the director: the card is in words only, or the explanation says nothing the card's "
                      "constraints can check")
        else:
            advice = "as explained" if match else "not as explained"
    else:
        advice = "not as explained (Law 21B1(b): presume a mistaken explanation without evidence to the contrary)"
    return state.but(pending=MiReview(caller.partner, event.laws, caller, event.call_no, tuple(evidence), advice))


def _key(stage: MiReview, state: TableState) -> str:
    done = dict(stage.answers)
    if "agreement" not in done:
        return "agreement"
    return "damage" if "damage" not in done else "score"


def _question(stage: MiReview, state: TableState) -> Question:
    key, laws = _key(stage, state), laws_of(stage.edition)
    call = say(state.calls[stage.call_no - 1].call)
    if key == "agreement":
        return Question("agreement", f"What was {name(stage.caller)}'s partnership agreement about {call}: as "
                        f"{name(stage.offender)} explained it, something else, or none; or was it explained rightly "
                        f"and misunderstood? (the evidence suggests: {stage.advice})", AGREEMENT, laws["agreement"])
    if key == "damage":
        return Question("damage", f"Was the non-offending side damaged by the misinformation: would its result"
                        f"{table_text(state)} likely have been better with the correct explanation?"
                        f"{later_text(state)}", YES_NO, laws["damage"])
    return Question("score", score_question_text(state, stage.edition), (), laws["score"],
                    "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table")


@describe.register
def _describe(stage: MiReview, state: TableState) -> Ruling:
    q = _question(stage, state)
    call = say(state.calls[stage.call_no - 1].call)
    done = "; ".join(f"{k}: {v}" for k, v in stage.answers)
    text = "\n".join([f"Director: the explanation of {name(stage.caller)}'s {call} (call {stage.call_no}), Laws "
                      f"20F and 75 (Law 21B).", "Evidence: " + "; ".join(stage.evidence) + ".",
                      *([f"Found so far: {done}."] if done else []), q.text])
    return Ruling(NAME, "21B", stage.edition, stage.offender, None, (), (q,), text)


def _end(state: TableState, stage: MiReview, adjusted: Adjusted | None, outcome: str) -> TableState:
    s = state
    if adjusted is not None:
        s = state.but(adjusted=(*state.adjusted, replace(adjusted, record=len(state.records))))
    return record(s, "21B", NAME, stage.offender, outcome, stage.edition, stage.answers)


def _in_auction_period(state: TableState, stage: MiReview) -> TableState:
    """21B1(a), 21B2, 47E2(a): the non-offenders may change a call; the score is reviewed at the end (21B3)."""
    laws = laws_of(stage.edition)
    seats = may_change(state, stage.offender)
    who = ", ".join(name(s) for s in seats) or "no opponent (each one's partner has called since)"
    s = flag(state, "21B3", stage.offender, f"misinformation about {name(stage.caller)}'s call {stage.call_no}: "
             "review the score at the end of play if the non-offenders were damaged")
    s = _end(s, stage, None, f"misinformation: {who} may change the last call, the final pass too until the "
             f"opening lead is faced (Law {laws['change']}; enter a change judged 'misinformation'); the "
             "left-hand opponent may then change a later call (21B2, 16C applies); an opening lead made on the "
             "misinformation may be taken back (47E2(a)); the score is reviewed at the end of play (21B3)")
    return park(s, stage) if plays_on(s) else s  # damage and score wait for the table result


@resolve.register
def _resolve(stage: MiReview, state: TableState, event: Event) -> TableState:
    if is_later(event):
        return park(state, stage)
    q = _question(stage, state)
    answer = answer_to(q, event, lambda: _describe(stage, state))
    laws = laws_of(stage.edition)
    staged = replace(stage, answers=(*stage.answers, (q.key, answer)))
    if q.key == "agreement":
        if answer == "as explained":
            return _end(state, staged, Adjusted(laws["misbid"], "none", reason="mistaken call, correct explanation"),
                        f"the explanation matched the agreement: {name(stage.caller)} made a mistaken call, which is "
                        f"no infraction; no redress (Law {laws['misbid']})")
        if answer == "misunderstood":
            return _end(state, staged, Adjusted("21A", "none", reason="own misunderstanding"),
                        "the explanation was right and the opponent acted on his own misunderstanding: no "
                        "rectification or redress (Law 21A)")
        if not auction_period_over(state):
            return _in_auction_period(state, staged)
        return state.but(pending=staged)
    if q.key == "damage":
        if answer == "no":
            return _end(state, staged, Adjusted(laws["damage"], "none", reason="no damage"),
                        "misinformation, but the non-offenders were not damaged: the table result stands")
        return state.but(pending=staged)
    adjusted = parse_score(answer, state, law=laws["damage"])
    return _end(state, staged, adjusted, f"misinformation damaged the non-offenders: {adjusted.text()}")


@waiting_matter.register
def _waiting(stage: MiReview, state: TableState) -> Matter:
    call = say(state.calls[stage.call_no - 1].call) if stage.call_no <= len(state.calls) else "?"
    found = "; ".join(f"{k}: {v}" for k, v in stage.answers) or "no question answered yet"
    return Matter("review waiting", stage.caller, "21B", stage.call_no,
                  f"Law 21B review of the explanation of {name(stage.caller)}'s {call} (call {stage.call_no}), found "
                  f"so far: {found}", False, True)


@resumes.register
def _resumes(stage: MiReview, event: DirectorReview) -> bool:
    return (event.law.upper().replace(" ", "") in MI_LAWS and event.seat == stage.caller
            and event.call_no in (None, stage.call_no))


@detector(DirectorReview, order=20)
def detect(state: TableState, event: DirectorReview) -> TableState | None:
    if event.law.upper().replace(" ", "") not in ("21B", "21", "75", "20F", "40B", "40B4"):
        return None
    return start(state, event)


@after_event
def defender_corrects_at_the_end(state: TableState) -> TableState:
    """20F5(b)(ii) (1997 75D2): a defender whose explanation differs from his side's system card must call the
    director and correct it at the end of the play, not before (the engine says so once the board is over)."""
    if state.pending is not None or state.system is None or state.play is None or not board_over(state):
        return state
    declarers = state.play.contract.side
    flags = {f.text for f in state.flags}
    for note in state.notes:
        if note.kind != "explanation" or note.seat.side == declarers or note.call_no is None:
            continue
        said = contradicts_card(state, note)
        corrected = any(n.kind == "correction" and n.call_no == note.call_no for n in state.notes)
        if said is None or corrected:
            continue
        law = laws_of(state.laws)["correct"]
        text = (f"{name(note.seat)} explained call {note.call_no} as \"{note.text}\" but the system card says "
                f"\"{said}\": as a defender, {name(note.seat)} must call the director and correct it now, at the "
                f"end of the play (Law {law})")
        if text not in flags:
            state = flag(state, law, note.seat, text)
    return state


@after_event
def declaring_side_must_correct(state: TableState) -> TableState:
    """20F5(b) (1997 75D2): at the end of the auction, an explanation by declarer or dummy that differs from the
    pair's system card is a reminder to correct it before the opening lead is faced."""
    if state.pending is not None or state.system is None or not state.auction_over or auction_period_over(state):
        return state
    contract = state.contract()
    if contract is None:
        return state
    flags = {f.text for f in state.flags}
    for note in state.notes:
        if note.kind != "explanation" or note.seat.side != contract.declarer.side or note.call_no is None:
            continue
        said = contradicts_card(state, note)
        corrected = any(n.kind == "correction" and n.call_no == note.call_no for n in state.notes)
        if said is None or corrected:
            continue
        law = laws_of(state.laws)["correct"]
        text = (f"{name(note.seat)} explained call {note.call_no} as \"{note.text}\" but the system card says "
                f"\"{said}\": {name(note.seat)} must call the director and correct it before the opening lead is "
                f"faced (Law {law})")
        if text not in flags:
            state = flag(state, law, note.seat, text)
    return state
