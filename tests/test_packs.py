"""Game packs end to end: a pack of data alone, several games in one folder, plug-ins, previews."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from tests.conftest import PACK, copy_game, new_game, replace_once
from tests.pdf_helpers import MM_PER_PT, reader


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in reader(path).pages)


@pytest.mark.slow
def test_a_new_pack_validates_and_builds_as_it_is(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    created = runner.invoke(app, ["new", "demo"])
    assert created.exit_code == 0, created.output
    assert created.stdout.splitlines()[0] == "created demo/"
    for locale in ("de", "fr"):
        added = runner.invoke(app, ["i18n", "add", locale, "--data", "demo"])
        assert added.exit_code == 0, added.output  # the example's texts arrive translated
    validated = runner.invoke(app, ["validate", "--data", "demo"])
    assert validated.exit_code == 0, validated.output
    assert validated.stdout == "demo: 9 files checked, no errors, no warnings\n"
    built = runner.invoke(app, ["build", "--data", "demo", "--out", "output", "--jobs", "1"])
    assert built.exit_code == 0, built.output
    names = {"de": "Sonne", "fr": "Soleil", "en": "Sun"}
    for locale, sun in names.items():
        combined = Path("output/demo") / locale / "print-and-play.pdf"
        text = _text(combined)
        assert sun in text and "Demo" in text
        pdf = reader(combined)
        assert len(pdf.pages) == 4 + 2  # 12 cards on 2 sheets with their backs, and calibration
        assert pdf.trailer["/Root"]["/Lang"] == locale
    assert (Path("output/demo") / "data.json").is_file()


def test_new_refuses_a_bad_id_or_an_existing_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    bad = runner.invoke(app, ["new", "My Game"])
    assert bad.exit_code == 2
    assert "'My Game' cannot be a game id: use lower-case letters and digits" in bad.output
    Path("taken").mkdir()
    taken = runner.invoke(app, ["new", "taken"])
    assert taken.exit_code == 2
    assert "taken already exists; choose another id or folder" in taken.output


@pytest.mark.slow
def test_a_pack_of_data_alone_writes_its_summary_and_tables_but_has_no_simulator(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """`draftdeck new` starts a rules summary and the tables as documents: both print in
    every language of the pack with no Python; only the simulator needs a plug-in."""
    monkeypatch.chdir(tmp_path)
    new_game(runner, "demo")
    for kind in ("summary", "tables"):
        result = runner.invoke(app, [kind, "--data", "demo", "--format", "md"])
        assert result.exit_code == 0, result.output
    summaries = {
        locale: (tmp_path / "output/demo" / locale / "summary.md").read_text(encoding="utf-8")
        for locale in ("de", "fr", "en")
    }
    assert summaries["en"].startswith("# Demo: rules summary")
    assert "Für 2 bis 4 Personen." in summaries["de"]
    assert "Pour 2 à 4 joueurs." in summaries["fr"] or "Pour 2 à 4 joueurs." in summaries["fr"]
    pdf = runner.invoke(app, ["summary", "--data", "demo", "--locale", "fr"])
    assert pdf.exit_code == 0, pdf.output
    assert (tmp_path / "output/demo/fr/summary.pdf").read_bytes().startswith(b"%PDF")
    simulated = runner.invoke(app, ["simulate", "--games", "1", "--data", "demo"])
    assert simulated.exit_code == 2
    assert "demo has no rules plug-in that provides" in simulated.output
    (tmp_path / "demo/documents/summary.yaml").unlink()
    missing = runner.invoke(app, ["summary", "--data", "demo"])
    assert missing.exit_code == 2
    assert "demo has no documents/summary.yaml: write a rules summary there" in missing.output


@pytest.mark.slow
def test_several_games_in_one_data_folder(project: Path, runner: CliRunner) -> None:
    runner.invoke(app, ["new", "demo", "--into", "data"])
    validated = runner.invoke(app, ["validate", "--data", "data"])
    assert validated.exit_code == 0, validated.output
    assert validated.stdout.endswith(
        "data/all-star-draft, data/demo: 46 files checked, no errors, no warnings; "
        "56 values marked provisional (--strict fails on them)\n"
    )
    # A command about one game takes the only game that can answer it...
    previewed = runner.invoke(app, ["preview", "sun-1", "--data", "data", "--out", "png"])
    assert previewed.exit_code == 0, previewed.output
    assert (project / "png" / "sun-1-en.png").is_file()
    # ...and asks when several can, or none.
    ambiguous = runner.invoke(app, ["cards", "--data", "data"])
    assert ambiguous.exit_code == 2
    assert (
        "data holds 2 games to list cards from (all-star-draft, demo); choose one with --game"
        in ambiguous.output
    )
    nowhere = runner.invoke(app, ["preview", "moon-9", "--data", "data"])
    assert nowhere.exit_code == 2
    assert "no game in data with a card 'moon-9'; its games: all-star-draft, demo" in nowhere.output
    built = runner.invoke(
        app, ["build", "--data", "data", "--game", "demo", "--out", "output", "--locale", "en"]
    )
    assert built.exit_code == 0, built.output
    assert sorted(p.name for p in (project / "output").iterdir()) == ["demo"]
    unknown = runner.invoke(app, ["build", "--data", "data", "--game", "chess"])
    assert unknown.exit_code == 2
    assert "data has no game 'chess'; it has: all-star-draft, demo" in unknown.output


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "file"),
    [
        (["polar-bear-4"], "polar-bear-4-en.png"),
        (["combo-stadium-2", "--locale", "fr"], "combo-stadium-2-fr.png"),
        (["blue-2", "--component", "bus-token"], "blue-2-en.png"),
        (["tiebreaker-1", "--back", "--locale", "de"], "tiebreaker-1-back-de.png"),
        (["scoring-board-1", "--edition", "2020"], "scoring-board-1-en.png"),
    ],
)
def test_preview_any_card_of_any_component(
    project: Path, runner: CliRunner, args: list[str], file: str
) -> None:
    result = runner.invoke(app, ["preview", *args, "--data", "data", "--out", "shots"])
    assert result.exit_code == 0, result.output
    assert result.stdout.strip() == f"shots/{file}"
    assert (project / "shots" / file).read_bytes().startswith(b"\x89PNG")


@pytest.mark.slow
@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["blue"], "'blue' is a card of fan-zone, fan-marker; choose one with --component"),
        (["blue-1", "--back", "--component", "bus-token"], "'bus-token' cards print one-sided"),
        (["unicorn-1"], "no card 'unicorn-1' here; card ids look like: blue, combo-stadium-1,"),
        (
            ["duck-4", "--component", "dragon"],
            "no printed component 'dragon'; components: fan-zone,",
        ),
    ],
)
def test_preview_mistakes_are_messages(
    project: Path, runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(app, ["preview", *args, "--data", "data"])
    assert result.exit_code == 1
    assert message in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def _number_x(project: Path) -> float:
    """Where the first card's number is drawn, in mm from the sheet's left edge."""
    pdf = reader(project / "output/all-star-draft/2025/en/hockey-player.pdf")
    found: list[float] = []

    def visit(text: str, cm: Any, tm: Any, _font: Any, _size: Any) -> None:
        if text.strip() == "1" and not found:
            found.append((cm[0] * tm[4] + cm[2] * tm[5] + cm[4]) * MM_PER_PT)

    pdf.pages[0].extract_text(visitor_text=visit)
    return found[0]


@pytest.mark.slow
def test_moving_the_number_is_one_value_in_the_template(project: Path, runner: CliRunner) -> None:
    args = ["build", "--data", "data", "--out", "output", "--edition", "2025", "--locale", "en"]
    args += ["--bleed", "0", "--jobs", "1"]  # nine upright cards a sheet, the first top left
    assert runner.invoke(app, args).exit_code == 0
    before = _number_x(project)
    replace_once(
        Path(PACK) / "layouts/hockey-player.yaml", "box: [4, 66, 22, 18]", "box: [30, 66, 22, 18]"
    )
    result = runner.invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "up to date" not in result.stdout
    assert _number_x(project) - before == pytest.approx(26.0, abs=0.1)


def test_a_plugin_from_another_distribution_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from generator import plugins

    site = tmp_path / "site"
    (site / "othergame-1.0.dist-info").mkdir(parents=True)
    (site / "othergame-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: othergame\nVersion: 1.0\n", encoding="utf-8"
    )
    (site / "othergame-1.0.dist-info" / "entry_points.txt").write_text(
        "[draftdeck.games]\nother = othergame_plugin:PLUGIN\n", encoding="utf-8"
    )
    (site / "othergame_plugin.py").write_text(
        "from generator.plugins import Plugin\n"
        "class Other(Plugin[None]):\n    id = 'other-game'\n"
        "PLUGIN = Other()\n",
        encoding="utf-8",
    )
    monkeypatch.syspath_prepend(str(site))
    plugins._discovered.cache_clear()
    try:
        found = plugins.find_plugin("other-game")
        assert found is not None and found.id == "other-game" and not found.has("model")
        assert plugins.find_plugin("all-star-draft") is not None
    finally:
        plugins._discovered.cache_clear()
        sys.modules.pop("othergame_plugin", None)


def test_a_broken_plugin_fails_only_the_packs_that_name_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plug-in whose import fails is reported where a pack asks for it, without a
    traceback; every other game keeps working."""
    from generator import plugins
    from generator.core.errors import UsageError

    site = tmp_path / "site"
    (site / "broken-1.0.dist-info").mkdir(parents=True)
    (site / "broken-1.0.dist-info" / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: broken\nVersion: 1.0\n", encoding="utf-8"
    )
    (site / "broken-1.0.dist-info" / "entry_points.txt").write_text(
        "[draftdeck.games]\nbroken-game = broken_plugin:PLUGIN\n", encoding="utf-8"
    )
    (site / "broken_plugin.py").write_text("raise RuntimeError('half installed')\n")
    monkeypatch.syspath_prepend(str(site))
    plugins._discovered.cache_clear()
    try:
        assert plugins.find_plugin("all-star-draft") is not None
        with pytest.raises(
            UsageError,
            match=r"'broken-game' is installed but failed to load.*RuntimeError: half installed",
        ):
            plugins.find_plugin("broken-game")
    finally:
        plugins._discovered.cache_clear()
        sys.modules.pop("broken_plugin", None)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "line", "message"),
    [
        (
            "all-star-draft",
            "  - {file: setup.yaml, schema: setup.schema.json}\n",
            "the all-star-draft rules read setup.yaml, but edition_documents does not list it",
        ),
        (
            "extraliga-all-stars",
            "  - {file: opponents.yaml, schema: opponents.schema.json}\n",
            "the extraliga-all-stars rules read opponents.yaml, but documents does not list it",
        ),
    ],
)
def test_a_file_the_rules_read_must_be_listed(
    tmp_path: Path, runner: CliRunner, game: str, line: str, message: str
) -> None:
    """Leaving out of game.yaml a file a plug-in reads is a located error, not a crash."""
    copy_game(tmp_path, game)
    replace_once(tmp_path / "data" / game / "game.yaml", line, "")
    result = runner.invoke(app, ["validate", "--data", str(tmp_path / "data")])
    assert result.exit_code == 1
    assert f"{game}/game.yaml:" in result.output
    assert message in result.output


@pytest.mark.parametrize(
    ("card", "expected"),
    [("duck-4", True), ("blue-2", True), ("tiebreaker-1", True), ("zamboni-9", False)],
)
def test_a_pack_that_cannot_hold_a_card_is_not_validated_to_look(card: str, expected: bool) -> None:
    """Cards per value (blue-2) and numbered cards (tiebreaker-1) count as named."""
    from generator.services.preview import may_hold_card
    from tests.conftest import DATA

    assert may_hold_card(DATA / "all-star-draft", card) is expected
