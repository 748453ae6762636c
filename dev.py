#!/usr/bin/env python3
"""Set up and run bridge-director: ``python3 dev.py run`` or ``python3 dev.py test``.

Creates ``.venv`` beside this file, installs the package with what the chosen job needs
(re-installing only when ``pyproject.toml`` changes), installs the Debian packages the
test suite needs where they are missing, then runs the job.  Only the standard library
is used here, so a machine with nothing but Python 3.11 and git can run it.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PY = BIN / "python"
# Debian packages used by the test suite (database, browser and Access-file tests), keyed by a file they provide.
APT_NEEDS: dict[str, str] = {"/usr/lib/postgresql": "postgresql", "/usr/bin/chromium": "chromium",
                             "/usr/bin/mdb-export": "mdbtools"}


def sh(*cmd: str | Path, check: bool = True, env: dict[str, str] | None = None) -> int:
    print("+", " ".join(str(c) for c in cmd), flush=True)
    return subprocess.run([str(c) for c in cmd], cwd=ROOT, check=check, env=env).returncode


def ensure_venv(extras: str) -> None:
    if not PY.exists():
        sh(sys.executable, "-m", "venv", VENV)
    digest = hashlib.sha256((ROOT / "pyproject.toml").read_bytes() + extras.encode()).hexdigest()
    stamp = VENV / f".installed-{extras or 'base'}"
    if stamp.exists() and stamp.read_text() == digest:
        return
    sh(PY, "-m", "pip", "install", "-q", "--upgrade", "pip")
    target = f".[{extras}]" if extras else "."
    sh(PY, "-m", "pip", "install", "-q", "-e", target)
    stamp.write_text(digest)


def ensure_apt() -> None:
    missing = sorted({pkg for cmd, pkg in APT_NEEDS.items() if not (shutil.which(cmd) or Path(cmd).exists())})
    if not missing:
        return
    if shutil.which("apt-get") is None:
        print(f"warning: cannot install {missing}: no apt-get; the tests that need them will skip")
        return
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    sh(*sudo, "apt-get", "update", "-q", check=False)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    sh(*sudo, "apt-get", "install", "-y", "-q", "--no-install-recommends", *missing, check=False, env=env)


def run_demo(args: list[str]) -> int:
    """The main job: the web app's demo (its address and logins printed; Ctrl-C stops it)."""
    ensure_venv("dd")
    try:
        return sh(BIN / "bridge-director", *(args or ["web", "--demo"]), check=False)
    except KeyboardInterrupt:  # Ctrl-C reaches the app too; it stops by itself
        return 0


def run_tests(args: list[str]) -> int:
    ensure_venv("test,dd")
    ensure_apt()
    steps: list[list[str | Path]] = [
        [BIN / "ruff", "check", "src", "tests", "bench", "examples", "dev.py"],
        [BIN / "mypy"],
        [PY, "-m", "pytest", *args],
    ]
    failed = [" ".join(map(str, step[:2])) for step in steps if sh(*step, check=False) != 0]
    if failed:
        print("FAILED:", ", ".join(failed))
        return 1
    return 0


def run_mutate(args: list[str]) -> int:
    """Mutation testing, one part at a time: ``python3 dev.py mutate [PART ...] [--max-seconds N]`` (no PART: the
    list of parts).  Writes ``artifacts/mutation/<part>.md``; see docs/mutation.md.  Not part of ``dev.py test``."""
    ensure_venv("test,dd,mutate")
    return sh(PY, ROOT / "bench" / "mutate.py", *(args or ["--list"]), check=False)


def run_fuzz(args: list[str]) -> int:
    """Fuzzing every reader: ``python3 dev.py fuzz [FORMAT ...] [--count N] [--seed S]``; counts and the first
    tracebacks under ``artifacts/fuzz/``; see docs/fuzzing.md.  A short run is a test of ``dev.py test``."""
    ensure_venv("test,dd")
    return sh(PY, ROOT / "bench" / "fuzz.py", *args, check=False)


def main(argv: list[str]) -> int:
    jobs = {"run": run_demo, "test": run_tests, "mutate": run_mutate, "fuzz": run_fuzz}
    if not argv or argv[0] not in jobs:
        print(__doc__)
        return 2
    return jobs[argv[0]](argv[1:])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
