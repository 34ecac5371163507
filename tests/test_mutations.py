"""Random mutations of the valid data never raise anything but the project's own data error."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.games.all_star_draft.model import Game
from generator.services.find import LoadedPack
from generator.services.validate import validate_pack
from tests.conftest import DATA

FILES = sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*.yaml"))
FILES += sorted(p.relative_to(DATA).as_posix() for p in DATA.rglob("*.po"))
SETTINGS = settings(
    max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

yaml_noise = st.text(
    alphabet=st.sampled_from(list("ab09 -:[]{},&*!|>'\"#%@?\t\n\\é\u202f")), max_size=12
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-5, 200)
    | st.floats(allow_nan=False)
    | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=6,
)


@pytest.fixture(scope="module")
def copy(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    root = tmp_path_factory.mktemp("mutations")
    shutil.copytree(DATA, root / "data")
    yield root / "data"


def _check(data: Path) -> None:
    """Validation never raises (it reports problems); valid data always makes a model."""
    result = validate_pack(data / "all-star-draft")
    if result.ok:
        assert result.pack is not None
        assert isinstance(LoadedPack(result.pack, result.plugin).model, Game)


def _mutated(data: Path, name: str, new: bytes) -> Iterator[None]:
    path = data / name
    original = path.read_bytes()
    path.write_bytes(new)
    try:
        yield
    finally:
        path.write_bytes(original)


@pytest.mark.slow
@SETTINGS
@given(name=st.sampled_from(FILES), data_draw=st.data())
def test_text_mutations(copy: Path, name: str, data_draw: st.DataObject) -> None:
    raw = (copy / name).read_bytes()
    start = data_draw.draw(st.integers(0, len(raw)))
    end = data_draw.draw(st.integers(start, min(len(raw), start + 40)))
    kind = data_draw.draw(
        st.sampled_from(["delete", "insert", "replace", "byte", "duplicate-line"])
    )
    if kind == "delete":
        new = raw[:start] + raw[end:]
    elif kind in ("insert", "replace"):
        noise = data_draw.draw(yaml_noise).encode()
        new = raw[:start] + noise + raw[(end if kind == "replace" else start) :]
    elif kind == "byte":
        new = raw[:start] + bytes([data_draw.draw(st.integers(0, 255))]) + raw[start + 1 :]
    else:
        lines = raw.splitlines(keepends=True)
        index = data_draw.draw(st.integers(0, len(lines) - 1))
        new = b"".join([*lines[: index + 1], lines[index], *lines[index + 1 :]])
    for _ in _mutated(copy, name, new):
        _check(copy)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield path
    if isinstance(value, dict):
        for key, child in value.items():
            yield from _paths(child, (*path, key))
    elif isinstance(value, list):
        for index, child in enumerate(value):
            yield from _paths(child, (*path, index))


@pytest.mark.slow
@SETTINGS
@given(name=st.sampled_from([f for f in FILES if f.endswith(".yaml")]), data_draw=st.data())
def test_value_mutations(copy: Path, name: str, data_draw: st.DataObject) -> None:
    value = yaml.safe_load((copy / name).read_text(encoding="utf-8"))
    target = data_draw.draw(st.sampled_from(list(_paths(value))))
    action = data_draw.draw(st.sampled_from(["replace", "delete", "add"]))
    if not target:
        value = data_draw.draw(json_values)
    else:
        parent = value
        for part in target[:-1]:
            parent = parent[part]
        if action == "replace":
            parent[target[-1]] = data_draw.draw(json_values)
        elif action == "delete":
            del parent[target[-1]]
        elif isinstance(parent, dict):
            parent[data_draw.draw(st.text(min_size=1, max_size=8))] = data_draw.draw(json_values)
        else:
            parent.append(data_draw.draw(json_values))
    text = yaml.safe_dump(value, allow_unicode=True, sort_keys=False)
    for _ in _mutated(copy, name, text.encode()):
        _check(copy)
