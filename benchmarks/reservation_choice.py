"""How well the strong bot's quick reservation choice agrees with a long look.

``python3 benchmarks/reservation_choice.py [--deals N] [--preset ID] [--reference K]``

For every reservation of a seeded deal where the bot weighs more than one choice
(a Hochzeit, a solo worth a look, an Armut to answer or give back), the bot's own
choice (a few dozen played-out deals, the weak choices dropped early) is compared
with the mean of each choice over ``K`` fresh sampled deals: how often they agree,
and the points per decision the quick choice gives up on the long look's values
(its regret). Both use the bot's own rollout policy, so this measures how faithfully
the quick choice follows its evaluation, not how strong that evaluation is: the
matches against the UCT sparring partner do that. Prints decision times too.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots import strong
from doko.bots.botregistry import get_bot
from doko.game.cards import deal
from doko.game.observation import observe
from doko.game.rules import load_rules
from doko.game.state import apply, new_game


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--preset", default="ddv")
    parser.add_argument("--bot", default="strong")
    parser.add_argument("--reference", type=int, default=400, help="deals of the long look")
    parser.add_argument("--old", type=int, default=128, help="deals of the old way's look")
    args = parser.parse_args(argv)
    rules = load_rules(args.preset)
    bot = get_bot(args.bot)
    times: list[float] = []
    weighed = agree = agree_before = 0
    regret = regret_before = 0.0
    for seed in range(args.deals):
        state = new_game(rules, deal(rules.deck_for(4), 4, seed))
        rng = random.Random(seed)
        while state.phase in ("reservations", "poverty", "poverty-return"):
            obs = observe(state, state.to_act)
            started = time.perf_counter()
            action = bot(obs, rng)
            times.append(time.perf_counter() - started)
            words = _weighed(obs)
            if len(words) > 1:
                values = _look(obs, words, args.reference, seed + 10**6)
                old = _look(obs, words, args.old, seed)
                before = max(old, key=lambda w: (old[w], w == "healthy"))
                weighed += 1
                best = max(values, key=lambda w: values[w])
                agree += action.what == best
                agree_before += before == best
                regret += values[best] - values.get(action.what, values[best])
                regret_before += values[best] - values[before]
            state = apply(state, action)
    times.sort()
    q = lambda p: 1000 * times[min(len(times) - 1, int(p * len(times)))]  # noqa: E731
    print(
        f"{args.bot}, {args.preset}, {args.deals} deals: {len(times)} decisions before the "
        f"cards, p50 {q(0.5):.1f} ms, p95 {q(0.95):.1f} ms, max {1000 * times[-1]:.1f} ms"
    )
    if weighed:
        print(
            f"  {weighed} weighed choices: the long look ({args.reference} deals each) agrees "
            f"with {agree} ({100 * agree / weighed:.0f}%); regret {regret / weighed:.3f} "
            "points per weighed choice"
        )
        print(
            f"  the same choices made the old way (every choice on {args.old} deals, none "
            f"dropped): agrees with {agree_before} ({100 * agree_before / weighed:.0f}%); "
            f"regret {regret_before / weighed:.3f}"
        )
    return 0


def _weighed(obs: object) -> list[str]:
    """The choices the bot plays out (its own screen), with their margins applied."""
    from doko.game.contracts import is_solo

    phase = obs.phase  # type: ignore[attr-defined]
    if phase == "reservations":
        words = obs.legal_words  # type: ignore[attr-defined]
        forced = all(is_solo(w) for w in words)
        return strong._reservation_candidates(obs, words, forced)  # type: ignore[arg-type]
    if phase == "poverty":
        return list(obs.legal_words)  # type: ignore[attr-defined]
    return strong._return_candidates(obs)  # type: ignore[arg-type]


def _look(obs: object, words: list[str], deals: int, seed: int) -> dict[str, float]:
    """Each choice's mean over ``deals`` sampled deals (none dropped), with the bot's
    solo margins."""
    make = strong.poverty_world if obs.phase == "poverty" else strong.sample_world  # type: ignore[attr-defined]
    means = strong._evaluate(
        obs,  # type: ignore[arg-type]
        random.Random(seed),
        words,
        deals,
        float("inf"),
        make,
        rollouts=10**9,
        race_every=10**9,
    )
    return {w: means[w] + _handicap(obs, w) for w in means}


def _handicap(obs: object, word: str) -> float:
    from doko.game.contracts import is_solo, solo_kind

    kind = solo_kind(word)
    if obs.phase != "reservations" or kind is None:  # type: ignore[attr-defined]
        return 0.0
    if all(is_solo(w) for w in obs.legal_words):  # type: ignore[attr-defined]
        return 0.0
    owes = obs.seat in obs.public.owes_duty_solo and obs.rules.duty_solo_rounds > 0  # type: ignore[attr-defined]
    return -strong.KIND_MARGIN.get(kind, strong.SOLO_MARGIN) + (strong.DUTY_BONUS if owes else 0.0)


if __name__ == "__main__":
    sys.exit(main())
