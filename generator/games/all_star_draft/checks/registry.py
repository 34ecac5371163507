"""What every check sees, and the ordered lists checks are registered in."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from generator.diagnostics import Diagnostic
from generator.games.all_star_draft.files import EDITION_FILES
from generator.loading.document import Document

Check = Callable[["Docs"], Iterator[Diagnostic]]


@dataclass(frozen=True)
class Docs:
    """The valid documents, seen from one edition (edition files by their short name)."""

    documents: Mapping[str, Document]
    edition: str | None = None

    def key(self, name: str) -> str:
        """The document key of a shared or edition file."""
        return f"{self.edition}/{name}" if name in EDITION_FILES else name

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
