"""Validate game packs end to end: files, schemas, cross-checks, translations."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from generator.diagnostics import Diagnostic, Severity
from generator.errors import DataError, UsageError
from generator.games import GamePack, game_pack, known_games
from generator.i18n.catalogs import check_translations
from generator.loading.document import Document, PathKey
from generator.loading.pack import load_documents, load_one, unexpected_files
from generator.paths import LOCALES_DIR, SCHEMAS_DIR, display_path


@dataclass(frozen=True)
class Provisional:
    """A value marked `provisional: true`; located only when it is shown."""

    document: Document
    path: PathKey
    note: str

    def diagnostic(self, severity: Severity = Severity.WARNING) -> Diagnostic:
        """The value as a located diagnostic."""
        return self.document.diagnostic(
            self.path,
            f"provisional value: {self.note}",
            severity=severity,
            hint="confirm the value and remove 'provisional: true', or keep it and build without --strict",
        )


@dataclass(frozen=True)
class PackResult:
    """The outcome of validating one game pack."""

    game_id: str
    root: Path
    documents: Mapping[str, Document]
    """The documents that parsed and passed their schema."""
    diagnostics: tuple[Diagnostic, ...]
    provisional: tuple[Provisional, ...]
    """Every value marked provisional."""

    @property
    def ok(self) -> bool:
        """No errors were found."""
        return not any(d.severity is Severity.ERROR for d in self.diagnostics)

    @property
    def files(self) -> int:
        """How many files were read."""
        return len({d.display for d in self.documents.values()})


def find_packs(path: Path) -> list[Path]:
    """The game packs at `path`: a data folder of packs, a pack, or a file inside a pack."""
    path = path.resolve()
    if not path.exists():
        raise UsageError(f"{display_path(path)}: no such file or folder")
    if path.is_file():
        for parent in path.parents:
            if (parent / "game.yaml").is_file():
                return [parent]
        raise UsageError(f"{display_path(path)} is not inside a game pack (no game.yaml above it)")
    if (path / "game.yaml").is_file():
        return [path]
    packs = sorted(p.parent for p in path.glob("*/game.yaml"))
    if not packs:
        raise UsageError(f"{display_path(path)} holds no game pack (a folder with a game.yaml)")
    return packs


def locales_for(data_dir: Path) -> Path:
    """The catalogs that go with a data folder: a sibling locales/ if there is one."""
    for candidate in (data_dir.parent / "locales", data_dir.parent.parent / "locales"):
        if candidate.is_dir():
            return candidate
    return LOCALES_DIR


def validate_pack(
    root: Path, schemas_dir: Path = SCHEMAS_DIR, locales_dir: Path | None = None
) -> PackResult:
    """Every problem in the pack at `root`, and its provisional values."""
    pack = _pack_for(root)
    manifest, diagnostics = load_one(root, pack.MANIFEST, schemas_dir)
    specs = pack.document_specs(manifest)
    loaded = load_documents(root, specs, schemas_dir)
    documents: dict[str, Document] = dict(loaded.documents)
    if manifest is not None:
        documents["game"] = manifest
    diagnostics += loaded.diagnostics
    if manifest is not None:  # without it, edition files cannot be told from stray ones
        diagnostics += unexpected_files(root, [pack.MANIFEST, *specs])
    diagnostics += pack.cross_checks(documents)
    catalogs = locales_dir or locales_for(root)
    diagnostics += check_translations(
        documents.values(), catalogs, pack.GAME_ID, pack.locales(manifest)
    )
    provisional = tuple(p for document in documents.values() for p in provisional_values(document))
    return PackResult(pack.GAME_ID, root, documents, tuple(diagnostics), provisional)


def load_game(data_dir: Path, game_id: str) -> Any:
    """The typed model of a game from `data_dir`; raises DataError if the data is invalid."""
    result = validate_pack(_pack_root(data_dir, game_id))
    _raise_errors(result.diagnostics)
    return _pack_for(result.root).build_model(result.documents)


def _raise_errors(diagnostics: Iterable[Diagnostic]) -> None:
    errors = [d for d in diagnostics if d.severity is Severity.ERROR]
    if errors:
        raise DataError(errors) from None


def _pack_root(data_dir: Path, game_id: str) -> Path:
    """The folder of the game's pack: `data_dir` itself, or its `game_id` folder."""
    root = data_dir / game_id if not (data_dir / "game.yaml").is_file() else data_dir
    if not (root / "game.yaml").is_file():
        raise UsageError(
            f"{display_path(data_dir)} has no {game_id} pack (expected {display_path(root)}/game.yaml)"
        )
    return root


def provisional_values(document: Document) -> Iterator[Provisional]:
    """Every mapping of the document marked `provisional: true`."""
    yield from _walk_provisional(document, document.value, ())


def _walk_provisional(document: Document, value: Any, path: PathKey) -> Iterator[Provisional]:
    if isinstance(value, dict):
        if value.get("provisional") is True:
            yield Provisional(document, path, str(value.get("note", "no note given")))
        for key, child in value.items():
            yield from _walk_provisional(document, child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _walk_provisional(document, child, (*path, index))


def _pack_for(root: Path) -> GamePack:
    pack = game_pack(root.name)
    if pack is None:
        raise UsageError(
            f"{display_path(root)}: unknown game '{root.name}'; this draftdeck knows: {', '.join(known_games())}"
        )
    return pack
