"""Bot ladder: each level against the one below it, per preset (duplicate deals).

    python benchmarks/ladder.py [--games N] [--seed S] [--presets ddv,berndt,...]
                                [--strong SPEC] [--levels A,B,...] [--all-pairs]
                                [--jobs N] [--json]

Prints mean points per game per seat for the upper level with its 95% interval,
and decision times (mean/p95) in CPython. ``--levels`` replaces the ladder
(weakest first; default random, beginner, standard and ``--strong``);
``--all-pairs`` plays every level against every weaker one instead of only the
next. Use fixed world/iteration counts in the specs (e.g. ``strong#24@5000``) so
a run gives the same games on any machine. Large runs belong here, not in CI.
"""

from __future__ import annotations

import argparse
import itertools
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots.sim import match
from doko.game.rules import PRESETS


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--presets", default=",".join(PRESETS))
    parser.add_argument("--strong", default="strong", help="spec of the top level")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="processes per match")
    parser.add_argument("--levels", default="", help="bot specs, weakest first")
    parser.add_argument("--all-pairs", action="store_true", help="every pair, not neighbours")
    args = parser.parse_args()
    ladder = (
        args.levels.split(",") if args.levels else ["random", "beginner", "standard", args.strong]
    )
    if args.all_pairs:
        pairs = [(ladder[i], ladder[j]) for j in range(len(ladder)) for i in range(j)]
    else:
        pairs = list(itertools.pairwise(ladder))
    rows = []
    for preset in args.presets.split(","):
        for lower, upper in pairs:
            start = time.perf_counter()
            report = match(PRESETS[preset], args.games, args.seed, upper, lower, args.jobs)
            top, _bottom = report["bots"]
            rows.append(
                {
                    "preset": preset,
                    "upper": upper,
                    "lower": lower,
                    "games": args.games,
                    "mean": top["mean"],
                    "ci95": top["ci95"],
                    "upper_ms_mean": top["decision_ms_mean"],
                    "upper_ms_p95": top["decision_ms_p95"],
                    "seconds": round(time.perf_counter() - start, 1),
                }
            )
            if not args.json:
                r = rows[-1]
                print(
                    f"{preset:>11} {upper:>9} vs {lower:<9} {r['mean']:+6.2f} "
                    f"[{r['ci95'][0]:+.2f}, {r['ci95'][1]:+.2f}]  "
                    f"{r['upper_ms_mean']:7.2f} ms mean {r['upper_ms_p95']:7.2f} ms p95  "
                    f"({r['seconds']} s)",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
