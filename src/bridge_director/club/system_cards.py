"""A system card registered for each pair of a session (migration 0007): used at the pair's tables, so that the
rulings on comparable calls read the offending side's card (docs/system-card.md).

The card is stored as its JSON document, so a later edit of the file never changes a running session.  A card
registered after a board was opened at a table is used from that table's next board (or the next restart).
"""

from __future__ import annotations

import json

from sqlalchemy import select
from sqlalchemy.orm import Session, object_session

from ..cards.model import SystemCard, TableCards
from ..errors import RegisterError
from ..register.models import Pair, PairSystemCard, Section, utcnow


def _pair_id(db: Session, section_id: int, number: int) -> int:
    pair = db.scalars(select(Pair).where(Pair.section_id == section_id, Pair.number == number)).one_or_none()
    if pair is None:
        raise RegisterError(f"section {section_id} has no pair {number}", field="pair")
    return pair.id


def register_card(db: Session, section_id: int, number: int, text: str, source: str = "card") -> SystemCard:
    """Store (or replace) the card of pair ``number`` of the section; a card with problems is refused, naming
    the first of them."""
    from ..cards.card_file import loads, to_data
    from ..cards.check import check

    pair_id = _pair_id(db, section_id, number)  # a pair that is not there is refused before the card is checked
    card = loads(text, source)
    problems = check(card)
    if problems:
        more = f" (and {len(problems) - 1} more: run card check)" if len(problems) > 1 else ""
        raise RegisterError(f"{problems[0]}{more}", field="card")
    row = db.get(PairSystemCard, pair_id)
    document = json.dumps(to_data(card), ensure_ascii=False)
    if row is None:
        db.add(PairSystemCard(pair_id=pair_id, system=card.name[:200], card=document))
    else:
        row.system, row.card, row.registered_at = card.name[:200], document, utcnow()
    db.flush()
    return card


def card_of(db: Session, section_id: int, number: int) -> SystemCard | None:
    """The registered card of pair ``number`` of the section, or None."""
    from ..cards.card_file import loads

    row = db.get(PairSystemCard, _pair_id(db, section_id, number))
    return None if row is None else loads(row.card, row.system)


def table_cards(db: Session, section_id: int, round_no: int, table_no: int) -> TableCards | None:
    """The cards of the pairs sitting North-South and East-West at a table in a round (None: none registered)."""
    from .movement import Movement

    section = db.get(Section, section_id)
    if section is None:
        return None
    found = Movement.from_json(section.movement, check=False).at(round_no, table_no)
    if found is None:
        return None
    ns, ew = card_of(db, section_id, found.ns), card_of(db, section_id, found.ew)
    return None if ns is None and ew is None else TableCards(ns, ew)


def cards_at(row: object) -> TableCards | None:
    """The cards for a stored board at a table (a ``TableBoard`` with its seating), read through its session."""
    section_id, round_no, table_no = (getattr(row, k, None) for k in ("section_id", "round_no", "table_no"))
    db = object_session(row)
    if db is None or section_id is None or round_no is None or table_no is None:
        return None
    return table_cards(db, section_id, round_no, table_no)
