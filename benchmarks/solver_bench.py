"""The endgame solver on card ids against the same search over game states.

    python benchmarks/solver_bench.py [--cards 11] [--nodes 2000] [--seeds 40] [--json]

Plays ``--seeds`` deals per preset with the ``standard`` bot until at most
``--cards`` cards are left and only cards remain to be chosen, then solves each
position for two seats, with and without the Augen tie-break, both ways. Prints how
many values and node counts agree and the time each way took.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots import solver
from doko.bots.bots import choose_standard
from doko.bots.compact import compact_ok
from doko.game.gamestate import GameState
from doko.game.observation import observe
from doko.game.rules import PRESETS
from doko.game.state import apply, cards_only_from_now, seeded_game


def position(preset: str, seed: int, cards: int) -> GameState | None:
    """A deal of ``preset`` played by ``standard`` to the solver's stage, or None."""
    state, rng = seeded_game(PRESETS[preset], seed), random.Random(seed)
    while not state.is_over:
        endgame = state.phase == "play" and sum(map(len, state.hands)) <= cards
        if endgame and cards_only_from_now(state):
            return state if compact_ok(state) else None
        assert state.to_act is not None
        state = apply(state, choose_standard(observe(state, state.to_act), rng)[0])
    return None


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cards", type=int, default=11)
    parser.add_argument("--nodes", type=int, default=2000)
    parser.add_argument("--seeds", type=int, default=40)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    agree = differ = over = 0
    took = {"states": 0.0, "ids": 0.0}
    for preset in sorted(PRESETS):
        for seed in range(args.seeds):
            state = position(preset, seed, args.cards)
            if state is None:
                continue
            for seat in state.active[:2]:
                for weight in (0.0, 0.01):
                    start = time.perf_counter()
                    left = [args.nodes]
                    party = state.party(seat)
                    ref = solver._alphabeta(state, seat, party, -math.inf, math.inf, left, weight)
                    middle = time.perf_counter()
                    budget = [args.nodes]
                    value = solver._solve_compact(state, seat, budget, weight)
                    took["states"] += middle - start
                    took["ids"] += time.perf_counter() - middle
                    if left[0] < 0 or budget[0] < 0:
                        over += 1
                    elif math.isclose(ref, value) and left == budget:
                        agree += 1
                    else:
                        differ += 1
    if args.json:
        report = {"agree": agree, "differ": differ, "over": over}
        print(json.dumps({**report, "seconds": {k: round(v, 3) for k, v in took.items()}}))
        return
    ratio = took["states"] / max(took["ids"], 1e-9)
    print(
        f"positions with <= {args.cards} cards, {args.nodes} nodes: {agree} agree, "
        f"{differ} differ, {over} over the node limit; game states {took['states']:.2f} s, "
        f"card ids {took['ids']:.2f} s ({ratio:.1f}x)"
    )


if __name__ == "__main__":
    main()
