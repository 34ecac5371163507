"""The rules summary of Extraliga All-Stars in one language, in the project's own words.

Every number in it comes from the data or the rules engine; the rulings it
follows are those of docs/rules-extraliga.md.
"""

from __future__ import annotations

from collections.abc import Callable

from generator.games.extraliga_all_stars import draft
from generator.games.extraliga_all_stars.lineup import (
    EVERY_PAIR,
    MAX_CARDS,
    Lineup,
    LineupRules,
    Player,
    Position,
    TrioRules,
)
from generator.games.extraliga_all_stars.lineup_kernels import MAX_STRENGTH
from generator.games.extraliga_all_stars.model import HOCKEY_PLAYER, Deck, SeasonRules, Texts
from generator.plugin_api import (
    N_,
    NP_,
    Block,
    Bullets,
    Heading,
    Paragraph,
    Pen,
    TextDocument,
    Translator,
    card_row,
)

from . import tables

EXAMPLE = (
    ("martin-erat", "vaclav-prospal", "radek-dvorak"),
    ("frantisek-pospisil", "filip-hronek", "tuukka-rask"),
)
"""The rulebook's worked example: the offence and the defence, in slot order."""

Faces = Callable[[str, str], Callable[[Pen], None]]
"""(component, card id) -> the card's face as the build prints it."""


def summary_document(deck: Deck, edition_id: str, tr: Translator, faces: Faces) -> TextDocument:
    """The plug-in's summary hook: goal, draft, lineups, season, matches, the end."""
    texts, season = _parts(deck)
    title = tr.text(N_("{game}: rules summary")).format(game=tr.name("game", texts.game))
    blocks: list[Block] = [
        *_goal(tr),
        tables.components(tr, texts),
        *_draft(tr, deck),
        *_lineup(tr, deck, texts, faces),
        *_season(tr, texts, season),
        *_match(tr, texts),
        *_break(tr, season),
        *_end(tr),
    ]
    return TextDocument(title, tr.locale, tuple(blocks))


def tables_document(deck: Deck, edition_id: str, tr: Translator) -> TextDocument:
    """The plug-in's tables hook: every table of the summary, and the virtual opponents."""
    texts, season = _parts(deck)
    title = tr.text(N_("{game}: rulebook tables")).format(game=tr.name("game", texts.game))
    blocks: list[Block] = [
        tables.components(tr, texts),
        tables.positions(tr, texts, deck.lineups),
        tables.bonuses(tr, texts),
        tables.points(tr),
        tables.season_decks(tr, season),
        tables.lineup_die(tr, season),
        tables.goals_needed(tr),
        Paragraph(tables.plain_lineup_note(tr)),
        tables.win_chances(tr),
        tables.opponents(tr, deck),
    ]
    return TextDocument(title, tr.locale, tuple(blocks))


def _parts(deck: Deck) -> tuple[Texts, SeasonRules]:
    """The names and the season's numbers, which the plug-in's model always reads."""
    assert deck.texts is not None and deck.season is not None, "built by model(), not deck()"
    return deck.texts, deck.season


def _goal(tr: Translator) -> list[Block]:
    return [
        Heading(tr.text(N_("Goal"))),
        Paragraph(
            tr.text(
                N_(
                    "Draft a dream team of hockey players, line it up as an offence trio and a "
                    "defence trio, and play dice matches through a season against the other "
                    "managers and against virtual opponents. The manager with the most points at "
                    "the end of the season wins."
                )
            )
        ),
    ]


def _draft(tr: Translator, deck: Deck) -> list[Block]:
    return [
        Heading(tr.text(N_("The draft"))),
        Paragraph(
            tr.text(
                N_(
                    "With 3, 4 or 5 managers, shuffle the {deck} hockey players and deal {hand} "
                    "to each manager. Keep one card face down and pass the others to your "
                    "left-hand neighbour, then choose again from the cards you receive. Before the "
                    "{last_pick} pick only two cards come round: keep one and put the other back "
                    "in the box. Then deal {hand} new cards each and draft again, passing to the "
                    "right. Everyone ends with {cards} players."
                )
            ).format(
                deck=tr.number(len(deck.players)),
                hand=tr.number(draft.HAND),
                last_pick=tr.ordinal(draft.PICKS),
                cards=tr.number(MAX_CARDS),
            )
        ),
        Paragraph(
            tr.text(
                N_(
                    "With two managers, turn {table} cards face up each round. The round's first "
                    "manager takes one, the other manager takes two, then the first manager takes "
                    "the last pick; the cards left go back to the box. The first-player token "
                    "changes hands every round. After {rounds} rounds each manager has {cards} "
                    "players."
                )
            ).format(
                table=tr.number(draft.TABLE),
                rounds=tr.number(MAX_CARDS * 2 // len(draft.TWO_PLAYER_ORDER)),
                cards=tr.number(MAX_CARDS),
            )
        ),
    ]


def _lineup(tr: Translator, deck: Deck, texts: Texts, faces: Faces) -> list[Block]:
    rules = deck.lineups

    def shorts(slots: tuple[Position, ...]) -> str:
        return ", ".join(tr.name("positions", texts.positions[p][1]) for p in slots)

    return [
        Heading(tr.text(N_("Lineup and team strength"))),
        Paragraph(
            tr.text(
                N_(
                    "Six of your players start: an offence trio ({offence}) and a defence trio "
                    "({defence}; the two defencemen are not told apart). The other six sit on the "
                    "bench, face up."
                )
            ).format(offence=shorts(rules.offence.slots), defence=shorts(rules.defence.slots))
        ),
        Paragraph(_synergy_rule(tr, texts, rules.offence, rules.defence)),
        Paragraph(
            tr.text(
                N_(
                    "The offence is the number of dice you roll in a match. The defence is the "
                    "number each of your opponent's dice must reach to be a goal. A manager "
                    "without a goalie lays any card face down in goal: it counts 1 and pairs "
                    "with no one."
                )
            )
        ),
        tables.positions(tr, texts, deck.lineups),
        *_example(tr, deck, texts, faces),
    ]


def _synergy_rule(tr: Translator, texts: Texts, *trios: TrioRules) -> str:
    """How players pair, in the reading of trios.yaml: linked slots, or every two players."""
    if all(trio.links == EVERY_PAIR for trio in trios):
        rule = tr.text(
            N_(
                "In each trio, every player in the slot of his own position adds 1, and every "
                "two players from the same club add 1."
            )
        )
    else:

        def short(position: Position) -> str:
            return tr.name("positions", texts.positions[position][1])

        links = [
            tr.text(N_("{a}–{b}")).format(a=short(trio.slots[i]), b=short(trio.slots[j]))
            for trio in trios
            for i, j in sorted(trio.links)
        ]
        rule = tr.text(
            N_(
                "In each trio, every player in the slot of his own position adds 1, and two "
                "players in linked slots add 1 when they play for the same club. The linked "
                "slots are neighbours in the row: {links}."
            )
        ).format(links=", ".join(links))
    legends = tr.text(
        N_(
            "A legend has no club and pairs with everyone in his trio; at most one legend may "
            "be in the lineup. Neither trio goes above {most}."
        )
    ).format(most=tr.number(MAX_STRENGTH))
    return f"{rule} {legends}"


def _example(tr: Translator, deck: Deck, texts: Texts, faces: Faces) -> list[Block]:
    """The rulebook's worked example, scored by the engine; left out if its cards are not in the data."""
    if any(card not in deck.players for trio in EXAMPLE for card in trio):
        return []
    (a, b, c), (d, e, f) = ((deck.players[card] for card in trio) for trio in EXAMPLE)
    offence, defence = (a, b, c), (d, e, f)
    rules = deck.lineups
    worth = rules.strength(Lineup(offence, defence))
    blocks: list[Block] = [Heading(tr.text(N_("The rulebook's example")), level=3)]
    for players, trio, name, total in (
        (offence, rules.offence, texts.trios[0], worth.offence),
        (defence, rules.defence, texts.trios[1], worth.defence),
    ):
        names = tr.joined([texts.players[p.id] for p in players])
        blocks += [
            card_row(
                [p.id for p in players],
                lambda card: faces(HOCKEY_PLAYER, card),
                tr.text(N_("The cards: {names}")).format(names=names),
                texts.card_size,
            ),
            Paragraph(_trio_line(tr, texts, tr.name("trios", name), players, trio, rules, total)),
        ]
    return blocks


def _trio_line(
    tr: Translator,
    texts: Texts,
    name: str,
    players: tuple[Player, ...],
    trio: TrioRules,
    rules: LineupRules,
    total: int,
) -> str:
    """'Offence 3: 2 in position (…); 1 pair (…).'"""
    placed = [
        texts.players[p.id]
        for p, slot in zip(players, trio.slots, strict=True)
        if p.position is slot
    ]
    pairs = [
        tr.text(N_("{a} with {b}")).format(a=texts.players[a.id], b=texts.players[b.id])
        for a, b in rules.pairs(players, trio)
    ]
    return tr.text(N_("{trio} {total}: {placed}; {pairs}.")).format(
        trio=name,
        total=tr.number(total),
        placed=_listed(
            tr, tr.plural(NP_("{n} in position", "{n} in position"), len(placed)), placed
        ),
        pairs=_listed(tr, tr.plural(NP_("{n} pair", "{n} pairs"), len(pairs)), pairs),
    )


def _listed(tr: Translator, count: str, names: list[str]) -> str:
    return (
        tr.text(N_("{count} ({names})")).format(count=count, names=", ".join(names))
        if names
        else count
    )


def _season(tr: Translator, texts: Texts, season: SeasonRules) -> list[Block]:
    return [
        Heading(tr.text(N_("The season"))),
        Paragraph(
            tr.text(
                N_(
                    "Deal {coaches} coach cards to each manager, to keep hidden, and shuffle the "
                    "event cards. Each manager chooses a colour: their scoring token starts on 0 "
                    "of the score sheet, and their team-strength tokens show the lineup's offence "
                    "and defence. The season deck holds the draw cards for the number of managers "
                    "and, for some numbers of managers, opponent cards:"
                )
            ).format(coaches=tr.number(season.coaches_each))
        ),
        tables.season_decks(tr, season),
        Paragraph(
            tr.text(
                N_(
                    "Each round has five phases, each played in turn from the manager with the "
                    "first-player token:"
                )
            )
        ),
        _glossary(
            tr,
            (
                (
                    N_("Opponent"),
                    N_(
                        "turn over the top card of the season deck. A draw card pairs the "
                        "managers who play each other; with four or five managers the pair "
                        "with the first player plays first. An opponent card is a virtual "
                        "opponent whom every manager plays."
                    ),
                ),
                (N_("Event"), N_("turn over the top event card; it concerns every manager.")),
                (
                    N_("Coach cards"),
                    N_(
                        "each manager may play any of their coach cards; a coach card "
                        "concerns only the manager who plays it."
                    ),
                ),
                (N_("Match"), N_("as below.")),
                (
                    N_("Lineup change"),
                    N_(
                        "the first player rolls a die, and every manager swaps at least as "
                        "many lineup players with bench players as the table says. There is "
                        "no change after the last match."
                    ),
                ),
            ),
        ),
        Paragraph(tr.text(N_("Then the first-player token passes to the left."))),
        tables.lineup_die(tr, season),
        Heading(tr.text(N_("Keywords on event and coach cards")), level=3),
        _glossary(
            tr,
            (
                (
                    N_("Penalty"),
                    N_(
                        "a lineup player sits out this round's match: his slot counts 0 and "
                        "his bonus is not played. He may be swapped in the lineup change."
                    ),
                ),
                (N_("Injury"), N_("a player goes back to the box for the rest of the season.")),
                (
                    N_("Substitution"),
                    N_("swap one lineup player with a bench player, then rearrange the lineup."),
                ),
                (
                    N_("Full synergy"),
                    N_("this round, every two players of a trio pair, whatever their clubs."),
                ),
            ),
        ),
    ]


def _glossary(tr: Translator, entries: tuple[tuple[str, str], ...]) -> Bullets:
    """Terms and their explanations (both marked with N_), as a translated list."""
    return Bullets(tuple(tr.term(tr.text(term), tr.text(text)) for term, text in entries))


def _match(tr: Translator, texts: Texts) -> list[Block]:
    return [
        Heading(tr.text(N_("Matches"))),
        Paragraph(
            tr.text(
                N_(
                    "Each side rolls as many dice as its offence is worth. Then the first player "
                    "may play bonuses from his lineup: those of his offence on his own dice, those "
                    "of his defence on the opponent's dice. The other side answers, and so on in "
                    "turn while anyone has an unused bonus. Turn a card sideways once its bonus "
                    "is played; each bonus is played once per match."
                )
            )
        ),
        tables.bonuses(tr, texts),
        Paragraph(
            tr.text(
                N_(
                    "Each die that reaches the opposing defence is a goal, and the side with more "
                    "goals wins the match. With equal goals the match goes to overtime: each side "
                    "rolls one die and the side that rolls higher wins; equal rolls are rolled "
                    "again."
                )
            )
        ),
        tables.points(tr),
        Paragraph(
            tr.text(
                N_(
                    "Against a virtual opponent every manager plays in turn, and the manager to "
                    "the left rolls the opponent's dice. The virtual opponent plays no bonus and "
                    "scores no points: only the manager does."
                )
            )
        ),
        Heading(tr.text(N_("Chances")), level=3),
        tables.goals_needed(tr),
        Paragraph(tables.plain_lineup_note(tr)),
        tables.win_chances(tr),
    ]


def _break(tr: Translator, season: SeasonRules) -> list[Block]:
    if season.halves < 2:
        return []
    renewed = [tr.number(n) for n, (_, opponents) in sorted(season.decks.items()) if opponents]
    text = tr.text(
        N_(
            "When the season deck is used up, half of the season is over. Make the season deck again and play on."
        )
    )
    if renewed:
        text += " " + tr.text(
            N_(
                "With {counts} managers, put the opponent cards played away and draw new ones for it."
            )
        ).format(counts=tr.either(renewed))
    return [Heading(tr.text(N_("International break"))), Paragraph(text)]


def _end(tr: Translator) -> list[Block]:
    return [
        Heading(tr.text(N_("End of the game"))),
        Paragraph(
            tr.text(
                N_(
                    "After the last match of the season, the manager with the most points wins. "
                    "A tie goes to the manager whose offence plus defence was higher in the last "
                    "match; managers still tied share the win, or play a deciding match."
                )
            )
        ),
    ]
