"""The events a step of the table answers with (doko.page.events via the api's step answers)."""

from __future__ import annotations

import json
from typing import Any

from doko import api
from doko.game.state import legal_for


def call(kind: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(kind, json.dumps(payload or {})))
    return answer


def first_legal() -> str:
    state = api.SESSION.table().state
    assert state.to_act is not None
    return str(legal_for(state, state.to_act)[0])


def test_a_move_answers_the_view_its_events_and_what_to_store() -> None:
    started = call("new_game", {"rules": "ddv", "seed": 11, "bots": [None] * 4})
    assert set(started) == {"view", "events", "save"}
    assert started["events"] == [{"code": "deal_started", "params": {"dealer": 3, "bock": 0}}]
    step = call("act", {"action": "0:healthy"})
    assert step["view"] == call("view")
    assert step["save"] == call("save")  # what the page stores: what `resume` takes
    assert step["events"] == [{"code": "reservation", "params": {"seat": 0, "what": "healthy"}}]


def test_a_scripted_trick_says_each_card_then_who_takes_it_with_its_augen() -> None:
    call("new_game", {"rules": "ddv", "seed": 11, "bots": [None] * 4})
    for seat in range(4):
        call("act", {"action": f"{seat}:healthy"})
    # seat 0 leads Herz 9; seats 1 and 3 both play the Herz Ass: the first one takes it
    played = ["0:H9", "1:HA", "2:HK", "3:HA"]
    answers = [call("act", {"action": action}) for action in played]
    for action, answer in zip(played[:3], answers, strict=False):
        seat, card = action.split(":")
        assert answer["events"] == [
            {"code": "card_played", "params": {"seat": int(seat), "card": card}}
        ]
    # Augen: Neun 0, Ass 11, König 4, Ass 11
    assert answers[3]["events"] == [
        {"code": "card_played", "params": {"seat": 3, "card": "HA"}},
        {"code": "trick_taken", "params": {"seat": 1, "trick": 1, "points": 26}},
    ]
    assert answers[3]["view"]["last_trick"]["winner"] == 1


def test_an_announcement_a_take_back_and_the_next_deal() -> None:
    call("new_game", {"rules": "ddv", "seed": 11, "bots": [None] + ["standard"] * 3})
    view = call("act", {"action": "0:healthy"})["view"]
    while view["to_act"] != 0:
        view = call("bot")["view"]
    call_word = next(a for a in view["legal"] if a in ("0:re", "0:kontra"))
    said = call("act", {"action": call_word})
    assert said["events"] == [
        {"code": "announced", "params": {"seat": 0, "call": call_word.split(":")[1]}}
    ]
    card = next(a for a in call("view")["legal"] if a.startswith("0:") and len(a) == 4)
    call("act", {"action": card})
    back = call("undo")
    assert back["events"] == [{"code": "undone", "params": {"seat": 0}}]
    assert back["view"]["hand_sizes"][0] == 12
    # play the deal out: the last step says the deal is over, the next deal starts anew
    answer = back
    while answer["view"]["phase"] != "done":
        view = answer["view"]
        answer = call("bot") if view["to_act"] != 0 else call("act", {"action": first_legal()})
    over = answer["events"][-1]
    assert over["code"] == "deal_over"
    assert over["params"]["contract"] == answer["view"]["contract"]
    tricks = [e for e in answer["events"] if e["code"] == "trick_taken"]
    assert tricks and tricks[-1]["params"]["trick"] == 12
    nxt = call("next_game")
    assert nxt["events"] == [{"code": "deal_started", "params": {"dealer": 0, "bock": 0}}]


def test_a_whole_deal_of_bots_says_every_card_once_and_every_trick() -> None:
    call("new_game", {"rules": "ddv", "seed": 5, "bots": [None] + ["standard"] * 3})
    events: list[dict[str, Any]] = []
    view = call("view")
    while view["phase"] != "done":
        answer = call("bot") if view["to_act"] != 0 else call("act", {"action": first_legal()})
        events += answer["events"]
        view = answer["view"]
    cards = [e["params"] for e in events if e["code"] == "card_played"]
    tricks = [e["params"] for e in events if e["code"] == "trick_taken"]
    assert view["contract"] != "redeal"  # a deal played out (a thrown one has no cards)
    assert len(cards) == 48 and len(tricks) == 12
    assert sum(t["points"] for t in tricks) == 240
    assert [t["trick"] for t in tricks] == list(range(1, 13))
    # each trick's winner as the view's sheet counts them
    won = [sum(1 for t in tricks if t["seat"] == s) for s in range(4)]
    assert won == view["tricks_won"]


def test_opening_a_saved_table_says_so_and_keeps_the_table() -> None:
    call("new_game", {"rules": "ddv", "seed": 2})
    saved = call("act", {"action": "0:healthy"})["save"]
    opened = call("resume", {"table": saved})
    assert opened["events"] == [{"code": "table_opened", "params": {}}]
    assert opened["save"] == saved
