"""Engine speed, measured where it runs (CPython or the page's Pyodide worker).

``games_per_second`` plays random games through :func:`doko.bots.sim.simulate`;
``decision_times`` times one bot level on seat 0 (the others play standard)
and gives p50/p95 in milliseconds; ``reservation_times`` times every decision
before the first card (reservations, Armut) with the level on all four seats,
the ones a new game waits for, and gives p50/p95/max. The page's api request
``bench`` runs them, for ``python build.py bench``.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
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
    return _quantiles(samples)


BEFORE_THE_CARDS = ("reservations", "poverty", "poverty-return")


def reservation_times(
    level: str, deals: int, rules: str = "ddv", seed: int = 1
) -> dict[str, float]:
    """p50/p95/max (ms) of every decision before the first card in ``deals`` deals,
    ``level`` on every seat."""
    rule_set = load_rules(rules)
    bot = get_bot(level)
    rng = random.Random(seed)
    samples: list[float] = []
    for _ in range(deals):
        state = new_game(rule_set, deal(rule_set.deck_for(4), 4, rng.randrange(2**32), 3), 3)
        while state.phase in BEFORE_THE_CARDS:
            seat = state.to_act
            assert seat is not None
            obs = observe(state, seat)
            start = time.perf_counter()
            action = bot(obs, rng)
            samples.append((time.perf_counter() - start) * 1000)
            state = apply(state, action, obs.listed)
    return {**_quantiles(samples), "max_ms": round(max(samples), 3)}


def _quantiles(samples: list[float]) -> dict[str, float]:
    samples = sorted(samples)
    return {
        "decisions": len(samples),
        "p50_ms": round(samples[len(samples) // 2], 3),
        "p95_ms": round(samples[min(len(samples) - 1, int(0.95 * len(samples)))], 3),
    }


def run(payload: dict[str, Any]) -> dict[str, Any]:
    """The api request: ``{"games": N, "decisions": {"standard": 100, ...},
    "reservations": {"strong": 50, ...}}`` (deals per level for the second)."""
    games = payload.get("games", 100)
    if not isinstance(games, int) or not 0 < games <= MAX_GAMES:
        raise DokoError("bench-games", most=MAX_GAMES)
    out: dict[str, Any] = {"games": games, "games_per_second": games_per_second(games=games)}
    out["decisions"] = _timed(payload.get("decisions", {}), decision_times)
    out["reservations"] = _timed(payload.get("reservations", {}), reservation_times)
    return out


def _timed(wanted: Any, measure: Callable[[str, int], dict[str, float]]) -> dict[str, Any]:
    """``measure(level, count)`` for each level of a checked ``{level: count}``."""
    if not isinstance(wanted, dict):
        raise DokoError("bench-decisions")
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
        times[level] = measure(level, count)
    return times
