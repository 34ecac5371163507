"""What Disaster Draft's battle question answers, as plain data, and how it reads."""

from __future__ import annotations

from typing import TypedDict


class Strength(TypedDict):
    target: str
    before: int
    after: int


class Step(TypedDict):
    """One effect acting."""

    unit: str
    player: str
    speed: int
    effect: str
    strengths: list[Strength]
    died: list[str]
    drew: int


class Reward(TypedDict):
    id: str
    strength: int
    final: int
    alive: bool
    goes_to: str
    """A player, or 'graveyard'."""


class Fighter(TypedDict):
    id: str
    strength: int
    speed: int
    final: int
    alive: bool


class Link(TypedDict):
    """One card the graveyard chain takes."""

    chooser: str
    unit: str
    owner: str


class BattleAnswer(TypedDict):
    """A battle step by step."""

    players: list[str]
    win_condition: str
    chain_counts: str
    dead_reward: str
    reward: Reward | None
    steps: list[Step]
    armies: dict[str, list[Fighter]]
    totals: dict[str, int]
    winner: str | None
    draws: dict[str, int]
    chain: list[Link]
    back_to_hand: dict[str, list[str]]


def battle_text(answer: BattleAnswer) -> str:
    """The answer as lines for the terminal."""
    lines = []
    reward = answer["reward"]
    if reward is not None:
        lines.append(f"reward: {reward['id']} (strength {reward['strength']})")
    for name, units in answer["armies"].items():
        shown = ", ".join(f"{u['id']} ({u['strength']}, speed {u['speed']})" for u in units)
        lines.append(f"{name}: {shown}")
    for number, step in enumerate(answer["steps"], 1):
        what = [f"{s['target']} {s['before']} -> {s['after']}" for s in step["strengths"]]
        what += [f"{target} dies" for target in step["died"]]
        if step["drew"]:
            what.append(f"{step['player']} draws {step['drew']}")
        lines.append(
            f"{number}. {step['player']}'s {step['unit']} (speed {step['speed']}): "
            f"{step['effect']}: {'; '.join(what) or 'no effect'}"
        )
    totals = ", ".join(f"{name} {total}" for name, total in answer["totals"].items())
    prize = (
        ""
        if reward is None
        else f" (reward {reward['final']}{'' if reward['alive'] else ', died'})"
    )
    lines.append(f"totals: {totals}{prize}")
    lines.append(f"winner ({answer['win_condition']}): {answer['winner'] or 'nobody'}")
    if reward is not None:
        where = reward["goes_to"]
        lines.append(
            "the reward goes to the graveyard"
            if where == "graveyard"
            else f"the reward goes to {where}'s hand"
        )
    for link in answer["chain"]:
        lines.append(f"graveyard: {link['chooser']} sends {link['owner']}'s {link['unit']}")
    for name, cards in answer["back_to_hand"].items():
        lines.append(
            f"back to {name}'s hand: {', '.join(cards) or 'nothing'}; draws {answer['draws'][name]}"
        )
    return "\n".join(lines)
