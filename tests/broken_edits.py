"""Apply the broken edits of tests/fixtures/broken-edits.yaml to a project copy."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

CORPUS = Path(__file__).parent / "fixtures" / "broken-edits.yaml"


def load_corpus() -> list[dict[str, Any]]:
    """Every edit of the corpus."""
    edits: list[dict[str, Any]] = yaml.safe_load(CORPUS.read_text(encoding="utf-8"))
    return edits


def apply_edit(root: Path, edit: dict[str, Any]) -> None:
    """Make the edit's change inside the project copy at `root`."""
    path = root / edit["file"]
    if edit.get("delete"):
        path.unlink()
        return
    text = path.read_text(encoding="utf-8") if path.exists() else ""
    if "replace" in edit:
        old, new = edit["replace"]
        assert text.count(old) == 1, f"{edit['name']}: {old!r} occurs {text.count(old)} times"
        text = text.replace(old, new)
    if "write" in edit:
        text = edit["write"]
    if "append" in edit:
        text += edit["append"]
    data = text.encode(edit.get("encoding", "utf-8"))
    if "pad_mb" in edit:
        filler = b"# padding\n" * (edit["pad_mb"] * 1024 * 1024 // 10 + 1)
        data += filler
    path.write_bytes(data)
