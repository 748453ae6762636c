"""Two directors editing the same ruling: the second change is a ConflictError, never a silent overwrite."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from bridge_director.errors import ConflictError
from bridge_director.register import Register
from bridge_director.register.stored_rulings import amend_ruling, get_ruling, new_ruling, record_appeal


def _ruling(register: Register) -> int:
    with register.transaction() as db:
        return new_ruling(db, kind="ui", director="Director 1", laws="16B", decision="score stands").id


def test_second_director_working_from_a_stale_version_gets_a_conflict(
        open_register: Callable[[], Register]) -> None:
    first, second = open_register(), open_register()
    ruling_id = _ruling(first)
    with first.transaction() as db:
        seen_by_first = get_ruling(db, ruling_id).version
    with second.transaction() as db:
        seen_by_second = get_ruling(db, ruling_id).version

    with first.transaction() as db:
        assert amend_ruling(db, ruling_id, seen_by_first, decision="adjusted to 4H-1").version == seen_by_first + 1
    with pytest.raises(ConflictError, match="another director"), second.transaction() as db:
        amend_ruling(db, ruling_id, seen_by_second, decision="score stands, PP 10%")

    with second.transaction() as db:
        ruling = get_ruling(db, ruling_id)
        assert (ruling.decision, ruling.version) == ("adjusted to 4H-1", seen_by_first + 1)


def test_interleaved_sessions_flush_against_the_version_column(open_register: Callable[[], Register]) -> None:
    """Both sessions load version 1; the first commits; the second's UPDATE matches no row → conflict."""
    first, second = open_register(), open_register()
    ruling_id = _ruling(first)
    with pytest.raises(ConflictError), second.transaction() as db_second:
        loaded = get_ruling(db_second, ruling_id)
        assert loaded.version == 1
        with first.transaction() as db_first:
            record_appeal(db_first, ruling_id, 1, appeal="NS appeal the adjustment")
        loaded.decision = "overwritten by a stale copy"
    with first.transaction() as db:
        ruling = get_ruling(db, ruling_id)
        assert (ruling.appeal, ruling.decision, ruling.version) == ("NS appeal the adjustment", "score stands", 2)
