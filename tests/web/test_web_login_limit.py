"""The login limit: per (address, username) and per address, waits that double, kept in the register (shared by
workers, kept over a restart), the client's address from X-Forwarded-For only behind a trusted proxy, and never
a lock-out of the director by a stranger at another address."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path

from fastapi import FastAPI
from fastapi.testclient import TestClient

from bridge_director.register import Register
from bridge_director.web import create_app
from bridge_director.web.accounts import MemoryAccountStore, Role
from bridge_director.web.login_limit import LoginLimiter, LoginPolicy
from bridge_director.web.server import background
from bridge_director.web.settings import WebSettings
from conftest import Run
from web.web_support import PASSWORDS, form_token

WRONG = {"username": "director", "password": "not the password"}
RIGHT = {"username": "director", "password": PASSWORDS["director"]}


def limited_app(register: Register | None = None, **settings: object) -> FastAPI:
    accounts = MemoryAccountStore()
    for role in Role:
        accounts.add(role.value, PASSWORDS[role.value], role)
    options: dict[str, object] = {"secret_key": "k" * 32, "login_attempts": 3, "address_attempts": 6}
    options.update(settings)
    return create_app(WebSettings(**options), accounts, register=register)  # type: ignore[arg-type]


def at(app: FastAPI, address: str, **headers: str) -> TestClient:
    return TestClient(app, base_url="https://testserver", client=(address, 40000), headers=headers)


def test_failures_for_a_username_slow_that_address_only() -> None:
    app = limited_app()
    stranger, director = at(app, "203.0.113.66"), at(app, "192.0.2.10")
    for _ in range(3):
        assert stranger.post("/api/login", json=WRONG).status_code == 401
    refused = stranger.post("/api/login", json=RIGHT)  # even the right password waits
    assert refused.status_code == 429 and "too many failed logins" in refused.json()["detail"]
    assert 58 <= int(refused.headers["Retry-After"]) <= 60  # login_delay after the third failure
    page = stranger.post("/login", data={**RIGHT, "csrf_token": form_token(stranger.get("/login").text)})
    assert page.status_code == 429 and "wait" in page.text
    assert director.post("/api/login", json=RIGHT).status_code == 200  # her address is not locked


def test_a_stranger_never_locks_the_director_out_from_another_address() -> None:
    app = limited_app(address_attempts=1000)
    stranger = at(app, "203.0.113.66")
    for _ in range(40):
        assert stranger.post("/api/login", json=WRONG).status_code in (401, 429)
    director = at(app, "192.0.2.10")
    answer = director.post("/api/login", json=RIGHT)
    assert answer.status_code == 200 and answer.json()["role"] == "director"


def test_waits_double_after_each_further_failure_up_to_the_cap() -> None:
    limit = LoginLimiter(Register("sqlite://"), LoginPolicy(attempts=3, address_attempts=100, delay=60,
                                                            max_delay=900))
    now, waits = 1000.0, []
    for _ in range(9):
        limit.failed("td", "198.51.100.7", now=now)
        wait = limit.wait("td", "198.51.100.7", now=now)
        waits.append(wait)
        now += wait  # the next try comes as soon as it may
    # free failures 1-2, then 60 x 2^(n-3) seconds after the n-th failure, at most 900
    assert waits == [0, 0, 60, 120, 240, 480, 900, 900, 900]


def test_failures_from_one_address_whatever_the_names_slow_that_address() -> None:
    app = limited_app(address_attempts=4)
    guesser = at(app, "203.0.113.66")
    for name in ("alice", "bob", "carol", "dave"):
        assert guesser.post("/api/login", json={"username": name, "password": "guess"}).status_code == 401
    viewer = {"username": "viewer", "password": PASSWORDS["viewer"]}
    assert guesser.post("/api/login", json=viewer).status_code == 429
    assert at(app, "192.0.2.10").post("/api/login", json=viewer).status_code == 200


def test_a_right_password_clears_its_pair_but_not_the_address() -> None:
    app = limited_app(address_attempts=4)
    client = at(app, "198.51.100.7")
    for _ in range(2):
        assert client.post("/api/login", json=WRONG).status_code == 401
    assert client.post("/api/login", json=RIGHT).status_code == 200
    for _ in range(2):  # the pair starts again at 0: two more are free
        assert client.post("/api/login", json=WRONG).status_code == 401
    # but the address has counted all four failures: its wait has begun
    assert client.post("/api/login", json=RIGHT).status_code == 429


def test_forwarded_for_is_ignored_without_a_trusted_proxy() -> None:
    app = limited_app()
    for n in range(3):
        spoof = at(app, "127.0.0.1", **{"X-Forwarded-For": f"10.9.9.{n}"})
        assert spoof.post("/api/login", json=WRONG).status_code == 401
    assert at(app, "127.0.0.1", **{"X-Forwarded-For": "10.9.9.200"}).post("/api/login", json=RIGHT).status_code == 429


def test_forwarded_for_names_the_client_behind_a_trusted_proxy() -> None:
    app = limited_app(trusted_proxies=("127.0.0.1", "10.1.0.0/16"))
    # the client wrote the first address itself; the proxies appended what they saw: 203.0.113.66, then 10.1.2.3
    chain = {"X-Forwarded-For": "192.0.2.10, 203.0.113.66, 10.1.2.3"}
    for _ in range(3):
        assert at(app, "127.0.0.1", **chain).post("/api/login", json=WRONG).status_code == 401
    assert at(app, "127.0.0.1", **chain).post("/api/login", json=RIGHT).status_code == 429
    other = {"X-Forwarded-For": "192.0.2.10, 10.1.2.3"}  # the address it tried to borrow is another client's
    assert at(app, "127.0.0.1", **other).post("/api/login", json=RIGHT).status_code == 200
    # a peer that is not a trusted proxy is counted by its own address, whatever it sends
    for n in range(3):
        direct = at(app, "198.51.100.7", **{"X-Forwarded-For": f"192.0.2.{n}"})
        assert direct.post("/api/login", json=WRONG).status_code == 401
    assert at(app, "198.51.100.7").post("/api/login", json=RIGHT).status_code == 429


def test_the_limit_holds_across_two_workers_and_a_restart(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'register.sqlite3'}"
    first, second = Register(url), Register(url)
    try:
        one, two = limited_app(first), limited_app(second)  # two workers on one register
        for app in (one, two, one):
            assert at(app, "203.0.113.66").post("/api/login", json=WRONG).status_code == 401
        assert at(two, "203.0.113.66").post("/api/login", json=RIGHT).status_code == 429
        first.close()
        restarted = limited_app(Register(url))
        assert at(restarted, "203.0.113.66").post("/api/login", json=RIGHT).status_code == 429
        restarted.state.register.close()
    finally:
        second.close()


def test_the_server_itself_ignores_forwarded_for_from_loopback() -> None:
    """Over real HTTP: uvicorn must not turn the header into the client's address."""
    app = limited_app()
    with background(app) as base:
        codes = []
        for n in range(4):
            body = RIGHT if n == 3 else WRONG
            request = urllib.request.Request(base + "/api/login", data=json.dumps(body).encode(), headers={
                "Content-Type": "application/json", "X-Forwarded-For": f"10.9.9.{n}"})
            try:
                with urllib.request.urlopen(request, timeout=10) as answer:
                    codes.append(answer.status)
            except urllib.error.HTTPError as err:
                codes.append(err.code)
    assert codes == [401, 401, 401, 429]


def test_the_web_command_refuses_a_trusted_proxy_that_is_not_an_address(run: Run) -> None:
    code, out, err = run("web", "--trusted-proxy", "127.0.0.1", "--trusted-proxy", "the proxy")
    assert code == 2 and out == ""
    assert err.strip().splitlines() == ["error: --trusted-proxy: not an address or network: 'the proxy'"]


def test_ipv6_addresses_are_counted_by_their_64_network() -> None:
    app = limited_app()
    for n in range(3):  # a fresh address of the same /64 each time
        assert at(app, f"2001:db8:1:2::{n + 1:x}").post("/api/login", json=WRONG).status_code == 401
    assert at(app, "2001:db8:1:2::ffff").post("/api/login", json=RIGHT).status_code == 429
    assert at(app, "2001:db8:1:3::1").post("/api/login", json=RIGHT).status_code == 200  # the next /64


def test_guesses_across_many_addresses_count_against_the_account() -> None:
    """Twenty addresses with five guesses each do not make a hundred free guesses: after ``account_attempts``
    failures for one username, an address that never logged in to it waits too."""
    app = limited_app(login_attempts=5, address_attempts=30, account_attempts=20)
    statuses = []
    for n in range(20):
        client = at(app, f"198.51.100.{n + 1}")
        statuses += [client.post("/api/login", json=WRONG).status_code for _ in range(5)]
    assert statuses.count(401) == 20 and statuses.count(429) == 80  # 20 free failures in all, then waits
    fresh = at(app, "198.51.100.200").post("/api/login", json=RIGHT)
    assert fresh.status_code == 429 and int(fresh.headers["Retry-After"]) > 0


def test_an_address_that_has_logged_in_keeps_its_own_budget() -> None:
    """A stranger exhausting the account's budget from elsewhere cannot lock the director out where she has
    logged in before."""
    app = limited_app(login_attempts=5, address_attempts=30, account_attempts=20)
    home = at(app, "192.0.2.10")
    assert home.post("/api/login", json=RIGHT).status_code == 200
    for n in range(30):
        at(app, f"203.0.113.{n + 1}").post("/api/login", json=WRONG)
    assert at(app, "192.0.2.99").post("/api/login", json=RIGHT).status_code == 429  # a new address waits
    assert at(app, "192.0.2.10").post("/api/login", json=RIGHT).status_code == 200  # her usual one does not
