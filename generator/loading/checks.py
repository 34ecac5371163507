"""Cross-checks: what each sees, the registry they run from, and their building blocks."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.loading.document import Document, PathKey

Check = Callable[["Docs"], Iterator[Diagnostic]]


@dataclass(frozen=True)
class Docs:
    """The valid documents, seen from one edition (its files by their short name)."""

    documents: Mapping[str, Document]
    edition: str = ""
    edition_files: frozenset[str] = frozenset()
    """Short names of the files every edition has."""

    def key(self, name: str) -> str:
        """The document key of a shared or edition file."""
        return f"{self.edition}/{name}" if self.edition and name in self.edition_files else name

    def has(self, *names: str) -> bool:
        """Whether every named document loaded and passed its schema."""
        return all(self.key(n) in self.documents for n in names)

    def __getitem__(self, name: str) -> Document:
        return self.documents[self.key(name)]

    def value(self, name: str) -> Any:
        """The plain value of a document."""
        return self[name].value

    @property
    def player_counts(self) -> range:
        """Every player count the game allows."""
        players = self.value("game")["players"]
        return range(players["min"], players["max"] + 1)


class Checks:
    """Checks in the order they run, each with the documents it needs."""

    def __init__(self) -> None:
        self.entries: list[tuple[tuple[str, ...], Check]] = []

    def needs(self, *names: str) -> Callable[[Check], Check]:
        """Register a check that runs only when the named documents are valid."""

        def register(function: Check) -> Check:
            self.entries.append((names, function))
            return function

        return register

    def run(self, docs: Docs) -> Iterator[Diagnostic]:
        """Every problem the runnable checks find."""
        for names, function in self.entries:
            if docs.has(*names):
                yield from function(docs)


def duplicates(document: Document, list_path: PathKey, field: str = "id") -> Iterator[Diagnostic]:
    """An error for each item whose `field` repeats an earlier item's."""
    items = value_at(document.value, list_path)
    first: dict[Any, int] = {}
    for index, item in enumerate(items):
        value = item[field]
        if value in first:
            line, _ = document.locate((*list_path, first[value], field))
            yield document.diagnostic(
                (*list_path, index, field),
                f"{field} '{value}' is used twice (first on line {line})",
                hint=f"every {field} in this list must be different",
            )
        else:
            first[value] = index


def value_at(value: Any, path: PathKey) -> Any:
    """The value at `path` inside `value`."""
    for part in path:
        value = value[part]
    return value


def unknown(
    document: Document, path: PathKey, value: Any, known: Iterable[Any], what: str, where: str
) -> Iterator[Diagnostic]:
    """An error when `value` is not one of the known ids."""
    options = list(known)
    if value not in options:
        yield document.diagnostic(
            path,
            f"unknown {what} '{value}'",
            hint=f"use one of the {plural(what)} defined in {where}: {', '.join(map(str, options))}",
        )


def plural(noun: str) -> str:
    """An English noun's plural, as these messages need it."""
    return noun if noun.endswith("s") else noun + "s"


def permutation(
    document: Document,
    path: PathKey,
    order: Sequence[Any],
    values: Sequence[Any],
    what: str,
    one: str,
) -> Iterator[Diagnostic]:
    """An error when `order` does not list every one of `values` exactly once."""
    missing = [v for v in values if v not in order]
    extra = [v for v in order if v not in values]
    repeated = sorted({v for v in order if order.count(v) > 1}, key=str)
    problems = []
    if missing:
        problems.append("misses " + ", ".join(map(str, missing)))
    if extra:
        problems.append("has unknown " + ", ".join(map(str, extra)))
    if repeated:
        problems.append("repeats " + ", ".join(map(str, repeated)))
    if problems:
        yield document.diagnostic(
            path,
            f"tiebreak order of {what} {'; '.join(problems)}",
            hint=f"list every {one} exactly once, strongest first",
        )


def per_player_count(
    document: Document, list_path: PathKey, counts: range, what: str, *, complete: bool = True
) -> Iterator[Diagnostic]:
    """Each player count listed at most once (and, if complete, every count listed)."""
    rows = value_at(document.value, list_path)
    seen: dict[int, int] = {}
    for index, row in enumerate(rows):
        players = row["players"]
        if players not in counts:
            yield document.diagnostic(
                (*list_path, index, "players"),
                f"{what} for {players} players, but the game is for {counts.start} to {counts.stop - 1}",
                hint="players ranges are set in game.yaml",
            )
        elif players in seen:
            yield document.diagnostic(
                (*list_path, index, "players"), f"{what} for {players} players is given twice"
            )
        seen.setdefault(players, index)
    if complete:
        missing = [n for n in counts if n not in seen]
        if missing:
            yield document.diagnostic(
                list_path,
                f"{what} is missing for {and_list(missing)} players",
                hint=f"add one row per player count from {counts.start} to {counts.stop - 1}",
            )


def and_list(values: Sequence[Any]) -> str:
    """'1, 2 and 3'."""
    words = [str(v) for v in values]
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def item_ids(document: Document, key: str) -> list[str]:
    """The ids of the items of a top-level list."""
    return [item["id"] for item in document.value[key]]
