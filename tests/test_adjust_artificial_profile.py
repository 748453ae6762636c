"""Law 12C2 artificial scores: the calculator and a section's scoring read one authority profile, so a club's or
the WBF's event never applies the session rule in one place and not in the other."""

from __future__ import annotations

from typer.testing import CliRunner

from bridge_director.cli import app
from bridge_director.register.values import Authority
from bridge_director.scoring.adjusted import PROFILES, profile

runner = CliRunner()


def _artificial(*args: str) -> str:
    result = runner.invoke(app, ["adjust", "artificial", "none", "direct", *args])
    assert result.exit_code == 0, result.output
    return result.output


def test_12C2_every_authority_an_event_may_have_has_its_profile() -> None:
    assert {a.value for a in Authority} <= set(PROFILES)
    assert profile("club") == PROFILES["CLUB"] and not PROFILES["CLUB"].session_rule


def test_12C2_the_wbf_figures_are_not_varied_by_a_session_percentage_given() -> None:
    out = _artificial("--ns-session", "63", "--ew-session", "32")
    assert "NS 60 %, EW 40 %" in out and "not applied" in out


def test_12C2_2007_an_authority_with_the_session_rule_gives_the_sides_their_own_percentages() -> None:
    out = _artificial("--ns-session", "63", "--ew-session", "32", "--authority", "QBA")
    assert "NS 63 %, EW 32 %" in out and "not applied" not in out


def test_12C2_a_club_is_scored_as_its_calculator_says() -> None:
    from bridge_director.club.scores import authority_profile

    class Event:
        authority = Authority.CLUB

    class Session:
        event = Event()

    class Section:
        session = Session()

    assert authority_profile(Section()) is PROFILES["CLUB"]  # type: ignore[arg-type]
    assert "NS 60 %, EW 40 %" in _artificial("--authority", "club", "--ns-session", "70", "--ew-session", "30")
