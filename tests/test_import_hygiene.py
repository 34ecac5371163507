"""Quick commands stay quick: validation never loads the PDF libraries, and the console script
imports only the command it runs."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

from generator.paths import PROJECT_ROOT
from tests.conftest import DATA

PROBE = """
import json, sys
from generator.cli.app import app
try:
    app(["validate"])
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted({m.split('.')[0] for m in sys.modules})}))
"""


def _probe(code: str, *args: str) -> dict[str, Any]:
    """Run a probe script in a fresh interpreter; its last line is a JSON report."""
    result = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=DATA.parent,
        capture_output=True,
        text=True,
        check=True,
    )
    report: dict[str, Any] = json.loads(result.stdout.splitlines()[-1])
    assert report["code"] == 0
    return report


def test_validate_does_not_import_the_pdf_libraries() -> None:
    # It reads the fonts (ReportLab) and decodes the art (Pillow) to refuse what a build
    # would refuse; it writes and reads no PDF.
    report = _probe(PROBE)
    loaded = set(report["modules"])
    assert {"yaml", "jsonschema", "typer"} <= loaded
    assert not loaded & {"pypdfium2", "pypdf"}


ENTRY_PROBE = """
import json, sys
from generator.cli import app
sys.argv = ["draftdeck", "validate"]
try:
    app.main()
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted(m for m in sys.modules if m.startswith("generator.cli."))}))
"""


def test_the_console_script_imports_only_the_command_it_runs() -> None:
    report = _probe(ENTRY_PROBE)
    commands = {m for m in report["modules"] if m.endswith(("_command", "_commands"))}
    assert commands == {"generator.cli.validate_command"}


GENERIC = ("cli", "loading", "printing", "i18n", "documents", "output", "packs", "templates")
"""Folders of generator/ that serve every game."""


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.append(node.module)
            found += (f"{node.module}.{alias.name}" for alias in node.names)
    return found


def test_no_module_outside_a_game_package_imports_a_game() -> None:
    root = PROJECT_ROOT / "generator"
    offenders = []
    for path in sorted(root.rglob("*.py")):
        relative = path.relative_to(root)
        if relative.parts[0] == "games" and len(relative.parts) > 2:
            continue  # generator/games/<game>/...: a game's own package
        for name in _imports(path):
            if name.startswith("generator.games.") or name == "generator.games":
                offenders.append(f"{relative}: {name}")
    assert offenders == []
    # Every generic layer was looked at (the loop would pass on an empty tree).
    assert all((root / folder).is_dir() for folder in GENERIC)


def test_games_reach_draftdeck_only_through_the_entry_point_group() -> None:
    from importlib.metadata import entry_points

    from generator.plugins import ENTRY_POINT_GROUP

    points = {p.name: p.value for p in entry_points(group=ENTRY_POINT_GROUP)}
    assert points["all-star-draft"] == "generator.games.all_star_draft.plugin:PLUGIN"
