"""The Laws engine: one module per law or law group, each detecting its irregularity, listing the
options, rectifying and wording the ruling.  Importing this package registers every module.
"""

from . import law24, law25, law27, law29_32, law36_39, law48_52, law53_56, law57_59, law61_64, law68_71  # noqa: F401  (registration)
from .registry import describe, detector, resolve
from .ruling import Edition, Option, Question, Ruling

__all__ = ["Edition", "Option", "Question", "Ruling", "describe", "detector", "resolve"]
