"""No value the data may hold, however wrong, makes a command run away with memory or time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.games.all_star_draft.rules.scoring import MOST_FANS
from generator.services.budget import MOST_DRAWN
from tests.conftest import PACK, new_game, replace_once

EDITION = Path(PACK) / "editions/2025"


def _all_fans(value: int, first: int | None = None) -> None:
    """Every arena scores `value` for every rank; the first arena `first` for rank 1."""
    path = EDITION / "arenas.yaml"
    row = ", ".join([str(value)] * 5)
    text = re.sub(r"fans: \[[0-9, ]+\]", f"fans: [{value}, {row}]", path.read_text("utf-8"))
    if first is not None:
        text = text.replace(f"fans: [{value},", f"fans: [{first},", 1)
    path.write_text(text, encoding="utf-8")


@pytest.mark.slow
def test_a_typing_slip_in_fans_is_a_located_error_with_the_bound(
    project: Path, runner: CliRunner
) -> None:
    replace_once(
        EDITION / "arenas.yaml",
        "fans: [21, 18, 15, 12, 9, 6]",
        "fans: [1000000000, 18, 15, 12, 9, 6]",
    )
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert result.stdout.splitlines()[:4] == [
        "data/all-star-draft/editions/2025/arenas.yaml:7:12: error: "
        "item 1 of fans is 1000000000, must be at most 99 (at /arenas/0/fans/0)",
        " 7 |     fans: [1000000000, 18, 15, 12, 9, 6]",
        "   |            ^",
        "  hint: Fans for one rank: 0 to 99, as many as a printed card holds.",
    ]


@pytest.mark.slow
def test_fans_that_add_up_past_the_fan_zone_are_located_at_the_largest(
    project: Path, runner: CliRunner
) -> None:
    _all_fans(90, first=99)
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert lines[0] == (
        "data/all-star-draft/editions/2025/arenas.yaml:7:12: error: a manager can end a "
        "2-player game with 563 fans (549 from the season's best arenas, 10 for winning the "
        f"playoffs, 4 for tickets left), but the fan zone counts at most {MOST_FANS} "
        "(a track of 50 and 9 lap boxes) (at /arenas/0/fans/0)"
    )
    assert "hint: the fans on printed cards are small numbers" in result.stdout
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_the_most_fans_the_fan_zone_counts_still_validates(
    project: Path, runner: CliRunner
) -> None:
    # 6 arenas a season at 66 fans: 396, +50 for the 6-player winner
    _all_fans(66)
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 0, result.stdout


@pytest.mark.slow
def test_a_large_ticket_bonus_is_located_at_the_bonus(project: Path, runner: CliRunner) -> None:
    playoffs = EDITION / "playoffs.yaml"
    replace_once(playoffs, "{players: 2, count: 2}", "{players: 2, count: 10}")
    replace_once(playoffs, "{players: 2, fans_per_ticket: 2}", "{players: 2, fans_per_ticket: 99}")
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    first = result.stdout.splitlines()[0]
    assert first.startswith("data/all-star-draft/editions/2025/playoffs.yaml:")
    assert "(at /ticket_bonus/0/fans_per_ticket)" in first
    assert "990 for tickets left" in first


def _starter(runner: CliRunner, components: str) -> Path:
    new_game(runner, "demo")
    path = Path("demo/components.yaml")
    text = path.read_text(encoding="utf-8")
    path.write_text(text[: text.index("components:")] + components, encoding="utf-8")
    return path


def _backs(*counts: int) -> str:
    """Components of blank cards that print the back (3 elements) on both sides."""
    part = "  - {{id: {0}, name: Back {0}, count: {1}, format: poker, front: back, back: back}}\n"
    return "components:\n" + "".join(part.format(chr(97 + i), n) for i, n in enumerate(counts))


def test_a_build_that_would_draw_too_much_is_refused_before_it_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    _starter(runner, _backs(10000, 6667))
    result = runner.invoke(app, ["build", "--data", "demo", "--out", "out"])
    assert result.exit_code == 1
    assert (
        "demo/components.yaml:8:27: error: a build would draw 300,006 elements in 3 languages, "
        f"more than a build may ({MOST_DRAWN:,}); 'a' draws 60,000 of them per language "
        "(10,000 cards) (at /components/0/count)"
    ) in result.output
    assert not Path("out").exists()


@pytest.mark.slow
def test_a_build_just_inside_the_budget_is_allowed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    _starter(runner, _backs(10000, 6666))
    result = runner.invoke(app, ["validate", "demo"])
    assert "would draw" not in result.output


def test_copies_that_disagree_with_the_count_make_no_cards(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    monkeypatch.chdir(tmp_path)
    _starter(
        runner,
        "components:\n  - {id: card, name: Card, count: 12, format: poker, front: card, "
        "back: back, cards: {from: cards/cards, copies: 100, each: {extra: "
        + str(list(range(100)))
        + "}}}\n",
    )
    result = runner.invoke(app, ["validate", "demo"])
    assert result.exit_code == 1
    assert (
        "count 12 of 'card' disagrees with the 120000 cards the data makes "
        "(12 items of cards/cards x 100 values of extra x 100 copies)"
    ) in result.output


def test_an_empty_each_is_a_located_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """`each: {}` names no field to vary (a mutation test found it crashing the box)."""
    monkeypatch.chdir(tmp_path)
    _starter(
        runner,
        "components:\n  - {id: card, name: Card, count: 12, format: poker, front: card, "
        "back: back, cards: {from: cards/cards, each: {}}}\n",
    )
    result = runner.invoke(app, ["validate", "demo"])
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert "'each' of 'card' has 0 entries, must have at least 1" in result.output


CATALOG = Path("data/all-star-draft/locales/de/LC_MESSAGES/all-star-draft.po")
SUBTITLE = 'msgstr "Eishockey-Draftspiel · {edition.name|tr}"'


@pytest.mark.slow
@pytest.mark.parametrize(
    ("translated", "problem"),
    [
        (
            "Eishockey-Draftspiel · {edition.name|tr",
            "is broken: unclosed { in 'Eishockey-Draftspiel · {edition.name|tr'",
        ),
        (
            "Eishockey-Draftspiel · {edition.nmae|tr}",
            "has the placeholders {edition.nmae|tr}, not {edition.name|tr}",
        ),
        ("Eishockey-Draftspiel", "has the placeholders none, not {edition.name|tr}"),
    ],
)
def test_a_translation_that_breaks_a_template_placeholder_is_located(
    project: Path, runner: CliRunner, translated: str, problem: str
) -> None:
    replace_once(CATALOG, SUBTITLE, f'msgstr "{translated}"')
    result = runner.invoke(app, ["validate", "data"])
    assert result.exit_code == 1
    assert (
        "data/all-star-draft/layouts/card-back.yaml:16:5: error: the German translation of "
        f"'Hockey drafting game · {{edition.name|tr}}' {problem} (at /elements/subtitle/text)"
    ) in result.stdout


@pytest.mark.slow
def test_a_template_that_fails_while_drawing_is_a_located_error_from_any_worker(
    project: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Should validation ever miss a text that cannot be filled in, the build still names it."""
    replace_once(CATALOG, SUBTITLE, 'msgstr "Eishockey-Draftspiel · {edition.name|tr"')
    monkeypatch.setattr("generator.services.validate.check_translations", lambda *a: [])
    args = ["build", "--data", "data", "--out", "out", "--edition", "2025", "--locale", "de"]
    result = runner.invoke(app, [*args, "--jobs", "2"])
    assert result.exit_code == 1
    assert re.search(
        r"data/all-star-draft/layouts/card-back.yaml:16:5: error: unclosed \{ in "
        r"'Eishockey-Draftspiel · \{edition.name\|tr' \(card [a-z0-9-]+ of [a-z-]+, in de\)",
        result.output,
    )
    assert "a worker process ended early" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.slow
def test_an_output_folder_that_cannot_be_written_is_a_clear_error(
    project: Path, runner: CliRunner
) -> None:
    Path("taken").write_text("a file, not a folder", encoding="utf-8")
    args = ["build", "--data", "data", "--out", "taken/out", "--edition", "2025", "--locale", "en"]
    result = runner.invoke(app, args)
    assert result.exit_code == 1
    assert "error: Not a directory 'taken/out/all-star-draft'" in result.output
    assert "hint: a part of that path is a file, not a folder" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["simulate", "--games", "100001"],
            "'--games': Input should be less than or equal to 100000",
        ),
        (["simulate", "--jobs", "65"], "'--jobs': Input should be less than or equal to 64"),
        (["build", "--jobs", "65"], "'--jobs': Input should be less than or equal to 64"),
        (["build", "--bleed", "11"], "'--bleed': Input should be less than or equal to 10"),
    ],
)
def test_options_that_size_the_work_are_bounded(
    runner: CliRunner, args: list[str], message: str
) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in " ".join(result.output.replace("│", "").split())
