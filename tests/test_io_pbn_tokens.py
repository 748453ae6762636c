"""The PBN tokenizer: the lexical rules of PBN 2.1 and the quirks of real files."""

from __future__ import annotations

from bridge_director.io.pbn_tokens import escape, tokenize, unescape
from bridge_director.io.text import decode


def names(text: str) -> list[list[str]]:
    games, errors = tokenize(text)
    assert not errors
    return [[t.name for t in g.tags] for g in games]


def test_empty_line_ends_a_game() -> None:
    assert names('[Board "1"]\n[Deal "x"]\n\n[Board "2"]\n') == [["Board", "Deal"], ["Board"]]


def test_multi_line_brace_comment_with_empty_line_does_not_end_the_game() -> None:
    text = '[Board "1"] { a comment\n\nthat goes on }\n[Deal "x"]\n'
    games, _ = tokenize(text)
    assert [[t.name for t in g.tags] for g in games] == [["Board", "Deal"]]
    assert games[0].tags[0].comment == "{ a comment"
    assert games[0].tags[0].lines == ["", "that goes on }"]


def test_semicolon_comment_and_directives_are_kept() -> None:
    games, _ = tokenize('% PBN 2.1\n% EXPORT\n[Site "x"]  ; rest of line\n%%!R 7597\n')
    assert games[0].preamble == ["% PBN 2.1", "% EXPORT"]
    assert games[0].tags[0].comment == "; rest of line"
    assert games[0].tags[0].lines == ["%%!R 7597"]


def test_two_tags_on_one_line_and_tag_over_several_lines() -> None:
    assert names('[Event "e"] [Date "1998.03.21"]\n') == [["Event", "Date"]]
    games, _ = tokenize(' [\n   Event\n         "use new lines"\n ]\n')
    assert [(t.name, t.raw, t.line) for t in games[0].tags] == [("Event", "use new lines", 1)]


def test_no_space_and_spaces_inside_brackets() -> None:
    games, _ = tokenize('[Event"a"]\n\n[   Event"b"   ]\n')
    assert [g.tags[0].raw for g in games] == ["a", "b"]


def test_crlf_lines_and_line_numbers() -> None:
    games, _ = tokenize('[Board "1"]\r\n[Auction "N"]\r\n1S Pass\r\n')
    assert games[0].tags[1].line == 2
    assert games[0].tags[1].lines == ["1S Pass"]


def test_a_repeated_tag_starts_a_new_game_but_notes_repeat() -> None:
    assert names('[Board "1"]\n[Note "1:a"]\n[Note "2:b"]\n[Board "2"]\n') == [["Board", "Note", "Note"], ["Board"]]


def test_a_line_that_is_not_a_tag_is_an_error_with_its_line_and_the_rest_is_read() -> None:
    games, errors = tokenize('[Board "1"]\n[Broken\n\n[Board "2"]\n')
    assert len(games) == 2
    assert errors[0][1].line == 2 and errors[0][1].field == "tag"


def test_escapes_round_trip() -> None:
    raw = r'\\\"\\\"\"\\  \a'
    assert unescape(raw) == '\\"\\""\\  \\a'
    assert unescape(r"Result\2R") == r"Result\2R"
    assert unescape(escape('say "hi" \\ ok')) == 'say "hi" \\ ok'


def test_decode_latin1_and_utf8_bom() -> None:
    assert decode("Ø".encode("latin-1")) == "Ø"
    assert decode("\ufeff♠".encode()) == "♠"
