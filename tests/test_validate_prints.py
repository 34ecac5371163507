"""What validate passes, the build prints: over a corpus of broken layouts, validate reports
every text the build refuses (too long for its box, running into another element), at the
same template line and in the same language, and nothing the build prints."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.i18n.catalogs import LANGUAGE_NAMES
from generator.printing.fonts import font_path
from generator.services.starter import write_starter
from tests.conftest import replace_once

RELATIVE_CARD = """\
elements:
  background: {type: rect, box: bleed, fill: "{colour|bg}"}
  panel: {type: rect, box: [5, 5, "100% - 10", "100% - 10"], fill: paper, stroke: "{colour}", width: 0.6, radius: 3}
  value: {type: text, box: [8, "100% - 20", 20, 12], text: "{value|number}", style: corner, colour: "{colour}"}
  emblem: {type: icon, icon: star, box: ["50% - 8", "50% - 8", 16, 16], colour: "{colour}"}
  name: {type: text, box: [8, 12, "100% - 16", 12], text: "{name|tr}", style: title}
"""
MINI = """\
  - id: mini
    name: Mini card
    count: 12
    format: mini
    front: card
    back: back
    cards: {from: cards/cards}
"""


def _translate(pack: Path, locale: str, source: str, text: str) -> None:
    catalog = pack / "locales" / locale / "LC_MESSAGES" / "demo.po"
    body = catalog.read_text(encoding="utf-8")
    pattern = re.compile(rf'(msgid "{re.escape(source)}"\nmsgstr )"[^"]*"')
    assert pattern.search(body), source
    catalog.write_text(
        pattern.sub(lambda m: f'{m.group(1)}"{text}"', body, count=1), encoding="utf-8"
    )


def _second_size(pack: Path) -> None:
    """The card template used at a mini size too, and a name too long for the mini card."""
    (pack / "layouts/card.yaml").write_text(RELATIVE_CARD, encoding="utf-8")
    replace_once(
        pack / "components.yaml",
        "  - {id: poker, width_mm: 63, height_mm: 88}",
        "  - {id: poker, width_mm: 63, height_mm: 88}\n  - {id: mini, width_mm: 44, height_mm: 63}",
    )
    components = pack / "components.yaml"
    components.write_text(components.read_text(encoding="utf-8") + MINI, encoding="utf-8")
    replace_once(
        pack / "cards.yaml", "{id: sun-1, name: Sun,", "{id: sun-1, name: Plum Pudding Baron,"
    )


def _translation_collides(pack: Path) -> None:
    """A German name long enough to wrap into the emblem above it."""
    replace_once(pack / "layouts/card.yaml", "box: [8, 12, 47, 12]", "box: [8, 12, 47, 21]")
    replace_once(
        pack / "layouts/theme.yaml",
        "title: {size: 18, min: 9, font: bold}",
        "title: {size: 18, min: 12, font: bold, wrap: true}",
    )
    _translate(pack, "de", "Moon", "Der silberne Mond über den schlafenden Hügeln im Nebel")


def _narrower_pack_font(pack: Path) -> None:
    """A pack font narrower than the bundled bold: a name too long in bold fits in it, and
    one too long even in it does not."""
    (pack / "fonts").mkdir()
    shutil.copyfile(
        font_path("regular").with_name("SourceSansPro-ExtraLight.ttf"), pack / "fonts/Thin.ttf"
    )
    theme = pack / "layouts/theme.yaml"
    theme.write_text(
        theme.read_text(encoding="utf-8") + "fonts:\n  thin: fonts/Thin.ttf\n", encoding="utf-8"
    )
    replace_once(
        theme, "title: {size: 18, min: 9, font: bold}", "title: {size: 18, min: 9, font: thin}"
    )
    replace_once(
        pack / "cards.yaml",
        "{id: sun-1, name: Sun,",
        "{id: sun-1, name: Sunflower Field at Dawn and Dusk,",
    )
    replace_once(
        pack / "cards.yaml", "{id: star-1, name: Star,", "{id: star-1, name: " + "Star " * 14 + ","
    )


def _rich_text_with_icons(pack: Path) -> None:
    """A rule with bold and an icon, whose French translation does not fit."""
    card = pack / "layouts/card.yaml"
    card.write_text(
        card.read_text(encoding="utf-8").replace("  emblem:", "  # emblem:")
        + '  rule: {type: text, box: [8, 40, 47, 8], text: "Gain **2** [star] at once", '
        "size: 11, min: 8, markup: true}\n",
        encoding="utf-8",
    )
    for step in ("extract", "update"):
        assert CliRunner().invoke(app, ["i18n", step, "--data", "demo"]).exit_code == 0
    _translate(
        pack,
        "fr",
        "Gain **2** [star] at once",
        "Gagnez **2** [star] tout de suite et sans attendre la fin du tour",
    )


CASES: dict[str, Callable[[Path], None]] = {
    "a long name at a second size": _second_size,
    "a translation that collides": _translation_collides,
    "a pack font narrower than the bundled one": _narrower_pack_font,
    "rich text with an icon": _rich_text_with_icons,
}
LANGUAGES = {name: locale for locale, name in LANGUAGE_NAMES.items()}


def _kind(message: str) -> str:
    return "does not fit" if "does not fit" in message else "collides"


def _validated(runner: CliRunner) -> set[tuple[str, str, str]]:
    """(template file:line, kind, language) of each text validate refuses."""
    result = runner.invoke(app, ["validate", "--data", "demo", "--format", "json"])
    found = set()
    for d in json.loads(result.stdout)["diagnostics"]:
        message = d["message"]
        collides = "element '" in message and (" into " in message or " close to " in message)
        if d["severity"] != "error" or not ("does not fit" in message or collides):
            continue
        language = re.search(r" in ([\w ,]+) \(card ", message)
        names = re.split(r", | and ", language.group(1)) if language else ["English"]
        for name in names:
            found.add((f"{d['file']}:{d['line']}", _kind(message), LANGUAGES[name]))
    return found


def _refused(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> tuple[int, set[tuple[str, str, str]]]:
    """(exit code, (template file:line, kind, language) of each text the build's drawing
    refuses), validation's own look at the languages left out so that the drawing says it."""
    monkeypatch.setattr("generator.services.language_checks.check_languages", lambda *a: [])
    result = runner.invoke(app, ["build", "--data", "demo", "--jobs", "1", "--force"])
    found = set()
    for line in result.output.splitlines():
        overflow = re.match(
            r"error: [\w-]+ \[(\w+)\], card [\w-]+, (\S+\.yaml:\d+), element '[\w-]+': (.*)", line
        )
        collision = re.match(
            r"error: [\w-]+ \[(\w+)\], card [\w-]+: the text of element '[\w-]+' "
            r"\((\S+\.yaml:\d+)\) (.*)",
            line,
        )
        match = overflow or collision
        if match:
            locale, where, problem = match.groups()
            found.add((where, _kind(problem), locale))
    return result.exit_code, found


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=list(CASES))
def test_validate_reports_what_the_build_refuses_and_nothing_it_prints(
    case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    CASES[case](pack)
    validated = _validated(runner)
    code, refused = _refused(runner, monkeypatch)
    assert refused, f"the case refuses nothing to compare (exit {code})"
    assert code == 1
    assert validated == refused


def test_languages_that_set_the_same_words_share_one_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """A name no catalog translates prints in the source language everywhere: one error
    names the three languages; a character no font has is the character check's alone."""
    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    long_name = "Sunnyside Wonderfully Magnificent Extraordinary"
    replace_once(pack / "cards.yaml", "{id: sun-1, name: Sun,", f"{{id: sun-1, name: {long_name},")
    replace_once(pack / "cards.yaml", "{id: star-1, name: Star,", "{id: star-1, name: Star ∅,")
    result = runner.invoke(app, ["validate", "--data", "demo"])
    errors = [line for line in result.output.splitlines() if ": error: " in line]
    assert len(errors) == 2, result.output
    assert errors[0].startswith("demo/cards.yaml:") and "U+2205" in errors[0]
    assert errors[1].startswith("demo/layouts/card.yaml:11:44: error: does not fit its ")
    assert f"in German, French and English (card sun-1 of card): '{long_name}'" in errors[1]


@pytest.mark.slow
def test_a_plug_in_drawing_given_keys_it_cannot_read_is_a_located_error(
    project: Path, runner: CliRunner
) -> None:
    """Validate draws the plug-in's drawings as the build does: one that fails on the
    element's keys (the fan zone's colour left out) is an error at the element, no traceback."""
    replace_once(
        Path("data/all-star-draft/layouts/fan-zone.yaml"),
        '    args: {colour: "{rgb}"}\n',
        "",
    )
    result = runner.invoke(app, ["validate", "--data", "data"])
    assert result.exit_code == 1
    assert "Traceback" not in result.output
    assert (
        "data/all-star-draft/layouts/fan-zone.yaml:12:5: error: the rules plug-in's drawing "
        "'fan-zone' fails with this element's keys (KeyError: 'colour') (card blue of fan-zone)"
    ) in result.output
