"""The shipped movement files are exactly what the generators build today, so the two cannot drift apart."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from bridge_director.club.movement import load_movement, shipped_movements
from bridge_director.club.movement_files import standard_movements, write_standard_movements

FOLDER = resources.files("bridge_director.club").joinpath("movements")


def test_the_shipped_names_are_the_standard_movements() -> None:
    assert set(shipped_movements()) == set(standard_movements())


@pytest.mark.parametrize("name", sorted(standard_movements()))
def test_shipped_file_equals_the_generator(name: str) -> None:
    shipped = json.loads(FOLDER.joinpath(f"{name}.json").read_text(encoding="utf-8"))
    built = standard_movements()[name]
    assert shipped == built.to_json(), f"regenerate: python -m bridge_director.club.movement_files ({name})"
    assert load_movement(name) == built and built.validate() == ()


def test_written_files_read_back(tmp_path: Path) -> None:
    paths = write_standard_movements(tmp_path / "out")
    assert len(paths) == len(standard_movements())
    for path in paths:
        assert load_movement(str(path)) == standard_movements()[path.stem]
