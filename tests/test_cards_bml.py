"""BML import: the tree of indented calls becomes our card's contexts; words stay as text, our {constraints} and
[purpose] are read; what cannot be read is named by line."""

from __future__ import annotations

from pathlib import Path

from bridge_director.cards.bml import import_file, import_text, to_data
from bridge_director.cards.check import check
from bridge_director.model import Call

EXAMPLE = Path(__file__).parents[1] / "examples" / "cards" / "acol-notrump.bml"


def c(text: str) -> Call:
    return Call.parse(text)


def test_bml_example_imports_with_constraints_purposes_and_words() -> None:
    card = import_file(EXAMPLE)
    assert card.name == "Acol weak notrump (a BML example)" and check(card) == []
    assert sorted(card.meanings) == ["", "(1N)", "(1N)-2C-(X)", "1N", "1N-2C"]
    stayman = card.meaning("1N", c("2C"))
    assert stayman is not None and stayman.purpose == "stayman" and stayman.text == "Stayman, at least invitational"
    assert str(stayman.shows) == "hcp 11+, (hearts 4+ or spades 4+)"
    reply = card.meaning("1N-2C", c("2H"))
    assert reply is not None and str(reply.shows) == "hcp 12-14, balanced, hearts 4+"
    assert str(card.meaning("(1N)", c("2S")).shows) == "hcp 8-15, spades 5+"  # type: ignore[union-attr]


def test_bml_words_only_are_kept_as_text_for_the_director() -> None:
    card = import_file(EXAMPLE)
    natural = card.meaning("(1N)", c("2D"))
    assert natural is not None and natural.words_only and natural.text == "Natural"
    sos = card.meaning("(1N)-2C-(X)", c("P"))
    assert sos is not None and sos.text == "Long clubs, to play"


def test_bml_nesting_continuation_lines_and_sequence_starts() -> None:
    data, problems = to_data("1C  Polish club, one of three:\n    a) 12-14 balanced\n    b) 18+\n"
                             "  1D  Negative\n    1H  Natural\n\n1N-2C;\n2D No major\n", "t")
    assert problems == []
    assert data["contexts"] == {
        "": {"1C": {"text": "Polish club, one of three: a) 12-14 balanced b) 18+"}},
        "1C": {"1D": {"text": "Negative"}},
        "1C-1D": {"1H": {"text": "Natural"}},
        "1N-2C": {"2D": {"text": "No major"}},
    }


def test_bml_copy_paste_with_replacements() -> None:
    card = import_text("#CUT transfer\n2\\R Transfer [transfer]\n  2\\M Accept\n#ENDCUT\n\n1N---\n"
                       "#PASTE transfer \\R=D \\M=H\n#PASTE transfer \\R=H \\M=S\n")
    assert card.problems == ()
    assert [str(x) for x in card.calls("1N")] == ["2D", "2H"]
    assert card.meaning("1N-2H", c("2S")) is not None and card.meaning("1N-2D", c("2H")) is not None


def test_bml_competitive_pass_left_out_is_supplied() -> None:
    data, _ = to_data("(1NT)---\n2C  Majors\n  2D  Asks\n", "t")
    assert data["contexts"]["(1NT)-2C-(P)"] == {"2D": {"text": "Asks"}}


def test_bml_problems_name_the_line() -> None:
    card = import_text("#SEAT 34\n1N  Strong\n1N  Again\n\n1N---\n#PASTE nothing\n2S bad {hcp 50}\n", "f.bml")
    assert card.problems == (
        "f.bml: line 1: #SEAT is not imported (our card has one meaning per auction)",
        "f.bml: line 6: #PASTE of 'nothing', which was not copied before",
        "f.bml: line 3: 1N after '' is described twice; the first stands",
        "f.bml: context '1N', 2S: 'hcp 50' at '50': an empty or impossible range (0 to 37)",
    )
