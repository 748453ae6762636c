"""The standard movements shipped in ``club/movements/``, built by the generators; a test keeps the files equal.

Run ``python -m bridge_director.club.movement_files`` to write them again after a generator changes.

>>> sorted(standard_movements())[:4]
['howell-2', 'howell-3', 'howell-4', 'howell-5']
"""

from __future__ import annotations

from pathlib import Path

from .movement import Movement
from .movement_file import save_movement
from .movement_gen import howell, mitchell, teams_match, teams_round_robin, three_quarter_howell


def standard_movements() -> dict[str, Movement]:
    """Every shipped movement by name: Mitchells for 3 to 15 tables (relay and skip for even counts), complete
    Howells for 2 to 8 tables, 3/4 Howells for 5 to 8, a teams match of one and of two sets, round robins of 4, 6
    and 8 teams.
    """
    found: list[Movement] = []
    for n in range(3, 16):
        found += [mitchell(n)] if n % 2 else [mitchell(n, even="relay"), mitchell(n, n - 1, even="skip")]
    found += [howell(n) for n in range(2, 9)] + [three_quarter_howell(n) for n in range(5, 9)]
    found += [teams_match(), teams_match(2)] + [teams_round_robin(t) for t in (4, 6, 8)]
    return {m.name: m for m in found}


def write_standard_movements(folder: Path) -> list[Path]:
    """Write every standard movement as ``<name>.json`` into ``folder`` (created if missing)."""
    folder.mkdir(parents=True, exist_ok=True)
    return [save_movement(m, folder / f"{name}.json") for name, m in standard_movements().items()]


if __name__ == "__main__":  # pragma: no cover
    for written in write_standard_movements(Path(__file__).with_name("movements")):
        print(written)
