"""A pack's own fonts: named in its theme, embedded as subsets, checked against every text
drawn in them; a symbol the bundled fonts lack prints in a pack font that has it; a font
file that cannot be used is one located error, not a cascade."""

from __future__ import annotations

import shutil
from importlib.resources import files
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.services.starter import write_starter
from tests.conftest import error_lines, replace_once
from tests.pdf_helpers import reader

VERA = Path(str(files("reportlab") / "fonts" / "Vera.ttf"))
"""Bitstream Vera, shipped with ReportLab: it has U+2205 (empty set), Source Sans Pro not."""


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    root = write_starter(Path("demo"), "demo")
    (root / "fonts").mkdir()
    shutil.copy(VERA, root / "fonts" / "Vera.ttf")
    replace_once(root / "cards.yaml", "{id: sun-1, name: Sun,", "{id: sun-1, name: Sun ∅,")
    return root


def _use_font(root: Path, file: str = "fonts/Vera.ttf") -> None:
    with (root / "layouts/theme.yaml").open("a", encoding="utf-8") as theme:
        theme.write(f"fonts:\n  body: {file}\n")
    replace_once(
        root / "layouts/theme.yaml",
        "title: {size: 18, min: 9, font: bold}",
        "title: {size: 18, min: 9, font: body}",
    )


def _fonts(pdf: Path) -> set[str]:
    page = reader(pdf).pages[0]
    found = page["/Resources"]["/Font"]
    return {str(found[name].get_object()["/BaseFont"]) for name in found}


def test_a_symbol_the_bundled_fonts_lack_is_refused_at_its_line(pack: Path) -> None:
    (line,) = error_lines(pack)
    assert line.startswith(
        "demo/cards.yaml:7:17: error: the text holds U+2205 ∅ (empty set), which the cards' "
        "fonts cannot draw"
    )


@pytest.mark.slow
def test_a_pack_font_prints_it_embedded_as_a_subset(pack: Path, runner: CliRunner) -> None:
    _use_font(pack)
    assert error_lines(pack) == []
    built = runner.invoke(app, ["build", "--data", "demo", "--locale", "en"])
    assert built.exit_code == 0, built.output
    pdf = Path("output/demo/en/card.pdf")
    assert "Sun ∅" in reader(pdf).pages[0].extract_text()
    embedded = _fonts(pdf)
    assert any(name.endswith("+BitstreamVeraSans-Roman") for name in embedded), embedded
    first = pdf.read_bytes()
    moved = Path("elsewhere/demo")  # the same pack in another folder prints the same bytes
    shutil.copytree(pack, moved)
    again = runner.invoke(app, ["build", "--data", str(moved), "--locale", "en", "--out", "o2"])
    assert again.exit_code == 0, again.output
    assert Path("o2/demo/en/card.pdf").read_bytes() == first


def test_a_text_in_a_bundled_font_is_still_held_to_that_font(pack: Path) -> None:
    _use_font(pack)
    replace_once(
        pack / "layouts/card.yaml",
        'text: "{name|tr}", style: title',
        'text: "{name|tr}", style: title, font: bold',
    )
    (line,) = error_lines(pack)
    assert line.startswith(
        "demo/layouts/card.yaml:11:44: error: the font of element 'name' has no glyph for "
        "U+2205 ∅ (empty set) in 'Sun ∅' (card sun-1 of card)"
    ), line


@pytest.mark.parametrize(
    ("file", "content", "problem"),
    [
        ("fonts/Broken.ttf", b"not a font at all", "Not a recognized TrueType font"),
        ("fonts/Missing.ttf", None, "cannot be read"),
    ],
)
def test_a_font_file_that_cannot_be_used_is_one_error_at_the_theme(
    pack: Path, file: str, content: bytes | None, problem: str
) -> None:
    replace_once(pack / "cards.yaml", "name: Sun ∅,", "name: Sun,")
    if content is not None:
        (pack / file).write_bytes(content)
    _use_font(pack, file)
    (line,) = error_lines(pack)
    assert line.startswith(f"demo/layouts/theme.yaml:14:3: error: the font file {file}"), line
    assert problem in line
