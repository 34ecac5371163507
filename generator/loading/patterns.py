"""JSON Schema's regular expressions, matched in bounded time.

A pack brings its own schemas, and a `pattern` such as `^(a+)+$` makes
Python's `re` backtrack for minutes on forty a's and a '!'. The `regex`
library matches the same patterns (a superset of `re`'s syntax) and can stop
a match after a time limit; a pattern that takes longer than `LIMIT` on a
value is reported as the cause, never waited for. The keywords that match
patterns (`pattern`, `patternProperties`, and `additionalProperties` beside
them) are replaced in the validator class draftdeck uses.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache
from typing import Any

LIMIT = 0.25
"""Seconds one pattern may take on one value."""


class PatternTooSlow(Exception):
    """A schema's pattern took too long on a value: it backtracks catastrophically."""

    def __init__(self, pattern: str, value: str) -> None:
        self.pattern, self.value = pattern, value
        shown = value if len(value) <= 40 else value[:37] + "..."
        super().__init__(
            f"the pattern {pattern!r} takes more than {LIMIT:g} s to match {shown!r}: it "
            "backtracks without end"
        )


class PatternInvalid(Exception):
    """A schema's pattern is not a regular expression."""


@cache
def _compiled(pattern: str) -> Any:
    import regex

    try:
        return regex.compile(pattern)
    except regex.error as error:
        raise PatternInvalid(
            f"the pattern {pattern!r} is not a regular expression ({error})"
        ) from None


def search(pattern: str, value: str) -> bool:
    """Whether `pattern` matches somewhere in `value`, within the time limit."""
    try:
        return _compiled(pattern).search(value, timeout=LIMIT) is not None
    except TimeoutError:
        raise PatternTooSlow(pattern, value) from None


def pattern(validator: Any, wanted: str, instance: Any, schema: Mapping[str, Any]) -> Iterator[Any]:
    """The `pattern` keyword."""
    from jsonschema.exceptions import ValidationError

    if validator.is_type(instance, "string") and not search(wanted, instance):
        yield ValidationError(f"{instance!r} does not match {wanted!r}")


def pattern_properties(
    validator: Any, patterns: Mapping[str, Any], instance: Any, schema: Mapping[str, Any]
) -> Iterator[Any]:
    """The `patternProperties` keyword."""
    if not validator.is_type(instance, "object"):
        return
    for wanted, subschema in patterns.items():
        for key, value in instance.items():
            if search(wanted, key):
                yield from validator.descend(value, subschema, path=key, schema_path=wanted)


def additional_properties(
    validator: Any, allowed: Any, instance: Any, schema: Mapping[str, Any]
) -> Iterator[Any]:
    """The `additionalProperties` keyword, patternProperties matched in bounded time."""
    from jsonschema.exceptions import ValidationError

    if not validator.is_type(instance, "object"):
        return
    named = schema.get("properties", {})
    patterns = schema.get("patternProperties", {})
    extras = [
        key
        for key in instance
        if key not in named and not any(search(wanted, key) for wanted in patterns)
    ]
    if validator.is_type(allowed, "object"):
        for extra in extras:
            yield from validator.descend(instance[extra], allowed, path=extra)
    elif not allowed and extras:
        shown = ", ".join(repr(each) for each in sorted(extras))
        yield ValidationError(f"additional properties are not allowed ({shown})")


def validator_class() -> Any:
    """Draft 2020-12's validator with the pattern keywords above."""
    from jsonschema import Draft202012Validator
    from jsonschema.validators import extend

    return extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        {
            "pattern": pattern,
            "patternProperties": pattern_properties,
            "additionalProperties": additional_properties,
        },
    )
