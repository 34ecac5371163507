"""The rules summary of one edition in one language, in the project's own words.

Every number in it comes from the data or the rules engine.
"""

from __future__ import annotations

from generator.games.all_star_draft.model import (
    Direction,
    DraftKind,
    Edition,
    Game,
    Special,
    TicketLoss,
)
from generator.games.all_star_draft.rules.playoffs import MAX_SWAP, MIN_SWAP
from generator.plugin_api import (
    N_,
    NP_,
    Block,
    Bullets,
    CardDraw,
    Heading,
    Paragraph,
    TextDocument,
    Translator,
)

from . import examples, figures, tables


def summary(tr: Translator, game: Game, edition: Edition, faces: CardDraw) -> TextDocument:
    """The whole summary: goal, set-up, season, strength, specials, fans, playoffs, end, two managers."""
    title = tr.text(N_("{game}: rules summary – {edition}")).format(
        game=tr.name("game", game.name), edition=tr.name("editions", edition.name)
    )
    blocks: list[Block] = [
        *_goal(tr, edition),
        *_setup(tr, game, edition),
        *_season(tr, game, edition),
        *_strength(tr, game, edition, faces),
        *_specials(tr, game, edition),
        *_fans(tr, game, edition, faces),
        *_playoffs(tr, game, edition, faces),
        *_end(tr),
        *_two_managers(tr, game, edition),
        *_source(tr, edition),
        Heading(tr.text(N_("Rulebook tables"))),
        tables.components(tr, game, edition),
    ]
    return TextDocument(title, tr.locale, tuple(blocks))


def _goal(tr: Translator, edition: Edition) -> list[Block]:
    return [
        Heading(tr.text(N_("Goal"))),
        Paragraph(
            tr.text(
                N_(
                    "You manage an ice-hockey team. Draft the best players, send your teams into the "
                    "arenas and win over the fans. Whoever has the most fans after the "
                    "{regular_season} and the playoffs wins."
                )
            ).format(regular_season=_word(tr, edition, "regular-season"))
        ),
    ]


def _setup(tr: Translator, game: Game, edition: Edition) -> list[Block]:
    setup = edition.setup
    removed = tr.name("flags", game.flag_names[setup.two_player_removed_flag])
    return [
        Heading(tr.text(N_("Set-up"))),
        Paragraph(
            tr.plural(
                NP_(
                    "With three or more managers, each manager adds {n} species to the deck of {hockey_players}.",
                    "With three or more managers, each manager adds {n} species to the deck of {hockey_players}.",
                ),
                setup.species_per_manager,
                hockey_players=_word(tr, edition, "hockey-players"),
            )
            + " "
            + tr.text(
                N_(
                    "Shuffle the arena cards into a face-down pile. With two managers, first remove the arenas marked “{flag}”."
                )
            ).format(flag=removed)
        ),
        tables.setup(tr, game, edition),
        tables.tickets(tr, game, edition),
    ]


def _season(tr: Translator, game: Game, edition: Edition) -> list[Block]:
    setup = edition.setup
    rounds = []
    for number, season_round in enumerate(setup.rounds, 1):
        arenas = tr.plural(NP_("turn over {n} arena", "turn over {n} arenas"), season_round.arenas)
        pattern = (
            N_("Round {round}: {arenas}; hands are passed to the left.")
            if season_round.passing is Direction.LEFT
            else N_("Round {round}: {arenas}; hands are passed to the right.")
        )
        rounds.append(tr.text(pattern).format(round=tr.number(number), arenas=arenas))
    return [
        Heading(_capitalised(_word(tr, edition, "regular-season"))),
        Paragraph(
            tr.text(
                N_(
                    "Each round, deal {hand} {hockey_players} to every manager. Everyone keeps one card "
                    "on their {bench} and passes the rest on, until all cards are drafted."
                )
            ).format(
                hand=tr.number(setup.hand_size),
                hockey_players=_word(tr, edition, "hockey-players"),
                bench=_word(tr, edition, "bench"),
            )
        ),
        Bullets(tuple(rounds)),
        Paragraph(
            tr.text(
                N_(
                    "Then build a team of {size} players from your {bench}. From the second round on, "
                    "each team you already played may first swap {swaps} card with your {bench}. Give "
                    "your teams their {bus_tokens} face down: {bus} 1 plays in the first arena, {bus} 2 "
                    "in the second, and so on."
                )
            ).format(
                size=tr.number(setup.team_size),
                swaps=tr.number(setup.swaps_per_earlier_team),
                bench=_word(tr, edition, "bench"),
                bus_tokens=_word(tr, edition, "bus-tokens"),
                bus=_word(tr, edition, "bus"),
            )
        ),
    ]


def _strength(tr: Translator, game: Game, edition: Edition, faces: CardDraw) -> list[Block]:
    return [
        Heading(tr.text(N_("Team strength and tiebreakers"))),
        Paragraph(
            tr.text(
                N_(
                    "A team's strength is the size of its largest group of cards that share one value: the "
                    "same symbol, the same number or the same species, from 1 to {most}. Cards without a "
                    "symbol form no symbol group. The stronger team ranks higher."
                )
            ).format(most=tr.number(edition.setup.team_size))
        ),
        Paragraph(
            tr.text(
                N_(
                    "Between teams of equal strength, the attribute of each team's group decides, "
                    "gold before silver before bronze, then the group's value. Teams equal in all of "
                    "this tie."
                )
            )
        ),
        tables.medals(tr, game),
        tables.value_orders(tr, game),
        figures.value_orders(
            game,
            [tr.name("species", s.name) for s in sorted(game.species, key=lambda s: -s.strength)],
            tr.text(N_("Symbols and species from strongest to weakest")),
        ),
        *examples.strength_and_medals(tr, game, faces),
    ]


def _specials(tr: Translator, game: Game, edition: Edition) -> list[Block]:
    present = [s for s in Special if any(a.special is s for a in edition.arenas)]
    if not present:
        return []
    return [
        Heading(tr.text(N_("Arena specials"))),
        Paragraph(
            tr.text(
                N_(
                    "Some arenas name a special combination. A team that has it beats every team without "
                    "it, even five of a kind; teams that both have it tie."
                )
            )
        ),
        Bullets(
            tuple(
                tr.term(
                    tr.name("specials", game.special_names[s]),
                    tr.name("specials", game.special_explanations[s]),
                )
                for s in present
            )
        ),
    ]


def _fans(tr: Translator, game: Game, edition: Edition, faces: CardDraw) -> list[Block]:
    return [
        Heading(tr.text(N_("Fans"))),
        Paragraph(
            tr.text(
                N_(
                    "Each team scores the fans its rank earns on the arena card. Teams that tie share "
                    "the better rank, and for each further tied team the next rank is skipped. Not every "
                    "arena rewards the best team most."
                )
            )
        ),
        tables.arenas(tr, game, edition),
        tables.arena_legend(tr, game, edition, tr.text(N_("Legend of the arena icons"))),
        *examples.shared_rank(tr, game, edition, faces),
    ]


def _playoffs(tr: Translator, game: Game, edition: Edition, faces: CardDraw) -> list[Block]:
    playoffs = edition.playoffs
    hand = sum(edition.setup.hand_size for _ in edition.setup.rounds)
    elimination = (
        N_("A manager who must give up a ticket and has none left is eliminated.")
        if playoffs.eliminated_when is TicketLoss.NO_TICKET_TO_GIVE
        else N_("A manager who gives up their last ticket is eliminated at once.")
    )
    return [
        Heading(tr.text(N_("Playoffs"))),
        Paragraph(
            tr.text(
                N_(
                    "Each manager takes all {cards} players drafted in the season into hand and plays a team "
                    "of {size}. The weakest team loses the round and its manager gives up a playoff ticket."
                )
            ).format(cards=tr.number(hand), size=tr.number(edition.setup.team_size))
            + " "
            + tr.text(elimination)
        ),
        Paragraph(
            tr.text(
                N_(
                    "If several teams tie as the weakest, their managers play a penalty shootout: each plays "
                    "one card from their hand, and the cards are compared attribute by attribute, gold "
                    "first (a card without a symbol counts as the weakest symbol). The weakest card "
                    "loses; shootout cards are discarded."
                )
            )
        ),
        Paragraph(
            tr.text(
                N_(
                    "After each round, every manager still in must swap {low} to {high} team cards for cards "
                    "from their hand; the replaced cards are discarded. A manager who cannot is eliminated."
                )
            ).format(low=tr.number(MIN_SWAP), high=tr.number(MAX_SWAP))
        ),
        Paragraph(
            tr.text(
                N_(
                    "A manager who is eliminated takes the place that is the number of managers still "
                    "in, themselves included (with 5 managers the first one out takes 5th place); "
                    "managers eliminated together take the lowest place still open. The last manager "
                    "left wins the playoffs and, in games of {counts} managers, scores a bonus for "
                    "every ticket still held."
                )
            ).format(counts=tr.either([tr.number(n) for n in sorted(playoffs.ticket_bonus)]))
        ),
        tables.playoff_points(tr, game, edition),
        tables.ticket_bonus(tr, game, edition),
        *examples.shootout(tr, game, edition, faces),
    ]


def _end(tr: Translator) -> list[Block]:
    return [
        Heading(tr.text(N_("End of the game"))),
        Paragraph(
            tr.text(
                N_(
                    "Add up the fans from the season, the playoffs and the ticket bonus. The manager with "
                    "the most fans wins. A tie goes to the manager who scored more fans in the playoffs; "
                    "managers still tied share the victory."
                )
            )
        ),
    ]


def _two_managers(tr: Translator, game: Game, edition: Edition) -> list[Block]:
    items = []
    for mode in edition.setup.two_player_modes:
        name = tr.name("modes", mode.name)
        values = {
            "species": tr.number(mode.species),
            "hand": tr.number(mode.hand_size or 0),
            "picks": tr.number(mode.picks),
            "discard": tr.number(mode.discard),
            "reveal": tr.number(mode.reveal or 0),
            "bench": _word(tr, edition, "bench"),
        }
        if mode.draft is DraftKind.MARKET:
            text = N_(
                "{species} species in the deck. Turn {reveal} cards face up: one manager takes one, the other "
                "takes one of the rest and discards the last. Alternate who starts until each {bench} holds "
                "{picks} cards; in later rounds the manager with fewer fans starts."
            )
        elif mode.draft is DraftKind.DUEL:
            text = N_(
                "{species} species in the deck, {hand} cards each. Take one card for your {bench}, then two more: "
                "one for your {bench} and one for your opponent's. Pass the rest and go on until each {bench} holds "
                "{picks} cards, then discard {discard}."
            )
        elif mode.discard:
            text = N_(
                "{species} species in the deck, {hand} cards each. Take one card and pass the rest to your "
                "opponent until each {bench} holds {picks} cards, then discard {discard}."
            )
        else:
            text = N_(
                "{species} species in the deck, {hand} cards each. Take one card and pass the rest to your "
                "opponent until each {bench} holds {picks} cards; the last card of each hand is discarded."
            )
        items.append(tr.term(name, tr.text(text).format(**values)))
    return [
        Heading(tr.text(N_("Two managers"))),
        Paragraph(
            tr.text(
                N_(
                    "With two managers, the {regular_season} is drafted in one of these ways; the playoffs stay the same."
                )
            ).format(regular_season=_word(tr, edition, "regular-season"))
        ),
        Bullets(tuple(items)),
    ]


def _source(tr: Translator, edition: Edition) -> list[Block]:
    if edition.rulebook is None:
        return []
    from babel.dates import format_skeleton

    month = format_skeleton("yMMMM", edition.rulebook, locale=tr.locale)
    return [
        Paragraph(tr.text(N_("This summary follows the rulebook of {month}.")).format(month=month))
    ]


def _word(tr: Translator, edition: Edition, word: str) -> str:
    """One of the edition's own words (setup.yaml's words), in the language printed."""
    return tr.name("words", edition.setup.words[word])


def _capitalised(word: str) -> str:
    """A word as a heading starts it ("reguläre Saison" -> "Reguläre Saison")."""
    return word[:1].upper() + word[1:]
