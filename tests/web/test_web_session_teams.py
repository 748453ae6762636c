"""A teams section's ranking page shows each match in IMPs and VPs."""

from __future__ import annotations

from pathlib import Path

from fastapi.testclient import TestClient

from bridge_director.club.movement_gen import teams_match
from bridge_director.club.results import ResultIn, enter_result
from bridge_director.club.setup import add_section, create_session, import_entry_csv
from bridge_director.register import Register
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.settings import WebSettings
from web.web_support import PASSWORDS, login

ENTRY = ("pair,player1,member1,player2,member2,team\n1,A1,,A2,,Aces\n2,A3,,A4,,Aces\n"
         "3,K1,,K2,,Kings\n4,K3,,K4,,Kings\n")


def test_teams_ranking_page_shows_the_match_in_imps_and_vps(tmp_path: Path) -> None:
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    try:
        with register.transaction() as db:
            section = add_section(db, create_session(db, "Teams", "Match"), "A", teams_match(1), 1, method="teams")
            import_entry_csv(db, section, ENTRY)
            enter_result(db, section, 1, 1, 1, ResultIn("4S", "N", 10))  # Aces N-S: +420
            enter_result(db, section, 1, 2, 1, ResultIn("4S", "N", 9))  # Kings N-S: -50, so +50 to Aces
            sid = section.id
        accounts = MemoryAccountStore()
        for role in Role:
            accounts.add(role.value, PASSWORDS[role.value], role)
        app = create_app(WebSettings(secret_key="test-secret-key-0123456789"), accounts, register=register)
        with TestClient(app, base_url="https://testserver") as client:
            login(client, "viewer")
            page = client.get(f"/sessions/{sid}/ranking")
            assert page.status_code == 200
            assert "Aces v Kings" in page.text and "+10" in page.text  # 470 points: 10 IMPs
    finally:
        register.close()
