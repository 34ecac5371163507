"""How a build scales with the number of cards, against a plain ReportLab loop.

Two packs written by `draftdeck new`, with 1,000 and 10,000 cards (the
starter's card and back templates: a background, a rounded panel, a value, a
star icon and a name; the back a background, a ring and the title), are built
for de, fr and en on 2 cores. The baseline is a plain ReportLab loop that
draws the same elements at the same places on the same A4 sheets (nine cards,
3 mm bleed, crop marks, a mirrored back sheet after each front sheet) and
fits, translates, checks and validates nothing.

The marginal cost of a card is (cost at 10,000 - cost at 1,000) / 9,000, in
CPU seconds of every process the command ran (so that it does not depend on
how many cores ran it); the ratio of draftdeck's to the baseline's is
reported, with the wall time of each build and the peak memory of all its
processes together (their resident sets summed every 20 ms; shared pages
count once per process, so the figure errs high).

Last, the largest build the bounds allow: 10,000 distinct cards, each front
drawing 7 elements and each back 3, in three languages (the drawing budget
exactly), built once on 2 cores, with its wall time and the peak of its
processes (the bound: three of them fit in 2 GiB).

    python benchmarks/scale_speed.py [--runs N]
    python benchmarks/scale_speed.py --baseline CARDS OUT_DIR   (the loop itself)
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from importlib.resources import files
from pathlib import Path
from typing import Any

from process_timing import ROOT, SCRIPT

SIZES = (1000, 10000)
LANGUAGES = ("de", "fr", "en")
NAMES = {"de": ("Sonne", "Mond", "Stern"), "fr": ("Soleil", "Lune", "Étoile")}
COLOURS = ("#E8A33D", "#3D5A98", "#2E8B6E")


def write_pack(root: Path, cards: int) -> None:
    """A starter pack with `cards` cards."""
    from generator.services.starter import write_starter

    write_starter(root, "scale")
    names = ("Sun", "Moon", "Star")
    lines = ["cards:"] + [
        f'  - {{id: card-{i}, name: {names[i % 3]}, value: {i % 100}, colour: "{COLOURS[i % 3]}"}}'
        for i in range(cards)
    ]
    (root / "cards.yaml").write_text("\n".join(lines) + "\n", encoding="utf-8")
    components = root / "components.yaml"
    text = components.read_text(encoding="utf-8")
    components.write_text(text.replace("count: 12", f"count: {cards}"), encoding="utf-8")


@dataclass(frozen=True)
class Run:
    """One whole command: wall seconds, CPU seconds of all its processes, peak MiB of all."""

    wall: float
    cpu: float
    peak_mib: float


def run(command: list[str]) -> Run:
    """Run `command` to its end, sampling the memory of its process tree."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    process = subprocess.Popen(
        command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    peak = [0]
    sampler = threading.Thread(target=_sample, args=(process, peak), daemon=True)
    sampler.start()
    if process.wait() != 0:
        raise SystemExit(f"failed: {' '.join(command)}")
    elapsed = time.perf_counter() - start
    sampler.join()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return Run(elapsed, cpu, peak[0] / 1024)


def _sample(process: subprocess.Popen[bytes], peak: list[int]) -> None:
    while process.poll() is None:
        peak[0] = max(peak[0], _tree_kib(process.pid))
        time.sleep(0.02)


def _tree_kib(root: int) -> int:
    """Resident KiB of `root` and its descendants (Linux /proc; 0 elsewhere)."""
    parents: dict[int, int] = {}
    sizes: dict[int, int] = {}
    for entry in os.listdir("/proc") if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            status = Path(f"/proc/{entry}/status").read_text()
        except OSError:
            continue
        fields = dict(line.split(":", 1) for line in status.splitlines() if ":" in line)
        parents[int(entry)] = int(fields.get("PPid", "0"))
        sizes[int(entry)] = int(fields.get("VmRSS", "0 kB").split()[0])
    tree, total = {root}, 0
    for pid in sorted(parents):  # children have higher ids than parents here
        if pid in tree or parents[pid] in tree:
            tree.add(pid)
            total += sizes.get(pid, 0)
    return total


WIDTH, HEIGHT, BLEED = 63, 88, 3
PITCH_X, PITCH_Y = WIDTH + 2 * BLEED, HEIGHT + 2 * BLEED
LEFT, BOTTOM = (210 - 3 * PITCH_X + 2 * BLEED) / 2, (297 - 3 * PITCH_Y + 2 * BLEED) / 2
SLOTS = [(LEFT + x * PITCH_X, BOTTOM + (2 - y) * PITCH_Y) for y in range(3) for x in range(3)]
STAR = [(31.5, 54), (34.3, 45.9), (42.9, 45.7), (36.0, 40.6), (38.6, 32.3)]
STAR += [(31.5, 37.3), (24.4, 32.3), (27.0, 40.6), (20.1, 45.7), (28.7, 45.9)]
MM = 72 / 25.4


def baseline(cards: int, out: Path) -> None:
    """Draw `cards` starter cards, fronts and mirrored backs, per language: no draftdeck."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont
    from reportlab.pdfgen.canvas import Canvas

    fonts = Path(str(files("font_source_sans_pro") / "files"))
    for weight in ("Bold", "Black"):
        pdfmetrics.registerFont(TTFont(weight, str(fonts / f"SourceSansPro-{weight}.ttf")))
    for language in LANGUAGES:
        names = NAMES.get(language, ("Sun", "Moon", "Star"))
        folder = out / language
        folder.mkdir(parents=True, exist_ok=True)
        c = Canvas(str(folder / "cards.pdf"), pagesize=(210 * MM, 297 * MM), invariant=True)
        for first in range(0, cards, 9):
            batch = range(first, min(first + 9, cards))
            for side in ("front", "back"):
                for index, (x, y) in zip(batch, SLOTS, strict=False):
                    c.saveState()
                    c.translate((210 - x - WIDTH if side == "back" else x) * MM, y * MM)
                    clip = c.beginPath()
                    clip.rect(-BLEED * MM, -BLEED * MM, PITCH_X * MM, PITCH_Y * MM)
                    c.clipPath(clip, stroke=0, fill=0)
                    if side == "front":
                        _front(c, index, names[index % 3])
                    else:
                        _back(c)
                    c.restoreState()
                _crop_marks(c)
                c.showPage()
        c.save()


def _rgb(colour: str) -> tuple[float, float, float]:
    red, green, blue = (int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5))
    return red, green, blue


def _front(c: Any, index: int, name: str) -> None:
    colour = _rgb(COLOURS[index % 3])
    c.setFillColorRGB(*colour)
    c.rect(-BLEED * MM, -BLEED * MM, PITCH_X * MM, PITCH_Y * MM, 0, 1)
    c.setFillColorRGB(1, 1, 1)
    c.setStrokeColorRGB(*colour)
    c.setLineWidth(0.6 * MM)
    c.roundRect(5 * MM, 5 * MM, 53 * MM, 78 * MM, 3 * MM, 1, 1)
    c.setFont("Black", 26)
    c.drawString(8 * MM, 70 * MM, str(index % 100))
    path = c.beginPath()
    path.moveTo(STAR[0][0] * MM, STAR[0][1] * MM)
    for x, y in STAR[1:]:
        path.lineTo(x * MM, y * MM)
    path.close()
    c.setFillColorRGB(*colour)
    c.drawPath(path, stroke=0, fill=1)
    c.setFillColorRGB(0.1, 0.12, 0.16)
    c.setFont("Bold", 18)
    c.drawCentredString(31.5 * MM, 16 * MM, name)


def _back(c: Any) -> None:
    c.setFillColorRGB(0.15, 0.2, 0.29)
    c.rect(-BLEED * MM, -BLEED * MM, PITCH_X * MM, PITCH_Y * MM, 0, 1)
    c.setStrokeColorRGB(1, 1, 1)
    c.circle(31.5 * MM, 44 * MM, 24 * MM, 1, 0)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Black", 22)
    c.drawCentredString(31.5 * MM, 42 * MM, "Scale")


def _crop_marks(c: Any) -> None:
    c.setLineWidth(0.25)
    for x in sorted({s[0] for s in SLOTS} | {s[0] + WIDTH for s in SLOTS}):
        c.line(x * MM, 0, x * MM, 5 * MM)
        c.line(x * MM, 292 * MM, x * MM, 297 * MM)
    for y in sorted({s[1] for s in SLOTS} | {s[1] + HEIGHT for s in SLOTS}):
        c.line(0, y * MM, 5 * MM, y * MM)
        c.line(205 * MM, y * MM, 210 * MM, y * MM)


def largest(work: Path) -> Run:
    """The largest build the bounds allow (see the module's docstring), run once."""
    pack = work / "largest"
    write_pack(pack, 10000)
    cards = [
        f'  - {{id: card-{i}, name: Sun, value: {i % 100}, colour: "#{i:06X}"}}'
        for i in range(10000)
    ]
    (pack / "cards.yaml").write_text("cards:\n" + "\n".join(cards) + "\n", encoding="utf-8")
    layout = pack / "layouts" / "card.yaml"
    notes = "".join(
        f"  note{n}: {{type: text, box: [8, {56 + 4.5 * n}, 47, 4.5], "
        'text: "{value|number} {colour}", style: title}\n'
        for n in range(2)
    )
    layout.write_text(layout.read_text(encoding="utf-8") + notes, encoding="utf-8")
    build = [str(SCRIPT), "build", "--data", str(pack), "--out", str(work / "largest-out")]
    return run([*build, "--jobs", "2"])


def main() -> None:
    """Measure and print, or run the baseline loop."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--baseline", nargs=2, metavar=("CARDS", "OUT"))
    options = parser.parse_args()
    if options.baseline:
        baseline(int(options.baseline[0]), Path(options.baseline[1]))
        return
    work = Path(tempfile.mkdtemp(prefix="draftdeck-scale-"))
    results: dict[tuple[str, int], Run] = {}
    try:
        for cards in SIZES:
            pack = work / f"pack-{cards}"
            write_pack(pack, cards)
            build = [str(SCRIPT), "build", "--data", str(pack), "--out", str(work / "out")]
            build += ["--jobs", "2", "--force"]
            loop = [sys.executable, __file__, "--baseline", str(cards), str(work / "loop")]
            subprocess.run(build, cwd=ROOT, capture_output=True, check=True)  # warm up
            for name, command in (("draftdeck", build), ("baseline", loop)):
                runs = [run(command) for _ in range(options.runs)]
                results[name, cards] = Run(
                    statistics.median(r.wall for r in runs),
                    statistics.median(r.cpu for r in runs),
                    max(r.peak_mib for r in runs),
                )
        most = largest(work)
    finally:
        shutil.rmtree(work)
    small, large = SIZES
    print(f"runs: {options.runs} of each; starter pack, de+fr+en, A4, duplex backs, 2 jobs")
    for name in ("draftdeck", "baseline"):
        for cards in SIZES:
            r = results[name, cards]
            print(
                f"{name:9} {cards:>6} cards: {r.wall:6.2f} s wall, {r.cpu:6.2f} s CPU, "
                f"peak {r.peak_mib:5.0f} MiB"
            )
    marginal = {
        name: (results[name, large].cpu - results[name, small].cpu) / (large - small)
        for name in ("draftdeck", "baseline")
    }
    print(
        f"marginal CPU per card (three languages): draftdeck {marginal['draftdeck'] * 1e6:.0f} µs, "
        f"baseline {marginal['baseline'] * 1e6:.0f} µs, ratio {marginal['draftdeck'] / marginal['baseline']:.2f} (target 1.5)"
    )
    print(
        f"the largest build the bounds allow (10,000 cards, 7+3 elements, 3 languages): "
        f"{most.wall:.1f} s wall, peak {most.peak_mib:.0f} MiB of all processes "
        "(bounds: 3 processes in 2 GiB)"
    )


if __name__ == "__main__":
    main()
