"""Equivalent surviving mutants of the laws-play part (claims and play laws) found after the earlier run's list
(``laws.py``): mutant name -> (piece of the mutated line, reason)."""

_P = "bridge_director.laws."
_ONE_SUIT = ("the winners among an opponent's best cards are all of one suit (all of the suit led when he follows, all "
             "trumps when he is void), and within one suit the card's number orders as its rank: ")
_DDS_RANKS = ("DDS reports a card's rank and its equals as bits 2 to 14 of a rank mask (deuce to ace), so "
              "bits 0, 1 and 15 are never set")
_ONE_SUIT_HELD = ("`held` is one hand's cards of one suit and cards order by suit then rank, so the natural order is "
                  "the rank order")

_SEED_COUNT = ("`_card_plan` is used only by `seed_line`, which returns the line's number of tricks: the plan's "
               "statement text is never read on the way")
_CARD_STEP = ("a CARD step is read by its card only: `done`, `stated` and `counted` return for it before they read its "
              "suit (`counted` returns False for every step that is not a ruff, a concession or a finesse)")
_CONCEDED_UNUSED = ("when the worst normal line takes no more than the tricks claimed, `tricks` is `min(line.tricks, "
                    "max(claimed, conceded))` = line.tricks and `award_text` reads `conceded` only when the line takes "
                    "more than claimed: computing it or not changes nothing")
_ANY_LINE = "with `any_line=True`, `proposal` searches the conceder's line with the statement \"\" whatever it is given"
_DEDUP = ("the conceder's leads are added to the claimer's through `dict.fromkeys`, and the low card of a singleton is "
          "its top card, already in the list; a suit held as a run from the deuce is a group of equal cards, whose low "
          "card the search's `distinct` folds into its top")

_CACHE_KEY = ("`_line_cached` is an `lru_cache` keyed by all its arguments, the play among them: the position key only "
              "lets two plays reaching one position share an entry; without it each play has its own entry, and "
              "the line computed is the same")

_STEP_SUIT = ("a step that is neither a card nor a draw always has its suit (`read_statement` gives a ruff, a "
              "concession, a finesse and a cash their suit, a finesse of a card its card's suit): the `else` is never "
              "taken")
_RUFF_DONE = ("`r` is 0 only with North named as the ruffer; then North on lead has South as partner, and the "
              "added case needs South void in the suit, which `done` has already taken as the end of the step "
              "(North ruffs only what South leads)")
_PARTNER = "(c - 2) % 4 equals (c + 2) % 4 for every integer c: partner's seat either way"

EQUIVALENT: dict[str, tuple[str, str]] = {
    _P + "claim_lines.x__preferred__mutmut_15": ("min(winners, key=None)", _ONE_SUIT + "the plain order is the same."),
    _P + "claim_lines.x__preferred__mutmut_17": ("return min(winners, )", _ONE_SUIT + "the plain order is the same."),
    _P + "claim_lines.x__preferred__mutmut_21": ("c // 13 != trump", _ONE_SUIT + "the first key is the same for all."),
    _P + "claim_lines.x__preferred__mutmut_22": ("c / 13, c)", _ONE_SUIT + "c / 13 grows with c as c % 13 does."),
    _P + "claim_lines.xǁEndplayOracleǁreply__mutmut_26": ("for r in range(15):", _DDS_RANKS + "."),
    _P + "claim_lines.xǁEndplayOracleǁreply__mutmut_29": ("for r in range(2, 16):", _DDS_RANKS + "."),
    _P + "claim_lines.xǁ_Searchǁruffer__mutmut_13": (
        "(self.claimer - 2) % 4", "(c - 2) % 4 equals (c + 2) % 4 for every integer c: partner's seat either way"),
    _P + "claim_text.x_lost_tricks__mutmut_14": (
        "c.suit == led.suit), key=None)", "the cards compared are all of the suit led, and cards order by suit then "
        "rank: the natural order is the rank order."),
    _P + "claim_text.x_lost_tricks__mutmut_16": (
        "c.suit == led.suit), )", "the cards compared are all of the suit led, and cards order by suit then rank: "
        "the natural order is the rank order."),
    _P + "claim_text.x__winner_thrown__mutmut_29": (
        "c.rank >= card.rank", "the cards compared are the opponents', of the discarded card's suit: none has its "
        "rank too (that would be the same card), so `>=` and `>` find the same cards"),
    _P + "law68_71.x_proposal__mutmut_3": ("_line_cached(None, play,", _CACHE_KEY),
    _P + "law68_71.x_proposal__mutmut_19": ("_line_cached(None, play,", _CACHE_KEY),
    _P + "law68_71.x_proposal__mutmut_18": (
        '"", True, True)', "a conceder's leads add the lowest card of every side suit whatever the order "
        "(`conceders_leads`), so the careless low lead that `top_down` takes from a claimer's choices is there all "
        "the same: the same cards, the same worst line"),
    _P + "claim_lines.xǁ_Searchǁdone__mutmut_10": (
        "if self.trump >= 0 else 1", "at notrump `t` becomes the mask of the ♣2 alone, and a draw is not done only "
        "if both sides hold the ♣2, which one card cannot be: done at once either way"),
    _P + "claim_lines.xǁ_Searchǁdone__mutmut_27": ("(s.suit is not None) or True", _STEP_SUIT),
    _P + "claim_lines.xǁ_Searchǁdone__mutmut_30": ("if s.suit is not None else 1", _STEP_SUIT),
    _P + "claim_lines.xǁ_Searchǁdone__mutmut_49": ("(self.claimer - 2) % 4]", _PARTNER),
    _P + "claim_lines.xǁ_Searchǁdone__mutmut_58": ("hands[(x - 2) % 4] & suit", _PARTNER),
    _P + "claim_lines.xǁ_Searchǁ_stated_lead__mutmut_39": (
        "if s.card is not None else -2", "`target` is only compared with 0 (`>= 0`, `< 0`): -2 and -1 answer alike"),
    _P + "claim_lines.xǁ_Searchǁ_stated_lead__mutmut_51": (
        "hands[partner] | suit and", "with partner void in the suit `_high` of nothing is -1, below any card of the "
        "hand (which holds the suit: checked before), so the finesse is refused either way"),
    _P + "claim_lines.xǁ_Searchǁ_stated_lead__mutmut_54": (
        "_high(hands[partner] & suit) >= _high(hand & suit)", "two hands never hold the same card, so partner's top "
        "card of the suit and the hand's are never equal: `>=` and `>` answer alike"),
    _P + "claim_lines.xǁ_Searchǁ_stated_lead__mutmut_25": ("(r <= 0 and not hands[partner]", _RUFF_DONE),
    _P + "claim_lines.xǁ_Searchǁ_stated_lead__mutmut_26": ("(r < 1 and not hands[partner]", _RUFF_DONE),
    _P + "claim_lines.xǁ_Searchǁ_stated_lead__mutmut_29": (
        "hands[partner] | tmask)", "partner void in the suit without a trump leaves no one on the side able to ruff "
        "it (the hand on lead would ruff partner's lead, which partner cannot make): `done` has ended the step "
        "before a lead is asked of it"),
    _P + "claim_lines.xǁPythonOracleǁ_value__mutmut_10": (
        "best = -2", "a position with cards left always has a legal card, whose value (0 or more) replaces the "
        "starting value: -1 and -2 are never returned"),
    _P + "claim_lines.xǁPythonOracleǁ_after__mutmut_22": (
        "(leader - len(t)) % 4", "only the parity of the next seat is read, and leader + k and leader - k have the "
        "same parity"),
    _P + "claim_lines.xǁPythonOracleǁ_after__mutmut_31": (
        "(nxt % 2 == seat % 2) and False", "in a trick not yet complete the next to play is the left-hand opponent "
        "of the player who just played, of the other side: the condition is never true"),
    _P + "claim_text.x__read_segment__mutmut_11": (
        "suit = _suit(m.group(3), None)", "a ruff \"of a trump\" is no ruff either way: read with the trump suit it "
        "is the trump suit, read without it is no suit, and both are passed over"),
    _P + "claim_lines.x_careless_leads__mutmut_12": ("min(held, key=None)", _ONE_SUIT_HELD + "."),
    _P + "claim_lines.x_careless_leads__mutmut_14": ("min(held, )", _ONE_SUIT_HELD + "."),
    _P + "claim_lines.x_careless_leads__mutmut_17": ("max(held, key=None)", _ONE_SUIT_HELD + "."),
    _P + "claim_lines.x_careless_leads__mutmut_19": ("max(held, )", _ONE_SUIT_HELD + "."),
    _P + "claim_lines.x_careless_leads__mutmut_24": (
        "c.rank >= low.rank", "the outstanding cards are the opponents': none has the suit and rank of the claimer's "
        "low card, so `>=` and `>` pick the same cards"),
    _P + "law68_71.x__card_plan__mutmut_1": ("return Plan(None,", _SEED_COUNT + "."),
    _P + "law68_71.x__card_plan__mutmut_8": ('"XX, XX".join', _SEED_COUNT + "."),
    _P + "law68_71.x__card_plan__mutmut_11": ("Step(Action.CARD, None, c)", _CARD_STEP + "."),
    _P + "law68_71.x__proposed__mutmut_10": ("(line.tricks > stage.tricks) or True", _CONCEDED_UNUSED + "."),
    _P + "law68_71.x__proposed__mutmut_21": ("line.tricks >= stage.tricks", _CONCEDED_UNUSED + "."),
    _P + "law68_71.x__proposed__mutmut_13": ('proposal(play, stage.offender, None, any_line=True)', _ANY_LINE + "."),
    _P + "law68_71.x__proposed__mutmut_19": ('proposal(play, stage.offender, "XXXX", any_line=True)', _ANY_LINE + "."),
    _P + "law68_71.x__rescore__mutmut_23": (
        "s = state.but(period=", "`record`, called right after on the same state, sets `pending=None` itself"),
    _P + "law68_71.x__order_within_suits__mutmut_8": (
        "if c[1].suit not in stated", "`careless_leads` gives the low card and the top card of one suit: c[0].suit and "
        "c[1].suit are the same"),
    _P + "claim_lines.xǁ_Searchǁconceders_leads__mutmut_10": ("holding | (holding - 1)", _DEDUP + "."),
    _P + "claim_lines.xǁ_Searchǁconceders_leads__mutmut_11": ("holding & (holding + 1)", _DEDUP + "."),
    _P + "claim_lines.xǁ_Searchǁconceders_leads__mutmut_12": (
        "holding & (holding - 2)", _DEDUP + " (with two cards or more the top one survives `- 2`: the test is true)."),
    _P + "claim_text.x__listing__mutmut_1": ("most: int = 6", "the only caller passes `most` (6): the default is not "
                                             "used"),
}
