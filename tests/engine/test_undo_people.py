"""Zurücknehmen takes back only the player's own card and the bots' after it, never a
card another person played: not a guest's, not after that guest left and a bot took the
seat, not after the table was saved and resumed."""

from __future__ import annotations

import json
from typing import Any

from doko import api
from doko.game.state import legal_for


def call(kind: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(kind, json.dumps(payload or {})))
    return answer


def move(seat_is_bot: list[bool]) -> None:
    """The next move: the bot's where a bot sits, else the seat's first legal action."""
    state = api.SESSION.table().state
    seat = state.to_act
    assert seat is not None
    if seat_is_bot[seat]:
        assert "error" not in call("bot")
        return
    legal = [str(a) for a in legal_for(state, seat)]
    healthy = f"{seat}:healthy"
    assert "error" not in call("act", {"action": healthy if healthy in legal else legal[0]})


def until_card_of(seat: int, bots: list[bool]) -> None:
    """Play on until ``seat`` has just played a card."""
    while True:
        move(bots)
        last = api.SESSION.table().state.history[-1]
        if last.seat == seat and last.is_card:
            return


def test_a_guest_card_is_never_taken_back_even_after_the_guest_left() -> None:
    people = [None, None, "standard", "standard"]  # the host at 0, a guest at 1
    bots = [p is not None for p in people]
    call("new_game", {"rules": "ddv", "seed": 21, "bots": people})
    until_card_of(0, bots)  # the host's card
    until_card_of(1, bots)  # then the guest's
    assert call("view")["can_undo"] is False  # a person sits at 1: no take-back at all
    call("set_bots", {"bots": [None, "standard", "standard", "standard"]})  # the guest left
    assert call("view")["can_undo"] is False
    assert call("undo")["code"] == "nothing-to-undo"
    # and so after a reload of the host's page
    saved = call("save")
    assert saved["undo_from"] >= 5
    call("resume", {"table": json.loads(json.dumps(saved))})
    assert call("view")["can_undo"] is False
    # the host's next card can be taken back again, the guest's stays
    until_card_of(0, [False, True, True, True])
    before = api.SESSION.table().state.history
    assert call("view")["can_undo"] is True
    call("undo")
    after = api.SESSION.table().state.history
    assert after == before[: len(after)] and len(after) >= saved["undo_from"]


def test_alone_with_bots_the_own_card_is_taken_back() -> None:
    call(
        "new_game", {"rules": "ddv", "seed": 21, "bots": [None, "standard", "standard", "standard"]}
    )
    until_card_of(0, [False, True, True, True])
    assert call("view")["can_undo"] is True
    assert "undo_from" not in call("save")
