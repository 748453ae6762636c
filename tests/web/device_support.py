"""Helpers for the table-device tests: a club app with a 3-table Mitchell set up, and each table's device link."""

from __future__ import annotations

import re
import secrets

from fastapi import FastAPI
from sqlalchemy import select

from bridge_director.club.devices import SECRET_NAME, links, sign
from bridge_director.club.movement_gen import mitchell
from bridge_director.club.setup import PlayerIn, add_pair, add_section, create_session, store_hand_records
from bridge_director.model import Deal
from bridge_director.register import Register
from bridge_director.register.models import Section, SessionResult
from bridge_director.register.server_state import stored_secret

# N holds every top card; East, who leads against North, holds the tens, nines and jacks (♥J among them)
DEAL = "N:AKQJ.AKQ.AKQ.AKQ T987.JT9.JT9.JT9 6543.876.876.876 2.5432.5432.5432"


def register_of(app: FastAPI) -> Register:
    register: Register = app.state.tables.register
    return register


def three_tables(app: FastAPI, boards_per_round: int = 2) -> int:
    """A 3-table Mitchell (pairs 1-6 with names, the deals of its boards) in the app's register; its id."""
    with register_of(app).transaction() as db:
        session = create_session(db, "Tuesday pairs", "Evening")
        section = add_section(db, session, "A", mitchell(3), boards_per_round)
        for n in range(1, 7):
            add_pair(db, section, n, PlayerIn(f"Player {n}a"), PlayerIn(f"Player {n}b"))
        store_hand_records(db, session, {b: Deal.from_pbn(DEAL) for b in range(1, 3 * boards_per_round + 1)})
        return section.id


def device_paths(app: FastAPI, sid: int) -> dict[int, str]:
    """Each table's device page (``/device/<token>``), as the director's page would issue them."""
    register = register_of(app)
    secret = stored_secret(app.state.server_register, SECRET_NAME, lambda: secrets.token_urlsafe(32))
    with register.transaction() as db:
        return {t: f"/device/{sign(secret, row)}" for t, row in links(db, db.get_one(Section, sid), "td").items()}


def results_of(app: FastAPI, sid: int) -> list[tuple[int, int, int, str, str, int | None, str, str]]:
    """(round, table, board, contract, declarer, tricks, lead, entered by) of every stored result."""
    with register_of(app).transaction() as db:
        return [(r.round_no, r.table_no, r.board.number, r.contract, r.declarer, r.tricks, r.lead, r.entered_by)
                for r in db.scalars(select(SessionResult).where(SessionResult.section_id == sid)
                                    .order_by(SessionResult.id))]


def text_of(html: str) -> str:
    """A page's text, tags dropped and spaces folded (entities as the page writes them)."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()
