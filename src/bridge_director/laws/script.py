"""The short script read aloud at the table: what happened, who chooses, and each option in one line.

``short_script(ruling)`` builds it from the ``Ruling`` data alone (irregularity, law, offender, chooser or
caller, each option's key, label, law and consequence, the director's questions); the ruling's ``text`` stays
the full script.  For the common rulings (Laws 27, 29-32, 54, 64) each option's line is written here from its
key, law and edition; any other option gets the first clauses of its consequence, with the usual phrases of
the law modules said shortly and the references and provisos left to the full text.

>>> from bridge_director.model import Seat
>>> opt = Option("accept", "accept 1♦", "1♦ stands as a legal bid, you call next (Law 27A)", "27A")
>>> print(short_script(Ruling("Insufficient bid", "27", Edition.L2017, Seat.EAST, Seat.SOUTH, (opt,), (),
...                           "South, East has made an insufficient bid of 1♦ (Law 27).\\nMore.")))
South, East has made an insufficient bid of 1♦ (Law 27).
South chooses:
  Accept 1♦: it stands; South calls next (27A).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from ..errors import ParseError
from ..model import Card, Seat
from ..table.edition import Edition
from .ruling import Option, Question, Ruling

#: A line longer than this is cut (with an ellipsis) on the first screen; the full text has it all.
BRIEF_WORDS = 14
#: The first sentence of the full text says what happened when it is at most this long.
HAPPENED_WORDS = 30
INDENT = "  "

_LAW_REF = re.compile(r"\s*\((?:see )?Laws? [^()]*(?:\([^()]*\)[^()]*)*\)")
_ADDRESS = re.compile(r"^(North|East|South|West)(?: and (?:North|East|South|West))?, ")
_SUB_LAW = re.compile(r"\(Law (3[0-2][AB]\d?)\)")
_TURN = re.compile(r"goes back to (North|East|South|West)")

# The law modules' long phrases (laws/common.py) and their short forms, in the order they are tried.
_SHORT_FORMS: tuple[tuple[re.Pattern[str], str], ...] = tuple((re.compile(p), s) for p, s in (
    (r"must each pass whenever it is their turn for the rest of the auction", "each pass throughout"),
    (r"must pass whenever it is their turn for the rest of the auction", "passes throughout"),
    (r"must pass at their next turn to call, and only then", "passes once"),
    (r"may not double or redouble at their next turn", "may not double at the next turn"),
    (r"\s*\(if he has none, any card: Law 59\)", ""),
    (r"\s*\(if he holds nothing else, any card: Law 59\)", ""),
    (r"\s*\(any card if he has none, Law 59\)", ""),
    (r"\s*\(unless he has nothing else, Law 59\)", ""),
    (r" for as long as he keeps the lead", " while he keeps the lead"),
    (r"at the first legal opportunity", "at the first chance"),
))
# Clauses that are fine print on the first screen: the full text says them.
_FINE_PRINT = ("the director will adjust", "he will adjust", "the director adjusts", "the director may still",
               "calling over it", "a play by either", "a play from", "playing a card from", "the information from",
               "information from them", "the director judges at the end", "if this does not restore",
               "the prohibition lasts")
_LEAD_RESTRICTION = ("declarer may forbid", "declarer may require")


def name(seat: Seat) -> str:
    return seat.name.title()


def words(text: str) -> int:
    """Words as a reader counts them: runs of characters between spaces.

    >>> words("South, East has bid 1♦ (Law 27).")
    7
    """
    return len(text.split())


def _cut(text: str, limit: int = BRIEF_WORDS) -> str:
    parts = text.split()
    return text if len(parts) <= limit else " ".join(parts[:limit]).rstrip(",;:") + " …"


def _clauses(text: str) -> list[str]:
    """The clauses of a consequence: split at ``;`` and at sentence ends outside parentheses."""
    out, depth, start = [], 0, 0
    for i, ch in enumerate(text):
        if ch == "(":
            depth += 1
        elif ch == ")":
            depth = max(0, depth - 1)
        elif depth == 0 and (ch == ";" or (ch == "." and text[i + 1:i + 2] in (" ", ""))):
            out.append(text[start:i])
            start = i + 1
    out.append(text[start:])
    return [c.strip() for c in out if c.strip()]


def _shorten(clause: str) -> str:
    clause = _LAW_REF.sub("", clause)
    for pattern, short in _SHORT_FORMS:
        clause = pattern.sub(short, clause)
    return clause.strip().rstrip(".")


def compress(consequence: str, limit: int = BRIEF_WORDS) -> str:
    """A consequence in one short line: its first clauses said shortly, fine print left out, a lead restriction
    named once, cut at ``limit`` words.

    >>> compress("West must pass whenever it is their turn for the rest of the auction; if East's side defends, "
    ...          "at West's first turn to lead declarer may forbid the lead of any one suit (Law 26B)")
    'West passes throughout; a lead restriction'
    """
    kept: list[str] = []
    lead = False
    for clause in _clauses(consequence):
        low = clause.lower()
        if any(f in low for f in _FINE_PRINT):
            continue
        if any(m in low for m in _LEAD_RESTRICTION):
            lead = True
            continue
        short = _shorten(clause)
        if short and short.lower() not in (k.lower() for k in kept):
            kept.append(short)
        if words("; ".join(kept)) >= limit:
            break
    if lead:
        kept.append("a lead restriction")
    return _cut("; ".join(kept) or _shorten(consequence), limit)


# ----- the common rulings, option by option ----------------------------------------------------------------
Brief = Callable[[Ruling, Option], str]


def _accept(ruling: Ruling, option: Option) -> str:
    chooser = ruling.chooser if ruling.chooser is not None else ruling.offender.lho
    also = "; then Law 27 applies" if "also insufficient" in option.consequence else ""
    return f"it stands; {name(chooser)} calls next{also}"


def _enforced(ruling: Ruling) -> str:
    return f"{name(ruling.offender.partner)} passes throughout; a lead restriction"


def _refuse_27(ruling: Ruling, option: Option) -> str:
    o = name(ruling.offender)
    if option.law == "27B4":
        return f"{o} bids sufficiently or passes; {_enforced(ruling)}"
    free = {Edition.L2017: "the lowest bid in the same denomination(s) or a comparable call: no bar",
            Edition.L2007: "the lowest bid in the same suit (both not artificial) or a call meaning the same "
                           "or less: no bar",
            Edition.L1997: "the lowest bid in the same suit (both natural): no penalty"}[ruling.edition]
    return f"{o} replaces it. {free[0].upper()}{free[1:]}; any other call: {_enforced(ruling)}"


def _correction_27(ruling: Ruling, option: Option) -> str:
    """Law 27B: the offender's replacement call, by kind."""
    law = option.law.split(",")[0].strip()
    if law == "27B1(a)":
        judged = {Edition.L2017: "the same denomination(s)", Edition.L2007: "both not artificial",
                  Edition.L1997: "both natural"}[ruling.edition]
        return f"no bar if the director finds {judged}"
    if law == "27B1(b)" and ruling.edition is not Edition.L1997:
        return "no bar if the director agrees"
    if law == "27B3":
        return f"cancelled; {name(ruling.offender)} bids or passes, with the same bars"
    return _enforced(ruling)


def _refuse_29(ruling: Ruling, option: Option) -> str:
    """Laws 30-32: what follows when the call out of rotation is not accepted, by the law that rules it."""
    if "Law 25 applies" in option.consequence:
        return "it is a change of call: Law 25 applies"
    found = _SUB_LAW.findall(option.consequence)
    turn = _TURN.search(option.consequence)
    o, p = name(ruling.offender), name(ruling.offender.partner)
    t = turn.group(1) if turn else "the player in turn"
    sub, modern = (found[-1] if found else option.law), ruling.edition is Edition.L2017
    back = f"cancelled; {t} calls"
    if sub == "30A":
        return f"{back}; {o} passes once"
    if sub.endswith("A"):
        if modern:
            then = f"else a comparable call: no bar, otherwise {p} passes once; a lead restriction"
        elif sub == "31A":
            then = f"else the same denomination: {p} passes once; other calls: {p} passes throughout"
        else:
            then = f"if {t} bids: {p} passes throughout; a lead restriction"
        return f"{back}. If {t} passes, {o} repeats it, no bar; {then}"
    if modern:
        return f"{back}; {p} calls freely; {o}'s next call comparable: no bar, else {p} passes once"
    if sub == "30B1":
        return f"{back}; {o} passes throughout; {p} may not double once"
    return f"cancelled; {p} passes now and throughout; a lead restriction"


def _lead_54(ruling: Ruling, option: Option) -> str:
    leader = name(ruling.offender.partner)
    declarer = ruling.chooser if ruling.chooser is not None else ruling.offender.lho
    return {"spread": f"{name(declarer.partner)} declares",
            "accept": f"{name(declarer.partner)} is dummy",
            "require": "the card goes back",
            "forbid": "while he keeps the lead",
            "penalty": f"{leader} leads any card",
            }.get(option.key) or compress(option.consequence)


def _revoke_64(ruling: Ruling, option: Option) -> str:
    return {"apply": "after play", "late-call": "no transfer", "late-round": "no transfer",
            }.get(option.key) or compress(option.consequence)


# Shorter labels where the engine's label is a sentence of its own.
_LABELS = {("54", "spread"): "accept, become dummy", ("54", "accept"): "accept, stay declarer",
           ("64", "apply"): "transfer the tricks shown", ("64", "late-call"): "noticed after a call on the next deal",
           ("64", "late-round"): "noticed after the round ended"}


def _brief_for(ruling: Ruling, option: Option) -> Brief | None:
    law = ruling.law
    if option.key == "accept" and (law.startswith("27") or law == "29"):
        return _accept
    if law.startswith("27") and option.key == "refuse":
        return _refuse_27
    if law == "27B":
        return _correction_27
    if law == "29" and option.key == "refuse":
        return _refuse_29
    if law == "54":
        return _lead_54
    if law == "64":
        return _revoke_64
    return None


def brief(ruling: Ruling, option: Option) -> str:
    """The one-line consequence of ``option`` on the first screen."""
    made = _brief_for(ruling, option)
    return made(ruling, option) if made is not None else compress(option.consequence)


# ----- the script ------------------------------------------------------------------------------------------
def _first_sentence(text: str) -> str:
    """The first sentence of the first line."""
    line = text.split("\n", 1)[0].strip()
    match = re.search(r"(?<=[.?])\s", line)
    first = line[:match.start()] if match else line
    return first


def _first_clause(sentence: str, law: str) -> str:
    """A sentence that runs on after a ``;`` as its first clause said shortly, with the ruling's law."""
    clauses = _clauses(sentence)
    if len(clauses) < 2 or sentence.endswith("?"):
        return sentence
    return f"{_shorten(clauses[0]).rstrip(':,')} (Law {law})."


def what_happened(ruling: Ruling) -> str:
    """The full text's first sentence, or, when it is a question or too long, the irregularity and its law."""
    first = _first_clause(_first_sentence(ruling.text), ruling.law)
    if (ruling.options or not ruling.questions) and first and not first.endswith("?") \
            and words(first) <= HAPPENED_WORDS:
        first = first.removeprefix("Director: ")
        return first[:1].upper() + first[1:]
    return f"{ruling.irregularity} by {name(ruling.offender)} (Law {ruling.law})."


def _addressed(ruling: Ruling) -> Seat | None:
    match = _ADDRESS.match(ruling.text)
    return Seat.parse(match.group(1)[0]) if match else None


def who_chooses(ruling: Ruling) -> str:
    """Who acts now: the one who chooses, the player who must call, or the director."""
    if ruling.caller is not None:
        return f"{name(ruling.caller)} calls now:"
    addressed = _addressed(ruling)
    if ruling.chooser is None and addressed is ruling.offender and ruling.options:
        return f"{name(addressed)} calls now:"
    # a seat is an IntEnum and North is 0: never ``or`` over a seat
    chooser = ruling.chooser if ruling.chooser is not None else (addressed if ruling.options else None)
    if chooser is not None and ruling.options:
        return f"{name(chooser)} chooses:"
    if ruling.questions and not ruling.options:
        return "The director decides:"
    return "The director rules:" if len(ruling.options) <= 1 else "The director chooses:"


def _unbracketed(text: str) -> str:
    return re.sub(r"\s+\([^()]*\)", "", text).strip()


def _option_line(ruling: Ruling, option: Option, many: bool) -> str:
    """``Label: brief (law).``; among many options of one kind (a suit or a card each) a label of three words or
    more says it alone."""
    label = _LABELS.get((ruling.law, option.key)) or _unbracketed(option.label)
    label = label[:1].upper() + label[1:]
    if many and ":" in option.key and words(label) >= 3:
        return f"{INDENT}{label} ({option.law})."
    return f"{INDENT}{label}: {brief(ruling, option)} ({option.law})."


def answer_text(answer: str) -> str:
    """An answer as the director reads it: a card (``HK``, the engine's key) with its suit symbol (``♥K``); any
    other answer as it is."""
    if len(answer) in (2, 3) and answer[0] in "SHDC":
        try:
            return Card.parse(answer).symbol
        except ParseError:
            return answer
    return answer


def _question_line(question: Question) -> str:
    answers = f" ({' / '.join(answer_text(a) for a in question.answers)})" if len(question.answers) <= 4 else ""
    if not question.answers and question.hint:
        answers = f" (e.g. {question.hint.split('  or  ')[0]})"
    asked = _first_sentence(_unbracketed(question.text))
    return f"{INDENT}{_cut(asked, 24)}{answers}"


def _transfer_line(line: str) -> str:
    """A Law 64 transfer line without its reason: ``- revoke by West on trick 2: one trick transferred.``"""
    return line.split(" — ")[0].rstrip(".") + "."


def short_script(ruling: Ruling) -> str:
    """The first screen of ``ruling``: what happened, who chooses, each option with its consequence in one line
    (the director's questions likewise); the ruling's ``text`` is the full script."""
    lines = [what_happened(ruling)]
    if ruling.law == "64":  # what happened is the transfers (at most four said here)
        lines += [_transfer_line(line) for line in ruling.text.split("\n")[1:] if line.startswith("- ")][:4]
    lines.append(who_chooses(ruling))
    many = len(ruling.options) > 3
    lines += [_option_line(ruling, option, many) for option in ruling.options]
    lines += [_question_line(question) for question in ruling.questions]
    return "\n".join(lines)
