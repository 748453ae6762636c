"""Safe output and bounded input on every route: CSV exports write formula-like cells as text, USEBIO XML with
entities is refused, every write route refuses a body over the limit (413), and the API's description needs a
login."""

from __future__ import annotations

import csv
import io
from collections.abc import Iterator
from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.settings import WebSettings
from web.test_web_write_routes import concrete, write_routes
from web.web_support import PASSWORDS, login

NAMES = ("=HYPERLINK(\"http://evil.example\",\"x\")", "@SUM(A1:A2)", "-2+3")
CSV = "board,ns,ew,contract,declarer,tricks\n" + "".join(
    '{},"{}",{},4S,N,{}\n'.format(b, ns.replace('"', '""'), ew, t)
    for b in (1, 2) for ns, ew, t in zip(NAMES, ("4", "5", "6"), (10, 9, 11), strict=True))


def upload(client: TestClient, event: str, name: str, content: str) -> Any:
    return client.post("/api/sections/upload", data={"event": event},
                       files={"file": (name, content.encode(), "application/octet-stream")})


def test_csv_exports_write_formula_like_cells_as_text(reg_client: TestClient) -> None:
    login(reg_client, "scorer")
    up = upload(reg_client, "Formulas", "f.csv", CSV)
    assert up.status_code == 201, up.text
    sid = up.json()["id"]
    exported = reg_client.get(f"/sessions/{sid}/export.csv").text
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert sorted(r["score"] for r in rows if r["board"] == "1") == ["-50", "420", "450"]  # numbers stay numbers
    cells = [cell for row in csv.reader(io.StringIO(exported)) for cell in row]
    assert not any(cell[:1] in "=@+" and cell for cell in cells)
    assert not any(cell.startswith("-") and not cell.lstrip("-").replace(".", "").isdigit() for cell in cells)
    names = {s["names"] for s in reg_client.get(f"/api/sections/{sid}/ranking").json()["standings"]}
    assert set(NAMES) <= names  # the pairs keep their names as the file gave them


USEBIO_WITH_ENTITIES = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>&b;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""
USEBIO_WITH_FILE = """<?xml version="1.0"?>
<!DOCTYPE USEBIO [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
<USEBIO Version="1.2"><EVENT EVENT_TYPE="PAIRS"><EVENT_DESCRIPTION>&secret;</EVENT_DESCRIPTION></EVENT></USEBIO>
"""


def test_usebio_with_entities_or_external_references_is_refused(reg_client: TestClient) -> None:
    login(reg_client, "scorer")
    for name, content in (("laughs.xml", USEBIO_WITH_ENTITIES), ("xxe.xml", USEBIO_WITH_FILE)):
        r = upload(reg_client, "XML", name, content)
        assert r.status_code == 422, r.text
        assert "line 2" in r.json()["detail"] and "entity declaration is refused" in r.json()["detail"]
        assert "root:" not in r.text
    assert "XML" not in [s["event"] for s in reg_client.get("/api/sessions").json()]


def small_app() -> FastAPI:
    accounts = MemoryAccountStore()
    accounts.add("director", PASSWORDS["director"], Role.DIRECTOR)
    return create_app(WebSettings(secret_key="k" * 32, max_body_bytes=4000), accounts)


def test_every_write_route_refuses_a_body_over_the_limit() -> None:
    app = small_app()
    with TestClient(app, base_url="https://testserver") as client:
        login(client, "director")
        routes = sorted(set(write_routes(app.routes)))
        big = "x" * 5000
        for method, path in routes:
            r = client.request(method, concrete(path), content=f'{{"content": "{big}"}}',
                               headers={"Content-Type": "application/json"})
            assert r.status_code == 413, (method, path, r.status_code)
            assert "larger than 4 kB" in r.text

        def chunks() -> Iterator[bytes]:  # no Content-Length: cut off as it arrives
            for _ in range(10):
                yield b"x" * 1000

        r = client.post("/api/tables", content=chunks(), headers={"Content-Type": "application/json"})
        assert r.status_code == 413
        assert client.post("/api/tables", json={"board": 1}).status_code == 201  # under the limit: as usual
        assert client.get("/api/session").status_code == 200


def test_the_api_description_needs_a_login(client: TestClient) -> None:
    for path in ("/api/openapi.json", "/api/docs", "/api/redoc"):
        assert client.get(path, follow_redirects=False).status_code == 401, path
    login(client, "viewer")
    schema = client.get("/api/openapi.json").json()
    assert "/api/tables" in schema["paths"] and "/api/openapi.json" not in schema["paths"]
    docs = client.get("/api/docs")
    assert docs.status_code == 200 and "<code>/api/tables/{table_id}/entries</code>" in docs.text
    assert "<script" not in docs.text.split("</head>")[1]  # our own page, no script from elsewhere
    redoc = client.get("/api/redoc", follow_redirects=False)
    assert redoc.status_code == 303 and redoc.headers["location"] == "/api/docs"
