"""The replay's narration names real seats: a Hochzeit's partner is named only once one
is found (a Hochzeit that finds none says so instead), in every demo."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from doko.page.explain import walk
from support import ROOT

DEMOS = sorted((ROOT / "engine/doko/demos").rglob("*.json"))


def events_of(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text())
    found: list[dict[str, Any]] = walk(data.get("record", data))["events"]
    return found


def test_every_found_partner_is_a_seat() -> None:
    partners = [e for p in DEMOS for e in events_of(p) if e["key"] == "wedding-partner"]
    assert partners
    for event in partners:
        params = event["params"]
        assert isinstance(params["partner"], int) and params["partner"] != params["seat"], event


def test_a_hochzeit_without_partner_names_none() -> None:
    keys = [e["key"] for e in events_of(ROOT / "engine/doko/demos/ddv_wedding_alone.json")]
    assert "wedding-alone" in keys and "wedding-partner" not in keys
