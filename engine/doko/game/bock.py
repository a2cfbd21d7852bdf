"""Bockrunden: which finished deals start them, and which coming deals they double.

The options (``rules.bock``, ``rules.bock_rounds``, ``rules.bock_stack``) are in
:mod:`doko.game.rules`; this module is the arithmetic the series, the score keeper and
the scorer share.

A :data:`Schedule` is the bock level of each coming *played* deal, the next one
first; a deal at level ``k`` scores ``2**k`` times its points. Every trigger of a
finished deal adds ``bock_rounds`` rounds, a round being one played deal per seat
(4 at a table of four, 5 at five: the dealer who sits out counts as a seat).

``queue``
    New rounds wait until the running ones are over: every bock deal is at level 1.
``double``
    New rounds start with the next deal, on top of any running ones: a deal inside
    two running rounds is at level 2 (x4). Two triggers of one deal are two rounds
    that start together. The level stops at :data:`MAX_LEVEL`.

A thrown or redealt deal neither uses up a bock deal nor starts new rounds.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypedDict

from .cards import HALF_EYES
from .contracts import is_solo
from .rules import BOCK_TRIGGERS, Rules

Schedule = tuple[int, ...]
# The highest level: a deal inside more overlapping Bockrunden stays at x2**30 (points
# stay exact integers in the page's JavaScript numbers, and a record can carry them).
MAX_LEVEL = 30
SOLO_LIKE_LOST = ("silent-wedding",)  # besides solo:<KIND>: a stille Hochzeit is a solo


def level(schedule: Schedule) -> int:
    """The bock level of the next played deal (0: not a bock deal)."""
    return schedule[0] if schedule else 0


def factor(level: int) -> int:
    """What a deal at bock ``level`` multiplies every player's points by."""
    return 1 << level


def still_to_come(schedule: Schedule) -> int:
    """Bock deals still to be played."""
    return sum(1 for k in schedule if k > 0)


def triggers(rules: Rules, result: Mapping[str, Any]) -> list[str]:
    """The triggers among ``rules.bock`` that this deal's result shows, in the order of
    :data:`~doko.game.rules.BOCK_TRIGGERS` (a redeal shows none)."""
    if result.get("contract") == "redeal":
        return []
    shown = _shown(result)
    return [t for t in BOCK_TRIGGERS if t in rules.bock and t in shown]


def _shown(result: Mapping[str, Any]) -> set[str]:
    contract = str(result.get("contract", ""))
    eyes = list(result.get("eyes", {}).values())
    said = list(result.get("announcements", {}).values())
    tricks = [n for n in result.get("tricks", {}).values() if n is not None]
    found = {
        "solo-lost": (is_solo(contract) or contract in SOLO_LIKE_LOST)
        and result.get("winner") != "re",
        "tie": len(eyes) == 2 and all(e == HALF_EYES for e in eyes),
        "re-kontra": len(said) == 2 and all(said),
        "zero": all(p == 0 for p in result.get("points", [])),
        "black": any(n == 0 for n in tricks) or any(e == 0 for e in eyes if not tricks),
        "heart-trick": result.get("heart_trick") is True,
    }
    return {name for name, hit in found.items() if hit}


class BockStarted(TypedDict):
    """The Bockrunden a finished deal starts, as the table says it with its result."""

    triggers: list[str]  # what starts them, in the order of BOCK_TRIGGERS
    rounds: int  # rounds added (per trigger under ``queue``, once under ``double``)
    deals: int  # the coming deals those rounds double
    stack: str  # rules.bock_stack: queue or double


def started(rules: Rules, seats: int, result: Mapping[str, Any]) -> BockStarted | None:
    """The Bockrunden this deal's result starts at a table of ``seats``, or None."""
    found = triggers(rules, result)
    if not found:
        return None
    rounds = rules.bock_rounds * (len(found) if rules.bock_stack == "queue" else 1)
    return {"triggers": found, "rounds": rounds, "deals": rounds * seats, "stack": rules.bock_stack}


def add_rounds(rules: Rules, schedule: Schedule, deals: int) -> Schedule:
    """``schedule`` with ``deals`` more bock deals, stacked as ``rules.bock_stack`` says."""
    if rules.bock_stack == "queue":
        return schedule + (1,) * deals
    longer = schedule + (0,) * max(0, deals - len(schedule))
    return tuple(min(k + 1, MAX_LEVEL) if i < deals else k for i, k in enumerate(longer))


def after_deal(rules: Rules, seats: int, schedule: Schedule, result: Mapping[str, Any]) -> Schedule:
    """The schedule after a finished deal: it uses up its bock deal (unless redealt),
    then each of its triggers adds ``rules.bock_rounds`` rounds of ``seats`` deals."""
    if result.get("contract") == "redeal":
        return schedule
    schedule = schedule[1:]
    for _ in triggers(rules, result):
        schedule = add_rounds(rules, schedule, rules.bock_rounds * seats)
    return schedule


def bock_line(lines: list[dict[str, Any]], level: int) -> dict[str, Any]:
    """The score line that explains a bock deal: the party ahead gains what the
    doubling adds (``factor`` says by how much everything was multiplied)."""
    value = sum(x["points"] if x["party"] == "re" else -x["points"] for x in lines)
    party = "re" if value >= 0 else "kontra"
    return {
        "item": "bock",
        "party": party,
        "points": abs(value) * (factor(level) - 1),
        "factor": factor(level),
    }
