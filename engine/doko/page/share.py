"""The worker requests for share links, the replay viewer, demos and saved games.

``handlers(table_state, sheet_games)`` is merged into each :class:`doko.api.Session`'s
handlers; the api passes the functions that give the current table's game and the
finished deals of its score sheet (so this module needs nothing of the api's):

- ``encode_link`` ``{record?, game?}``: the link payload of a record, of the
  score sheet's row ``game`` (a finished deal), or of the current table's game
  as far as it went.
- ``open_link`` ``{payload, notes?}``: decode (size-checked, replayed) and return
  the viewer data of :func:`doko.page.explain.walk`; with ``notes`` (the link's
  ``notes=`` text, :mod:`doko.page.notes`) also ``notes`` ``{title, notes}``, or
  ``notes_error`` (a coded refusal) if they cannot be read: the game still opens.
- ``encode_notes`` ``{title, notes, steps}``: ``{notes, checked}``, the ``notes=``
  text of a player's notes and the notes as a link gives them back, or a coded
  refusal (too long, too many, a step the game lacks).
- ``replay_record`` ``{record}``: the viewer data of a record.
- ``demos``: the curated demo games, each with its topic, its rules (preset
  and the options that differ), its link payload, the step its rule acts at
  (``moment``) and the step the viewer opens at (``start``, a short lead-in before).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from importlib import resources
from typing import Any

from ..game.errors import DokoError, RequestError
from ..game.gamestate import GameState
from ..game.rules import load_rules
from . import links, notes
from .explain import walk

Handler = Callable[[dict[str, Any]], dict[str, Any]]

MAX_DEMO_BYTES = 200_000
_demos: list[dict[str, Any]] | None = None


def encode_link(
    payload: dict[str, Any],
    table_state: Callable[[], GameState],
    sheet_games: Callable[[], list[GameState]],
) -> dict[str, Any]:
    record = payload.get("record")
    row = payload.get("game")
    if record is None and row is not None:
        # a row of the score sheet: that finished deal
        games = sheet_games()
        if not isinstance(row, int) or isinstance(row, bool) or not 0 <= row < len(games):
            raise RequestError("no-such-game", game=row if isinstance(row, int) else -1)
        return {"payload": links.encode_state(games[row])}
    if record is None:
        # the table's game as far as it went: a finished game or a position
        return {"payload": links.encode_state(table_state())}
    return {"payload": links.encode(record)}


def open_link(payload: dict[str, Any]) -> dict[str, Any]:
    record = links.decode(payload.get("payload"))
    viewer = walk(record)
    text = payload.get("notes")
    if text:
        try:
            viewer["notes"] = notes.decode_notes(text, len(viewer["frames"]))
        except DokoError as err:
            viewer["notes_error"] = err.to_json()
    return viewer


def encode_notes(payload: dict[str, Any]) -> dict[str, Any]:
    steps = payload.get("steps")
    data = {"title": payload.get("title", ""), "notes": payload.get("notes", [])}
    text = notes.encode_notes(data, steps if isinstance(steps, int) else None)
    # the notes as the link will give them back (cleaned, one per step, sorted)
    return {"notes": text, "checked": notes.decode_notes(text)}


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
                "topic": d.get("topic", "basics"),
                "options": load_rules(d["record"]["rules"]).overrides(),
                "title": d["title"],
                "description": d["description"],
                "link": links.encode(d["record"]),
                "moment": d.get("moment", 0),
                "start": d.get("start", 0),
            }
            for d in load_demos()
        ]
    }


def handlers(
    table_state: Callable[[], GameState], sheet_games: Callable[[], list[GameState]]
) -> dict[str, Handler]:
    """The requests of this module; ``table_state`` gives the running table's game,
    ``sheet_games`` the finished deals of its score sheet, row by row."""
    return {
        "encode_link": lambda payload: encode_link(payload, table_state, sheet_games),
        "open_link": open_link,
        "replay_record": replay_record,
        "demos": demos,
        "encode_notes": encode_notes,
    }
