"""The house style of every German and French text: what a native rules editor checks on a
proof. One form of address per language (du; vous), persons act (not rolls, totals or
points), no letters standing for numbers,
each language's quotation marks, French spaces before high punctuation and lower case after
a colon, en dashes in ranges.
Held on every finished entry of each game's catalog and of draftdeck's own."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from generator.core.paths import LOCALES_DIR
from generator.i18n.catalogs import catalog_path
from tests.conftest import DATA

GAMES = ("all-star-draft", "disaster-draft", "extraliga-all-stars")
_PLACEHOLDER = re.compile(r"\{[^{}]*\}")
_IHR_IMPERATIVES = (
    "Bildet|Deckt|Draftet|Dreht|Druckt|Entfernt|Führt|Gebt|Haltet|Legt|Lest|Messt|Mischt|Nehmt|"
    "Notiert|Prüft|Setzt|Sortiert|Spielt|Stellt|Sucht|Teilt|Tragt|Vergleicht|Wechselt|Werft|Wählt|"
    "Würfelt|Zieht|Zählt"
)
"""Imperatives that address the table as ihr ("Mischt die Karten"), where du says "Mische"."""

RULES: dict[str, list[tuple[str, re.Pattern[str]]]] = {
    "de": [
        (
            "says ihr (the texts say du)",
            re.compile(
                r"(?<!\w)(?:euch|eure[mnrs]?|euer)(?!\w)"  # euch, eure Karten
                r"|(?<!\w)ihr (?=[a-zäöü])"  # "entfernt ihr vorher" (not "ihr Angriff": its)
                rf"|(?:^|[.!?:;] )(?:{_IHR_IMPERATIVES})(?!\w)"  # "Mischt die Karten"
            ),
        ),
        (
            "says Sie (the texts say du)",
            re.compile(r"(?<=[a-zäöüß,] )(?:Sie|Ihnen|Ihre[mnrs]?|Ihr)(?!\w)"),
        ),
        (
            "lets a roll, a total or points act (a person does)",
            re.compile(
                r"(?<!mit )(?<!\w)(?:die|der|das|den)\s+(?:\w+\s+)?"
                r"(?:Wurf|Würfe|Gesamtstärke|Summe|Punkte|Punktzahl|Ergebnis|Fans|Tore)\s+"
                r"(?:nimmt|nehmen|schickt|schicken|gewinnt|gewinnen|beginnt|beginnen|wählt|wählen)"
                r"(?!\w)",
                re.IGNORECASE,
            ),
        ),
        ("uses a letter for a number", re.compile(r"(?<![\w'’.°-])[a-zäöü](?![\w'’.°])")),
        ("quotes other than „…“", re.compile(r"[\"”«»]|^[^„]*“")),
    ],
    "fr": [
        (
            "says tu (the texts say vous)",
            re.compile(r"(?<![\w'’-])(?:tu|toi|ton|ta|tes|te)(?![\w'’-])|(?<!\w)t['’]", re.I),
        ),
        (
            "lacks the narrow no-break space before : ; ! or ?",
            re.compile(r"(?:(?<=[^\s\u202f\u00a0])|(?<= ))[:;!?](?![/\w])"),
        ),
        (
            "lets a roll, a total or points act (a person does)",
            re.compile(
                r"(?<!qui a )(?<!obtient )(?<!marque )(?<!totalise )(?<!\w)(?:le|la|les)\s+"
                r"(?:plus\s+(?:haut|bas|grand|petit)\s+|plus\s+de\s+|moins\s+de\s+)?"
                r"(?:jet|dé|résultat|total|points|score|buts|supporters)\s+"
                r"(?:l[’']emporte|gagne|prend|choisit|commence|envoie)(?!\w)",
                re.IGNORECASE,
            ),
        ),
        ("uses a letter for a number", re.compile(r"(?<![\w'’.°-])(?![ay])[a-z](?![\w'’.°])")),
        (
            "capitalises after a colon",  # but the game's capitalised terms (Supporters, Managers)
            re.compile(r"[\u202f\u00a0]:\s+(?!(?:Supporters?|Managers?)(?!\w))[A-ZÀÂÇÉÈÊÎÔÛ]"),
        ),
        ("quotes other than « … »", re.compile(r"[\"“”„]")),
    ],
}
"""Language -> (what is wrong, where it shows) for each rule. Placeholders count as numbers."""
RANGE = re.compile(r"(?<![\w-])\d+-\d+(?![\w-])")
"""A range of printed numbers joined by a hyphen ("2-4"): an en dash ("2–4") in print.
Placeholders joined by a hyphen ("Teil {column}-{row}") are coordinates, not ranges."""


def _finished(path: Path) -> Iterator[tuple[int, str]]:
    with path.open("rb") as file:
        catalog = read_po(file)
    for message in catalog:
        value = message.string
        for string in (value,) if isinstance(value, str) else tuple(value or ()):
            if message.id and string:
                yield message.lineno or 0, string


def style_problems(path: Path, language: str) -> list[str]:
    """Every entry of a catalog that breaks a rule of its language's house style."""
    found = []
    for line, string in _finished(path):
        numbered = _PLACEHOLDER.sub("0", string)
        for problem, pattern in RULES[language]:
            if pattern.search(numbered):
                found.append(f"{path.name}:{line}: {problem}: {string[:90]!r}")
        if RANGE.search(_PLACEHOLDER.sub("§", string)):
            found.append(f"{path.name}:{line}: a range with a hyphen: {string[:90]!r}")
    return found


def _catalogs(root: Path, language: str) -> list[Path]:
    return [catalog_path(root / g / "locales", language, g) for g in GAMES] + [
        catalog_path(LOCALES_DIR, language, "draftdeck")
    ]


@pytest.mark.parametrize("language", ["de", "fr"])
def test_every_text_keeps_the_house_style(language: str) -> None:
    problems = [p for path in _catalogs(DATA, language) for p in style_problems(path, language)]
    assert problems == []


@pytest.mark.parametrize("language", ["de", "fr"])
def test_a_new_packs_texts_keep_the_house_style(
    language: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """What `draftdeck new` writes is the first text a designer copies from."""
    from generator.services.starter import write_starter

    monkeypatch.chdir(tmp_path)
    pack = write_starter(Path("demo"), "demo")
    assert style_problems(catalog_path(pack / "locales", language, "demo"), language) == []


@pytest.mark.parametrize(
    ("language", "text", "problem"),
    [
        ("de", "Mischt die Karten.", "says ihr"),
        ("de", "Zu zweit entfernt ihr vorher die Arenen.", "says ihr"),
        ("de", "Wechselt euch ab.", "says ihr"),
        ("de", "Nehmen Sie eine Karte.", "says Sie"),
        ("de", "Wer ausscheidet, während noch k Manager übrig sind, belegt Platz k.", "a letter"),
        ("de", 'Das Symbol "Flagge".', "quotes"),
        ("de", "Für 2-4 Manager.", "a range"),
        ("de", "Alle würfeln; der höchste Wurf nimmt zuerst.", "act"),
        ("de", "Die niedrigste Gesamtstärke schickt eine Einheit.", "act"),
        ("fr", "Tu prends une carte.", "says tu"),
        ("fr", "Seule : cette unité.", "narrow no-break space"),
        ("fr", "Seule: cette unité.", "narrow no-break space"),
        ("fr", "Seule\u202f: Cette unité.", "capitalises"),
        ("fr", "Il prend la place k au classement.", "a letter"),
        ("fr", 'Le symbole "drapeau".', "quotes"),
        ("fr", "De 2-4 managers.", "a range"),
        ("fr", "Le plus de points l’emporte.", "act"),
        ("fr", "Chaque camp lance un dé, le plus haut résultat l’emporte.", "act"),
    ],
)
def test_each_rule_finds_what_an_editor_would_mark(
    tmp_path: Path, language: str, text: str, problem: str
) -> None:
    path = tmp_path / "x.po"
    path.write_text(f'msgid "x"\nmsgstr "{_escaped(text)}"\n', encoding="utf-8")
    found = style_problems(path, language)
    assert len(found) == 1 and problem in found[0]


def test_what_the_house_style_allows_is_not_marked(tmp_path: Path) -> None:
    allowed = {
        "de": [
            "Jede Seite wirft so viele Würfel, wie ihr Angriff zählt.",
            "Ein Manager mit dem Symbol „Flagge“ beginnt.",
            "Teil {column}-{row}",
            "Für 2–4 Manager, {n}. Platz.",
            "Sie betrifft jeden Manager.",
            "Der Spieler mit der niedrigsten Gesamtstärke schickt eine Einheit.",
        ],
        "fr": [
            "Seule\u202f: cette unité gagne 4 en force.",
            "Arènes\u202f: Supporters par rang",
            "Le choix n° {last}\u202f: gardez-en une, l’autre va à la boîte.",
            "Il y a {n}e place\u202f; «\u202fDrapeau\u202f».",
            "De 2–4 managers\u202f!",
            "Le Manager qui a le plus de Supporters l’emporte.",
            "Celui qui obtient le plus haut résultat prend une unité.",
        ],
    }
    for language, texts in allowed.items():
        path = tmp_path / f"{language}.po"
        entries = "".join(f'msgid "{i}"\nmsgstr "{_escaped(t)}"\n\n' for i, t in enumerate(texts))
        path.write_text(entries, encoding="utf-8")
        assert style_problems(path, language) == []


def _escaped(text: str) -> str:
    return text.replace("\\", "\\\\").replace('"', '\\"')
