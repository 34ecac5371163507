"""validate remembers its answer by everything it depends on: a second run of unchanged
packs prints the same report from the cache; any change to a pack's files is seen."""

from __future__ import annotations

import os
import shutil
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.core.errors import DataError
from generator.core.paths import SCHEMAS_DIR
from generator.services.remembered import cache_folder, fingerprint
from generator.services.starter import write_starter
from tests.conftest import DATA, replace_once


@pytest.fixture
def pack(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DRAFTDECK_CACHE_DIR", str(tmp_path / "cache"))
    return write_starter(Path("demo"), "demo")


def test_an_unchanged_pack_is_answered_from_the_cache(pack: Path, runner: CliRunner) -> None:
    first = runner.invoke(app, ["validate", "--data", "demo"])
    assert first.exit_code == 0
    assert len(list(cache_folder().glob("*.json"))) == 2  # the answer, and the pack's own
    again = runner.invoke(app, ["validate", "--data", "demo"])
    assert again.stdout == first.stdout and again.exit_code == 0
    assert len(list(cache_folder().glob("*.json"))) == 2


def test_a_change_to_one_pack_validates_that_pack_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, runner: CliRunner
) -> None:
    """Each pack's outcome is remembered on its own: after an edit to one pack of a folder,
    the others' come from the cache, and the report is the one a fresh run prints."""
    from generator.services import validate

    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DRAFTDECK_CACHE_DIR", str(tmp_path / "cache"))
    for game in ("one", "two"):
        write_starter(Path("data") / game, game)
    assert runner.invoke(app, ["validate"]).exit_code == 0
    replace_once(
        Path("data/one/cards.yaml"), "sun-1, name: Sun, value: 1,", "sun-1, name: Sun, value: x,"
    )
    validated: list[str] = []
    original = validate.validate_pack

    def counted(root: Path, *args: Any, **kwargs: Any) -> Any:
        validated.append(root.name)
        return original(root, *args, **kwargs)

    monkeypatch.setattr(validate, "validate_pack", counted)
    edited = runner.invoke(app, ["validate"])
    assert validated == ["one"]
    fresh = runner.invoke(app, ["validate", "--fresh"])
    assert validated == ["one", "one", "two"]
    assert edited.exit_code == fresh.exit_code == 1 and edited.stdout == fresh.stdout
    assert "must be a whole number" in edited.stdout


def test_every_change_to_a_pack_is_seen(pack: Path, runner: CliRunner) -> None:
    assert runner.invoke(app, ["validate", "--data", "demo"]).exit_code == 0
    cards = pack / "cards.yaml"
    status = cards.stat()
    replace_once(cards, "sun-1, name: Sun, value: 1,", "sun-1, name: Sun, value: x,")
    os.utime(cards, ns=(status.st_atime_ns, status.st_mtime_ns))  # same time, same size
    broken = runner.invoke(app, ["validate", "--data", "demo"])
    assert broken.exit_code == 1 and "must be a whole number" in broken.stdout


def test_the_options_and_the_folder_are_part_of_the_answer(pack: Path) -> None:
    roots = [pack]
    plain = fingerprint(roots, ("validate", "text", "False"))
    assert fingerprint(roots, ("validate", "json", "False")) != plain
    assert fingerprint(roots, ("validate", "text", "True")) != plain
    os.chdir(pack)
    assert fingerprint(roots, ("validate", "text", "False")) != plain


@pytest.mark.slow
def test_a_rules_load_checks_schemas_only_until_the_files_passed_them(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Loading for the rules (a question, a simulation) holds the files against their
    schemas once; unchanged files are not held again, a changed file is, and its error shows."""
    from generator.loading import schemas
    from generator.services.find import load_pack

    monkeypatch.setenv("DRAFTDECK_CACHE_DIR", str(tmp_path / "cache"))
    root = Path(shutil.copytree(DATA / "disaster-draft", tmp_path / "disaster-draft"))
    checked: list[str] = []
    real = schemas.validate

    def counted(document: Any, found: Any, schema: str) -> Any:
        checked.append(schema)
        return real(document, found, schema)

    monkeypatch.setattr(schemas, "validate", counted)
    load_pack(root, printing=False)
    assert checked
    checked.clear()
    load_pack(root, printing=False)
    assert checked == []
    load_pack(root, printing=True)  # validate and print: always every check
    assert checked
    checked.clear()
    units = root / "units.yaml"
    units.write_text(units.read_text(encoding="utf-8").replace("strength: 11", "strength: x", 1))
    with pytest.raises(DataError) as refused:
        load_pack(root, printing=False)
    assert [d.file.rsplit("/", 1)[-1] for d in refused.value.diagnostics] == ["units.yaml"]
    assert checked


def test_a_library_version_or_draftdeck_schema_changes_the_answer(
    pack: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An upgraded dependency, or a schema of draftdeck's own changed (a checkout keeps
    them beside the package), is a new answer."""
    from generator.services import remembered

    roots = [pack]
    plain = fingerprint(roots, ("validate",))
    versions = remembered.dependency_versions()
    monkeypatch.setattr(
        remembered, "dependency_versions", lambda: (*versions, ("jsonschema", "99"))
    )
    assert fingerprint(roots, ("validate",)) != plain
    schemas = tmp_path / "own-schemas"
    shutil.copytree(SCHEMAS_DIR, schemas)
    monkeypatch.setattr(remembered, "SCHEMAS_DIR", schemas)
    before = fingerprint(roots, ("validate",))
    (schemas / "game.schema.json").write_text("{}\n", encoding="utf-8")
    assert fingerprint(roots, ("validate",)) != before


def test_fresh_checks_anew(pack: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch) -> None:
    assert runner.invoke(app, ["validate", "--data", "demo"]).exit_code == 0
    asked: list[Path] = []
    from generator.services import validate

    real = validate.validate_pack

    def counted(root: Path, *args: Any, **kwargs: Any) -> Any:
        asked.append(root)
        return real(root, *args, **kwargs)

    monkeypatch.setattr(validate, "validate_pack", counted)
    assert runner.invoke(app, ["validate", "--data", "demo"]).exit_code == 0
    assert asked == []  # remembered
    assert runner.invoke(app, ["validate", "--data", "demo", "--fresh"]).exit_code == 0
    assert len(asked) == 1
