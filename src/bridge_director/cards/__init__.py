"""System cards: each call's meaning as constraints over the hand, read from our JSON card or a BML file, and
the Law 23A comparable-call test decided with the z3 solver (docs/system-card.md).

Modules: ``meaning`` (the constraint language), ``context`` (auction keys), ``model`` (the card),
``card_file`` (our JSON format), ``bml`` (the BML importer), ``check``, ``solver`` (z3), ``comparable``
(Law 23A).  The laws read a card for their rulings (``laws.card_advice``, ``laws.card_agreement``).  Importing this
package loads neither z3 nor the readers.
"""

from .model import Meaning, SystemCard, TableCards

__all__ = ["Meaning", "SystemCard", "TableCards"]
