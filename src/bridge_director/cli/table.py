"""The ``table`` commands: replay a JSON table log, or drive a table interactively."""

from __future__ import annotations

import json
import re
import shlex
from pathlib import Path
from typing import Annotated

import typer

from ..engine import Table
from ..engine.log import dumps, load, save, state_json, summary
from ..errors import BridgeError, ParseError
from ..model import Card, Seat
from ..model.numbers import BOARD_LIMIT, in_range, is_whole, shown
from ..table.edition import Edition
from ..table.events import Event
from ..table.play import (
    CardPlayed,
    CardWithdrawn,
    ClaimMade,
    DummyCardCalled,
    DummyFaced,
    RevokeCorrected,
    TricksAdjusted,
)
from ..table.play_view import play_json, play_lines
from .base import app
from .bounds import Whole

table_app = typer.Typer(no_args_is_help=True, help="A board at the table: the auction and the play, irregularities "
                        "and rulings.")
app.add_typer(table_app, name="table")

HELP = """Type one entry per line:
  1H | P | X | XX           a call by the player in turn
  E 1H                      a call by a named seat (in or out of turn)
  change N 1S               North replaces his last call (Laws 21B, 25)
  expose E SK [D2 ...] [led]  cards exposed during the auction (Law 24)
  over7 E 8H                a bid above seven (Law 38)
  faced N SK [..] [seen S ..]  North's cards found face up before his side's auction began, seen by South (Law 16)
  say W X 4S                West said "double 4S" instead of "double" (Laws 19, 16B, 73B1)
  deal N:AKQ.. ... ... ...  the four hands (PBN), needed before the first card
  HA | S:HA | S HA [down]   a card by the player in turn / by a named seat (in turn or not); down = face down
  claim S 10 "statement"    a claim of 10 of the remaining tricks for South's side (fewer: a concession)
  agree | dispute | ...     the opponents' answer to a claim; a number answers the director's question
  revoke E DA               East's revoke corrected by DA before it is established (Law 62)
  dummy "high"              declarer's incomplete designation of dummy's card (Law 46B)
  spread                    dummy's hand is faced after the opening lead (Law 41D; an opening lead then stands, 47E2(a))
  withdraw S 47E2           the director lets South's last card back under Law 47
  redesignate N HK          45C4(b): North's card (declarer named it) changed to HK; the director judges it
  together W SA S2 [H5]     Law 58B: West's cards led or played at the same time; [bracketed] = face not seen
  dummyact prevent|ask-defender|ask-declarer|warn [forfeited]   dummy's act (Laws 42, 43)
  quitted W 3                a card of trick 3 pointed the wrong way (Law 65)
  defective W 5 many|few     West found with a card too many (failed to play to trick 5) / too few (Law 67)
  adjust 9 64C "why"         the director enters declarer's tricks after play
  hesitate S [disputed] [warning|nowarning] [pause=12] [unusual|usual]
                             a break in tempo by South at his last call or card (Law 73A2; disputed: 85), with its
                             context: a skip-bid warning given or not, the pause in seconds, the director's finding
  explain N 3 [noalert] text  North explains his partner's call 3 (Law 20F); noalert: it was not alerted
  explain N carding text     North explains his side's play agreement (leads, carding, signals, discards, play)
  correct N [3 text]         North's side corrects a mistaken explanation (of call 3: the right one) (Law 20F5)
  remark S text | gesture S text   an extraneous remark or gesture by South (Law 73B1)
  psyche S 1                 South's call 1 reported as a psyche (Law 40)
  review 16B N 5 | review 21B S 3   the director reviews North's call 5 (unauthorised information, Law 16B) or
                             the explanation of South's call 3 (misinformation, Laws 20F, 21B, 75)
  review 40 S 1 | review 16B E | review 73F E | review 27D S | review 71 N | review 69B E
                             a psyche, a card chosen with UI, deceptive tempo, any flag, a concession, a claim
  accept | refuse | ...     choose an option of the pending ruling (optionally: choose KEY SEAT)
  yes | no | <answer>       answer the director's question (or: judge QUESTION ANSWER ...); a written answer
                             (a poll, a score) is typed as it is: poll: 4S | Pass, 4S | 4S  /  4S N 9
  later                      put the pending review aside: play on, the director is called back at the end of
                             the hand; the same review entry takes it up with the table result
  matters                    the judgement matters still open (to rule at the end of the hand)
  full | more               the pending ruling's whole script (a ruling first shows the short one)
  undo | show | json | save FILE | help | quit"""


@table_app.command("replay")
def replay_cmd(log: Annotated[Path, typer.Argument(help="A JSON table log (see docs/table-log.md).")],
               as_json: Annotated[bool, typer.Option("--json", help="Print the state as JSON.")] = False) -> None:
    """Replay a table log: the state, the pending ruling with its options, and the restrictions in force."""
    table = load(log)
    if as_json:
        typer.echo(json.dumps(state_json(table.state) | {"play": play_json(table.state)}, indent=2,
                              ensure_ascii=False))
    else:
        typer.echo(summary(table.state))
        lines = play_lines(table.state)
        if lines:
            typer.echo("\n".join(["", *lines]))


@table_app.command("play")
def play_cmd(board: Annotated[int, typer.Option("--board", parser=Whole("--board", 1, BOARD_LIMIT),
                                                help="Board number (dealer, vulnerability by Law 2).")] = 1,
             laws: Annotated[str, typer.Option("--laws", help="Edition of the Laws: 2017, 2007 or 1997.")] = "2017",
             log: Annotated[Path | None, typer.Option("--save", help="Save the table log here on quit.")] = None,
             deal: Annotated[str | None, typer.Option("--deal", help="The four hands, PBN (N:... E S W).")] = None,
             ) -> None:
    """Drive a whole board in the terminal: calls, then cards and claims; every ruling's options appear; choose."""
    table = Table(board, laws=laws, deal=deal)
    typer.echo(f"Board {board}, dealer {table.state.dealer.name.title()}, {laws} laws. Type 'help' for help.")
    while True:
        try:
            line = input(_prompt(table))
        except (EOFError, KeyboardInterrupt):  # Ctrl-D or Ctrl-C: stop, but keep the log (--save)
            break
        try:
            words = shlex.split(line)
        except ValueError:
            words = line.split()
        if not words:
            continue
        if words[0].lower() in ("quit", "exit", "q"):
            break
        if words[0].lower() == "deal" and len(words) >= 2:
            try:
                table = with_deal(table, " ".join(words[1:]))
            except BridgeError as err:
                typer.echo(f"refused: {err}")
                continue
            typer.echo("deal recorded")
            continue
        try:
            out = entry(table, words)
        except BridgeError as err:
            typer.echo(f"refused: {err}")
            continue
        if out:
            typer.echo(out)
    if log is not None:
        try:
            save(table, log)
        except OSError as err:
            typer.echo(f"error: --save: cannot write {log}: {err.strerror or err}", err=True)
            typer.echo(dumps(table))  # the log is not lost: it goes to the terminal instead
            raise typer.Exit(2) from None
        typer.echo(f"saved {log}")


def with_deal(table: Table, pbn: str) -> Table:
    """The same table with the hands known (the log is replayed over the new start)."""
    s = table.start
    new = Table(s.board, dealer=s.dealer, vulnerability=s.vulnerability, deal=pbn, laws=table.laws)
    for event in table.log:
        new.do(event)
    if new.state.play is None and new.state.auction_over and not new.state.passed_out:
        from ..table.play import started
        new.state = started(new.state)
    return new


def _prompt(table: Table) -> str:
    ruling = table.ruling
    if ruling is None:
        play = table.state.play
        if play is not None and not play.finished and not table.state.period.ended:
            seat = play.next_seat
            dummy = " (dummy)" if seat == play.contract.dummy else ""
            return f"{seat.name.title()}{dummy} to play> "
        return f"{table.state.next_seat.name.title()} to call> " if table.state.phase == "auction" else "> "
    if ruling.questions and not ruling.options:
        q = ruling.questions[0]
        return f"director ({_answers(q.answers) if q.answers else 'e.g. ' + q.hint})> "
    if ruling.caller is not None:
        return f"{ruling.caller.name.title()} to call> "
    who = ruling.chooser.name.title() if ruling.chooser is not None else "director"
    return f"{who} ({'/'.join(o.key for o in ruling.options)})> "


def entry(table: Table, words: list[str]) -> str:
    """Carry out one typed entry; return what to print."""
    head = words[0].lower()
    ruling = table.ruling
    if head == "help":
        return HELP
    if head in ("full", "more"):
        return ruling.text if ruling is not None else "no ruling is pending"
    if head == "show":
        return "\n".join([summary(table.state), *play_lines(table.state)])
    if head == "json":
        return json.dumps(state_json(table.state) | {"play": play_json(table.state)}, indent=2, ensure_ascii=False)
    if head == "save" and len(words) == 2:
        try:
            save(table, words[1])
        except (OSError, ValueError) as err:  # ValueError: a name holding a NUL byte, typed at the prompt
            reason = err.strerror if isinstance(err, OSError) and err.strerror else err
            name = words[1] if words[1].isprintable() else shown(words[1], 60)
            raise ParseError(f"cannot write {name}: {reason}; the log is kept, save it elsewhere",
                             field="save") from None
        return f"saved {words[1]}"
    if head == "matters" and len(words) == 1:
        return "\n".join(m.describe() for m in table.matters) or "no judgement matter is open"
    if head == "undo":
        table.undo()
    elif head == "later" and len(words) == 1 and ruling is not None and ruling.questions:
        table.later()
    elif head == "change" and len(words) == 3:
        table.change(words[1], words[2])
    elif head == "expose" and len(words) >= 3:
        led = words[-1].lower() == "led"
        table.expose(words[1], *(words[2:-1] if led else words[2:]), led=led)
    elif head == "faced" and len(words) >= 3:
        cards, _, seen = " ".join(words[2:]).lower().partition("seen")
        table.found_faced(words[1], *cards.split(), seen_by=tuple(seen.split()))
    elif head == "say" and len(words) == 4:
        table.improper_double(words[1], words[3], words[2])
    elif head == "over7" and len(words) == 3:
        bid = re.fullmatch(r"(\d+)(NT|[SHDCN♠♥♦♣])", words[2], re.IGNORECASE)
        if bid is None:
            raise ParseError(f"not a bid above seven: {words[2]!r} (a level and a denomination, e.g. 8H)",
                             field="over7")
        table.bid_above_seven(words[1], int(bid.group(1)), bid.group(2))
    elif head == "choose" and len(words) in (2, 3):
        table.choose(words[1], words[2] if len(words) == 3 else None)
    elif head == "judge" and len(words) >= 3:
        table.judge(words[1], " ".join(words[2:]))
    elif _judgement_entry(table, words) or _play_entry(table, words):
        pass
    elif ruling is not None and ruling.questions and " ".join(words).lower() in ruling.questions[0].answers:
        table.judge(ruling.questions[0].key, " ".join(words).lower())
    elif ruling is not None and len(words) == 1 and head in {o.key for o in ruling.options} \
            and ruling.caller is None:
        table.choose(head)
    elif ruling is not None and ruling.questions and not ruling.questions[0].answers:
        table.judge(ruling.questions[0].key, " ".join(words))
    elif _card_entry(table, words):
        pass
    elif len(words) == 2 and _is_seat(words[0]):
        table.call(words[0], words[1])
    elif len(words) == 1:
        seat = ruling.caller if ruling is not None and ruling.caller is not None else table.state.next_seat
        table.call(seat, words[0])
    else:
        raise ParseError(f"not understood: {' '.join(words)!r} (type 'help')", field="entry")
    return _after(table)


CARD = re.compile(r"^(?:([NESWnesw]):)?([SHDCshdc♠♥♦♣](?:10|[2-9TJQKAtjqka]))$")


def _card_entry(table: Table, words: list[str]) -> bool:
    """``HA`` / ``S:HA`` / ``S HA`` (optionally ``down``): a card played; False if the words are not a card."""
    down = len(words) > 1 and words[-1].lower() in ("down", "facedown", "face-down")
    ws = words[:-1] if down else words
    seat: Seat | None = None
    text = ""
    if len(ws) == 1:
        m = CARD.match(ws[0])
        if m is None:
            return False
        seat = Seat.parse(m.group(1)) if m.group(1) else None
        text = m.group(2)
    elif len(ws) == 2 and _is_seat(ws[0]) and CARD.match(ws[1]) and ":" not in ws[1]:
        seat, text = Seat.parse(ws[0]), ws[1]
    else:
        return False
    state = table.state
    if state.play is None:
        raise ParseError("no card can be played yet: the auction is not over, or enter the hands first with "
                         "'deal N:...'", field="entry")
    player = seat if seat is not None else state.play.next_seat
    table.do(CardPlayed(player, Card.parse(text), table.laws, down))
    return True


def _play_entry(table: Table, words: list[str]) -> bool:
    """The play-period entries other than cards: claim, revoke, dummy, withdraw, redesignate, together, dummyact,
    quitted, defective, adjust."""
    head = words[0].lower()
    if head == "claim" and len(words) in (3, 4) and is_whole(words[2]):
        table.do(ClaimMade(Seat.parse(words[1]), _number(words[2], "claim", 0, 13), words[3] if len(words) == 4
                           else "", table.laws))
    elif head == "revoke" and len(words) == 3:
        table.do(RevokeCorrected(Seat.parse(words[1]), Card.parse(words[2]), table.laws))
    elif head == "spread" and len(words) == 1:
        table.do(DummyFaced(table.laws))
    elif head == "dummy" and len(words) >= 2:
        table.do(DummyCardCalled(" ".join(words[1:]), table.laws))
    elif head == "withdraw" and len(words) == 3:
        table.do(CardWithdrawn(Seat.parse(words[1]), words[2].upper(), table.laws))
    elif head == "redesignate" and len(words) == 3:
        from ..laws.law42_47 import DesignationChanged
        table.do(DesignationChanged(Seat.parse(words[1]), Card.parse(words[2]), table.laws))
    elif head == "together" and len(words) >= 4:
        from ..laws.law58 import CardsPlayedTogether
        cards = tuple(Card.parse(w.strip("[]")) for w in words[2:])
        visible = tuple(c for c, w in zip(cards, words[2:], strict=True) if not w.startswith("["))
        table.do(CardsPlayedTogether(Seat.parse(words[1]), cards, visible, table.laws))
    elif head == "adjust" and len(words) in (3, 4) and is_whole(words[1]):
        table.do(TricksAdjusted(_number(words[1], "adjust", 0, 13), words[2].upper(),
                                words[3] if len(words) == 4 else ""))
    elif head in ("dummyact", "quitted", "defective"):
        from ..laws.law42_47 import DummyAct
        from ..laws.law65_67 import TrickEntry
        if head == "dummyact" and len(words) in (2, 3):
            table.do(DummyAct(words[1].lower(), len(words) == 3 and words[2].lower() == "forfeited", table.laws))
        elif head == "quitted" and len(words) == 3 and is_whole(words[2]):
            table.do(TrickEntry("quitted", Seat.parse(words[1]), _number(words[2], "quitted", 1, 13), table.laws))
        elif head == "defective" and len(words) == 4 and is_whole(words[2]) and words[3].lower() in ("many", "few"):
            table.do(TrickEntry(f"too-{words[3].lower()}", Seat.parse(words[1]), _number(words[2], "defective", 1, 13),
                                table.laws))
        else:
            return False
    else:
        return False
    return True


def _judgement_entry(table: Table, words: list[str]) -> bool:
    """The facts judgement rulings need, and the director's review: hesitate, explain, correct, remark, gesture,
    psyche, review.  False if the words are none of these."""
    from ..table.events import DirectorReview, Explanation, ExplanationCorrected, PsycheReported, Remark
    head, n = words[0].lower(), len(words)
    laws = table.laws
    if head == "hesitate" and n >= 2:
        table.do(_hesitation(words, laws))
    elif head == "explain" and n >= 4 and words[2].lower() in PLAY_AGREEMENTS:
        table.do(Explanation(Seat.parse(words[1]), None, " ".join(words[3:]), None, True, laws, words[2].lower()))
    elif head == "explain" and n >= 4 and is_whole(words[2]):
        alerted = words[3].lower() != "noalert"
        text = " ".join(words[3 if alerted else 4:])
        table.do(Explanation(Seat.parse(words[1]), _number(words[2], "explain", 1, CALLS_LIMIT), text, None, alerted,
                             laws))
    elif head == "correct" and n >= 2:
        call_no = _number(words[2], "correct", 1, CALLS_LIMIT) if n >= 3 and is_whole(words[2]) else None
        table.do(ExplanationCorrected(Seat.parse(words[1]), laws, call_no, " ".join(words[3:])))
    elif head in ("remark", "gesture") and n >= 3:
        table.do(Remark(Seat.parse(words[1]), " ".join(words[2:]), head == "gesture", laws))
    elif head == "psyche" and n == 3 and is_whole(words[2]):
        table.do(PsycheReported(Seat.parse(words[1]), _number(words[2], "psyche", 1, CALLS_LIMIT), laws))
    elif head == "review" and n in (3, 4):
        table.do(DirectorReview(words[1].upper(), Seat.parse(words[2]),
                                _number(words[3], "review", 1, CALLS_LIMIT) if n == 4 and is_whole(words[3])
                                else None, laws))
    else:
        return False
    return True


PLAY_AGREEMENTS = ("leads", "carding", "signals", "discards", "play")
#: calls an auction can have: 35 bids, each followed by pass, pass, double, pass, pass, redouble, pass, pass, pass
#: (the longest auction is 319 calls)
CALLS_LIMIT = 319


def _number(word: str, entry: str, low: int, high: int) -> int:
    """A number typed in an entry (already known to be ASCII digits, at most 18): in ``low``..``high``, or a
    refusal naming the entry and the range."""
    return in_range(int(word), entry, low=low, high=high)


def _hesitation(words: list[str], laws: Edition) -> Event:
    """``hesitate S [disputed] [warning|nowarning] [pause=12] [unusual|usual]``: a break in tempo and its context."""
    from ..table.events import Hesitation
    agreed, warning, seconds, unusual = True, None, None, None
    for word in (w.lower() for w in words[2:]):
        if word == "disputed":
            agreed = False
        elif word in ("warning", "nowarning"):
            warning = word == "warning"
        elif word in ("unusual", "usual"):
            unusual = word == "unusual"
        elif word.startswith("pause=") and is_whole(word[6:]) and int(word[6:]) <= 3600:
            seconds = int(word[6:])
        else:
            raise BridgeError(f"hesitate: {word!r} is not disputed, warning, nowarning, pause=SECONDS (0-3600), "
                              "unusual or usual", law="73A2", field="hesitate")
    return Hesitation(Seat.parse(words[1]), agreed, laws, warning, seconds, unusual)


def _answers(answers: tuple[str, ...]) -> str:
    return "/".join(answers) if len(answers) <= 16 else "/".join(answers[:15]) + "/..."


def _is_seat(word: str) -> bool:
    return word.upper() in ("N", "E", "S", "W", "NORTH", "EAST", "SOUTH", "WEST")


def _after(table: Table) -> str:
    ruling = table.ruling
    s = table.state
    if ruling is None:
        if s.play is not None and s.play.tricks[0].cards:
            return "\n".join(play_lines(s))
        line = f"auction: {s.auction_text()}"
        if s.restrictions:
            line += "\nin force: " + "; ".join(r.describe() for r in s.restrictions)
        if s.auction_over:
            line += "\n" + summary(s)
            if s.play is not None:
                line += "\n" + "\n".join(play_lines(s))
        return line
    from ..laws.script import short_script
    lines = [f"*** {ruling.irregularity} (Law {ruling.law}, {ruling.edition} laws) ***", short_script(ruling),
             "(full: the whole script to read aloud)"]
    if ruling.options and ruling.caller is None:
        lines.append("choose: " + ", ".join(o.key for o in ruling.options))
    for q in ruling.questions:
        lines.append(f"director, {q.key}: {_answers(q.answers)}  (later: play on, rule at the end of the hand)"
                     if ruling.law in LATER_LAWS else f"director, {q.key}: {_answers(q.answers)}")
    return "\n".join(lines)


#: the reviews that may be put aside with ``later`` until the end of the hand
LATER_LAWS = ("16B", "16A", "21B")


_ = Seat
