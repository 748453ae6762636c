"""Domain values of the register: enums stored by name."""

from __future__ import annotations

from enum import StrEnum

from ..model.regulation import Authority as Authority
from ..model.regulation import Colour as Colour
from ..model.regulation import Departure as Departure


class Side(StrEnum):
    """The side an adjusted score or penalty applies to."""

    NS = "NS"
    EW = "EW"


class PenaltyKind(StrEnum):
    """Procedural penalties (Law 90) and disciplinary penalties (Law 91)."""

    PROCEDURAL = "PROCEDURAL"
    DISCIPLINARY = "DISCIPLINARY"
