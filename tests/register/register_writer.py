"""A writer process for the crash test: commits rulings, then dies inside an open transaction.

Usage: python register_writer.py URL COUNT — prints ``committed ID`` after each commit and ``in-flight`` once
the uncommitted ruling has been sent to the database, then waits to be killed.
"""

from __future__ import annotations

import sys
import time

from bridge_director.register import Register
from bridge_director.register.stored_rulings import new_ruling


def main(url: str, count: int) -> None:
    register = Register(url)
    for number in range(count):
        with register.transaction() as db:
            ruling = new_ruling(db, kind="mechanical", director="Director 1", laws="27", decision=f"ruling {number}")
        print(f"committed {ruling.id}", flush=True)
    with register.transaction() as db:
        new_ruling(db, kind="mechanical", director="Director 1", laws="27", decision="in flight")
        db.flush()
        print("in-flight", flush=True)
        time.sleep(120)


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
