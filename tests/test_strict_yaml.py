"""The strict YAML reader refuses the format's pitfalls with located messages."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from generator.loading import strict_yaml
from generator.loading.document import Positions
from generator.loading.strict_yaml import decode_utf8, parse_single, parse_stream, resolve_plain


def headlines(text: str) -> list[str]:
    _, diagnostics = parse_stream(text, "f.yaml")
    return [d.headline for d in diagnostics]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("a: 1", {"a": 1}),
        ("a: -3", {"a": -3}),
        ("a: 0", {"a": 0}),
        ("a: 1.5", {"a": 1.5}),
        ("a: true", {"a": True}),
        ("a: False", {"a": False}),
        ("a: null", {"a": None}),
        ("a: ~", {"a": None}),
        ("a:", {"a": None}),
        ("a: 0x1F", {"a": 31}),
        ("a: 0o17", {"a": 15}),
        ("a: text", {"a": "text"}),
        ("a: '0755'", {"a": "0755"}),
        ('a: "no"', {"a": "no"}),
        ("a: [1, b, {c: d}]", {"a": [1, "b", {"c": "d"}]}),
        ("a: nothing", {"a": "nothing"}),
        ("a: tiger-5", {"a": "tiger-5"}),
        ("a: ²", {"a": "²"}),
        ("a: ٣", {"a": "٣"}),
    ],
)
def test_core_schema_values(text: str, value: object) -> None:
    document, diagnostics = parse_single(text, "f.yaml")
    assert diagnostics == []
    assert document is not None
    assert document.value == value


@pytest.mark.parametrize("word", ["no", "No", "NO", "yes", "on", "Off", "y", "n"])
def test_yaml11_booleans_are_refused(word: str) -> None:
    assert headlines(f"a: {word}") == [
        f"f.yaml:1:4: error: '{word}' is ambiguous: YAML 1.1 reads it as a boolean, YAML 1.2 as text"
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: 0755", "'0755' is ambiguous: YAML 1.1 reads a leading zero as octal"),
        (
            "a: 2025-06-17",
            "'2025-06-17' is an unquoted date, which YAML 1.1 turns into a date object",
        ),
        ("a: 1:30", "'1:30' is ambiguous: YAML 1.1 reads it as a number"),
        ("a: 1_000", "'1_000' is ambiguous: YAML 1.1 reads it as a number"),
    ],
)
def test_yaml11_numbers_and_dates_are_refused(text: str, message: str) -> None:
    assert headlines(text) == [f"f.yaml:1:4: error: {message}"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("a: .nan", "'.nan' is not a finite number"),
        ("a: -.inf", "'-.inf' is not a finite number"),
        ("a: .Inf", "'.Inf' is not a finite number"),
        ("a: 1e400", "'1e400' is not a finite number"),
        ("a: " + "9" * 31, "this number is too long to be meant"),
        ("a: " + "9" * 5000, "this number is too long to be meant"),
        ("a: 0x" + "f" * 40, "this number is too long to be meant"),
        ("a: 1." + "5" * 40, "this number is too long to be meant"),
    ],
)
def test_numbers_no_printed_game_holds_are_refused(text: str, message: str) -> None:
    assert headlines(text) == [f"f.yaml:1:4: error: {message}"]


def test_thirty_digits_are_still_a_number() -> None:
    assert resolve_plain("9" * 30) == (int("9" * 30), None)


PATTERNS = [
    strict_yaml._INT,
    strict_yaml._INT_OCT,
    strict_yaml._INT_HEX,
    strict_yaml._FLOAT,
    strict_yaml._INF,
    strict_yaml._NAN,
    strict_yaml._DATE,
    strict_yaml._BASE60,
    strict_yaml._UNDERSCORED,
]


@given(st.sampled_from(PATTERNS).flatmap(lambda p: st.from_regex(p, fullmatch=True)))
def test_every_number_or_date_pattern_starts_with_a_number_start(text: str) -> None:
    # resolve_plain returns other texts before it tries the patterns
    assert text[0] in strict_yaml._NUMBER_START


@given(st.from_regex(r"[-+]?(0|[1-9][0-9]{0,5})(\.[0-9]{1,3})?", fullmatch=True))
def test_numbers_read_as_numbers(text: str) -> None:
    value, problem = resolve_plain(text)
    assert problem is None
    assert value == (float(text) if "." in text else int(text))


def test_resolve_plain_reports_the_hint() -> None:
    value, problem = resolve_plain("on")
    assert value == "on"
    assert problem == (
        "'on' is ambiguous: YAML 1.1 reads it as a boolean, YAML 1.2 as text",
        'write true or false, or quote it: "on"',
    )


def test_duplicate_key_names_the_first_line() -> None:
    assert headlines("a: 1\nb: 2\na: 3\n") == [
        "f.yaml:3:1: error: duplicate key 'a' (first defined on line 1)"
    ]


def test_duplicate_key_keeps_the_first_value() -> None:
    documents, _ = parse_stream("a: 1\na: 3\n", "f.yaml")
    assert documents[0].value == {"a": 1}


def test_anchor_and_alias_are_refused() -> None:
    assert headlines("a: &x 1\nb: *x\n") == [
        "f.yaml:1:4: error: anchor '&x' is not allowed in data files",
        "f.yaml:2:4: error: alias '*x' is not allowed in data files",
    ]


def test_alias_as_a_key_is_refused() -> None:
    assert headlines("a: 1\n*x : 2\nb: 3\n") == [
        "f.yaml:2:1: error: alias '*x' is not allowed in data files"
    ]


def test_alias_bomb_is_refused_without_expansion() -> None:
    lines = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i, name in enumerate("bcdefghi"):
        prev = "abcdefghi"[i]
        lines.append(f"{name}: &{name} [" + ",".join([f"*{prev}"] * 9) + "]")
    found = headlines("\n".join(lines))
    assert len(found) == 9 + 72
    assert found[0] == "f.yaml:1:4: error: anchor '&a' is not allowed in data files"


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("a: !!str 3", "!!str"),
        ("a: !!python/object:os.system x", "!!python/object:os.system"),
        ("a: !custom x", "!custom"),
    ],
)
def test_tags_are_refused(text: str, shown: str) -> None:
    assert headlines(text) == [f"f.yaml:1:4: error: tag '{shown}' is not allowed on a value"]


def test_non_text_keys_are_refused() -> None:
    assert headlines("2: x\n") == ["f.yaml:1:1: error: mapping key '2' is not text"]


def test_complex_keys_are_refused() -> None:
    assert headlines("? [a]\n: b\n") == [
        "f.yaml:1:3: error: a mapping key must be plain text, not a list or mapping"
    ]


def test_deep_nesting_is_refused() -> None:
    assert headlines("a: " + "[" * 40 + "]" * 40) == [
        "f.yaml:1:35: error: nested deeper than 32 levels"
    ]


def test_syntax_error_is_located_with_a_hint() -> None:
    _, diagnostics = parse_stream("a:\n\tb: 1\n", "f.yaml")
    assert [d.headline for d in diagnostics] == [
        "f.yaml:2:1: error: YAML syntax error: found character that cannot start any token "
        "(while scanning for the next token)"
    ]
    assert diagnostics[0].hint == "indent with spaces: YAML does not allow tabs for indentation"


def test_empty_and_multi_document_files_are_refused() -> None:
    assert [d.message for d in parse_single("# only a comment\n", "f.yaml")[1]] == ["file is empty"]
    assert [d.headline for d in parse_single("a: 1\n---\nb: 2\n", "f.yaml")[1]] == [
        "f.yaml:3:1: error: file holds more than one YAML document"
    ]


def test_invalid_utf8_is_located() -> None:
    text, diagnostics = decode_utf8(b"a: 1\nname: Eisb\xe4r\n", "f.yaml")
    assert text is None
    assert [d.headline for d in diagnostics] == [
        "f.yaml:2:11: error: file is not valid UTF-8: byte 0xE4 cannot be decoded"
    ]


def test_utf8_bom_is_accepted() -> None:
    text, diagnostics = decode_utf8("\ufeffa: é".encode(), "f.yaml")
    assert (text, diagnostics) == ("a: é", [])


def test_positions_are_one_based_characters() -> None:
    document, _ = parse_single("a: é\nlist:\n  - {x: 1, z: [2, 3]}\n", "f.yaml")
    assert document is not None
    assert document.locate(("list", 0, "z")) == (3, 12)
    assert document.locate(("list", 0, "z", 1)) == (3, 19)
    assert document.locate(("list", 0, "missing")) == (3, 5)
    assert document.diagnostic(("a",), "m").pointer == "/a"


def test_a_stream_is_scanned_for_positions_once_for_all_its_documents(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[str] = []
    scan = strict_yaml.scan_positions

    def counted(text: str) -> list[Positions]:
        calls.append(text)
        return scan(text)

    monkeypatch.setattr(strict_yaml, "scan_positions", counted)
    documents, _ = parse_stream("a: 1\n---\nb: [2, 3]\n---\nc: {d: 4}\n", "f.yaml")
    assert [d.locate(()) for d in documents] == [(1, 1), (3, 1), (5, 1)]
    assert documents[1].locate(("b", 1)) == (3, 8)
    assert documents[2].locate(("c", "d")) == (5, 5)
    assert len(calls) == 1


def test_a_control_character_after_accented_letters_is_located_at_its_column() -> None:
    """libyaml counts a refused character's place in bytes; the column counts characters."""
    from generator.loading.strict_yaml import parse_stream

    _, problems = parse_stream("a: Käse\nb: Übung\n# x \x1b[2J\n", "x.yaml")
    assert [(p.line, p.column) for p in problems] == [(3, 5)]
