"""The rulebook tables, each built from the data alone."""

from __future__ import annotations

from generator.games.all_star_draft.model import Arena, Attribute, Edition, Game, Special
from generator.games.all_star_draft.printing import icons
from generator.plugin_api import N_, Figure, Pen, Rect, Table, TextStyle, Translator


def tickets(tr: Translator, game: Game, edition: Edition) -> Table:
    """Playoff tickets per manager, by number of managers."""
    counts = sorted(edition.playoffs.tickets)
    return Table(
        tr.text(N_("Playoff tickets per manager")),
        (tr.text(N_("Managers")), *(tr.number(n) for n in counts)),
        ((tr.text(N_("Tickets")), *(tr.number(edition.playoffs.tickets[n]) for n in counts)),),
    )


def medals(tr: Translator, game: Game) -> Table:
    """Which attribute is gold, silver and bronze, by number of managers."""
    groups: dict[tuple[Attribute, ...], list[int]] = {}
    for players, order in sorted(game.priorities.items()):
        groups.setdefault(order, []).append(players)
    names = {a: tr.name("attributes", n) for a, n in game.attribute_names.items()}
    return Table(
        tr.text(N_("Gold, silver and bronze by number of managers")),
        (tr.text(N_("Managers")), *(tr.name("medals", m) for m in game.medals)),
        tuple(
            (_span(tr, players), *(names[a] for a in order)) for order, players in groups.items()
        ),
    )


def value_orders(tr: Translator, game: Game) -> Table:
    """Every attribute's values, strongest first."""
    symbols = sorted(game.symbols, key=lambda s: -s.strength)
    species = sorted(game.species, key=lambda s: -s.strength)
    numbers = sorted(game.numbers, key=lambda n: -game.number_strength[n])
    names = {a: tr.name("attributes", n) for a, n in game.attribute_names.items()}
    return Table(
        tr.text(N_("Values from strongest to weakest")),
        (tr.text(N_("Attribute")), tr.text(N_("Order"))),
        (
            (names[Attribute.SYMBOL], " > ".join(tr.name("symbols", s.name) for s in symbols)),
            (names[Attribute.NUMBER], " > ".join(tr.number(n) for n in numbers)),
            (names[Attribute.SPECIES], " > ".join(tr.name("species", s.name) for s in species)),
        ),
    )


def playoff_points(tr: Translator, game: Game, edition: Edition) -> Table:
    """Playoff fans by number of managers and final place."""
    places = max(edition.playoffs.points)
    return Table(
        tr.text(N_("Playoff points by final place")),
        (tr.text(N_("Managers")), *(tr.ordinal(p) for p in range(1, places + 1))),
        tuple(
            (
                tr.number(n),
                *(tr.number(v) for v in points),
                *("–" for _ in range(places - len(points))),
            )
            for n, points in sorted(edition.playoffs.points.items())
        ),
    )


def ticket_bonus(tr: Translator, game: Game, edition: Edition) -> Table:
    """Fans per ticket the playoff winner still holds."""
    return Table(
        tr.text(N_("Ticket bonus for the playoff winner")),
        (tr.text(N_("Managers")), tr.text(N_("Fans per ticket"))),
        tuple(
            (tr.number(n), f"+{tr.number(f)}")
            for n, f in sorted(edition.playoffs.ticket_bonus.items())
        ),
    )


def arenas(tr: Translator, game: Game, edition: Edition) -> Table:
    """Every arena with its fans by rank, its flags and its special."""
    ranks = game.max_players
    rows: list[tuple[str | Figure, ...]] = []
    for arena in edition.arenas:
        notes = [tr.name("flags", game.flag_names[f]) for f in sorted(arena.flags)]
        if arena.special is not None:
            notes.insert(0, tr.name("specials", game.special_names[arena.special]))
        rows.append(
            (
                arena.name,
                *(tr.number(f) for f in arena.fans),
                _icons(game, arena, _joined(tr, notes)),
            )
        )
    return Table(
        tr.text(N_("Arenas: fans by rank")),
        (tr.text(N_("Arena")), *(tr.ordinal(r) for r in range(1, ranks + 1)), tr.text(N_("Notes"))),
        tuple(rows),
    )


def components(tr: Translator, game: Game, edition: Edition) -> Table:
    """What is in the box."""
    return Table(
        tr.text(N_("Components")),
        (tr.text(N_("Component")), tr.text(N_("Count"))),
        tuple((tr.name("components", c.name), tr.number(c.count)) for c in edition.components),
    )


def setup(tr: Translator, game: Game, edition: Edition) -> Table:
    """Species, deck size and arena cards by number of managers (and two-player mode)."""
    setup = edition.setup
    numbers = len(game.numbers)
    removed = setup.two_player_removed_flag
    all_arenas = len(edition.arenas)
    two_arenas = sum(1 for a in edition.arenas if removed not in a.flags)
    rows = [
        (
            f"{tr.number(2)} ({tr.name('modes', mode.name)})",
            tr.number(mode.species),
            tr.number(mode.species * numbers),
            tr.number(two_arenas),
        )
        for mode in setup.two_player_modes
    ]
    for players in sorted(setup.multiplayer_players):
        species = players * setup.species_per_manager
        rows.append(
            (
                tr.number(players),
                tr.number(species),
                tr.number(species * numbers),
                tr.number(all_arenas),
            )
        )
    return Table(
        tr.text(N_("Set-up by number of managers")),
        (
            tr.text(N_("Managers")),
            tr.text(N_("Species")),
            tr.text(N_("Cards in the deck")),
            tr.text(N_("Arena cards")),
        ),
        tuple(rows),
    )


ICON = 5.0
"""Side of an arena icon in the tables, in mm."""


def _icons(game: Game, arena: Arena, alt: str) -> Figure | str:
    """The arena's special and flags as icons (their names as the text alternative)."""
    colours = [s.colour.rgb for s in game.species[:2]]
    features: list[Special | str] = [
        *([arena.special] if arena.special else []),
        *sorted(arena.flags),
    ]
    if not features:
        return "–"

    def draw(pen: Pen) -> None:
        for index, feature in enumerate(features):
            x = index * (ICON + 1.5)
            if isinstance(feature, Special):
                icons.special(pen, feature.value, x, 0, ICON * 1.6, colours)
            else:
                icons.flag(pen, feature, x, 0, ICON)

    return Figure(alt, len(features) * (ICON + 1.5) + ICON, ICON, draw)


def arena_legend(tr: Translator, game: Game, edition: Edition, alt: str) -> Figure:
    """What each arena icon means."""
    colours = [s.colour.rgb for s in game.species[:2]]
    specials = [s for s in Special if any(a.special is s for a in edition.arenas)]
    flags = sorted({f for a in edition.arenas for f in a.flags})
    entries: list[tuple[Special | str, str]] = [
        *((s, tr.name("specials", game.special_names[s])) for s in specials),
        *((f, tr.name("flags", game.flag_names[f])) for f in flags),
    ]
    style = TextStyle(size=7.5, minimum=5, weight="semibold", align="left")

    def draw(pen: Pen) -> None:
        for index, (feature, name) in enumerate(entries):
            x, y = (index % 2) * 62.0, (len(entries) - 1) // 2 * 7.0 - (index // 2) * 7.0
            if isinstance(feature, Special):
                icons.special(pen, feature.value, x, y, ICON * 1.6, colours)
            else:
                icons.flag(pen, feature, x, y, ICON)
            pen.text(Rect(x + 10.0, y, 50.0, ICON), name, style)

    return Figure(alt, 124.0, ((len(entries) + 1) // 2) * 7.0, draw)


def _joined(tr: Translator, items: list[str]) -> str:
    """Labels side by side, as a card lists them ("A · B"): they are names, not a sentence."""
    return " · ".join(items) if items else "–"


def _span(tr: Translator, players: list[int]) -> str:
    low, high = min(players), max(players)
    return tr.number(low) if low == high else f"{tr.number(low)}–{tr.number(high)}"


def all_tables(tr: Translator, game: Game, edition: Edition) -> tuple[Table | Figure, ...]:
    """Every rulebook table, in the order a rulebook would show them (the arena legend after its table)."""
    return (
        setup(tr, game, edition),
        tickets(tr, game, edition),
        medals(tr, game),
        value_orders(tr, game),
        arenas(tr, game, edition),
        arena_legend(tr, game, edition, tr.text(N_("Legend of the arena icons"))),
        playoff_points(tr, game, edition),
        ticket_bonus(tr, game, edition),
        components(tr, game, edition),
    )
