"""Law 86 (team play), edition by edition, and the ACBL direction on rulings in team games (April 1992).

What becomes of a board spoiled at one table of a match (``team_board``): with one side responsible the director
rules and the board keeps its deal (played at the other table as dealt, or its result there stands); a new deal
only when both sides or neither are responsible, play here is impossible, and the match result without the board
cannot be known (2017 86A, 2007 and 1997 86C); otherwise an adjusted score.

The clauses differ by edition (``clauses``):

- the IMPs of average plus / minus: 1997 and 2007 Law 86A (±3 IMPs; 2007: the authority may vary them); 2017
  gives the artificial score in Law 12C2 and its IMP equivalent is the authority's (±3 unless it says otherwise);
- non-balancing adjusted scores in a knockout, averaged on the board: 1997 and 2007 86B, 2017 86C;
- a result at the other table of the match: 2007 86D (the director may, and should when it favours the
  non-offenders, adjust in IMPs or total points), 2017 86B1 (clearly favourable to one side: an assigned
  score, weighted if need be); 1997 has no such clause;
- results that cannot be compared (a fouled board played in two forms, Law 87): 2017 86B2 (nobody at fault or
  both: the board is cancelled and artificial scores given; one side at fault: the other gets the better of
  average plus and an assigned score, the offenders the complement); 2007 and 1997: Law 87 and artificial
  scores by fault (2007 12C2, 1997 12C1), 2007 allowing an assigned score under 86D.

>>> team_board(at_fault=Fault.ONE_SIDE, played_elsewhere=False, playable=False).action
'rule'
>>> team_board(at_fault=Fault.NEITHER, played_elsewhere=False, playable=False).action
'redeal'
>>> non_comparable(Share.NONE, Share.DIRECT, imps=3, assigned=7.0).imps
(7.0, -7.0)
>>> knockout_average(3.0, 3.0)
(0.0, 0.0)
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..errors import BridgeError
from ..scoring.adjusted import Fault as Share
from ..table.edition import Edition
from .ruling import RecordedStep


class Fault(StrEnum):
    """Who is responsible for what happened at this table."""

    ONE_SIDE = "one side"
    BOTH = "both sides"
    NEITHER = "neither side"

    @classmethod
    def parse(cls, text: str) -> Fault:
        key = text.strip().lower().replace("-", " ").replace("_", " ")
        table = {"one": cls.ONE_SIDE, "one side": cls.ONE_SIDE, "both": cls.BOTH, "both sides": cls.BOTH,
                 "neither": cls.NEITHER, "neither side": cls.NEITHER, "none": cls.NEITHER}
        if key not in table:
            raise BridgeError(f"who is responsible is one, both or neither, not {text!r}", field="fault", law="86")
        return table[key]


@dataclass(frozen=True, slots=True)
class Law86Clauses:
    """Where an edition puts each rule of team play (None: the edition has no such rule)."""

    edition: Edition
    artificial_imps: str
    knockout: str
    substitute: str
    other_table: str | None
    non_comparable: str
    weighted: str


CLAUSES = {
    Edition.L2017: Law86Clauses(Edition.L2017, "12C2", "86C", "86A", "86B1", "86B2", "12C1c"),
    Edition.L2007: Law86Clauses(Edition.L2007, "86A", "86B", "86C", "86D", "87, 12C2", "12C1c"),
    Edition.L1997: Law86Clauses(Edition.L1997, "86A", "86B", "86C", None, "87, 12C1", "12C3"),
}


def clauses(edition: Edition | str = Edition.L2017) -> Law86Clauses:
    """The edition's clauses of team play."""
    return CLAUSES[Edition.parse(edition)]


@dataclass(frozen=True)
class TeamBoard:
    """The decision: ``action`` is ``rule`` (a ruling at this table, by fault), ``redeal`` (a new deal for this
    board), ``adjust`` (no new deal is allowed: an adjusted score) or ``play`` (play on normally);
    ``other_table`` says what the other table does with the board."""

    action: str
    other_table: str
    step: RecordedStep


def team_board(*, at_fault: Fault, played_elsewhere: bool, playable: bool, edition: Edition | str = Edition.L2017,
               result_known: bool = False) -> TeamBoard:
    """The ruling in a team game when an infraction (or an accident) spoils a board at one table."""
    law = clauses(edition)
    facts = {"at fault": at_fault.value, "played at the other table": "yes" if played_elsewhere else "no",
             "playable here": "yes" if playable else "no", "Laws": str(law.edition)}
    if result_known:
        facts["match result without the board may be known"] = "yes"
    other = "its result stands" if played_elsewhere else "the board is played there as dealt"
    question = "What becomes of the board?"
    elsewhere = ""
    if played_elsewhere and law.other_table is not None:
        elsewhere = (f"; a result was obtained at the other table: where it favours one side (Law {law.other_table})"
                     " the adjusted score is assigned, not artificial")
    if at_fault is Fault.ONE_SIDE:
        answer = ("rule now, or say a ruling will follow after consultation; no reshuffle: the board keeps its deal "
                  f"and {other} (Law 86){elsewhere}")
        return TeamBoard("rule", other, RecordedStep(question, answer, facts))
    if playable:
        answer = f"nobody is prejudiced: the board is played normally and {other}"
        return TeamBoard("play", other, RecordedStep(question, answer, facts))
    if result_known:
        answer = (f"no substitute board: the match result without it may be known to a contestant (Law "
                  f"{law.substitute}); an adjusted score is awarded{elsewhere}")
        return TeamBoard("adjust", other, RecordedStep(question, answer, facts))
    if played_elsewhere and law.edition is Edition.L2017 and at_fault is Fault.BOTH:
        answer = (f"both sides at fault after a result at the other table: no substitute board (Law 86B2(c)); an "
                  f"adjusted score is awarded{elsewhere}")
        return TeamBoard("adjust", other, RecordedStep(question, answer, facts))
    answer = (f"{at_fault.value} at fault and the board cannot be played meaningfully: a redeal (a substitute board,"
              f" Law {law.substitute}) may be ordered so that the match is not shortened")
    return TeamBoard("redeal", "the redealt board is played at both tables", RecordedStep(question, answer, facts))


SIGN = {Share.NONE: 1, Share.PARTLY: 0, Share.DIRECT: -1}
WORD = {Share.NONE: "average plus", Share.PARTLY: "average", Share.DIRECT: "average minus"}


@dataclass(frozen=True, slots=True)
class BoardImps:
    """Each contestant's IMPs on the board (they need not balance), the law and how."""

    imps: tuple[float, float]
    law: str
    steps: tuple[str, ...]


def artificial_imps(first: Share, second: Share, imps: int, edition: Edition | str = Edition.L2017) -> BoardImps:
    """Artificial adjusted scores at IMPs by each contestant's share of the fault: ± the authority's IMPs."""
    law = clauses(edition).artificial_imps
    a, b = SIGN[first] * imps, SIGN[second] * imps
    return BoardImps((float(a), float(b)), law, (f"{WORD[first]} {a:+d} and {WORD[second]} {b:+d} IMPs (Law {law})",))


def non_comparable(first: Share, second: Share, *, imps: int, assigned: float | None = None,
                   edition: Edition | str = Edition.L2017) -> BoardImps:
    """The board when the two tables did not play it in the same form (a fouled board at teams).

    ``first`` and ``second`` are the two contestants' shares of the fault; ``imps`` the authority's IMPs for
    average plus; ``assigned`` the IMPs the first contestant would get from the director's assigned score (None:
    none given)."""
    law = clauses(edition)
    at_fault = [s for s in (first, second) if s is not Share.NONE]
    if law.edition is Edition.L2017:
        if len(at_fault) == 1:
            plus = float(imps)
            innocent_first = first is Share.NONE
            own = assigned if innocent_first or assigned is None else -assigned
            best = plus if own is None else max(plus, own)
            why = (f"average plus +{imps} IMPs" if own is None or plus >= own
                   else f"the assigned score, {own:+g} IMPs, beats average plus +{imps}")
            given = (best, -best) if innocent_first else (-best, best)
            return BoardImps(given, "86B2(b)", (f"one contestant at fault: the other gets {why}; the offenders the "
                                                f"complement (Law 86B2(b))",))
        if assigned is not None:
            clause = "86B2(a)" if not at_fault else "86B2(c)"
            raise BridgeError(f"Law {clause}: with {'neither' if not at_fault else 'both'} contestant(s) at fault the "
                              "board is cancelled and artificial scores given: no assigned score", field="assigned",
                              law=clause)
        given_art = artificial_imps(first, second, imps, edition)
        clause = "86B2(a)" if not at_fault else "86B2(c)"
        return BoardImps(given_art.imps, clause, (f"board cancelled (Law {clause}): " + given_art.steps[0],))
    if assigned is not None:
        if law.other_table is None:
            raise BridgeError("the 1997 Laws have no Law 86D: results not played in the same form get artificial "
                              "scores by fault (Laws 87, 12C1)", field="assigned", law="87")
        return BoardImps((assigned + 0.0, -assigned + 0.0), law.other_table,
                         (f"an assigned score from the result at the other table: {assigned:+g} IMPs (Law "
                          f"{law.other_table})",))
    given_art = artificial_imps(first, second, imps, edition)
    return BoardImps(given_art.imps, law.non_comparable,
                     (f"not played in the same form at both tables, artificial scores by fault (Laws "
                      f"{law.non_comparable}): {given_art.steps[0]}",))


def knockout_average(first: float, second: float) -> tuple[float, float]:
    """Non-balancing scores in a knockout: each contestant's score taken apart, then the average of the two to
    each (1997, 2007 86B; 2017 86C)."""
    mean = (first - second) / 2
    return mean + 0.0, -mean + 0.0


def other_table_note(edition: Edition | str = Edition.L2017) -> str:
    """What the edition says of a result obtained at the other table when this one gets an adjusted score."""
    law = clauses(edition)
    if law.other_table is None:
        return "the result at the other table is not used (1997: artificial score, Law 12C1)"
    if law.edition is Edition.L2017:
        return (f"the result at the other table is not used; if it is clearly favourable to one side, Law "
                f"{law.other_table} asks for an assigned (weighted) score instead")
    return (f"the result at the other table is not used; where it favours the non-offenders Law {law.other_table} "
            "lets the director adjust in IMPs or total points instead")
