"""A Babel extraction method for the strings in YAML data files.

Registered as the `draftdeck-data` entry point of `babel.extractors`, so that
`pybabel extract -F babel.cfg` (and `draftdeck i18n extract`) read the data
the same way the validator does.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from pathlib import Path
from typing import IO, Any

from generator.core.diagnostics import Diagnostic
from generator.grammar.markup import markup
from generator.i18n.data_strings import DEFAULT_TRANSLATED, data_strings
from generator.i18n.glossary import Glossary
from generator.loading import strict_yaml
from generator.loading.manifest import DOCUMENTS, LAYOUTS, PHRASES, translated_keys

ExtractResult = tuple[int, str, tuple[str, ...], list[str]]


class UnreadableData(ValueError):
    """A data file the extractor cannot read; `problem` says where and why.

    A ValueError, as Babel expects of an extraction method; `draftdeck i18n
    extract` reports the problem like validation does."""

    def __init__(self, problem: Diagnostic) -> None:
        super().__init__(problem.headline)
        self.problem = problem


def extract_data_strings(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[ExtractResult]:
    """Yield (line, 'pgettext', (context, text), comments) for each data string, or
    (line, 'npgettext', (context, text, plural), comments) for one with plural forms; the
    comments name the terms of `options["glossary"]` (a Glossary) that the string uses."""
    name = getattr(fileobj, "name", "<data>")
    text, problems = strict_yaml.decode_utf8(fileobj.read(), str(name))
    if text is None:
        raise UnreadableData(problems[0])
    document, problems = strict_yaml.parse_single(text, str(name))
    if document is None:
        raise UnreadableData(problems[0])
    root = _pack_root(Path(str(name)))
    parts = Path(str(name)).resolve().relative_to(root).parts if root is not None else ()
    layout = parts[:1] == (LAYOUTS,)
    phrases = parts == (LAYOUTS, f"{PHRASES}.yaml")
    texts = parts[:1] == (DOCUMENTS,)
    glossary = options.get("glossary") or Glossary()
    for found in data_strings(
        document, _translated_keys(root), layout=layout, phrases=phrases, texts=texts
    ):
        line, _ = document.locate(found.path)
        where = f"{found.context}: {found.item_id}" if found.item_id else found.context
        comment = [where, *glossary.comments(found.text), *markup_comment(found.text)]
        if found.plural is not None:
            yield line, "npgettext", (found.context, found.text, found.plural), comment
        else:
            yield line, "pgettext", (found.context, found.text), comment


MARKUP_NOTE = "keep every [icon], **bold** and *italic* span: the card draws them"


def markup_comment(text: str) -> list[str]:
    """A note for translators on a text with rich-text markup."""
    return [MARKUP_NOTE] if markup(text) else []


def sheet_strings(root: Path, glossary: Glossary) -> Iterator[tuple[str, ExtractResult]]:
    """The data strings of the pack's spreadsheets, each with the cell it is in; a sheet
    that does not load is skipped (validate reports it)."""
    from generator.loading.manifest import MANIFEST, read_manifest
    from generator.loading.pack import load_one, pack_schemas
    from generator.loading.sheets import is_sheet

    found = pack_schemas(root)
    manifest_document, _ = load_one(root, MANIFEST, found)
    if manifest_document is None:
        return
    manifest = read_manifest(root, manifest_document)
    for spec in manifest.specs():
        if not is_sheet(spec.relative):
            continue
        document, _ = load_one(root, spec, found)
        if document is None:
            continue
        for string in data_strings(document, manifest.translate):
            where = f"{string.context}: {string.item_id}" if string.item_id else string.context
            cell = document.where(string.path).removeprefix(f"{document.display}:")
            comment = [
                where,
                f"cell {cell}",
                *glossary.comments(string.text),
                *markup_comment(string.text),
            ]
            if string.plural is not None:
                message: tuple[str, ...] = (string.context, string.text, string.plural)
                yield spec.relative, (0, "npgettext", message, comment)
            else:
                yield spec.relative, (0, "pgettext", (string.context, string.text), comment)


def _pack_root(path: Path) -> Path | None:
    """The pack folder a data file belongs to: the nearest folder above it with a game.yaml."""
    for parent in path.resolve().parents:
        if (parent / "game.yaml").is_file():
            return parent
    return None


def _translated_keys(root: Path | None) -> frozenset[str]:
    """The keys the pack's manifest translates (name, when it says nothing)."""
    if root is None:
        return DEFAULT_TRANSLATED
    document, _ = strict_yaml.load_file(root / "game.yaml", str(root / "game.yaml"))
    value = document.value if document is not None else None
    keys = value.get("translate") if isinstance(value, dict) else None
    if isinstance(keys, list) and all(_entry(k) for k in keys):
        return translated_keys(keys)
    return DEFAULT_TRANSLATED


def _entry(key: Any) -> bool:
    """A well-formed entry of `translate:` (the schema reports the others)."""
    if isinstance(key, dict):
        return isinstance(key.get("key"), str) and isinstance(key.get("when"), str)
    return isinstance(key, str)
