"""A duplicate match with a look at the contracts: who declared what, and how it paid.

    python benchmarks/contracts.py --rules ddv --games 200 --seed 1 \
        --bots strong,standard [--jobs 2] [--json]

Plays the same deals as ``python -m doko match`` (so the margin is the same)
and adds, per bot: how often it declared each contract kind and its mean
points per game as declarer, and how often its seats announced (and won) as
declarer's party or as defenders against a solo.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections import defaultdict
from functools import partial
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots.sim import Timer, half_rng, mean_ci, play_seats, seat_sides
from doko.game.cards import deal
from doko.game.contracts import is_solo_like
from doko.game.gamestate import GameState
from doko.game.outcome import result
from doko.game.rules import PRESETS, Rules
from doko.game.state import new_game

Stats = dict[str, Any]


def deal_seeds(seed: int, count: int) -> list[int]:
    """The seeds of a match's first ``count`` deals: the deals of ``doko.bots.sim.match``."""
    rng = random.Random(seed)
    return [rng.randrange(2**32) for _ in range(count)]


def deal_start(rules: Rules, game: int, deal_seed: int, bock: int = 0) -> GameState:
    """Deal number ``game`` before its reservations: its dealer is ``game % 4``."""
    dealer = game % 4
    return new_game(rules, deal(rules.deck, 4, deal_seed, dealer), dealer, bock=bock)


def play_deal(
    rules: Rules,
    seed: int,
    specs: tuple[str, str],
    game_and_seed: tuple[int, int],
    bock: int = 0,
) -> tuple[float, list[Stats], tuple[Timer, Timer]]:
    """One deal twice, sides swapped (as ``doko.bots.sim.duplicate_deal``), with each
    game's facts (``bock``: the deal's Bock level, its points doubled that often)."""
    game, deal_seed = game_and_seed
    start = deal_start(rules, game, deal_seed, bock)
    timers = (Timer(), Timer())
    sums = [0.0, 0.0]
    games = []
    for swap in (False, True):
        side = seat_sides(swap)
        seat_specs = [specs[i] for i in side]
        rng = half_rng(seed, game, swap)
        state = play_seats(start, seat_specs, side, rng, timers)
        points = result(state)["points"]
        for seat, p in enumerate(points):
            sums[side[seat]] += p
        declarer = state.declarer
        games.append(
            {
                "contract": state.contract.partition(":")[0]
                if not state.contract.startswith("solo:")
                else state.contract,
                "declarer_side": side[declarer] if declarer is not None else None,
                "declarer_points": points[declarer] if declarer is not None else None,
                "words": [(side[s], w, points[s] > 0) for s, w in state.said],
                "solo": is_solo_like(state.contract),
                "declarer": declarer,
            }
        )
    return (sums[0] - sums[1]) / 4, games, timers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rules", default="ddv")
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bots", required=True, help="SPEC_A,SPEC_B")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    spec_a, spec_b = args.bots.split(",")
    rules = PRESETS[args.rules]
    deals = list(enumerate(deal_seeds(args.seed, args.games)))
    play = partial(play_deal, rules, args.seed, (spec_a, spec_b))
    if args.jobs > 1:
        import multiprocessing

        with multiprocessing.Pool(args.jobs) as pool:
            played = pool.map(play, deals, chunksize=1)
    else:
        played = [play(d) for d in deals]
    margin, half = mean_ci([m for m, _, _ in played])
    report: dict[str, Any] = {
        "rules": args.rules,
        "deals": args.games,
        "bots": [spec_a, spec_b],
        "difference": {
            "mean": round(margin, 3),
            "ci95": [round(margin - half, 3), round(margin + half, 3)],
        },
        "sides": [
            summarize([g for _, gs, _ in played for g in gs], i, args.games * 2) for i in (0, 1)
        ],
    }
    for i, spec in enumerate((spec_a, spec_b)):
        xs = sorted(x for _, _, timers in played for x in timers[i].samples.get(spec, []))
        if xs:
            report["sides"][i]["ms_p50"] = round(xs[len(xs) // 2], 1)
            report["sides"][i]["ms_p95"] = round(xs[int(0.95 * len(xs))], 1)
    print(json.dumps(report, indent=None if args.json else 1))


def summarize(games: list[Stats], side: int, total: int) -> Stats:
    """Contracts the side declared (count, rate per game, mean declarer points, games the
    declarer won) and words."""
    kinds: dict[str, list[int]] = defaultdict(list)
    for g in games:
        if g["declarer_side"] == side and g["contract"] != "normal":
            kinds[g["contract"]].append(g["declarer_points"])
    words: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for g in games:
        for who, word, won in g["words"]:
            if who == side:
                role = "vs-solo" if g["solo"] and g["declarer_side"] != side else "other"
                words[f"{role}:{word}"][0] += 1
                words[f"{role}:{word}"][1] += won
    return {
        "contracts": {
            k: {
                "n": len(v),
                "rate": round(len(v) / total, 4),
                "mean": round(sum(v) / len(v), 2),
                "won": sum(1 for p in v if p > 0),
            }
            for k, v in sorted(kinds.items())
        },
        "words_said_won": dict(sorted(words.items())),
    }


if __name__ == "__main__":
    main()
