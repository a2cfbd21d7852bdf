"""The worker requests of the deal review (:mod:`doko.bots.review`), each small enough that
the table's own requests are answered in between:

- ``review_start`` ``{record, seat}``: ``{"indices": [...]}``, the seat's decisions;
- ``review_step`` ``{record, seat, index, budget_ms?, seed?}``: one decision's review;
- ``review_summary`` ``{seat, decisions}``: the decisions with the largest mistakes
  marked, ``total_loss`` and the count of mistakes;
- ``duplicate_step`` ``{record, seat, bots, seed?}``: the next action of the deal played
  again with the strongest bot in ``seat``, or the points once it is over.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..bots import review
from ..game.errors import RequestError
from ..game.untrusted import is_whole

Handler = Callable[[dict[str, Any]], dict[str, Any]]


def _seat(payload: dict[str, Any]) -> int:
    seat = payload.get("seat")
    if not is_whole(seat):
        raise RequestError("not-whole-number", field="seat")
    return seat


def _whole(payload: dict[str, Any], name: str, default: int) -> int:
    value = payload.get(name, default)
    if not is_whole(value):
        raise RequestError("not-whole-number", field=name)
    return value


def review_start(payload: dict[str, Any]) -> dict[str, Any]:
    _, _, indices = review.decisions(payload.get("record"), _seat(payload))
    return {"indices": indices}


def review_step(payload: dict[str, Any]) -> dict[str, Any]:
    seat = _seat(payload)
    start, actions, indices = review.decisions(payload.get("record"), seat)
    index = payload.get("index")
    if not is_whole(index) or index not in indices:
        raise RequestError("review-index", index=str(index)[:20], seat=seat)
    budget = review.check_budget(_whole(payload, "budget_ms", review.DEFAULT_BUDGET_MS))
    record = payload.get("record")
    seed = review.deal_seed(record, _whole(payload, "seed", 0))
    state = review.state_before(start, actions, index)
    actual = review.actual_eyes(start, actions, seat)
    return review.review_decision(
        state, actions[index], index, seat, seed, review.effort_of(budget), actual
    )


def review_summary(payload: dict[str, Any]) -> dict[str, Any]:
    found = payload.get("decisions")
    if not isinstance(found, list) or not all(
        isinstance(d, dict) and is_whole(d.get("index")) and isinstance(d.get("loss"), int | float)
        for d in found
    ):
        raise RequestError("not-whole-number", field="decisions")
    return review.summarise(_seat(payload), [dict(d) for d in found])


def duplicate_step(payload: dict[str, Any]) -> dict[str, Any]:
    bots = payload.get("bots")
    if not isinstance(bots, list) or not all(b is None or isinstance(b, str) for b in bots):
        raise RequestError("bots-per-seat")
    return review.duplicate_step(
        payload.get("record"), _seat(payload), bots, _whole(payload, "seed", 0)
    )


def handlers() -> dict[str, Handler]:
    return {
        "review_start": review_start,
        "review_step": review_step,
        "review_summary": review_summary,
        "duplicate_step": duplicate_step,
    }
