"""The plug-in contract: every hook a method of `Plugin`, checked by mypy where a plug-in
overrides it, and at run time for a plug-in mypy never saw."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.core.errors import UsageError
from generator.plugins import (
    Hook,
    Plugin,
    checked,
    checked_drawings,
    checked_icons,
    checked_simulation,
    installed,
)
from generator.plugins.questions import Argument, Question
from generator.plugins.simulation import Simulation

SHIPPED = ("all-star-draft", "disaster-draft", "extraliga-all-stars")


@pytest.mark.parametrize("game", SHIPPED)
def test_every_hook_a_shipped_game_overrides_meets_its_contract(game: str) -> None:
    plugin = installed()[game]
    assert checked(plugin) is None
    assert plugin.has("model") and plugin.has("cross_checks") and plugin.has("values")
    assert all(isinstance(q, Question) and q.refused() is None for q in plugin.questions())
    assert isinstance(checked_simulation(plugin), Simulation)
    assert all(callable(drawing) for drawing in checked_drawings(plugin).values())
    assert all(callable(icon) for icon in checked_icons(plugin).values())


def test_a_hook_not_overridden_is_absent() -> None:
    class Bare(Plugin[None]):
        id = "bare"

    hooks: tuple[Hook, ...] = ("model", "questions", "simulation", "drawings")
    assert not any(Bare().has(hook) for hook in hooks)
    assert Bare().cross_checks({}, None) == []  # type: ignore[arg-type]
    with pytest.raises(UsageError, match="the bare plug-in has no simulation"):
        Bare().simulation()


def test_a_hook_that_takes_other_arguments_is_refused_with_both_signatures() -> None:
    class Mine(Plugin[None]):
        id = "mine"

        def cross_checks(self, documents):  # type: ignore[no-untyped-def, override]
            return []

    why = checked(Mine())
    assert why is not None
    assert "cross_checks hook (documents)" in why and "2 arguments" in why


def test_a_plugin_without_an_id_is_refused() -> None:
    class Nameless(Plugin[None]):
        pass

    assert checked(Nameless()) == "Nameless sets no id"


def test_a_drawing_that_takes_other_arguments_is_refused() -> None:
    def drawing(pen: Any) -> None:
        return None

    class Mine(Plugin[None]):
        id = "mine"

        def drawings(self) -> Mapping[str, Any]:
            return {"dial": drawing}

    with pytest.raises(UsageError, match=r"mine.s drawing .dial. \(pen\) .* 2 arguments"):
        checked_drawings(Mine())


def test_a_simulation_hook_must_return_a_simulation() -> None:
    class Mine(Plugin[None]):
        id = "mine"

        def simulation(self) -> Any:
            return len

    with pytest.raises(UsageError, match="mine's simulation is a builtin_function_or_method"):
        checked_simulation(Mine())


def _mypy(*targets: Path, cwd: Path) -> subprocess.CompletedProcess[str]:
    """mypy --strict as a plug-in's author runs it in their own project."""
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", *map(str, targets)],
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.slow
def test_a_fresh_plugin_passes_mypy_and_a_wrong_hook_fails_it(tmp_path: Path) -> None:
    """`new --plugin` type-checks as it is, in its own folder with no test of the author's;
    a hook method that takes other arguments than draftdeck's, and a hook module whose
    function does, each fail mypy --strict."""
    for game in ("tidy-game", "broken-game"):
        made = CliRunner().invoke(app, ["new", game, "--plugin", "--into", str(tmp_path)])
        assert made.exit_code == 0, made.output
    plugins = {game: tmp_path / game / "plugin" for game in ("tidy-game", "broken-game")}
    checks = plugins["broken-game"] / "broken_game_rules" / "checks.py"
    text = checks.read_text(encoding="utf-8")
    wrong = text.replace(
        "def cross_checks(documents: Mapping[str, Document], manifest: Manifest)",
        "def cross_checks(documents: Mapping[str, Document])",
    )
    assert wrong != text
    checks.write_text(wrong, encoding="utf-8")
    plugin = plugins["broken-game"] / "broken_game_rules" / "plugin.py"
    text = plugin.read_text(encoding="utf-8")
    wrong = text.replace(
        "def model(self, pack: Pack, /)", "def model(self, pack: Pack, edition: str, /)"
    )
    assert wrong != text
    plugin.write_text(wrong, encoding="utf-8")
    checked = _mypy(
        plugins["tidy-game"] / "tidy_game_rules",
        plugins["tidy-game"] / "tests",
        plugins["broken-game"] / "broken_game_rules",
        cwd=tmp_path,
    )
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert checked.returncode == 1 and errors, checked.stdout + checked.stderr
    assert all(line.startswith("broken-game") for line in errors), checked.stdout
    assert any("plugin.py" in line and "Too many arguments" in line for line in errors), errors
    assert any('Signature of "model" incompatible with supertype' in line for line in errors)


def test_the_api_page_says_what_plugin_api_holds() -> None:
    """docs/plugin-api.md is made from the source: run `make api-docs` after changing a
    docstring or a signature of the plug-in API."""
    from tests.api_page import PAGE, page

    assert PAGE.read_text(encoding="utf-8") == page(), "docs/plugin-api.md is stale: make api-docs"


def test_a_question_whose_answer_cannot_take_what_it_declares_is_refused() -> None:
    def answer(model: object, cards: list[str]) -> dict[str, int]:
        return {"cards": len(cards)}

    def on_file(model: object, question: object) -> dict[str, int]:
        return {}

    takes: Question[object, dict[str, int]] = Question(
        "count", "Count.", answer, str, arguments=(Argument("cards", "Cards."),)
    )
    assert takes.refused() is None
    wrong: Question[object, dict[str, int]] = Question(
        "count", "Count.", answer, str, arguments=(Argument("players", "P."),)
    )
    assert wrong.refused() == (
        "question 'count': its answer (model, cards) cannot be called as (model, players)"
    )
    assert Question("ask", "Ask.", on_file, str, schema=Path("q.json")).refused() is None
    both: Question[object, dict[str, int]] = Question(
        "ask", "Ask.", on_file, str, (Argument("x", "X."),), Path("q.json")
    )
    assert both.refused() == "question 'ask' reads a file and takes arguments: one or the other"
