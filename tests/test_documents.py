"""A pack's documents (documents/*.yaml): every kind of block bound to the data and to what a
plug-in computes, chosen by conditions, checked by `draftdeck validate` where it is written,
extracted for translators, and laid out on pages."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.documents.model import Figure, Gallery, Note, Paragraph, Steps, Table, TextDocument
from generator.documents.pdf import to_pdf
from generator.documents.source import DocumentProblem, Setting, bind_document
from generator.services.find import load_pack
from generator.services.starter import write_starter
from generator.services.template_checks import CheckEnv
from tests.pdf_helpers import text_runs

DOCUMENT = """\
# yaml-language-server: $schema=../schemas/document.schema.json
title: "{game.name|tr}: notes"
blocks:
  - paragraph: "The deck has {cards.cards|copies|number} cards."
  - paragraph: "One card with the value {values.top|number}."
    plural: "{values.count|number} cards with the value {values.top|number}."
    count: values.count
  - note: "Shown when the plug-in says so."
    when: {values.flag: true}
  - note: "Never shown."
    unless: {values.flag: true}
  - steps:
      over: values.rounds
      count: item.arenas
      text:
        - text: "Round {index|number}: {item.arenas|number} arena, to the left."
          plural: "Round {index|number}: {item.arenas|number} arenas, to the left."
          when: {item.left: true}
        - text: "Round {index|number}: {item.arenas|number} arena, to the right."
          plural: "Round {index|number}: {item.arenas|number} arenas, to the right."
  - table:
      caption: Cards by value
      header: [Card, {each: values.places, cell: "{each|ordinal}"}]
      rows:
        over: values.rows
        cells:
          - - {text: "{item.name} (stand-in)", when: {item.provisional: true}}
            - {text: "{item.name}"}
          - {each: item.fans, cell: "{each|number}"}
  - terms:
      over: values.terms
      term: "{item.name}"
      means: "{item.rule|lower-initial}"
  - figure: {value: drawing, caption: A drawing}
"""


def _pack(tmp_path: Path, text: str = DOCUMENT, name: str = "notes") -> Path:
    """The starter pack with the document, its texts in the catalogs as written."""
    pack = write_starter(tmp_path / "demo", "demo")
    (pack / "documents" / f"{name}.yaml").write_text(text, encoding="utf-8")
    _translate_as_written(pack)
    return pack


def _translate_as_written(pack: Path) -> None:
    """Extract the pack's texts and give every new one its English in each catalog."""
    from io import BytesIO

    from babel.messages.pofile import read_po, write_po

    from generator.i18n.workflow import extract, update

    extract(pack / "locales", pack, "demo")
    update(pack / "locales", "demo", ["de", "fr", "en"])
    for path in pack.glob("locales/*/LC_MESSAGES/demo.po"):
        catalog = read_po(path.open("rb"))
        for message in catalog:
            finished = all(message.string) if isinstance(message.string, tuple) else message.string
            if message.id and not finished:
                message.string = message.id
            message.flags.discard("fuzzy")
        buffer = BytesIO()
        write_po(buffer, catalog, width=100)
        path.write_bytes(buffer.getvalue())


def _values(**changes: Any) -> dict[str, Any]:
    values: dict[str, Any] = {
        "top": 4,
        "count": 3,
        "flag": True,
        "rounds": [{"arenas": 1, "left": True}, {"arenas": 2, "left": False}],
        "places": [1, 2, 3],
        "rows": [
            {"name": "Sun", "fans": [3, 2, 1], "provisional": False},
            {"name": "Moon", "fans": [5], "provisional": True},
        ],
        "terms": [{"name": "Run", "rule": "Five in a row beat the rest."}],
        "drawing": Figure("a square", 10, 10, lambda pen: None),
    }
    return {**values, **changes}


def _bind(pack: Path, values: dict[str, Any] | None, name: str = "notes") -> TextDocument:
    loaded = load_pack(pack)
    document = loaded.pack.documents[f"documents/{name}"]
    edition = next(iter(loaded.pack.editions.values()))
    setting = Setting(loaded.pack, edition, CheckEnv(False), values)
    return bind_document(document, setting)


def test_every_kind_of_block_is_bound_to_the_data_and_the_values(tmp_path: Path) -> None:
    bound = _bind(_pack(tmp_path), _values())
    assert bound.title == "Demo: notes"
    blocks = list(bound.blocks)
    assert blocks[0] == Paragraph("The deck has 12 cards.")
    assert blocks[1] == Paragraph("3 cards with the value 4.")  # the plural form, by count
    assert blocks[2] == Note("Shown when the plug-in says so.")
    assert blocks[3] == Steps(
        ("Round 1: 1 arena, to the left.", "Round 2: 2 arenas, to the right.")
    )  # each option of a choice with its own plural
    table = blocks[4]
    assert isinstance(table, Table)
    assert table.header == ("Card", "1.", "2.", "3.")
    assert table.rows == (("Sun", "3", "2", "1"), ("Moon (stand-in)", "5", "–", "–"))  # padded
    assert blocks[5].items == ("Run: five in a row beat the rest.",)  # type: ignore[union-attr]
    assert isinstance(blocks[6], Figure) and blocks[6].caption == "A drawing"
    assert len(blocks) == 7


def test_a_condition_leaves_out_a_block_and_one_count_gives_the_singular(tmp_path: Path) -> None:
    bound = _bind(_pack(tmp_path), _values(count=1, flag=False))
    texts = [getattr(b, "text", None) for b in bound.blocks]
    assert "One card with the value 4." in texts
    assert "Shown when the plug-in says so." not in texts
    assert "Never shown." in texts


@pytest.mark.parametrize(
    ("old", "new", "message", "where"),
    [
        ("over: values.rows", "over: values.top", "over: values.top is not a list", ("blocks", 5)),
        ("{value: drawing,", "{value: nothing,", "draws no figure 'nothing'", ("blocks", 7)),
    ],
)
def test_a_mistake_in_what_the_plug_in_computes_is_located_at_its_block(
    tmp_path: Path, old: str, new: str, message: str, where: tuple[object, ...]
) -> None:
    pack = _pack(tmp_path, DOCUMENT.replace(old, new))
    with pytest.raises(DocumentProblem) as raised:
        _bind(pack, _values())
    assert message in raised.value.message
    assert raised.value.path[:2] == where


def test_validate_names_file_line_and_column_of_a_wrong_path(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = _pack(tmp_path, DOCUMENT.replace("{cards.cards|copies|number}", "{cardz|number}"))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", "--data", "demo"])
    assert result.exit_code == 1
    assert "demo/documents/notes.yaml:4:5: error: 'cardz' is not a field here" in result.output
    assert pack.is_dir()


def test_a_broken_data_file_is_reported_alone_not_again_by_every_document(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    pack = write_starter(tmp_path / "demo", "demo")
    cards = pack / "cards.yaml"
    cards.write_text(cards.read_text(encoding="utf-8").replace("value: 1,", "value: one,", 1))
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["validate", "--data", "demo"])
    assert result.exit_code == 1
    assert "demo/cards.yaml" in result.output
    assert "documents/" not in result.output


def test_extract_gives_translators_whole_sentences_with_their_plurals(
    tmp_path: Path, runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    _pack(tmp_path)
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["i18n", "extract", "--data", "demo"]).exit_code == 0
    template = (tmp_path / "demo/locales/demo.pot").read_text(encoding="utf-8")
    assert 'msgctxt "documents"\nmsgid "One card with the value {values.top|number}."\n' in (
        template
    )
    assert 'msgid_plural "{values.count|number} cards with the value {values.top|number}."' in (
        template
    )
    assert (
        'msgid "Round {index|number}: {item.arenas|number} arena, to the right."\n'
        'msgid_plural "Round {index|number}: {item.arenas|number} arenas, to the right."'
    ) in template
    assert "#. documents: block 5" in template  # where the translator finds it


def test_a_gallery_of_many_cards_runs_over_pages(tmp_path: Path) -> None:
    """Cards at their printed size, as many a row as the page takes, rows split at a page."""
    cards = tuple(
        Figure(f"card {n}", 63, 88, lambda pen: pen.rect(_box(), fill="#336699")) for n in range(12)
    )
    pdf, pages = to_pdf(TextDocument("Cards", "en", (Gallery("All cards", cards),)), "x")
    assert pages == 3  # two rows of two cards fit a page, and the caption with the first
    assert any("All cards" in text for _, _, _, text in text_runs(pdf))


def _box() -> Any:
    from generator.printing.geometry import Rect

    return Rect(0, 0, 63, 88)


def test_markdown_prints_data_as_written_never_as_markup() -> None:
    """HTML and javascript: links in a card's name were once written into tables verbatim."""
    from generator.documents.markdown import to_markdown
    from generator.documents.model import Paragraph, Table, TextDocument

    document = TextDocument(
        "Cards",
        "en",
        (
            Paragraph("<script>alert(1)</script> and **not bold**"),
            Table("A | table", ("Name", "Note"), (("[x](javascript:alert(1))", "- 3"),)),
        ),
    )
    text = to_markdown(document)
    assert "\\<script\\>alert(1)\\</script\\> and \\*\\*not bold\\*\\*" in text
    assert "| \\[x\\](javascript:alert(1)) | \\- 3 |" in text
    assert "*A \\| table*" in text
    assert "<script>" not in text and "](javascript" not in text.replace("\\](", "")
