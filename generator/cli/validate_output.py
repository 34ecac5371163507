"""The validation report: which problems to show, whether the run passed, and its output."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from generator.core.diagnostics import (
    Diagnostic,
    Severity,
    as_json,
    count,
    dumps_json,
    format_github,
    format_text,
    shown_per_file,
    sort_key,
)
from generator.core.paths import display_path
from generator.services.pack_outcome import PackOutcome


@dataclass(frozen=True)
class ValidationReport:
    """What `draftdeck validate` found across one or more packs."""

    diagnostics: tuple[Diagnostic, ...]
    """Every problem to show, sorted by file and position."""
    provisional: tuple[Diagnostic, ...]
    """Every provisional value (shown only in strict mode, listed in JSON)."""
    files: int
    packs: tuple[str, ...]
    strict: bool

    @property
    def errors(self) -> int:
        """How many errors are shown."""
        return count(self.diagnostics, Severity.ERROR)

    @property
    def warnings(self) -> int:
        """How many warnings are shown."""
        return count(self.diagnostics, Severity.WARNING)

    @property
    def passed(self) -> bool:
        """No errors, and in strict mode no warnings either."""
        return self.errors == 0 and not (self.strict and self.warnings)

    def summary(self) -> dict[str, object]:
        """The counts, for the last line and for JSON."""
        return {
            "packs": list(self.packs),
            "files": self.files,
            "errors": self.errors,
            "warnings": self.warnings,
            "provisional": len(self.provisional),
            "strict": self.strict,
            "passed": self.passed,
        }

    def render(self, output: str, quiet: bool = False) -> str:
        """The report as text, json or github annotations (`quiet`: errors only)."""
        diagnostics = self.diagnostics
        if quiet:
            diagnostics = tuple(d for d in diagnostics if d.severity is Severity.ERROR)
        if output == "json":
            return dumps_json(
                diagnostics,
                {
                    **self.summary(),
                    "provisional_values": [as_json(p) for p in self.provisional],
                },
            )
        shown = shown_per_file(diagnostics)
        if output == "github":
            return "\n".join([*(format_github(d) for d in shown), self.summary_line(quiet)])
        blocks = [format_text(d) for d in shown]
        return "\n".join([*blocks, self.summary_line(quiet)])

    def summary_line(self, quiet: bool = False) -> str:
        """One line: what was checked and how it went."""
        packs = ", ".join(self.packs)
        errors = _plural(self.errors, "error")
        if any(d.at_least for d in self.diagnostics):
            errors = f"at least {errors}"
        warnings = _plural(self.warnings, "warning")
        if quiet and self.warnings:
            warnings += " (not shown: --quiet)"
        line = f"{packs}: {self.files} files checked, {errors}, {warnings}"
        provisional = len(self.provisional)
        if provisional and not self.strict:
            line += f"; {_plural(provisional, 'value')} marked provisional (--strict fails on them)"
        elif provisional:
            line += f"; {_plural(provisional, 'value')} marked provisional"
        return line


def validation_report(
    results: Sequence[PackOutcome], *, strict: bool, extra: Sequence[Diagnostic] = ()
) -> ValidationReport:
    """Combine pack results (and problems between the packs, `extra`); in strict mode
    provisional values become errors."""
    provisional = tuple(p for r in results for p in r.provisional)
    shown = [*extra, *(d for r in results for d in r.diagnostics)]
    if strict:
        shown += [replace(p, severity=Severity.ERROR) for p in provisional]
    return ValidationReport(
        diagnostics=tuple(sorted(shown, key=sort_key)),
        provisional=provisional,
        files=sum(r.files for r in results),
        packs=tuple(display_path(r.root) for r in results),
        strict=strict,
    )


def _plural(n: int, word: str) -> str:
    if n == 0:
        return f"no {word}s"
    return f"{n:,} {word}" + ("" if n == 1 else "s")
