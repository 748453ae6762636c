"""File formats: PBN 2.1 in and out, LIN in, and plain-text rendering of boards.

The PBN names below are loaded with their module on first use, so a reader that needs only ``io.text`` and
``model.numbers`` (the traveller CSV of ``score event``) does not load the PBN reader and the model.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .pbn import PbnColumn, PbnFile, PbnGame, PbnTable, PbnTag, load_pbn, read_pbn, write_pbn

__all__ = ["PbnColumn", "PbnFile", "PbnGame", "PbnTable", "PbnTag", "load_pbn", "read_pbn", "write_pbn"]


def __getattr__(name: str) -> Any:
    if name not in __all__:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.pbn"), name)
    globals()[name] = value
    return value
