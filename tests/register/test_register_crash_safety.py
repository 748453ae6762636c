"""Nothing committed is ever lost: SIGKILL the writer mid-transaction, then check every committed ruling."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

from sqlalchemy import select, text

from bridge_director.register import Register, Ruling
from bridge_director.register.stored_rulings import new_ruling

WRITER = Path(__file__).with_name("register_writer.py")


def test_writer_killed_mid_transaction_loses_no_committed_ruling(db_url: str) -> None:
    writer = subprocess.Popen([sys.executable, str(WRITER), db_url, "6"], stdout=subprocess.PIPE, text=True)
    assert writer.stdout is not None
    committed: list[int] = []
    for line in writer.stdout:
        if line.startswith("committed "):
            committed.append(int(line.split()[1]))
        elif line.strip() == "in-flight":
            break
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=30)
    assert writer.returncode == -signal.SIGKILL
    assert len(committed) == 6

    register = Register(db_url)
    try:
        with register.transaction() as db:
            rulings = list(db.scalars(select(Ruling).order_by(Ruling.id)))
            assert [r.id for r in rulings] == committed
            assert [r.decision for r in rulings] == [f"ruling {n}" for n in range(6)]
            if register.engine.dialect.name == "sqlite":
                assert db.execute(text("PRAGMA integrity_check")).scalar() == "ok"
        with register.transaction() as db:  # and the register still takes writes
            assert new_ruling(db, kind="mechanical", director="Director 1", laws="27").id > committed[-1]
    finally:
        register.close()
