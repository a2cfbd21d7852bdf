"""The worker's entry point as a series: dealer rotation, Pflichtsolo, sitting out, score."""

from __future__ import annotations

import json
from typing import Any

from doko import api
from doko.state import legal_for


def call(kind: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(kind, json.dumps(payload or {})))
    return answer


def play_out(view: dict[str, Any], choose: dict[int, str] | None = None) -> dict[str, Any]:
    """Play the deal to its end: the given reservations, else each seat's first legal action."""
    choose = dict(choose or {})
    while view["phase"] != "done":
        seat = view["to_act"]
        if view["bots"][seat]:
            view = call("bot")
            continue
        word = choose.pop(seat, None) if view["phase"] == "reservations" else None
        action = f"{seat}:{word}" if word else legal_for(api.table().state, seat)[0]
        view = call("act", {"action": action})
        assert "error" not in view, view
    return view


def test_pflichtsolo_keeps_the_dealer_and_clears_the_debt() -> None:
    view = call("new_game", {"rules": "ddv", "seed": 11, "bots": [None] * 4})
    assert view["dealer"] == 3
    assert view["owes_duty_solo"] == [0, 1, 2, 3]
    assert view["forced_solo"] is None and view["sitting_out"] is None
    view = play_out(view, {0: "healthy", 1: "solo:queens", 2: "healthy", 3: "healthy"})
    assert view["contract"] == "solo:queens"
    row = view["sheet"][0]
    assert row["duty_solo"] is True and row["dealer"] == 3
    assert row["lines"] and row["totals"] == row["points"]
    assert view["result"]["duty_solo"] is True
    assert view["totals"] == row["points"]
    view = call("next_game")
    assert view["dealer"] == 3  # a Pflichtsolo led by the soloist: the same dealer again
    assert view["owes_duty_solo"] == [0, 2, 3]
    assert view["to_act"] == 0
    assert view["series_finished"] is False


def test_a_normal_deal_passes_the_deal_on() -> None:
    view = call("new_game", {"rules": "ddv", "seed": 11, "bots": [None] * 4})
    view = play_out(view, dict.fromkeys(range(4), "healthy"))
    assert view["sheet"][0]["duty_solo"] is False
    assert call("next_game")["dealer"] == 0


def test_five_players_the_dealer_sits_out() -> None:
    view = call("new_game", {"rules": "klassisch", "seed": 3, "players": 5})
    assert view["players"] == 5 and view["dealer"] == 4
    assert view["sitting_out"] == view["dealer"]
    assert view["hand_sizes"][4] == 0
    view = play_out(view)
    assert len(view["result"]["points"]) == 5
    view = call("next_game")
    assert view["dealer"] == 0 and view["sitting_out"] == 0


def test_rounds_end_the_series() -> None:
    view = call(
        "new_game",
        {"rules": "klassisch", "seed": 5, "rounds": 1, "bots": [None] + ["standard"] * 3},
    )
    for _ in range(20):
        view = play_out(view)
        if view["series_finished"]:
            break
        view = call("next_game")
    assert view["series_finished"] is True
    assert len(view["sheet"]) >= 4
    assert view["totals"] == [sum(r["points"][s] for r in view["sheet"]) for s in range(4)]
    assert call("next_game") == {"error": "the series is over"}


def test_table_size_and_rounds_are_checked() -> None:
    assert "error" in call("new_game", {"rules": "ddv", "players": 6})
    assert "at most 5 rounds" in call("new_game", {"rules": "ddv", "rounds": 9})["error"]


def test_load_record_then_next_game_starts_a_series() -> None:
    view = call("new_game", {"rules": "ddv", "seed": 2})
    view = play_out(view)
    record = view["record"]
    opened = call("load_record", {"record": record})
    assert opened["phase"] == "done" and len(opened["sheet"]) == 1
    assert opened["result"]["points"] == view["result"]["points"]
    nxt = call("next_game")
    assert nxt["dealer"] == (record["dealer"] + 1) % 4
    nxt = play_out(nxt)
    assert len(nxt["sheet"]) == 2
    assert nxt["totals"] == [
        a + b for a, b in zip(nxt["sheet"][0]["points"], nxt["sheet"][1]["points"], strict=True)
    ]


def test_score_a_summary_and_refuse_impossible_ones() -> None:
    summary: dict[str, Any] = {
        "rules": "berndt",
        "contract": "normal",
        "re": [0, 2],
        "sitting_out": None,
        "eyes_re": 184,
        "tricks": {"re": 8, "kontra": 2},
        "announcements": {"re": [], "kontra": []},
        "specials": [{"kind": "fox", "party": "re"}, {"kind": "karlchen", "party": "re"}],
    }
    assert call("score", {"summary": summary})["points"] == [50, 0, 50, 0]
    bad = call("score", {"summary": {**summary, "eyes_re": 250}})
    assert bad == {"error": "eyes_re must be 0..240, got 250"}
    solo = {**summary, "contract": "solo:queens", "re": [0, 1], "specials": []}
    assert "exactly one seat" in call("score", {"summary": solo})["error"]
    heart = {**summary, "specials": [{"kind": "heart-trick", "party": "re"}]}
    assert "heart-trick" in call("score", {"summary": heart})["error"]
