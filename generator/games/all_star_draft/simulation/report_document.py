"""All-Star Draft's sections of the balance report: tables and bar charts from the JSON report.

Every number printed is formatted from the JSON report by the helpers here,
so the PDF and the JSON cannot disagree. The report is a tool for the
game's designers and is written in English.
"""

from __future__ import annotations

from generator.games.all_star_draft.simulation.report import AllStarReport
from generator.plugin_api import (
    BarChart,
    Block,
    Heading,
    Paragraph,
    Table,
    number,
    percent,
    rate_percent,
)


def counts(table: dict[str, int]) -> str:
    """Counts by key, e.g. '1: 163, 2: 165'."""
    return ", ".join(f"{key}: {value}" for key, value in table.items())


def sections(report: AllStarReport) -> list[Block]:
    """The game's own sections of the balance report."""
    return [
        *_fans(report),
        *_arenas(report),
        *_strength(report),
        *_species(report),
        *_playoffs(report),
    ]


def _fans(report: AllStarReport) -> list[Block]:
    fans = report["fans_per_manager"]
    sources = (
        ("Regular season", fans["season"]),
        ("Playoffs", fans["playoffs"]),
        ("Ticket bonus", fans["ticket_bonus"]),
    )
    return [
        Heading("Where fans come from"),
        Table(
            "Fans per manager and game",
            ("Source", "Mean", "Standard deviation", "Median", "Range"),
            tuple(
                (
                    label,
                    number(spread.get("mean")),
                    number(spread.get("sd")),
                    number(spread.get("median")),
                    f"{spread.get('min')}-{spread.get('max')}",
                )
                for label, spread in sources
            ),
        ),
    ]


def _arenas(report: AllStarReport) -> list[Block]:
    arenas = report["arenas"]
    return [
        Heading("Arenas"),
        Table(
            "Fans per team in each arena, ranks taken and special combos met",
            ("Arena", "Played", "Mean fans", "Median", "Range", "Ranks taken", "Special met"),
            tuple(
                (
                    arena,
                    str(a["played"]),
                    number(a["fans"]["mean"]),
                    number(a["fans"]["median"]),
                    f"{a['fans']['min']}-{a['fans']['max']}",
                    counts(a["ranks_taken"]),
                    percent(a["special_met"]),
                )
                for arena, a in arenas.items()
            ),
        ),
        BarChart(
            "Mean fans per team by arena",
            tuple(arenas),
            (("mean fans", tuple(a["fans"]["mean"] for a in arenas.values())),),
        ),
    ]


def _strength(report: AllStarReport) -> list[Block]:
    by_round = report["strength_by_round"]
    strengths = sorted({s for r in by_round.values() for s in r}, key=int)
    return [
        Heading("Team strength"),
        Table(
            "Teams by strength in each round",
            ("Round", *(f"Strength {s}" for s in strengths)),
            tuple(
                (number_, *(str(teams.get(s, 0)) for s in strengths))
                for number_, teams in by_round.items()
            ),
        ),
        BarChart(
            "Teams by strength in each round",
            tuple(f"strength {s}" for s in strengths),
            tuple(
                (f"round {number_}", tuple(float(teams.get(s, 0)) for s in strengths))
                for number_, teams in by_round.items()
            ),
            height=50,
        ),
    ]


def _species(report: AllStarReport) -> list[Block]:
    species = report["species"]
    return [
        Heading("Species"),
        Table(
            "How often each species opens a round's draft, and how its fans fare",
            ("Species", "Games", "First pick of a round", "Win rate as main species"),
            tuple(
                (
                    name,
                    str(s["games"]),
                    percent(s["first_pick"]),
                    percent(s["win_rate_as_main_species"]),
                )
                for name, s in species.items()
            ),
        ),
        BarChart(
            "Win rate as main species and first-pick rate (%)",
            tuple(species),
            (
                (
                    "win rate as main species",
                    tuple(rate_percent(s["win_rate_as_main_species"]) for s in species.values()),
                ),
                (
                    "first pick of a round",
                    tuple(rate_percent(s["first_pick"]) for s in species.values()),
                ),
            ),
            height=55,
        ),
    ]


def _playoffs(report: AllStarReport) -> list[Block]:
    playoffs = report["playoffs"]
    places = sorted(
        {p for by_place in playoffs["place_by_bot"].values() for p in by_place},
        key=lambda p: (p == "none", int(p) if p != "none" else 0),
    )
    return [
        Heading("Playoffs"),
        Table(
            "Playoff places by bot",
            ("Bot", *(f"Place {p}" if p != "none" else "No place" for p in places)),
            tuple(
                (bot, *(str(by_place.get(p, 0)) for p in places))
                for bot, by_place in playoffs["place_by_bot"].items()
            ),
        ),
        BarChart(
            "Playoff places by bot (games)",
            tuple(f"place {p}" if p != "none" else "no place" for p in places),
            tuple(
                (bot, tuple(float(by_place.get(p, 0)) for p in places))
                for bot, by_place in playoffs["place_by_bot"].items()
            ),
            height=45,
        ),
        Table(
            "Elimination order",
            ("Seat", "Mean position in the elimination order"),
            tuple(
                (seat, number(position))
                for seat, position in playoffs["mean_elimination_position_by_seat"].items()
            ),
        ),
        Paragraph(
            "Tickets given up per manager and game: "
            f"{number(playoffs['tickets_given_up_per_manager'])}."
        ),
    ]
