"""Disaster Draft's battle question answered: every effect by speed, the totals, the winner,
the graveyard chain and what goes back to hand."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from generator.games.disaster_draft.answer_types import BattleAnswer, Step
from generator.games.disaster_draft.battle import (
    REWARD_SEAT,
    Change,
    Outcome,
    Pick,
    Place,
    graveyard_chain,
    resolve,
    strongest_pick,
    winner_takes_reward,
)
from generator.games.disaster_draft.model import Deck, Effect, Kind, Unit, WinCondition
from generator.plugin_api import Document, located, plain_kernels


def battle_answer(deck: Deck, question: Document) -> BattleAnswer:
    """The battle's every effect, the totals, the winner, the chain and what goes back to hand."""
    value = question.value
    names = list(value["armies"])
    fewest, most = deck.players
    if not fewest <= len(names) <= most:
        raise located(
            question,
            ("armies",),
            f"{len(names)} armies, but the game is played by {fewest} to {most} players "
            "(game.yaml)",
        )
    seen: dict[str, tuple[str | int, ...]] = {}
    armies = [
        [_unit(deck, question, ("armies", name, k), card, seen) for k, card in enumerate(cards)]
        for name, cards in value["armies"].items()
    ]
    reward = (
        _unit(deck, question, ("reward",), value["reward"], seen) if "reward" in value else None
    )
    condition = WinCondition(value.get("win-condition", deck.rules.win_condition.value))
    rules = deck.rules
    count_dead = value.get("chain-counts", _counts(rules.chain_counts_dead)) == "all-dead"
    to_winner = value.get("dead-reward", _reward(rules.dead_reward_to_winner)) == "winner"
    with plain_kernels():  # one battle: plain Python answers before numba would load
        outcome = resolve(armies, reward, condition, record=True)

    def label(place: Place) -> str:
        return (
            "the reward"
            if place[0] == REWARD_SEAT
            else f"{names[place[0]]}'s {armies[place[0]][place[1]].id}"
        )

    chain = graveyard_chain(outcome, _chain_pick(question, armies, outcome), count_dead)
    gone = {place for _, place in chain}
    won = winner_takes_reward(outcome, to_winner)
    return {
        "players": names,
        "win_condition": condition.value,
        "chain_counts": _counts(count_dead),
        "dead_reward": _reward(to_winner),
        "reward": None
        if reward is None
        else {
            "id": reward.id,
            "strength": reward.strength,
            "final": outcome.reward,
            "alive": outcome.reward_alive,
            "goes_to": names[outcome.winner] if won and outcome.winner is not None else "graveyard",
        },
        "steps": [_step(change, armies, names, label) for change in outcome.changes],
        "armies": {
            name: [
                {
                    "id": unit.id,
                    "strength": unit.strength,
                    "speed": unit.speed,
                    "final": outcome.strengths[seat][k],
                    "alive": outcome.alive[seat][k],
                }
                for k, unit in enumerate(armies[seat])
            ]
            for seat, name in enumerate(names)
        },
        "totals": dict(zip(names, outcome.totals, strict=True)),
        "winner": None if outcome.winner is None else names[outcome.winner],
        "draws": {
            name: outcome.draws[seat] + deck.rules.draws_after_reveal[len(armies[seat]) - 1]
            for seat, name in enumerate(names)
        },
        "chain": [
            {"chooser": names[chooser], "unit": armies[seat][k].id, "owner": names[seat]}
            for chooser, (seat, k) in chain
        ],
        "back_to_hand": {
            name: [
                unit.id
                for k, unit in enumerate(armies[seat])
                if outcome.alive[seat][k] and (seat, k) not in gone
            ]
            for seat, name in enumerate(names)
        },
    }


def _counts(dead: bool) -> str:
    return "all-dead" if dead else "chosen"


def _reward(to_winner: bool) -> str:
    return "winner" if to_winner else "graveyard"


def _unit(
    deck: Deck,
    question: Document,
    path: tuple[str | int, ...],
    card: str,
    seen: dict[str, tuple[str | int, ...]],
) -> Unit:
    unit = deck.units.get(card)
    if unit is None:
        raise located(question, path, f"unit '{card}' is not in the deck (units.yaml)")
    if card in seen:
        line, _ = question.locate(seen[card])
        raise located(
            question,
            path,
            f"unit '{card}' is here twice (first on line {line}); each card is in one place",
        )
    seen[card] = path
    return unit


def _chain_pick(question: Document, armies: Sequence[Sequence[Unit]], outcome: Outcome) -> Pick:
    """The question's chain choices in order, then the default choice."""
    wanted = list(question.value.get("chain", ()))
    default = strongest_pick(outcome)
    taken = [0]

    def pick(chooser: int, options: Sequence[Place]) -> Place:
        step = taken[0]
        taken[0] += 1
        if step >= len(wanted):
            return default(chooser, options)
        card = wanted[step]
        for seat, k in options:
            if armies[seat][k].id == card:
                return seat, k
        names = ", ".join(armies[s][k].id for s, k in options)
        raise located(
            question,
            ("chain", step),
            f"'{card}' cannot go to the graveyard here: the chooser picks an enemy unit "
            f"still on the battlefield ({names})",
        )

    return pick


def _step(
    change: Change,
    armies: Sequence[Sequence[Unit]],
    names: Sequence[str],
    label: Callable[[Place], str],
) -> Step:
    seat, k = change.unit
    unit = armies[seat][k]
    return {
        "unit": unit.id,
        "player": names[seat],
        "speed": unit.speed,
        "effect": describe(change.effect),
        "strengths": [
            {"target": label(place), "before": before, "after": after}
            for place, before, after in change.strengths
        ],
        "died": [label(place) for place in change.died],
        "drew": change.drew,
    }


def describe(effect: Effect) -> str:
    """An effect in short English, for the command's output."""
    if effect.kind is Kind.DRAW:
        core = f"draw {effect.amount}"
    elif effect.kind is Kind.DIE:
        core = f"{effect.target.value if effect.target else ''} die"
    else:
        core = f"{effect.amount:+d} strength to {effect.target.value if effect.target else ''}"
    filters = []
    if effect.only is not None:
        filters.append(f"only {effect.only.name.lower()}s")
    if effect.at_most is not None:
        filters.append(f"strength at most {effect.at_most}")
    if effect.at_least is not None:
        filters.append(f"strength at least {effect.at_least}")
    if effect.army is not None:
        filters.append(f"when played with {effect.army} unit{'s' if effect.army > 1 else ''}")
    return core + (f" ({', '.join(filters)})" if filters else "")
