"""Quick commands stay quick: validation never loads the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from generator.paths import PROJECT_ROOT

PROBE = """
import json, sys
from generator.cli.app import app
try:
    app(["validate"])
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted({m.split('.')[0] for m in sys.modules})}))
"""


def test_validate_does_not_import_rendering_or_babel() -> None:
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=PROJECT_ROOT, capture_output=True, text=True, check=True
    )
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["code"] == 0
    loaded = set(report["modules"])
    assert {"yaml", "jsonschema", "typer"} <= loaded
    assert not loaded & {"reportlab", "PIL", "pypdfium2", "babel", "pydantic", "rich"}


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
    result = subprocess.run(
        [sys.executable, "-c", ENTRY_PROBE],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["code"] == 0
    commands = {m for m in report["modules"] if m.endswith(("_command", "_commands"))}
    assert commands == {"generator.cli.validate_command"}


BUILD_PROBE = """
import json, sys
from generator.cli.app import app
try:
    app(["build", "--edition", "2025", "--locale", "en", "--jobs", "1", "--out", sys.argv[1]])
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted({m.split('.')[0] for m in sys.modules})}))
"""


def test_the_build_joins_its_files_without_a_pdf_library(tmp_path: Path) -> None:
    result = subprocess.run(
        [sys.executable, "-c", BUILD_PROBE, str(tmp_path)],
        cwd=PROJECT_ROOT,
        capture_output=True,
        text=True,
        check=True,
    )
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["code"] == 0
    assert (tmp_path / "2025" / "en" / "print-and-play.pdf").is_file()
    assert "reportlab" in report["modules"]
    assert "pypdf" not in report["modules"]
