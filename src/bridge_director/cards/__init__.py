"""System cards: each call's meaning as constraints over the hand, read from our JSON card or a BML file, and
the Law 23A comparable-call test decided with the z3 solver (docs/system-card.md)."""

from .card_file import load, loads
from .comparable import Verdict, decide
from .model import Meaning, SystemCard, TableCards

__all__ = ["Meaning", "SystemCard", "TableCards", "Verdict", "decide", "load", "loads"]
