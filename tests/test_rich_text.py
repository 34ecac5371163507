"""Rich text: **bold**, *italic* and [icons] inline, fitted, drawn in the fonts of their spans,
checked at validate, and held in every translation."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.grammar.markup import Piece, markup_problem, pieces, plain
from generator.services.starter import write_starter
from tests.conftest import error_lines, replace_once
from tests.pdf_helpers import reader

RULE = (
    '  rule: {type: text, box: [8, 40, 47, 10], text: "Gain **2** [star] *at once*", '
    "size: 12, min: 6, markup: true}\n"
)


def test_markup_becomes_pieces() -> None:
    assert pieces("Gain **2** [star] *at once*\\[x] \\*") == [
        Piece("Gain ", 0),
        Piece("2", 1),
        Piece(" ", 0),
        Piece("", 0, "star"),
        Piece(" ", 0),
        Piece("at once", 2),
        Piece("[x] *", 0),
    ]
    assert pieces("***both***\nnext") == [Piece("both", 3), None, Piece("next", 0)]
    assert plain("Gain **2** [star]") == "Gain 2 "


@pytest.mark.parametrize(
    ("source", "translated", "problem"),
    [
        ("Gain 2 [shell]", "Erhalte 2 [shell]", None),
        ("Gain 2 [shell]", "Erhalte 2 Muscheln", "changes the markup: drops [shell]"),
        ("Gain **2**", "Erhalte 2 [shell]", "changes the markup: drops ** and adds [shell]"),
        ("{tied[0]} and {tied[1]}", "{tied[0]} und {tied[1]}", None),
        ("Plain text", "Texte [brut]", None),
    ],
)
def test_a_translation_keeps_the_markup(source: str, translated: str, problem: str | None) -> None:
    assert markup_problem(source, translated) == problem


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    root = write_starter(Path("demo"), "demo")
    card = root / "layouts/card.yaml"
    kept = card.read_text(encoding="utf-8").splitlines(True)
    card.write_text("".join(line for line in kept if not line.startswith("  emblem:")) + RULE)
    return root


def test_spans_and_icons_print_in_their_fonts(pack: Path, runner: CliRunner) -> None:
    assert error_lines(pack) == []
    built = runner.invoke(app, ["build", "--data", "demo", "--locale", "en"])
    assert built.exit_code == 0, built.output
    page = reader(Path("output/demo/en/card.pdf")).pages[0]
    text = page.extract_text()
    assert "Gain" in text and "at once" in text
    fonts = page["/Resources"]["/Font"]
    names = {str(fonts[key].get_object()["/BaseFont"]).split("+")[-1] for key in fonts}
    assert {"SourceSansPro-Bold", "SourceSansPro-It", "SourceSansPro-Regular"} <= names


def test_an_unknown_inline_icon_is_located(pack: Path) -> None:
    replace_once(pack / "layouts/card.yaml", "[star]", "[moon]")
    (line,) = error_lines(pack)
    assert line.startswith(
        "demo/layouts/card.yaml:11:44: error: unknown icon 'moon' in the text of element 'rule'"
    ), line


def test_a_translation_that_drops_an_icon_is_refused(pack: Path, runner: CliRunner) -> None:
    for step in ("extract", "update"):
        assert runner.invoke(app, ["i18n", step, "--data", "demo"]).exit_code == 0
    template = (pack / "locales/demo.pot").read_text(encoding="utf-8")
    assert "#. keep every [icon], **bold** and *italic* span" in template
    catalog = pack / "locales/de/LC_MESSAGES/demo.po"
    replace_once(
        catalog,
        'msgid "Gain **2** [star] *at once*"\nmsgstr ""',
        'msgid "Gain **2** [star] *at once*"\nmsgstr "Erhalte **2** Sterne *sofort*"',
    )
    (line,) = error_lines(pack)
    assert (
        "the German translation of 'Gain **2** [star] *at once*' changes the markup: "
        "drops [star]" in line
    )
    checked = runner.invoke(app, ["i18n", "check", "--data", "demo", "--no-render"])
    assert "changes the markup: drops [star]" in checked.output


def test_bold_or_italic_that_never_closes_is_a_located_warning(
    pack: Path, runner: CliRunner
) -> None:
    """An unbalanced ** once printed everything after it bold, without a word."""
    from generator.grammar.markup import unclosed

    assert (unclosed("Gain **2"), unclosed("*at once"), unclosed("**2** *x*")) == ("**", "*", None)
    assert unclosed("\\*2") is None  # a star written as itself
    replace_once(pack / "layouts/card.yaml", "Gain **2** [star]", "Gain **2 [star]")
    result = runner.invoke(app, ["validate", "--data", "demo"])
    assert result.exit_code == 0
    assert (
        "demo/layouts/card.yaml:11:44: warning: '**' opens bold in the text of element 'rule' "
        "and nothing closes it, so the rest prints bold"
    ) in result.output
