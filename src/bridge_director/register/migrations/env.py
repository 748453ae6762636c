"""Alembic environment: runs online on the connection given in ``config.attributes``."""

from __future__ import annotations

from alembic import context
from sqlalchemy import Connection

from bridge_director.register.models import Base


def run_migrations_online() -> None:
    connection = context.config.attributes.get("connection")
    if not isinstance(connection, Connection):
        raise RuntimeError("run the register's migrations with bridge_director.register.migrate.upgrade")
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if hasattr(context, "config"):  # only under Alembic; importing the module elsewhere (doctests) does nothing
    run_migrations_online()
