"""Lines break where a typesetter breaks them: never after an article or preposition in
French or German (« Hydre / des marais », never « Hydre des / marais »), never between a
number and its noun. Held on every text of every card the build draws and on every line
of every summary and table, in both languages."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from generator.printing import pen
from generator.printing.rich import RichFitted
from generator.printing.text import Fitted
from generator.printing.typography import bad_break, tie
from generator.services.build import BuildOptions, build
from generator.services.find import load_pack
from generator.services.texts import render_text, text_document
from tests.conftest import DATA

GAMES = ("all-star-draft", "disaster-draft", "extraliga-all-stars")


def _words(line: tuple[Any, ...]) -> str:
    """A rich line's words as text."""
    return " ".join("".join(piece.text or f"[{piece.icon}]" for piece in word) for word in line)


def _breaks(lines: list[str], locale: str, where: str) -> Iterator[str]:
    for line, following in pairwise(lines):
        if bad_break(line, following, locale):
            yield f"{where}: {line!r} / {following!r}"


@pytest.fixture
def laid_out(monkeypatch: pytest.MonkeyPatch) -> dict[str, list[list[str]]]:
    """Every text the pen (and validate, which sets every language) lays out from now on,
    as its lines, by the language it is set in."""
    found: dict[str, list[list[str]]] = {}

    def recording(original: Callable[..., Any]) -> Callable[..., Any]:
        def record(setter: pen.Setter, *args: Any, **kwargs: Any) -> Any:
            fitted = original(setter, *args, **kwargs)
            lines = found.setdefault(setter.where.locale, [])
            if isinstance(fitted, Fitted):
                lines.append(list(fitted.lines))
            elif isinstance(fitted, RichFitted):
                lines.append([_words(line) for line in fitted.lines])
            return fitted

        return record

    monkeypatch.setattr(pen.Setter, "fitted", recording(pen.Setter.fitted))
    monkeypatch.setattr(pen.Setter, "rich_fitted", recording(pen.Setter.rich_fitted))
    return found


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["de", "fr"])
def test_no_card_breaks_a_line_after_an_article_or_a_preposition(
    locale: str, laid_out: dict[str, list[list[str]]], tmp_path: Path
) -> None:
    for game in GAMES:
        build(DATA / game, tmp_path, BuildOptions(locales=(locale,), jobs=1, check_only=True))
    assert len(laid_out[locale]) > 100
    assert any(len(lines) > 1 for lines in laid_out[locale])
    problems = [p for lines in laid_out[locale] for p in _breaks(lines, locale, "card")]
    assert problems == []


@pytest.fixture
def paragraphs(monkeypatch: pytest.MonkeyPatch) -> list[list[str]]:
    """Every paragraph and table cell ReportLab breaks into lines from now on, as its lines."""
    from reportlab.platypus.paragraph import Paragraph

    found: list[list[str]] = []
    original = Paragraph.wrap

    def wrap(self: Any, width: float, height: float) -> tuple[float, float]:
        size = original(self, width, height)
        lines = self.blPara.lines
        if self.blPara.kind == 0:
            found.append([" ".join(words) for _, words in lines])
        else:
            found.append(["".join(str(w.text) for w in line.words) for line in lines])
        return size

    monkeypatch.setattr(Paragraph, "wrap", wrap)
    return found


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["de", "fr"])
def test_no_summary_or_table_breaks_a_line_after_an_article_or_a_preposition(
    locale: str, laid_out: dict[str, list[list[str]]], paragraphs: list[list[str]]
) -> None:
    for game in GAMES:
        loaded = load_pack(DATA / game)
        for edition in loaded.pack.editions:
            for kind in ("summary", "tables"):
                document = text_document(loaded, kind, edition, locale)
                render_text(document, "test", "pdf", "a4")
    assert any(len(lines) > 1 for lines in paragraphs)
    problems = [p for lines in paragraphs for p in _breaks(lines, locale, "document")]
    problems += [
        p for lines in laid_out.get(locale, []) for p in _breaks(lines, locale, "example card")
    ]
    assert problems == []


@pytest.mark.parametrize(
    ("locale", "text", "tied"),
    [
        ("fr", "Hydre des marais", "Hydre des\u00a0marais"),
        ("fr", "Gardien de la porte", "Gardien de\u00a0la\u00a0porte"),
        ("fr", "Archer à l’arc long", "Archer à\u00a0l’arc long"),
        (
            "fr",
            "complète sa main jusqu’à 5 cartes.",
            "complète sa\u00a0main jusqu’à 5\u00a0cartes.",
        ),
        ("fr", "**Lancez** le dé", "**Lancez** le\u00a0dé"),
        ("fr", "la fin de.\nLa suite", "la\u00a0fin de.\nLa\u00a0suite"),
        ("de", "Wächter des Tors", "Wächter des\u00a0Tors"),
        ("de", "Ziehe 2 Karten vom Stapel.", "Ziehe 2\u00a0Karten vom\u00a0Stapel."),
        ("de", "Platz 3.", "Platz 3."),
        ("en", "Hydra of the marsh", "Hydra of the marsh"),
    ],
)
def test_the_language_keeps_short_words_with_the_next(locale: str, text: str, tied: str) -> None:
    assert tie(text, locale) == tied


def test_a_check_finds_a_break_after_a_preposition() -> None:
    """The check the tests above rely on sees the breaks the review found."""
    assert list(_breaks(["Hydre des", "marais"], "fr", "x"))
    assert list(_breaks(["jusqu’à 5", "cartes"], "fr", "x"))
    assert not list(_breaks(["Hydre", "des marais"], "fr", "x"))
    assert not list(_breaks(["Hydre des", "marais"], "en", "x"))
