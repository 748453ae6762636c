"""The event pages: upload travellers (CSV, PBN), rankings, frequency charts, exports; clear refusals."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from web.test_web_register_pages import page_login

CSV = "board,ns,ew,contract,declarer,tricks\n" + "".join(
    f"{b},{ns},{ew},4S,N,{t}\n" for b in (1, 2) for ns, ew, t in (("1", "4", 10), ("2", "5", 9), ("3", "6", 11)))
PBN = """[Board "1"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"]
[ScoreTable "PairId_NS\\2R;PairId_EW\\2R;Contract\\4L;Declarer\\1R;Result\\2R;Score_NS\\6R"]
 1  3 "6H" E 12 "-980"
 2  4 "5H" E 12 "-480"
"""


def upload(client: TestClient, token: str, name: str, content: str, event: str = "Tuesday pairs") -> Any:
    return client.post("/event/upload", data={"csrf_token": token, "event": event},
                       files={"file": (name, content.encode(), "application/octet-stream")}, follow_redirects=False)


def test_the_demo_event_shows_rankings_and_charts(reg_client: TestClient) -> None:
    page_login(reg_client, "viewer")
    listing = reg_client.get("/event").text
    assert "Club night (demo)" in listing and "40 results" in listing
    page = reg_client.get("/events/1").text
    assert page.count("<svg") == 8 and 'aria-label="board 5 frequencies"' in page
    assert re.search(r"<td>1</td><td>Pair 4</td>", page)  # the NS winner of the demo
    assert "upload-form" not in listing  # a viewer does not upload


def test_csv_upload_is_scored_and_exported(reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    r = upload(reg_client, token, "tuesday.csv", CSV)
    assert r.status_code == 303
    page = reg_client.get(r.headers["location"]).text
    assert "6 results stored" in page and page.count("<svg") == 2
    exported = reg_client.get(r.headers["location"].split("?")[0] + "/export.csv")
    assert exported.headers["content-type"].startswith("text/csv") and "attachment" in exported.headers[
        "content-disposition"]
    assert exported.text.splitlines()[1].startswith("1,1,4,4S,N,,420,")
    xml = reg_client.get(r.headers["location"].split("?")[0] + "/usebio.xml", params={"method": "cross-imps"})
    assert "<USEBIO" in xml.text and "CROSS_IMP" in xml.text


def test_a_pbn_upload_keeps_the_deals_for_the_calculator(reg_client: TestClient) -> None:
    token = page_login(reg_client, "scorer")
    r = upload(reg_client, token, "club.pbn", PBN, event="Wednesday")
    assert r.status_code == 303, r.text
    from bridge_director.web.event_store import board_deal
    with reg_client.app.state.register.transaction() as db:
        assert board_deal(db, "Wednesday", 1) == "N:K9652.J.Q83.KQ43 AQJ7.K762.KJ75.5 843.Q93.A6.JT872 T.AT854.T942.A96"


def test_bad_files_are_refused_naming_line_and_field_and_store_nothing(reg_client: TestClient) -> None:
    token = page_login(reg_client, "director")
    broken = CSV.replace("2,3,6,4S,N,11", "2,3,6,4S,N,eleven")
    r = upload(reg_client, token, "broken.csv", broken)
    assert r.status_code == 422
    assert "broken.csv, line 7, tricks: tricks is not a whole number" in r.text.replace("&#39;", "'")
    assert "Tuesday pairs" not in reg_client.get("/event").text.split("upload-form")[0]
    r = upload(reg_client, token, "results.txt", CSV)
    assert r.status_code == 422 and "upload a .pbn, .csv or USEBIO .xml file" in r.text
    r = upload(reg_client, token, "empty.pbn", '[Event "x"]\n')
    assert r.status_code == 422 and "empty.pbn" in r.text and "/tmp" not in r.text


def test_a_viewer_cannot_upload(reg_client: TestClient) -> None:
    token = page_login(reg_client, "viewer")
    assert upload(reg_client, token, "tuesday.csv", CSV).status_code == 403
