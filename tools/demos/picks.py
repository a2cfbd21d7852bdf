"""Tests on a replay that pick a found deal, and the reservations a search scripts."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from doko.game.state import GameState
from doko.page.explain import walk

from .spec import Declare, Events, Want

# -- what a replay shows -------------------------------------------------------------


def events_of(record: dict[str, Any]) -> Events:
    return list(walk(record)["events"])


def has(events: Events, key: str, **params: Any) -> bool:
    return any(
        e["key"] == key and all(e["params"].get(k) == v for k, v in params.items()) for e in events
    )


def event(key: str, **params: Any) -> Want:
    return lambda events, state: has(events, key, **params)


def played_as(contract: str) -> Want:
    return lambda events, state: state.contract == contract


def trick_why(why: str, last: bool | None = None) -> Want:
    def want(events: Events, state: GameState) -> bool:
        return any(
            e["key"] == "trick"
            and e["params"]["why"] == why
            and (last is None or e["params"]["last"] == last)
            for e in events
        )

    return want


def won_over(why: str, card: str) -> Want:
    """A trick won by the rule ``why`` although ``card`` (e.g. a Dulle) was in it."""

    def want(events: Events, state: GameState) -> bool:
        return any(
            e["key"] == "trick"
            and e["params"]["why"] == why
            and card in map(str, state.tricks[e["params"]["trick"] - 1].cards)
            for e in events
        )

    return want


# -- scripted reservations -----------------------------------------------------------


def first_with(test: Callable[[GameState, int], bool], what: str) -> Declare:
    """Reservations: the first seat (in turn) whose hand passes ``test`` declares ``what``."""

    def pick(state: GameState) -> dict[int, str] | None:
        seat = state.to_act
        for _ in state.active:
            assert seat is not None
            if test(state, seat):
                return {seat: what}
            seat = state.next_seat(seat)
        return None

    return pick


def anyone(state: GameState, seat: int) -> bool:
    return True


def trumps_in(state: GameState, seat: int, kind: str) -> int:
    from doko.game.contracts import card_order

    order = card_order(kind, state.rules, state.rules.deck_for(state.players))
    return sum(order.follows[c] == "T" for c in state.hands[seat])


def strong_for(kind: str, least: int) -> Callable[[GameState, int], bool]:
    return lambda state, seat: trumps_in(state, seat, kind) >= least
