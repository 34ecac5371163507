"""Where a command's game packs are: a data folder of packs, a pack, or a file in one.

Kept apart from loading the packs, so that a command that only needs to know which
packs it works on (validate, before it looks for a remembered answer) imports nothing
of the model.
"""

from __future__ import annotations

from pathlib import Path

from generator.core.diagnostics import Diagnostic
from generator.core.errors import UsageError
from generator.core.paths import display_path
from generator.loading import strict_yaml


def find_packs(path: Path) -> list[Path]:
    """The game packs at `path`: a data folder of packs, a pack, or a file inside a pack."""
    path = path.resolve()
    if not path.exists():
        raise UsageError(f"{display_path(path)}: no such file or folder")
    if path.is_file():
        for parent in path.parents:
            if (parent / "game.yaml").is_file():
                return [parent]
        raise UsageError(f"{display_path(path)} is not inside a game pack (no game.yaml above it)")
    if (path / "game.yaml").is_file():
        return [path]
    packs = sorted(p.parent for p in path.glob("*/game.yaml"))
    if not packs:
        raise UsageError(f"{display_path(path)} holds no game pack (a folder with a game.yaml)")
    return packs


def choose_packs(data: Path, game: str | None) -> list[Path]:
    """Every pack in `data`, or the one `game` names (by folder name or game id)."""
    packs = find_packs(data)
    if game is None:
        return packs
    chosen = [p for p in packs if p.name == game or game_id(p) == game]
    if not chosen:
        known = ", ".join(game_id(p) or p.name for p in packs)
        raise UsageError(f"{display_path(data)} has no game '{game}'; it has: {known}")
    return chosen[:1]


def same_ids(roots: list[Path]) -> list[Diagnostic]:
    """An error for each pack whose game id an earlier pack of the folder has: their output,
    catalogs and --game would be mixed up."""
    first: dict[str, Path] = {}
    found = []
    for root in roots:
        game = game_id(root)
        if game is None:
            continue
        if game in first:
            document, _ = strict_yaml.load_file(
                root / "game.yaml", display_path(root / "game.yaml")
            )
            assert document is not None
            found.append(
                document.diagnostic(
                    ("id",),
                    f"the game id '{game}' is also the id of {display_path(first[game])}",
                    hint="every pack of a data folder needs an id of its own",
                )
            )
        first.setdefault(game, root)
    return found


def game_id(root: Path) -> str | None:
    """The id a pack's game.yaml gives, where it can be read."""
    document, _ = strict_yaml.load_file(root / "game.yaml", display_path(root / "game.yaml"))
    value = document.value if document is not None else None
    found = value.get("id") if isinstance(value, dict) else None
    return found if isinstance(found, str) else None
