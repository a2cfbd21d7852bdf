"""The whole build: the scripted demos first, then the searches, each replayed and written."""

from __future__ import annotations

import json
import sys

from doko.game.errors import DokoError
from doko.game.rules import load_rules

from .catalog import SCRIPTED, SEARCHES
from .output import OUT, RECORDS, write
from .search import USED, search


def engine_knows(needed: tuple[str, ...]) -> bool:
    """Does this engine know the house-rule options (``name`` or ``name:value``)?"""
    from doko.game.rules import PRESETS

    base = PRESETS["ddv"]
    for item in needed:
        name, _, value = item.partition(":")
        if not hasattr(base, name):
            return False
        if value:
            try:
                if name in ("solos", "specials", "throw_hands", "bock"):
                    load_rules({"preset": "ddv", "options": {name: [value]}})
                else:
                    load_rules({"preset": "ddv", "options": {name: value}})
            except (DokoError, ValueError):
                return False
    return True


def main(only: list[str]) -> int:
    """Write the demos (only those named in ``only``, if any); missing ones go to stderr."""
    OUT.mkdir(exist_ok=True)
    missing: list[str] = []
    for name, demo in SCRIPTED.items():
        if only and name not in only:
            continue
        data = json.loads((RECORDS / f"{name}.json").read_text())
        # a search never picks a deal a scripted demo already shows
        USED.add(json.dumps(data["record"]["hands"]))
        write(
            name,
            demo.topic,
            demo.texts,
            data["record"],
            f"tests/records/scripted/{name}.json",
            demo.expects,
            demo.moment,
        )
    for spec in SEARCHES:
        if only and spec.id not in only:
            continue
        if spec.options_needed and not engine_knows(spec.options_needed):
            missing.append(f"{spec.id} (the engine lacks {', '.join(spec.options_needed)})")
            continue
        found = search(spec)
        if found is None:
            missing.append(f"{spec.id} (no deal found)")
            continue
        record, source = found
        write(spec.id, spec.topic, spec.texts, record, source, spec.expects, spec.moment)
    print(len(list(OUT.glob("*.json"))), "demos")
    for line in missing:
        print("missing:", line, file=sys.stderr)
    return 0
