"""The register's tests use ``db_url``, ``open_register`` and ``register`` from tests/conftest.py."""
