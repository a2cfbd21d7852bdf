"""Deal review benchmark: the mean ``total_loss`` of a seat played at random against a
seat played by the strongest bot, over random-bot deals (the other three seats random).

The review should find far more to fault in the random seat. Also prints the review's
time per deal at the given budget.

    PYTHONPATH=engine python3 benchmarks/review.py [--deals 50] [--budget-ms 1500] [--seed 1]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from doko.bots.botregistry import get_bot
from doko.bots.review import DEFAULT_BUDGET_MS, STRONGEST, review_record
from doko.game.notation import record_of
from doko.game.observation import observe
from doko.game.rules import load_rules
from doko.game.state import apply, seeded_game

SEAT = 0


def play(deal: int, seat_bot: str) -> dict[str, object]:
    rng = random.Random(deal)
    bots = [get_bot(seat_bot if s == SEAT else "random") for s in range(4)]
    state = seeded_game(load_rules("ddv"), deal)
    while not state.is_over:
        actor = state.to_act
        assert actor is not None
        state = apply(state, bots[actor](observe(state, actor), rng))
    return record_of(state)


def run(deals: int, budget_ms: int, seed: int) -> dict[str, object]:
    out: dict[str, object] = {"deals": deals, "budget_ms": budget_ms}
    for name, bot in (("random", "random"), ("strong", STRONGEST)):
        losses, seconds, mistakes = [], [], []
        for deal in range(seed, seed + deals):
            record = play(deal, bot)
            start = time.perf_counter()
            review = review_record(record, SEAT, budget_ms, deal)
            seconds.append(time.perf_counter() - start)
            losses.append(review["total_loss"])
            mistakes.append(review["mistakes"])
        out[name] = {
            "mean_total_loss": round(statistics.mean(losses), 2),
            "stdev": round(statistics.stdev(losses), 2) if deals > 1 else 0.0,
            "mean_mistakes": round(statistics.mean(mistakes), 2),
            "review_s_mean": round(statistics.mean(seconds), 2),
            "review_s_max": round(max(seconds), 2),
        }
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--budget-ms", type=int, default=DEFAULT_BUDGET_MS)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--json", action="store_true", help="(the report is always JSON)")
    args = p.parse_args()
    print(json.dumps(run(args.deals, args.budget_ms, args.seed)))


if __name__ == "__main__":
    main()
