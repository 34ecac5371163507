"""The rules summary of Disaster Draft in one language, in the project's own words.

Every number comes from the data (battle.yaml, the deck, the box); the
rulings it follows are those of docs/rules-disaster.md, and the win it
describes is the reading of the win condition the data sets (D1).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator

from generator.games.disaster_draft.model import (
    ARMY_SIZES,
    MAX_STRENGTH,
    MIN_STRENGTH,
    UNIT,
    Deck,
    Kind,
    Texts,
    Unit,
    WinCondition,
)
from generator.plugin_api import (
    N_,
    Block,
    Bullets,
    Heading,
    Paragraph,
    Pen,
    Table,
    TextDocument,
    Translator,
    card_row,
    components_table,
)

Faces = Callable[[str, str], Callable[[Pen], None]]
"""(component, card id) -> the card's face as the build prints it."""

WINS = {
    WinCondition.STRONGEST: N_(
        "Each player adds up the strength of their army. You win the battle if your total is "
        "higher than the reward's strength plus the total of each opponent, taken one at a "
        "time."
    ),
    WinCondition.WEAKEST: N_(
        "Each player adds up the strength of their army. Of the players whose total is higher "
        "than the reward's strength plus the total of at least one opponent, the one with the "
        "highest total wins the battle; if two of them tie for highest, nobody wins."
    ),
}
"""The winning step, by the reading of the win condition the data sets (ruling D1)."""
PRIZES = {
    False: N_(
        "The winner takes the reward into their hand, unless it died in the battle (then it "
        "stays in the graveyard), and the top unit of the deck onto their victory pile. "
        "Without a winner the reward goes to the graveyard."
    ),
    True: N_(
        "The winner takes the reward into their hand, even if it died in the battle, and the "
        "top unit of the deck onto their victory pile. Without a winner the reward goes to the "
        "graveyard."
    ),
}
"""What the winner takes, by where the data sends a reward that died (ruling D5)."""
CHAINS = {
    False: N_(
        "The player with the lowest total sends an enemy unit to the graveyard; its owner chooses "
        "the next, and so on, until the players have sent as many units as there are players. "
        "The units left go back to their owners' hands."
    ),
    True: N_(
        "The player with the lowest total sends an enemy unit to the graveyard; its owner chooses "
        "the next, and so on, until as many units have died in the battle as there are players, "
        "those the effects killed included. The units left go back to their owners' hands."
    ),
}
"""The graveyard chain, by what it counts in the data (ruling D5)."""
WORDS = (
    (N_("Allies"), N_("the other units of your army, not the unit itself.")),
    (N_("Enemies"), N_("every unit of the other armies, and the reward.")),
    (
        N_("Alone, in a pair, in a trio"),
        N_("the effect acts only if you sent one, two or three units."),
    ),
    (N_("Dies"), N_("the unit goes to the graveyard face down.")),
)
"""The words of the effects, and what they mean (the rulebook's notes)."""


def summary_document(deck: Deck, edition_id: str, tr: Translator, faces: Faces) -> TextDocument:
    """The plug-in's summary hook: goal, box, setup, a battle, effects, the end."""
    assert deck.texts is not None, "built by model(), not deck()"
    texts = deck.texts
    title = tr.text(N_("{game}: rules summary")).format(game=tr.name("game", texts.game))
    blocks: list[Block] = [
        *_goal(tr, deck),
        components_table(tr, [(name, count) for _, name, count in texts.components]),
        _types(tr, deck, texts),
        *_setup(tr, deck),
        *_battle(tr, deck),
        *_effects(tr, deck, texts, faces),
    ]
    return TextDocument(title, tr.locale, tuple(blocks))


def _goal(tr: Translator, deck: Deck) -> list[Block]:
    return [
        Heading(tr.text(N_("Goal"))),
        Paragraph(
            tr.text(
                N_(
                    "Draft units, then send them into battles. Each battle won brings the reward "
                    "into your hand and a victory card onto your pile. The first player to "
                    "reach {points} victory points wins at once, even in the middle of a battle."
                )
            ).format(points=tr.number(deck.rules.victory_points))
        ),
    ]


def _types(tr: Translator, deck: Deck, texts: Texts) -> Table:
    """Each type, its letter on the cards and how many units of it the deck holds."""
    counts = Counter(unit.type for unit in deck.units.values())
    return Table(
        tr.text(N_("Unit types")),
        (tr.text(N_("On the card")), tr.text(N_("Type")), tr.text(N_("Units in the deck"))),
        tuple(
            (tr.name("types", short), tr.name("types", title), tr.number(counts[kind]))
            for kind, (short, title) in texts.types.items()
        ),
    )


def _setup(tr: Translator, deck: Deck) -> list[Block]:
    return [
        Heading(tr.text(N_("Setup"))),
        Paragraph(
            tr.text(
                N_(
                    "Shuffle the {deck} units and turn up {reveal} for each player. Everyone "
                    "rolls the 20-sided die; whoever rolls highest takes a unit first, then the "
                    "players take one at a time clockwise until each holds {reveal}. Keep your "
                    "hand hidden from the others."
                )
            ).format(
                deck=tr.number(len(deck.units)), reveal=tr.number(deck.rules.reveal_per_player)
            )
        ),
    ]


def _battle(tr: Translator, deck: Deck) -> list[Block]:
    rules = deck.rules
    lowest, highest = (tr.number(n) for n in (ARMY_SIZES[0], ARMY_SIZES[-1]))
    steps = [
        tr.text(
            N_(
                "Starting with the winner of the last battle (in the first battle, with the "
                "player who rolled highest), everyone draws a unit in turn, clockwise. Then, "
                "in the same order, everyone with fewer than {refill} cards refills their hand "
                "to {refill} and everyone with more than {discard} discards down to {discard}. "
                "When the deck runs out, shuffle the graveyard to make a new deck."
            )
        ).format(refill=tr.number(rules.refill_to), discard=tr.number(rules.discard_to)),
        tr.text(N_("Turn up the top unit of the deck: it is the reward.")),
        tr.text(
            N_(
                "Everyone chooses {lowest} to {highest} units from their hand in secret, and all "
                "reveal them together. The fewer units you send, the more you draw (see the "
                "table)."
            )
        ).format(lowest=lowest, highest=highest),
        tr.text(
            N_(
                "The units' effects act in order of speed, the fastest first. Between equal "
                "speeds, seat order decides, starting with the player who opens the battle; "
                "within an army, the order in which its cards were laid out."
            )
        ),
        tr.text(
            N_(
                "A unit's strength stays between {low} and {high} after every change. A unit "
                "that dies leaves the battle at once and no longer counts."
            )
        ).format(low=tr.number(MIN_STRENGTH), high=tr.number(MAX_STRENGTH)),
        tr.text(WINS[rules.win_condition]),
        tr.text(PRIZES[rules.dead_reward_to_winner]),
        tr.text(CHAINS[rules.chain_counts_dead]),
    ]
    draws = Table(
        tr.text(N_("Cards drawn after the reveal")),
        (tr.text(N_("Units sent")), tr.text(N_("Cards drawn"))),
        tuple(
            (tr.number(size), tr.number(drawn))
            for size, drawn in zip(ARMY_SIZES, rules.draws_after_reveal, strict=True)
        ),
    )
    return [
        Heading(tr.text(N_("A battle"))),
        Bullets(tuple(steps)),
        draws,
    ]


def _effects(tr: Translator, deck: Deck, texts: Texts, faces: Faces) -> list[Block]:
    blocks: list[Block] = [
        Heading(tr.text(N_("Effects"))),
        Paragraph(
            tr.text(
                N_(
                    "A unit's effects are printed under its picture; they act when the unit's "
                    "turn comes, by its speed. The words on the cards:"
                )
            )
        ),
        Bullets(tuple(tr.term(tr.text(term), tr.text(meaning)) for term, meaning in WORDS)),
    ]
    shown = list(_examples(deck))
    if shown:
        names = tr.joined([tr.name("units", unit.name) for unit in shown])
        blocks.append(
            card_row(
                [unit.id for unit in shown],
                lambda card: faces(UNIT, card),
                tr.text(N_("Three cards of the deck: {names}")).format(names=names),
                texts.card_size,
            )
        )
    return blocks


def _examples(deck: Deck) -> Iterator[Unit]:
    """Three units of the deck that show the vocabulary: the first (in the deck's order, of a
    type not shown yet where there is one) that acts only in an army of a size, the first with
    a type filter and the first that kills."""
    tests: tuple[Callable[[Unit], bool], ...] = (
        lambda u: any(e.army for e in u.effects),
        lambda u: any(e.only for e in u.effects),
        lambda u: any(e.kind is Kind.DIE for e in u.effects),
    )
    chosen: list[Unit] = []
    for test in tests:
        fits = [u for u in deck.units.values() if test(u) and u not in chosen]
        fresh = [u for u in fits if all(u.type is not c.type for c in chosen)]
        if fits:
            chosen.append((fresh or fits)[0])
            yield chosen[-1]
