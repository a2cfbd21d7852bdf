"""Two runs of ``uct_match.py`` on the same deals, compared deal by deal.

    python benchmarks/paired.py BASE.jsonl CHANGED.jsonl

Each file is a ``--deals-out`` file. Prints the changed run's gain per deal over the
base run (its margin minus the base's on the same deal), paired, with its 95%
interval: over the deals both runs played, split by the kind of deal in the changed
run (normal games, Hochzeiten). The paired figure is far tighter than either run's
margin against the partner: most of a deal's luck is the same in both runs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from uct_match import interval


def read_deals(path: str) -> dict[int, dict[str, Any]]:
    """The deals of a ``--deals-out`` file by their number."""
    deals: dict[int, dict[str, Any]] = {}
    with open(path, encoding="utf-8") as lines:
        for text in lines:
            if text.strip():
                deal = json.loads(text)
                deals[int(deal["game"])] = deal
    return deals


def compare(base: dict[int, dict[str, Any]], changed: dict[int, dict[str, Any]]) -> dict[str, Any]:
    common = sorted(base.keys() & changed.keys())
    gains: dict[str, list[float]] = {"all": [], "normal": [], "wedding": [], "other": []}
    for game in common:
        gain = float(changed[game]["margin"]) - float(base[game]["margin"])
        gains["all"].append(gain)
        gains[changed[game]["kind"]].append(gain)
    report: dict[str, Any] = {kind: interval(values) for kind, values in gains.items()}
    report["changed_deals"] = sum(1 for g in gains["all"] if g != 0)
    report["base_margin"] = interval([float(base[g]["margin"]) for g in common])
    report["changed_margin"] = interval([float(changed[g]["margin"]) for g in common])
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("changed")
    args = parser.parse_args()
    report = compare(read_deals(args.base), read_deals(args.changed))
    if not report["all"]["deals"]:
        raise SystemExit("the two files share no deal")
    print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
