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

_RELATIVE_CACHE = "`_RELATIVE` only remembers renumberings already worked out (a pure function of its key): "
_SAME_COUNT = ("The count is the same for every search that ends within its budget of positions; past it, the worst "
               "line found so far stands either way, and only the number of positions examined differs.")
_LINE_FOUND = ("the fallback after the loop is never taken: every value the search keeps is the tricks won on a card "
               "tried at that position plus the value it keeps for the position after that card (a value is stored "
               "once; one read from `memo` marks the positions above it as cut, so a value kept in `exact` rests "
               "only on values in `exact`), and `line` runs right after the pass, with its width and its memo: a "
               "card that keeps the value is always found")
_WEAKER_CEILING = ("the ceiling only bounds the search: a higher one stops it early less often (when it does not "
                   "exceed the floor) and starts its minimum higher, but at least one card is tried and the "
                   "minimum over them is the same. " + _SAME_COUNT)

_MEMO_HIT = ("not equivalent: a lower cut count at a value read from `memo` can let a position above it be kept in"
             " `exact` though it rests on a value from a narrowed pass (the fault fixed with the line above). Such"
             " a value is never below the exact one; on 30 end positions searched narrowed from the first trick "
             "(12 of them in `test_law70_search_reference.py`), and on 100 more of up to 8 tricks with endplay, "
             "every value kept in `exact` equals a walk of every normal card, with the mutant's reading or without"
             " it. "
             + _SAME_COUNT)
_BUDGET_CUT = ("once the budget is passed, every later position is cut as well and `solve` runs no further pass "
               "(`self.nodes > self.budget`), so the values stay where the pass read them: ")

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
    _P + "claim_lines.xǁ_Searchǁ_all_winners__mutmut_12": (
        "_low(mine) <= _high(theirs)",
        ("The comparison runs only when both masks are non-empty, and then compares a card of the claimer's side"
         " with a card of the opponents; the four hands are disjoint, so the two indexes are never equal and < "
         "and <= agree.")),
    _P + "claim_lines.xǁ_Searchǁfloor__mutmut_49": (
        "hands[(self.claimer - 2) % 4]",
        "(c - 2) % 4 equals (c + 2) % 4 for every integer c."),
    _P + "claim_lines.xǁ_Searchǁleads__mutmut_18": (
        "st.hands[(st.seat - 2) % 4]",
        "(c - 2) % 4 equals (c + 2) % 4 for every integer c."),
    _P + "claim_lines.xǁ_Searchǁnormal__mutmut_46": (
        "if not _beats(hi, top, None):",
        ("hi follows suit, so it is of the suit led; the winning card top is either of the suit led (then _beats"
         " compares ranks and ignores trump) or a trump of another suit that ruffed (then hi's suit, the suit "
         "led, is not trumps and _beats is False with trump or with None).")),
    _P + "claim_lines.xǁ_Searchǁnormal__mutmut_73": (
        "_beats(c, top, None) and (out or",
        ("This line is reached only when hi (of the suit led) beats top, which means top is of the suit led too "
         "(a ruffing trump cannot be beaten by a card of the suit led); every c in follow is then of top's suit,"
         " and _beats compares ranks without looking at trump.")),
    _P + "claim_lines.xǁ_Searchǁpartner_sure__mutmut_3": (
        "return True",
        ("Both callers (normal and stated) return before calling partner_sure when the trick is empty, so the "
         "branch is never taken.")),
    _P + "claim_lines.xǁ_Searchǁpartner_sure__mutmut_14": (
        "(st.seat - 2) % 4",
        "(c - 2) % 4 equals (c + 2) % 4 for every integer c."),
    _P + "claim_lines.xǁ_Searchǁside__mutmut_3": (
        "hands[(self.claimer - 2) % 4]",
        "(c - 2) % 4 equals (c + 2) % 4 for every integer c."),
    _P + "claim_lines.x__relative__mutmut_2": (
        "found = None",
        _RELATIVE_CACHE + "the value is worked out every time instead of read."),
    _P + "claim_lines.x__relative__mutmut_3": (
        "_RELATIVE.get(None)",
        _RELATIVE_CACHE + "no entry has the key None (the keys are pairs), so the value is worked out every time."),
    _P + "claim_lines.x__relative__mutmut_14": (
        "range(13, -1, -1)",
        ("`live` is one suit's 13-bit holding: bit 13 is never set, so the extra first turn of the loop does "
         "nothing.")),
    _P + "claim_lines.x__relative__mutmut_32": (
        "len(_RELATIVE) <= 200_000",
        _RELATIVE_CACHE + "it holds one entry more before it stops growing."),
    _P + "claim_lines.x__relative__mutmut_33": (
        "len(_RELATIVE) < 200001",
        _RELATIVE_CACHE + "it holds one entry more before it stops growing."),
    _P + "claim_lines.x__relative__mutmut_34": (
        "_RELATIVE[key] = None",
        _RELATIVE_CACHE + "an entry of None reads as no entry, so the value is worked out again."),
    _P + "claim_lines.xǁ_Searchǁkey__mutmut_16": (
        "for s in range(5):",
        ("a fifth suit would start at bit 52: no card is there, so the extra turn of the loop finds no live card"
         " and adds nothing.")),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_23": (
        "(after is not None) and False",
        ("`after` is `self.play(st, move)[1]` for the card `move` found, and `play` is a pure function of the "
         "state and the card: playing it again gives the same state.")),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_24": ("(after is not None) or True", _LINE_FOUND),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_25": (
        "after if after is None",
        _LINE_FOUND + " (the card found is played again, to the same state)"),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_26": ("self.play(None, move)", _LINE_FOUND),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_27": ("self.play(st, None)", _LINE_FOUND),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_28": ("self.play(move)", _LINE_FOUND),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_29": ("self.play(st, )", _LINE_FOUND),
    _P + "claim_lines.xǁ_Searchǁline__mutmut_30": ("self.play(st, move)[2]", _LINE_FOUND),
    _P + "claim_lines.xǁ_Searchǁmoves__mutmut_11": (
        "len(cards) < self.width",
        ("with exactly `width` normal cards the mutant sorts those same cards by double-dummy value and counts a"
         " cut: the cards tried are the same, the ceiling it returns (their best double-dummy value) still "
         "bounds every line from here, and the cut only keeps the value out of `exact` and sends the search on "
         "to a wider pass, which finds the same count. ") + _SAME_COUNT),
    _P + "claim_lines.xǁ_Searchǁmoves__mutmut_15": (
        "cards.sort(key=None)",
        ("the narrow passes try other normal cards first, but the widest pass (`WIDTHS` ends at 13) tries every "
         "normal card, and the count kept is the lowest of the passes: ") + _SAME_COUNT),
    _P + "claim_lines.xǁ_Searchǁmoves__mutmut_19": (
        "self.cuts += 2",
        ("`cuts` is only compared with its value before a subtree (`==`) and tested for zero: an increase of 2 "
         "changes neither test.")),
    _P + "claim_lines.xǁ_Searchǁmoves__mutmut_40": ("left + value", _WEAKER_CEILING),
    _P + "claim_lines.xǁ_Searchǁmoves__mutmut_46": ("left + top", _WEAKER_CEILING),
    _P + "claim_lines.xǁ_Searchǁsolve__mutmut_8": (
        "value <= best[0]",
        ("a later pass with the same count replaces the line shown by its own: the award is the same, and the "
         "law leaves open which of two lines of equal count is shown. ") + _SAME_COUNT),
    _P + "claim_lines.x__beats__mutmut_6": (
        "return c >= top",
        ("Every caller compares a card still in the player's hand (or among his best cards) with the top card "
         "already on the trick, so c and top are never the same card and within one suit c >= top is c > top.")),
    _P + "claim_lines.x__low__mutmut_2": (
        "(mask | -mask).bit_length()",
        ("For mask > 0, mask | -mask is minus the lowest set bit (every bit from it upward set, in two's "
         "complement), whose bit_length equals that of mask & -mask; for mask == 0 both are 0.")),
    _P + "claim_lines.x__position__mutmut_16": (
        "break",
        ("Only the trick in progress, the last of play.tricks, can be empty (a Play completes each trick before "
         "the next begins), so breaking there stops the loop where continue would have ended it.")),
    _P + "claim_lines.x_winning__mutmut_5": (
        "for k in range(len(trick))",
        "The extra step k = 0 compares the led card with itself: same suit and not higher, so best stays 0."),
    _P + "claim_lines.x_winning__mutmut_14": (
        "if c >= b",
        "The cards of a trick are distinct cards, so two of the same suit are never equal and c >= b is c > b."),
    _P + "claim_lines.x_worst_line__mutmut_33": (
        "(play.trump is not None) or True",
        ("At notrump Hand.holding(None) keeps the cards whose suit is None, which is none of them, so the "
         "outstanding trumps are () either way.")),
    _P + "claim_lines.x_worst_line__mutmut_39": (
        "solve(start) if (left) or True",
        ("With no trick left the search returns 0 at once (no trick in progress, empty hands), its line is "
         "empty, no node is counted and no cut made, so solve gives (0, []) and complete=True, as the shortcut "
         "does.")),
    _P + "claim_lines.xǁEndplayOracleǁ_run__mutmut_4": (
        "4 if (self.trump < 0) and False",
        ("The only negative trump the search uses is -1 (notrump, set by start_search), and 3 - (-1) is 4, the "
         "DDS notrump code the original gives.")),
    _P + "claim_lines.xǁEndplayOracleǁ_run__mutmut_43": (
        "solutions, 1, fut, None)",
        ("endplay's binding passes the thread index through ctypes without argtypes, where None goes as a null "
         "(0) argument: thread 0, the very call of the original.")),
    _P + "claim_lines.xǁEndplayOracleǁ_solve__mutmut_18": (
        "for r in range(15)",
        ("DDS reports ranks 2..14 and its equals mask uses bits 2..14 only, so bits 0 and 1 of held are never "
         "set and the extra r = 0, 1 add nothing.")),
    _P + "claim_lines.xǁEndplayOracleǁ_solve__mutmut_21": (
        "for r in range(2, 16)",
        ("DDS reports ranks 2..14 and its equals mask uses bits 2..14 only, so bit 15 of held is never set and "
         "the extra r = 15 adds nothing.")),
    _P + "claim_lines.xǁ_Searchǁcounted__mutmut_17": (
        "self.mine((leader - k) % 4)",
        ("mine() only looks at the seat's parity and (leader - k) has the parity of (leader + k), so each card "
         "is still credited to the right side.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_6": (
        "partner = hands[seat], (seat - 2) % 4",
        "(seat - 2) % 4 and (seat + 2) % 4 are the same seat for every seat 0..3."),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_11": (
        "if (self.trump >= 0) or True",
        ("Only at notrump does tmask change (to SUITS[-1]), and there tmask is read only for a DRAW or RUFF "
         "step, which done() marks done at once when the suit mask is 0 (no trump to draw, no hand can ruff), so"
         " such a step is never current.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_14": (
        "if self.trump >= 0 else 1",
        ("Only at notrump does tmask change (to the ♣2 bit), and there tmask is read only for a DRAW or RUFF "
         "step, which done() marks done at once at notrump, so such a step is never current.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_20": (
        "if s.suit is not None else 1",
        ("read_statement gives every step a suit except DRAW; for DRAW the suit mask is read only in "
         "_stated_lead's 'not hand & suit' test, after which no branch matches a DRAW step, so the answer is "
         "None either way.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_33": (
        "k <= len(trick)",
        ("k is partner's place in the trick, (partner - leader) % 4, while len(trick) is the player's own place,"
         " (seat - leader) % 4; partner is never the player, so k == len(trick) never happens.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_89": (
        "hand | tmask",
        ("The ruff branch differs only for a player void in the suit and without trumps who may be the ruffer; "
         "the step was checked at the start of the trick (or of the claim) against this same hand, and done() "
         "then finds no ruff possible (neither he nor partner, who would need him to hold the suit, can ruff), "
         "so the step is not current.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_99": (
        "_beats(c, top, None)",
        ("The cards are trumps and the player is void in the led suit, which is not trumps: if top is a trump "
         "the test is the same; if top is of the led suit every trump beats it, so wins[0] is the lowest trump, "
         "which is also what the mutant's fallback _low(hand & tmask) gives.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_111": (
        "hand | suit",
        ("When the hand holds none of the suit, beating is empty, so neither return is taken and the branch "
         "falls through to None, as when it is skipped.")),
    _P + "claim_lines.xǁ_Searchǁstated__mutmut_119": (
        "_beats(c, top, None)",
        ("The cards compared are of the suit led: if top is of that suit the test is c > top either way; if top "
         "is a trump ruffing the suit led, a card of the suit led beats it under neither.")),
    _P + "law68_71.x_proposal__mutmut_8": (
        '"", True, None)',
        ("For the conceding side's line top_down is read only as a truth value in careless_low, where None acts "
         "as False; the lru_cache key differs but every any_line call passes the same value, so the same Line "
         "comes back.")),
    _P + "claim_text.x_careless_lead__mutmut_27": (
        "c.rank >= winner.rank",
        ("kept is used only when the winner is of the suit led, and a card of that suit with the winner's rank "
         "would be the winner itself, which was played to this trick and is not among the leader's later cards.")),
    _P + "claim_text.x_careless_lead__mutmut_31": (
        "max(kept, key=None)",
        ("Cards order by suit then rank and all cards kept are of the suit led, so the natural maximum is the "
         "highest rank.")),
    _P + "claim_text.x_careless_lead__mutmut_33": (
        "max(kept, )",
        ("Cards order by suit then rank and all cards kept are of the suit led, so the natural maximum is the "
         "highest rank.")),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_14": ("self.cuts = 1  # found with fewer", _MEMO_HIT),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_15": ("self.cuts -= 1  # found with fewer", _MEMO_HIT),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_16": (
        "self.cuts += 2  # found with fewer",
        ("`cuts` is only compared with its value before a subtree (`==`) and tested for zero: an increase of 2 "
         "changes neither test.")),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_31": (
        "if ceiling < floor:",
        ("where the ceiling equals the floor the search goes on instead of stopping, and every line it finds "
         "lies between the two: the minimum is that same number. ") + _SAME_COUNT),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_35": (
        "best = ceiling + 2",
        ("the minimum starts higher, but at least one card is tried and every line is at most the ceiling: the "
         "minimum is the same.")),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_48": (
        "if best < floor:",
        ("the search stops at a line that reaches the floor only one card later or not at all: no line goes "
         "below the floor, so the minimum is the same. ") + _SAME_COUNT),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_50": (
        "self.nodes >= self.budget",
        "the search gives up one position earlier, at the very edge of its budget: " + _SAME_COUNT),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_51": (
        "self.cuts = 1",
        _BUDGET_CUT + ("a count set to 1 is still not zero (`complete` stays False), and where it falls back to "
                       "a subtree's starting count the value goes to `exact` instead of `memo`, which only a later "
                       "pass would read.")),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_52": (
        "self.cuts -= 1",
        _BUDGET_CUT + ("the count stays non-zero (`complete` False) unless the budget's cuts exactly balance the "
                       "width cuts and the memo reads, and a value moved to `exact` is read only by a later pass.")),
    _P + "claim_lines.xǁ_Searchǁworst__mutmut_53": (
        "self.cuts += 2",
        ("`cuts` is only compared with its value before a subtree (`==`) and tested for zero: an increase of 2 "
         "changes neither test.")),
    _P + "claim_lines.xǁ_Searchǁsolve__mutmut_14": (
        "self.nodes >= self.budget",
        "differs only when a pass ends with exactly `budget` positions examined: the original runs one more pass, "
        "cut at its first position beyond the budget, whose count is never lower than a full pass's and is kept "
        "only if lower than the last pass's; `complete` is False either way (the pass that stopped was cut). "
        + _SAME_COUNT),
    _P + "claim_lines.xǁ_Searchǁmoves__mutmut_18": (
        "self.cuts -= 1",
        "not equivalent in principle: a width cut that lowers the count can be balanced by reads from `memo` or "
        "cuts of the budget below the same position, so that a value from a narrowed pass is kept in `exact`, or a "
        "pass ends with a count of zero and the widening stops. On the fixed end positions of "
        "`test_law70_search_reference.py` searched narrowed (`every=0` and `every=1`) every count equals a walk of "
        "every normal card and every value kept as exact equals a full walk, with this mutant as without it: the "
        "balance does not occur there. " + _SAME_COUNT),
}
