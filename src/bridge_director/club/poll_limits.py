"""How fast one address may answer one poll: a small token bucket per (poll, address), kept in the register's
``poll_rates`` table so that every worker and a restart share it (docs/polls.md).

The bucket is one number, ``due``: the moment it is full again (the generic cell rate algorithm).  An address
may send ``burst`` answers at once, then one each ``every`` seconds.  The whole decision is one statement (an
insert, or on conflict an update computed from the row as stored), so two workers never both take the last
token.  Every answer sent counts, the refused ones too: a stranger trying names or links is slowed as much as
anyone.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import case, literal
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import Session

from ..register.table_models import PollRate

RATES = PollRate.__table__


@dataclass(frozen=True, slots=True)
class RateLimit:
    """``burst`` answers from one address to one poll at once, then one each ``every`` seconds."""

    burst: int = 10
    every: float = 3.0


def counted_address(address: str) -> str:
    """The address a bucket belongs to: an IPv4 address as it is, an IPv6 address by its /64 network (one phone
    gets a whole /64, and could otherwise answer from a fresh address each time).

    >>> counted_address("192.0.2.10"), counted_address("2001:db8:1:2:aaaa::1"), counted_address("::ffff:192.0.2.1")
    ('192.0.2.10', '2001:db8:1:2::/64', '192.0.2.1')
    """
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:
            return str(ip.ipv4_mapped)
        return str(ipaddress.ip_network(f"{ip}/64", strict=False))
    return str(ip)


def _insert(db: Session) -> Callable[..., sqlite.Insert | postgresql.Insert]:
    """The dialect's INSERT that can say ON CONFLICT (SQLite and PostgreSQL both can)."""
    return postgresql.insert if db.get_bind().dialect.name == "postgresql" else sqlite.insert


def take_turn(db: Session, poll_id: int, address: str, now: float, rate: RateLimit) -> tuple[float, int]:
    """Take one answer from the bucket of ``address`` for the poll ``poll_id``, in ``db``'s transaction: (the
    seconds to wait, 0.0 when the answer may go on; the answers refused in a row, 0 when it goes on)."""
    slack = (rate.burst - 1) * rate.every
    start = case((RATES.c.due > now, RATES.c.due), else_=literal(now))
    allowed = start - now <= slack
    insert = _insert(db)
    statement = insert(RATES).values(poll_id=poll_id, address=counted_address(address), due=now + rate.every,
                                     refused=0)
    statement = statement.on_conflict_do_update(
        index_elements=[RATES.c.poll_id, RATES.c.address],
        set_={"due": case((allowed, start + rate.every), else_=RATES.c.due),
              "refused": case((allowed, 0), else_=RATES.c.refused + 1)})
    due, refused = db.execute(statement.returning(RATES.c.due, RATES.c.refused)).one()
    if not refused:
        return 0.0, 0
    return max(float(due) - now - slack, 0.0), int(refused)
