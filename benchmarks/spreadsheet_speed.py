"""How long a pack of 1,000 cards kept in an XLSX workbook takes to validate and to build,
against the same pack kept in YAML (the baseline), as whole commands.

The pack is `draftdeck new`'s, its card list grown to 1,000 cards (ten values of a hundred
colours' suns), written once as cards.yaml and once as cards.xlsx. Each command runs on
both, alternating (see process_timing.py); the medians and the median ratio are printed.

    python benchmarks/spreadsheet_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

from process_timing import SCRIPT, paired

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.services.starter import write_starter
from tests.spreadsheets import write_xlsx

CARDS = 1000


def packs(work: Path) -> tuple[Path, Path]:
    """The YAML pack and the XLSX pack, alike but for the card list's file."""
    yaml_pack = write_starter(work / "in-yaml", "demo")
    rows = [
        [f"card-{n}", "Sun", n % 10, f"#{(n * 2654435761) % 0xFFFFFF:06X}"]
        for n in range(1, CARDS + 1)
    ]
    lines = [f'  - {{id: {i}, name: {m}, value: {v}, colour: "{c}"}}' for i, m, v, c in rows]
    (yaml_pack / "cards.yaml").write_text("cards:\n" + "\n".join(lines) + "\n", encoding="utf-8")
    components = yaml_pack / "components.yaml"
    components.write_text(
        components.read_text(encoding="utf-8").replace("count: 12", f"count: {CARDS}"),
        encoding="utf-8",
    )
    sheet_pack = work / "in-xlsx"
    shutil.copytree(yaml_pack, sheet_pack)
    (sheet_pack / "cards.yaml").unlink()
    write_xlsx(sheet_pack / "cards.xlsx", {"cards": [["id", "name", "value", "colour"], *rows]})
    manifest = sheet_pack / "game.yaml"
    manifest.write_text(
        manifest.read_text(encoding="utf-8").replace("cards.yaml,", "cards.xlsx,"),
        encoding="utf-8",
    )
    return yaml_pack, sheet_pack


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="draftdeck-sheets-") as folder:
        work = Path(folder)
        yaml_pack, sheet_pack = packs(work)
        for name, arguments in (
            ("validate", ["validate"]),
            ("build --locale en", ["build", "--locale", "en", "--force", "--out", str(work)]),
        ):

            def command(pack: Path, arguments: list[str] = arguments) -> list[str]:
                return [str(SCRIPT), *arguments, "--data", str(pack)]

            timed = paired(command(sheet_pack), command(yaml_pack), options.runs)
            print(
                f"{name} of {CARDS} cards: XLSX {timed.command:.2f} s, YAML {timed.baseline:.2f} s "
                f"(medians of {timed.runs}), XLSX/YAML {timed.ratio:.2f}"
            )


if __name__ == "__main__":
    main()
