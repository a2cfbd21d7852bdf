"""A sparring partner after the UCT player of Sievers and Helmert (KI 2015).

For each decision the bot deals the unseen cards into a few worlds consistent with
what its seat has seen (``doko.bots.worlds.sample_world``: suits shown void, the
Kreuz-Damen where the play and the words place them, a Hochzeit's Alten), and in
each world grows one UCT tree (UCB1) over the moves of every seat: cards,
announcements and, before the play, reservations. A tree adds one node per
rollout and finishes the deal from it with random cards (nobody announces in a
rollout); the value of a rollout for a node is the game points of the seat that
moved into it. The move with the best value summed over the worlds is played
(ensemble UCT). See docs/sparring-uct.md.

Spec: ``uct#ROLLOUTS`` or ``uct#ROLLOUTS/WORLDS`` (rollouts in all, spread evenly over
the worlds; default 1,000 over 10). ``register()`` makes the spec known to
``doko.bots.botregistry.get_bot`` so ``doko.bots.sim.match`` plays it like any level.

Rollouts run on a compact copy of the deal (cards as small ints in lists, tricks
as tuples) and are scored through ``doko.game.scoring.score`` once per distinct
outcome; whatever the compact path does not cover (an open Hochzeit, Schweinchen
that change the order) is played through the engine's own state.
"""

from __future__ import annotations

import math
import random
import sys
from pathlib import Path
from typing import NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots import botregistry
from doko.bots.bots import Bot
from doko.bots.compact import (
    CARD_ID,
    CompactTrick,
    compact_ok,
    final_points,
    state_tricks,
    tables,
    trick_winner,
)
from doko.bots.worlds import sample_world
from doko.game.actions import Action
from doko.game.observation import Observation
from doko.game.state import GameState, Legal, apply, legal_for, play_card, playable_cards

LEVEL = "uct"
DEFAULT_ROLLOUTS = 1000
DEFAULT_WORLDS = 10
# UCB1's exploration constant, in game points (a rollout's value is the seat's points,
# mostly within -8..+8 in a normal game)
EXPLORATION = 6.0


class Settings(NamedTuple):
    rollouts: int = DEFAULT_ROLLOUTS
    worlds: int = DEFAULT_WORLDS
    exploration: float = EXPLORATION


DEFAULTS = Settings()


def parse_spec(spec: str) -> Settings:
    """``uct``, ``uct#N`` or ``uct#N/W``; raises ValueError with the reason."""
    level, _, count = spec.partition("#")
    if level != LEVEL:
        raise ValueError(f"not a {LEVEL} spec: {spec[:40]!r}")
    if not count:
        return DEFAULTS
    rollouts, _, worlds = count.partition("/")
    for text in (rollouts, worlds or "1"):
        if not (text.isascii() and text.isdigit() and 0 < int(text) <= 1_000_000):
            raise ValueError(f"bot {spec[:40]!r}: counts must be whole numbers 1..1000000")
    return Settings(int(rollouts), int(worlds) if worlds else DEFAULT_WORLDS)


def make_bot(spec: str) -> Bot:
    settings = parse_spec(spec)

    def bot(obs: Observation, rng: random.Random) -> Action:
        # one draw of the match's generator per decision, whatever the search uses:
        # a change in the other bot's searching leaves this bot's choices as they were
        return choose(obs, random.Random(rng.getrandbits(64)), settings)

    return bot


def register() -> None:
    """Let ``get_bot`` (and so ``doko.bots.sim.match``) build ``uct`` specs."""
    botregistry.EXTERNAL[LEVEL] = make_bot


# -- the decision ---------------------------------------------------------------------


def choose(obs: Observation, rng: random.Random, settings: Settings = DEFAULTS) -> Action:
    """The action of the seat whose observation this is."""
    moves = tree_moves(obs.seat, obs.legal)
    if len(moves) == 1:
        return moves[0]
    worlds = max(1, min(settings.worlds, settings.rollouts))
    per_world = max(1, settings.rollouts // worlds)
    totals = dict.fromkeys(moves, 0.0)
    counted = dict.fromkeys(moves, 0)
    for _ in range(worlds):
        world = sample_world(obs, rng, weddings=True)
        for move, mean in search_world(world, obs.seat, per_world, rng, settings).items():
            if move in totals:
                totals[move] += mean
                counted[move] += 1
    scored = [(totals[m] / counted[m], m) for m in moves if counted[m]]
    return max(scored, key=lambda item: item[0])[1] if scored else moves[0]


def tree_moves(seat: int, legal: list[Action] | tuple[Action, ...]) -> list[Action]:
    """The moves the tree branches on: every legal action but announcements, of which
    only the lowest level (the next word the party can say): a higher one is the
    same word said again one move later, so the tree loses nothing and branches less."""
    calls = [a for a in legal if a.kind == "call"]
    others = [a for a in legal if a.kind != "call"]
    return others + calls[:1]


class Node:
    """A state of one world's tree; ``mover`` is the seat whose move led here."""

    __slots__ = ("children", "legal", "mover", "state", "total", "untried", "visits")

    def __init__(self, state: GameState, mover: int) -> None:
        self.state = state
        self.mover = mover
        self.children: list[tuple[Action, Node]] = []
        self.visits = 0
        self.total = 0.0
        self.legal: Legal | None = None
        self.untried: list[Action] | None = None

    def expand_list(self) -> list[Action]:
        if self.untried is None:
            actor = self.state.to_act
            assert actor is not None
            self.legal = legal_for(self.state, actor)
            self.untried = tree_moves(actor, self.legal)
        return self.untried


def search_world(
    world: GameState, seat: int, rollouts: int, rng: random.Random, settings: Settings
) -> dict[Action, float]:
    """UCT in one world: each root move's mean value (points of ``seat``)."""
    root = Node(world, seat)
    c = settings.exploration
    for _ in range(rollouts):
        iterate(root, rng, c)
    return {move: child.total / child.visits for move, child in root.children if child.visits}


def iterate(root: Node, rng: random.Random, c: float) -> None:
    """One UCT iteration: select by UCB1, add a node, roll out, back up."""
    node = root
    path = [root]
    while True:
        state = node.state
        if state.phase == "done":
            points = final_points(state, state_tricks(state))
            break
        untried = node.expand_list()
        if untried:
            move = untried.pop(int(rng.random() * len(untried)))
            actor = state.to_act
            assert actor is not None
            child = Node(apply(state, move, node.legal or legal_for(state, actor)), actor)
            node.children.append((move, child))
            path.append(child)
            points = rollout(child.state, rng)
            break
        bonus = c * math.sqrt(math.log(node.visits))
        best, best_value = node.children[0][1], -math.inf
        for _, child in node.children:
            value = child.total / child.visits + bonus / math.sqrt(child.visits)
            if value > best_value:
                best, best_value = child, value
        node = best
        path.append(node)
    root.visits += 1
    for node in path[1:]:
        node.visits += 1
        node.total += points[node.mover]


# -- rollouts --------------------------------------------------------------------------


def rollout(state: GameState, rng: random.Random) -> list[int]:
    """The deal finished at random from ``state`` (cards only, no words): each seat's points."""
    while state.phase != "done" and not compact_ok(state):
        state = engine_step(state, rng)
    if state.phase == "done":
        return final_points(state, state_tricks(state))
    return final_points(state, state_tricks(state) + playout(state, rng))


def engine_step(state: GameState, rng: random.Random) -> GameState:
    """One random move through the engine: a card, or a choice before the play."""
    actor = state.to_act
    assert actor is not None
    if state.phase == "play":
        return play_card(state, actor, rng.choice(playable_cards(state, actor)))
    legal = legal_for(state, actor)
    return apply(state, rng.choice(legal), legal)


def playout(state: GameState, rng: random.Random) -> list[CompactTrick]:
    """Random legal cards to the end of the deal, on ints: the tricks still to come."""
    t = tables(state.order)
    group = t.group
    ids = CARD_ID
    rnd = rng.random
    hands = [[ids[c] for c in hand] for hand in state.hands]
    active = state.active
    seats = [s for s, _ in state.trick]
    cards = [ids[c] for _, c in state.trick]
    leader = seats[0] if seats else state.to_act
    assert leader is not None
    out: list[CompactTrick] = []
    while True:
        start = active.index(leader)
        turn = active[start:] + active[:start]
        for seat in turn[len(seats) :]:
            hand = hands[seat]
            if cards:
                led = group[cards[0]]
                same = [c for c in hand if group[c] == led]
                if same:
                    card = same[int(rnd() * len(same))]
                    hand.remove(card)
                else:
                    card = hand.pop(int(rnd() * len(hand)))
            else:
                card = hand.pop(int(rnd() * len(hand)))
            seats.append(seat)
            cards.append(card)
        last = not hands[turn[-1]]
        best = trick_winner(t, cards, last)
        leader = seats[best]
        out.append((tuple(seats), cards, leader))
        if last:
            return out
        seats, cards = [], []


def main() -> None:
    """``python benchmarks/uct_partner.py [--spec uct#1000] [--decisions 200]``: the
    partner's time per decision on seat 0 of deals where the others play ``standard``,
    in CPU time of this process (the figure a busy machine does not inflate) and wall
    clock."""
    import argparse
    import json
    import time

    from doko.game.cards import deal
    from doko.game.observation import observe
    from doko.game.rules import load_rules
    from doko.game.state import new_game

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("--spec", default="uct#1000")
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--solos", choices=("on", "off"), default="off")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rules = load_rules({"preset": "ddv", "options": {} if args.solos == "on" else {"solos": []}})
    bot, other = make_bot(args.spec), botregistry.get_bot("standard")
    rng = random.Random(args.seed)
    cpu: list[float] = []
    wall: list[float] = []
    while len(cpu) < args.decisions:
        state = new_game(rules, deal(48, 4, rng.randrange(2**32), 3), 3)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            obs = observe(state, seat)
            if seat == 0 and len(cpu) < args.decisions:
                start, start_cpu = time.perf_counter(), time.process_time()
                action = bot(obs, rng)
                cpu.append((time.process_time() - start_cpu) * 1000)
                wall.append((time.perf_counter() - start) * 1000)
            else:
                action = other(obs, rng)
            state = apply(state, action, obs.listed)

    def stats(xs: list[float]) -> dict[str, float]:
        xs = sorted(xs)
        return {
            "mean": round(sum(xs) / len(xs), 1),
            "p50": round(xs[len(xs) // 2], 1),
            "p95": round(xs[int(0.95 * len(xs))], 1),
            "max": round(xs[-1], 1),
        }

    report = {
        "spec": args.spec,
        "decisions": len(cpu),
        "cpu_ms": stats(cpu),
        "wall_ms": stats(wall),
    }
    print(json.dumps(report))


if __name__ == "__main__":
    main()
