"""Quick commands stay quick: validation never loads the PDF libraries, and the console script
imports only the command it runs."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from tests.conftest import DATA, PROJECT_ROOT

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


@pytest.mark.slow
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


@pytest.mark.slow
def test_the_console_script_imports_only_the_command_it_runs() -> None:
    report = _probe(ENTRY_PROBE)
    commands = {m for m in report["modules"] if m.endswith(("_command", "_commands"))}
    assert commands == {"generator.cli.validate_command"}


RULES_PROBE = """
import json, sys
from generator.cli import app
sys.argv = ["draftdeck", "rules", *sys.argv[1:]]
try:
    app.main()
except SystemExit as exit:
    code = exit.code
print(json.dumps({"code": code, "modules": sorted({m.split('.')[0] for m in sys.modules})}))
"""


@pytest.mark.slow
def test_validate_and_one_off_rules_answers_import_no_numba() -> None:
    """A kernel called a few times runs as plain Python: loading numba would take longer
    than the answer."""
    assert "numba" not in _probe(PROBE)["modules"]
    team = "martin-erat,vaclav-prospal,radek-dvorak,filip-hronek,frantisek-pospisil,tuukka-rask"
    match = _probe(RULES_PROBE, "match", team, "stand-in-opponent-03")
    assert "numba" not in match["modules"]
    example = PROJECT_ROOT / "docs" / "examples" / "disaster-battle.yaml"
    battle = _probe(RULES_PROBE, "battle", str(example))
    assert "numba" not in battle["modules"]
