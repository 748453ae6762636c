"""The written ruling as a PDF (fpdf2, pure Python), the same text as its page.

The PDF's built-in fonts cover Latin-1 only: suits are written S H D C, the minus sign as ``-``, and any other
character outside Latin-1 as ``?``.

>>> pdf_text("4♠= N −50")
'4S= N -50'
"""

from __future__ import annotations

from fpdf import FPDF

from .written_ruling import WrittenRuling

LETTERS = str.maketrans({"♠": "S", "♥": "H", "♦": "D", "♣": "C", "−": "-", "–": "-", "—": "-", "·": "-",
                         "’": "'", "“": '"', "”": '"'})


def pdf_text(text: str) -> str:
    """``text`` in the characters the built-in fonts have."""
    return text.translate(LETTERS).encode("latin-1", "replace").decode("latin-1")


def where_lines(w: WrittenRuling) -> list[tuple[str, str]]:
    """Label and value of the ruling's place and people, as the page and the PDF show them."""
    rows = [("Event", f"{w.event}, {w.session}, section {w.section}")]
    if w.board is not None:
        rows.append(("Board", str(w.board) + (f", round {w.round_no}, table {w.table_no}" if w.round_no else "")))
    if w.ns_pair is not None:
        rows += [("N-S", f"{w.ns_pair}: {w.ns_names}"), ("E-W", f"{w.ew_pair}: {w.ew_names}")]
    if w.table_result:
        rows.append(("Table result", w.table_result))
    return rows


def ruling_lines(w: WrittenRuling) -> list[tuple[str, str]]:
    """Label and value of everything the ruling says, in the page's order."""
    rows = [*where_lines(w), ("Facts", w.facts or "-"), ("Laws", w.laws), ("Decision", w.decision),
            ("Applied", w.adjusted)]
    if w.scores:
        rows.append(("Score", w.score_text))
    rows += [("Penalty", p) for p in w.penalties]
    if w.appeal:
        rows += [("Appeal", w.appeal), ("Outcome", w.appeal_outcome or "not heard yet")]
    if len(w.history) > 1:
        rows += [("History", f"{s.made_at or 'after the appeal'}: {s.text}" + ("" if s.active else " (replaced)"))
                 for s in w.history]
    rows += [("Director", f"{w.director}, {w.ruled_at} UTC"), ("Right to appeal", w.appeal_right)]
    return rows


def ruling_pdf(w: WrittenRuling) -> bytes:
    """One A4 page (more if the facts are long): the title, then each label and its text."""
    pdf = FPDF(format="A4")
    pdf.set_title(pdf_text(f"Ruling {w.ruling_id}"))
    pdf.set_creator("bridge-director")
    pdf.add_page()
    pdf.set_font("Helvetica", "B", 16)
    pdf.multi_cell(0, 9, pdf_text(f"Ruling {w.ruling_id}: Law {w.laws}"), new_x="LMARGIN", new_y="NEXT")
    pdf.ln(2)
    for label, value in ruling_lines(w):
        pdf.set_font("Helvetica", "B", 10)
        pdf.cell(38, 6, pdf_text(label))
        pdf.set_font("Helvetica", "", 10)
        pdf.multi_cell(0, 6, pdf_text(value), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(1)
    return bytes(pdf.output())
