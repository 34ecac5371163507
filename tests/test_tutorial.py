"""docs/tutorial.md, step by step: start a game, add a field, put it on the card, translate,\nprint, write its rules, look at it and export it."""

from __future__ import annotations

import json
import shutil
from importlib.resources import files
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import PROJECT_ROOT, replace_once
from tests.pdf_helpers import reader
from tests.test_from_sheet import OPENING

TUTORIAL = (PROJECT_ROOT / "docs" / "tutorial.md").read_text(encoding="utf-8")

SCHEMA_LINE = (
    '          "motto": { "type": "string", "minLength": 1, "maxLength": 80, '
    '"description": "A short saying printed under the name (translated)." },\n'
)
TRANSLATE = "translate: [name, motto]\n"
CARD = '  - {id: sun-1, name: Sun, motto: Rise and shine, value: 1, colour: "#E8A33D"}\n'
ELEMENT = (
    '  motto: {type: text, box: [8, 6, 47, 6], text: "{motto|tr}", size: 9, min: 6, when: motto}\n'
)
MOTTO = {"de": "Aufstehen und strahlen", "fr": "Debout et rayonne", "en": "Rise and shine"}
TRANSLATED = {locale: motto for locale, motto in MOTTO.items() if locale != "en"}
"""English, the source language, is its own translation."""
STEP = '      - "Read out the motto of the card you played."\n'
RULE = {
    "de": "Lies das Motto der Karte vor, die du gespielt hast.",
    "fr": "Lisez à voix haute la devise de la carte jouée.",
    "en": "Read out the motto of the card you played.",
}
COMMANDS = [
    "draftdeck new my-game",
    "draftdeck i18n add de --data my-game",
    "draftdeck i18n add fr --data my-game",
    "draftdeck validate --data my-game",
    "draftdeck build --data my-game",
    "draftdeck preview sun-1 --data my-game",
    "draftdeck i18n extract --data my-game",
    "draftdeck i18n update --data my-game",
    "draftdeck i18n check --data my-game",
    "draftdeck preview sun-1 --data my-game --locale de",
    "draftdeck summary --data my-game",
    "draftdeck summary --data my-game --format md",
    "draftdeck export png --data my-game",
    "draftdeck export tts --data my-game",
]
SERVE = "draftdeck serve --data my-game"  # served in a browser by test_gallery_browser.py


def test_the_tutorial_opens_with_what_the_spreadsheet_test_runs() -> None:
    opening = TUTORIAL[TUTORIAL.index("## From your spreadsheet") : TUTORIAL.index("## 1.")]
    commands = [line for line in opening.splitlines() if line.startswith("draftdeck ")]
    assert commands == [c for c in OPENING if c in commands] and set(commands) == set(OPENING)


def test_the_tutorial_shows_what_this_test_does() -> None:
    for snippet in (SCHEMA_LINE, TRANSLATE, CARD, ELEMENT, STEP, SERVE, *COMMANDS):
        assert snippet in TUTORIAL, snippet
    for locale, motto in TRANSLATED.items():
        assert f'msgstr "{motto}"' in TUTORIAL, locale
    for locale in ("de", "fr"):
        assert f'msgstr "{RULE[locale]}"' in TUTORIAL, locale


def _run(runner: CliRunner, command: str, out: Path) -> str:
    result = runner.invoke(app, command.split()[1:])
    assert result.exit_code == 0, (command, result.output)
    return result.stdout


@pytest.mark.slow
def test_the_tutorial_end_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    out = tmp_path / "output"
    # 1. Start a game.
    for command in COMMANDS[:6]:
        _run(runner, command, out)
    assert (out / "my-game" / "en" / "card.pdf").is_file()
    assert (out / "preview" / "sun-1-en.png").is_file()
    # 2. Add a field, and 3. put it on the card.
    game = Path("my-game")
    replace_once(
        game / "schemas/cards.schema.json",
        '          "colour": {',
        SCHEMA_LINE + '          "colour": {',
    )
    replace_once(
        game / "game.yaml", "locales: [en, de, fr]\n", "locales: [en, de, fr]\n" + TRANSLATE
    )
    replace_once(
        game / "cards.yaml",
        '  - {id: sun-1, name: Sun, value: 1, colour: "#E8A33D"}\n',
        CARD,
    )
    with (game / "layouts/card.yaml").open("a", encoding="utf-8") as layout:
        layout.write(ELEMENT)
    warned = runner.invoke(app, ["validate", "--data", "my-game"])
    assert warned.exit_code == 0, warned.output
    assert (
        "my-game/cards.yaml:7:28: warning: 'Rise and shine' has no German or French "
        "translation yet; it prints in English meanwhile"
    ) in warned.stdout
    # 4. Translate it.
    _run(runner, COMMANDS[6], out)
    _run(runner, COMMANDS[7], out)
    for locale, motto in TRANSLATED.items():
        replace_once(
            game / f"locales/{locale}/LC_MESSAGES/my-game.po",
            'msgid "Rise and shine"\nmsgstr ""',
            f'msgid "Rise and shine"\nmsgstr "{motto}"',
        )
    assert "every text fits" in _run(runner, COMMANDS[8], out)
    # 5. Print it.
    _run(runner, COMMANDS[4], out)
    _run(runner, COMMANDS[9], out)
    for locale, motto in MOTTO.items():
        first_sheet = reader(out / "my-game" / locale / "card.pdf").pages[0].extract_text()
        assert motto in first_sheet, locale
    assert (out / "preview" / "sun-1-de.png").is_file()
    # 6. Write its rules.
    replace_once(
        game / "documents/summary.yaml",
        '      - "Play a card from your hand face up in front of you."\n',
        '      - "Play a card from your hand face up in front of you."\n' + STEP,
    )
    _run(runner, COMMANDS[6], out)
    _run(runner, COMMANDS[7], out)
    for locale, rule in list(RULE.items())[:2]:  # English needs no translation
        replace_once(
            game / f"locales/{locale}/LC_MESSAGES/my-game.po",
            f'msgid "{RULE["en"]}"\nmsgstr ""',
            f'msgid "{RULE["en"]}"\nmsgstr "{rule}"',
        )
    _run(runner, COMMANDS[10], out)
    _run(runner, COMMANDS[11], out)
    for locale, rule in RULE.items():
        summary = (out / "my-game" / locale / "summary.md").read_text(encoding="utf-8")
        assert f"3. {rule}" in summary, locale
        pdf = reader(out / "my-game" / locale / "summary.pdf")
        assert rule.split()[0] in pdf.pages[0].extract_text(), locale
    # 7. Look at every card, and play it online.
    _run(runner, COMMANDS[12], out)
    _run(runner, COMMANDS[13], out)
    for locale in MOTTO:
        pictures = out / "my-game" / "png" / "card" / locale
        assert {"sun-1.png", "sun-1-back.png", "_contact-sheet-1.png"} <= {
            p.name for p in pictures.iterdir()
        }
        deck = json.loads((out / "my-game" / "tts" / f"my-game-card-{locale}.json").read_text())
        cards = deck["ObjectStates"][0]["ContainedObjects"]
        assert cards[0]["GMNotes"] == "sun-1"


PART_TWO = [
    "draftdeck new tidepool",
    "draftdeck i18n add de --data tidepool",
    "draftdeck i18n add fr --data tidepool",
    "draftdeck validate --data tidepool",
    "draftdeck cards --data tidepool",
    "draftdeck i18n extract --data tidepool",
    "draftdeck i18n update --data tidepool",
    "draftdeck preview moon-1 --data tidepool --locale de",
]
MANIFEST_LINE = "  - {file: cards.csv, schema: cards.schema.json}\n"
ABILITY_FIELD = (
    '          "ability": { "type": "string", "minLength": 1, "maxLength": 200, '
    '"description": "What the card lets you do (rich text, translated)." },\n'
)
ABILITY_ELEMENT = (
    '  ability: {type: text, box: [8, 56, 47, 10], text: "{ability|tr}", size: 10, min: 6, '
    "markup: true, when: ability}\n"
)
ABILITY = {"de": "Erhalte sofort **2** [star]", "fr": "Gagnez aussitôt **2** [star]"}
FONT_LINES = "fonts:\n  body: fonts/Body.ttf\n"
FUZZY = '#, fuzzy\n#| msgid "Moon"\nmsgctxt "cards"\nmsgid "Full Moon"\nmsgstr "Mond"\n'


def _block(language: str) -> str:
    """The tutorial's one code block in that language."""
    start = TUTORIAL.index(f"```{language}\n") + len(f"```{language}\n")
    return TUTORIAL[start : TUTORIAL.index("```", start)]


def test_part_two_shows_what_this_test_does() -> None:
    for snippet in (*PART_TWO, MANIFEST_LINE, FONT_LINES, FUZZY, "count: 15", ABILITY_FIELD):
        assert snippet in TUTORIAL, snippet
    assert ABILITY_ELEMENT in TUTORIAL and "translate: [name, ability]" in TUTORIAL
    for locale, ability in ABILITY.items():
        assert f'msgstr "{ability}"' in TUTORIAL, locale


@pytest.mark.slow
def test_part_two_end_to_end(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    for command in PART_TWO[:3]:
        _run(runner, command, tmp_path)
    game = Path("tidepool")
    # 8. Keep the cards in a spreadsheet.
    (game / "cards.csv").write_text(_block("csv"), encoding="utf-8")
    replace_once(
        game / "game.yaml", "  - {file: cards.yaml, schema: cards.schema.json}\n", MANIFEST_LINE
    )
    (game / "cards.yaml").unlink()
    replace_once(game / "components.yaml", "count: 12", "count: 15")
    replace_once(
        game / "schemas/cards.schema.json",
        '          "colour": {',
        ABILITY_FIELD + '          "colour": {',
    )
    replace_once(
        game / "game.yaml",
        "locales: [en, de, fr]\n",
        "locales: [en, de, fr]\ntranslate: [name, ability]\n",
    )
    with (game / "layouts/card.yaml").open("a", encoding="utf-8") as layout:
        layout.write(ABILITY_ELEMENT)
    assert "no errors" in _run(runner, PART_TWO[3], tmp_path)
    listed = _run(runner, PART_TWO[4], tmp_path)
    assert "sun-1" in listed and " 3 " in listed
    # 9. Your own font.
    (game / "fonts").mkdir()
    shutil.copy(Path(str(files("reportlab") / "fonts" / "Vera.ttf")), game / "fonts/Body.ttf")
    with (game / "layouts/theme.yaml").open("a", encoding="utf-8") as theme:
        theme.write(FONT_LINES)
    replace_once(
        game / "layouts/theme.yaml",
        "title: {size: 18, min: 9, font: bold}",
        "title: {size: 18, min: 9, font: body}",
    )
    assert "no errors" in _run(runner, PART_TWO[3], tmp_path)
    # 10. A translation that survives an edit.
    cards = game / "cards.csv"
    cards.write_text(cards.read_text(encoding="utf-8").replace(",Moon,", ",Full Moon,"))
    _run(runner, PART_TWO[5], tmp_path)
    _run(runner, PART_TWO[6], tmp_path)
    german = game / "locales/de/LC_MESSAGES/tidepool.po"
    assert FUZZY in german.read_text(encoding="utf-8")
    drafted = runner.invoke(app, PART_TWO[7].split()[1:])
    assert drafted.exit_code == 0 and "warning: German (de)" in drafted.output
    replace_once(german, FUZZY, 'msgctxt "cards"\nmsgid "Full Moon"\nmsgstr "Vollmond"\n')
    source = 'msgid "Gain **2** [star] at once"\nmsgstr '
    replace_once(german, source + '""', source + '"Erhalte sofort **2** Sterne"')
    refused = runner.invoke(app, ["validate", "--data", "tidepool"])
    assert "changes the markup: drops [star]" in refused.output
    replace_once(german, source + '"Erhalte sofort **2** Sterne"', source + f'"{ABILITY["de"]}"')
    reviewed = runner.invoke(app, PART_TWO[7].split()[1:])
    assert reviewed.exit_code == 0 and "warning" not in reviewed.output, reviewed.output
    built = runner.invoke(app, ["build", "--data", "tidepool", "--locale", "de"])
    assert built.exit_code == 0, built.output
    sheets = reader(Path("output/tidepool/de/card.pdf")).pages
    assert "Vollmond" in sheets[0].extract_text()
    assert any("Erhalte sofort" in sheet.extract_text() for sheet in sheets)
