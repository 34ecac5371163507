"""The plug-in API page, docs/plugin-api.md, made from `generator.plugin_api`'s docstrings.

griffe (mkdocstrings' reader) reads the source without importing it, so the page shows
each name's signature, fields and hooks with the docstrings written beside them. A test
keeps the page current; `make api-docs` writes it again.

    python -m tests.api_page
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import griffe

from generator import plugin_api

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "plugin-api.md"
GROUPS = {
    "generator.plugins": "The plug-in and its hooks",
    "generator.plugins.hooks": "The plug-in and its hooks",
    "generator.plugins.simulation": "Simulations",
    "generator.play.simulation": "Simulations",
    "generator.play.balance": "Figures of balance reports",
    "generator.play.compiled": "Compiled kernels",
    "generator.loading.checks": "Cross-checks",
    "generator.loading.document": "Data files",
    "generator.core.plain": "Data files",
    "generator.loading.manifest": "Data files",
    "generator.model.pack": "Data files",
    "generator.plugins.questions": "Rules questions",
    "generator.loading.scenarios": "Rules questions",
    "generator.core.workspace": "Rules questions",
    "generator.services.find": "Rules questions",
    "generator.core.errors": "Errors and diagnostics",
    "generator.core.diagnostics": "Errors and diagnostics",
    "generator.core.text_tables": "Documents and reports",
    "generator.documents.model": "Documents and reports",
    "generator.i18n.ui": "Translation",
    "generator.printing.pen": "Drawing",
    "generator.printing.geometry": "Drawing",
    "generator.templates.paint": "Drawing",
}
"""The page's sections, by the module each name comes from."""


def page() -> str:
    """The whole page, as Markdown."""
    loader = griffe.GriffeLoader(search_paths=[str(ROOT)])
    api = loader.load("generator.plugin_api")
    loader.resolve_aliases(implicit=False, external=None)
    members: Any = api.members
    sections: dict[str, list[str]] = {title: [] for title in dict.fromkeys(GROUPS.values())}
    for name in plugin_api.__all__:
        target = members[name].final_target
        sections[GROUPS[target.module.path]].append(_entry(name, target))
    lines = [
        "# The plug-in API",
        "",
        "Everything a rules plug-in imports, from `generator.plugin_api`, as its docstrings",
        "say it. [Writing a rules plug-in](plugins.md) shows how the parts fit together.",
        "This page is made from the source (`make api-docs`); do not edit it by hand.",
        "",
    ]
    for title, entries in sections.items():
        lines += [f"## {title}", "", *entries]
    return "\n".join(lines).rstrip() + "\n"


def _entry(name: str, target: Any) -> str:
    kind = target.kind.value
    if kind == "function":
        head = f"### `{name}{_signature(target)}`"
    elif kind == "class":
        bases = ", ".join(str(base) for base in target.bases)
        head = f"### class `{name}`" + (f"({bases})" if bases else "")
    elif target.value is not None and "TypeAlias" in str(target.annotation or ""):
        head = f"### `{name}` = `{str(target.value).strip(chr(39))}`"
    elif target.annotation is not None:
        head = f"### `{name}: {target.annotation}`"
    else:
        head = f"### `{name} = {target.value}`"
    parts = [head, _doc(target)]
    if kind == "class":
        parts.append(_members(target))
    return "\n\n".join(part for part in parts if part) + "\n"


def _members(target: Any) -> str:
    """A class's public fields and methods, each with its docstring."""
    rows = []
    for name, member in target.members.items():
        if (name.startswith("_") and name != "__call__") or member.is_alias:
            continue
        if member.kind.value == "function":
            shown = f"`{name}{_signature(member, method=True)}`"
        elif member.kind.value == "attribute":
            annotation = f": {member.annotation}" if member.annotation is not None else ""
            shown = f"`{name}{annotation}`"
        else:
            continue
        doc = _doc(member).replace("\n\n", " ").replace("\n", " ")
        rows.append(f"- {shown}" + (f": {doc}" if doc else ""))
    return "\n".join(rows)


def _signature(function: Any, method: bool = False) -> str:
    shown = []
    positional_only = False
    for parameter in function.parameters:
        if method and parameter.name in ("self", "cls"):
            continue
        kind = parameter.kind.value
        if kind == "positional-only":
            positional_only = True
        elif positional_only:
            shown.append("/")
            positional_only = False
        prefix = {"variadic positional": "*", "variadic keyword": "**"}.get(kind, "")
        text = prefix + parameter.name
        if parameter.annotation is not None:
            text += f": {parameter.annotation}"
        if parameter.default is not None and not prefix:
            text += f" = {parameter.default}"
        shown.append(text)
    if positional_only:
        shown.append("/")
    returns = f" -> {function.returns}" if function.returns is not None else ""
    return f"({', '.join(shown)}){returns}"


def _doc(target: Any) -> str:
    return target.docstring.value.strip() if target.docstring is not None else ""


def main() -> None:
    """Write the page."""
    PAGE.write_text(page(), encoding="utf-8")


if __name__ == "__main__":
    main()
