"""What each bot of a ``uct_match.py`` run declared, and how each kind of deal came out.

    python3 benchmarks/solo_report.py RUN.jsonl [--seed 1] [--preset ddv] [--hands] [--json]

Reads a ``--deals-out`` file of a match with solos on. Prints, per bot, each contract
it declared (how often, the declarer's mean points, how often the declarer won); then
the first bot's margin per deal grouped by what was declared in the deal and by whom
(normal, Hochzeit, a solo of one bot or of both; ``ours:solo:queens``: the deals in
which the first bot played a Damen-Solo); with ``--hands``, the hand of every solo the first bot
declared, what the other bot did with the same cards in the other half, and the
deal's margin. The deals are dealt again from ``--seed`` (the match's seed).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from contracts import deal_seeds, deal_start, summarize
from paired import read_deals
from uct_match import interval

from doko.game.contracts import is_solo
from doko.game.rules import load_rules

Half = dict[str, Any]


def contracts_of(deals: dict[int, dict[str, Any]], side: int) -> dict[str, dict[str, Any]]:
    """Per contract the side declared: count, rate, the declarer's mean points and wins."""
    halves = [h for d in deals.values() for h in d["halves"]]
    return dict(summarize(halves, side, len(halves))["contracts"])


def deal_classes(halves: list[Half]) -> list[str]:
    """The groups a deal counts in: ``normal``, ``hochzeit`` (no solo), ``solo by
    ours``, ``solo by theirs`` or ``solo by both`` (whose seats declared a solo in
    either half), and ``ours:solo:KIND`` for each solo kind the first bot declared."""
    solos = [h for h in halves if is_solo(h["contract"])]
    if solos:
        sides = {h["declarer_side"] for h in solos}
        who = {0: "ours", 1: "theirs"}[sides.pop()] if len(sides) == 1 else "both"
        kinds = sorted({h["contract"] for h in solos if h["declarer_side"] == 0})
        return [f"solo by {who}", *(f"ours:{k}" for k in kinds)]
    if any(h["contract"] != "normal" for h in halves):
        return ["hochzeit"]
    return ["normal"]


def margins_by_class(deals: dict[int, dict[str, Any]]) -> dict[str, dict[str, Any]]:
    groups: dict[str, list[float]] = defaultdict(list)
    for d in deals.values():
        for name in ["all", *deal_classes(d["halves"])]:
            groups[name].append(float(d["margin"]))
    return {name: interval(values) for name, values in sorted(groups.items())}


def our_solo_hands(
    deals: dict[int, dict[str, Any]], seed: int, preset: str
) -> list[dict[str, Any]]:
    """Every solo of the first bot: its hand, and the same cards in the other half."""
    rules = load_rules({"preset": preset, "options": {}})
    seeds = deal_seeds(seed, max(deals) + 1)
    out = []
    for game, d in sorted(deals.items()):
        for i, half in enumerate(d["halves"]):
            if half["declarer_side"] != 0 or not is_solo(half["contract"]):
                continue
            seat = half["declarer"]
            hand = deal_start(rules, game, seeds[game]).hands[seat]
            other = d["halves"][1 - i]
            theirs = other["contract"] if other["declarer"] == seat else "normal (or another's)"
            out.append({
                "game": game,
                "contract": half["contract"],
                "hand": " ".join(str(c) for c in sorted(hand)),
                "points": half["declarer_points"],
                "same_cards_other_bot": theirs,
                "margin": d["margin"],
            })  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("run")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--preset", default="ddv")
    parser.add_argument("--hands", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    deals = read_deals(args.run)
    report = {
        "declared": [contracts_of(deals, 0), contracts_of(deals, 1)],
        "margin": margins_by_class(deals),
        "our_solos": our_solo_hands(deals, args.seed, args.preset) if args.hands else [],
    }
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print_report(report)


def print_report(report: dict[str, Any]) -> None:
    for name, contracts in zip(("first bot", "second bot"), report["declared"], strict=True):
        print(f"{name} declared:")
        for contract, c in contracts.items():
            print(f"  {contract:<22} {c['n']:4}  mean {c['mean']:+6.2f}  won {c['won']}")
    print("first bot's margin per deal, by what was declared:")
    for name, r in report["margin"].items():
        low, high = r["ci95"]
        print(f"  {name:<24} {r['deals']:4}  {r['mean']:+6.2f} ({low:+.2f}..{high:+.2f})")
    if report["our_solos"]:
        print("the first bot's solos:")
    for s in report["our_solos"]:
        print(
            f"  deal {s['game']:4} {s['contract']:<16} {s['hand']}  {s['points']:+d}"
            f"  (other bot: {s['same_cards_other_bot']}; deal margin {s['margin']:+.1f})"
        )


if __name__ == "__main__":
    main()
