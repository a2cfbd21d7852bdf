"""Two runs of ``uct_match.py`` on the same deals, compared deal by deal.

    python benchmarks/paired.py BASE.jsonl CHANGED.jsonl [--json]

Each file is a ``--deals-out`` file. Prints the changed run's gain per deal over the
base run (its margin minus the base's on the same deal), paired, with its 95%
interval: over the deals both runs played, split by the kind of deal in the changed
run (normal games, Hochzeiten); then each run's own margin on those deals (pass one
file twice for a stopped match's figures). The deals' luck is the same in both runs,
so the gain's interval is tighter than the runs' own, the more so the fewer deals a
change alters.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from uct_match import by_kind, line


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
    """The gain per shared deal, split by the changed run's kind of deal, and each
    run's own margin over the same deals."""
    common = sorted(base.keys() & changed.keys())
    gains = [
        (float(changed[g]["margin"]) - float(base[g]["margin"]), str(changed[g]["kind"]))
        for g in common
    ]
    return {
        "gain": by_kind(gains),
        "changed_deals": sum(1 for gain, _ in gains if gain != 0),
        "base": by_kind([(float(base[g]["margin"]), str(base[g]["kind"])) for g in common]),
        "changed": by_kind(
            [(float(changed[g]["margin"]), str(changed[g]["kind"])) for g in common]
        ),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("base")
    parser.add_argument("changed")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    report = compare(read_deals(args.base), read_deals(args.changed))
    if not report["gain"]["all"]["deals"]:
        raise SystemExit("the two files share no deal")
    if args.json:
        print(json.dumps(report, indent=1))
        return
    print(f"gain     {line(report['gain'])}  ({report['changed_deals']} deals changed)")
    print(f"base     {line(report['base'])}")
    print(f"changed  {line(report['changed'])}")


if __name__ == "__main__":
    main()
