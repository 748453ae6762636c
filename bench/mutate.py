#!/usr/bin/env python3
"""Mutation testing of the laws engine and the scorer, one part at a time (mutmut 3).

    python3 dev.py mutate PART                 # or: .venv/bin/python bench/mutate.py PART
    python3 bench/mutate.py --list             # the parts, their files and their tests
    python3 bench/mutate.py scoring-imps --max-seconds 900 --workers 1

Each part is a few source files and the tests that check them.  The part is run in a work folder of its own,
``artifacts/mutation/work/<part>/`` (a copy of ``src/`` and ``tests/`` with a ``[tool.mutmut]`` section for that
part), so the checkout is never touched and parts can be run one after another on a 2-core machine.  mutmut
first runs the part's tests once to learn which tests reach which function, then runs, for each mutant, only
those tests.  The report, ``artifacts/mutation/<part>.md``, holds the counts (killed, survived, timeout,
skipped, ...), the survival rate and every surviving mutant (file, line, diff) with its explanation where the
mutant is known to be equivalent (``EQUIVALENT`` below).  ``--report-only`` rewrites the report from the last run;
``--survivors`` runs again, in the last run's work folder with the checkout's tests and unmutated sources, only the
mutants that survived it (or had no tests), and merges their results into the report.
"""

from __future__ import annotations

import argparse
import ast
import fnmatch
import json
import os
import re
import runpy
import shutil
import signal
import subprocess
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "artifacts" / "mutation"
PKG = "src/bridge_director"


@dataclass(frozen=True)
class Part:
    """Files to mutate (globs under ``src/bridge_director``) and the tests (globs under the root) that check them."""

    files: tuple[str, ...]
    tests: tuple[str, ...]
    note: str = ""
    #: tests the globs match that the mutation run leaves out (they stay in the suite)
    exclude: tuple[str, ...] = ()


SCORING_TESTS = ("tests/test_scoring_*.py",)
AUCTION_LAWS = ("law16_sources.py", "law17.py", "law19_form.py",
                "law20.py", "law24.py", "law25.py", "law26.py", "law26_lead.py", "law27.py",
                "law27a2.py", "law29_32.py", "law36_39.py", "card_advice.py", "card_agreement.py")
AUCTION_TESTS = ("tests/test_law16_22.py", "tests/test_law16_sources.py", "tests/test_law19_form.py",
                 "tests/test_law17.py", "tests/test_law21B1*.py", "tests/test_law24.py", "tests/test_law25.py",
                 "tests/test_law26*.py", "tests/test_law27.py", "tests/test_law29_32.py", "tests/test_law36_39.py",
                 "tests/test_law_seeds_auction.py",
                 # the system card's advice on a replacement call (card_advice) and the agreement (card_agreement)
                 "tests/test_cards_engine*.py", "tests/test_cards_session*.py", "tests/test_cards_comparable.py")
PLAY_LAWS = ("law42_47.py", "law46.py", "law48_50.py", "law51_52.py", "law53_56.py", "law57_59.py", "law58.py",
             "law61_64.py", "law65_67.py", "law68_71.py", "claim_lines.py", "claim_text.py")
PLAY_TESTS = ("tests/test_law4x_*.py", "tests/test_law5x_*.py", "tests/test_law58_*.py", "tests/test_law6x_*.py",
              "tests/test_law70_*.py", "tests/test_law71_*.py", "tests/test_wording_*.py")
#: the judgement reviews (docs/judgement.md): a part of their own
JUDGEMENT_LAWS = ("adjustment.py", "law12_review.py", "law16_ui.py", "law16_play.py", "law21_misinformation.py",
                  "law40_review.py", "law73_deception.py", "law73_notes.py", "law85_facts.py", "matters.py",
                  "written.py")
JUDGEMENT_TESTS = ("tests/test_law16B_ui.py", "tests/test_law12_review.py", "tests/test_law21_*.py",
                   "tests/test_law21B1*.py", "tests/test_law40_review_table.py", "tests/test_law47E*.py",
                   "tests/test_judgement_timeline*.py", "tests/test_seed_judgement_*.py")
#: Law 40 and the psyche regulations (EBU Orange Book 6, ACBL Duplicate Decisions), the card's advice, the reports
PSYCHE_LAWS = ("law40_psyches.py", "psyche_acbl.py", "psyche_card.py", "psyche_ebu.py", "psyche_report.py")
PSYCHE_TESTS = ("tests/test_law40_*.py",)
#: the properties of Laws 70 and 71 walk every normal line of random endings with a solver: 100 s of processor a
#: mutant that reaches the claim search and survives (the suite runs them; a mutation run of the claims, thousands
#: of mutants, measures the claims by their exact tests, which can only make it report more survivors)
CLAIM_PROPERTIES = ("tests/test_law70_properties.py", "tests/test_law71_properties.py")
TABLE_TESTS = ("tests/test_table_*.py", "tests/test_play_*.py", "tests/test_board_replay.py")

PARTS: dict[str, Part] = {
    "model-contract": Part(("model/contract.py",),
                           ("tests/test_model_*.py", "tests/test_law77_score.py")),
    "scoring-imps": Part(("scoring/imps.py",), SCORING_TESTS),
    "scoring-matchpoints": Part(("scoring/matchpoints.py",), SCORING_TESTS),
    "scoring-vp": Part(("scoring/vp.py",), SCORING_TESTS),
    "scoring-rounding": Part(("scoring/rounding.py",), SCORING_TESTS),
    "scoring-small": Part(("scoring/imps.py", "scoring/matchpoints.py", "scoring/vp.py", "scoring/rounding.py"),
                          SCORING_TESTS, "the four small scorer modules together"),
    "scoring-teams": Part(("scoring/teams.py",), SCORING_TESTS),
    "scoring-travellers": Part(("io/travellers.py", "io/score_csv.py", "scoring/outcomes.py"), SCORING_TESTS,
                               "the traveller files read and written, and the awards and outcomes as text"),
    "scoring-event": Part(("scoring/event.py", "scoring/report.py"), SCORING_TESTS),
    "scoring-adjusted": Part(("scoring/adjusted/*.py", "scoring/adjusted_lines.py"),
                             (*SCORING_TESTS, "tests/test_seed_examples_*.py")),
    "table": Part(("table/*.py", "engine/*.py"), TABLE_TESTS, "long: the play tests are the slowest part of the suite"),
    "laws-auction": Part(tuple(f"laws/{f}" for f in AUCTION_LAWS), AUCTION_TESTS),
    "laws-play": Part(tuple(f"laws/{f}" for f in PLAY_LAWS), PLAY_TESTS, exclude=CLAIM_PROPERTIES),
    "laws-judgement": Part(tuple(f"laws/{f}" for f in JUDGEMENT_LAWS), JUDGEMENT_TESTS),
    "laws-psyches": Part(tuple(f"laws/{f}" for f in PSYCHE_LAWS), PSYCHE_TESTS),
    "laws-teams": Part(("laws/law86_teams.py",), ("tests/test_law86_teams.py", "tests/club/test_teams_rulings.py",
                                                  "tests/test_seed_judgement_001.py"), "Law 86, team play"),
    "laws-script": Part(("laws/script.py",), ("tests/test_law_short_scripts.py", "tests/test_wording_*.py"),
                        "the short script read at the table"),
    "laws-common": Part(("laws/__init__.py", "laws/common.py", "laws/pending.py", "laws/ruling.py",
                         "table/registry.py"),
                        (*AUCTION_TESTS, *PLAY_TESTS)),
}

#: Survivors known to be equivalent mutants, one file per area (``bench/mutation_equivalent/<area>.py``, each
#: defining ``EQUIVALENT``): mutant name -> (a piece of the mutated line, why no test can tell it from the original).
#: mutmut numbers the mutants of a function in order, so an edit of the function can renumber them: an entry whose
#: piece of line is no longer in the mutant's line is reported as stale, not as explained.
EQUIVALENT: dict[str, tuple[str, str]] = {}
for _area in sorted((Path(__file__).resolve().parent / "mutation_equivalent").glob("*.py")):
    EQUIVALENT.update(runpy.run_path(str(_area))["EQUIVALENT"])


def sources(part: Part) -> list[str]:
    found: set[str] = set()
    for pattern in part.files:
        found |= {p.relative_to(ROOT).as_posix() for p in (ROOT / PKG).glob(pattern) if p.suffix == ".py"}
    return sorted(found)


#: The tests written to kill survivors belong to every part (mutmut runs only those that reach a mutant).
KILL_TESTS = "tests/test_mutation_kills_*.py"


def tests_of(part: Part, base: Path = ROOT) -> list[str]:
    found: set[str] = set()
    for pattern in (*part.tests, KILL_TESTS):
        found |= {p.relative_to(base).as_posix() for p in base.glob(pattern)}
    return sorted(found - set(part.exclude))


def toml_list(items: list[str]) -> str:
    return "[" + ", ".join(json.dumps(i) for i in items) + "]"


def prepare(name: str, part: Part, work: Path) -> None:
    """A fresh work folder: src/, tests/ and examples/ copied (mutmut copies examples/ again beside the tests it
    runs), the part's mutmut config, shared data linked where the tests look for it (two folders above each test
    file)."""
    if work.exists():
        shutil.rmtree(work)
    work.mkdir(parents=True)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    shutil.copytree(ROOT / "src", work / "src", ignore=ignore)
    shutil.copytree(ROOT / "tests", work / "tests", ignore=ignore)
    # the example files some tests read (the system cards of examples/cards), one folder above tests/
    shutil.copytree(ROOT / "examples", work / "examples", ignore=ignore)
    shared = ROOT.parent / "shared"
    if shared.exists():
        (work / "shared").symlink_to(shared)
    write_config(part, work)


def write_config(part: Part, work: Path) -> None:
    files = sources(part)
    # the doctests of the mutated modules are tests too (``--doctest-modules`` is in the pytest options)
    selection = tests_of(part, work) + files
    config = (ROOT / "pyproject.toml").read_text()
    config = re.sub(r"(?ms)^\[tool\.mutmut\].*?(?=^\[|\Z)", "", config)
    config += (f"\n[tool.mutmut]\nsource_paths = [\"src\"]\nonly_mutate = {toml_list(files)}\n"
               f"pytest_add_cli_args_test_selection = {toml_list(selection)}\n"
               "pytest_add_cli_args = [\"-p\", \"no:cacheprovider\"]\n"
               "also_copy = [\"examples\", \"conftest.py\"]\n"
               "use_git_change_detection = false\n")
    (work / "pyproject.toml").write_text(config)
    (work / "conftest.py").write_text(FASTEST_FIRST)


#: The work folder's root conftest (copied beside the tests mutmut runs): under a mutant, the tests that reach it
#: run fastest first, by the durations of mutmut's stats run.  mutmut hands them over in no order and stops at the
#: first failure, so a mutant a quick test kills no longer waits for the slow property tests run before it.
FASTEST_FIRST = '''"""Written by bench/mutate.py: under a mutant, the tests that reach it run fastest first."""

import json
import os
from pathlib import Path

_DURATIONS: dict[str, float] = {}


def pytest_collection_modifyitems(session, config, items):
    if not os.environ.get("MUTANT_UNDER_TEST") or not Path("mutmut-stats.json").exists():
        return
    if not _DURATIONS:
        _DURATIONS.update(json.loads(Path("mutmut-stats.json").read_text()).get("duration_by_test", {}))
    items.sort(key=lambda item: _DURATIONS.get(item.nodeid, float("inf")))
'''


def run_mutmut(work: Path, workers: int, max_seconds: float | None, names: list[str] | None = None) -> int:
    """``mutmut run`` in the work folder (only the mutants ``names`` if given; the others keep their results); past
    ``max_seconds`` it is interrupted (the mutants run so far keep their results and the rest are reported as not
    checked)."""
    mutmut = Path(sys.executable).with_name("mutmut")
    cmd = [str(mutmut), "run", "--max-children", str(workers), *(names or [])]
    log = work / "mutmut.log"
    shown = cmd[:4] + ([f"<{len(names)} mutants>"] if names else [])
    print("+", " ".join(shown), f"(in {work.relative_to(ROOT)}; output in {log.relative_to(ROOT)})", flush=True)
    env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1")
    with log.open("w") as out:
        proc = subprocess.Popen(cmd, cwd=work, env=env, start_new_session=True, stdout=out,
                                stderr=subprocess.STDOUT)
        return _wait(proc, max_seconds)


def _same(a: Path, b: Path) -> bool:
    return a.exists() and b.exists() and a.read_bytes() == b.read_bytes()


def survivors_of(part: Part, work: Path, unexplained: bool = False) -> list[str] | None:
    """For ``--survivors``: the checkout's tests and unmutated sources copied into the last run's work folder (the
    mutants stay as they are) and the names of the mutants that survived that run (or had no tests); None when a
    mutated file has changed in the checkout since (its mutants are then out of date: the part needs a full run).
    ``unexplained``: the survivors explained as equivalent are left out (a run could only find them surviving again,
    at the cost of every test that reaches them; leaving one out can only report a survivor more, never fewer)."""
    from mutmut.stats import status_by_exit_code
    if not refresh(part, work):
        return None
    names: list[str] = []
    for f in sources(part):
        codes = json.loads((work / "mutants" / f"{f}.meta").read_text())["exit_code_by_key"]
        names += [k for k, code in codes.items() if status_by_exit_code[code] in SURVIVING
                  and not (unexplained and k in EQUIVALENT)]
    return names


def refresh(part: Part, work: Path, changed_ok: bool = False) -> bool:
    """The checkout's tests and unmutated sources copied into the last run's work folder, the mutants and their
    results kept (``--survivors``, ``--resume``); False when a mutated file has changed in the checkout since,
    unless ``changed_ok`` (``--resume``): the changed file is copied too, and mutmut makes its mutants again,
    keeping the results of every function whose text has not changed (by its hash) and running the others."""
    files = sources(part)
    changed = [f for f in files if not _same(work / f, ROOT / f)]
    if changed and not changed_ok:
        print(f"changed since the last run: {', '.join(changed)}; the part needs a full run "
              "(without --survivors), or --resume", file=sys.stderr)
        return False
    for rel in changed:
        shutil.copy2(ROOT / rel, work / rel)
        os.utime(work / rel)  # newer than its mutants: mutmut makes them again
        print(f"changed since the last run: {rel}; its changed functions' mutants are made and run again")
    for path in (ROOT / "src").rglob("*.py"):  # mutmut copies the unmutated sources into mutants/ when it starts
        rel = path.relative_to(ROOT).as_posix()
        if rel not in files and ".egg-info" not in rel and not _same(path, work / rel):
            (work / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, work / rel)
    ignore = shutil.ignore_patterns("__pycache__", "*.egg-info", "*.pyc")
    for folder in ("tests", "examples", "mutants/tests"):
        shutil.rmtree(work / folder, ignore_errors=True)
    for folder in ("tests", "examples"):  # mutmut copies them into mutants/ (also_copy) when it starts
        shutil.copytree(ROOT / folder, work / folder, ignore=ignore)
    write_config(part, work)
    # the new tests must be mapped to the functions they reach: mutmut collects the stats afresh without this file
    (work / "mutants" / "mutmut-stats.json").unlink(missing_ok=True)
    return True


def _wait(proc: subprocess.Popen[bytes], max_seconds: float | None) -> int:
    deadline = None if max_seconds is None else time.monotonic() + max_seconds
    while True:
        try:
            timeout = None if deadline is None else max(0.1, deadline - time.monotonic())
            return proc.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            print(f"\n--max-seconds {max_seconds:g} reached: stopping mutmut", flush=True)
            os.killpg(proc.pid, signal.SIGINT)
            try:
                return proc.wait(timeout=60)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                return proc.wait()


@dataclass
class Survivor:
    name: str
    file: str
    line: int
    status: str
    diff: str
    explanation: str


def _function_start(path: Path, function: str, cls: str | None) -> int:
    """The first line (decorators included) of a top-level function or a method in the original file."""
    tree = ast.parse(path.read_text())
    body = tree.body
    if cls is not None:
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and node.name == cls:
                body = node.body
    for node in body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == function:
            return min([node.lineno, *(d.lineno for d in node.decorator_list)])
    return 0


def _changed_line(diff: str) -> tuple[int, str]:
    """(offset of the first changed line within the function, the mutated line's text) from a function diff."""
    offset = 0
    old_line = 0
    mutated = ""
    for line in diff.splitlines():
        hunk = re.match(r"@@ -(\d+)", line)
        if hunk:
            old_line = int(hunk.group(1))
            continue
        if line.startswith(("---", "+++")):
            continue
        if line.startswith("-") and not offset:
            offset = old_line
        if line.startswith("+") and not mutated:
            mutated = line[1:].strip()
            offset = offset or old_line
        if line.startswith((" ", "-")):
            old_line += 1
    return offset, mutated


def collect(work: Path) -> tuple[Counter[str], list[Survivor], dict[str, Counter[str]]]:
    """Counts by status (overall and by file) and the mutants that were not killed, from mutmut's state."""
    os.chdir(work)
    sys.path.insert(0, str(work))
    from mutmut.mutation.data import SourceFileMutationData
    from mutmut.mutation.diff_apply import get_diff_for_mutant
    from mutmut.stats import status_by_exit_code
    from mutmut.utils.file_utils import walk_mutatable_files
    from mutmut.utils.format_utils import orig_function_and_class_names_from_key

    counts: Counter[str] = Counter()
    by_file: dict[str, Counter[str]] = {}
    survivors: list[Survivor] = []
    for path in walk_mutatable_files():
        data = SourceFileMutationData(path=path)
        data.load()
        file_counts = by_file.setdefault(str(path), Counter())
        for key, code in sorted(data.exit_code_by_key.items(), key=lambda kv: _natural(kv[0])):
            status = status_by_exit_code[code]
            counts[status] += 1
            file_counts[status] += 1
            if status in ("killed", "caught by type check", "not checked", "skipped"):
                continue  # not run is counted, not listed
            diff = get_diff_for_mutant(key, path=path)
            function, cls = orig_function_and_class_names_from_key(key)
            offset, mutated = _changed_line(diff)
            start = _function_start(work / path, function, cls)
            explanation = ""
            if key in EQUIVALENT:
                expected, why = EQUIVALENT[key]
                explanation = why if expected in mutated else f"(stale: the line had `{expected}`) {why}"
            elif status == "timeout":
                explanation = "timeout: counted as killed (the mutant made the tests run far longer)"
            survivors.append(Survivor(key, str(path), start + offset - 1 if start and offset else start,
                                      status, diff, explanation))
    return counts, survivors, by_file


def _natural(key: str) -> tuple[str, int]:
    base, _, number = key.rpartition("__mutmut_")
    return base, int(number) if number.isdigit() else 0


#: What counts as surviving: a mutant that no test reaches ("no tests") survives as surely as one the tests pass.
SURVIVING = ("survived", "no tests", "suspicious", "segfault")


def rate(counts: Counter[str]) -> tuple[int, float]:
    """(mutants checked, share of them that survived); a timeout counts as killed, and the mutants not run
    (``--max-seconds`` reached, or skipped) are left out."""
    checked = sum(n for status, n in counts.items() if status not in ("not checked", "skipped"))
    surviving = sum(counts[s] for s in SURVIVING)
    return checked, (surviving / checked if checked else 0.0)


def report(name: str, part: Part, counts: Counter[str], survivors: list[Survivor],
           by_file: dict[str, Counter[str]], timing: str) -> str:
    tested, share = rate(counts)
    total = sum(counts.values())
    survived = [s for s in survivors if s.status in SURVIVING]
    explained = sum(1 for s in survived if s.explanation and not s.explanation.startswith("(stale"))
    lines = [f"# Mutation testing: `{name}`", "",
             f"Files: {', '.join(f'`{f}`' for f in sources(part))}  ",
             f"Tests: {', '.join(f'`{t}`' for t in (*part.tests, KILL_TESTS))} and the modules' doctests"
             + (f" (left out: {', '.join(f'`{t}`' for t in part.exclude)})" if part.exclude else "") + "  ",
             "Tool: mutmut " + _mutmut_version() + (f"; {timing}" if timing else ""),
             "", "| mutants | killed | survived | timeout | no tests | skipped | not checked | other | survival rate |",
             "| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    other = total - sum(counts[s] for s in ("killed", "survived", "timeout", "no tests", "skipped", "not checked"))
    lines.append(f"| {total} | {counts['killed']} | {counts['survived']} | {counts['timeout']} | "
                 f"{counts['no tests']} | {counts['skipped']} | {counts['not checked']} | {other} | "
                 f"{share:.1%} of {tested} checked |")
    lines += ["", "Survival rate: (survived + no tests + suspicious) / mutants checked; a timeout counts as killed, "
              "and mutants not run (`--max-seconds` reached) are left out.", "",
              f"Survivors explained as equivalent: {explained} of {len(survived)}.", "",
              "| file | mutants | killed | survived | timeout | no tests | not checked | survival rate |",
              "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |"]
    for file, c in sorted(by_file.items()):
        checked, file_share = rate(c)
        lines.append(f"| `{file}` | {sum(c.values())} | {c['killed']} | {c['survived']} | {c['timeout']} | "
                     f"{c['no tests']} | {c['not checked']} | {file_share:.1%} of {checked} |")
    lines += ["", "## Mutants not killed", ""]
    if not survivors:
        lines.append("None.")
    else:
        lines += ["| mutant | status | file:line | explanation |", "| --- | --- | --- | --- |"]
        for s in survivors:
            why = s.explanation.replace("|", "\\|") or "**unexplained**"
            lines.append(f"| `{s.name}` | {s.status} | `{s.file}:{s.line}` | {why} |")
        lines += ["", "## Diffs", ""]
        for s in survivors:
            lines += [f"### `{s.name}` ({s.status}, `{s.file}:{s.line}`)", "", "```diff", s.diff, "```", ""]
    return "\n".join(lines) + "\n"


def _mutmut_version() -> str:
    try:
        from importlib.metadata import version
        return version("mutmut")
    except Exception:  # pragma: no cover - only when mutmut is missing
        return "?"


def list_parts() -> None:
    for name, part in PARTS.items():
        files = sources(part)
        note = f"  ({part.note})" if part.note else ""
        print(f"{name}{note}\n  mutates: {' '.join(f.removeprefix(PKG + '/') for f in files)}\n"
              f"  tests:   {len(tests_of(part))} files ({' '.join((*part.tests, KILL_TESTS))})")


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("parts", nargs="*", help="parts to run, in order (see --list); globs allowed: 'scoring-*'")
    parser.add_argument("--list", action="store_true", help="list the parts and exit")
    parser.add_argument("--max-seconds", type=float, default=None, help="stop a part's run after this long")
    parser.add_argument("--workers", type=int, default=1, help="mutmut's --max-children (default 1)")
    parser.add_argument("--report-only", action="store_true", help="rewrite the report from the last run")
    parser.add_argument("--survivors", action="store_true",
                        help="run only the last run's survivors again, with the checkout's tests; merge the results")
    parser.add_argument("--unexplained", action="store_true",
                        help="with --survivors: leave out the survivors explained as equivalent")
    parser.add_argument("--resume", action="store_true",
                        help="go on with a stopped run: the mutants not checked yet, with the checkout's tests")
    args = parser.parse_args(argv)
    if args.list or not args.parts:
        list_parts()
        return 0 if args.list else 2
    names: list[str] = []
    for pattern in args.parts:
        matched = [n for n in PARTS if fnmatch.fnmatchcase(n, pattern)]
        if not matched:
            parser.error(f"no part {pattern!r}; --list shows them")
        names += [n for n in matched if n not in names]
    status = 0
    for name in names:
        part = PARTS[name]
        work = OUT / "work" / name
        if (args.report_only or args.survivors or args.resume) and not (work / "mutants").exists():
            print(f"{name}: no mutmut run in {work}", file=sys.stderr)
            status = 1
            continue
        timing = _last_timing(name)
        if args.survivors:
            rerun = survivors_of(part, work, args.unexplained)
            if rerun is None:
                status = 1
                continue
            start = time.monotonic()
            if rerun and run_mutmut(work, args.workers, args.max_seconds, rerun) != 0:
                print(f"{name}: mutmut failed (see {work / 'mutmut.log'}); the report keeps the last results",
                      file=sys.stderr)
                status = 1
            timing = timing.split("; its ")[0]  # the full run's time, without an earlier rerun's
            timing = (f"{timing}; " if timing else "") + (f"its {len(rerun)} survivors run again in "
                                                           f"{time.monotonic() - start:.0f} s")
        elif args.resume:
            if not refresh(part, work, changed_ok=True):
                status = 1
                continue
            start = time.monotonic()
            run_mutmut(work, args.workers, args.max_seconds)
            timing = (f"{timing}; " if timing else "") + f"resumed for {time.monotonic() - start:.0f} s"
        elif not args.report_only:
            prepare(name, part, work)
            start = time.monotonic()
            run_mutmut(work, args.workers, args.max_seconds)
            timing = f"run time {time.monotonic() - start:.0f} s"
        # the report is read in a child process: mutmut's state is per working folder
        child = [sys.executable, __file__, "--_collect", name, str(work), timing]
        if subprocess.run(child, cwd=work).returncode != 0:
            status = 1
    return status


def _last_timing(name: str) -> str:
    """The run time the part's last report gives (kept by ``--report-only``, extended by ``--survivors``)."""
    path = OUT / f"{name}.md"
    found = re.search(r"^Tool: mutmut [^;\n]*; (.*?)\s*$", path.read_text(), re.M) if path.exists() else None
    return found.group(1) if found else ""


def _collect_main(name: str, work: str, timing: str) -> int:
    part = PARTS[name]
    counts, survivors, by_file = collect(Path(work))
    OUT.mkdir(parents=True, exist_ok=True)
    text = report(name, part, counts, survivors, by_file, timing)
    (OUT / f"{name}.md").write_text(text)
    tested, share = rate(counts)
    print(f"{name}: {sum(counts.values())} mutants, {counts['killed']} killed, {counts['survived']} survived, "
          f"{counts['timeout']} timeout, {counts['no tests']} without tests, {counts['not checked']} not checked; "
          f"survival {share:.1%} of {tested} checked -> {(OUT / f'{name}.md').relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    if len(sys.argv) == 5 and sys.argv[1] == "--_collect":
        sys.exit(_collect_main(*sys.argv[2:5]))
    sys.exit(main(sys.argv[1:]))
