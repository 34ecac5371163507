"""Extraliga All-Stars as a pack of data alone: the box the rulebook lists, its stand-ins,
and print-and-play cards in German, French and English from templates, no game code."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations
from pathlib import Path

import pytest
from typer.testing import CliRunner

from generator.cli.app import app
from generator.games.extraliga_all_stars.model import pair_letters
from generator.loading import strict_yaml
from generator.services.build import BuildOptions, build
from tests.conftest import DATA, copy_game, replace_once
from tests.face_helpers import front
from tests.pdf_helpers import reader

PACK = DATA / "extraliga-all-stars"
BOX = {
    "hockey-player": 110,
    "opponent": 17,
    "draw": 5,
    "event": 20,
    "coach": 18,
    "first-player": 1,
    "strength-token": 30,
    "scoring-token": 5,
    "score-sheet": 1,
    "die": 12,
}
"""The rulebook's list of components (the rulebook aside)."""
SEASON_DRAWS = {2: 2, 3: 3, 4: 3, 5: 5}
"""Draw cards in the season deck by number of players (the rulebook's table)."""


def _data(name: str) -> object:
    document, problems = strict_yaml.load_file(PACK / name, name)
    assert document is not None, problems
    return document.value


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("extraliga")
    build(PACK, out, BuildOptions())
    return out / "extraliga-all-stars"


def _text(path: Path) -> str:
    return "\n".join(page.extract_text() for page in reader(path).pages)


@pytest.mark.slow
def test_the_pack_prints_without_its_rules_plug_in(tmp_path: Path) -> None:
    """The plug-in answers rules questions; the cards need data and templates alone."""
    pack = copy_game(tmp_path, "extraliga-all-stars")
    replace_once(pack / "game.yaml", "plugin: extraliga-all-stars\n", "")
    build(pack, tmp_path / "out", BuildOptions(locales=("en",)))
    assert "Jaromír Jágr" in _text(tmp_path / "out/extraliga-all-stars/en/hockey-player.pdf")


@pytest.mark.slow
@pytest.mark.parametrize(("component", "count"), BOX.items())
def test_the_box_holds_what_the_rulebook_lists(
    runner: CliRunner, component: str, count: int
) -> None:
    game = ["--data", str(DATA), "--game", "extraliga-all-stars"]
    result = runner.invoke(app, ["cards", *game, "--component", component, "--json"])
    assert result.exit_code == 0, result.output
    assert len(json.loads(result.stdout)) == count


def test_the_rulebook_cards_carry_only_what_it_says() -> None:
    players = {p["id"]: p for p in _data("players.yaml")["players"]}  # type: ignore[index]
    jagr = players["jaromir-jagr"]
    assert (jagr["position"], jagr["club"], jagr["seasons"], jagr["titles"], jagr["bonus"]) == (
        "rw",
        "rytiri-kladno",
        9,
        0,
        "plus",
    )
    assert "provisional" not in jagr
    assert players["frantisek-pospisil"]["club"] is None  # the example's legend
    # Prospal and Dvořák share a club; Erat's is another (the example's pairs).
    assert players["vaclav-prospal"]["club"] == players["radek-dvorak"]["club"]
    assert players["martin-erat"]["club"] != players["vaclav-prospal"]["club"]
    assert players["filip-hronek"]["club"] != players["tuukka-rask"]["club"]
    for name in ("martin-erat", "vaclav-prospal", "radek-dvorak", "filip-hronek", "tuukka-rask"):
        assert players[name]["provisional"] is True
        assert players[name]["seasons"] == players[name]["titles"] == "?"
    stand_ins = [p for p in players.values() if p["id"].startswith("stand-in-")]
    assert len(stand_ins) == 103
    assert all(p["provisional"] and p["name"].startswith("Stand-in ") for p in stand_ins)
    # What docs/rules-extraliga.md says the data holds: 19 clubs and eight legends.
    clubs = Counter(p["club"] for p in players.values() if p["club"] is not None)
    assert sorted(Counter(clubs.values()).items()) == [(1, 2), (5, 2), (6, 15)]
    assert sum(p["club"] is None for p in players.values()) == 8


@pytest.mark.slow
def test_strict_validation_fails_on_the_stand_ins(runner: CliRunner) -> None:
    result = runner.invoke(app, ["validate", "--data", str(PACK), "--strict"])
    assert result.exit_code == 1
    assert "players.yaml" in result.output and "provisional" in result.output


@pytest.mark.parametrize(("players", "cards"), SEASON_DRAWS.items())
def test_a_season_deck_pairs_everyone_evenly(players: int, cards: int) -> None:
    draws = _data("draws.yaml")["draws"]  # type: ignore[index]
    deck = [p["pairs"] for d in draws for p in d["pairings"] if p["players"] == players]
    assert len(deck) == cards
    letters = "ABCDE"[:players]
    played = Counter(frozenset(pair_letters(pair)) for card in deck for pair in card)
    assert set(played) == {frozenset(p) for p in combinations(letters, 2)}
    assert len(set(played.values())) == 1
    for card in deck:  # nobody plays twice in a round
        seats = [s for pair in card for s in pair_letters(pair)]
        assert len(seats) == len(set(seats))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("de", ["RW", "Saisons im Klub: 9", "Meistertitel mit dem Klub: 0", "Legende"]),
        ("fr", ["AD", "Saisons au club\u202f: 9", "Titres avec le club\u202f: 0", "Légende"]),
        ("en", ["RW", "Seasons with the club: 9", "League titles with the club: 0", "Legend"]),
    ],
)
def test_player_cards_print_in_each_language(built: Path, locale: str, words: list[str]) -> None:
    text = _text(built / locale / "hockey-player.pdf")
    for word in [*words, "Jaromír Jágr", "Rytíři Kladno", "František Pospíšil"]:
        assert word in text, (locale, word)


@pytest.mark.parametrize("locale", ["de", "fr", "en"])
def test_every_component_prints(built: Path, locale: str) -> None:
    printed = [component for component in BOX if component != "die"]  # dice are bought
    for component in printed:
        assert reader(built / locale / f"{component}.pdf").pages, component
    assert not (built / locale / "die.pdf").exists()
    assert len(reader(built / locale / "print-and-play.pdf").pages) > len(printed)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("file", "old", "new", "expected"),
    [
        (
            "events.yaml",
            "keyword: remove, who: everyone, position: d}",
            "keyword: hat-trick, who: everyone, position: d}",
            ["events.yaml:", "hat-trick", "penalty"],
        ),
        (
            "players.yaml",
            "name: Jaromír Jágr, position: rw,",
            "name: Jaromír Jágr, position: pk,",
            ["players.yaml:7:", "'pk'", "rw (right wing)"],
        ),
        (
            "season.yaml",
            "{face: 5, replace: 0}",
            "{face: 4, replace: 0}",
            ["season.yaml:19:", "face '4' is used twice", "has no face 5"],
        ),
        (
            "season.yaml",
            "{players: 4, draws: 3, opponents: 0}",
            "{players: 4, draws: 4, opponents: 0}",
            ["season.yaml:8:", "only 3 draw cards", "4 players"],
        ),
        (
            "coaches.yaml",
            "bench player., effect: {keyword: substitute, who: you}, stand-in: true, provisional: true, note: 'Stand-in: the rulebook defines the keywords, not the cards.'}\n  - {id: stand-in-coach-02",
            "bench player., effect: {keyword: substitute, who: everyone}, stand-in: true, provisional: true, note: 'Stand-in: the rulebook defines the keywords, not the cards.'}\n  - {id: stand-in-coach-02",
            ["coaches.yaml:5:", "coach cards act on 'you', not 'everyone'"],
        ),
        (
            "draws.yaml",
            "{players: 3, pairs: [A–B]}",
            "{players: 3, pairs: [A-D]}",  # a hyphen, as a designer types it, reads as well
            ["draws.yaml:5:", "seat D does not play with 3 players", "A, B, C"],
        ),
        (
            "positions.yaml",
            "{id: g, title: Goalie, short: G, trio: defence, emblem: goal}",
            "{id: d, title: Goalie, short: G, trio: defence, emblem: goal}",
            ["positions.yaml:10:", "id 'd' is used twice", "positions.yaml has no g"],
        ),
        (
            "positions.yaml",
            "{id: lw, title: Left wing",
            "{id: lx, title: Left wing",
            ["positions.yaml:6:", "'lx'", "lw, c, rw, d, g"],
        ),
        (
            "bonuses.yaml",
            "  - {id: reroll-other,",
            "  - {id: reroll,",
            ["bonuses.yaml:", "id 'reroll' is used twice", "bonuses.yaml has no reroll-other"],
        ),
    ],
)
def test_a_value_the_rules_do_not_know_is_a_located_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    runner: CliRunner,
    file: str,
    old: str,
    new: str,
    expected: list[str],
) -> None:
    """An effect outside the rulebook's keywords, a position that does not exist."""
    copy_game(tmp_path, "extraliga-all-stars")
    monkeypatch.chdir(tmp_path)
    replace_once(tmp_path / "data/extraliga-all-stars" / file, old, new)
    result = runner.invoke(app, ["validate", "--data", "data"])
    assert result.exit_code == 1
    for text in expected:
        assert text in result.output, (text, result.output)


@pytest.mark.slow
@pytest.mark.parametrize("locale", ["de", "fr", "en"])
def test_every_bonus_badge_reads_at_nearly_its_full_size(locale: str) -> None:
    """A badge's word is not squeezed into its disc: "Neu würfeln" was set at 7 pt of the
    style's 11; each language's word for each bonus shrinks at most 1 pt."""
    from generator.printing.fonts import register
    from generator.printing.text import POINTS_PER_MM, Where, fit
    from generator.services.find import load_pack
    from generator.templates.faces import TextOp

    binder, players = front(load_pack(PACK), "hockey-player", locale)
    badges = {
        op
        for card in players.cards
        for element, ops in binder.parts(card.item)
        if element.name == "bonus"
        for op in ops
        if isinstance(op, TextOp)
    }
    assert len({op.text for op in badges}) == 3  # +1, -1 and the re-roll
    font = register()
    for op in badges:
        style = op.style
        fitted = fit(
            op.text,
            font[style.weight],
            op.box.width * POINTS_PER_MM,
            op.box.height * POINTS_PER_MM,
            style.size,
            style.minimum,
            Where("", ""),
            wrap_lines=style.wrap,
        )
        assert fitted.size >= style.size - 1, f"{op.text!r} is set at {fitted.size} pt"
