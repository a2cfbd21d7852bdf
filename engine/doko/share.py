"""The worker requests for share links, the replay viewer, demos and saved games.

``handlers(table_state)`` is merged into :data:`doko.api.HANDLERS`; the api
passes the function that gives the current table's game (so this module needs
nothing of the api's):

- ``encode_link`` ``{record?}``: the link payload of a record, or of the
  current table's game once it is over (a running game's link would show
  every hand).
- ``open_link`` ``{payload}``: decode (size-checked, replayed) and return the
  viewer data of :func:`doko.explain.walk`.
- ``replay_record`` ``{record}``: the viewer data of a record.
- ``demos``: the curated demo games, each with its link payload.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from . import links
from .errors import DokoError
from .explain import walk
from .gamestate import GameState

Handler = Callable[[dict[str, Any]], dict[str, Any]]

MAX_DEMO_BYTES = 200_000
_demos: list[dict[str, Any]] | None = None


def encode_link(payload: dict[str, Any], table_state: Callable[[], GameState]) -> dict[str, Any]:
    record = payload.get("record")
    if record is None:
        # the table's game as far as it went: a finished game or a position
        return {"payload": links.encode_state(table_state())}
    return {"payload": links.encode(record)}


def open_link(payload: dict[str, Any]) -> dict[str, Any]:
    record = links.decode(payload.get("payload"))
    return walk(record)


def replay_record(payload: dict[str, Any]) -> dict[str, Any]:
    return walk(payload.get("record"))


def load_demos() -> list[dict[str, Any]]:
    """Every demo in doko/demos/*.json, sorted by preset then id."""
    global _demos
    if _demos is None:
        found = []
        folder = resources.files("doko") / "demos"
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if not entry.name.endswith(".json"):
                continue
            text = entry.read_text(encoding="utf-8")
            if len(text) > MAX_DEMO_BYTES:
                raise DokoError("demo-too-large", name=entry.name)
            demo = json.loads(text)
            demo["id"] = entry.name.removesuffix(".json")
            found.append(demo)
        _demos = sorted(found, key=lambda d: (PRESET_ORDER.get(d["preset"], 9), d["id"]))
    return _demos


PRESET_ORDER = {"ddv": 0, "ohne-neunen": 1, "berndt": 2, "lockhausen": 3, "klassisch": 4}


def demos(payload: dict[str, Any]) -> dict[str, Any]:
    return {
        "demos": [
            {
                "id": d["id"],
                "preset": d["preset"],
                "title": d["title"],
                "description": d["description"],
                "link": links.encode(d["record"]),
            }
            for d in load_demos()
        ]
    }


def handlers(table_state: Callable[[], GameState]) -> dict[str, Handler]:
    """The requests of this module; ``table_state`` gives the running table's game."""
    return {
        "encode_link": lambda payload: encode_link(payload, table_state),
        "open_link": open_link,
        "replay_record": replay_record,
        "demos": demos,
    }
