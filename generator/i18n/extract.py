"""A Babel extraction method for the strings in YAML data files.

Registered as the `draftdeck-data` entry point of `babel.extractors`, so that
`pybabel extract -F babel.cfg` (and `draftdeck i18n extract`) read the data
the same way the validator does.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Mapping
from typing import IO, Any

from generator.i18n.data_strings import data_strings
from generator.loading import strict_yaml

ExtractResult = tuple[int, str, tuple[str, str], list[str]]


def extract_data_strings(
    fileobj: IO[bytes],
    keywords: Mapping[str, Any],
    comment_tags: Collection[str],
    options: Mapping[str, Any],
) -> Iterator[ExtractResult]:
    """Yield (line, 'pgettext', (context, text), comments) for each data string."""
    name = getattr(fileobj, "name", "<data>")
    text, problems = strict_yaml.decode_utf8(fileobj.read(), str(name))
    if text is None:
        raise ValueError(problems[0].headline)
    document, problems = strict_yaml.parse_single(text, str(name))
    if document is None:
        raise ValueError(problems[0].headline)
    for found in data_strings(document):
        line, _ = document.locate(found.path)
        comment = f"{found.context}: {found.item_id}" if found.item_id else found.context
        yield line, "pgettext", (found.context, found.text), [comment]
