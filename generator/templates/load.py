"""Reading the theme and the templates of layouts/, with `extends` resolved."""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from generator.core.diagnostics import Diagnostic
from generator.loading.document import Document, PathKey
from generator.loading.files import resolved_inside, why_outside
from generator.printing.fonts import FAMILY, FILE, FontError, register_file
from generator.templates.model import (
    COMMON_KEYS,
    DEFAULT_SAFE,
    KEYS,
    REQUIRED,
    Element,
    Located,
    Template,
    Theme,
)

_Draft = dict[str, tuple[dict[str, Any], dict[str, Located], "_Drafts"]]
_Drafts = dict[str, Any]


def read_theme(document: Document | None, root: Path | None = None) -> Theme:
    """The theme of a schema-valid theme.yaml (draftdeck's defaults without one); its font
    files are found below the pack folder `root`. A font file that cannot be used is a
    problem of the theme, at its line, and its styles use the regular weight meanwhile, so
    the one mistake is reported once."""
    if document is None:
        return Theme()
    value = document.value
    fonts, problems = {}, []
    for name, font in value.get("fonts", {}).items():
        if font in FAMILY:
            fonts[name] = font
            continue
        found, problem = _font_file(root, str(font))
        fonts[name] = found or "regular"
        if problem is not None:
            problems.append(
                document.diagnostic(
                    ("fonts", name),
                    problem,
                    hint="name a TrueType font file (.ttf) inside the pack, e.g. "
                    "fonts/MyFont-Regular.ttf, or a weight: regular, semibold, bold, black",
                )
            )
    return Theme(
        safe=float(value.get("safe", DEFAULT_SAFE)),
        colours=dict(value.get("colours", {})),
        fonts=fonts,
        styles={name: dict(style) for name, style in value.get("styles", {}).items()},
        document=document,
        problems=tuple(problems),
    )


def _font_file(root: Path | None, relative: str) -> tuple[str | None, str | None]:
    """(`file:<path>` of a pack's font, None) or (None, what is wrong with it)."""
    if root is None:
        return None, f"the font file {relative} cannot be found without the pack"
    path = root / relative
    inside = resolved_inside(root, path)
    if inside is None or not inside.is_file():
        return None, f"the font file {relative} {why_outside(root, path)}"
    try:
        register_file(inside)
    except FontError as error:
        return None, f"the font file {relative}: {error}"
    except OSError as error:
        return None, f"the font file {relative} cannot be read ({error.strerror or error})"
    return f"{FILE}{inside}", None


def read_templates(
    documents: Mapping[str, Document], theme: Theme, broken: frozenset[str] = frozenset()
) -> tuple[dict[str, Template], list[Diagnostic]]:
    """Every template by name; a broken `extends` chain is reported and its template left out.

    `broken` names template files that exist but did not load (their own
    problems are reported): a template extending one of them is left out quietly.
    """
    templates: dict[str, Template] = {}
    problems: list[Diagnostic] = []
    for name in documents:
        drafts, colours, problem = _flatten(name, documents, (), broken)
        if problem is not None:
            if problem is not _QUIET:
                problems.append(problem)
            continue
        elements = tuple(_element(n, d) for n, d in drafts.items())
        count = sum(1 + len(_descendants(e)) for e in elements)
        if count > MAX_ELEMENTS:
            document = documents[name]
            where = ("extends",) if "extends" in document.value else ("elements",)
            problems.append(
                document.diagnostic(
                    where,
                    f"the template has {count:,} elements with those it extends, more than a "
                    f"template may ({MAX_ELEMENTS})",
                    hint="draw fewer elements, or extend a template with fewer",
                )
            )
            continue
        found = [p for element in elements for p in _misplaced_keys(element)]
        found += _unknown_above(elements)
        problems += found
        if found:
            continue  # what it draws is unknown or incomplete: the template is left out
        located = Located(documents[name], ())
        templates[name] = Template(name, elements, {**theme.colours, **colours}, located)
    return templates, problems


MAX_ELEMENTS = 100
"""Elements a template may have, those it extends and nested ones included (as one file may)."""
_QUIET = Diagnostic("", 0, 0, "a parent template is broken")
"""Stands for a problem reported elsewhere."""


def _flatten(
    name: str, documents: Mapping[str, Document], seen: tuple[str, ...], broken: frozenset[str]
) -> tuple[_Draft, dict[str, str], Diagnostic | None]:
    """The elements of a template after its ancestors', same names merged key by key."""
    document = documents[name]
    value = document.value
    drafts: _Draft = {}
    colours: dict[str, str] = {}
    parent = value.get("extends")
    if parent is not None:
        if parent in (*seen, name):
            walked = [*seen, name]
            loop = walked[walked.index(parent) :]
            start = loop.index(min(loop))  # the same message, whichever template is read first
            loop = loop[start:] + loop[:start]
            chain = " -> ".join([*loop, loop[0]])
            first = documents[loop[0]]
            message = f"templates extend each other in a circle: {chain}"
            return {}, {}, first.diagnostic(("extends",), message)
        if parent not in documents:
            return (
                {},
                {},
                document.diagnostic(
                    ("extends",),
                    f"there is no template '{parent}' to extend",
                    hint="templates here: " + ", ".join(sorted(documents)),
                ),
            )
        drafts, colours, problem = _flatten(parent, documents, (*seen, name), broken)
        if problem is not None:
            return {}, {}, problem
    colours = {**colours, **value.get("colours", {})}
    _merge(drafts, value.get("elements", {}), document, ("elements",))
    return drafts, colours, None


def _merge(drafts: _Draft, elements: Mapping[str, Any], document: Document, path: PathKey) -> None:
    for element_name, keys in elements.items():
        here: PathKey = (*path, element_name)
        spec, where, children = drafts.setdefault(element_name, ({}, {}, {}))
        where.setdefault("", Located(document, here))
        for key, value in keys.items():
            if key == "elements":
                _merge(children, value, document, (*here, "elements"))
            else:
                spec[key] = value
                where[key] = Located(document, (*here, key))


def _element(name: str, draft: tuple[dict[str, Any], dict[str, Located], _Drafts]) -> Element:
    spec, where, children = draft
    return Element(name, spec, where, tuple(_element(n, d) for n, d in children.items()))


def _unknown_above(elements: tuple[Element, ...]) -> list[Diagnostic]:
    """`above` names other top-level elements of the same template, and only they have it."""
    names = [element.name for element in elements]
    problems = []
    for element in elements:
        where = element.at("above")
        for index, name in enumerate(element.spec.get("above", ())):
            if name not in names or name == element.name:
                others = ", ".join(n for n in names if n != element.name)
                problems.append(
                    Located(where.document, (*where.path, index)).diagnostic(
                        f"element '{element.name}' is above '{name}', which is "
                        + ("itself" if name == element.name else "not an element of this template"),
                        hint=f"name elements of this template: {others}",
                    )
                )
        problems += [
            child.at("above").diagnostic(
                f"element '{child.name}' is drawn inside '{element.name}': above: is read on "
                "a template's own elements only",
                hint=f"move above: to element '{element.name}'",
            )
            for child in _descendants(element)
            if "above" in child.spec
        ]
    return problems


def _descendants(element: Element) -> list[Element]:
    return [d for child in element.children for d in (child, *_descendants(child))]


def _misplaced_keys(element: Element) -> list[Diagnostic]:
    """A key that the element's type does not read is a mistake (often a type changed by extends)."""
    if "type" not in element.spec:
        return [
            element.at().diagnostic(
                f"element '{element.name}' has no type",
                hint="give it type: rect, line, circle, polygon, text, image, icon, repeat, area or drawing",
            )
        ]
    allowed = KEYS[element.kind] | COMMON_KEYS
    problems = [
        element.at(key).diagnostic(
            f"a {element.kind} element does not use '{key}'",
            hint=f"keys of a {element.kind}: {', '.join(sorted(allowed))}",
        )
        for key in element.spec
        if key not in allowed
    ]
    missing = [k for k in REQUIRED[element.kind] if k not in element.spec and k != "elements"]
    if element.kind == "repeat" and not element.children:
        missing.append("elements")
    if missing:
        problems.append(
            element.at().diagnostic(
                f"a {element.kind} element needs {', '.join(missing)}",
                hint=f"add {', '.join(f'{k}:' for k in missing)} to element '{element.name}'",
            )
        )
    if element.children and element.kind != "repeat":
        problems.append(element.at().diagnostic(f"a {element.kind} element has no elements"))
    for child in element.children:
        problems += _misplaced_keys(child)
    return problems
