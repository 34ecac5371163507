"""`draftdeck build`: regenerate every output from the data, stage by stage."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from generator.errors import UsageError
from generator.games.all_star_draft.export import export_bytes
from generator.games.all_star_draft.queries import edition as pick_edition
from generator.games.all_star_draft.queries import load
from generator.output.atomic import write_atomic


@dataclass(frozen=True)
class Written:
    """One output file and whether this build changed it."""

    path: Path
    changed: bool


def build(data_dir: Path, out_dir: Path, editions: list[str] | None = None) -> list[Written]:
    """Validate the data, then write each edition's outputs below `out_dir/<game>/<edition>/`."""
    # 1. Load and validate: invalid data raises DataError before anything is written.
    game = load(data_dir)
    chosen = [pick_edition(game, e) for e in editions] if editions else list(game.editions.values())
    if not chosen:
        raise UsageError("no edition to build")
    # 2. Render every output in memory, then 3. write each one atomically.
    written = []
    for edition in chosen:
        path = out_dir / game.id / edition.id / "data.json"
        written.append(Written(path, write_atomic(path, export_bytes(game, edition))))
    return written
