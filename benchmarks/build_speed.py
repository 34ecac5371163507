"""How long building the 2025 edition takes, against a minimal ReportLab script.

Both run as whole processes, alternating (see process_timing.py), on the same
A4 sheets with 3 mm bleed and duplex backs, for all three languages. Prints
the medians, the median ratio of the pairs, the time of a second build with
nothing changed, and, measured inside this process, what reading the
templates and binding them to the cards cost.

    python benchmarks/build_speed.py [--runs N]
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from process_timing import ROOT, SCRIPT, paired, wall

from generator.i18n.env import LanguageEnv
from generator.services.find import load_pack
from generator.services.render import translator
from generator.templates import expressions
from generator.templates.faces import Binder
from generator.templates.load import read_templates

PACK = ROOT / "data" / "all-star-draft"


def template_costs(repeats: int = 20) -> tuple[int, float, int, float]:
    """(templates, ms to read them all, distinct cards, µs to bind one card's front and back)."""
    loaded = load_pack(PACK)
    pack = loaded.pack
    layouts = {k.removeprefix("layouts/"): d for k, d in pack.documents.items()}
    layouts = {k: d for k, d in layouts.items() if k in pack.templates}
    reading = min(_timed(lambda: read_templates(layouts, pack.theme)) for _ in range(repeats))
    box = pack.editions["2025"]
    env = LanguageEnv(translator(loaded, "en"), ink_saver=False)
    sheets = [
        (pack.sheet(box, component, side), component)
        for component in box.components
        for side in (component.front, component.back)
        if side is not None
    ]
    cards = sum(len({id(c) for c in part.cards}) for part in box.components if part.front)

    def bind_all() -> None:
        expressions._SCOPES.clear()  # as a fresh process finds them
        for sheet, component in sheets:
            binder = Binder(sheet, env)
            for card in {id(c): c for c in component.cards}.values():
                binder.face(card.item)

    binding = min(_timed(bind_all) for _ in range(repeats))
    return len(layouts), reading * 1000, cards, binding / cards * 1e6


def _timed(function: Callable[[], object]) -> float:
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def main() -> None:
    """Measure and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    runs = parser.parse_args().runs
    work = Path(tempfile.mkdtemp(prefix="draftdeck-bench-"))
    draftdeck = [str(SCRIPT), "build", "--edition", "2025", "--paper", "a4"]
    draftdeck += ["--backs", "duplex", "--out", str(work / "dd")]
    minimal = [sys.executable, str(ROOT / "benchmarks" / "minimal_reportlab.py"), str(work / "min")]
    try:
        timed = paired([*draftdeck, "--force"], minimal, runs)
        again = statistics.median(wall(draftdeck) for _ in range(runs))
    finally:
        shutil.rmtree(work)
    templates, reading, cards, binding = template_costs()
    print(f"runs: {runs} pairs; 2025 edition, de+fr+en, A4, duplex backs")
    print(f"minimal ReportLab script:  median {timed.baseline:.2f} s")
    print(f"draftdeck build --force:   median {timed.command:.2f} s")
    print(f"ratio build/minimal:       median {timed.ratio:.2f}")
    print(f"second build, no change:   median {again * 1000:.0f} ms")
    print(f"reading {templates} templates:   {reading:.1f} ms (best of 20, in process)")
    print(
        f"binding one card, in one language: {binding:.0f} µs for front and back ({cards} cards, best of 20)"
    )


if __name__ == "__main__":
    main()
