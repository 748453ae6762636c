"""File formats: PBN 2.1 in and out, LIN in, and plain-text rendering of boards."""

from .pbn import PbnColumn, PbnFile, PbnGame, PbnTable, PbnTag, load_pbn, read_pbn, write_pbn

__all__ = ["PbnColumn", "PbnFile", "PbnGame", "PbnTable", "PbnTag", "load_pbn", "read_pbn", "write_pbn"]
