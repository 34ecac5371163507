"""What `validate` reports of one pack, as it is remembered between runs."""

from __future__ import annotations

from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, TypedDict

from generator.core.diagnostics import Diagnostic, Severity


class OutcomeJson(TypedDict):
    """A pack's outcome as plain data."""

    diagnostics: list[dict[str, object]]
    """Each diagnostic's fields, its severity by value."""
    provisional: list[dict[str, object]]
    files: int


@dataclass(frozen=True)
class PackOutcome:
    """What `validate` reports of one pack: its problems, its values marked provisional (as
    warnings), and how many files were read."""

    root: Path
    diagnostics: tuple[Diagnostic, ...]
    provisional: tuple[Diagnostic, ...]
    files: int

    def as_json(self) -> OutcomeJson:
        """The outcome as plain data, to remember."""
        return {
            "diagnostics": [_plain(d) for d in self.diagnostics],
            "provisional": [_plain(d) for d in self.provisional],
            "files": self.files,
        }

    @classmethod
    def from_json(cls, root: Path, kept: Any) -> PackOutcome:
        """An outcome remembered with `as_json`; ValueError where the data is not one."""
        try:
            return cls(
                root,
                tuple(_diagnostic(d) for d in kept["diagnostics"]),
                tuple(_diagnostic(d) for d in kept["provisional"]),
                int(kept["files"]),
            )
        except (KeyError, TypeError, ValueError) as error:
            raise ValueError(f"not a remembered outcome: {error}") from None


def _plain(diagnostic: Diagnostic) -> dict[str, object]:
    return {**asdict(diagnostic), "severity": diagnostic.severity.value}


def _diagnostic(kept: Any) -> Diagnostic:
    return Diagnostic(**{**kept, "severity": Severity(kept["severity"])})
