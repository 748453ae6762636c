"""The Laws engine: one module per law or law group, each detecting its irregularity, listing the options,
rectifying and wording the ruling.

``MODULES`` is the one list of the modules the table engine runs, in the order their hooks run: the play period
starts after the final pass (``table.play``) before Law 29-32 watches judge that call; Law 26's questions
(``law26.ask``, after every event) come before declarer's Law 26 lead choice (``law26_lead``).  A module not
named here declares its detectors and hooks but they are never run.  Importing this package installs the list into
the table's registry (``table.registry``); ``bridge_director.engine`` imports it.
"""

from __future__ import annotations

from ..table import play as _play_period
from ..table.edition import Edition
from ..table.registry import detector, install, resolve
from . import (
    law12_review,
    law16_play,
    law16_sources,
    law16_ui,
    law17,
    law19_form,
    law20,
    law21_misinformation,
    law24,
    law25,
    law26,
    law26_lead,
    law27,
    law29_32,
    law36_39,
    law40_review,
    law42_47,
    law46,
    law48_50,
    law51_52,
    law53_56,
    law57_59,
    law58,
    law61_64,
    law65_67,
    law68_71,
    law73_deception,
    law73_notes,
    matters,
)
from .pending import describe
from .ruling import Option, Question, Ruling

MODULES = (_play_period, law16_sources, law17, law19_form, law20, law24, law25, law26, law26_lead, law27, law29_32,
           law36_39, law42_47, law46, law48_50, law51_52, law53_56, law57_59, law58, law61_64, law65_67, law68_71,
           law73_notes, matters, law16_play, law16_ui, law21_misinformation, law73_deception, law40_review,
           law12_review)
install(MODULES)

__all__ = ["MODULES", "Edition", "Option", "Question", "Ruling", "describe", "detector", "resolve"]
