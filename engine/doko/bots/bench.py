"""Engine speed, measured where it runs (CPython or the page's Pyodide worker).

``games_per_second`` plays random games through :func:`doko.bots.sim.simulate`;
``decision_times`` times one bot level on seat 0 (the others play standard)
and gives p50/p95 in milliseconds. The page's api request ``bench`` runs both,
for ``python build.py bench``.
"""

from __future__ import annotations

import random
import time
from typing import Any

from ..game.cards import deal
from ..game.errors import DokoError
from ..game.observation import observe
from ..game.rules import load_rules
from ..game.state import apply, new_game
from .botregistry import get_bot
from .sim import simulate

MAX_GAMES = 5000
MAX_DECISIONS = 500


def games_per_second(rules: str = "ddv", games: int = 100, seed: int = 1) -> float:
    """Random bots on every seat, invariants checked after each game."""
    report = simulate(load_rules(rules), games, seed, ["random"] * 4)
    return float(report["games_per_second"])


def decision_times(
    level: str, decisions: int, rules: str = "ddv", seed: int = 1
) -> dict[str, float]:
    """p50/p95 (ms) of ``decisions`` timed decisions of ``level`` sitting at seat 0."""
    rule_set = load_rules(rules)
    bot, other = get_bot(level), get_bot("standard")
    rng = random.Random(seed)
    samples: list[float] = []
    while len(samples) < decisions:
        dealer = 3
        state = new_game(
            rule_set, deal(rule_set.deck_for(4), 4, rng.randrange(2**32), dealer), dealer
        )
        while not state.is_over and len(samples) < decisions:
            seat = state.to_act
            assert seat is not None
            obs = observe(state, seat)
            if seat == 0:
                start = time.perf_counter()
                action = bot(obs, rng)
                samples.append((time.perf_counter() - start) * 1000)
            else:
                action = other(obs, rng)
            state = apply(state, action, obs.listed)
    samples.sort()
    return {
        "decisions": len(samples),
        "p50_ms": round(samples[len(samples) // 2], 3),
        "p95_ms": round(samples[min(len(samples) - 1, int(0.95 * len(samples)))], 3),
    }


def run(payload: dict[str, Any]) -> dict[str, Any]:
    """The api request: ``{"games": N, "decisions": {"standard": 100, ...}}``."""
    games = payload.get("games", 100)
    wanted = payload.get("decisions", {})
    if not isinstance(games, int) or not 0 < games <= MAX_GAMES:
        raise DokoError("bench-games", most=MAX_GAMES)
    if not isinstance(wanted, dict):
        raise DokoError("bench-decisions")
    out: dict[str, Any] = {"games": games, "games_per_second": games_per_second(games=games)}
    times: dict[str, Any] = {}
    for level, count in wanted.items():
        if not isinstance(level, str) or len(level) > 40:
            raise DokoError("bench-level", level=str(level)[:40])
        try:
            get_bot(level)  # a bot spec such as "strong#6"
        except ValueError:
            raise DokoError("bench-level", level=level) from None
        if not isinstance(count, int) or not 0 < count <= MAX_DECISIONS:
            raise DokoError("bench-decision-count", most=MAX_DECISIONS)
        times[level] = decision_times(level, count)
    out["decisions"] = times
    return out
