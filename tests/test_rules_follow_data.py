"""The engine works only through the data: edit the YAML and the answers change."""

from __future__ import annotations

from pathlib import Path

from generator.games.all_star_draft.queries import load
from generator.games.all_star_draft.rules import playoff_round, rank_teams, rule_book
from tests.conftest import PACK, replace_once

RABBITS = ["rabbit-1", "rabbit-2", "rabbit-3", "duck-4", "beaver-5"]
BEARS = ["polar-bear-1", "polar-bear-2", "polar-bear-3", "tiger-4", "wolf-5"]


def test_species_order_and_fans_come_from_the_data(project: Path) -> None:
    before = rank_teams(rule_book(load(Path("data"))), {"R": RABBITS, "B": BEARS}, 4)
    assert [t.manager for t in before] == ["B", "R"]
    replace_once(
        Path(PACK) / "species.yaml",
        "order: [polar-bear, reindeer, horse, tiger, shark, wolf, panda, penguin, eagle, beaver, duck, rabbit]",
        "order: [rabbit, reindeer, horse, tiger, shark, wolf, panda, penguin, eagle, beaver, duck, polar-bear]",
    )
    replace_once(
        Path(PACK) / "editions/2025/arenas.yaml",
        "fans: [16, 15, 12, 11, 7, 6]",
        "fans: [26, 15, 12, 11, 7, 6]",
    )
    book = rule_book(load(Path("data")))
    after = rank_teams(book, {"R": RABBITS, "B": BEARS}, 4, book.arena("polarena-1"))
    assert [(t.manager, t.fans) for t in after] == [("R", 26), ("B", 15)]


def test_tickets_and_elimination_rule_come_from_the_data(project: Path) -> None:
    teams = {"A": ["tiger-2", "tiger-3", "tiger-4", "tiger-5", "tiger-6"], "B": RABBITS}
    assert playoff_round(rule_book(load(Path("data"))), 4, teams).outcome == "eliminated"
    replace_once(
        Path(PACK) / "editions/2025/playoffs.yaml",
        "{players: 4, count: 0}",
        "{players: 4, count: 1}",
    )
    assert playoff_round(rule_book(load(Path("data"))), 4, teams).outcome == "ticket"
    replace_once(
        Path(PACK) / "editions/2025/playoffs.yaml",
        "eliminated_when: no-ticket-to-give",
        "eliminated_when: last-ticket-given",
    )
    assert playoff_round(rule_book(load(Path("data"))), 4, teams).outcome == "eliminated"
