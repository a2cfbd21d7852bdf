"""How much a card pick of ``strong`` loses to the noise of its sampled deals.

    python benchmarks/pick_noise.py [--positions 60] [--reference 400] [--repeats 2]
                                    [--worlds 32,64,128] [--seed 1000] [--json]

Takes positions from ddv deals played by ``standard`` (one per deal, at a random point
of the play, where the seat has three cards or more to choose from). In each, every
legal card is valued on ``--reference`` sampled deals as ``strong`` values it (played
out by the policy, or solved at the end); then ``strong``'s pick from fewer deals,
with its pruning, is made ``--repeats`` times on fresh samples. Prints the mean
regret of the pick (reference value of the best card minus that of the pick) for each
deal count. The reference shares the rollouts' judgement, so this measures the
sampling's noise only, not whether the rollouts judge well: a match does that.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.bots import strong
from doko.bots.bots import choose_standard, play
from doko.bots.worlds import weighted_worlds
from doko.game.cards import Card, deal
from doko.game.observation import Observation, observe
from doko.game.rules import load_rules
from doko.game.state import apply, new_game


def positions(count: int, first_seed: int) -> list[Observation]:
    """One decision per deal, where the seat to play has three cards or more to choose from."""
    rules = load_rules("ddv")
    out: list[Observation] = []
    seed = first_seed
    while len(out) < count:
        state = new_game(rules, deal(rules.deck, 4, seed))
        rng = random.Random(seed)
        seed += 1
        start = rng.randrange(36)
        played = 0
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            obs = observe(state, seat)
            if state.phase == "play" and played >= start and len(obs.legal_cards) >= 3:
                out.append(obs)
                break
            state = apply(state, choose_standard(obs, rng)[0], obs.listed)
            played += state.phase == "play"
    return out


def valued(
    obs: Observation, worlds: int, rng: random.Random, prune: bool
) -> tuple[strong.CardValues, Card]:
    """The seat's cards valued on ``worlds`` sampled deals as ``strong`` values them
    (pruned as it prunes with ``prune``), and the policy's card (the search's tie-break)."""
    default = play(obs, obs.legal_cards)[0]
    sample = weighted_worlds(obs, rng, worlds)
    return strong.value_cards(obs.seat, obs.legal_cards, default, sample, prune=prune), default


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--reference", type=int, default=400)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--worlds", default="32,64,128")
    parser.add_argument("--seed", type=int, default=1000)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    counts = [int(w) for w in args.worlds.split(",")]
    regrets: dict[int, list[float]] = {w: [] for w in counts}
    for i, obs in enumerate(positions(args.positions, args.seed)):
        reference, _ = valued(obs, args.reference, random.Random(10**6 + i), prune=False)
        best = max(reference.totals.values())
        for worlds in counts:
            for repeat in range(args.repeats):
                values, default = valued(obs, worlds, random.Random(i * 1000 + repeat), prune=True)
                regrets[worlds].append(
                    (best - reference.totals[values.best(default)]) / reference.used
                )
    report = {
        "positions": args.positions,
        "reference": args.reference,
        "repeats": args.repeats,
        "regret": {str(w): round(sum(xs) / len(xs), 4) for w, xs in regrets.items()},
    }
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.positions} positions, reference {args.reference} deals, {args.repeats} picks")
    for worlds, regret in report["regret"].items():
        print(f"  {worlds:>4} deals: regret {regret:.3f} points per pick")


if __name__ == "__main__":
    main()
