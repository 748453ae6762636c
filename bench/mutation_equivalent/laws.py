"""Equivalent surviving mutants of the laws and table part(s): mutant name -> (piece of the mutated line, reason)."""

_P = "bridge_director.laws."
_HOOK_ORDER = ("the order is read for detectors only: hooks run in the order of `laws.MODULES` and of their "
               "declaration, whatever order they declare.")

_DUMMY_TURN = ("`interpret` and its callers run only at dummy's turn (Law 46's detector refuses a designation at any "
               "other time), so `legal_cards()` of the player to play is dummy's")
_DUMMY_HOLDS_LED = ("when dummy holds the suit led every legal card is of that suit, and when it is void none is: the "
                    "list is the legal cards either way, and on a lead (no suit led) the clause is 46B5 before `pool` "
                    "is used")
_WINNERS_ONE_SUIT = ("the cards that win are all of the suit led (dummy follows) or all trumps (dummy is void): the "
                     "suit part of the key is the same for all of them and cards of one suit order by rank")
_DUMMY_LEADS = ("dummy is on lead only after winning the preceding trick (Law 44G: the winner leads) and never "
                "leads trick 1 (a defender makes the opening lead), so the extra cases never arise")
_LOWER = ("declarer's words are lower-cased before they are read, so an upper-case 'X' added to the set of "
          "characters never matches")
_DISTINCT = "no two cards are equal: a card of the same suit and rank as the other card is the card itself"
_TWO_MAJOR = ("`add_penalty` makes every penalty card of a defender major as soon as he has two (Law 50B), so two "
              "cards end up major whatever this test says")
_SEAT_ORDER = "`Seat` is an `IntEnum`: sorted without a key is sorted by the same integer"
_BEFORE_PARTNER = ("partner sits two places from the offender, so their places in the trick differ by 2: a "
                   "comparison shifted by one place (`%5`, `<=`) or a test of the second seat instead of the leader "
                   "(the leader and the second player are both before partner by the other test) never changes")
_REVOKE_FIRST = ("a card of another suit than the one led, played while holding that suit, is a revoke and "
                 "`required_penalty` has already returned None for it; every other card this test sees is of the "
                 "suit led or played by a player void in it, and for those the parenthesis is true either way")
_ENDPLAY = "endplay reads a PBN deal's first seat in either case and a suit's ranks in any order"
_GUARD = ("`_partner_sure` is called only by `_normal` for a follow, when the trick has cards and is not complete, "
          "so this guard is never taken")
_ANSWER = ("the only event with a `question` is `Judgement`, which always has an `answer`: `getattr`'s default is "
           "never used")

_HOOK_EDITION = ("the only hook run after a call (Laws 29-32's watch) takes the edition from the watch it set, never "
                 "from this argument")
_FORCED = ("this refusal is reached only for a forced correction (27B3 or after 27B4), whose ruling is built "
           "without reading the state")
_ROTATION = ("calls are made in rotation: the call just before a player's is his right-hand opponent's and the one "
             "just after is his left-hand opponent's, never his partner's")
_POSITION = ("the callers compare the position only with 'rho' and 'lho-change': a call at partner's turn and one at "
             "the left-hand opponent's turn before the offender called are ruled alike")
_OLD_ONLY = "this branch runs only for the 1997 and 2007 Laws, for which None gives the same law and words"

_NEVER_EMPTY = ("a correction follows an insufficient bid, which needs a bid before it, so the auction at the "
                "offender's turn is never empty and the fallback after `or` is never used")
_OFFENDER_LAST = ("a 23A or 29C check is set by Laws 29-32's watch right after the offender's call is recorded, so the "
                  "auction's last call is always the offender's and `before` is always the calls before it")

_LAWS_SET = ("every regulation's finding (EBU, ACBL, the Laws alone) names its laws, so the fallback after `or` is "
             "never used")

_ONE_OPPONENT = ("an opponent may change his call under 21B1(a) only while his partner has not called since, so at "
                 "most one opponent is ever named and the separator is never used")
_SCORE_KEY = ("the last step's question is made with the key 'score' itself; this value only has to differ from the "
              "others")
_SUGGESTS_FIRST = ("the 'suggests' step is always answered, and never blank, before the alternatives are read, so the "
                   "fallback after `or` is never used")
_LAW_PREFIX = ("every record's law starts with its number (16B, 16A, 21B, 21B1(a)); a parenthesis comes only after "
               "the prefix tested, so removing or replacing it never changes `startswith`")
_STEP_KEYS = ("a Law 16B/16A or 21B record holds only the answers of its review's questions (ui, suggests, "
              "alternatives, damage, score; agreement, damage, score), each a key of the edition's table: the "
              "default for an unknown key is never used")
_RED_SCORE_PENALTY = ("`red_board_score` replaces the score's procedural penalty with its own (`replace(score, "
                      "penalty=pp)`) and the offenders' net score is computed from that penalty: what "
                      "`red_psyche_score` is told of the penalty or of a VP event decides only the penalty it "
                      "makes, which is thrown away")
_NONE_SUGGESTED = ("a set holding only the word 'none' never holds a call or 'the play in question', so it suggests "
                   "nothing exactly as the empty set does")

EQUIVALENT: dict[str, tuple[str, str]] = {
    # ----- laws-play ----------------------------------------------------------------------------------------------
    _P + "law42_47.x__substitutes__mutmut_4": (
        "r.seat == stage.offender or r.card == stage.card",
        "the revoke to substitute for is declarer's latest one not corrected nor established, and declarer cannot "
        "revoke again before it is established (he plays one card a trick); no other seat's revoke has the same "
        "card: the first record found is the same"),
    _P + "law46.x__legal__mutmut_2": ("play.legal_cards(None)", _DUMMY_TURN + "."),
    _P + "law46.x_interpret__mutmut_36": ("led is None and c.suit == led", _DUMMY_HOLDS_LED + "."),
    _P + "law46.x_interpret__mutmut_37": ("led is not None or c.suit == led", _DUMMY_HOLDS_LED + "."),
    _P + "law46.x_interpret__mutmut_38": ("led is None or c.suit != led", _DUMMY_HOLDS_LED + "."),
    _P + "law46.x_interpret__mutmut_74": ("min(winners, key=None)", _WINNERS_ONE_SUIT + "."),
    _P + "law46.x_interpret__mutmut_76": ("min(winners, )", _WINNERS_ONE_SUIT + "."),
    _P + "law46.x_interpret__mutmut_78": ("c.suit == led, c.rank", _WINNERS_ONE_SUIT + "."),
    _P + "law46.x_interpret__mutmut_100": ("if led is None or len(play.completed_tricks) > 0", _DUMMY_LEADS + "."),
    _P + "law46.x_interpret__mutmut_102": ("len(play.completed_tricks) >= 0", _DUMMY_LEADS + "."),
    _P + "law46.x_parse__mutmut_14": ("raw.strip(\"XX.!?", _LOWER + "."),
    _P + "law46.x_parse__mutmut_22": ("\"XXshdc", _LOWER + "."),
    _P + "law48_50.x__choose_50d__mutmut_29": (
        "\"CDHS\".rindex(letter)", "each letter appears once in \"CDHS\": `rindex` finds the same place as `index`."),
    _P + "law48_50.x_check_lead__mutmut_1": (
        "state.play is None and state.play.finished",
        "`check_lead` runs after a trick that is not the last (the play's end is handled before the after-trick "
        "hooks) or after a card is exposed or played together with others, always with the play started and cards "
        "still in hand: the play is never None nor finished here."),
    _P + "law48_50.x_expose__mutmut_13": (
        "len(cards) > 2",
        "`expose` gets two or more cards only from the exposure detector, which passes `major=True` (a single spot "
        "card is judged first): `len(cards) > 1` never decides; " + _TWO_MAJOR + "."),
    _P + "law51_52.x__choices_52__mutmut_10": (
        "len(cards) >= 1",
        "with exactly one legal penalty card other than the card played, that card is the one `required_penalty` "
        "found (the first legal major penalty card), so the tuple is the same as `(stage.penalty,)`."),
    _P + "law51_52.x_required_penalty__mutmut_36": ("(led is not None or p.card.suit == led", _REVOKE_FIRST + "."),
    _P + "law51_52.x_required_penalty__mutmut_39": ("not play.hands[seat].has_suit(None)", _REVOKE_FIRST + "."),
    _P + "law58.x__others_consequence__mutmut_107": ("key=None)", _SEAT_ORDER + "."),
    _P + "law58.x__others_consequence__mutmut_109": ("if st.side != o.side}, )", _SEAT_ORDER + "."),
    _P + "law58.x__penalties__mutmut_19": ("len(others) > 2", _TWO_MAJOR + "."),
    _P + "law61_64.x__consistent__mutmut_3": (
        "return True",
        "the corrected sequence keeps every card's seat and order, so each rebuilt trick's seats are in rotation "
        "from its first card and the seat lists are always equal: this return is never reached."),
    _P + "law61_64.x_correct_trick_12__mutmut_3": (
        "!= 13 and play.claim is not None",
        "the play ends after thirteen tricks with no claim or by a claim before thirteen (a claim after the last "
        "trick is refused), so the two tests are both true or both false."),
    _P + "law61_64.x_correct_trick_12__mutmut_90": ("t12.seat_of(1) == o", _BEFORE_PARTNER + "."),
    _P + "law61_64.x_correct_trick_12__mutmut_94": ("(o - t12.leader) % 5", _BEFORE_PARTNER + "."),
    _P + "law61_64.x_correct_trick_12__mutmut_95": ("% 4 <= (partner", _BEFORE_PARTNER + "."),
    _P + "law61_64.x_correct_trick_12__mutmut_98": ("(partner - t12.leader) % 5", _BEFORE_PARTNER + "."),
    _P + "law68_71.x__beats__mutmut_2": ("card.rank >= top.rank", _DISTINCT + "."),
    _P + "law68_71.x__master__mutmut_5": ("c.rank >= card.rank", _DISTINCT + " (the claimer's card is not in an "
                                          "opponent's hand)."),
    _P + "law68_71.x__normal__mutmut_36": (
        "(trump is not None) or True",
        "at notrump `hand.holding(None)` holds no card, so the list is empty as before."),
    _P + "law68_71.x__partner_sure__mutmut_2": ("trick.complete and not trick.cards", _GUARD + "."),
    _P + "law68_71.x__partner_sure__mutmut_4": ("return True", _GUARD + "."),
    _P + "law68_71.x__wins__mutmut_2": (
        "Trick(None,", "`Trick.winning_index` uses only the cards and the trump suit, never the leader."),
    _P + "law68_71.x_double_dummy__mutmut_10": (
        "trick.cards or not trick.complete",
        "a complete trick is then given back to the hands and replayed from its leader: endplay reaches the same "
        "position with its winner to lead, and an empty new trick adds and replays nothing."),
    _P + "law68_71.x_double_dummy__mutmut_23": ("pbn = \"n:\"", _ENDPLAY + "."),
    _P + "law68_71.x_double_dummy__mutmut_33": ("holding(suit), ))", _ENDPLAY + "."),
    _P + "law68_71.x_double_dummy__mutmut_35": ("reverse=False", _ENDPLAY + "."),
    # ----- laws-auction ------------------------------------------------------------------------------------------
    _P + "law17.x__go_on__mutmut_5": (
        "state.calls[:stage.index], )",
        "the ruling left pending is cleared by `record` two lines on, and nothing in between reads it."),
    _P + "law17.x__go_on__mutmut_54": ("legal_call(s, o, call, None)", _HOOK_EDITION + "."),
    _P + "law17.x__go_on__mutmut_74": (
        "clause(None, \"2\")", "the bar is set only under the 1997 and 2007 Laws, for which `clause` gives 17D2 "
        "with None too."),
    _P + "law20.x__first_turn_to_play__mutmut_3": (
        "return False", "`_wrong_time` asks only once the play has begun (`started` needs `state.play`), so the play "
        "is never None here."),
    _P + "law20.x_may_change__mutmut_9": ("idx[-1] - 1:", _ROTATION + "."),
    _P + "law20.x_may_change__mutmut_12": ("idx[-1] + 2:", _ROTATION + "."),
    _P + "law25.x__rebuild__mutmut_21": (
        "state.calls[:index], ))",
        "every caller passes a state whose ruling is already resolved (`record` cleared it, or `pending=None`)."),
    _P + "law25.x__rebuild__mutmut_33": (
        "CallMade(ac.seat, ac.call, None)",
        "the call made again is the left-hand opponent's one call over the changed call (a change is refused once "
        "more has been called), found admissible and made in rotation: no law rules on it, so its edition is never "
        "read."),
    _P + "law25.x__rebuild__mutmut_36": (
        "CallMade(ac.seat, ac.call, )",
        "the call made again is the left-hand opponent's one call over the changed call (a change is refused once "
        "more has been called), found admissible and made in rotation: no law rules on it, so its edition is never "
        "read."),
    _P + "law25.x__substitute__mutmut_19": (
        "keep_after=None)", "`_rebuild` tests `keep_after` only for truth: None keeps no later call, as False does."),
    _P + "law25.x__substitute__mutmut_26": (
        "keep_after=True)", "this line is reached only when the left-hand opponent has not called over the changed "
        "call, so it is the last call and there is no later call to keep."),
    _P + "law25.x_reopen__mutmut_3": (
        "base.play is not None or base.previous is not None",
        "every state before the play began has no penalty card and the empty play period (the play is what adds "
        "them), so going back further restores the same values."),
    _P + "law26.x_parse__mutmut_20": ("LETTERS.rindex(c)", "each letter appears once in \"CDHS\"."),
    _P + "law26.x_parse__mutmut_29": ("LETTERS.rindex(c.upper())", "each letter appears once in \"CDHS\"."),
    _P + "law27.x__accept__mutmut_32": ("legal_call(s, o, stage.bid, None)", _HOOK_EDITION + "."),
    _P + "law27.x__b2__mutmut_21": ("legal_call(s, o, call, None)", _HOOK_EDITION + "."),
    _P + "law27.x_correct__mutmut_11": ("_describe_correction(stage, None), f\"another insufficient", _FORCED + "."),
    _P + "law27.x_correct__mutmut_43": ("_describe_correction(stage, None), f\"a {say(call)}", _FORCED + "."),
    _P + "law27.x_corrections__mutmut_43": (
        "if (lowest) or True else", "this text is built only when a lowest sufficient bid exists."),
    _P + "law27.x_corrections__mutmut_44": (
        "if lowest else 'XXXX'", "this text is built only when a lowest sufficient bid exists."),
    _P + "law29_32.x__accept__mutmut_34": ("legal_call(s, stage.offender, stage.call, None)", _HOOK_EDITION + "."),
    _P + "law29_32.x_cancel__mutmut_128": ("adjust_law(None)", _OLD_ONLY + "."),
    _P + "law29_32.x_position__mutmut_5": ("return \"XXpartnerXX\"", _POSITION + "."),
    _P + "law29_32.x_position__mutmut_6": ("return \"PARTNER\"", _POSITION + "."),
    _P + "law29_32.x_position__mutmut_12": ("\"XXlho-firstXX\"", _POSITION + "."),
    _P + "law29_32.x_position__mutmut_13": ("\"LHO-FIRST\"", _POSITION + "."),
    _P + "card_advice.x_candidates__mutmut_1": (
        'edition: str = "XX2017XX"', "`candidates` is called only by `note`, which always passes the edition: the "
        "default is never used."),
    _P + "card_advice.x_candidates__mutmut_57": ("'XXno bidXX'", _NEVER_EMPTY + "."),
    _P + "card_advice.x_candidates__mutmut_58": ("'NO BID'", _NEVER_EMPTY + "."),
    _P + "card_advice.x_note__mutmut_60": (
        'return "XXXX"', "every question a correction's judgement asks (`law27.QUESTIONS`) has its reader in "
        "`_judgement`, and each reader returns a verdict: `verdict` is never None."),
    _P + "card_advice.x_note__mutmut_122": ("or True else state.calls", _OFFENDER_LAST + "."),
    _P + "card_advice.x_note__mutmut_125": ("if state.calls or state.calls[-1].seat == o", _OFFENDER_LAST + "."),
    _P + "card_advice.x_note__mutmut_203": (
        'return "XXXX"', "`note` is called only for the stages it reads (a correction the offender may choose, the "
        "27B1 questions, 30C, 31A2 with 23A or 29C): its last line is never reached."),
    # ----- laws-judgement -----------------------------------------------------------------------------------------
    _P + "law40_review.x__finish__mutmut_35": ('finding.laws or "XX40C, 12C2XX"', _LAWS_SET + "."),
    _P + "law40_review.x__finish__mutmut_36": ('finding.laws or "40c, 12c2"', _LAWS_SET + "."),
    _P + "law40_review.x__finish__mutmut_52": ('finding.laws or "XX40XX"', _LAWS_SET + "."),
    _P + "law40_review.x__finish__mutmut_72": ("finding.laws or psyche_law(None)", _LAWS_SET + "."),
    _P + "law40_review.x_authority_of__mutmut_2": (
        "if (state.authority) or True", "an empty authority is not an `Authority` value: the ValueError it raises is "
        "caught and gives the club, the same as the branch it replaces."),
    _P + "law40_review.x_findings__mutmut_11": (
        "PsycheReview(None, r.edition", "the finding reads the seat from the auction's call, never the review's "
        "offender."),
    _P + "law85_facts.x_disputed_call__mutmut_50": (
        "support = 1 - sum(", "with two players against the speaker the third agrees (2 against 0) or abstains (1 "
        "against 1): 1 - sum and 1 + sum fall on the same branch in both cases."),
    _P + "law21_misinformation.x__in_auction_period__mutmut_11": ('"XX, XX".join', _ONE_OPPONENT + "."),
    _P + "law21_misinformation.x__key__mutmut_15": ('else "XXscoreXX"', _SCORE_KEY + "."),
    _P + "law21_misinformation.x__key__mutmut_16": ('else "SCORE"', _SCORE_KEY + "."),
    _P + "law21_misinformation.x__question__mutmut_3": ("_key(stage, None)", "`_key` does not read the state."),
    _P + "law16_ui.x__alternatives__mutmut_20": ('("XXXX", "none")', "an empty finding has no actions either: "
                                                 "`actions('')` is empty, so the same empty tuple comes back."),
    _P + "law16_ui.x__step__mutmut_49": ('or "XXnoneXX"', _SUGGESTS_FIRST + "."),
    _P + "law16_ui.x__step__mutmut_50": ('or "NONE"', _SUGGESTS_FIRST + "."),
    _P + "law16_ui.x__suggested__mutmut_3": ('low == "XXnoneXX"', _NONE_SUGGESTED + "."),
    _P + "law16_ui.x__suggested__mutmut_4": ('low == "NONE"', _NONE_SUGGESTED + "."),
    _P + "adjustment.x__line__mutmut_76": (
        "ScoreLine(words[0].upper(), side=side)", "an artificial score is A+, A or A- for each side, never weighted: "
        "its text and its decision data never read the weight of its lines, and a serious-error score refuses an "
        "artificial line whatever its weight."),
    _P + "adjustment.x_parse_score__mutmut_119": (
        "abs(total - 100) >= 1e-6", "the total of the weights is a float near 100, between 64 and 128, where floats "
        "are whole multiples of 2**-46, so `total - 100` is one too; 1e-6 is not, so the difference is never exactly "
        "1e-6 and `>` and `>=` refuse the same scores."),
    _P + "matters.x__reviewed__mutmut_9": ('replace("XX(XX", "")', _LAW_PREFIX + "."),
    _P + "matters.x__reviewed__mutmut_10": ('replace("(", "XXXX")', _LAW_PREFIX + "."),
    _P + "matters.x_board_over__mutmut_7": (
        "state.play.finished and state.period.ended", "the play period is marked ended only by `finish`, which every "
        "caller runs as soon as the play is finished (the thirteenth trick, or a claim agreed or ruled), and a "
        "finished play is always finished: the two are true together."),
    _P + "written.x__review_laws__mutmut_25": ("table.get(key, None)", _STEP_KEYS + "."),
    _P + "written.x__review_laws__mutmut_27": ("table.get(key, )", _STEP_KEYS + "."),
    _P + "written.x__review_laws__mutmut_28": ('table.get(key, "XXXX")', _STEP_KEYS + "."),
    # ----- laws-teams ---------------------------------------------------------------------------------------------
    _P + "law86_teams.x_non_comparable__mutmut_82": (
        "artificial_imps(first, second, imps, )", "this branch runs only under the 2017 Laws, the default edition "
        "of `artificial_imps`: the clause and the IMPs are the same."),
    # ----- laws-script --------------------------------------------------------------------------------------------
    _P + "script.x__clauses__mutmut_35": (
        '(" ", "XXXX")', "the empty string only makes a full stop at the very end of the text end a clause: with it "
        "the last clause loses its final '.', without it keeps it, and `_shorten` strips a final '.' from every "
        "clause; `_first_clause` uses only the number of clauses and the first one, whose end is a ';' or '. '."),
    _P + "script.x_compress__mutmut_2": ("lead = None", "`lead` is only tested for truth: None and False are alike."),
    _P + "script.x_compress__mutmut_24": (
        'words("XX; XX".join(kept))', "the separator 'XX; XX' holds one space as '; ' does: the clauses joined "
        "count the same number of words."),
    _P + "script.x__first_sentence__mutmut_5": (
        'text.split("\\n", )[0]', "the first piece of a split is the same whatever the number of splits."),
    _P + "script.x__first_sentence__mutmut_8": (
        'text.split("\\n", 2)[0]', "the first piece of a split is the same whatever the number of splits."),
    _P + "script.x_who_chooses__mutmut_15": (
        "(ruling.options) or True", "the chooser found is used only when the ruling has options (the next test), and "
        "then the two branches give the same seat."),
    _P + "script.x_answer_text__mutmut_7": (
        '"XXSHDCXX"', "a two- or three-letter answer starting with X is no card: `Card.parse` refuses it and the "
        "answer comes back as it is, as when it is not tried."),
    # ----- laws-psyches -------------------------------------------------------------------------------------------
    _P + "psyche_ebu.x_red_board_score__mutmut_27": ("vp_event=None,", _RED_SCORE_PENALTY + "."),
    _P + "psyche_ebu.x_red_board_score__mutmut_28": ("penalty=None)", _RED_SCORE_PENALTY + "."),
    _P + "psyche_ebu.x_red_board_score__mutmut_31": (
        "red_psyche_score(opponents_result, unit, vp_event=vp_event,", "the authority left out is the default, "
        "`PROFILES['EBU']`, the one given."),
    _P + "psyche_ebu.x_red_board_score__mutmut_32": ("penalty=None if pp is None else pp.amount)",
                                                     _RED_SCORE_PENALTY + "."),
    _P + "psyche_ebu.x_red_board_score__mutmut_33": (")", _RED_SCORE_PENALTY + "."),
    _P + "psyche_ebu.x_red_board_score__mutmut_37": ("(pp is None) or True", _RED_SCORE_PENALTY + "."),
    _P + "psyche_ebu.x_red_line__mutmut_8": (
        "red_board_score(departure, opponents_percent, penalty=penalty)", "the unit left out is the default, "
        "`Unit.PERCENT`, the one given."),
    _P + "psyche_ebu.x_red_penalty__mutmut_45": (
        '(EBU 6 D 3)", )', "the law left out is `ProceduralPenalty`'s default, '90', the one given."),
    _P + "psyche_card.x__fielding__mutmut_6": (
        "(deal is not None) or True", "`advise` reads partner's calls only once the reported hand is known, that is "
        "with a deal: the deal is never None here."),
    _P + "psyche_card.x__fielding__mutmut_18": (
        "range(index + 2, len(calls))", "the call after the reported one is the left-hand opponent's, never "
        "partner's: skipping it changes nothing."),
    _P + "psyche_card.x__measure__mutmut_19": (
        "(suit is not None) or True", "with no suit to measure there is no agreed length (`least` is None), so the "
        "length read (an empty holding, 0 cards) is never compared: `departure_of` measures strength only."),
    _P + "psyche_card.x_advise__mutmut_37": (
        ")", "with no meaning on the card `_regulation` answers nothing: the answers left out are `CardAdvice`'s "
        "default, the same empty tuple."),
    # ----- laws-common --------------------------------------------------------------------------------------------
    _P + "common.x_say__mutmut_7": (
        "return str(None)", "every call is a Bid, Pass, Double or Redouble, each handled above: this line is never "
        "reached."),
    "bridge_director.table.registry.x_what__mutmut_34": ("getattr(event, 'answer', None)", _ANSWER + "."),
    "bridge_director.table.registry.x_what__mutmut_37": ("getattr(event, 'answer', )", _ANSWER + "."),
    "bridge_director.table.registry.x_what__mutmut_40": ("getattr(event, 'answer', 'XXXX')", _ANSWER + "."),
    "bridge_director.table.registry.x_after_call__mutmut_2": ('_declare("after_call", None, None, f)', _HOOK_ORDER),
    "bridge_director.table.registry.x_after_call__mutmut_10": ('_declare("after_call", None, 1, f)', _HOOK_ORDER),
    "bridge_director.table.registry.x_after_event__mutmut_2": ('_declare("after_event", None, None, f)', _HOOK_ORDER),
    "bridge_director.table.registry.x_after_event__mutmut_10": ('_declare("after_event", None, 1, f)', _HOOK_ORDER),
    "bridge_director.table.registry.x_install__mutmut_6": (
        'kind == "detector" or event_type is not None', "only `detector` declares an event type and it always "
        "does; a hook's is None: `and` and `or` pick the same declarations."),
}
