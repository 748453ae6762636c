"""An XML parser for files from elsewhere: DTD entity declarations and external references are refused, as
defusedxml does (no "billion laughs" expansion, no file or URL fetched), each with one line naming the line.

>>> parser = defused_parser()
>>> parser.Parse(b'<!DOCTYPE x [<!ENTITY a "aaaa">]><x>&a;</x>', True)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
bridge_director.errors.ParseError: line 1: an XML entity declaration is refused (EntitiesForbidden(name='a', ...))
"""

from __future__ import annotations

from xml.parsers import expat

from defusedxml.common import DefusedXmlException, EntitiesForbidden, ExternalReferenceForbidden

from ..errors import ParseError


def defused_parser() -> expat.XMLParserType:
    """A new expat parser that refuses entity declarations and external references with a ParseError."""
    parser = expat.ParserCreate()

    def refuse(what: str, error: DefusedXmlException) -> ParseError:
        line = parser.CurrentLineNumber
        return ParseError(f"{what} is refused ({error!r})", line=line)

    def entity(name: str, _parameter: bool, value: str | None, base: str | None, system_id: str | None,
               public_id: str | None, notation: str | None) -> None:
        raise refuse("an XML entity declaration", EntitiesForbidden(name, value, base, system_id, public_id,
                                                                     notation))

    def unparsed(name: str, base: str | None, system_id: str | None, public_id: str | None,
                 notation: str | None) -> None:
        raise refuse("an XML entity declaration", EntitiesForbidden(name, None, base, system_id, public_id,
                                                                     notation))

    def external(context: str, base: str | None, system_id: str | None, public_id: str | None) -> int:
        raise refuse("an XML external reference", ExternalReferenceForbidden(context, base, system_id, public_id))

    parser.EntityDeclHandler = entity
    parser.UnparsedEntityDeclHandler = unparsed
    parser.ExternalEntityRefHandler = external
    return parser
