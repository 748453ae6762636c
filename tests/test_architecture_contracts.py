"""The architecture's contracts (``[tool.importlinter]`` in pyproject.toml, docs/architecture.md): the packages as
layers, each importing only from the layers below it; the register that stores and never computes; the database,
the web framework and Typer each kept to the layers that use them.

Each contract is checked by import-linter's ``lint-imports`` (installed with the ``test`` extra) on the source this
test session imports; a broken contract fails with import-linter's report, which names every import that breaks it.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import bridge_director

ROOT = Path(__file__).resolve().parent.parent
CONTRACTS: dict[str, str] = {c["id"]: c["name"] for c in
                             tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]}
#: contracts that cannot hold yet, each with the reason (checked and reported, not failing the suite while listed)
PENDING: dict[str, str] = {}


def lint_imports(contract: str) -> subprocess.CompletedProcess[str]:
    """``lint-imports`` for one contract, on the package this session imports."""
    program = Path(sys.executable).with_name("lint-imports")
    if not program.exists():
        pytest.fail(f"{program} is missing: install the test extra (pip install -e '.[test]')")
    source = str(Path(bridge_director.__file__).resolve().parent.parent)
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [source, os.environ.get("PYTHONPATH")])))
    return subprocess.run([str(program), "--no-cache", "--no-logo", "--contract", contract], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def test_every_layer_of_the_package_is_named_in_the_layers_contract() -> None:
    """A new package is placed in a layer: the layers contract names every package and top-level module."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
    layers = {name.removeprefix("bridge_director.") for c in config if c["id"] == "layers" for name in c["layers"]}
    package = Path(bridge_director.__file__).parent
    found = {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    found |= {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    assert found == layers


@pytest.mark.parametrize("contract", [
    pytest.param(c, marks=pytest.mark.xfail(reason=PENDING[c], strict=False)) if c in PENDING else c
    for c in CONTRACTS])
def test_the_contract_is_kept(contract: str) -> None:
    done = lint_imports(contract)
    if done.returncode != 0:
        pytest.fail(f"import-linter: '{CONTRACTS[contract]}' is broken\n{done.stdout}{done.stderr}", pytrace=False)
