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
    """Make the edit's change inside the project copy at `root` (and those it lists under
    `also`, for an edit that takes several files)."""
    for more in edit.get("also", ()):
        apply_edit(root, {"name": edit["name"], **more})
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
    data = text.encode(edit.get("encoding", "utf-8"), errors="replace")  # "?" where it has none
    if "pad_mb" in edit:
        filler = b"# padding\n" * (edit["pad_mb"] * 1024 * 1024 // 10 + 1)
        data += filler
    path.write_bytes(data)


def actual_headlines(edit: dict[str, Any]) -> tuple[list[str], list[str]]:
    """(errors, warnings) that `draftdeck validate` reports for the edit, on a fresh copy."""
    import os
    import shutil
    import tempfile

    from generator.core.diagnostics import Severity
    from generator.services.validate import validate_pack
    from tests.conftest import DATA

    here = Path.cwd()
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        shutil.copytree(DATA, root / "data")
        os.chdir(root)
        try:
            apply_edit(root, edit)
            result = validate_pack(Path(*Path(edit["file"]).parts[:2]))
        finally:
            os.chdir(here)
    found = sorted(result.diagnostics, key=lambda d: (d.file, d.line, d.column))
    return (
        [d.headline for d in found if d.severity is Severity.ERROR],
        [d.headline for d in found if d.severity is Severity.WARNING],
    )


def update() -> None:
    """Rewrite the expectations of every edit from what validate reports now (review the diff!)."""
    import json
    import re

    text = CORPUS.read_text(encoding="utf-8")
    blocks = re.split(r"(?m)^(?=- name: )", text)
    out = [blocks[0]]
    edits = {edit["name"]: edit for edit in load_corpus()}
    for block in blocks[1:]:
        name = yaml.safe_load(block)[0]["name"]
        kept = re.split(r"(?m)^  (?:expect|warnings):", block)[0].rstrip("\n") + "\n"
        errors, warnings = actual_headlines(edits[name])
        kept += (
            "  expect:\n" + "".join(f"    - {json.dumps(e, ensure_ascii=False)}\n" for e in errors)
            if errors
            else "  expect: []\n"
        )
        if warnings:
            kept += "  warnings:\n" + "".join(
                f"    - {json.dumps(w, ensure_ascii=False)}\n" for w in warnings
            )
        out.append(kept)
    CORPUS.write_text("".join(out), encoding="utf-8")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] != ["--update"]:
        raise SystemExit(
            "usage: python -m tests.broken_edits --update   (rewrites the expectations)"
        )
    update()
