"""All-Star Draft's `simulate --mode` values, read from the editions' setup.yaml for the help."""

from __future__ import annotations

from pathlib import Path

from generator.loading import strict_yaml


def variants(root: Path) -> dict[str, str]:
    """Each two-player mode of any edition of the pack, and what it is for."""
    found: dict[str, str] = {}
    for setup in sorted((root / "editions").glob("*/setup.yaml")):
        document, _ = strict_yaml.load_file(setup, str(setup))
        value = document.value if document is not None else None
        two = value.get("two_player") if isinstance(value, dict) else None
        modes = two.get("modes") if isinstance(two, dict) else None
        for mode in modes if isinstance(modes, list) else []:
            if isinstance(mode, dict) and isinstance(mode.get("id"), str):
                found.setdefault(mode["id"], "2 players")
    return found
