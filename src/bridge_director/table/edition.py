"""The edition of the Laws an event is ruled under: every event carries one, and so does each ruling.

>>> Edition.parse(" 2007 ") is Edition.L2007, Edition.L1997.modern, str(Edition.L2017)
(True, False, '2017')
"""

from __future__ import annotations

from enum import Enum

from ..errors import ParseError


class Edition(Enum):
    """The edition of the Laws an irregularity is ruled under (chosen per event)."""

    L2017 = "2017"
    L2007 = "2007"
    L1997 = "1997"

    @classmethod
    def parse(cls, text: str | Edition) -> Edition:
        if isinstance(text, Edition):
            return text
        for edition in cls:
            if edition.value == str(text).strip():
                return edition
        raise ParseError(f"not an edition of the Laws: {text!r} (use 2017, 2007 or 1997)", field="laws")

    @property
    def modern(self) -> bool:
        """True for 2017: comparable calls, no automatic bars after most calls out of rotation."""
        return self is Edition.L2017

    def __str__(self) -> str:
        return self.value
