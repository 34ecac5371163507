"""What All-Star Draft's documents (its rules summary and rulebook tables) name as
{values.…}: the rows and figures the data does not hold as such, and worked examples the
rules engine plays out on real cards. The sentences are the pack's (documents/*.yaml)."""

from __future__ import annotations

from generator.games.all_star_draft.model import Game
from generator.games.all_star_draft.rules.playoffs import MAX_SWAP, MIN_SWAP
from generator.plugin_api import DrawCard, Translator, Value

from . import examples, figures, tables


def values(game: Game, edition_id: str, tr: Translator, draw_card: DrawCard) -> dict[str, Value]:
    """The plug-in's values hook."""
    edition = game.edition(edition_id)
    setup = edition.setup
    return {
        "word": {key: tr.name("words", word) for key, word in setup.words.items()},
        "two-player-flag": tr.name("flags", game.flag_names[setup.two_player_removed_flag]),
        "beginner-flag": next(
            (
                tr.name("flags", game.flag_names[flag])
                for flag in sorted({f for a in edition.arenas for f in a.flags})
                if flag == tables.BEGINNER_FLAG
            ),
            None,
        ),
        "drafted": setup.hand_size * len(setup.rounds),
        "rounds": [{"arenas": r.arenas, "left": r.passing.value == "left"} for r in setup.rounds],
        "setup": tables.setup_rows(tr, game, edition),
        "medal-rows": tables.medal_rows(tr, game),
        "medal-names": [tr.name("medals", m) for m in game.medals],
        "orders": tables.order_rows(tr, game),
        "order-figure": figures.value_orders(game, tr),
        "specials": tables.specials(tr, game, edition),
        "arenas": tables.arena_rows(tr, game, edition),
        "ranks": list(range(1, game.max_players + 1)),
        "places": list(range(1, max(edition.playoffs.points) + 1)),
        "arena-legend": figures.arena_legend(tr, game, edition),
        "bonus-counts": sorted(edition.playoffs.ticket_bonus),
        "modes": tables.mode_rows(tr, edition),
        "mode-count": len(setup.two_player_modes),
        "swap": {"fewest": MIN_SWAP, "most": MAX_SWAP},
        "stand-ins": tables.stand_ins(edition),
        **examples.examples(tr, game, edition),
    }
