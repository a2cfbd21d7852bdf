"""Deals that reach a given contract when the page's test player makes one choice:
found by playing the engine the way the browser test will (the player says its
choice when it is offered, else Gesund / declines; the bots of the page's level do
the rest), so a browser test can open `#/play?rules=...&seed=N` and get there."""

from __future__ import annotations

import json
from typing import Any

from doko import api
from doko.bots.levels import level_bot
from support import view_of

# contract wanted -> (preset, the player's choice that leads there)
WANTED: dict[str, tuple[str, str]] = {
    "normal": ("ddv", "healthy"),
    "solo": ("ddv", "solo:queens"),
    "wedding": ("ddv", "wedding"),
    "poverty": ("lockhausen", "accept"),
    "redeal": ("ohne-neunen", "throw"),
}


def _pick(mine: list[str], choice: str) -> str:
    for word in (f"0:{choice}", "0:healthy", "0:decline"):
        if word in mine:
            return word
    return mine[0]


def reached(preset: str, seed: int, choice: str, level: str, players: int = 4) -> dict[str, Any]:
    """The view once the reservations are over (play or done) for this deal."""
    bots = [None, *[level_bot(level)] * (players - 1)]
    payload = {"rules": preset, "seed": seed, "seat": 0, "bots": bots, "players": players}
    view = view_of(json.loads(api.handle("new_game", json.dumps(payload))))
    said: list[str] = []
    while view["phase"] not in ("play", "done"):
        if view["to_act"] == 0:
            mine = [a for a in view["legal"] if a.startswith("0:")]
            returning = view["phase"] == "poverty-return"
            word = mine[0] if returning else _pick(mine, choice)
            said.append(word[2:])
            view = view_of(json.loads(api.handle("act", json.dumps({"action": word}))))
        else:
            view = view_of(json.loads(api.handle("bot", "{}")))
    view["said_by_player"] = said
    return view


def deal_for(contract: str, level: str = "beginner", limit: int = 400) -> tuple[str, int]:
    """(preset, seed) of a deal where the player's choice leads to ``contract``."""
    preset, choice = WANTED[contract]
    for seed in range(1, limit):
        view = reached(preset, seed, choice, level)
        ok = {
            "normal": view["contract"] == "normal" and view["to_act"] is not None,
            "solo": view["contract"] == "solo:queens" and view["declarer"] == 0,
            "wedding": view["contract"] == "wedding" and view["declarer"] == 0,
            "poverty": view["contract"] == "poverty"
            and (view.get("poverty") or {}).get("taker") == 0,
            "redeal": view["contract"] == "redeal" and "throw" in view["said_by_player"],
        }[contract]
        if ok:
            return preset, seed
    raise AssertionError(f"no deal reaches {contract}")
