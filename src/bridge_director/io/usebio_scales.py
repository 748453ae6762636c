"""A USEBIO matchpoint file scored as its scorer did: traveller matchpoints on each board's stated norm, and pair
percentages on whichever of two scales the file's own ``PERCENTAGE`` figures follow.

A board played fewer times than the movement has tables (a phantom pair's table, a board not played) has two
scales.  Its traveller matchpoints are Neuberg-scaled to the norm the file states (:func:`usebio.stated_norms`);
its percentage may be a share of that norm's top, or of the top of the board as played (its own results, not
scaled), as NZ Scorer takes it.  USEBIO has no element saying which, so the pairs' percentages decide: the scale
that reproduces more of them (then the closer one) wins, and the norm's where they cannot tell.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..scoring.event import EventScore, Result, Standing, with_played_percentages
from .usebio import UsebioEvent, UsebioPair, score_by_norm

#: a stated percentage is reproduced when ours is within this (two decimals, however the scorer rounded them)
_CLOSE = 0.01
_FIELD = {"N": "NS", "NS": "NS", "N-S": "NS", "E": "EW", "EW": "EW", "E-W": "EW"}


def score_as_stated(event: UsebioEvent, score: Callable[[list[Result], int | None], EventScore]) -> EventScore:
    """Score ``event`` by ``score(results, norm)`` with each board on its stated norm (:func:`score_by_norm`);
    where a board is short of it, the percentages are those of the boards as played when the file's pair
    percentages say so (:meth:`EventScore.percent_of` tells which)."""
    results = list(event.results)
    on_norm = score_by_norm(results, event.stated_norms(), score)
    if all(len(b.lines) >= b.norm for b in on_norm.boards):
        return on_norm  # every board full: one scale
    as_played = score_by_norm(results, dict(event.counts()), score)
    if _fit(event.pairs, as_played.standings) > _fit(event.pairs, on_norm.standings):
        return with_played_percentages(on_norm, as_played)
    return on_norm


def _fit(pairs: Sequence[UsebioPair], standings: Sequence[Standing]) -> tuple[int, float]:
    """How well ``standings`` reproduce the percentages the file states: pairs within 0.01, then less difference."""
    found: dict[str, list[Standing]] = {}
    for s in standings:
        found.setdefault(s.pair, []).append(s)
    matched, off = 0, 0.0
    for pair in pairs:
        ours = _standing(pair, found.get(pair.number, []))
        if pair.percentage is None or ours is None or ours.percent is None:
            continue
        diff = abs(ours.percent - pair.percentage)
        matched += diff < _CLOSE
        off += diff
    return matched, -off


def _standing(pair: UsebioPair, candidates: list[Standing]) -> Standing | None:
    """The standing of a file's pair: the one of its number, or of its number and direction where both fields
    have that number."""
    if len(candidates) <= 1:
        return candidates[0] if candidates else None
    field = _FIELD.get(pair.direction.strip().upper())
    return next((s for s in candidates if s.field == field), None)
