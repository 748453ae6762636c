"""Law 16B (1997: 16A): unauthorised information from partner, ruled in the law's order.

The director is called (``DirectorReview("16B", seat, call_no)``) about ``seat``'s action — usually a call after a
break in tempo, a remark, an explanation or a withdrawn call of partner's.  The engine names the information and
its source from the log, then asks, one at a time:

1. ``ui``: was unauthorised information available to the player from partner (16B1(a))?  A disputed break in
   tempo is a finding of fact (Law 85).
2. ``suggests``: which actions could it demonstrably suggest?  (calls, ``action`` for any call but Pass, ``pass``,
   or ``none``).  If the action chosen is not among them, the table result stands.
3. ``alternatives``: the logical alternatives (16B1(b)), from a poll of the player's peers given the hand and the
   auction without the information (``poll: 4S | Pass, 4S | 4S``: each peer's call first, then any call he
   seriously considered) or the director's own finding (``la: Pass``).  A logical alternative must be *less*
   suggested than the action chosen: if every logical alternative was suggested as well, or there is none (an
   overwhelming majority would do what he did), the result stands.
4. ``damage``: did the infraction damage the opponents (12B1)?
5. ``score``: the adjusted score (Law 12C; see ``laws.adjustment``), with the double-dummy tricks to help.

Every answer is kept on the stage; the outcome goes on the state as a ``Record`` and an ``Adjusted`` score that the
session's result takes over.  A logical alternative (2017 and 2007, 16B1(b)) is an action that a significant
proportion of the player's peers would seriously consider, some of whom might choose it; in 1997 (seed 001) one a
substantial number would seriously consider.  The share is one in five unless the director finds otherwise.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from ..errors import BridgeError, IllegalCallError
from ..model import Call, Card, Pass, Seat
from ..table.edition import Edition
from ..table.events import DirectorReview, Event
from ..table.judged import Adjusted
from ..table.registry import detector, resolve
from ..table.state import Pending, TableState
from .adjustment import damage_law, parse_score, score_question_text, table_text
from .common import name, record, say
from .law73_notes import check_call_no, ui_law
from .matters import UI_LAWS, Matter, is_later, later_text, park, resumes, waiting_matter
from .pending import answer_to, describe
from .ruling import Question, Ruling

NAME = "Unauthorised information"
SHARE = Fraction(1, 5)
YES_NO = ("yes", "no")


def laws_of(edition: Edition) -> dict[str, str]:
    """The clause of each step in ``edition``."""
    if edition is Edition.L1997:
        return {"ui": "16A", "suggests": "16A", "alternatives": "16A", "damage": "16A2", "score": "12C2"}
    return {"ui": "16B1(a)", "suggests": "16B1(a)", "alternatives": "16B1(b)", "damage": "16B3",
            "score": "12C1"}


def action(text: str) -> str:
    """An action in one spelling: a call (``4S``, ``Pass``, ``X``) or a card (``SK``); other words as written."""
    text = text.strip()
    for parse in (Call.parse, Card.parse):
        try:
            return str(parse(text))
        except (BridgeError, ValueError):
            continue
    return text.casefold()


def actions(text: str) -> tuple[str, ...]:
    return tuple(dict.fromkeys(action(part) for part in text.replace("/", ",").split(",") if part.strip()))


@dataclass(frozen=True, slots=True)
class Poll:
    """A poll of peers (16B1(b)): each peer's choice, then the actions he seriously considered.

    >>> p = Poll.parse("4S | Pass, 4S | 4S | 4S | 4S")
    >>> p.logical_alternatives("4S", Edition.L2017)
    ('Pass',)
    >>> Poll.parse("4S | 4S, Pass | 4S | 4S | 4S").logical_alternatives("4S", Edition.L2017)
    ()
    >>> Poll.parse("4S | 4S, Pass | 4S | 4S | 4S").logical_alternatives("4S", Edition.L1997)
    ('Pass',)
    """

    peers: tuple[tuple[str, tuple[str, ...]], ...]

    @classmethod
    def parse(cls, text: str) -> Poll:
        peers = []
        for part in text.split("|"):
            found = actions(part)
            if not found:
                raise IllegalCallError(f"a peer's answer is his action, then what else he considered, not {part!r}",
                                       law="16B1")
            peers.append((found[0], found[1:]))
        return cls(tuple(peers))

    def logical_alternatives(self, taken: str, edition: Edition, share: Fraction = SHARE) -> tuple[str, ...]:
        """The actions other than ``taken`` that at least ``share`` of the peers would seriously consider; in 2017
        and 2007 at least one of them must also choose it (some might select it)."""
        total = len(self.peers)
        seen = dict.fromkeys(a for choice, other in self.peers for a in (choice, *other))
        out = []
        for candidate in seen:
            if candidate == taken:
                continue
            considering = sum(candidate == choice or candidate in other for choice, other in self.peers)
            chosen = sum(candidate == choice for choice, _ in self.peers)
            if Fraction(considering, total) >= share and (edition is Edition.L1997 or chosen > 0):
                out.append(candidate)
        return tuple(out)


@dataclass(frozen=True, slots=True)
class UiReview(Pending):
    """Law 16B: the review of ``offender``'s action (call ``call_no``; None: a play, named by the director)."""

    call_no: int | None
    taken: str
    sources: tuple[str, ...]
    answers: tuple[tuple[str, str], ...] = ()

    def answer(self, key: str) -> str | None:
        return dict(self.answers).get(key)


def sources_for(state: TableState, seat: Seat, before: int | None) -> tuple[str, ...]:
    """What the player had from partner before his action: notes by partner made after at most ``before`` calls
    (anything up to the player's own call), and the side's withdrawn calls (16C; 16D in 2007)."""
    found = [n.describe() for n in state.notes
             if n.seat == seat.partner and n.kind != "psyche" and (before is None or n.at <= before)]
    withdrawn = "16D" if state.laws is Edition.L2007 else "16C"
    found += [u.source + f" (Law {u.law})" for u in state.unauthorised
              if u.side == seat.side and u.law.startswith(withdrawn)]
    return tuple(dict.fromkeys(found))


def start(state: TableState, event: DirectorReview) -> TableState:
    seat = event.seat
    if event.call_no is not None:
        check_call_no(state, event.call_no)
        called = state.calls[event.call_no - 1]
        if called.seat != seat:
            raise IllegalCallError(f"call {event.call_no} ({say(called.call)}) was made by {name(called.seat)}, "
                                   f"not {name(seat)}", law=ui_law(event.laws))
        taken = str(called.call)
    else:
        taken = "the play in question"
    before = event.call_no - 1 if event.call_no is not None else None
    return state.but(pending=UiReview(seat, event.laws, event.call_no, taken, sources_for(state, seat, before)))


STEPS = ("ui", "suggests", "alternatives", "damage", "score")


def _question(stage: UiReview, state: TableState) -> Question:
    key = STEPS[len(stage.answers)]
    o, laws = stage.offender, laws_of(stage.edition)
    p = name(o.partner)
    if key == "ui":
        return Question("ui", f"Was unauthorised information from {p} available to {name(o)} (a fact: a disputed "
                        "break in tempo is found on the balance of probabilities, Law 85)?", YES_NO, laws["ui"])
    if key == "suggests":
        return Question("suggests", f"Which actions could the information demonstrably suggest to {name(o)}? (calls "
                        "or cards, 'action' for any call but Pass, 'pass', or 'none')", (), laws["suggests"],
                        "action  or  pass  or  4S, 5C  or  none")
    if key == "alternatives":
        return Question("alternatives", f"What are the logical alternatives to {stage.taken}? Poll {name(o)}'s peers "
                        "with the hand and the auction, without the information: each peer's call, then any call he "
                        "seriously considered; or enter your own finding", (), laws["alternatives"],
                        "poll: 4S | Pass, 4S | 4S  or  la: Pass  or  la: none")
    if key == "damage":
        return Question("damage", f"Were the opponents damaged: is their result{table_text(state)} worse than it "
                        "would likely have been without the infraction (Law "
                        f"{damage_law(stage.edition)})?{later_text(state)}", YES_NO, laws["damage"])
    return Question("score", score_question_text(state, stage.edition), (), laws["score"],
                    "4S N 9  or  60% 4S N 9; 40% 4S N 10  or  NS: 5D S 12; EW: table")


@describe.register
def _describe(stage: UiReview, state: TableState) -> Ruling:
    o = stage.offender
    what = f"{name(o)}'s {stage.taken} (call {stage.call_no})" if stage.call_no else f"{name(o)}'s play"
    src = "; ".join(stage.sources) if stage.sources else "none recorded in the log: the director establishes it"
    done = "; ".join(f"{k}: {v}" for k, v in stage.answers)
    q = _question(stage, state)
    text = "\n".join([f"Director: the review of {what} (Law {ui_law(stage.edition)}).",
                      f"Information from {name(o.partner)}: {src}.",
                      *([f"Found so far: {done}."] if done else []),
                      f"Step {len(stage.answers) + 1} of {len(STEPS)}: {q.text}"])
    return Ruling(NAME, ui_law(stage.edition), stage.edition, o, None, (), (q,), text)


def _stands(state: TableState, stage: UiReview, why: str) -> TableState:
    adjusted = Adjusted(ui_law(stage.edition), "none", reason=why)
    s = state.but(adjusted=(*state.adjusted, replace(adjusted, record=len(state.records))))
    return record(s, ui_law(stage.edition), NAME, stage.offender, f"the table result stands: {why}", stage.edition,
                  stage.answers)


def _alternatives(stage: UiReview, answer: str) -> tuple[str, ...]:
    text = answer.strip()
    low = text.casefold()
    if low.startswith("poll:"):
        return Poll.parse(text[5:]).logical_alternatives(stage.taken, stage.edition)
    if low.startswith("la:"):
        found = text[3:].strip()
        return () if found.casefold() in ("", "none") else tuple(a for a in actions(found) if a != stage.taken)
    raise IllegalCallError("enter 'poll: ...' (each peer's call | ...) or 'la: ...' (your finding)", law="16B1(b)")


def _suggested(answer: str) -> frozenset[str] | None:
    """The actions the information suggests (None: any call but Pass, 'action')."""
    low = answer.strip().casefold()
    if low == "none":
        return frozenset()
    if low == "action":
        return None
    return frozenset(actions(answer))


def _is_suggested(suggested: frozenset[str] | None, act: str) -> bool:
    if suggested is None:
        return act != str(Pass())
    return act in suggested


def _step(stage: UiReview, state: TableState, key: str, answer: str) -> TableState:
    answer = answer.strip()
    staged = replace(stage, answers=(*stage.answers, (key, answer)))
    s = state.but(pending=staged)
    if key == "ui" and answer == "no":
        return _stands(state, staged, "no unauthorised information was available")
    if key == "suggests":
        suggested = _suggested(answer)
        if not _is_suggested(suggested, stage.taken):
            return _stands(state, staged, f"the information did not suggest {stage.taken} (suggests: {answer})")
    if key == "alternatives":
        suggested = _suggested(stage.answer("suggests") or "none")
        las = _alternatives(stage, answer)
        less = [a for a in las if not _is_suggested(suggested, a)]
        if not las:
            return _stands(state, staged, f"{stage.taken} had no logical alternative")
        if not less:
            return _stands(state, staged, f"every logical alternative ({', '.join(las)}) was suggested as well")
        staged = replace(staged, answers=(*staged.answers[:-1], (key, f"{answer} -> less suggested: "
                                                                      f"{', '.join(less)}")))
        s = state.but(pending=staged)
    if key == "damage" and answer == "no":
        return _stands(state, staged, "the opponents were not damaged")
    if key == "score":
        adjusted = parse_score(answer, state, law=laws_of(stage.edition)["damage"])
        s = state.but(adjusted=(*state.adjusted, replace(adjusted, record=len(state.records))))
        return record(s, ui_law(stage.edition), NAME, stage.offender,
                      f"{name(stage.offender)}'s {stage.taken} was suggested by the information over a logical "
                      f"alternative and damaged the opponents: {adjusted.text()}", stage.edition,
                      (*stage.answers, ("score", answer)))
    return s


@resolve.register
def _resolve(stage: UiReview, state: TableState, event: Event) -> TableState:
    if is_later(event):
        return park(state, stage)
    q = _question(stage, state)
    return _step(stage, state, q.key, answer_to(q, event, lambda: _describe(stage, state)))


@detector(DirectorReview, order=10)
def detect(state: TableState, event: DirectorReview) -> TableState | None:
    if event.law.upper().replace(" ", "") not in ("16B", "16A", "16", "16C", "16D", "73C"):
        return None
    return start(state, event)


@waiting_matter.register
def _waiting(stage: UiReview, state: TableState) -> Matter:
    what = f"{name(stage.offender)}'s {stage.taken} (call {stage.call_no})" if stage.call_no else \
        f"{name(stage.offender)}'s play"
    found = "; ".join(f"{k}: {v}" for k, v in stage.answers) or "no question answered yet"
    return Matter("review waiting", stage.offender, "16B", stage.call_no,
                  f"Law {ui_law(stage.edition)} review of {what}, found so far: {found}", False, True)


@resumes.register
def _resumes(stage: UiReview, event: DirectorReview) -> bool:
    return (event.law.upper().replace(" ", "") in UI_LAWS and event.seat == stage.offender
            and event.call_no in (None, stage.call_no))
