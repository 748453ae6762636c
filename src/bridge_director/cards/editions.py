"""Which replacement of a withdrawn call spares the offender's partner, edition by edition, from the card.

* 2017 (27B1(b), 30B1(b), 31A2, 31B, 32): the comparable call of Law 23A (``comparable.decide``).
* 2007 27B1(a): the lowest sufficient bid in the insufficient bid's denomination, both bids incontrovertibly not
  artificial (``cards.artificial``).  27B1(b): a call with the same meaning as the insufficient bid, or a more
  precise one: every hand it shows is one the insufficient bid shows (no 'similar' meaning, no purpose alone; a
  purpose the replacement adds is left to the director).  Otherwise 27B2 (a bid or pass) or 27B3 (a double or
  redouble, cancelled): partner passes throughout.
* 1997 27B1(a): the lowest sufficient bid in the same denomination, neither bid conventional.  A conventional
  insufficient bid or substitute bars partner (27B2), so does any other correction (27B1(b)); a double or
  redouble may not replace the bid (27B).
* 2007 and 1997 Laws 30-32 have no comparable call: what replaces a cancelled call out of rotation does not lift
  partner's bar, except that 31A2(a) bars him once instead of throughout when the offender's bid repeats the
  denomination(s) the cancelled bid specified (29C).
"""

from __future__ import annotations

from ..model import Bid, Call, Double, Redouble
from . import artificial, solver
from . import context as ctx
from .comparable import Verdict, decide, named, spoken
from .model import SystemCard

EDITIONS = ("2017", "2007", "1997")
FREE = "no further rectification"
BARRED = "partner must pass throughout"
ONCE = "partner must pass once"
NOT_APPLICABLE = "does not apply"


def insufficient(withdrawn: Call, replacement_context: str) -> bool:
    """True when ``withdrawn`` does not supersede the last bid of the auction the replacement is made in."""
    last = ctx.last_bid(ctx.of_key(replacement_context))
    return isinstance(withdrawn, Bid) and last is not None and withdrawn.rank <= last.rank


def _b1a(edition: str, card: SystemCard, w_ctx: str, w: Bid, r_ctx: str, r: Call) -> Verdict:
    lowest = ctx.lowest_sufficient(ctx.of_key(r_ctx), w.strain)
    if r != lowest:
        which = spoken(lowest) if lowest is not None else "none"
        return Verdict(False, "27B1(a)", f"{spoken(r)} is not the lowest sufficient bid in the denomination of "
                       f"{spoken(w)} ({which})", None, edition, NOT_APPLICABLE)
    w_n, r_n = artificial.of(edition, card, w_ctx, w), artificial.of(edition, card, r_ctx, r)
    reason = f"{w_n.said(named(w, w_ctx))}; {r_n.said(named(r, r_ctx))}"
    if w_n.artificial or r_n.artificial:
        hand = w_n.hand if w_n.artificial else r_n.hand
        return Verdict(False, "27B1(a)", reason, hand, edition, NOT_APPLICABLE)
    if w_n.artificial is None or r_n.artificial is None:
        return Verdict(None, None, f"27B1(a): {reason}", None, edition)
    return Verdict(True, "27B1(a)", f"{spoken(r)} is the lowest sufficient bid in the same denomination; "
                   f"{reason}", None, edition, FREE)


def law_27b1a_2007(card: SystemCard, w_ctx: str, w: Bid, r_ctx: str, r: Call) -> Verdict:
    """2007 27B1(a): the lowest sufficient bid in the same denomination, both incontrovertibly not artificial."""
    return _b1a("2007", card, w_ctx, w, r_ctx, r)


def law_27b1a_1997(card: SystemCard, w_ctx: str, w: Bid, r_ctx: str, r: Call) -> Verdict:
    """1997 27B1(a): the lowest sufficient bid in the same denomination, neither bid conventional."""
    return _b1a("1997", card, w_ctx, w, r_ctx, r)


def law_27b1a_2017(card: SystemCard, w_ctx: str, w: Bid, r_ctx: str, r: Call) -> Verdict:
    """2017 27B1(a): the lowest sufficient bid that specifies the same denomination(s) as the insufficient bid."""
    ws, w_why = artificial.specified("2017", card, w_ctx, w)
    rs, r_why = artificial.specified("2017", card, r_ctx, r)
    reason = f"{w_why}; {r_why}"
    if ws is None or rs is None:
        return Verdict(None, None, f"27B1(a): {reason}")
    if ws == rs:
        return Verdict(True, "27B1(a)", f"the same denomination(s): {reason}", head=FREE)
    return Verdict(False, "27B1(a)", f"not the same denomination(s): {reason}", head=NOT_APPLICABLE)


def law_27b1b_2007(card: SystemCard, w_ctx: str, w: Call, r_ctx: str, r: Call) -> Verdict:
    """2007 27B1(b): the same meaning as the insufficient bid, or a more precise one fully contained in it."""
    w_name, r_name = named(w, w_ctx), named(r, r_ctx)
    wm, rm = card.meaning(w_ctx, w), card.meaning(r_ctx, r)
    if wm is None or rm is None:
        missing = " and ".join(n for n, m in ((w_name, wm), (r_name, rm)) if m is None)
        return Verdict(None, None, f"27B1(b): the card gives no meaning for {missing}", None, "2007")
    if wm.shows is None or rm.shows is None:
        if wm.shows is None and rm.shows is None and wm.purpose and wm.purpose == rm.purpose:
            return Verdict(True, "27B1(b)", f"{r_name} has the same meaning as {w_name}: both are {wm.purpose} "
                           "and the card says nothing more of either", None, "2007", FREE)
        words = "; ".join(f"{n}: {m.describe()}" for n, m in ((w_name, wm), (r_name, rm)) if m.shows is None)
        return Verdict(None, None, f"27B1(b): the card gives only words for {words}; compare the meanings",
                       None, "2007")
    hand = solver.subset(rm.shows, wm.shows)
    if hand is not None:
        return Verdict(False, "27B1(b)", f"{r_name} ({rm.shows}) allows hands {w_name} ({wm.shows}) does not: its "
                       "meaning is not contained in the insufficient bid's", hand, "2007", NOT_APPLICABLE)
    same = solver.implies(wm.shows, rm.shows)
    what = f"the same meaning as {w_name}: {rm.shows}" if same else \
        f"a more precise meaning: every hand {r_name} shows ({rm.shows}) is one {w_name} shows ({wm.shows})"
    if rm.purpose and rm.purpose != wm.purpose:
        return Verdict(None, None, f"27B1(b): {r_name} has {what}, but it also carries a purpose ({rm.purpose}) "
                       f"that {w_name} does not ({wm.purpose or 'none'}); judge whether its meaning is contained",
                       None, "2007")
    return Verdict(True, "27B1(b)", f"{r_name} has {what}", None, "2007", FREE)


def _barred(edition: str, law: str, found: list[Verdict]) -> Verdict:
    reason = "; ".join(f"{v.law or '27B1'}: {v.reason}" for v in found)
    return Verdict(False, law, reason, next((v.counterexample for v in found if v.counterexample), None),
                   edition, BARRED)


def law_27_2007(card: SystemCard, w_ctx: str, w: Bid, r_ctx: str, r: Call) -> Verdict:
    """2007 Law 27B: 27B1(a), then 27B1(b); otherwise 27B2 (a bid or pass) or 27B3 (a double or redouble)."""
    lowest = r == ctx.lowest_sufficient(ctx.of_key(r_ctx), w.strain)
    found = [law_27b1a_2007(card, w_ctx, w, r_ctx, r)] if lowest else []  # (a) only for that bid
    if found and found[0].comparable:
        return found[0]
    found.append(law_27b1b_2007(card, w_ctx, w, r_ctx, r))
    if found[-1].comparable:
        return found[-1]
    if any(v.comparable is None for v in found):
        return Verdict(None, None, "; ".join(v.reason if v.comparable is None else f"{v.law}: {v.reason}"
                                            for v in found), None, "2007")
    return _barred("2007", "27B3" if isinstance(r, Double | Redouble) else "27B2", found)


def law_27_1997(card: SystemCard, w_ctx: str, w: Bid, r_ctx: str, r: Call) -> Verdict:
    """1997 Law 27B: only 27B1(a) spares partner; a conventional bid (27B2) or any other correction (27B1(b))
    bars him, and a double or redouble may not replace the bid (27B)."""
    if isinstance(r, Double | Redouble):
        return Verdict(False, "27B", f"a {'double' if isinstance(r, Double) else 'redouble'} may not replace an "
                       "insufficient bid: it is cancelled, the offender makes a sufficient bid or passes", None,
                       "1997", BARRED)
    w_n = artificial.of("1997", card, w_ctx, w)
    if w_n.artificial:
        return Verdict(False, "27B2", f"{w_n.said(named(w, w_ctx))}: whatever replaces it, partner is barred",
                       w_n.hand, "1997", BARRED)
    a = law_27b1a_1997(card, w_ctx, w, r_ctx, r)
    if a.comparable is not False:
        return a
    if r == ctx.lowest_sufficient(ctx.of_key(r_ctx), w.strain):  # the substitute is conventional
        return Verdict(False, "27B2", a.reason, a.counterexample, "1997", BARRED)
    note = "" if w_n.artificial is False else f" ({w_n.said(named(w, w_ctx))})"
    return Verdict(False, "27B1(b)", f"{a.reason}: any other sufficient bid or pass bars partner{note}", None,
                   "1997", BARRED)


def law_31a2a(edition: str, card: SystemCard, w_ctx: str, w: Call, r_ctx: str, r: Call) -> Verdict:
    """2007 and 1997 31A2 with 29C: does the offender's bid repeat the denomination(s) the cancelled bid
    specified?  Yes: partner passes once (31A2(a)); no: throughout (31A2(b))."""
    if not (isinstance(w, Bid) and isinstance(r, Bid)):
        return Verdict(False, "31A2(b)", f"only a bid can repeat the denomination of a bid; {spoken(r)} does not",
                       None, edition, BARRED)
    ws, w_why = artificial.specified(edition, card, w_ctx, w)
    rs, r_why = artificial.specified(edition, card, r_ctx, r)
    reason = f"{w_why}; {r_why}"
    if ws is None or rs is None or not ws:
        extra = "" if ws is None or rs is None else " (the cancelled bid specified none)"
        return Verdict(None, None, f"31A2(a), 29C: {reason}{extra}", None, edition)
    if rs == ws:
        return Verdict(True, "31A2(a)", f"it repeats the denomination(s) specified: {reason}", None, edition, ONCE)
    if ws <= rs:
        return Verdict(None, None, f"31A2(a), 29C: it repeats them and names more: {reason}", None, edition)
    return Verdict(False, "31A2(b)", f"it does not repeat the denomination(s) specified: {reason}", None, edition,
                   BARRED)


def out_of_rotation(edition: str, card: SystemCard, w_ctx: str, w: Call, r_ctx: str, r: Call) -> Verdict:
    """2007 and 1997 Laws 30-32: no comparable call; only 31A2 looks at what replaces a cancelled bid."""
    if isinstance(w, Bid):
        v = law_31a2a(edition, card, w_ctx, w, r_ctx, r)
        when = "after the right-hand opponent called over a cancelled bid out of rotation (31A2): "
        return Verdict(v.comparable, v.law, when + v.reason, v.counterexample, edition, v.head)
    return Verdict(False, None, f"in {edition} what replaces a cancelled call out of rotation does not lift "
                   "partner's bar (Laws 30, 31, 32 by position; only 31A2 looks at a bid that replaces a bid)", None,
                   edition, "no comparable call")


def judge(edition: str, card: SystemCard, w_ctx: str, w: Call, r_ctx: str, r: Call) -> Verdict:
    """The test of ``edition`` for the withdrawn call against its replacement (each read in its context): an
    insufficient bid by Law 27, any other call by Laws 30-32."""
    if edition not in EDITIONS:
        from ..errors import ParseError
        raise ParseError(f"not an edition of the Laws: {edition!r} (use 2017, 2007 or 1997)", field="laws")
    if edition == "2017":
        return decide(card, w_ctx, w, r_ctx, r)
    if isinstance(w, Bid) and insufficient(w, r_ctx):
        rule = law_27_2007 if edition == "2007" else law_27_1997
        return rule(card, w_ctx, w, r_ctx, r)
    return out_of_rotation(edition, card, w_ctx, w, r_ctx, r)
