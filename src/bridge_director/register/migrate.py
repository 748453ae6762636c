"""Alembic migrations shipped inside the package, run from code (no ``alembic.ini`` needed)."""

from __future__ import annotations

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine

SCRIPT_LOCATION = "bridge_director.register:migrations"


def alembic_config(connection: Connection) -> Config:
    """A Config pointing at the packaged migrations and handing them ``connection``."""
    config = Config()
    config.set_main_option("script_location", SCRIPT_LOCATION)
    config.attributes["connection"] = connection
    return config


def upgrade(engine: Engine, revision: str = "head") -> None:
    """Bring the register's schema up to ``revision`` in one transaction."""
    with engine.begin() as connection:
        command.upgrade(alembic_config(connection), revision)


def current(engine: Engine) -> str | None:
    """The revision the database is at, or None for an empty database."""
    from alembic.runtime.migration import MigrationContext
    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()
