"""A sweep of random house-rule variants: many games, every invariant checked.

    python benchmarks/house_rules.py --games 20000 --per-variant 50 --seed 1 [--json]

Draws a random valid variant of a random preset (doko.game.variants) for every
``--per-variant`` games, plays them with random seats at a random table size the
preset allows (every legal action chosen uniformly, except that a seat says
healthy four times in five, so normal games come up as well as every solo,
announcement and throw), and checks the invariants after each game (each card once,
240 Augen, one card per seat in each trick, points summing as the scoring
requires). Prints the games, variants, seconds and failures (the first few with
their variant and seed), and how often Schweinchen, Superschweinchen and each
contract came up.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots.sim import InvariantError, check_invariants
from doko.game.actions import parse
from doko.game.cards import deal
from doko.game.outcome import result
from doko.game.state import GameState, apply, cards_only_from_now, legal_actions, new_game, play_out
from doko.game.variants import random_rules

HEALTHY_SHARE = 0.8  # how often a seat says healthy: uniform choices would make nearly all solos


def play_mixed(state: GameState, rng: random.Random) -> GameState:
    """Random play, but most reservations healthy, so normal games (where the
    Schweinchen are) come up as often as solos, throws and Trumpfabgaben."""
    while state.phase != "done":
        if cards_only_from_now(state):
            return play_out(state, rng.choice)
        legal = legal_actions(state)
        healthy = parse(f"{state.to_act}:healthy")
        if state.phase == "reservations" and healthy in legal and rng.random() < HEALTHY_SHARE:
            state = apply(state, healthy, legal)
        else:
            state = apply(state, rng.choice(legal), legal)
    return state


def sweep(games: int, per_variant: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    contracts: Counter[str] = Counter()
    pigs = superpigs = variants = played = 0
    failures: list[dict[str, Any]] = []
    start = time.perf_counter()
    while played < games:
        rules = random_rules(rng)
        variants += 1
        players = rng.choice(rules.players)
        for _ in range(min(per_variant, games - played)):
            deal_seed = rng.randrange(2**32)
            dealer = played % players
            state = new_game(
                rules, deal(rules.deck_for(players), players, deal_seed, dealer), dealer
            )
            try:
                state = play_mixed(state, random.Random(deal_seed))
                outcome = result(state)
                check_invariants(state, outcome)
            except (InvariantError, ValueError, AssertionError) as err:
                failures.append(
                    {
                        "rules": rules.to_json(),
                        "players": players,
                        "seed": deal_seed,
                        "error": str(err),
                    }
                )
                played += 1
                continue
            played += 1
            contracts[outcome["contract"]] += 1
            pigs += "pigs" in outcome
            superpigs += "superpigs" in outcome
    seconds = time.perf_counter() - start
    return {
        "games": played,
        "variants": variants,
        "seconds": round(seconds, 2),
        "games_per_second": round(played / seconds, 1),
        "failures": len(failures),
        "first_failures": failures[:5],
        "deals_with_pigs": pigs,
        "deals_with_superpigs": superpigs,
        "contracts": dict(contracts.most_common()),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--per-variant", type=int, default=50)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = sweep(args.games, max(1, args.per_variant), args.seed)
    if args.json:
        print(json.dumps(report))
        return
    print(
        f"{report['games']} games over {report['variants']} variants in {report['seconds']} s "
        f"({report['games_per_second']} games/s): failures={report['failures']}"
    )
    print(
        f"deals with Schweinchen: {report['deals_with_pigs']}, "
        f"with Superschweinchen: {report['deals_with_superpigs']}"
    )
    print(f"contracts: {report['contracts']}")
    for failure in report["first_failures"]:
        print(f"  FAILED {failure}")
    if report["failures"]:
        raise SystemExit(1)


if __name__ == "__main__":
    main()
