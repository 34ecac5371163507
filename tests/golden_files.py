"""Golden files: compared with a readable diff on failure; rewritten by `pytest --update-golden`,
which says what changed in each file it rewrites (a warning in pytest's summary)."""

from __future__ import annotations

import difflib
import warnings
from pathlib import Path

GOLDEN = Path(__file__).parent / "golden"
SHOWN = 60
"""Diff lines shown at most."""


class GoldenChanged(UserWarning):
    """A golden file rewritten with changes: review them (git diff) before committing."""


def diff(before: str, after: str, name: str) -> str:
    """A unified diff of two texts, at most SHOWN lines."""
    lines = list(
        difflib.unified_diff(
            before.splitlines(),
            after.splitlines(),
            f"{name} (golden)",
            f"{name} (now)",
            lineterm="",
        )
    )
    more = f"\n... and {len(lines) - SHOWN} more lines" if len(lines) > SHOWN else ""
    return "\n".join(lines[:SHOWN]) + more


def check_golden(path: Path, text: str, update: bool) -> None:
    """`text` must be the golden file's; with `update` the file becomes `text`, and a warning
    shows what changed."""
    before = path.read_text(encoding="utf-8") if path.exists() else None
    if update:
        if before != text:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            shown = "a new file" if before is None else diff(before, text, path.name)
            warnings.warn(GoldenChanged(f"rewrote {path.name}:\n{shown}"), stacklevel=2)
        return
    assert before is not None, f"{path.name} is missing: run pytest --update-golden once"
    assert text == before, "the output differs from its golden file:\n" + diff(
        before, text, path.name
    )
