"""The ``strong-v1`` bot: determinized search of the card play (the former ``strong``).

It samples worlds (full deals) consistent with everything its seat has seen —
void suits, where the Kreuz-Damen can and cannot be — and plays every
candidate card in each world, finishing the game with the standard policy. The
card with the best mean score for its seat wins. Each decision samples a
fixed number of worlds, so a match gives the same games on any machine; a
wall-clock cap stops the search early on a slow device. Every candidate is
evaluated on the same worlds, so the comparison stays fair when the cap cuts
the search short.

Kept for comparison in matches; :mod:`doko.bots.strong` is its successor. Its rollouts
are ``bots.playout``'s, so they play as that does now (seats knowing only the
parties shown), not exactly as when it was the top level.
Its reservations are the ``standard`` ones; its announcements are weighed in the
same rollouts as its cards.
"""

from __future__ import annotations

import random
import time

from ..game.actions import Action
from ..game.announcements import LIMITS
from ..game.observation import Observation
from ..game.outcome import result
from ..game.state import GameState, apply
from .bots import Effort, choose_standard, playout
from .worlds import queen_rules, sample_world, unseen_cards, voids

__all__ = ["queen_rules", "sample_world", "unseen_cards", "voids"]

DEFAULT_EFFORT = Effort(24, 0.8)  # well inside the page's 1 s per decision


def choose_strong(
    obs: Observation,
    rng: random.Random,
    effort: Effort = DEFAULT_EFFORT,
) -> tuple[Action, str]:
    """The search bot's action and why; falls back to the standard policy off-turn."""
    cards = [a for a in obs.legal if a.is_card]
    if obs.phase != "play" or obs.to_act != obs.seat:
        return choose_standard(obs, rng)
    calls = announcement_candidates(obs)
    if len(cards) + len(calls) < 2:
        return choose_standard(obs, rng)
    default, _ = choose_standard(obs, rng)
    candidates = cards + calls
    deadline = time.perf_counter() + effort.budget_s
    totals = dict.fromkeys(candidates, 0.0)
    worlds = 0
    while worlds < effort.samples and (worlds == 0 or time.perf_counter() < deadline):
        world = sample_world(obs, rng)
        for action in candidates:
            totals[action] += rollout(apply(world, action), obs.seat, rng)
        worlds += 1
    best = max(candidates, key=lambda a: (totals[a], a == default))
    mean = totals[best] / worlds
    return best, f"best of {len(candidates)} choices over {worlds} sampled deals ({mean:+.1f})"


def announcement_candidates(obs: Observation) -> list[Action]:
    """The announcements worth weighing: the party's word, or its next Absage."""
    words = obs.legal_words
    if obs.my_party in words:
        return [Action.saying(obs.seat, obs.my_party)]
    limits = [w for w in LIMITS if w in words]
    return [Action.saying(obs.seat, limits[0])] if limits else []


def rollout(state: GameState, seat: int, rng: random.Random) -> float:
    """Finish a sampled deal with the standard card play; the points of ``seat``.

    Inside a sampled world every seat may see that world's parties: it is a
    guess of the real deal, not the real deal, so nothing leaks.
    """
    return float(result(playout(state))["points"][seat])
