"""Writing a demo's json after one more replay, and counting what the demos show."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from doko.game.notation import replay
from doko.game.outcome import result
from doko.page.explain import walk

from .picks import events_of, has
from .spec import Expect, Texts

ROOT = Path(__file__).resolve().parents[2]
RECORDS = ROOT / "tests" / "records" / "scripted"
OUT = ROOT / "engine" / "doko" / "demos"


# The viewer opens a demo a little before its moment: at the end of a trick at least
# this many cards (players + LEAD_EXTRA) before it, so the lead-in is one or two tricks.
LEAD_EXTRA = 1


def moment_and_start(record: dict[str, Any], moment: Expect | None) -> tuple[int, int]:
    """The step where the demo's event is told, and the step the viewer opens at."""
    viewer = walk(record)
    if moment is None:
        return 0, 0
    key, params = moment
    step = next(
        e["step"]
        for e in viewer["events"]
        if e["key"] == key and all(e["params"].get(k) == v for k, v in params.items())
    )
    lead = len(viewer["frames"][0]["hands"]) + LEAD_EXTRA
    start = max((s for s in [0, *viewer["tricks_at"]] if s <= step - lead), default=0)
    return step, start


def write(
    name: str,
    topic: str,
    texts: Texts,
    record: dict[str, Any],
    source: str,
    expects: tuple[Expect, ...],
    moment: Expect | None = None,
) -> None:
    state = replay(record)
    missing = [
        (key, params) for key, params in expects if not has(events_of(record), key, **params)
    ]
    if missing:
        raise SystemExit(f"{name}: the replay lacks {missing}")
    step, start = moment_and_start(record, moment or (expects[0] if expects else None))
    demo = {
        "preset": state.rules.preset,
        "topic": topic,
        "title": {"de": texts[0], "en": texts[1]},
        "description": {"de": texts[2], "en": texts[3]},
        "source": source,
        "expects": [{"key": k, "params": p} for k, p in expects],
        "record": record,
        "expected_points": result(state)["points"],
        "moment": step,
        "start": start,
    }
    (OUT / f"{name}.json").write_text(json.dumps(demo, ensure_ascii=False, indent=1) + "\n")


def stats() -> None:
    """Demos per topic, and how many steps say more than who played what."""
    from collections import Counter

    from doko.page.explain import PLAIN_KEYS

    topics: Counter[str] = Counter()
    steps = plain = ruled = 0
    for path in sorted(OUT.glob("*.json")):
        demo = json.loads(path.read_text())
        topics[demo["topic"]] += 1
        viewer = walk(demo["record"])
        for step in range(len(viewer["frames"])):
            told = [e for e in viewer["events"] if e["step"] == step]
            steps += 1
            plain += all(e["key"] in PLAIN_KEYS for e in told)
            ruled += any(e["rule"] for e in told)
    print("demos per topic:", dict(topics), "total", sum(topics.values()))
    print(
        f"steps {steps}: more than 'X plays Y' {steps - plain} ({(steps - plain) / steps:.1%}),"
        f" a rule moment (autoplay stops) {ruled} ({ruled / steps:.1%})"
    )
