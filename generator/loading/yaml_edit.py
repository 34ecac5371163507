"""Edits of a YAML file's text in place: one value set, added or removed at a path, and
every other character of the file kept (comments, order, quoting, flow or block style,
indentation, line ends).

The file is parsed into nodes that know where they start and end; an edit replaces the
characters of one node, or inserts or deletes one member of a mapping, and the result is
read back to make sure it holds exactly the change and nothing else.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

import yaml

from generator.core.errors import DraftdeckError

PathKey = tuple[str | int, ...]
REMOVE = object()
"""The value that removes a mapping's key."""
_PLAIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_ .%+\-/]*[A-Za-z0-9_.%]|[A-Za-z0-9_]")
"""Text that may be written without quotes (where it reads back as the same text): no
character that means something in a flow collection, no space at either end."""


class EditError(DraftdeckError):
    """An edit that cannot be made in place."""


def edit(text: str, path: PathKey, value: Any) -> str:
    """The text with the value at `path` set to `value` (a key the mapping lacks is added at
    its end; REMOVE removes the key)."""
    try:
        root = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        raise EditError(f"the file is not valid YAML: {_first_line(error)}") from None
    if root is None or not path:
        raise EditError("the file has no value there")
    parent = _node_at(root, path[:-1], text)
    last = path[-1]
    if isinstance(parent, yaml.SequenceNode):
        if not isinstance(last, int) or not 0 <= last < len(parent.value):
            raise EditError(f"there is no item {last!r} there")
        if value is REMOVE:
            raise EditError("only a mapping's keys can be removed")
        changed = _replace(text, parent.value[last], value)
    elif isinstance(parent, yaml.MappingNode):
        pair = next((p for p in parent.value if _key(p[0]) == last), None)
        if value is REMOVE:
            changed = text if pair is None else _remove(text, parent, pair)
        elif pair is None:
            changed = _add(text, parent, str(last), value)
        else:
            _own(pair[0], pair[1])
            changed = _replace(text, pair[1], value)
    else:
        raise EditError("the value there is neither a list nor a mapping")
    _check(text, changed, path, value)
    return changed


def value_at(text: str, path: PathKey) -> Any:
    """The plain value at `path` (KeyError where there is none)."""
    found: Any = yaml.safe_load(text)
    for part in path:
        found = found[part]
    return found


def _first_line(error: yaml.YAMLError) -> str:
    return str(error).splitlines()[0] if str(error) else type(error).__name__


def _key(node: yaml.Node) -> object:
    return node.value if isinstance(node, yaml.ScalarNode) else None


def _node_at(root: yaml.Node, path: PathKey, text: str) -> yaml.Node:
    node = root
    for part in path:
        if isinstance(node, yaml.MappingNode):
            pair = next((p for p in node.value if _key(p[0]) == part), None)
            if pair is None:
                raise EditError(f"there is no key '{part}' there")
            _own(pair[0], pair[1])
            node = pair[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(part, int):
            if not 0 <= part < len(node.value):
                raise EditError(f"there is no item {part} there")
            node = node.value[part]
        else:
            raise EditError(f"there is no '{part}' there")
    return node


def _own(key: yaml.Node, value: yaml.Node) -> None:
    """A value written after its key (not an alias of a value written elsewhere)."""
    if value.start_mark.index < key.end_mark.index:
        raise EditError("the value is an alias of one written elsewhere; edit it by hand")


def _replace(text: str, node: yaml.Node, value: Any) -> str:
    start, end = node.start_mark.index, _end(text, node)
    return text[:start] + render(value, node) + text[end:]


def _end(text: str, node: yaml.Node) -> int:
    """Where a node's own characters end (a block collection's end mark lies past the
    blank lines and comments that follow it)."""
    end = node.end_mark.index
    if isinstance(node, yaml.CollectionNode) and not node.flow_style:
        while end > node.start_mark.index and text[end - 1] in " \t\r\n":
            end -= 1
    return end


def _add(text: str, mapping: yaml.MappingNode, key: str, value: Any) -> str:
    written = f"{render(key)}: {render(value)}"
    if mapping.flow_style:
        if not mapping.value:
            at = text.index("{", mapping.start_mark.index) + 1
            return text[:at] + written + text[at:]
        at = _end(text, mapping.value[-1][1])
        return text[:at] + ", " + written + text[at:]
    if not mapping.value:
        raise EditError("the mapping there is empty; edit it by hand")
    indent: int = mapping.value[0][0].start_mark.column
    last = _end(text, mapping.value[-1][1])
    line_end = text.find("\n", last)
    newline = "\r\n" if "\r\n" in text else "\n"
    if line_end == -1:
        return text + newline + " " * indent + written + newline
    at = line_end - 1 if text[line_end - 1] == "\r" else line_end
    return text[:at] + newline + " " * indent + written + text[at:]


def _remove(text: str, mapping: yaml.MappingNode, pair: tuple[yaml.Node, yaml.Node]) -> str:
    pairs = mapping.value
    index = pairs.index(pair)
    key, value = pair
    if mapping.flow_style:
        if index > 0:
            start, end = _end(text, pairs[index - 1][1]), _end(text, value)
        elif len(pairs) > 1:
            start, end = key.start_mark.index, pairs[1][0].start_mark.index
        else:
            start, end = key.start_mark.index, _end(text, value)
        return text[:start] + text[end:]
    start = text.rfind("\n", 0, key.start_mark.index) + 1
    if text[start : key.start_mark.index].strip():
        raise EditError("the key does not start its line; edit it by hand")
    end = text.find("\n", _end(text, value))
    end = len(text) if end == -1 else end + 1
    return text[:start] + text[end:]


def render(value: Any, like: yaml.Node | None = None) -> str:
    """A value as YAML in flow style, a text quoted as the value it replaces was."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise EditError(f"{value} is not a number a layout can hold")
        return _number(value)
    if isinstance(value, str):
        return _text(value, like)
    if isinstance(value, Mapping):
        return "{" + ", ".join(f"{render(str(k))}: {render(v)}" for k, v in value.items()) + "}"
    if isinstance(value, Sequence):
        return "[" + ", ".join(render(v) for v in value) + "]"
    raise EditError(f"{value!r} cannot be written in a layout")


def _number(value: float) -> str:
    """Millimetres to the hundredth, as short as they read: 12, 12.5, -0.25."""
    text = f"{round(value, 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _text(value: str, like: yaml.Node | None) -> str:
    style = like.style if isinstance(like, yaml.ScalarNode) else None
    if style == "'" and "\n" not in value:
        return "'" + value.replace("'", "''") + "'"
    if style is None and _PLAIN.fullmatch(value) and yaml.safe_load(value) == value:
        return value
    return json.dumps(value, ensure_ascii=False)


def _check(before: str, after: str, path: PathKey, value: Any) -> None:
    """The edited text reads back as the old one with exactly the one change."""
    try:
        old, new = yaml.safe_load(before), yaml.safe_load(after)
    except yaml.YAMLError as error:  # pragma: no cover - a bug of this module
        raise EditError(f"the edit would break the file: {_first_line(error)}") from None
    expected = _with(old, path, value)
    if new != expected:
        raise EditError("the edit cannot be made in place without changing more; edit it by hand")


def _with(document: Any, path: PathKey, value: Any) -> Any:
    if not path:
        return _plain(value)
    head, rest = path[0], path[1:]
    if isinstance(document, dict):
        copy = dict(document)
        if not rest and value is REMOVE:
            copy.pop(head, None)
        else:
            copy[head] = _with(document.get(head), rest, value)
        return copy
    if isinstance(document, list) and isinstance(head, int):
        items = list(document)
        items[head] = _with(items[head], rest, value)
        return items
    raise EditError(f"there is no '{head}' there")


def _plain(value: Any) -> Any:
    """The value as YAML reads back what `render` writes (numbers to the hundredth)."""
    if isinstance(value, float) and not isinstance(value, bool):
        written = _number(value)
        return float(written) if "." in written else int(written)
    if isinstance(value, Mapping):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(v) for v in value]
    return value
