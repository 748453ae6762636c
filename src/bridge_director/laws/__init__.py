"""The Laws engine: one module per law or law group, each detecting its irregularity, listing the
options, rectifying and wording the ruling.  Importing this package registers every module.
"""

# Registration. Hook order: Law 26's questions (``law26.ask``, after every event) come before declarer's Law 26
# lead choice (``law26_lead.check_lead``, which imports law26 and so registers after it).
from . import (  # noqa: F401
    law16_sources,
    law17,
    law19_form,
    law20,
    law24,
    law25,
    law26,
    law26_lead,
    law27,
    law29_32,
    law36_39,
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
)
from .registry import describe, detector, resolve
from .ruling import Edition, Option, Question, Ruling

__all__ = ["Edition", "Option", "Question", "Ruling", "describe", "detector", "resolve"]
