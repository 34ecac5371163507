"""How long `draftdeck preview` takes after a designer edits one value, against a minimal
script that draws one card with ReportLab and turns it into a PNG.

A one-shot preview keeps nothing between runs: each run reads, validates and
checks the whole pack, then draws one card. Before each run the benchmark
changes one fan value of the arena it shows, as a designer would. Then the
same edits are made while `draftdeck preview --watch` runs: from the moment
the file is saved to the moment the new PNG's path is printed. The baseline is a whole process
that imports ReportLab and pypdfium2, registers the same fonts, draws a card
of the same size with a background, a title and six numbers, and writes its
PNG at the same resolution: the least work that shows a card.

    python benchmarks/preview_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from process_timing import ROOT, SCRIPT, wall

BASELINE = """
import sys
from importlib.resources import files
from pathlib import Path
import pypdfium2
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

fonts = Path(str(files("font_source_sans_pro") / "files"))
for weight in ("Regular", "Bold", "Black"):
    pdfmetrics.registerFont(TTFont(weight, str(fonts / f"SourceSansPro-{weight}.ttf")))
out = Path(sys.argv[1])
c = Canvas(str(out / "card.pdf"), pagesize=(76 * mm, 126 * mm), invariant=True)
c.setFillColorRGB(0.2, 0.3, 0.5)
c.rect(0, 0, 76 * mm, 126 * mm, 0, 1)
c.setFillColorRGB(1, 1, 1)
c.setFont("Black", 16)
c.drawCentredString(38 * mm, 110 * mm, "Combo Stadium 1")
c.setFont("Bold", 12)
for rank in range(6):
    c.drawString(12 * mm, (90 - 9 * rank) * mm, f"{rank + 1}. {21 - 3 * rank}")
c.save()
page = pypdfium2.PdfDocument(str(out / "card.pdf"))[0]
page.render(scale=200 / 72).to_pil().save(out / "card.png")
"""


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=11)
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="draftdeck-preview-"))
    shutil.copytree(ROOT / "data", work / "data")
    shutil.copytree(ROOT / "locales", work / "locales")
    arenas = work / "data/all-star-draft/editions/2025/arenas.yaml"
    preview = [str(SCRIPT), "preview", "combo-stadium-1", "--data", str(work / "data")]
    preview += ["--out", str(work / "png")]
    baseline = [sys.executable, "-c", BASELINE, str(work)]
    try:
        wall(preview), wall(baseline)  # warm the file cache
        pairs = []
        for run in range(runs):
            _edit(arenas, run)
            pairs.append((wall(preview), wall(baseline)))
        watched = _watched([*preview, "--watch"], arenas, runs)
    finally:
        shutil.rmtree(work)
    print(f"runs: {runs} pairs, each preview after editing one fan value of the card")
    print(
        f"minimal ReportLab card + PNG:  median {statistics.median(b for _, b in pairs) * 1000:.0f} ms"
    )
    print(
        f"draftdeck preview:             median {statistics.median(a for a, _ in pairs) * 1000:.0f} ms"
    )
    print(f"ratio preview/minimal:         median {statistics.median(a / b for a, b in pairs):.2f}")
    minimal = statistics.median(b for _, b in pairs)
    print(
        f"preview --watch, save to PNG:  median {statistics.median(watched) * 1000:.0f} ms "
        f"(ratio to minimal {statistics.median(watched) / minimal:.2f})"
    )


def _edit(arenas: Path, run: int) -> None:
    """Change the last fan value of the first arena, as a designer would."""
    text = arenas.read_text(encoding="utf-8")
    edited = re.sub(
        r"fans: \[21, 18, 15, 12, 9, \d+\]", f"fans: [21, 18, 15, 12, 9, {run % 7}]", text
    )
    arenas.write_text(edited, encoding="utf-8")


def _watched(command: list[str], arenas: Path, runs: int) -> list[float]:
    """Seconds from each saved edit to the preview's new PNG, with --watch running."""
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert process.stdout is not None
    try:
        process.stdout.readline()  # the first preview
        times = []
        for run in range(runs):
            time.sleep(0.2)  # a designer does not save twice in a blink
            _edit(arenas, run + 1)
            start = time.perf_counter()
            if not process.stdout.readline():
                raise SystemExit("preview --watch ended early")
            times.append(time.perf_counter() - start)
        return times
    finally:
        process.terminate()
        process.wait()


if __name__ == "__main__":
    main()
