"""The summary benchmark's baseline lays out the same pages as `draftdeck summary`.

A baseline with fewer or lighter blocks would flatter the ratio; one that
lost track of the Markdown's shape would quietly measure something else.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest
from pypdf import PdfReader

from generator.documents import model
from generator.games.all_star_draft.queries import load
from generator.games.all_star_draft.summary.render import (
    render_text,
    summary_document,
    summary_markdown,
)
from generator.paths import DATA_DIR, LOCALES_DIR

ROOT = Path(__file__).resolve().parent.parent
SCRIPT = ROOT / "benchmarks" / "minimal_summary.py"
GAME = load(DATA_DIR)
PACK_DIR = DATA_DIR / "all-star-draft"
LOCALES = ("de", "fr", "en")


def _minimal() -> ModuleType:
    spec = importlib.util.spec_from_file_location("minimal_summary", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.register_fonts()
    return module


MINIMAL = _minimal()


def _our_blocks(locale: str) -> Counter[str]:
    document = summary_document(GAME, "2025", locale, LOCALES_DIR, PACK_DIR)
    kinds = Counter(type(block).__name__ for block in document.blocks)
    kinds["Heading"] += 1  # the title
    kinds["Cell"] = sum(
        len(b.header) + sum(len(row) for row in b.rows)
        for b in document.blocks
        if isinstance(b, model.Table)
    )
    return kinds


def _baseline_blocks(locale: str) -> Counter[str]:
    names = {
        "Paragraph": "Paragraph",
        "KeepTogether": "Table",
        "ListFlowable": "Bullets",
        "Cards": "Figure",
    }
    story = MINIMAL.story(summary_markdown(GAME, "2025", locale, LOCALES_DIR, PACK_DIR))
    kinds: Counter[str] = Counter()
    for flowable in story:
        kind = names[type(flowable).__name__]
        if kind == "Paragraph" and flowable.style.name in ("h1", "h2"):
            kind = "Heading"
        kinds[kind] += 1
        if kind == "Table":
            grid = flowable._content[1]
            kinds["Cell"] += sum(len(row) for row in grid._cellvalues)
    return kinds


@pytest.mark.parametrize("locale", LOCALES)
def test_the_baseline_has_every_block_of_the_summary(locale: str) -> None:
    assert _baseline_blocks(locale) == _our_blocks(locale)


def test_the_baseline_fills_as_many_pages_with_as_much_text(tmp_path: Path) -> None:
    for locale in LOCALES:
        folder = tmp_path / "md" / "2025" / locale
        folder.mkdir(parents=True)
        text = summary_markdown(GAME, "2025", locale, LOCALES_DIR, PACK_DIR)
        (folder / "summary.md").write_text(text, encoding="utf-8")
    subprocess.run(
        [sys.executable, str(SCRIPT), str(tmp_path / "md"), str(tmp_path / "pdf")], check=True
    )
    for locale in LOCALES:
        document = summary_document(GAME, "2025", locale, LOCALES_DIR, PACK_DIR)
        ours_pdf = tmp_path / f"ours-{locale}.pdf"
        ours_pdf.write_bytes(render_text(document, GAME, "pdf", "a4"))
        ours = PdfReader(ours_pdf)
        baseline = PdfReader(tmp_path / "pdf" / f"summary-{locale}.pdf")
        assert len(baseline.pages) == len(ours.pages), locale
        our_words = sum(len(page.extract_text().split()) for page in ours.pages)
        baseline_words = sum(len(page.extract_text().split()) for page in baseline.pages)
        assert abs(baseline_words - our_words) <= 0.1 * our_words, locale
