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
}
