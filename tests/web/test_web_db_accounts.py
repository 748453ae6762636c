"""Accounts in the register's database, on SQLite and on PostgreSQL: the store, the migration, a login."""

from __future__ import annotations

from fastapi.testclient import TestClient
from sqlalchemy import inspect

from bridge_director.register import Register
from bridge_director.register.transfer import export_register
from bridge_director.web import create_app
from bridge_director.web.accounts import Role, authenticate, new_account
from bridge_director.web.db_accounts import DatabaseAccountStore
from bridge_director.web.settings import WebSettings


def test_the_migration_adds_the_accounts_table(register: Register) -> None:
    columns = {c["name"] for c in inspect(register.engine).get_columns("accounts")}
    assert {"username", "role", "password_hash"} <= columns
    assert "password" not in columns


def test_store_keeps_hashes_replaces_and_counts(register: Register) -> None:
    store = DatabaseAccountStore(register)
    assert store.count() == 0 and store.get("td") is None
    store.add("TD", "first password", Role.DIRECTOR)
    stored = store.get("td")
    assert stored is not None and stored.role is Role.DIRECTOR
    assert "first password" not in stored.password_hash and stored.password_hash.startswith("$argon2id$")
    store.put(new_account("td", "second password", Role.VIEWER))  # replaced, not duplicated
    assert store.count() == 1
    assert authenticate(store, "td", "first password") is None
    account = authenticate(store, "td", "second password")
    assert account is not None and account.role is Role.VIEWER


def test_a_second_store_on_the_same_database_sees_the_account(register: Register) -> None:
    DatabaseAccountStore(register).add("scorer", "scorer password", Role.SCORER)
    other = Register(register.url)
    try:
        assert authenticate(DatabaseAccountStore(other), "scorer", "scorer password") is not None
    finally:
        other.close()


def test_accounts_stay_out_of_the_register_export(register: Register) -> None:
    DatabaseAccountStore(register).add("td", "a password", Role.DIRECTOR)
    with register.transaction() as db:
        exported = export_register(db)
    assert "accounts" not in exported["tables"] and "rulings" in exported["tables"]


def test_login_through_the_app_with_database_accounts(register: Register) -> None:
    store = DatabaseAccountStore(register)
    store.add("director", "director password", Role.DIRECTOR)
    app = create_app(WebSettings(secret_key="k" * 32), store)
    with TestClient(app, base_url="https://testserver") as client:
        assert client.post("/api/login", json={"username": "director", "password": "wrong one"}).status_code == 401
        r = client.post("/api/login", json={"username": "director", "password": "director password"})
        assert r.status_code == 200 and r.json()["role"] == "director"
