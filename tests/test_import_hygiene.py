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
