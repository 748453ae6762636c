"""One store for every result: an event's uploaded travellers become a section of results only, and the
register's free-text adjusted scores and penalties join the rulings' decisions and penalties.

What moves where, nothing lost:

- each session's traveller lines (``results``) become a section of results only (no movement) in the same
  session: each pair named on the travellers becomes a pair of the section (``label``: the name as written;
  its number is the label where the label is a plain number), each line a result (round 0, the line's place on
  the board's traveller as its table; an ``ADJ 60/40`` line becomes an ``awarded`` result with its two awards);
- a board's deal moves from its table-log header to ``boards.deal``; a log with events becomes a board at a
  table (``table_boards``) with its entries;
- an adjusted score written as text (``adjusted_scores``) was never read by any ranking: it is kept, word for
  word, in its ruling's decision, so the standings do not move;
- a penalty written as text (``penalties``) becomes a ``session_penalties`` row of the same ruling (a ruling is
  made for a penalty recorded without one), with its kind, law and reason, the text kept in ``given``, its pair
  where the offender names a pair of the board's section and its amount where the text reads as one; it starts
  inactive, as it never reached a score, and the director applies it from the penalties page;
- a psyche report is linked to its board (``board_id``) and, where the two players sit as a pair of a section
  with a result on that board, to that result (``result_id``).

Then ``results``, ``adjusted_scores``, ``penalties`` and ``boards.table_log`` are dropped.  On PostgreSQL the
score-version triggers of the tables an upload fills (``session_results``, ``pairs``) run once a statement over its
rows, so a file of 36,000 lines raises its section's version once, not 36,000 times.  Columns are only
added or relaxed (never a table copied), so the score-version triggers (0009) stay in place: SQLite relaxes a
NOT NULL by rewriting the table's declaration, the change its documentation allows without a copy.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-28
"""

from __future__ import annotations

import json
import re
import secrets
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Any

import sqlalchemy as sa
from alembic import op

revision: str = "0011"
down_revision: str | None = "0010"
branch_labels: str | None = None
depends_on: str | None = None

UPGRADED_BY = "(register upgrade)"
#: (table, column) pairs whose NOT NULL is dropped
RELAXED = (("sections", "movement"), ("pairs", "player1_id"), ("pairs", "player2_id"),
           ("session_penalties", "section_id"), ("session_penalties", "pair_id"))
UNITS = (("top", re.compile(r"^(?:of\s+)?(?:an?\s+)?tops?$")), ("percent", re.compile(r"^(?:%|percent|pc)$")),
         ("mp", re.compile(r"^(?:mps?|matchpoints?)$")), ("imps", re.compile(r"^imps?$")),
         ("vps", re.compile(r"^(?:vps?|victory points?)$")))
AMOUNT = re.compile(r"^\s*(\d+\s*/\s*\d+|\d+(?:\.\d+)?)\s*(.*?)\s*$")
PAIR_WORD = re.compile(r"^pair\s+", re.IGNORECASE)


def _relax_sqlite(bind: sa.Connection) -> None:
    """Drop NOT NULL from the columns of ``RELAXED`` and widen ``session_results.contract`` (the same text
    affinity) in the tables' stored declarations: nothing on disk changes, no table is copied."""
    version = bind.exec_driver_sql("PRAGMA schema_version").scalar_one()
    bind.exec_driver_sql("PRAGMA writable_schema=ON")
    changes = [(t, rf"(\b{c}\b[^,]*?) NOT NULL", r"\1") for t, c in RELAXED]
    changes.append(("session_results", r"\bcontract VARCHAR\(8\)", "contract VARCHAR(20)"))
    for table in sorted({t for t, _, _ in changes}):
        sql = bind.exec_driver_sql("SELECT sql FROM sqlite_master WHERE type='table' AND name=?", (table,)).scalar_one()
        for pattern, replacement in ((p, r) for t, p, r in changes if t == table):
            sql, found = re.subn(pattern, replacement, sql, count=1)
            if not found:
                raise RuntimeError(f"0011: {table} is not declared as expected ({pattern})")
        bind.exec_driver_sql("UPDATE sqlite_master SET sql=? WHERE type='table' AND name=?", (sql, table))
    bind.exec_driver_sql(f"PRAGMA schema_version={int(version) + 1}")
    bind.exec_driver_sql("PRAGMA writable_schema=OFF")


def _schema(bind: sa.Connection) -> None:
    postgres = bind.dialect.name == "postgresql"
    real = "DOUBLE PRECISION" if postgres else "DOUBLE"
    for statement in (
            "ALTER TABLE pairs ADD COLUMN label VARCHAR(100)",
            f"ALTER TABLE session_results ADD COLUMN ns_award {real}",
            f"ALTER TABLE session_results ADD COLUMN ew_award {real}",
            "ALTER TABLE session_penalties ADD COLUMN kind VARCHAR(16) NOT NULL DEFAULT 'PROCEDURAL'",
            "ALTER TABLE session_penalties ADD COLUMN law VARCHAR(40) NOT NULL DEFAULT '90'",
            "ALTER TABLE session_penalties ADD COLUMN reason TEXT NOT NULL DEFAULT ''",
            "ALTER TABLE session_penalties ADD COLUMN given TEXT",
            "ALTER TABLE psyche_reports ADD COLUMN board_id INTEGER REFERENCES boards (id)",
            "ALTER TABLE psyche_reports ADD COLUMN result_id INTEGER REFERENCES session_results (id)"):
        op.execute(statement)
    if postgres:
        for table, column in RELAXED:
            op.execute(f"ALTER TABLE {table} ALTER COLUMN {column} DROP NOT NULL")
        op.execute("ALTER TABLE session_results ALTER COLUMN contract TYPE VARCHAR(20)")
    else:
        _relax_sqlite(bind)


def _deals_and_logs(bind: sa.Connection, now: datetime) -> None:
    """Each board's deal from its table-log header; a log with events becomes a board at a table."""
    rows = bind.execute(sa.text("SELECT id, number, deal, table_log FROM boards WHERE table_log IS NOT NULL")).all()
    for board_id, number, deal, raw in rows:
        log = raw if isinstance(raw, dict) else json.loads(raw) if raw else None
        if not isinstance(log, dict):
            continue
        found = log.get("deal") if isinstance(log.get("deal"), str) else None
        if deal is None and found:
            bind.execute(sa.text("UPDATE boards SET deal = :deal WHERE id = :id"), {"deal": found[:80], "id": board_id})
        events = log.get("events") or []
        if events:
            _table_board(bind, number, log, events, found, now)


def _table_board(bind: sa.Connection, number: int, log: Mapping[str, Any], events: list[Any], deal: str | None,
                 now: datetime) -> None:
    dealer = log.get("dealer") or "NESW"[(number - 1) % 4]
    vulnerability = log.get("vulnerability") or _vulnerability(number)
    table_id = bind.execute(sa.text(
        "INSERT INTO table_boards (token, section_id, round_no, table_no, board_number, dealer, vulnerability, deal, "
        "laws, opened_at) VALUES (:token, NULL, NULL, NULL, :number, :dealer, :vul, :deal, :laws, :now) "
        "RETURNING id"), {"token": secrets.token_hex(12), "number": number, "dealer": str(dealer)[:1],
                          "vul": str(vulnerability)[:8], "deal": deal[:80] if deal else None,
                          "laws": str(log.get("laws") or "2017")[:8], "now": now}).scalar_one()
    for seq, event in enumerate(events, start=1):
        bind.execute(sa.text("INSERT INTO table_entries (table_id, seq, event, entered_by, entered_at, key) "
                             "VALUES (:table, :seq, :event, :by, :now, NULL)"),
                     {"table": table_id, "seq": seq, "event": json.dumps(event), "by": UPGRADED_BY, "now": now})


def _vulnerability(number: int) -> str:
    """Law 2: the vulnerability of board ``number`` (the cycle of sixteen)."""
    return ("None NS EW All NS EW All None EW All None NS All None NS EW".split())[(number - 1) % 16]


def _free_letter(bind: sa.Connection, session_id: int) -> str:
    used = set(bind.execute(sa.text("SELECT letter FROM sections WHERE session_id = :s"), {"s": session_id}).scalars())
    return next(chr(c) for c in range(ord("A"), ord("Z") + 1) if chr(c) not in used)


def _pair_numbers(labels: list[str]) -> dict[str, int]:
    """A number for each label: the label itself where it is a plain number (1 to 9999), else the next free."""
    numbers: dict[str, int] = {}
    for label in labels:
        if label.isascii() and label.isdigit() and str(int(label)) == label and 1 <= int(label) <= 9999:
            numbers[label] = int(label)
    taken = set(numbers.values())
    following = max(taken, default=0)
    for label in labels:
        if label not in numbers:
            following += 1
            while following in taken:
                following += 1
            numbers[label] = following
            taken.add(following)
    return numbers


def _line(text: str, score: int | None) -> dict[str, Any]:
    """A traveller row's contract text as a result's columns, read as the old register read it back."""
    text = text.strip()
    if score is None and text.startswith("ADJ "):
        ns, _, ew = text[4:].partition("/")
        return {"status": "awarded", "contract": "", "declarer": "", "ns_award": float(ns), "ew_award": float(ew)}
    contract, _, declarer = text.partition(" ")
    declarer = declarer.strip()
    if len(declarer) > 1 or len(contract) > 20:
        contract, declarer = text[:20], ""
    return {"status": "played", "contract": contract, "declarer": declarer, "ns_award": None, "ew_award": None}


def _sections_of_travellers(bind: sa.Connection, now: datetime) -> None:
    """Each session's traveller lines as a section of results only."""
    rows = bind.execute(sa.text(
        "SELECT b.session_id, r.board_id, r.ns_pair, r.ew_pair, r.contract, r.ns_score FROM results r "
        "JOIN boards b ON b.id = r.board_id ORDER BY b.session_id, b.number, r.id")).all()
    by_session: dict[int, list[Any]] = {}
    for row in rows:
        by_session.setdefault(row[0], []).append(row)
    for session_id, lines in by_session.items():
        letter = _free_letter(bind, session_id)
        section_id = bind.execute(sa.text(
            "INSERT INTO sections (session_id, letter, movement, boards_per_round, first_board, method, scale, laws) "
            "VALUES (:s, :letter, NULL, 0, 1, 'mp', 2, '2017') RETURNING id"),
            {"s": session_id, "letter": letter}).scalar_one()
        labels = list(dict.fromkeys(p for line in lines for p in (line[2], line[3])))
        pair_ids = {}
        for label, number in _pair_numbers(labels).items():
            pair_ids[label] = bind.execute(sa.text(
                "INSERT INTO pairs (section_id, number, player1_id, player2_id, team_id, left_after, label) "
                "VALUES (:section, :number, NULL, NULL, NULL, NULL, :label) RETURNING id"),
                {"section": section_id, "number": number, "label": label[:100]}).scalar_one()
        place: dict[int, int] = {}
        for _, board_id, ns, ew, contract, score in lines:
            place[board_id] = place.get(board_id, 0) + 1
            bind.execute(sa.text(
                "INSERT INTO session_results (section_id, board_id, round_no, table_no, ns_pair_id, ew_pair_id, "
                "status, contract, declarer, tricks, lead, ns_score, ns_award, ew_award, entered_by, entered_at, "
                "version) VALUES (:section, :board, 0, :table, :ns, :ew, :status, :contract, :declarer, NULL, '', "
                ":score, :ns_award, :ew_award, :by, :now, 1)"),
                {"section": section_id, "board": board_id, "table": place[board_id], "ns": pair_ids[ns],
                 "ew": pair_ids[ew], "score": score, "by": UPGRADED_BY, "now": now, **_line(contract, score)})


def _adjusted_scores_into_rulings(bind: sa.Connection) -> None:
    rows = bind.execute(sa.text("SELECT ruling_id, side, score, law FROM adjusted_scores ORDER BY id")).all()
    texts: dict[int, list[str]] = {}
    for ruling_id, side, score, law in rows:
        who = {"NS": "N-S", "EW": "E-W"}.get(side, side)
        texts.setdefault(ruling_id, []).append(f"{who}: {score} (Law {law})")
    for ruling_id, lines in texts.items():
        decision = bind.execute(sa.text("SELECT decision FROM rulings WHERE id = :id"), {"id": ruling_id}).scalar_one()
        note = "Adjusted scores recorded as text (not applied to any score): " + "; ".join(lines) + "."
        bind.execute(sa.text("UPDATE rulings SET decision = :d WHERE id = :id"),
                     {"d": f"{decision}\n\n{note}" if decision else note, "id": ruling_id})


def _amount(text: str) -> tuple[str, float] | None:
    """``10%``, ``1/4 top``, ``3 VPs``, ``2 IMPs``, ``5 mp`` as (unit, amount); None where the text says other."""
    found = AMOUNT.match(text.lower())
    if found is None:
        return None
    number, rest = found.groups()
    top, _, bottom = number.partition("/")
    value = float(number) if not bottom else float(top) / float(bottom) if float(bottom) else None
    unit = next((name for name, pattern in UNITS if pattern.match(rest)), None)
    return None if value is None or unit is None or value <= 0 else (unit, value)


def _penalty_pair(bind: sa.Connection, ruling_id: int | None, offender: str) -> tuple[int | None, int | None]:
    """The section and pair the offender names, in a section of the session of the ruling's board."""
    if ruling_id is None:
        return None, None
    found = bind.execute(sa.text(
        "SELECT p.section_id, p.id FROM rulings r JOIN boards b ON b.id = r.board_id "
        "JOIN sections s ON s.session_id = b.session_id JOIN pairs p ON p.section_id = s.id "
        "WHERE r.id = :ruling AND (p.label = :who OR CAST(p.number AS VARCHAR(12)) = :who) ORDER BY p.id"),
        {"ruling": ruling_id, "who": PAIR_WORD.sub("", offender.strip())}).first()
    return (found[0], found[1]) if found is not None else (None, None)


def _penalties(bind: sa.Connection, now: datetime) -> None:
    rows = bind.execute(sa.text(
        "SELECT ruling_id, kind, law, offender, amount, reason FROM penalties ORDER BY id")).all()
    for ruling_id, kind, law, offender, amount, reason in rows:
        if ruling_id is None:
            ruling_id = bind.execute(sa.text(
                "INSERT INTO rulings (board_id, kind, director, ruled_at, laws, facts, options, decision, appeal, "
                "appeal_outcome, version) VALUES (NULL, 'penalty', :by, :now, :law, '', '', :decision, NULL, NULL, "
                "1) RETURNING id"), {"by": UPGRADED_BY, "now": now, "law": law[:100],
                                     "decision": f"{kind.lower()} penalty: {offender}: {amount}"}).scalar_one()
        section_id, pair_id = _penalty_pair(bind, ruling_id, offender)
        unit, value = _amount(amount) or ("", 0.0)
        bind.execute(sa.text(
            "INSERT INTO session_penalties (ruling_id, section_id, pair_id, unit, amount, active, kind, law, reason, "
            "given) VALUES (:ruling, :section, :pair, :unit, :amount, :off, :kind, :law, :reason, :given)"),
            {"ruling": ruling_id, "section": section_id, "pair": pair_id, "unit": unit, "amount": value,
             "off": False, "kind": kind, "law": law, "reason": reason or "", "given": f"{offender}: {amount}"})


def _psyche_links(bind: sa.Connection) -> None:
    bind.execute(sa.text(
        "UPDATE psyche_reports SET board_id = (SELECT b.id FROM boards b "
        "WHERE b.session_id = psyche_reports.session_id AND b.number = psyche_reports.board_number)"))
    reports = bind.execute(sa.text(
        "SELECT id, board_id, player, partner FROM psyche_reports WHERE board_id IS NOT NULL")).all()
    for report_id, board_id, player, partner in reports:
        names = {player.strip().casefold(), partner.strip().casefold()}
        for result_id, ns1, ns2, ew1, ew2 in bind.execute(sa.text(
                "SELECT r.id, a.name, b.name, c.name, d.name FROM session_results r "
                "JOIN pairs n ON n.id = r.ns_pair_id JOIN pairs e ON e.id = r.ew_pair_id "
                "LEFT JOIN players a ON a.id = n.player1_id LEFT JOIN players b ON b.id = n.player2_id "
                "LEFT JOIN players c ON c.id = e.player1_id LEFT JOIN players d ON d.id = e.player2_id "
                "WHERE r.board_id = :board ORDER BY r.id"), {"board": board_id}):
            sides = ({(ns1 or "").strip().casefold(), (ns2 or "").strip().casefold()},
                     {(ew1 or "").strip().casefold(), (ew2 or "").strip().casefold()})
            if names in sides:
                bind.execute(sa.text("UPDATE psyche_reports SET result_id = :r WHERE id = :id"),
                             {"r": result_id, "id": report_id})
                break


#: tables written many rows at a time (an upload): on PostgreSQL their score-version triggers run once a statement
BULK = {"session_results": "section_id", "pairs": "section_id"}


def _statement_triggers() -> None:
    """On PostgreSQL, the row triggers of 0009 on the tables of ``BULK`` become statement triggers over the rows
    written (transition tables): one UPDATE of each section per statement, not one per row (36,000 updates of
    one row in one transaction would each leave a row version behind)."""
    for table, column in BULK.items():
        op.execute(f"DROP TRIGGER IF EXISTS score_version_{table} ON {table}")
        op.execute(f"DROP FUNCTION IF EXISTS score_version_{table}()")
        for event, rows in (("INSERT", "NEW"), ("DELETE", "OLD"), ("UPDATE", "NEW")):
            name = f"score_version_{table}_{event.lower()}"
            old = " UNION SELECT " + column + " FROM old_rows" if event == "UPDATE" else ""
            op.execute(f"""CREATE FUNCTION {name}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE sections SET score_version = score_version + 1
    WHERE id IN (SELECT {column} FROM {rows.lower()}_rows{old});
    RETURN NULL;
END $$""")
            tables = "OLD TABLE AS old_rows NEW TABLE AS new_rows" if event == "UPDATE" else \
                f"{rows} TABLE AS {rows.lower()}_rows"
            op.execute(f"CREATE TRIGGER {name} AFTER {event} ON {table} REFERENCING {tables} "
                       f"FOR EACH STATEMENT EXECUTE FUNCTION {name}()")


def upgrade() -> None:
    bind = op.get_bind()
    now = datetime.now(UTC)
    if bind.dialect.name == "postgresql":
        _statement_triggers()
    _schema(bind)
    _deals_and_logs(bind, now)
    _sections_of_travellers(bind, now)
    _adjusted_scores_into_rulings(bind)
    _penalties(bind, now)
    _psyche_links(bind)
    op.drop_table("adjusted_scores")
    op.drop_table("penalties")
    op.drop_table("results")
    if bind.dialect.name == "postgresql":
        op.drop_column("boards", "table_log")
    else:  # SQLite 3.35 drops a column in place (a copy of the table would lose its triggers)
        op.execute("ALTER TABLE boards DROP COLUMN table_log")


def downgrade() -> None:
    raise NotImplementedError("revision 0011 merges the old results, adjusted scores and penalties into the one "
                              "store; it cannot be undone: restore the register from its backup instead")
