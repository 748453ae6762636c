"""The time a side has to request or appeal a ruling, per regulating authority, with where the figure comes from.

Law 92B: "the right to request or appeal a ruling lapses 30 minutes after the official score has been made
available for checking, unless the Regulating Authority specifies otherwise".  An authority's own figure is only
written here once it is confirmed from its regulations; until then the authority's entry is the Laws' figure,
marked ``confirmed=False`` and sourced to Law 92B.

>>> appeal_limit("EBU").minutes, appeal_limit("EBU").confirmed
(30, False)
>>> appeal_limit("nobody").source
'Law 92B'
"""

from __future__ import annotations

from dataclasses import dataclass

LAW_92B = "Law 92B"


@dataclass(frozen=True, slots=True)
class AppealLimit:
    """``minutes`` after the official score is made available for checking; ``source`` names the rule."""

    authority: str
    minutes: int
    source: str
    confirmed: bool

    def text(self) -> str:
        """The right to appeal in words, as the written ruling prints it."""
        note = "" if self.confirmed else (f" ({self.authority}'s own figure not confirmed: the Laws' default "
                                          "applies unless its regulations say otherwise)")
        return (f"Either side may request a review of this ruling or appeal it (Law 92A) within {self.minutes} "
                f"minutes of the official score being made available for checking ({self.source}){note}.")


def _laws_default(authority: str) -> AppealLimit:
    return AppealLimit(authority, 30, LAW_92B, confirmed=False)


#: by authority (``register.values.Authority``'s values); each figure is Law 92B's until an authority's own is
#: confirmed from its regulations
APPEAL_LIMITS: dict[str, AppealLimit] = {
    "EBU": _laws_default("EBU"),
    "ACBL": _laws_default("ACBL"),
    "ABF": _laws_default("ABF"),
    "QBA": _laws_default("QBA"),
    "WBF": _laws_default("WBF"),
    "CLUB": AppealLimit("CLUB", 30, LAW_92B, confirmed=True),  # a club follows the Laws' own figure
}


def appeal_limit(authority: str) -> AppealLimit:
    """The authority's limit; an authority not listed has the Laws' own (Law 92B)."""
    return APPEAL_LIMITS.get(authority.upper(), AppealLimit(authority, 30, LAW_92B, confirmed=True))
