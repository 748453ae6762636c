"""``card check``: every problem of a card, one line each, naming the context and the call.

Besides what reading found (a context or call that cannot be read, a meaning in bad notation, a call impossible
in its auction, an entry given twice), the solver finds meanings that no 13-card hand can fit.

>>> from .card_file import loads
>>> check(loads('{"system": "t", "contexts": {"1N": {"2C": "hcp 8+, spades 4+, hearts 4+, clubs 6+"}}}'))
["card: context '1N', 2C: no 13-card hand fits 'hcp 8+, spades 4+, hearts 4+, clubs 6+'"]
"""

from __future__ import annotations

from .context import word
from .model import SystemCard
from .solver import possible


def check(card: SystemCard) -> list[str]:
    """The card's problems, in the order of the file; an empty list for a sound card."""
    out = list(card.problems)
    for key, calls in card.meanings.items():
        for call, meaning in calls.items():
            if meaning.shows is not None and possible(meaning.shows) is None:
                out.append(f"{card.source or card.name}: context {key!r}, {word(call)}: no 13-card hand fits "
                           f"{str(meaning.shows)!r}")
    return out
