"""Alembic migrations of the register (run by :func:`bridge_director.register.migrate.upgrade`)."""
