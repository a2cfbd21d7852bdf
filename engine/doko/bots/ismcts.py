"""The ``ismcts`` bot: single-observer information-set Monte Carlo tree search.

A reference opponent that shares nothing with the ``standard`` rules of
thumb: each iteration deals the unseen cards at random (following the suits
each seat has shown), walks one tree of card sequences by UCB among the cards
legal in that deal, adds one node, and finishes the deal with random cards.
Each node keeps the points of the seat that chose it. The most visited card
is played.

It plays cards only: it never announces, declares no reservation unless it
must (then the solo with the most trumps), declines a Trumpfabgabe and gives
back its cheapest plain cards. Iterations are fixed per decision (``ismcts#N``),
so a match gives the same games on any machine; a wall-clock cap stops early.
"""

from __future__ import annotations

import math
import random
import time

from ..game.actions import Action
from ..game.cards import Card
from ..game.contracts import card_order, order_kind
from ..game.observation import Observation
from ..game.outcome import result
from ..game.state import GameState, play_card, play_out, playable_cards
from .bots import Effort, poverty_return
from .worlds import sample_world

DEFAULT_EFFORT = Effort(400, 10.0)  # iterations per decision, a generous cap
EXPLORATION = 0.7
SCALE = 8.0  # points are scaled to about -1..1 for the UCB constant


class Node:
    __slots__ = ("actor", "avail", "children", "parent", "reward", "visits")

    def __init__(self, actor: int, parent: Node | None) -> None:
        self.actor = actor  # the seat that played the card leading here
        self.parent = parent
        self.children: dict[Card, Node] = {}
        self.visits = 0
        self.avail = 0  # iterations in which this card was legal at its parent
        self.reward = 0.0

    def ucb(self) -> float:
        mean = self.reward / self.visits
        return mean + EXPLORATION * math.sqrt(math.log(max(self.avail, 1)) / self.visits)


def ismcts_bot(
    obs: Observation,
    rng: random.Random,
    effort: Effort = DEFAULT_EFFORT,
) -> Action:
    if obs.phase != "play":
        return Action.saying(obs.seat, _before_play(obs, obs.legal_words))
    cards = obs.legal_cards
    if len(cards) == 1:
        return Action.playing(obs.seat, cards[0])
    deadline = time.perf_counter() + effort.budget_s
    return Action.playing(obs.seat, search(obs, rng, effort.samples, deadline))


def search(obs: Observation, rng: random.Random, iterations: int, deadline: float) -> Card:
    root = Node(obs.seat, None)
    for done in range(iterations):
        if done >= 10 and time.perf_counter() > deadline:
            break
        iterate(root, sample_world(obs, rng), rng)
    return max(root.children.items(), key=lambda item: (item[1].visits, str(item[0])))[0]


def iterate(root: Node, state: GameState, rng: random.Random) -> None:
    node = root
    while not state.is_over:
        actor = state.to_act
        assert actor is not None
        legal = playable_cards(state, actor)
        for card in legal:
            child = node.children.get(card)
            if child is not None:
                child.avail += 1
        untried = [c for c in legal if c not in node.children]
        if untried:
            card = rng.choice(untried)
            child = Node(actor, node)
            child.avail = 1
            node.children[card] = child
            node = child
            state = play_card(state, actor, card)
            break
        card = max(legal, key=lambda c: node.children[c].ucb())
        node = node.children[card]
        state = play_card(state, actor, card)
    points = result(random_finish(state, rng))["points"]
    while node.parent is not None:
        node.visits += 1
        node.reward += points[node.actor] / SCALE
        node = node.parent


def random_finish(state: GameState, rng: random.Random) -> GameState:
    """Random cards to the end (nobody announces in a rollout)."""
    if state.contract != "wedding" or state.wedding_decided:
        return play_out(state, rng.choice) if not state.is_over else state
    while not state.is_over:  # an open Hochzeit is decided trick by trick
        actor = state.to_act
        assert actor is not None
        state = play_card(state, actor, rng.choice(playable_cards(state, actor)))
    return state


def _before_play(obs: Observation, words: list[str]) -> str:
    if obs.phase == "reservations":
        if "healthy" in words:
            return "healthy"
        deck_size = obs.rules.deck_for(obs.players)

        def trumps(word: str) -> int:
            order = card_order(order_kind(word), obs.rules, deck_size)
            return sum(1 for c in obs.hand if order.is_trump(c))

        return max(words, key=trumps)
    if obs.phase == "poverty":
        return "decline"
    return poverty_return(obs, by_name=True)
