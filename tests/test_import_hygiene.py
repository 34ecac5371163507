"""Quick commands stay quick: validation never loads the heavy libraries."""

from __future__ import annotations

import json
import subprocess
import sys

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
