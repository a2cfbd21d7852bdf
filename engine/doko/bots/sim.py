"""Playing many games: ``simulate`` (with invariants) and duplicate ``match``es."""

from __future__ import annotations

import math
import random
import time
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache, partial
from typing import Any

from ..game.actions import Action
from ..game.cards import TOTAL_EYES, Card, deal, dealer_sits_out, deck, total_eyes
from ..game.notation import record_of
from ..game.observation import observe
from ..game.outcome import result
from ..game.rules import Rules
from ..game.state import GameState, apply, cards_only_from_now, legal_actions, new_game, play_out
from .botregistry import get_bot


class InvariantError(AssertionError):
    """A finished game broke a rule of the game itself."""


@dataclass
class Timer:
    """Decision times in milliseconds, per bot spec."""

    samples: dict[str, list[float]] = field(default_factory=dict)

    def add(self, spec: str, ms: float) -> None:
        self.samples.setdefault(spec, []).append(ms)

    def stats(self, spec: str) -> tuple[float, float]:
        xs = sorted(self.samples.get(spec, [0.0]))
        return sum(xs) / len(xs), xs[min(len(xs) - 1, int(0.95 * len(xs)))]


def play_game(
    state: GameState, specs: Sequence[str], rng: random.Random, timer: Timer | None = None
) -> GameState:
    """Play a deal to the end; ``random`` seats choose among every legal action."""
    bots = [get_bot(s) for s in specs]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        spec = specs[seat]
        start = time.perf_counter()
        if spec == "random":
            legal = legal_actions(state)
            action: Action = rng.choice(legal)
        else:
            obs = observe(state, seat)
            legal = obs.listed
            action = bots[seat](obs, rng)
        if timer is not None:
            timer.add(spec, (time.perf_counter() - start) * 1000)
        state = apply(state, action, legal)
    return state


def play_randomly(state: GameState, rng: random.Random) -> GameState:
    """``play_game`` with random seats only: the same choices, the same end, faster.

    Once cards are all that is left, ``play_out`` finishes the deal in one loop.
    """
    while state.phase != "done":
        if cards_only_from_now(state):
            return play_out(state, rng.choice)
        legal = legal_actions(state)
        state = apply(state, rng.choice(legal), legal)
    return state


def check_invariants(state: GameState, outcome: dict[str, Any]) -> None:
    """Raise InvariantError if a finished game is impossible."""
    rules = state.rules
    if outcome["contract"] == "redeal":
        return
    played = [c for t in state.tricks for c in t.cards]
    # compared as plain dicts: Counter's == looks at every card in Python
    if any(state.hands) or dict(Counter(played)) != full_deck(rules.deck_for(state.players)):
        raise InvariantError("a card was lost or played twice")
    if total_eyes(played) != TOTAL_EYES:
        raise InvariantError(f"the tricks do not hold {TOTAL_EYES} Augen")
    if any(len(t.cards) != len(state.active) for t in state.tricks):
        raise InvariantError("a trick does not hold one card per active seat")
    if sum(outcome["eyes"].values()) != TOTAL_EYES:
        raise InvariantError(f"the result's Augen do not add up to {TOTAL_EYES}")
    if is_zero_sum(rules, state.players) and sum(outcome["points"]) != 0:
        raise InvariantError(f"points do not sum to zero: {outcome['points']}")


@cache
def full_deck(size: int) -> dict[Card, int]:
    """How often each card is in a deck of ``size`` (shared: do not change it)."""
    return dict(Counter(deck(size)))


def is_zero_sum(rules: Rules, players: int) -> bool:
    if rules.scoring == "berndt":
        return False
    return not (dealer_sits_out(players) and rules.sitting_out == "kontra")


def simulate(
    rules: Rules,
    games: int,
    seed: int,
    specs: Sequence[str],
    players: int = 4,
    on_game: Callable[[GameState, dict[str, Any]], None] | None = None,
) -> dict[str, Any]:
    """Play ``games`` deals, check invariants after each; a JSON-ready report."""
    rng = random.Random(seed)
    totals = [0] * players
    contracts: Counter[str] = Counter()
    start = time.perf_counter()
    for game in range(games):
        dealer = game % players
        hands = deal(rules.deck_for(players), players, rng.randrange(2**32), dealer)
        state = new_game(rules, hands, dealer)
        if all(spec == "random" for spec in specs):
            state = play_randomly(state, rng)
        else:
            state = play_game(state, specs, rng)
        outcome = result(state)
        check_invariants(state, outcome)
        contracts[outcome["contract"]] += 1
        totals = [t + p for t, p in zip(totals, outcome["points"], strict=True)]
        if on_game:
            on_game(state, outcome)
    seconds = time.perf_counter() - start
    return {
        "rules": rules.preset,
        "players": players,
        "games": games,
        "bots": list(specs),
        "seconds": round(seconds, 3),
        "games_per_second": round(games / seconds, 1),
        "mean_points": [round(t / games, 3) for t in totals],
        "contracts": dict(contracts),
    }


def match(
    rules: Rules, games: int, seed: int, spec_a: str, spec_b: str, jobs: int = 1
) -> dict[str, Any]:
    """Bot A against bot B on the same deals, seats swapped (duplicate).

    A sits on the odd seats in the first game of a deal and the even seats in
    the second, so each bot plays every seat of every deal once. ``jobs`` > 1
    plays the deals in that many processes; the points are the same as with one.
    """
    rng = random.Random(seed)
    deals = [(game, rng.randrange(2**32)) for game in range(games)]
    play = partial(duplicate_deal, rules, seed, spec_a, spec_b)
    if jobs > 1:
        import multiprocessing  # not in Pyodide; only needed here

        with multiprocessing.Pool(jobs) as pool:
            played = pool.map(play, deals, chunksize=max(1, games // (jobs * 8)))
    else:
        played = [play(d) for d in deals]
    timers = (Timer(), Timer())
    for _, deal_timers in played:
        for mine, theirs in zip(timers, deal_timers, strict=True):
            for spec, samples in theirs.samples.items():
                mine.samples.setdefault(spec, []).extend(samples)
    bots = []
    for i, spec in enumerate((spec_a, spec_b)):
        mean, half = mean_ci([means[i] for means, _ in played])
        ms_mean, ms_p95 = timers[i].stats(spec)
        bots.append(
            {
                "spec": spec,
                "mean": round(mean, 3),
                "ci95": [round(mean - half, 3), round(mean + half, 3)],
                "decision_ms_mean": round(ms_mean, 2),
                "decision_ms_p95": round(ms_p95, 2),
            }
        )
    # paired per deal: the margin, and whether it is real where points are not zero-sum
    margin, half = mean_ci([means[0] - means[1] for means, _ in played])
    difference = {
        "mean": round(margin, 3),
        "ci95": [round(margin - half, 3), round(margin + half, 3)],
    }
    return {"rules": rules.preset, "games": games, "bots": bots, "difference": difference}


def seat_sides(swap: bool) -> list[int]:
    """Which bot sits at each seat in one half of a duplicate deal (0 the first, 1 the
    second): the first at seats 1 and 3, then, sides swapped, at 0 and 2."""
    return [1 if (s % 2 == 0) != swap else 0 for s in range(4)]


def half_rng(seed: int, game: int, swap: bool) -> random.Random:
    """The random draws of one half of a duplicate deal, the same whoever replays it."""
    return random.Random(f"{seed}:{game}:{swap}")


def duplicate_deal(
    rules: Rules, seed: int, spec_a: str, spec_b: str, game_and_seed: tuple[int, int]
) -> tuple[tuple[float, float], tuple[Timer, Timer]]:
    """One deal played twice, sides swapped: each bot's mean points per seat."""
    game, deal_seed = game_and_seed
    dealer = game % 4
    hands = deal(rules.deck, 4, deal_seed, dealer)
    timers = (Timer(), Timer())
    sums = [0.0, 0.0]
    for swap in (False, True):
        side = seat_sides(swap)
        specs = [(spec_a, spec_b)[i] for i in side]
        game_rng = half_rng(seed, game, swap)
        state = play_seats(new_game(rules, hands, dealer), specs, side, game_rng, timers)
        for seat, points in enumerate(result(state)["points"]):
            sums[side[seat]] += points
    # each bot sat on four seats over the two games
    return (sums[0] / 4, sums[1] / 4), timers


def play_seats(
    state: GameState,
    specs: Sequence[str],
    side: Sequence[int],
    rng: random.Random,
    timers: tuple[Timer, Timer],
) -> GameState:
    """Play a deal, timing each decision on the timer of the side that made it."""
    bots = [get_bot(s) for s in specs]
    while not state.is_over:
        seat = state.to_act
        assert seat is not None
        start = time.perf_counter()
        obs = observe(state, seat)
        action = bots[seat](obs, rng)
        timers[side[seat]].add(specs[seat], (time.perf_counter() - start) * 1000)
        state = apply(state, action, obs.listed)
    return state


def mean_ci(values: list[float]) -> tuple[float, float]:
    """Mean and half-width of its 95% confidence interval (normal approximation)."""
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return mean, 0.0
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    return mean, 1.96 * math.sqrt(var / n)


def record_line(state: GameState, outcome: dict[str, Any]) -> dict[str, Any]:
    return {"record": record_of(state), "result": outcome}
