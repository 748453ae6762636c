"""What the director reads of a pending stage: its ``Ruling`` (``describe``), the refusal of an event the ruling
does not list (``refuse``), and the director's answer to one of its questions (``answer_to``).

The table's fold keeps the dispatcher (``table.registry.describe``) without knowing what a ruling is; here it is
typed as the law modules use it: every law module describes its stages with a ``Ruling``.

>>> from bridge_director.engine import Table
>>> t = Table(board=1)
>>> _ = t.call("N", "1S"); _ = t.call("E", "1H")
>>> describe(t.state.pending, t.state).law
'27'
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ..errors import IllegalCallError
from ..table import registry
from ..table.events import Event, Judgement
from .ruling import Question, Ruling

if TYPE_CHECKING:
    from functools import _SingleDispatchCallable

describe = cast("_SingleDispatchCallable[Ruling]", registry.describe)


def refuse(ruling: Ruling, event: Event | str) -> IllegalCallError:
    """The error for an event that is not one of the ruling's choices."""
    what_ = registry.what(event)
    wanted = []
    if ruling.questions:
        wanted.append("the director's judgement: " + "; ".join(f"{q.key} ({'/'.join(q.answers)})"
                                                             for q in ruling.questions))
    elif ruling.options:
        who = f"{ruling.chooser.name.title()} " if ruling.chooser is not None else "the director "
        wanted.append(who + "to choose one of: " + ", ".join(o.key for o in ruling.options))
    if ruling.caller is not None:
        wanted.append(f"a call by {ruling.caller.name.title()}")
    return IllegalCallError(f"{what_} is not possible while the ruling on the {ruling.irregularity.lower()} is "
                            f"pending; waiting for {' or '.join(wanted)}", law=ruling.law)


def answer_to(question: Question, event: Event, ruling: Callable[[], Ruling]) -> str:
    """The director's answer to ``question`` carried by ``event`` (a guided review's step): a listed answer in lower
    case, a written one as written; any other event is refused with the ``ruling`` it does not fit."""
    if not (isinstance(event, Judgement) and event.question == question.key):
        raise refuse(ruling(), event)
    answer = event.answer.strip()
    if question.answers:
        answer = answer.casefold()
        if answer not in question.answers:
            raise IllegalCallError(f"answer {question.key} with {' or '.join(question.answers)}", law=question.law)
    elif not answer:
        raise IllegalCallError(f"the answer to '{question.key}' is written, e.g. {question.hint}", law=question.law)
    return answer
