"""The laws engine's shared parts (``laws/common``, ``laws/pending``, ``ruling``, ``table/registry``): the checks
that mutation testing showed were missing.

Each test names the rule it checks and asserts its outcome: the exact phrase a ruling reads aloud (a bar on calls,
the Law 26 lead restriction by edition, the Law 72C/23 adjustment), what an operation leaves on the table (a
call recorded and the one-turn bars it uses up, a bar, a lead restriction, the enforced-pass package), the order
detectors run in, and the one-line error for an event a ruling does not allow, an unknown option, question or
edition.
"""

from __future__ import annotations

import pytest

from bridge_director.errors import IllegalCallError, ParseError
from bridge_director.laws import common, pending
from bridge_director.laws.common import (
    adjust_law,
    adjust_text,
    bar,
    both_pass_throughout,
    enforced_pass,
    kind,
    lead,
    lead_text,
    no_double_once,
    pass_once,
    pass_throughout,
    say,
    specified_suits,
)
from bridge_director.laws.ruling import Option, Question, Ruling
from bridge_director.model import Call, Seat, Side, Strain, Vulnerability
from bridge_director.table import engine, registry
from bridge_director.table.edition import Edition
from bridge_director.table.engine import append_call
from bridge_director.table.events import CallMade, CardExposed, Choice, Judgement, Undo
from bridge_director.table.state import AuctionCall, Bar, Flag, LeadRestriction, Restriction, TableState, Unauthorised

E, W = Seat.EAST, Seat.WEST
KEEPS = "the prohibition lasts for as long as West keeps the lead"
JUDGED = "the director judges at the end of the auction which suit(s) {} specified (an artificial call specifies " \
         "the suits it shows)"


def fresh() -> TableState:
    return TableState(Seat.NORTH, Vulnerability.NONE)


def call(text: str) -> Call:
    return Call.parse(text)


# ----- wording ----------------------------------------------------------------------------------------------------
def test_calls_as_spoken_and_their_kind() -> None:
    assert [say(call(x)) for x in ("1H", "3NT", "P", "X", "XX")] == ["1♥", "3NT", "pass", "double", "redouble"]
    assert [kind(call(x)) for x in ("1H", "P", "X", "XX")] == ["bid", "pass", "double", "redouble"]


def test_the_bars_in_words() -> None:
    assert pass_throughout(E) == "East must pass whenever it is their turn for the rest of the auction"
    assert both_pass_throughout(E) == ("East and West must each pass whenever it is their turn for the rest of the "
                                       "auction")
    assert pass_once(E) == "East must pass at their next turn to call, and only then"
    assert no_double_once(E) == "East may not double or redouble at their next turn"


def test_26B_2017_forbid_one_suit_not_specified() -> None:
    assert lead_text(E, call("1H"), Edition.L2017) == (
        "if East's side defends, at West's first turn to lead (the opening lead included) declarer may forbid the "
        f"lead of any one suit that East has not specified in the legal auction; {KEEPS} (Law 26B)")


@pytest.mark.parametrize("edition", [Edition.L2007, Edition.L1997])
def test_26A_before_2017_the_suit_named_may_be_required_or_forbidden(edition: Edition) -> None:
    assert lead_text(E, call("1H"), edition) == (
        "if East's side defends and East has not specified hearts in the legal auction, at West's first turn to lead "
        f"declarer may require the lead of hearts or forbid it; {KEEPS} (Law 26A); if East has specified it, there "
        f"is no lead restriction; {JUDGED.format('1♥')}, and if it specified none, declarer may instead forbid the "
        "lead of any one suit at that turn (Law 26B)")


@pytest.mark.parametrize(("withdrawn", "spoken"), [("1NT", "1NT"), ("X", "double")])
def test_26B_before_2017_a_call_naming_no_suit(withdrawn: str, spoken: str) -> None:
    assert lead_text(E, call(withdrawn), Edition.L2007) == (
        f"if East's side defends, at West's first turn to lead declarer may forbid the lead of any one suit; {KEEPS} "
        f"(Law 26B); {JUDGED.format(spoken)}, and a suit it specified is ruled under Law 26A instead: declarer may "
        "require or forbid it unless East has specified it in the legal auction")


def test_72C_2017_23_before_the_enforced_pass_adjustment() -> None:
    """2017 72C and 2007 23: 'could have been aware ... that this could well damage the non-offending side';
    1997 23: 'could have known ... that the enforced pass would be likely to damage the non-offending side'."""
    text = ("if the director judges that East could have been aware when making the irregular call that it could "
            "well damage the other side, he will adjust the score (Law {})")
    assert (adjust_law(Edition.L2017), adjust_law(Edition.L2007), adjust_law(Edition.L1997)) == ("72C", "23", "23")
    assert adjust_text(E, Edition.L2017) == text.format("72C")
    assert adjust_text(E, Edition.L2007) == text.format("23")
    assert adjust_text(E, Edition.L1997) == (
        "if the director judges that East could have known when making the irregular call that the enforced pass "
        "was likely to damage the other side, he will adjust the score (Law 23)")


def test_26_the_suit_a_natural_bid_names() -> None:
    assert specified_suits(call("2S")) == (Strain.SPADES,)
    assert specified_suits(call("2NT")) == () and specified_suits(call("X")) == () and specified_suits(call("P")) == ()


# ----- operations -------------------------------------------------------------------------------------------------
def test_a_call_that_stands_uses_up_the_caller_s_one_turn_bars_only() -> None:
    s = fresh().but(restrictions=(Restriction(E, Bar.PASS_ONCE, "30A"), Restriction(E, Bar.NO_DOUBLE_ONCE, "30B1"),
                                  Restriction(E, Bar.PASS_THROUGHOUT, "27B2"), Restriction(W, Bar.PASS_ONCE, "31A2")))
    after = append_call(s, E, call("P"))
    assert after.calls == (AuctionCall(E, call("P")),)
    assert after.restrictions == (Restriction(E, Bar.PASS_THROUGHOUT, "27B2"), Restriction(W, Bar.PASS_ONCE, "31A2"))


def test_a_bar_throughout_makes_a_one_turn_pass_bar_redundant() -> None:
    s = bar(fresh(), E, Bar.PASS_THROUGHOUT, "27B2")
    assert bar(s, E, Bar.PASS_ONCE, "30A").restrictions == (Restriction(E, Bar.PASS_THROUGHOUT, "27B2"),)
    both = bar(s, W, Bar.PASS_ONCE, "30A")
    assert both.restrictions == (Restriction(E, Bar.PASS_THROUGHOUT, "27B2"), Restriction(W, Bar.PASS_ONCE, "30A"))
    assert bar(s, E, Bar.NO_DOUBLE_ONCE, "30B1").restrictions[-1] == Restriction(E, Bar.NO_DOUBLE_ONCE, "30B1")
    once = bar(fresh(), E, Bar.PASS_ONCE, "30A")
    assert once.restrictions == (Restriction(E, Bar.PASS_ONCE, "30A"),)


def test_26_the_lead_restriction_keeps_the_suit_the_withdrawn_bid_named() -> None:
    s = lead(fresh(), E, call("2H"), Edition.L2007)
    assert s.lead_restrictions == (LeadRestriction(E, call("2H"), (int(Strain.HEARTS),), Edition.L2007),)


def test_enforced_pass_partner_barred_lead_restriction_information_and_adjustment() -> None:
    s = enforced_pass(fresh(), E, call("1H"), "27B2", Edition.L2017)
    assert s.restrictions == (Restriction(W, Bar.PASS_THROUGHOUT, "27B2"),)
    assert s.lead_restrictions == (LeadRestriction(E, call("1H"), (int(Strain.HEARTS),), Edition.L2017),)
    assert s.unauthorised == (Unauthorised(Side.EW, "East's withdrawn 1♥", "16C"),)
    assert s.flags == (Flag("72C", Side.EW, adjust_text(E, Edition.L2017)),)


def test_enforced_pass_once_without_a_lead_restriction() -> None:
    s = enforced_pass(fresh(), E, call("X"), "32A2", Edition.L1997, throughout=False, lead_law=False)
    assert s.restrictions == (Restriction(W, Bar.PASS_ONCE, "32A2"),)
    assert s.lead_restrictions == ()
    assert s.flags == (Flag("23", Side.EW, adjust_text(E, Edition.L1997)),)


# ----- registry ---------------------------------------------------------------------------------------------------
def _fresh_registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """An empty registry for one test: the real one comes back afterwards."""
    for name, empty in (("_DETECTORS", {}), ("_DECLARED", {}), ("AFTER_CALL", []), ("AFTER_EVENT", []),
                        ("INSTALLED", [])):
        monkeypatch.setattr(registry, name, empty)


def _install_this_module() -> None:
    import sys
    registry.install([sys.modules[__name__]])


def test_detectors_run_by_ascending_order_the_first_that_recognises_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_registry(monkeypatch)
    seen: list[str] = []

    def make(label: str, answer: bool):  # type: ignore[no-untyped-def]
        def f(state: TableState, event: Undo) -> TableState | None:
            seen.append(label)
            return state.but(board=len(seen)) if answer else None
        return f

    registry.detector(Undo, order=30)(make("thirty", True))
    registry.detector(Undo, order=10)(make("ten", False))
    registry.detector(Undo, order=20)(make("twenty", True))
    assert registry.detect(fresh(), Undo()) is None  # declared only: not in the list of modules yet
    _install_this_module()
    result = registry.detect(fresh(), Undo())
    assert seen == ["ten", "twenty"] and result is not None and result.board == 2
    assert registry.detect(fresh(), Choice("x")) is None


def test_describe_and_resolve_name_the_stage_no_module_handles() -> None:
    from bridge_director.table.state import Pending
    stage = Pending(E, Edition.L2017)
    with pytest.raises(NotImplementedError, match=r"^no law module describes Pending$"):
        registry.describe(stage, fresh())
    with pytest.raises(NotImplementedError, match=r"^no law module resolves Pending$"):
        registry.resolve(stage, fresh(), Undo())


def test_events_in_words_for_a_refusal() -> None:
    assert registry.what("a card") == "a card"
    assert registry.what(CallMade(E, call("1H"))) == "1H by East"
    assert registry.what(Choice("accept", W)) == "the choice 'accept' by West"
    assert registry.what(Choice("accept")) == "the choice 'accept'"
    assert registry.what(Judgement("comparable", "yes")) == "the judgement 'comparable: yes'"
    assert registry.what(CardExposed(E, ())) == "a card exposed by East"


def ruling(options: tuple[Option, ...] = (), questions: tuple[Question, ...] = (), chooser: Seat | None = Seat.SOUTH,
           caller: Seat | None = None) -> Ruling:
    return Ruling("Insufficient bid", "27", Edition.L2017, E, chooser, options, questions, "...", caller)


ACCEPT = Option("accept", "accept", "the bid stands", "27A1")
REFUSE = Option("refuse", "refuse", "East corrects", "27B")


def test_refusal_waiting_for_a_choice() -> None:
    err = pending.refuse(ruling((ACCEPT, REFUSE)), CallMade(W, call("P")))
    assert err.law == "27"
    assert str(err) == ("Law 27: Pass by West is not possible while the ruling on the insufficient bid is pending; "
                        "waiting for South to choose one of: accept, refuse")


def test_refusal_waiting_for_the_director_or_a_call() -> None:
    err = pending.refuse(ruling((ACCEPT,), chooser=None, caller=E), "a card")
    assert str(err).endswith("waiting for the director to choose one of: accept or a call by East")
    question = Question("comparable", "Comparable?", ("yes", "no"), "23")
    err = pending.refuse(ruling((ACCEPT,), (question,)), "a card")
    assert str(err).endswith("waiting for the director's judgement: comparable (yes/no)")


# ----- ruling -----------------------------------------------------------------------------------------------------
def test_edition_read_from_text_and_its_rules() -> None:
    assert Edition.parse(" 2007 ") is Edition.L2007 and Edition.parse(Edition.L1997) is Edition.L1997
    assert Edition.L2017.modern and not Edition.L2007.modern and str(Edition.L1997) == "1997"
    with pytest.raises(ParseError) as err:
        Edition.parse("2013")
    assert err.value.field == "laws"
    assert "not an edition of the Laws: '2013' (use 2017, 2007 or 1997)" in str(err.value)


def test_an_option_or_question_the_ruling_does_not_have() -> None:
    r = ruling((ACCEPT, REFUSE))
    assert r.option("refuse") is REFUSE
    with pytest.raises(IllegalCallError) as err:
        r.option("cancel")
    assert err.value.law == "27" and "'cancel' is not an option of this ruling (options: accept, refuse)" in str(
        err.value)
    with pytest.raises(IllegalCallError) as err:
        ruling().option("cancel")
    assert "(options: none)" in str(err.value)
    question = Question("comparable", "Comparable?", ("yes", "no"), "23")
    assert ruling(questions=(question,)).question("comparable") is question
    with pytest.raises(IllegalCallError) as err:
        ruling(questions=(question,)).question("intention")
    assert err.value.law == "27" and "the director is not asked 'intention' now" in str(err.value)


def test_common_names_seats_in_title_case() -> None:
    assert common.name(Seat.NORTH) == "North"


def test_a_legal_call_is_recorded_then_judged_by_every_law_watching_with_its_edition(
        monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[Seat, Call, Edition, int]] = []

    def hook(state: TableState, seat: Seat, made: Call, edition: Edition) -> TableState:
        seen.append((seat, made, edition, len(state.calls)))
        return state

    monkeypatch.setattr(engine, "AFTER_CALL", [hook])
    engine.legal_call(fresh(), E, call("1S"), Edition.L2007)
    assert seen == [(E, call("1S"), Edition.L2007, 1)]


def test_a_watch_on_the_offender_s_next_call_is_kept() -> None:
    from bridge_director.table.state import Watch
    first = Watch(E, call("1H"), "31A2", "bid", Edition.L2017)
    second = Watch(W, call("X"), "32B", "double", Edition.L2017)
    assert common.watch(common.watch(fresh(), first), second).watches == (first, second)


def test_hooks_after_a_call_and_after_an_event_are_registered_in_order(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_registry(monkeypatch)

    def on_call(state: TableState, seat: Seat, made: Call, edition: Edition) -> TableState:
        return state

    def on_event(state: TableState) -> TableState:
        return state

    assert registry.after_call(on_call) is on_call and registry.after_event(on_event) is on_event
    assert registry.AFTER_CALL == [] and registry.AFTER_EVENT == []
    _install_this_module()
    assert [on_call] == registry.AFTER_CALL and [on_event] == registry.AFTER_EVENT
    assert [__name__] == registry.INSTALLED


def test_detectors_of_the_same_order_run_in_the_order_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    _fresh_registry(monkeypatch)

    def first(state: TableState, event: Undo) -> TableState | None:
        return state.but(board=1)

    def second(state: TableState, event: Undo) -> TableState | None:
        return state.but(board=2)

    registry.detector(Undo, order=10)(first)
    registry.detector(Undo, order=10)(second)
    _install_this_module()
    result = registry.detect(fresh(), Undo())
    assert result is not None and result.board == 1


def test_the_list_of_law_modules_decides_what_runs_and_in_what_order() -> None:
    """laws.MODULES is the one list: every module that declares a detector or hook is in it, play first."""
    import bridge_director.laws as laws_package
    from bridge_director.table import play
    assert laws_package.MODULES[0] is play
    assert [m.__name__ for m in laws_package.MODULES] == registry.INSTALLED
    declared = {name for name in registry._DECLARED if name.startswith("bridge_director.")}
    assert declared <= set(registry.INSTALLED)


def test_refusal_names_every_question_the_director_must_answer() -> None:
    questions = (Question("comparable", "Comparable?", ("yes", "no"), "23"),
                 Question("suits", "Which suits?", ("none", "S"), "26"))
    err = pending.refuse(ruling(questions=questions), "a card")
    assert str(err).endswith("waiting for the director's judgement: comparable (yes/no); suits (none/S)")


def test_install_takes_a_law_module_that_declares_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module in the list with no detector or hook (``laws.common``) is installed with nothing to add."""
    _fresh_registry(monkeypatch)
    registry.install([common])
    assert registry.INSTALLED == ["bridge_director.laws.common"] and registry.AFTER_CALL == []


# ----- pending.answer_to: the director's answer to a guided review's question --------------------------------------
UI = Question("ui", "Did partner's hesitation give unauthorised information?", ("yes", "no"), "16B1")
SCORE = Question("score", "The adjusted score", (), "12C1", hint="4S= by North")


def test_answer_to_an_event_that_is_not_the_judgement_asked_is_refused_with_the_ruling() -> None:
    asked = ruling(questions=(UI,))
    for event in (CallMade(W, call("P")), Judgement("suggests", "yes")):
        with pytest.raises(IllegalCallError) as err:
            pending.answer_to(UI, event, lambda: asked)
        assert err.value.law == "27"
        assert str(err.value).endswith("is not possible while the ruling on the insufficient bid is pending; "
                                       "waiting for the director's judgement: ui (yes/no)")
    with pytest.raises(IllegalCallError) as err:
        pending.answer_to(UI, CallMade(W, call("P")), lambda: asked)
    assert str(err.value).startswith("Law 27: Pass by West is not possible")


def test_answer_to_a_listed_answer_in_lower_case_and_one_not_listed_refused_naming_the_law() -> None:
    assert pending.answer_to(UI, Judgement("ui", "  YES "), ruling) == "yes"
    with pytest.raises(IllegalCallError) as err:
        pending.answer_to(UI, Judgement("ui", "maybe"), ruling)
    assert err.value.law == "16B1" and str(err.value) == "Law 16B1: answer ui with yes or no"


def test_answer_to_a_written_answer_as_written_and_an_empty_one_refused_with_its_hint() -> None:
    assert pending.answer_to(SCORE, Judgement("score", " 4S= by North "), ruling) == "4S= by North"
    with pytest.raises(IllegalCallError) as err:
        pending.answer_to(SCORE, Judgement("score", "   "), ruling)
    assert err.value.law == "12C1"
    assert str(err.value) == "Law 12C1: the answer to 'score' is written, e.g. 4S= by North"
