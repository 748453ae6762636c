"""Hand records: a session's deals read from PBN and checked against Law 2, double dummy, the printable page."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from bridge_director.club import hand_records
from bridge_director.club.hand_record_html import hand_records_html
from bridge_director.club.hand_records import (
    DoubleDummy,
    HandRecord,
    double_dummy_of,
    load_hand_records,
    with_double_dummy,
)
from bridge_director.errors import BridgeError, DealError
from bridge_director.io import load_pbn
from bridge_director.model import Deal
from bridge_director.model.calls import Strain
from bridge_director.model.seat import Seat, Vulnerability, board_dealer, board_vulnerability

# North holds every ace, king and queen and the jack of spades: 13 top tricks whoever declares for N-S.
GRAND = "AKQJ.AKQ.AKQ.AKQ .98765432.T9876. T98765432.JT.J.J ..5432.T98765432"
# An unremarkable deal (N-S 25 HCP, no fit worth more than 3NT by North) for comparing our table with endplay's.
PLAIN = "N:KQ72.A95.J83.K64 A98.KJ3.QT74.J92 JT4.Q862.AK5.Q87 653.T74.962.AT53"

DATA = Path(__file__).resolve().parents[2].parent / "shared" / "data" / "pbn"
BRIDGECOMPOSER = DATA / "zdenecek__pbn__pbn_files_bridgecomposer.pbn"
PSBRIDGE = DATA / "zdenecek__pbn__pbn_files_psbridge.pbn"


def rotated(steps: int) -> str:
    """The grand-slam deal turned ``steps`` seats clockwise: board 2's East holds board 1's North hand."""
    return f"{'NESW'[steps]}:{GRAND}"


def game(board: int | None, deal: str | None, **tags: str) -> str:
    lines = ['[Event "Club night"]']
    if board is not None:
        lines.append(f'[Board "{board}"]')
    lines += [f'[{name} "{value}"]' for name, value in tags.items()]
    if deal is not None:
        lines.append(f'[Deal "{deal}"]')
    return "\n".join(lines) + "\n"


def session(*games: str) -> str:
    return "% PBN 2.1\n" + "\n".join(games)


def line_of(text: str, needle: str, occurrence: int = 1) -> int:
    """The 1-based line of the ``occurrence``-th line containing ``needle``."""
    found = [i for i, line in enumerate(text.splitlines(), 1) if needle in line]
    return found[occurrence - 1]


FOUR = session(*(game(n, rotated(n - 1), Dealer="NESW"[(n - 1) % 4], Vulnerable=v)
                 for n, v in zip(range(1, 5), ("None", "NS", "EW", "All"), strict=True)))


# --- reading -----------------------------------------------------------------------------------------------------

def test_four_boards_with_law2_dealers_and_vulnerabilities() -> None:
    records = load_hand_records(FOUR)
    assert list(records) == [1, 2, 3, 4]
    assert [r.dealer for r in records.values()] == [Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert [r.vulnerability for r in records.values()] == [Vulnerability.NONE, Vulnerability.NS,
                                                            Vulnerability.EW, Vulnerability.BOTH]
    assert records[2].deal[Seat.EAST] == Deal.from_pbn(rotated(0))[Seat.NORTH]
    assert records[3].line == line_of(FOUR, '[Board "3"]')
    assert all(r.dd is None for r in records.values())


def test_missing_dealer_and_vulnerable_come_from_law2() -> None:
    text = session(*(game(n, rotated(0)) for n in (5, 6, 7, 16, 17, 23)))
    records = load_hand_records(text)
    for n, record in records.items():
        assert (record.dealer, record.vulnerability) == (board_dealer(n), board_vulnerability(n))
    assert (records[23].dealer, records[23].vulnerability) == (Seat.SOUTH, Vulnerability.BOTH)


def test_empty_dealer_and_vulnerable_tags_count_as_missing() -> None:
    record = load_hand_records(game(7, rotated(0), Dealer="", Vulnerable=""))[7]
    assert (record.dealer, record.vulnerability) == (Seat.SOUTH, Vulnerability.BOTH)


def test_the_same_deal_twice_is_one_board() -> None:
    # two tables of a results file: the second repeats the board, or inherits its deal with "#", or leaves out
    # Board and Deal and records a result (the reader takes them from the game before)
    text = session(game(1, rotated(0)), game(1, "#"), '[Contract "3NT"]\n[Declarer "N"]\n[Result "9"]\n',
                   game(2, rotated(1)))
    records = load_hand_records(text)
    assert list(records) == [1, 2]
    assert records[1].line == line_of(text, '[Board "1"]')


def test_a_deal_may_start_from_any_seat() -> None:
    deal = Deal.from_pbn(rotated(0))
    records = load_hand_records(game(1, deal.to_pbn(Seat.WEST)))
    assert records[1].deal == deal


def test_a_file_path_latin1_and_str_path(tmp_path: Path) -> None:
    path = tmp_path / "session.pbn"
    path.write_bytes(game(1, rotated(0), Site="Øigarden bridgeklubb").encode("latin-1"))
    assert load_hand_records(path)[1].deal == Deal.from_pbn(rotated(0))
    assert load_hand_records(str(path))[1].dealer is Seat.NORTH


def test_header_games_without_board_or_deal_are_skipped() -> None:
    text = session('[Event "Club night"]\n[Site "Hall"]\n', game(1, rotated(0)))
    assert list(load_hand_records(text)) == [1]


# --- refusals ----------------------------------------------------------------------------------------------------

def refused(text: str) -> BridgeError:
    with pytest.raises(BridgeError) as info:
        load_hand_records(text)
    return info.value


def test_wrong_dealer_for_board_5() -> None:
    text = session(game(4, rotated(3)), game(5, rotated(0), Dealer="E", Vulnerable="NS"))
    err = refused(text)
    assert (err.field, err.line, err.law) == ("Dealer", line_of(text, '[Dealer "E"]'), "2")
    assert "board 5" in str(err) and "East" in str(err) and "North" in str(err)
    assert load_hand_records(text, check_law2=False)[5].dealer is Seat.EAST


def test_wrong_vulnerability_for_board_2() -> None:
    text = session(game(1, rotated(0)), game(2, rotated(1), Dealer="E", Vulnerable="None"))
    err = refused(text)
    assert (err.field, err.line, err.law) == ("Vulnerable", line_of(text, '[Vulnerable "None"]'), "2")
    assert "board 2" in str(err) and "NS vulnerable" in str(err)
    assert load_hand_records(text, check_law2=False)[2].vulnerability is Vulnerability.NONE


def test_unreadable_dealer_names_board_field_and_line() -> None:
    text = session(game(3, rotated(0), Dealer="Q"))
    err = refused(text)
    assert (err.field, err.line, err.law) == ("Dealer", line_of(text, '[Dealer "Q"]'), "2")
    assert "board 3" in str(err)


def test_board_given_twice_with_different_deals() -> None:
    text = session(game(1, rotated(0)), game(2, rotated(1)), game(1, rotated(2)))
    err = refused(text)
    assert (err.field, err.law) == ("Deal", "2")
    assert err.line == line_of(text, f'[Deal "{rotated(2)}"]')
    second = line_of(text, '[Board "1"]', 2)
    assert "board 1" in str(err) and f"line {second}" in str(err)


def test_twelve_cards_to_north() -> None:
    short = "N:AKQ.AKQ.AKQ.AKQ " + " ".join(GRAND.split()[1:])
    text = session(game(1, rotated(0)), game(2, rotated(1)), game(3, short))
    err = refused(text)
    assert isinstance(err, DealError)
    assert (err.field, err.line, err.law) == ("Deal", line_of(text, short), "2")
    assert "board 3" in str(err) and "N 12" in str(err)


def test_a_card_dealt_twice() -> None:
    twice = "N:AKQJ.AKQ.AKQ.AKQ AKQJ.AKQ.AKQ.AKQ - -"
    err = refused(game(9, twice))
    assert (err.field, err.line, err.law) == ("Deal", 3, "2")
    assert "board 9" in str(err)


def test_a_board_without_a_deal() -> None:
    text = session(game(1, rotated(0)), game(2, None, Dealer="E"))
    err = refused(text)
    assert (err.field, err.line, err.law) == ("Deal", line_of(text, '[Board "2"]'), "2")
    assert "board 2" in str(err)


def test_a_deal_without_a_board_number() -> None:
    text = session(game(1, rotated(0)), game(2, rotated(1)), game(None, rotated(2)))
    err = refused(text)
    assert (err.field, err.line, err.law) == ("Board", line_of(text, rotated(2)), "2")
    assert "after board 2" in str(err)


def test_a_board_number_that_is_not_one() -> None:
    text = session(game(1, rotated(0)), game(0, rotated(1)))
    err = refused(text)
    assert (err.field, err.line, err.law) == ("Board", line_of(text, '[Board "0"]'), "2")


# --- double dummy ------------------------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def analysed() -> dict[int, HandRecord]:
    return with_double_dummy(load_hand_records(FOUR + "\n" + game(17, PLAIN, Dealer="N", Vulnerable="None")))


def test_the_grand_slam_deal_makes_13_for_the_strong_side(analysed: dict[int, HandRecord]) -> None:
    for board, strong in zip((1, 2, 3, 4), (Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST), strict=True):
        dd = analysed[board].dd
        assert dd is not None
        assert dd.tricks_for(Strain.NOTRUMP, strong) == 13 and dd.tricks_for(Strain.NOTRUMP, strong.partner) == 13
        assert dd.tricks_for(Strain.SPADES, strong) == 13
        # the defenders have no spade and lead their long suit against notrump: they never get in
        assert dd.tricks_for(Strain.NOTRUMP, strong.lho) == 0 and dd.makes(Strain.NOTRUMP, strong.lho) is None


def test_par_of_the_grand_slam_deal(analysed: dict[int, HandRecord]) -> None:
    # 7NT by the strong side: 1520 not vulnerable, 2220 vulnerable; scores are to N-S
    pars = {n: (r.dd.par_score, r.dd.par_contracts) for n, r in analysed.items() if r.dd and n <= 4}
    assert pars == {1: (1520, ("7NT by NS",)), 2: (-1520, ("7NT by EW",)), 3: (1520, ("7NT by NS",)),
                    4: (-2220, ("7NT by EW",))}
    assert analysed[1].dd is not None and analysed[1].dd.par_text == "Par +1520: 7NT by NS"


def test_tricks_table_equals_endplays_own(analysed: dict[int, HandRecord]) -> None:
    from endplay.dds import calc_dd_table
    from endplay.types import Deal as EpDeal
    from endplay.types import Denom, Player

    table = calc_dd_table(EpDeal(PLAIN))
    denoms = {Strain.CLUBS: Denom.clubs, Strain.DIAMONDS: Denom.diamonds, Strain.HEARTS: Denom.hearts,
              Strain.SPADES: Denom.spades, Strain.NOTRUMP: Denom.nt}
    players = {Seat.NORTH: Player.north, Seat.EAST: Player.east, Seat.SOUTH: Player.south, Seat.WEST: Player.west}
    dd = analysed[17].dd
    assert dd is not None
    assert {(s, p): dd.tricks_for(s, p) for s in Strain for p in Seat} == \
        {(s, p): int(table[denoms[s], players[p]]) for s in Strain for p in Seat}
    # the PBN 2.1 tags: declarers N S E W, strains NT S H D C (as BridgeComposer writes them)
    expected = "".join(f"{int(table[denoms[s], players[p]]):x}" for p in (Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST)
                       for s in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS))
    assert dd.pbn_tags() == {"DoubleDummyTricks": expected, "OptimumScore": "NS 400"}
    assert double_dummy_of(Deal.from_pbn(PLAIN), Seat.NORTH, Vulnerability.NONE) == dd


def test_par_of_a_plain_3nt_deal(analysed: dict[int, HandRecord]) -> None:
    dd = analysed[17].dd
    assert dd is not None and (dd.par_score, dd.par_contracts) == (400, ("3NT by N",))
    assert dd.makes(Strain.NOTRUMP, Seat.NORTH) == 3 and dd.makes(Strain.NOTRUMP, Seat.SOUTH) == 2


def test_batches_give_the_same_tables(analysed: dict[int, HandRecord], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(hand_records, "_batch_size", lambda: 2)
    assert with_double_dummy({n: analysed[n] for n in (1, 2, 3, 17)}) == {n: analysed[n] for n in (1, 2, 3, 17)}


def test_with_double_dummy_keeps_the_records(analysed: dict[int, HandRecord]) -> None:
    plain = load_hand_records(FOUR)
    assert {n: (r.board, r.deal, r.dealer, r.vulnerability, r.line) for n, r in plain.items()} == \
        {n: (r.board, r.deal, r.dealer, r.vulnerability, r.line) for n, r in analysed.items() if n in plain}
    assert with_double_dummy({}) == {}


def test_without_endplay_the_error_says_what_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "endplay.dds", None)
    with pytest.raises(BridgeError, match=r"bridge-director\[dd\]") as info:
        with_double_dummy(load_hand_records(FOUR))
    assert info.value.field == "endplay"


# --- the printable page ------------------------------------------------------------------------------------------

def test_page_has_every_board_hand_hcp_makeable_and_par(analysed: dict[int, HandRecord]) -> None:
    page = hand_records_html(analysed, "Tuesday <pairs> & friends")
    assert "<title>Tuesday &lt;pairs&gt; &amp; friends</title>" in page and "<pairs>" not in page
    for n in (1, 2, 3, 4, 17):
        assert f'id="board-{n}"' in page and f"Board {n}</div>" in page
    # board 17's hands, 10 printed as "10", a void as a dash
    for cards in ("KQ72", "A95", "J83", "K64", "Q1074", "A1053", "1074"):
        assert f'<span class="cards">{cards}</span>' in page
    assert '<span class="cards">—</span>' in page
    assert '<span class="suit red">♥</span>' in page and '<span class="suit black">♠</span>' in page
    assert "Par +1520: 7NT by NS" in page and "Par +400: 3NT by N" in page
    assert ">37</span>" in page  # North's HCP on board 1
    # board 1, North: 7 in NT and spades, "-" below seven tricks
    assert "<tr><th>N</th><td>7</td><td>7</td><td>1</td><td>1</td><td>-</td></tr>" in page
    assert "@media print" in page and "<link" not in page and "<script" not in page


def test_page_escapes_par_and_omits_missing_analysis() -> None:
    records = load_hand_records(FOUR)
    fake = DoubleDummy(tuple((7, 7, 7, 7) for _ in Strain), 0, ("<b>x</b>",))
    records[1] = HandRecord(1, records[1].deal, Seat.NORTH, Vulnerability.NONE, 1, fake)
    page = hand_records_html(records, "t")
    assert "Par 0: &lt;b&gt;x&lt;/b&gt;" in page and "<b>x</b>" not in page
    assert page.count('class="par"') == 1 and page.count("<table") == 1


def test_six_boards_to_a_printed_page() -> None:
    text = session(*(game(n, rotated((n - 1) % 4)) for n in range(1, 14)))
    page = hand_records_html(load_hand_records(text), "13 boards")
    assert page.count('<section class="page">') == 3


# --- real files --------------------------------------------------------------------------------------------------

def need(path: Path) -> Path:
    if not path.exists():
        pytest.skip(f"shared data not present: {path} (the real files live in ../shared/data/pbn)")
    return path


def optimum_ns(text: str) -> int:
    side, score = text.split()
    return int(score) if side == "NS" else -int(score)


@pytest.mark.shared_data
def test_bridgecomposer_file_agrees_with_law2_and_its_double_dummy() -> None:
    path = need(BRIDGECOMPOSER)
    records = with_double_dummy(load_hand_records(path))
    assert list(records) == list(range(16, 31))
    for n, record in records.items():
        assert (record.dealer, record.vulnerability) == (board_dealer(n), board_vulnerability(n))
    games = {int(g.tags["Board"]): g for g in load_pbn(path).games if g.is_board}
    for n, record in records.items():
        assert record.dd is not None and record.line == games[n].line_of("Board")
        assert record.dd.pbn_tags()["DoubleDummyTricks"] == games[n].tags["DoubleDummyTricks"].lower(), n
        assert record.dd.par_score == optimum_ns(games[n].tags["OptimumScore"]), n
    assert "Par -430: 3NT+1 by EW" in hand_records_html(records, "BKP")


@pytest.mark.shared_data
def test_psbridge_file_agrees_with_law2_and_its_result_comments() -> None:
    path = need(PSBRIDGE)
    records = load_hand_records(path)
    assert list(records) == list(range(1, 33))
    for n, record in records.items():
        assert (record.dealer, record.vulnerability) == (board_dealer(n), board_vulnerability(n))
    # PS Bridge's "%%!R" comment after each deal: 20 hex digits, declarers E N W S, strains NT S H D C
    # (the order read off boards 1-5); checked here on boards 9-14
    comments = {int(g.tags["Board"]): g.sections["Deal"][0] for g in load_pbn(path).games if g.is_board}
    analysed = with_double_dummy({n: records[n] for n in range(9, 15)})
    for n, record in analysed.items():
        assert record.dd is not None
        digits = comments[n].removeprefix("%%!R ").lower()
        ours = "".join(f"{record.dd.tricks_for(strain, seat):x}"
                       for seat in (Seat.EAST, Seat.NORTH, Seat.WEST, Seat.SOUTH)
                       for strain in (Strain.NOTRUMP, Strain.SPADES, Strain.HEARTS, Strain.DIAMONDS, Strain.CLUBS))
        assert ours == digits, n
