"""Names other modules import from here; the psyche rules themselves live in ``laws.law40_psyches`` (shared),
``laws.psyche_ebu`` and ``laws.psyche_acbl``."""

from __future__ import annotations

from ..laws.law40_psyches import parse_partnership, partnership_key

__all__ = ["parse_partnership", "partnership_key"]
