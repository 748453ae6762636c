"""Peers' names for a poll (docs/polls.md): a name as shown, and the key two names are compared by.

A name typed on a phone can hide a second peer in plain sight: a zero-width space, a Cyrillic ``а`` for a Latin
``a``, a full-width letter, a dot or a second space.  ``peer_key`` folds all of these away, so such names are the
same peer:

- compatibility forms (NFKC: full-width and ligature letters, ``ℓ``, ``ſ``), then case folding (``ß`` is ``ss``);
- invisible characters removed: format characters (zero-width space and joiners, soft hyphen, direction marks,
  the byte-order mark), controls, the fillers and blanks that print as nothing, variation selectors, and the
  combining marks (accents: ``José`` is ``Jose``);
- letters of other scripts that look like Latin ones read as those (``р`` Cyrillic er is ``p``, ``ο`` Greek
  omicron is ``o``): the common confusables of Cyrillic and Greek;
- spaces, dots, hyphens, apostrophes and underscores left out altogether (``A. Smith``, ``A.Smith``, ``a smith``).

>>> peer_key("Ann Smith") == peer_key(" ANN\\u200b  smith ") == peer_key("Аnn Smith") == peer_key("A.nn-Smith")
True
>>> peer_key("Ｊｏｓé Müller"), shown_name("  Ann\\u200d   Smith\\u00ad ")
('josemuller', 'Ann Smith')
"""

from __future__ import annotations

import unicodedata

#: the longest name kept (shown and folded)
MAX_NAME = 100

#: characters that print as nothing but are not of a format or mark category
_BLANKS = frozenset("\u115f\u1160\u3164\uffa0\u2800\u180e\u17b4\u17b5")
#: categories that never show as a letter: format, control, unassigned, private use, surrogate
_HIDDEN = frozenset({"Cf", "Cc", "Cn", "Co", "Cs"})
#: and, for comparing, the combining marks too (an accent, a variation selector, the grapheme joiner)
_MARKS = frozenset({"Mn", "Me"})
#: separators left out of the key: spaces (any Unicode space splits), dots, hyphens, apostrophes, underscores
_SEPARATORS = frozenset(".·•‧∙・。-‐‑‒–—―−'’ʼ`´_")

#: letters of Cyrillic and Greek (and a few Latin) that look like a Latin letter, after case folding
CONFUSABLES = {
    # Cyrillic
    "а": "a", "в": "b", "с": "c", "ԁ": "d", "е": "e", "ё": "e", "һ": "h", "н": "h", "і": "i", "ї": "i",
    "ј": "j", "к": "k", "ӏ": "l", "м": "m", "п": "n", "о": "o", "р": "p", "ԛ": "q", "ѕ": "s", "т": "t",
    "у": "y", "ү": "y", "ԝ": "w", "х": "x", "ь": "b", "ъ": "b", "ѵ": "v",
    # Greek
    "α": "a", "β": "b", "ϲ": "c", "ε": "e", "η": "n", "ι": "i", "κ": "k", "ν": "v", "ο": "o", "ρ": "p",
    "τ": "t", "υ": "u", "χ": "x", "γ": "y", "ω": "w", "ϳ": "j", "ζ": "z",
    # Latin look-alikes
    "ı": "i", "ȷ": "j", "ɡ": "g", "ɑ": "a", "ɩ": "i", "ʋ": "v", "ꞵ": "b",
}


def _shows(char: str) -> bool:
    return unicodedata.category(char) not in _HIDDEN and char not in _BLANKS


def shown_name(name: str) -> str:
    """The name as it is stored and shown: invisible characters removed, composed (NFC), one space between
    words, at most ``MAX_NAME`` characters.  Case, accents and letters are kept as typed.

    >>> shown_name("  Ann \\u200b Smith\\n")
    'Ann Smith'
    """
    kept = "".join(c for c in unicodedata.normalize("NFC", name) if c.isspace() or _shows(c))
    return " ".join(kept.split())[:MAX_NAME]


def peer_key(name: str) -> str:
    """The key two peers' names are compared by (see the module): equal keys are the same peer.  Empty when the
    name has nothing visible.

    >>> peer_key("\\u200b\\u200c \\u2060"), peer_key("O’Brien") == peer_key("o'brien") == peer_key("OBrien")
    ('', True)
    """
    folded = unicodedata.normalize("NFKD", unicodedata.normalize("NFKC", name).casefold())
    kept: list[str] = []
    for char in folded:
        if char.isspace() or char in _SEPARATORS or not _shows(char) or unicodedata.category(char) in _MARKS:
            continue
        kept.append(CONFUSABLES.get(char, char))
    return unicodedata.normalize("NFKC", "".join(kept))[:MAX_NAME]
