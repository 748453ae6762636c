"""The club's set-up: the app over HTTPS on the local network (``web --lan``), its kept certificate and QR code,
and a login cookie the browser did not keep said in plain words.  The browser reaches the test server through a
club host name mapped to 127.0.0.1 (``--host-resolver-rules``): no test reaches another machine."""

from __future__ import annotations

import datetime as dt
import ipaddress
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cryptography import x509
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from bridge_director.cli import app as cli
from bridge_director.web.certificate import ensure_certificate
from bridge_director.web.cookie_check import BLOCKED, INSECURE, loopback
from bridge_director.web.lan import add_qr_route, qr_svg, qr_text, url_of
from bridge_director.web.server import Tls, background
from web.web_support import CHROMIUM, CHROMIUM_ARGS, PASSWORDS, form_token, make_app, shot

CLUB = "club.bridge.test"
HOSTS = (CLUB, "127.0.0.1", "localhost")


@pytest.fixture(scope="module")
def club_browser(playwright: Any) -> Iterator[Any]:
    """Debian's chromium with the club's host name resolved to this machine (the run's one Playwright driver)."""
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM),
                                         args=[*CHROMIUM_ARGS, f"--host-resolver-rules=MAP {CLUB} 127.0.0.1"])
    yield browser
    browser.close()


@pytest.fixture
def phone(club_browser: Any) -> Iterator[Any]:
    """A phone-sized page that accepts the club's self-signed certificate (as a phone does once)."""
    context = club_browser.new_context(viewport={"width": 390, "height": 844}, ignore_https_errors=True)
    page = context.new_page()
    page.set_default_timeout(30_000)
    yield page
    context.close()


def on_club_name(url: str) -> str:
    return url.replace("127.0.0.1", CLUB)


def log_in_on_page(page: Any, base: str) -> None:
    page.goto(base + "/")
    page.fill("input[name=username]", "director")
    page.fill("input[name=password]", PASSWORDS["director"])
    page.click("button:has-text('Log in')")
    page.wait_for_load_state("networkidle")


# ----- in the browser ------------------------------------------------------------------------------------------
def test_https_with_the_made_certificate_logs_in_from_the_club_name(phone: Any, tmp_path: Path) -> None:
    certificate = ensure_certificate(tmp_path, HOSTS)
    with background(make_app(), tls=Tls(str(certificate.cert), str(certificate.key))) as url:
        assert url.startswith("https://127.0.0.1:")
        base = on_club_name(url)
        log_in_on_page(phone, base)
        phone.wait_for_selector("h1:has-text('Tables')")
        assert phone.url == base + "/"
        assert phone.evaluate("window.isSecureContext") is True  # a service worker may register here
        cookie = next(c for c in phone.context.cookies() if c["name"] == "bd_session")
        assert cookie["secure"] and cookie["httpOnly"] and cookie["domain"] == CLUB
        shot(phone, "lan-https-home")


def test_plain_http_from_the_club_name_says_the_cookie_was_refused(phone: Any) -> None:
    with background(make_app()) as url:
        base = on_club_name(url)
        phone.goto(base + "/")
        assert phone.url.startswith(base + "/login")
        assert phone.inner_text("#cookie-notice") == INSECURE  # said before anyone types
        log_in_on_page(phone, base)
        phone.wait_for_selector("#error")
        assert phone.inner_text("#error") == INSECURE
        assert phone.query_selector("h1:has-text('Tables')") is None
        assert not any(c["name"] == "bd_session" for c in phone.context.cookies())
        shot(phone, "lan-plain-http-refused-cookie")


# ----- the login without its cookie, in the app -------------------------------------------------------------------
def test_login_form_without_the_cookie_says_so_instead_of_a_loop() -> None:
    with TestClient(make_app(), base_url="https://club.bridge.test") as browser:
        token = form_token(browser.get("/login").text)
        browser.cookies.clear()  # cookies blocked: the form comes back without the one the login page set
        r = browser.post("/login", data={"username": "director", "password": PASSWORDS["director"],
                                         "csrf_token": token}, follow_redirects=False)
        assert r.status_code == 403 and "location" not in r.headers
        assert BLOCKED.replace("'", "&#39;") in r.text


def test_login_page_warns_only_over_plain_http_beyond_loopback() -> None:
    app = make_app()
    for base, warned in (("http://club.bridge.test", True), ("http://192.168.1.20:8000", True),
                         ("http://127.0.0.1:8000", False), ("http://localhost", False),
                         ("https://club.bridge.test", False)):
        with TestClient(app, base_url=base) as browser:
            assert ('id="cookie-notice"' in browser.get("/login").text) is warned, base


def test_loopback_names() -> None:
    assert [loopback(h) for h in ("localhost", "a.localhost", "127.0.0.5", "::1", "10.0.0.1", CLUB)] == \
        [True, True, True, True, False, False]


# ----- the certificate ----------------------------------------------------------------------------------------------
def test_certificate_made_once_then_kept(tmp_path: Path) -> None:
    first = ensure_certificate(tmp_path, ("192.168.1.20", "laptop", "localhost", "127.0.0.1"))
    again = ensure_certificate(tmp_path, ("192.168.1.20", "localhost"))
    assert first.made and not again.made and again.fingerprint == first.fingerprint
    assert stat.S_IMODE(first.key.stat().st_mode) == 0o600
    cert = x509.load_pem_x509_certificate(first.cert.read_bytes())
    san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert set(san.get_values_for_type(x509.DNSName)) == {"laptop", "localhost"}
    assert set(san.get_values_for_type(x509.IPAddress)) == {ipaddress.ip_address("192.168.1.20"),
                                                            ipaddress.ip_address("127.0.0.1")}
    assert cert.not_valid_after_utc - cert.not_valid_before_utc > dt.timedelta(days=800)


def test_certificate_made_again_for_a_new_address(tmp_path: Path) -> None:
    first = ensure_certificate(tmp_path, ("192.168.1.20", "localhost"))
    moved = ensure_certificate(tmp_path, ("192.168.1.31", "localhost"))  # the laptop got another address
    assert moved.made and moved.fingerprint != first.fingerprint
    (tmp_path / "lan-certificate.pem").write_text("not a certificate")
    assert ensure_certificate(tmp_path, ("192.168.1.31",)).made


# ----- the address and its QR code ----------------------------------------------------------------------------------
def test_qr_route_gives_the_address_as_svg() -> None:
    app = make_app()
    add_qr_route(app, "https://192.168.1.20:8443")
    with TestClient(app, base_url="https://192.168.1.20:8443") as browser:
        r = browser.get("/qr")
    assert r.status_code == 200 and r.headers["content-type"] == "image/svg+xml"
    assert r.content == qr_svg("https://192.168.1.20:8443/") and b"<svg" in r.content


def test_terminal_qr_code_is_square() -> None:
    rows = qr_text("https://192.168.1.20:8443/").rstrip("\n").split("\n")
    assert len({len(r) for r in rows}) == 1
    # two modules a character row: a version-2 code (25 modules) with a border of 2 on each side is 29 wide
    assert len(rows[0]) == 29 and len(rows) == 15


def test_url_of_brackets_ipv6() -> None:
    assert url_of("192.168.1.20", 8443) == "https://192.168.1.20:8443"
    assert url_of("fe80::1", 8443) == "https://[fe80::1]:8443"


# ----- the command ----------------------------------------------------------------------------------------------------
def test_plain_http_beyond_loopback_refused_in_one_line(tmp_path: Path) -> None:
    import subprocess
    import sys
    exe = Path(sys.executable).parent / "bridge-director"
    run = subprocess.run([str(exe), "web", "--host", "192.168.1.20"], capture_output=True, text=True, check=False,
                         timeout=60, cwd=tmp_path)
    assert run.returncode == 2 and run.stderr.count("\n") == 1 and "Traceback" not in run.stderr
    assert "--host" in run.stderr and "--lan" in run.stderr and "--trusted-proxy" in run.stderr


def test_lan_check_serves_https_verified_against_its_certificate() -> None:
    result = CliRunner().invoke(cli, ["web", "--lan", "--check"])
    assert result.exit_code == 0, result.output
    assert "bridge-director is at https://localhost:" in result.output
    assert "home page: ok; director login: ok" in result.output


def test_hsts_over_https_on_the_local_network_and_not_over_plain_http(tmp_path: Path) -> None:
    """``--lan`` serves HTTPS with its own certificate: every answer tells the browser to keep to HTTPS; a plain
    HTTP answer (loopback) carries no HSTS, which browsers would ignore there anyway."""
    import ssl
    import urllib.request
    certificate = ensure_certificate(tmp_path, HOSTS)
    unverified = ssl.create_default_context()
    unverified.check_hostname, unverified.verify_mode = False, ssl.CERT_NONE
    tls = Tls(str(certificate.cert), str(certificate.key))
    with background(make_app(), tls=tls) as url, urllib.request.urlopen(url + "/login", context=unverified) as answer:
        assert answer.headers["Strict-Transport-Security"] == "max-age=31536000"
    with background(make_app()) as url, urllib.request.urlopen(url + "/login") as answer:
        assert answer.headers["Strict-Transport-Security"] is None
