"""The written ruling names the director by the full name of the account the ruling was made under (the login is
what the ruling keeps); a name that is no account's login, or an account with no name, is shown as stored.  Through
the ``ruling written`` command on the register's file, and on SQLite and PostgreSQL through ``written_ruling``."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from test_session_cli import new_section

from bridge_director.club.ruling_pdf import ruling_lines
from bridge_director.club.written_ruling import director_name, written_ruling
from bridge_director.register import Register
from bridge_director.register.accounts import save_account
from bridge_director.register.models import Ruling

Run = Callable[..., tuple[int, str, str]]


def director_line(run: Run, ruling: str) -> str:
    code, out, err = run("ruling", "written", ruling)
    assert code == 0, err
    return next(ln for ln in out.splitlines() if ln.startswith("Director: "))


def test_the_written_ruling_says_jane_director_not_td(run: Run, tmp_path: Path) -> None:
    new_section(run)
    code, _, err = run("session", "result", "1", "--round", "1", "--table", "1", "--board", "1", "3NT", "N", "9")
    assert code == 0, err
    code, out, err = run("ruling", "result", "1", "--director", "td", "--law", "12C1b", "--assigned", "3NT N 8")
    assert code == 0, err
    ruling = out.split()[1]
    assert director_line(run, ruling).startswith("Director: td, ")  # no account yet: the login as stored

    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    try:
        with register.transaction() as db:
            save_account(db, "td", "director", "$argon2id$not-used-here", "Jane Director")
    finally:
        register.close()
    line = director_line(run, ruling)
    assert line.startswith("Director: Jane Director, ") and "td" not in line
    target = tmp_path / "ruling.pdf"
    code, _, err = run("ruling", "written", ruling, "--pdf", str(target))
    assert code == 0, err
    assert target.read_bytes().startswith(b"%PDF")


def test_director_name_on_both_databases(register: Register) -> None:
    with register.transaction() as db:
        save_account(db, "td", "director", "h", "Jane Director")
        save_account(db, "td2", "director", "h")
        assert (director_name(db, "td"), director_name(db, "td2"), director_name(db, "Director 1")) == (
            "Jane Director", "td2", "Director 1")


def test_a_penalty_and_an_appealed_ruling_show_the_name(run: Run, tmp_path: Path) -> None:
    new_section(run)
    code, _, err = run("session", "result", "1", "--round", "1", "--table", "1", "--board", "1", "3NT", "N", "9")
    assert code == 0, err
    code, out, err = run("ruling", "penalty", "1", "6", "0.25", "top", "--director", "td", "--reason", "slow play")
    assert code == 0, err
    penalty = out.split()[1].rstrip(":")
    code, out, err = run("ruling", "result", "1", "--director", "td", "--law", "16B", "--assigned", "3NT N 8")
    assert code == 0, err
    appealed = out.split()[1]
    code, _, err = run("ruling", "appeal", appealed, "--outcome", "table result stands", "--stands")
    assert code == 0, err
    register = Register(f"sqlite:///{tmp_path / 'register.sqlite3'}")
    try:
        with register.transaction() as db:
            save_account(db, "td", "director", "h", "Jane Director")
        with register.transaction() as db:
            for ruling_id in (penalty, appealed):
                stored = db.get(Ruling, int(ruling_id))
                assert stored is not None and stored.director == "td"
                w = written_ruling(db, int(ruling_id))
                assert w.director == "Jane Director"
                assert ("Director", f"Jane Director, {w.ruled_at} UTC") in ruling_lines(w)
    finally:
        register.close()
