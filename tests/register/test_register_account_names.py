"""Migration 0012: an account's full name.  A register made before it keeps its accounts (no name, the same hash,
role and session generation); a name is stored, changed and found by login; going down drops the column and keeps
the accounts.  Every test runs on SQLite and on PostgreSQL."""

from __future__ import annotations

from alembic import command
from sqlalchemy import inspect, text

from bridge_director.register import Register
from bridge_director.register.accounts import find_account, full_names, save_account
from bridge_director.register.db import make_engine
from bridge_director.register.migrate import alembic_config, current, upgrade

BEFORE = "0011"


def _columns(db_url: str) -> set[str]:
    engine = make_engine(db_url)
    try:
        return {c["name"] for c in inspect(engine).get_columns("accounts")}
    finally:
        engine.dispose()


def test_an_old_register_keeps_its_accounts_with_no_name(db_url: str) -> None:
    engine = make_engine(db_url)
    try:
        upgrade(engine, BEFORE)
        assert "full_name" not in {c["name"] for c in inspect(engine).get_columns("accounts")}
        with engine.begin() as conn:
            conn.execute(text("INSERT INTO accounts (username, role, password_hash, session_generation, created_at, "
                              "updated_at) VALUES ('td', 'director', '$argon2id$old', 3, CURRENT_TIMESTAMP, "
                              "CURRENT_TIMESTAMP)"))
    finally:
        engine.dispose()

    register = Register(db_url)  # opening it upgrades to head
    try:
        assert current(register.engine) >= "0012"
        with register.transaction() as db:
            old = find_account(db, "td")
            assert old is not None
            assert (old.role, old.password_hash, old.session_generation, old.full_name) == (
                "director", "$argon2id$old", 3, None)
            assert full_names(db, ["td"]) == {}
            save_account(db, "td", "director", "$argon2id$old", "Jane Director")
        with register.transaction() as db:
            named = find_account(db, "td")
            assert named is not None
            assert named.full_name == "Jane Director"
            assert named.session_generation == 3  # a name is not a password: the open sessions go on
    finally:
        register.close()


def test_full_names_finds_the_names_of_the_logins_that_have_one(register: Register) -> None:
    with register.transaction() as db:
        save_account(db, "td", "director", "h1", "Jane Director")
        save_account(db, "scorer", "scorer", "h2")
        save_account(db, "blank", "viewer", "h3", "")
    with register.transaction() as db:
        assert full_names(db, ["td", "scorer", "blank", "Director 1", "td"]) == {"td": "Jane Director"}
        assert full_names(db, []) == {}
        save_account(db, "td", "director", "h1", "Jane Q. Director")
        save_account(db, "scorer", "scorer", "h2", "Sam Scorer")
    with register.transaction() as db:
        assert full_names(db, ["td", "scorer"]) == {"td": "Jane Q. Director", "scorer": "Sam Scorer"}
        save_account(db, "td", "director", "h1", None)  # the name taken away: the login again
    with register.transaction() as db:
        assert full_names(db, ["td", "scorer"]) == {"scorer": "Sam Scorer"}


def test_downgrade_drops_the_name_and_keeps_the_accounts(db_url: str) -> None:
    register = Register(db_url)
    try:
        with register.transaction() as db:
            save_account(db, "td", "director", "$argon2id$h", "Jane Director")
        with register.engine.begin() as connection:
            command.downgrade(alembic_config(connection), BEFORE)
        assert current(register.engine) == BEFORE
    finally:
        register.close()
    assert "full_name" not in _columns(db_url)
    engine = make_engine(db_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(text("SELECT username, role, password_hash FROM accounts")).all()
        assert [tuple(r) for r in rows] == [("td", "director", "$argon2id$h")]
        upgrade(engine)  # and up again: the account, with no name
        with engine.connect() as conn:
            assert conn.execute(text("SELECT full_name FROM accounts")).scalar_one() is None
    finally:
        engine.dispose()
