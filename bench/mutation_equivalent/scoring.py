"""Equivalent surviving mutants of the scoring and model part(s): mutant name -> (piece of the mutated line, reason)."""

_ZIP_STRICT = ("`_imp_sums` returns one sum per distinct value, so the two sequences zipped always have the "
               "same length and `strict=True` never fires: without it (or with `strict=False`/`None`) the dict is "
               "the same.")
_MARGIN_ZERO = ("at a margin of 0 both teams get `scale[0]` = 10.0, so which of the two equal values comes first "
                "does not matter; margins are whole IMPs, so `> 0` and `>= 1` pick the same pairs as `>= 0` "
                "everywhere else.")
_IMP_ZERO = ("`> 0` and `>= 1` pick the other sign than `>= 0` only for a difference from 0 up to (not "
             "including) 1, where the band is 0 (the first bound is 20 points), and `-0 == 0`.")
_TEAMS_ZIP = ("one IMP figure is worked out per result and `shared_places` gives one place per team, so the two "
              "sequences zipped always have the same length and `strict=True` never fires.")
# io/travellers.py, io/score_csv.py, scoring/outcomes.py (the part scoring-travellers)
_TR = "bridge_director.io.travellers."
_TR_CSV = "bridge_director.io.score_csv."
_TR_OUT = "bridge_director.scoring.outcomes."
_TR_CSV_LINE = ("`results_from_csv` gives every error of a line that names no file line the line it is reading "
                "(`ParseError(err.message, field=err.field or ..., line=line)`); errors of a board number, a trick "
                "count, an award or a line without a score carry no law, so the message, field and line come out "
                "the same whether the line is passed down or added by the caller.")
_TR_DECLARER = ("a missing declarer column read as None instead of \"\": `Result.played` tests `not declarer`, and "
                "its message names the contract, not the declarer, so both give the same error.")
_TR_FIELD = ("the fallback field is used only for an error that names none; every error the line's readers and "
             "`Result` raise names its field (board, score, seat, Contract, Result, Vulnerable, weights, ...), so "
             "the fallback is never shown.")
_TR_BOARD_READ = ("`_partnership` is called only after `_game_line` has read the Board tag with `_int`, which "
                  "refuses a missing one, so the default for a missing Board is never used.")
_TR_EW_TWICE = ("the second reading of Score_EW parses the same text the condition just parsed without error, "
                "so its field and line (only shown in an error) can never appear.")
_TR_REPLACE = ("with neither note nor group `replace(played, note='', group='')` is equal to `played`.")
_TR_NONE_CELL = ("`csv.writer` writes None as an empty cell, exactly as the \"\" the original writes.")
_TR_RPARTITION = ("with one `@` partition and rpartition split alike; with none both give no `@`; with more, one "
                  "side keeps an `@` and fails to convert either way, and the error names the whole outcome.")
_TR_OUTCOME_SWALLOWED = ("inside the `try`, any ParseError of `whole`/`real` is replaced by the one 'a weighted "
                         "outcome is score@weight' error with the caller's field and line, so the field and line "
                         "given to them never show.")
_TR_SCORING = ("a game without a Scoring tag read as 'XXXX' instead of '' matches none of the method words "
               "either, so the game is passed over the same way.")
_TR_POINTS = ("`_points` catches the ParseError of `real` and gives None, so the field named in it never shows.")
# adjusted scores and adjusted traveller lines
_AD = "bridge_director.scoring."
_AD_TRIM = ("when the weight still to take off equals an entry's weight, the mutant keeps that entry with weight "
            "0 instead of dropping it; a weight-0 entry adds nothing to the weighted sum and the total is kept "
            "apart, so the datum is the same.")
_AD_SUM_START = ("`sum(..., Fraction(0))` against `sum(...)`: the terms are Fractions, so the sum is the same "
                 "Fraction; over no terms it is int 0 against Fraction(0), equal in every use (subtracted, "
                 "compared, turned to float).")
_AD_MEMO = ("the memo only keeps each score's IMPs against the whole field between calls; without it (or with a "
            "fresh one each call) the same IMPs are worked out again and the result is the same.")
_AD_TALLY_ZIP = ("a Tally's `scores` and `weights` are built from the same dict, one weight per score, so the "
                 "`zip` has equal lengths and `strict` never matters.")
_AD_TOLERANCE = ("weights are read as the decimals they print as, so `total - 1` is a decimal fraction and never "
                 "exactly the binary float 1e-6: `>` and `>=` refuse the same weights.")
_AD_NO_PAIRS = ("unreachable: with no weights `all(w == 1 ...)` is true and `butler_datum` refuses the empty field "
                "itself (the same message and field), so this second refusal never runs.")
_AD_EXCLUDE_ZERO = ("with `exclude` 0 the trim takes off weight 0 at each end and subtracts 0 from the total, so "
                    "entering the branch changes nothing.")
_AD_UNIT_NAMES = ("`rstrip('XXsXX')` strips the characters X and s: no unit's name ends in X, so it gives the same "
                  "names as `rstrip('s')` (matchpoint, imp, point).")
_AD_SEGFAULT = ("not a survivor: the endplay solver crashes the test process on the mutant (a segfault), which "
                "mutmut records as 'segfault' and the report counts with the survivors; the test of the solver "
                "fails on it.")
_AD_OWN_DEAL = ("unreachable: the deal has passed our own parser (`Deal.from_pbn(...).require_complete()`, 52 "
                "distinct cards, 13 a hand) and is written back as PBN, which endplay always reads, so the refusal "
                "of a bad deal by endplay never runs.")
_AD_WEIGHTS_ZIP = ("`check_weights` returns one weight per outcome and the per-outcome figures are one per "
                   "outcome, so the `zip` has equal lengths and `strict` never matters.")
_AD_LAW_DEFAULT = "`ProceduralPenalty`'s law defaults to \"90\", the value left out."
# event.py and report.py
_EV = "bridge_director.scoring."
_EV_SHADE = ("the shade is 200 - 150 x (points / top): at matchpoints a row's points are never below 0, and "
             "without a top (IMPs) the shade is 125, so it never passes 200 and `min(201, ...)` gives the same.")
_EV_ZIP_LINES = ("`idx` and the views (or the figures worked out from them) are one per real line of the group, "
                 "so the `zip` has equal lengths and `strict` never matters.")
_EV_ZIP_OWN = ("the per-outcome figures are worked out one per outcome of `v.own_ns`, so the `zip` has equal "
               "lengths and `strict` never matters.")
_EV_ZIP_TALLY = ("a Tally's `scores`, `weights` and `below` hold one entry per score, so the `zip` has equal "
                 "lengths and `strict` never matters.")
_EV_ZIP_SCORES = ("`cross_imps` and `cross_imp_totals` return one figure per score given, so the `zip` has equal "
                  "lengths and `strict` never matters.")
_EV_ZIP_PLACES = ("`shared_places` returns one place per value, so the `zip` has equal lengths and `strict` never "
                  "matters.")
_EV_SUM_START = ("the terms are Fractions, so `sum(...)` and `sum(..., Fraction(0))` are the same Fraction "
                 "(only printed through `float`).")
_EV_MEMO = ("the memo only keeps each score's IMPs against the whole field between rows; without it (or with a "
            "fresh one) the same IMPs are worked out again.")
_EV_MEMO_AS_OWN = ("the memo dict passed in the place of the line's own outcomes is never filled in the mutant "
                   "(no call is given it as a memo), so it is an empty collection like the `()` it replaces.")
_EV_BUTLER_STEPS = ("at Butler the steps get the datum, and with a datum `_adjusted_steps_imps` IMPs each outcome "
                    "against it and uses neither the N-S tally nor `per_line`.")
_EV_ASSERT = ("an assertion for the type checker: an artificial line always has both awards (`Result` refuses "
              "one alone), the top is set at matchpoints and a split line has both scores, so the condition is "
              "true either way.")
_EV_NEUBERG_FULL = ("on a full board Neuberg's formula is the identity: (MP + h) x n / n - h with MP a multiple "
                    "of h gives MP exactly in floating point, and rounding it to `places` changes nothing.")
_TM = "bridge_director.scoring.teams.x_matches_from_csv__mutmut_"
_TEAMS_FIELD = ("the field names given to `whole`/`real` only name the field in their ParseError, and "
                "`matches_from_csv` catches that error and raises its own message for the line, so no caller can "
                "see which name was passed.")
_TEAMS_DEFAULT = ("a cell missing from a short line is read through `cells.get(..., '')`; the mutated default "
                  "'XXXX' is no more a number than '', so the line is refused with the same message.")
_TEAMS_ZIP_DEFAULT = ("`zip`'s default is `strict=False`: leaving the argument out or passing None is the same call, "
                      "and the line's length against the header is checked just above.")
EQUIVALENT: dict[str, tuple[str, str]] = {
    "bridge_director.scoring.teams.x_teams_match__mutmut_32": ("strict=None", _TEAMS_ZIP),
    "bridge_director.scoring.teams.x_teams_match__mutmut_35": ("per_board, ))", _TEAMS_ZIP),
    "bridge_director.scoring.teams.x_teams_match__mutmut_36": ("strict=False", _TEAMS_ZIP),
    "bridge_director.scoring.teams.x_teams_ranking__mutmut_80": ("strict=None", _TEAMS_ZIP),
    "bridge_director.scoring.teams.x_teams_ranking__mutmut_83": ("for t in order]), )]", _TEAMS_ZIP),
    "bridge_director.scoring.teams.x_teams_ranking__mutmut_85": ("strict=False", _TEAMS_ZIP),
    "bridge_director.scoring.teams.x_teams_ranking__mutmut_34": (
        "+ v, 3)",
        "each match's VPs are whole hundredths, so their running sum rounded to 3 decimals is the same float as "
        "rounded to 2."),
    "bridge_director.scoring.rounding.x_half_up__mutmut_10": (
        "Decimal(2).scaleb(-places)",
        "`Decimal.quantize` uses only the exponent of its argument: `2E-2` and `1E-2` both mean two places."),
    "bridge_director.scoring.imps.x__imp_sums__mutmut_12": (
        "won = lost = 1",
        "`won` and `lost` start from the same value and only `won - lost` is used."),
    "bridge_director.scoring.imps.x_cross_imp_totals__mutmut_9": ("strict=None", _ZIP_STRICT),
    "bridge_director.scoring.imps.x_cross_imp_totals__mutmut_12": ("[tally[v] for v in values]), ))", _ZIP_STRICT),
    "bridge_director.scoring.imps.x_cross_imp_totals__mutmut_17": ("strict=False", _ZIP_STRICT),
    "bridge_director.scoring.imps.x_imps__mutmut_9": ("difference > 0", _IMP_ZERO),
    "bridge_director.scoring.imps.x_imps__mutmut_10": ("difference >= 1", _IMP_ZERO),
    "bridge_director.scoring.vp.x_victory_points__mutmut_18": (
        "round(20 - winner, 3)",
        "`winner` is a whole number of hundredths, so `20 - winner` rounded to 3 decimals is the same float as "
        "rounded to 2."),
    "bridge_director.scoring.vp.x_victory_points__mutmut_21": ("margin > 0", _MARGIN_ZERO),
    "bridge_director.scoring.vp.x_victory_points__mutmut_22": ("margin >= 1", _MARGIN_ZERO),
    _TR + "x__csv_line__mutmut_4": ('_int(cell["board"], "board", None)', _TR_CSV_LINE),
    _TR + "x__csv_line__mutmut_29": ('_int(cell["tricks"], "tricks", None)', _TR_CSV_LINE),
    _TR + "x__csv_line__mutmut_142": ('_float(cell["ns_award"], "ns_award", None)', _TR_CSV_LINE),
    _TR + "x__csv_line__mutmut_152": ('_float(cell["ew_award"], "ew_award", None)', _TR_CSV_LINE),
    _TR + "x__csv_line__mutmut_248": ('line=None)', _TR_CSV_LINE),
    _TR + "x__csv_line__mutmut_251": (')', _TR_CSV_LINE),
    _TR + "x__float__mutmut_3": ('line=None, low=-AWARD_LIMIT', _TR_CSV_LINE),
    _TR + "x__float__mutmut_8": ('real(text, field, low=-AWARD_LIMIT', _TR_CSV_LINE),
    _TR + "x__int__mutmut_21": ('whole(text, field, line=None, low=0, high=13)', _TR_CSV_LINE),
    _TR + "x__int__mutmut_26": ('whole(text, field, low=0, high=13)', _TR_CSV_LINE),
    _TR + "x__csv_line__mutmut_233": ('cell.get("declarer", None)', _TR_DECLARER),
    _TR + "x__csv_line__mutmut_235": ('cell.get("declarer", )', _TR_DECLARER),
    _TR + "x_results_from_csv__mutmut_75": ('"XXscoreXX"', _TR_FIELD),
    _TR + "x_results_from_csv__mutmut_76": ('"SCORE"', _TR_FIELD),
    _TR + "x__game_line__mutmut_150": ('"XXContractXX"', _TR_FIELD),
    _TR + "x__game_line__mutmut_151": ('err.field or "contract"', _TR_FIELD),
    _TR + "x__game_line__mutmut_152": ('"CONTRACT"', _TR_FIELD),
    _TR + "x__pbn_line__mutmut_266": ('"XXScoreTableXX"', _TR_FIELD),
    _TR + "x__pbn_line__mutmut_267": ('"scoretable"', _TR_FIELD),
    _TR + "x__pbn_line__mutmut_268": ('"SCORETABLE"', _TR_FIELD),
    _TR + "x__partnership__mutmut_16": ("game.tags.get('Board', None)", _TR_BOARD_READ),
    _TR + "x__partnership__mutmut_18": ("game.tags.get('Board', )", _TR_BOARD_READ),
    _TR + "x__partnership__mutmut_22": ("'XX?XX'", _TR_BOARD_READ),
    _TR + "x__pbn_line__mutmut_132": ('-_int(ew_text, "Score_EW", None)', _TR_EW_TWICE),
    _TR + "x__pbn_line__mutmut_136": ('"XXScore_EWXX"', _TR_EW_TWICE),
    _TR + "x__pbn_line__mutmut_137": ('"score_ew"', _TR_EW_TWICE),
    _TR + "x__pbn_line__mutmut_138": ('"SCORE_EW"', _TR_EW_TWICE),
    _TR + "x__pbn_line__mutmut_214": ('(note or group) or True', _TR_REPLACE),
    _TR_CSV + "x_event_csv__mutmut_31": ('(r.tricks is None) and False', _TR_NONE_CELL),
    _TR_CSV + "x_event_csv__mutmut_35": ('(r.score is None) and False', _TR_NONE_CELL),
    _TR_CSV + "x_results_to_csv__mutmut_28": ('(r.score is None) and False', _TR_NONE_CELL),
    _TR_CSV + "x_results_to_csv__mutmut_32": ('(r.tricks is None) and False', _TR_NONE_CELL),
    _TR_OUT + "x_parse_outcomes__mutmut_8": ('rpartition("@")', _TR_RPARTITION),
    _TR_OUT + "x_parse_outcomes__mutmut_19": ('whole(score, None, line=line)', _TR_OUTCOME_SWALLOWED),
    _TR_OUT + "x_parse_outcomes__mutmut_20": ('whole(score, field, line=None)', _TR_OUTCOME_SWALLOWED),
    _TR_OUT + "x_parse_outcomes__mutmut_23": ('whole(score, field, )', _TR_OUTCOME_SWALLOWED),
    _TR_OUT + "x_parse_outcomes__mutmut_25": ('real(weight, None, line=line', _TR_OUTCOME_SWALLOWED),
    _TR_OUT + "x_parse_outcomes__mutmut_26": ('real(weight, field, line=None', _TR_OUTCOME_SWALLOWED),
    _TR_OUT + "x_parse_outcomes__mutmut_31": ('real(weight, field, low=0.0', _TR_OUTCOME_SWALLOWED),
    _TR + "x_pbn_method__mutmut_16": ('game.tags.get("Scoring", "XXXX")', _TR_SCORING),
    _TR + "x__points__mutmut_17": ('real(text, None)', _TR_POINTS),
    _AD + "adjusted_lines.x__trim__mutmut_4": ('if left > w:', _AD_TRIM),
    _AD + "adjusted_lines.x_butler_views__mutmut_22": ('for s, w in own), )', _AD_SUM_START),
    _AD + "adjusted_lines.x_cross_imp_views__mutmut_5": ('ns_memo: dict[int, Fraction] = None', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imp_views__mutmut_6": ('ew_memo: dict[int, Fraction] = None', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imp_views__mutmut_10": ('v.comp_ns, None)', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imp_views__mutmut_14": ('v.comp_ns, )', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imp_views__mutmut_19": ('v.comp_ew, None))', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imp_views__mutmut_23": ('v.comp_ew, ))', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imps_of__mutmut_3": ('(memo is None) or True', _AD_MEMO),
    _AD + "adjusted_lines.x_cross_imps_of__mutmut_13": (')', _AD_SUM_START),
    _AD + "adjusted_lines.x_cross_imps_of__mutmut_19": ('strict=None)', _AD_TALLY_ZIP),
    _AD + "adjusted_lines.x_cross_imps_of__mutmut_22": ('field.weights, ))', _AD_TALLY_ZIP),
    _AD + "adjusted_lines.x_cross_imps_of__mutmut_23": ('strict=False)', _AD_TALLY_ZIP),
    _AD + "adjusted_lines.x_cross_imps_of__mutmut_33": ('for p, u in itself), )', _AD_SUM_START),
    _AD + "adjusted_lines.x_matchpoints_of__mutmut_11": ('if p < score), )', _AD_SUM_START),
    _AD + "adjusted_lines.x_matchpoints_of__mutmut_20": ('if p == score), )', _AD_SUM_START),
    _AD + "adjusted_lines.x_outcome_weights__mutmut_44": ('total = sum(merged.values(), )', _AD_SUM_START),
    _AD + "adjusted_lines.x_outcome_weights__mutmut_50": ('>= WEIGHT_TOLERANCE', _AD_TOLERANCE),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_18": ('strict=None)', _AD_TALLY_ZIP),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_21": ('field.weights, ))', _AD_TALLY_ZIP),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_22": ('strict=False)', _AD_TALLY_ZIP),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_27": ('total = sum(field.weights, )', _AD_SUM_START),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_31": ('raise BridgeError(None, field="scores")', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_32": ('field=None)', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_33": ('raise BridgeError(field="scores")', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_34": ('result", )', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_35": ('XXa Butler', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_36": ('a butler datum', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_37": ('A BUTLER DATUM', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_38": ('XXscoresXX', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_39": ('SCORES', _AD_NO_PAIRS),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_41": ('if exclude >= 0', _AD_EXCLUDE_ZERO),
    _AD + "adjusted_lines.x_weighted_datum__mutmut_68": ('for s, w in pairs), )', _AD_SUM_START),
    _AD + "adjusted_lines.xǁTallyǁbeaten_and_tied__mutmut_13": ('sum(self.weights, )', _AD_SUM_START),
    _AD + "adjusted.common.xǁUnitǁparse__mutmut_9": ('rstrip("XXsXX")', _AD_UNIT_NAMES),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_1": ('deal_pbn = None', _AD_SEGFAULT),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_5": ('types.Deal(None)', _AD_SEGFAULT),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_6": ('raise BridgeError(None, field="Deal")', _AD_OWN_DEAL),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_7": ('field=None)', _AD_OWN_DEAL),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_8": ('raise BridgeError(field="Deal")', _AD_OWN_DEAL),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_9": ('({err})", )', _AD_OWN_DEAL),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_10": ('XXDealXX', _AD_OWN_DEAL),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_11": ('field="deal"', _AD_OWN_DEAL),
    _AD + "adjusted.double_dummy.x_double_dummy__mutmut_12": ('field="DEAL"', _AD_OWN_DEAL),
    _AD + "adjusted.weighted.x_weighted_imps__mutmut_8": ('strict=None)]', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_imps__mutmut_11": ('zip(outcomes, weights, )]', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_imps__mutmut_12": ('strict=False)]', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_24": ('strict=None))', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_27": ('zip(weights, each, ))', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_28": ('strict=False))', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_41": ('strict=None)], scale)', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_44": (')], scale)', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_45": ('strict=False)], scale)', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_55": ('strict=None)),', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_58": ('zip(outcomes, each, )),', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.weighted.x_weighted_matchpoints__mutmut_59": ('strict=False)),', _AD_WEIGHTS_ZIP),
    _AD + "adjusted.psyche.x_red_psyche_score__mutmut_31": ('"Red psyche", )', _AD_LAW_DEFAULT),
    _EV + "report.x_frequency_chart__mutmut_61": ('min(201, shade)', _EV_SHADE),
    _EV + "event.x__adjusted_steps_imps__mutmut_3": ('zip(idx, seen, strict=None)', _EV_ZIP_LINES),
    _EV + "event.x__adjusted_steps_imps__mutmut_6": ('zip(idx, seen, )', _EV_ZIP_LINES),
    _EV + "event.x__adjusted_steps_imps__mutmut_7": ('zip(idx, seen, strict=False)', _EV_ZIP_LINES),
    _EV + "event.x__adjusted_steps_imps__mutmut_43": ('zip(v.own_ns, each, strict=None)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_imps__mutmut_46": ('zip(v.own_ns, each, )', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_imps__mutmut_47": ('zip(v.own_ns, each, strict=False)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_imps__mutmut_54": ('zip(v.own_ns, each, strict=None)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_imps__mutmut_57": ('zip(v.own_ns, each, )', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_imps__mutmut_58": ('zip(v.own_ns, each, strict=False)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_mp__mutmut_3": ('zip(idx, seen, strict=None)', _EV_ZIP_LINES),
    _EV + "event.x__adjusted_steps_mp__mutmut_6": ('zip(idx, seen, )', _EV_ZIP_LINES),
    _EV + "event.x__adjusted_steps_mp__mutmut_7": ('zip(idx, seen, strict=False)', _EV_ZIP_LINES),
    _EV + "event.x__adjusted_steps_mp__mutmut_29": ('strict=True)), )', _EV_SUM_START),
    _EV + "event.x__adjusted_steps_mp__mutmut_33": ('zip(v.own_ns, each, strict=None)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_mp__mutmut_36": ('zip(v.own_ns, each, )', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_mp__mutmut_37": ('zip(v.own_ns, each, strict=False)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_mp__mutmut_46": ('zip(v.own_ns, each, strict=None)', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_mp__mutmut_49": ('zip(v.own_ns, each, )', _EV_ZIP_OWN),
    _EV + "event.x__adjusted_steps_mp__mutmut_50": ('zip(v.own_ns, each, strict=False)', _EV_ZIP_OWN),
    _EV + "event.x__artificial_imps__mutmut_1": ('r.ns_award is not None or r.ew_award is not None', _EV_ASSERT),
    _EV + "event.x__score_board_adjusted__mutmut_106": ('strict=None)', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_109": ('scale.per_win), )', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_114": ('strict=False)', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_129": ('strict=None)', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_133": ('reversed(ns_field.below), )', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_137": ('strict=False)', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_212": ('strict=None)', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_215": ('cross_imp_views(seen), )', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_217": ('strict=False)', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_221": ('ns_memo: dict[int, Fraction] = None', _EV_MEMO),
    _EV + "event.x__score_board_adjusted__mutmut_222": ('ew_memo: dict[int, Fraction] = None', _EV_MEMO),
    _EV + "event.x__score_board_adjusted__mutmut_225": ('strict=None)', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_228": ('reversed(ns_field.weights), )', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_231": ('strict=False)', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_237": ('ns_field, (), None)', _EV_MEMO),
    _EV + "event.x__score_board_adjusted__mutmut_240": ('ns_field, ns_memo)', _EV_MEMO_AS_OWN),
    _EV + "event.x__score_board_adjusted__mutmut_241": ('ns_field, (), )', _EV_MEMO),
    _EV + "event.x__score_board_adjusted__mutmut_252": ('ew_field, (), None)', _EV_MEMO),
    _EV + "event.x__score_board_adjusted__mutmut_255": ('ew_field, ew_memo)', _EV_MEMO_AS_OWN),
    _EV + "event.x__score_board_adjusted__mutmut_256": ('ew_field, (), )', _EV_MEMO),
    _EV + "event.x__score_board_adjusted__mutmut_298": ('strict=None)', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_301": ('zip(idx, figures, )', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_302": ('strict=False)', _EV_ZIP_LINES),
    _EV + "event.x__score_board_adjusted__mutmut_308": ('strict=None)', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_311": ('reversed(ns_field.weights), )', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_314": ('strict=False)', _EV_ZIP_TALLY),
    _EV + "event.x__score_board_adjusted__mutmut_353": ('seen, None, split_field, float, ns_datum', _EV_BUTLER_STEPS),
    _EV + "event.x__score_board_adjusted__mutmut_355": ('split_field, None, ns_datum', _EV_BUTLER_STEPS),
    _EV + "event.x__score_board_adjusted__mutmut_367": ('r.ns_award is not None or r.ew_award is not None', _EV_ASSERT),
    _EV + "event.x__score_board_adjusted__mutmut_368": ('top is not None or r.ns_award', _EV_ASSERT),
    _EV + "event.x__score_board_imps__mutmut_13": ('strict=None)', _EV_ZIP_SCORES),
    _EV + "event.x__score_board_imps__mutmut_16": ('places=places), )', _EV_ZIP_SCORES),
    _EV + "event.x__score_board_imps__mutmut_21": ('strict=False)', _EV_ZIP_SCORES),
    _EV + "event.x__score_board_imps__mutmut_26": ('strict=None)', _EV_ZIP_SCORES),
    _EV + "event.x__score_board_imps__mutmut_29": ('cross_imp_totals(scores), )', _EV_ZIP_SCORES),
    _EV + "event.x__score_board_imps__mutmut_31": ('strict=False)', _EV_ZIP_SCORES),
    _EV + "event.x__split_step__mutmut_1": ('r.score is not None or r.ew_score is not None', _EV_ASSERT),
    _EV + "event.x__score_board_mp__mutmut_15": ('(n == norm) and False', _EV_NEUBERG_FULL),
    _EV + "event.x__score_board_mp__mutmut_30": ('r.ns_award is not None or r.ew_award is not None', _EV_ASSERT),
    _EV + "event.x_rank__mutmut_75": ('strict=None)', _EV_ZIP_PLACES),
    _EV + "event.x_rank__mutmut_78": ('shared_places(keys), )', _EV_ZIP_PLACES),
    _EV + "event.x_rank__mutmut_80": ('strict=False)', _EV_ZIP_PLACES),
    _TM + "66": ('strict=None', _TEAMS_ZIP_DEFAULT),
    _TM + "69": ('for c in row), ))', _TEAMS_ZIP_DEFAULT),
    _TM + "73": ('whole(cells.get("round", ""), None)', _TEAMS_FIELD),
    _TM + "82": ('cells.get("round", "XXXX")', _TEAMS_DEFAULT),
    _TM + "83": ('"XXroundXX"', _TEAMS_FIELD),
    _TM + "84": ('"ROUND"', _TEAMS_FIELD),
    _TM + "86": ('whole(cells.get("boards", ""), None)', _TEAMS_FIELD),
    _TM + "95": ('cells.get("boards", "XXXX")', _TEAMS_DEFAULT),
    _TM + "96": ('"XXboardsXX"', _TEAMS_FIELD),
    _TM + "97": ('"BOARDS"', _TEAMS_FIELD),
    _TM + "100": ('real(cells.get("home_imps", ""), None)', _TEAMS_FIELD),
    _TM + "109": ('cells.get("home_imps", "XXXX")', _TEAMS_DEFAULT),
    _TM + "110": ('"XXhome_impsXX"', _TEAMS_FIELD),
    _TM + "111": ('"HOME_IMPS"', _TEAMS_FIELD),
    _TM + "113": ('None)', _TEAMS_FIELD),
    _TM + "122": ('cells.get("away_imps", "XXXX")', _TEAMS_DEFAULT),
    _TM + "123": ('"XXaway_impsXX"', _TEAMS_FIELD),
    _TM + "124": ('"AWAY_IMPS"', _TEAMS_FIELD),
}
