"""``card check``: every problem of a card, one line each, naming the context and the call.

Besides what reading found (a context or call that cannot be read, a meaning in bad notation, a call impossible
in its auction, an entry given twice), the solver finds meanings that no 13-card hand can fit.  With an
authority, :func:`regulations` adds each breach of its convention regulations, naming the rule and its source.

>>> from .card_file import loads
>>> check(loads('{"system": "t", "contexts": {"1N": {"2C": "hcp 8+, spades 4+, hearts 4+, clubs 6+"}}}'))
["card: context '1N', 2C: no 13-card hand fits 'hcp 8+, spades 4+, hearts 4+, clubs 6+'"]
"""

from __future__ import annotations

from ..errors import ParseError
from ..model.regulation import Authority
from .context import word
from .model import SystemCard
from .solver import possible

EBU_DEFAULT_LEVEL = 4


def check(card: SystemCard) -> list[str]:
    """The card's problems, in the order of the file; an empty list for a sound card."""
    out = list(card.problems)
    for key, calls in card.meanings.items():
        for call, meaning in calls.items():
            if meaning.shows is not None and possible(meaning.shows) is None:
                out.append(f"{card.source or card.name}: context {key!r}, {word(call)}: no 13-card hand fits "
                           f"{str(meaning.shows)!r}")
    return out


def authority_of(text: str) -> Authority:
    """``ACBL`` or ``EBU`` (any case): the authorities whose convention regulations are encoded."""
    name = text.strip().upper()
    if name not in ("ACBL", "EBU"):
        raise ParseError(f"the convention regulations of ACBL and EBU are encoded, not {text!r}", field="authority")
    return Authority(name)


def regulations(card: SystemCard, authority: Authority, level: int | None = None) -> list[str]:
    """Each breach of ``authority``'s convention regulations, one line naming the rule, its source and the call;
    ``level`` is the EBU permission level (4 when not given; the ACBL has none)."""
    from .regulation_acbl import check_acbl
    from .regulation_ebu import check_ebu

    if authority is Authority.ACBL:
        if level is not None:
            raise ParseError("the ACBL has no permission levels: a level is the EBU's", field="level")
        found = check_acbl(card)
    elif authority is Authority.EBU:
        found = check_ebu(card, EBU_DEFAULT_LEVEL if level is None else level)
    else:
        raise ParseError(f"no convention regulations are encoded for {authority.value}", field="authority")
    return [f"{card.source or card.name}: {f}" for f in found]
