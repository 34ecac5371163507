"""Reading a sweep file: the game, the settings of its games, and the variants with their edits."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import NotRequired, TypedDict

from generator.core.errors import ScenarioError
from generator.core.paths import SCHEMAS_DIR
from generator.core.plain import Plain
from generator.loading import schemas
from generator.loading.document import Document
from generator.loading.scenarios import read_source
from generator.loading.strict_yaml import parse_single
from generator.play.sweeps.goals import Goal
from generator.plugins.simulation import SimulationSettings

SCHEMA = "sweep.schema.json"
MAX_VARIANTS = 200
"""Variants a sweep plays at most, ranges expanded: a night's work on a few machines."""


RangeEntry = TypedDict("RangeEntry", {"from": float, "to": float, "step": NotRequired[float]})
"""A range of numbers to add, as a sweep file gives it ("from" is a keyword: hence this form)."""


class EditEntry(TypedDict):
    """An edit as a sweep file gives it (the schema allows one of value, add and range)."""

    file: str
    path: str
    value: NotRequired[Plain]
    add: NotRequired[float]
    range: NotRequired[RangeEntry]


class VariantEntry(TypedDict):
    """A variant as a sweep file gives it."""

    name: str
    edits: list[EditEntry]


@dataclass(frozen=True)
class Edit:
    """One change of one value: `value` replaces it, or `add` is added to it."""

    file: str
    path: str
    value: Plain = None
    add: float | None = None
    at: tuple[str | int, ...] = ()
    """Where the edit is in the sweep file (for messages)."""


@dataclass(frozen=True)
class VariantSpec:
    """A variant as the sweep file gives it, ranges expanded."""

    name: str
    edits: tuple[Edit, ...]
    at: tuple[str | int, ...]


@dataclass(frozen=True)
class SweepSpec:
    """A whole sweep file, read and checked against its schema."""

    document: Document
    game: str
    data: Path | None
    """The data folder the file names (relative to the file), if it names one."""
    settings: SimulationSettings
    variants: tuple[VariantSpec, ...]
    goal: Goal | None = None
    """What the designer wants of the variants, if the file says."""


def read_sweep(source: str) -> SweepSpec:
    """The sweep file at `source`, or a ScenarioError at its first problem."""
    text, display = read_source(source)
    document, problems = parse_single(text, display)
    if problems or document is None:
        raise ScenarioError(problems[0])
    found = schemas.validate(document, schemas.schemas_in(SCHEMAS_DIR), SCHEMA)
    if found:
        raise ScenarioError(found[0])
    value = document.value
    settings = SimulationSettings(
        value.get("players", 4),
        value.get("games", 1000),
        value.get("seed", 1),
        tuple(value.get("bots", ["greedy"])),
        value.get("edition"),
        value.get("mode"),
    )
    data = Path(source).parent / value["data"] if "data" in value else None
    variants = tuple(
        variant
        for number, entry in enumerate(value["variants"])
        for variant in _expanded(document, entry, ("variants", number))
    )
    if len(variants) > MAX_VARIANTS:
        raise ScenarioError(
            document.diagnostic(
                ("variants",),
                f"the variants and their ranges make {len(variants)} variants; a sweep plays "
                f"at most {MAX_VARIANTS}",
                hint="split the sweep, or widen the ranges' steps",
            )
        )
    names = [v.name for v in variants]
    for variant in variants:
        if names.count(variant.name) > 1:
            raise ScenarioError(
                document.diagnostic(
                    (*variant.at, "name"),
                    f"two variants are called '{variant.name}'",
                    hint="give every variant a name of its own",
                )
            )
    raw = value.get("goal")
    goal = None if raw is None else Goal(raw["kind"], raw.get("figure"), raw.get("value"))
    return SweepSpec(document, value["game"], data, settings, variants, goal)


def _expanded(
    document: Document, entry: VariantEntry, at: tuple[str | int, ...]
) -> list[VariantSpec]:
    """The variant, or one variant per value of its range."""
    fixed: list[Edit] = []
    ranged: list[tuple[Edit, list[float]]] = []
    for number, edit in enumerate(entry["edits"]):
        where = (*at, "edits", number)
        if "range" in edit:
            ranged.append(
                (Edit(edit["file"], edit["path"], at=where), _steps(document, edit, where))
            )
        else:
            fixed.append(
                Edit(edit["file"], edit["path"], edit.get("value"), edit.get("add"), where)
            )
    if len(ranged) > 1:
        raise ScenarioError(
            document.diagnostic(
                ranged[1][0].at,
                "a variant has at most one range",
                hint="make a variant of its own for each range",
            )
        )
    if not ranged:
        return [VariantSpec(entry["name"], tuple(fixed), at)]
    stepped, steps = ranged[0]
    return [
        VariantSpec(
            f"{entry['name']} {_signed(step)}",
            (*fixed, Edit(stepped.file, stepped.path, add=step, at=stepped.at)),
            at,
        )
        for step in steps
    ]


def _steps(document: Document, edit: EditEntry, at: tuple[str | int, ...]) -> list[float]:
    """The numbers a range adds, 0 left out."""
    spec = edit["range"]
    low, high, step = spec["from"], spec["to"], spec.get("step", 1)
    if low > high:
        raise ScenarioError(
            document.diagnostic(
                (*at, "range", "to"),
                f"the range goes from {low} to {high}",
                hint="'to' is the larger end",
            )
        )
    count = int((high - low) / step + 1e-9) + 1
    if count > MAX_VARIANTS:
        raise ScenarioError(
            document.diagnostic(
                (*at, "range"),
                f"the range has {count} values; a sweep plays at most {MAX_VARIANTS} variants",
                hint="take a larger step",
            )
        )
    values = [round(low + n * step, 9) for n in range(count)]
    return [int(v) if float(v).is_integer() else v for v in values if v != 0]


def _signed(number: float) -> str:
    return f"{number:+g}"
