"""Plain-text and self-contained HTML reports of a scored event; the HTML draws each board's frequency chart
as inline SVG (no scripts)."""

from __future__ import annotations

from .event import BoardScore, EventScore, PercentOf, Standing


def scales_text(scored: EventScore) -> str:
    """Which scale the ranking's two columns are on, when they are on two (see :class:`PercentOf`); else empty."""
    if scored.percent_of is not PercentOf.PLAYED:
        return ""

    def tops(sizes: set[int]) -> str:
        return ", ".join(f"{n} results (top {scored.scale.top(n):g})" for n in sorted(sizes))

    norm = tops({b.norm for b in scored.boards})
    played = tops({len(b.lines) for b in scored.boards})
    return (f"{scored.method.unit} on the travellers' scale: each board to {norm}, Neuberg-scaled where it had "
            f"fewer\n% on the boards as played: each board's matchpoints among its own {played} over that top")


def standings_text(scored: EventScore) -> str:
    """The ranking, one line a pair, grouped by field (after what scale each column is on, where two are)."""
    unit = scored.method.unit
    by_field: dict[str, list[Standing]] = {}
    for s in scored.standings:
        by_field.setdefault(s.field, []).append(s)
    lines = scales_text(scored).splitlines()
    for field in sorted(by_field):
        if field:
            lines.append(f"{field}:")
        rows = by_field[field]
        width = max(6, *map(len, (s.pair for s in rows)))  # pairs named by their players (BBO) are long
        lines.append(f"{'place':>6} {'pair':>{width}} {unit:>9} {'%':>7} {'boards':>6}")
        with_pct, without = f"%6s %{width}s %9.2f %7.2f %6s", f"%6s %{width}s %9.2f {' ' * 7} %6s"
        lines.extend([with_pct % (s.place, s.pair, s.total, s.percent, s.boards) if s.percent is not None
                      else without % (s.place, s.pair, s.total, s.boards) for s in rows])
    return "\n".join(lines)


def board_text(board: BoardScore, unit: str) -> str:
    """A board's frequency table: NS score, frequency, and each side's points."""
    extra = f", datum {board.datum:g}" if board.datum is not None else ""
    top = f", top {board.top:g}" if board.top is not None else ""
    lines = [f"Board {board.board}: {board.results} results{top}{extra}",
             f"{'score':>7} {'freq':>5} {'NS ' + unit:>8} {'EW ' + unit:>8}"]
    for row in board.frequency:
        lines.append(f"{row.score:>7g} {row.frequency:>5g} {row.ns:>8.2f} {row.ew:>8.2f}")
    for ln in board.artificial_lines():
        lines.append(f"  artificial {ln.result.ns} v {ln.result.ew}: {ln.ns:.2f} / {ln.ew:.2f}")
    return "\n".join(lines)


def frequency_chart(board: BoardScore) -> str:
    """The board's frequency chart as an inline SVG element: a bar per distinct NS score, its height the
    frequency, the label under it the score and the NS points."""
    rows = list(reversed(board.frequency))  # lowest score on the left
    if not rows:
        return ""
    width, height, pad = max(240, 44 * len(rows)), 150, 28
    most = max(r.frequency for r in rows)
    bar = (width - 20) / len(rows)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height + 2 * pad}" '
             f'role="img" aria-label="board {board.board} frequencies">']
    for i, r in enumerate(rows):
        h = height * r.frequency / most
        x = 10 + i * bar
        y = pad + height - h
        shade = int(200 - 150 * (r.ns / board.top if board.top else 0.5))
        parts.append(f'<rect x="{x + 3:.1f}" y="{y:.1f}" width="{bar - 6:.1f}" height="{h:.1f}" '
                     f'fill="rgb(40,{max(60, min(200, shade))},120)"><title>NS {r.score:g}: {r.frequency:g} '
                     f'time(s), {r.ns:.2f} / {r.ew:.2f}</title></rect>')
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{y - 4:.1f}" font-size="11" text-anchor="middle">'
                     f'{r.frequency:g}</text>')
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{pad + height + 14}" font-size="11" text-anchor="middle">'
                     f'{r.score:g}</text>')
        parts.append(f'<text x="{x + bar / 2:.1f}" y="{pad + height + 27}" font-size="10" text-anchor="middle" '
                     f'fill="#555">{r.ns:.1f}</text>')
    parts.append("</svg>")
    return "".join(parts)


def event_html(scored: EventScore, title: str = "Results") -> str:
    """A self-contained HTML page: the ranking, then each board's frequency chart and table."""
    from html import escape  # loaded when a page is written: the plain-text reports do without it

    unit = scored.method.unit
    out = ["<!doctype html><html><head><meta charset='utf-8'>", f"<title>{escape(title)}</title>",
           "<style>body{font-family:sans-serif;margin:2em}table{border-collapse:collapse}"
           "td,th{padding:2px 8px;text-align:right;border-bottom:1px solid #ddd}section{margin:1.5em 0}</style>",
           f"</head><body><h1>{escape(title)}</h1>",
           f"<p>{escape('; '.join(scored.steps))} (Law {scored.law}).</p>"]
    out.extend(f"<p>{escape(line)}</p>" for line in scales_text(scored).splitlines())
    for field in sorted({s.field for s in scored.standings}):
        out.append(f"<h2>Ranking {escape(field)}</h2><table><tr><th>place</th><th>pair</th><th>{unit}</th>"
                   "<th>%</th><th>boards</th></tr>")
        for s in (s for s in scored.standings if s.field == field):
            pct = f"{s.percent:.2f}" if s.percent is not None else ""
            out.append(f"<tr><td>{escape(s.place)}</td><td>{escape(s.pair)}</td><td>{s.total:.2f}</td>"
                       f"<td>{pct}</td><td>{s.boards}</td></tr>")
        out.append("</table>")
    for board in scored.boards:
        out.append(f"<section><h3>Board {board.board}</h3>{frequency_chart(board)}<table><tr><th>NS score</th>"
                   f"<th>frequency</th><th>NS {unit}</th><th>EW {unit}</th></tr>")
        for r in board.frequency:
            out.append(f"<tr><td>{r.score:g}</td><td>{r.frequency:g}</td><td>{r.ns:.2f}</td><td>{r.ew:.2f}</td></tr>")
        for ln in board.artificial_lines():  # who got which artificial score
            award = escape(ln.result.note or "artificial")
            out.append(f"<tr><td>{award}</td><td>{escape(ln.result.ns)} v {escape(ln.result.ew)}</td>"
                       f"<td>{ln.ns:.2f}</td><td>{ln.ew:.2f}</td></tr>")
        out.append("</table>")
        out.extend(f"<p>{escape(step)}</p>" for step in board.steps)
        out.append("</section>")
    out.append("</body></html>")
    return "\n".join(out)
