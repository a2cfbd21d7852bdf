"""How long the untrusted-JSON gate (``doko.game.untrusted.parse_json``) takes on hostile text.

    python benchmarks/untrusted_gate.py [--sizes 10000,40000,80000,1000000] [--most S] [--json]

Each hostile text is as long as the size asked for; every one must be refused (it is
not JSON). The gate's time should grow in proportion to the size: a gate that
rescans the rest of the text from every quote takes seconds at 10 kB and minutes at
80 kB. ``--most S`` stops a shape once one text took longer than S seconds (so the
script also ends on a slow gate).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "engine"))

from doko.game.errors import DokoError
from doko.game.untrusted import parse_json

# name -> text of about n characters
SHAPES: dict[str, Callable[[int], str]] = {
    "escaped quotes": lambda n: '\\"' * (n // 2),
    "open string of escaped quotes": lambda n: '"' + '\\"' * ((n - 1) // 2),
    "quotes in an array": lambda n: "[" + '"\\",' * ((n - 1) // 4),
    "open brackets": lambda n: "[" * n,
    "backslashes": lambda n: '"' + "\\" * (n - 1),
    "digits": lambda n: "1" * n,
}


def time_gate(text: str, most: int) -> tuple[float, str]:
    """Seconds the gate took, and its refusal's code ("accepted" if it let it pass)."""
    start = time.perf_counter()
    try:
        parse_json(text, most)
        code = "accepted"
    except DokoError as err:
        code = err.code
    return time.perf_counter() - start, code


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--sizes", default="10000,40000,80000,1000000")
    p.add_argument("--most", type=float, default=60.0)
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    sizes = [int(s) for s in args.sizes.split(",")]
    rows = []
    for name, make in SHAPES.items():
        for size in sizes:
            text = make(size)
            seconds, code = time_gate(text, max(len(text), size))
            rows.append(
                {"shape": name, "size": len(text), "seconds": round(seconds, 4), "refusal": code}
            )
            if not args.json:
                print(f"{name:>30} {len(text):>9} chars: {seconds:9.4f} s  ({code})", flush=True)
            if seconds > args.most:
                break
    if args.json:
        print(json.dumps(rows))


if __name__ == "__main__":
    main()
