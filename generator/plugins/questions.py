"""Rules questions as data: what a game asks, what each question takes, how its answer reads.

A game declares its questions (the plug-in's `questions` hook) and draftdeck
makes every game's commands alike from them: `draftdeck rules <game>
<question>`, the pack read from `--data` and checked, the answer printed as
the question's text or, with `--json`, as JSON. A question either takes its
values on the command line (`arguments`), or reads a file of questions
(`schema`: a YAML stream or JSON Lines, each question checked against the
schema and answered in turn, a wrong one reported at its line).

Answers are values: mappings of plain data (a TypedDict each, so that the
text that prints one is checked by mypy), encoded as JSON in one place.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

ModelT = TypeVar("ModelT")
RESERVED = frozenset({"data", "as_json", "source"})
"""Names of what every question's command takes itself: --data, --json, a question file."""
AnswerT = TypeVar("AnswerT", bound=Mapping[str, Any])


@dataclass(frozen=True)
class Argument:
    """A value a question takes on the command line, given to its `answer` by `name`."""

    name: str
    """The keyword `answer` receives (and, for an argument, the name its help shows)."""
    help: str
    type: type = str
    """`str`, `int` or `bool` (a flag)."""
    option: str | None = None
    """`--players`: an option; None: a positional argument."""
    default: Any = None
    """The value when the option is not given (an argument with a default may be left out)."""
    many: bool = False
    """One or more values (a positional argument), given to `answer` as a list."""
    choices: tuple[str, ...] = ()
    """The values it may take, when only some may be."""
    shown_default: str | None = None
    """What the help says of the default, when the value itself would say too little."""


@dataclass(frozen=True)
class Question(Generic[ModelT, AnswerT]):
    """One rules question of a game."""

    name: str
    """The command: `draftdeck rules <game> <name>`."""
    help: str
    """What it answers, one sentence: the command's help."""
    answer: Callable[..., AnswerT]
    """`(model, **arguments) -> answer`; with a `schema`, `(model, question) -> answer` for
    each question of the file (a `Document`: raise `located(question, path, message)` for a
    value the rules refuse)."""
    text: Callable[[AnswerT], str]
    """The answer as lines for the terminal."""
    arguments: tuple[Argument, ...] = ()
    """What it takes on the command line (beyond `--data` and `--json`)."""
    schema: Path | None = None
    """The JSON Schema of each question of a question file; None: no file is read."""

    def refused(self) -> str | None:
        """Why draftdeck cannot call `answer` as it calls it, or None."""
        if self.schema is not None and self.arguments:
            return f"question '{self.name}' reads a file and takes arguments: one or the other"
        taken = sorted({a.name for a in self.arguments} & RESERVED)
        if taken:
            return f"question '{self.name}': an argument may not be named '{taken[0]}' (draftdeck's own)"
        names = {a.name: None for a in self.arguments}
        try:
            signature = inspect.signature(self.answer)
        except (TypeError, ValueError):  # not introspectable: trusted
            return None
        try:
            if self.schema is not None:
                signature.bind("model", "question")
            else:
                signature.bind("model", **names)
        except TypeError:
            takes = "(model, question)" if self.schema else f"(model, {', '.join(names)})"
            return (
                f"question '{self.name}': its answer ({', '.join(signature.parameters)}) cannot "
                f"be called as {takes}"
            )
        return None
