"""The results published (club.publish): a folder of static pages with relative links, no script and names
escaped; each traveller with its hand record and its columns apart; an adjusted line with the table score struck
through; a provisional board without points; the PDF; ``session publish`` on the command line.

The evening and its worked-out matchpoints are described in tests/cardkit.py.
"""

from __future__ import annotations

import html
import re
import zipfile
from collections.abc import Callable
from io import BytesIO
from pathlib import Path

import pytest

from bridge_director.club.adjustments import rule_on_result
from bridge_director.club.decisions import Assigned, Score
from bridge_director.club.publish import Published, publish_section, results_pdf, section_deals, site_zip
from bridge_director.club.report import load_report
from bridge_director.club.results import find_result
from bridge_director.club.score_card import section_expected
from bridge_director.errors import BridgeError
from bridge_director.register import Register
from bridge_director.register.models import Section
from cardkit import build

Run = Callable[..., tuple[int, str, str]]  # the ``run`` fixture of conftest.py
ODD = "<b>O'Neil</b>"
ESCAPED = "&lt;b&gt;O&#39;Neil&lt;/b&gt;"


@pytest.fixture
def register() -> Register:
    return Register("sqlite://")


def published(register: Register, sid: int) -> Published:
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        return publish_section(db, section)


def adjust_board_3(register: Register, sid: int) -> int:
    """Ruling: 3NT by S, 9 tricks, for the −50 at table 1 in round 3 (pair 1 v pair 5)."""
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        row = find_result(db, section, 3, 1, 3)
        assert row is not None
        ruling = rule_on_result(db, row.id, director="TD", laws="12C1b", decision=Assigned(Score("3NT", "S", 9)))
        return ruling.id


def cells(page: str, row: str) -> list[str]:
    """The cells' text of the first table row holding ``row`` (tags dropped, entities read)."""
    found = next(r for r in re.findall(r"<tr[^>]*>(.*?)</tr>", page, re.S) if row in r)
    return [html.unescape(re.sub(r"<[^>]+>", "", c)).strip() for c in re.findall(r"<td[^>]*>(.*?)</td>", found, re.S)]


def test_the_folder_links_only_to_its_own_pages_and_runs_no_script(register: Register) -> None:
    site = published(register, build(register))
    assert site.name == "club-night-tuesday-section-a"
    assert set(site.pages) == {"index.html", "style.css", *(f"board-{b}.html" for b in (1, 2, 3)),
                               *(f"pair-{p}.html" for p in range(1, 7))}
    for name, text in site.pages.items():
        if not name.endswith(".html"):
            continue
        links = re.findall(r'(?:href|src)="([^"]*)"', text)
        assert links and all(link in site.pages for link in links), (name, links)
        assert "<script" not in text.lower(), name
        assert not re.search(r"<[^>]+\son\w+=", text), name  # no event handler anywhere
        assert ODD not in text, name
    assert ESCAPED in site.pages["pair-5.html"] and ESCAPED in site.pages["index.html"]
    assert "Club &lt;night&gt;, Tuesday, section A" in site.pages["index.html"]


def test_the_ranking_page_lists_each_direction_with_its_totals(register: Register) -> None:
    index = published(register, build(register)).pages["index.html"]
    assert "<h2>Ranking N-S</h2>" in index and "<h2>Ranking E-W</h2>" in index
    assert cells(index, "pair-3.html") == ["1", "3 Ed & Flo", "7", "58.33"]
    assert cells(index, "pair-1.html") == ["2", "1 Ann North & Bob South", "6", "50.00"]
    assert cells(index, "pair-2.html") == ["3", "2 Cy & Di", "5", "41.67"]
    assert "Provisional" not in index


def test_a_traveller_shows_its_hand_record_and_contract_declarer_and_lead_apart(register: Register) -> None:
    board = published(register, build(register)).pages["board-1.html"]
    assert "Dealer North<br>None vulnerable" in board
    assert '<div class="hand west"><span class="seat">West <span class="hcp">(0)</span>' in board
    assert '<span class="black">♠</span> 10987' in board  # East's spades, the ten written 10
    # N-S, E-W, contract, declarer, lead, tricks, N-S score, N-S MP, E-W MP
    assert cells(board, 'title="Gus &amp; Hal"') == ["1", "4", "2♥", "S", "♠2", "8", "+110", "2", "2"]
    assert cells(board, 'title="Jo &amp; Kim"') == ["2", "6", "2♥", "S", "", "7", "−50", "0", "4"]
    assert 'rel="next"' in board and 'href="board-2.html"' in board


def test_an_adjusted_line_shows_the_table_score_struck_through(register: Register) -> None:
    sid = build(register)
    ruling = adjust_board_3(register, sid)
    pages = published(register, sid).pages
    assert '<s title="the table result">−50</s> <b>+400</b>' in pages["board-3.html"]
    assert f"Ruling {ruling}: assigned: 3NT= S +400" in pages["board-3.html"]
    assert cells(pages["board-3.html"], "<s ") == ["1", "5", "3NT", "S", "", "8", "−50 +400", "2", "2"]
    card = pages["pair-1.html"]
    assert '<s title="the table result">−50</s> <b>+400</b>' in card
    assert "Total 8 MP, 66.67% on 3 boards." in card
    assert '<s title="the table result">+50</s> <b>−400</b>' in pages["pair-5.html"]


def test_a_board_still_waiting_for_results_is_published_without_points(register: Register) -> None:
    pages = published(register, build(register, complete=False)).pages
    assert "Provisional: results still to come on board 1." in pages["index.html"]
    board = pages["board-1.html"]
    assert "Traveller <span class=\"provisional\">(provisional)</span>" in board
    assert cells(board, 'title="Gus &amp; Hal"')[-3:] == ["+110", "", ""]
    assert '<span class="wait">waiting</span>' in pages["pair-1.html"]
    assert "Total 4 MP, 50.00% on 2 boards; 1 waiting for results." in pages["pair-1.html"]


def test_the_pdf_holds_the_ranking_and_each_traveller(register: Register) -> None:
    sid = build(register)
    ruling = adjust_board_3(register, sid)
    with register.transaction() as db:
        section = db.get(Section, sid)
        assert section is not None
        pdf = results_pdf(load_report(db, section), section_expected(db, section), section_deals(db, section),
                          compress=False)
    assert pdf.startswith(b"%PDF")
    for text in (b"Club <night>, Tuesday, section A", b"Ranking N-S", b"Ranking E-W", b"Ann North & Bob South",
                 b"66.67", b"Board 1: dealer North, None vulnerable", b"Board 3: dealer South, E-W vulnerable",
                 b"West: S 2  H 5432  D 5432  C 5432  \\(0\\)", b"+400 adj.",
                 b"Ruling %d, N-S 1 v E-W 5: assigned: 3NT= S +400 \\(table result -50\\)" % ruling):
        assert text in pdf, text
    assert published(register, sid).pdf.startswith(b"%PDF")


def test_the_zip_holds_the_folder_and_the_pdf(register: Register) -> None:
    site = published(register, build(register))
    with zipfile.ZipFile(BytesIO(site_zip(site))) as archive:
        names = set(archive.namelist())
        assert names == {f"{site.name}/{n}" for n in site.pages} | {f"{site.name}.pdf"}
        assert archive.read(f"{site.name}/index.html").decode() == site.pages["index.html"]


def test_session_publish_writes_the_folder_and_the_pdf(run: Run, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    register = Register(url)
    sid = build(register)
    register.close()
    folder, pdf = tmp_path / "site" / "tuesday", tmp_path / "tuesday.pdf"
    code, out, err = run("session", "publish", str(sid), "--to", str(folder), "--pdf", str(pdf), url=url)
    assert code == 0, err
    assert out.splitlines() == [f"11 files written to {folder} (open {folder / 'index.html'})",
                                f"PDF written to {pdf}"]
    assert sorted(p.name for p in folder.iterdir())[:3] == ["board-1.html", "board-2.html", "board-3.html"]
    assert "Ann North &amp; Bob South" in (folder / "pair-1.html").read_text(encoding="utf-8")
    assert pdf.read_bytes().startswith(b"%PDF")


def test_session_publish_refusals_are_one_line(run: Run, tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    register = Register(url)
    sid = build(register)
    register.close()
    a_file = tmp_path / "taken"
    a_file.write_text("not a folder", encoding="utf-8")
    for args, message in ((("99", "--to", str(tmp_path / "x")), "no section 99"),
                          ((str(sid), "--to", str(a_file)), f"folder: {a_file} is a file, not a folder"),
                          ((str(sid), "--to", str(tmp_path / "y"), "--pdf", str(tmp_path / "no" / "r.pdf")),
                           "pdf: cannot write")):
        code, _, err = run("session", "publish", *args, url=url)
        assert code == 2 and message in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_a_folder_that_is_a_file_is_refused_naming_it(register: Register, tmp_path: Path) -> None:
    from bridge_director.club.publish import write_site
    taken = tmp_path / "taken"
    taken.write_text("x", encoding="utf-8")
    with pytest.raises(BridgeError) as refused:
        write_site({"index.html": ""}, taken)
    assert refused.value.field == "folder"
