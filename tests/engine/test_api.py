"""The worker's entry point as a series: dealer rotation, Pflichtsolo, sitting out, score."""

from __future__ import annotations

import json
import random
from typing import Any

from doko import api
from doko.bots.bots import standard_bot
from doko.game.observation import observe
from doko.game.rules import load_rules
from doko.game.state import apply, legal_for
from doko.table import series as series_mod
from support import view_of


def call(kind: str, payload: dict[str, Any] | None = None) -> dict[str, Any]:
    answer: dict[str, Any] = view_of(json.loads(api.handle(kind, json.dumps(payload or {}))))
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
        action = f"{seat}:{word}" if word else str(legal_for(api.SESSION.table().state, seat)[0])
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
    assert call("next_game") == {"error": "the series is over", "code": "series-over", "params": {}}


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
    assert bad == {
        "error": "eyes_re must be 0..240, got 250",
        "code": "eyes-range",
        "params": {"most": 240, "eyes": 250},
    }
    solo = {**summary, "contract": "solo:queens", "re": [0, 1], "specials": []}
    assert "exactly one seat" in call("score", {"summary": solo})["error"]
    heart = {**summary, "specials": [{"kind": "heart-trick", "party": "re"}]}
    assert "heart-trick" in call("score", {"summary": heart})["error"]


# -- save / resume: the whole table survives a reload -----------------------------


def roundtrip(saved: dict[str, Any]) -> dict[str, Any]:
    """What the page does: the saved table through JSON (IndexedDB), then resume."""
    return call("resume", {"table": json.loads(json.dumps(saved))})


SAME = (
    "sheet",
    "totals",
    "dealer",
    "owes_duty_solo",
    "forced_solo",
    "hand",
    "legal",
    "phase",
    "to_act",
    "trick",
    "tricks_won",
    "rounds",
    "rounds_played",
    "series_finished",
    "seat",
    "bots",
    "result",
)


def test_save_and_resume_keep_the_series_sheet_and_running_deal() -> None:
    bots: list[str | None] = [None] * 4
    view = call("new_game", {"rules": "ddv", "seed": 11, "bots": bots, "rounds": 2})
    assert view["rounds"] == 2
    view = play_out(view, {0: "healthy", 1: "solo:queens", 2: "healthy", 3: "healthy"})
    for _ in range(2):
        view = play_out(call("next_game"))
    view = call("next_game")
    for _ in range(9):  # reservations and a few cards of the fourth deal
        view = call("act", {"action": str(legal_for(api.SESSION.table().state, view["to_act"])[0])})
    assert len(view["sheet"]) == 3 and view["phase"] == "play" and view["trick"]
    assert view["owes_duty_solo"] == [0, 2, 3]

    saved = call("save")
    assert saved["version"] == 1 and saved["seat"] == 0 and saved["bots"] == bots
    assert saved["series"]["series"]["rounds"] == 2 and len(saved["series"]["games"]) == 3
    assert saved["loose"] == [] and saved["game"]["actions"] == [
        str(a) for a in api.SESSION.table().state.history
    ]
    # the series part is a series record on its own: `python -m doko` replays it
    alone = series_mod.replay_series(saved["series"])
    assert series_mod.sheet(alone) == view["sheet"]

    call("new_game", {"rules": "klassisch", "seed": 1})  # another table in between
    resumed = roundtrip(saved)
    assert "error" not in resumed, resumed
    for key in SAME:
        assert resumed[key] == view[key], key
    assert call("save") == saved
    # and it plays on: the same next card is legal, the deal finishes onto the sheet
    done = play_out(resumed)
    assert len(done["sheet"]) == 4


def test_resume_a_finished_deal_then_the_next_deal_is_the_same() -> None:
    view = call("new_game", {"rules": "ddv", "seed": 4})
    view = play_out(view)
    view = play_out(call("next_game"))
    saved = call("save")
    nxt = call("next_game")
    resumed = roundtrip(saved)
    for key in SAME:
        assert resumed[key] == view[key], key
    assert resumed["record"] == view["record"]
    again = call("next_game")
    for key in ("dealer", "hand", "owes_duty_solo", "sheet", "legal"):
        assert again[key] == nxt[key], key


def test_resume_an_opened_record_and_the_series_after_it() -> None:
    view = play_out(call("new_game", {"rules": "ddv", "seed": 2}))
    opened = call("load_record", {"record": view["record"], "seat": 1})
    saved = call("save")
    assert saved["series"] is None and saved["loose"] == [] and saved["seat"] == 1
    resumed = roundtrip(saved)
    for key in SAME:
        assert resumed[key] == opened[key], key
    nxt = call("next_game")
    nxt = call("act", {"action": str(legal_for(api.SESSION.table().state, nxt["to_act"])[0])})
    saved = call("save")
    assert len(saved["loose"]) == 1 and saved["series"] is not None
    resumed = roundtrip(saved)
    for key in SAME:
        assert resumed[key] == nxt[key], key
    assert len(resumed["sheet"]) == 1


def test_resume_refuses_bad_tables_with_one_line() -> None:
    view = play_out(call("new_game", {"rules": "ddv", "seed": 11, "bots": [None] * 4}))
    view = call("next_game")
    view = call("act", {"action": str(legal_for(api.SESSION.table().state, view["to_act"])[0])})
    good = call("save")
    finished = good["series"]["games"][0]

    def changed(**kw: Any) -> dict[str, Any]:
        return {**json.loads(json.dumps(good)), **kw}

    tampered = json.loads(json.dumps(good))
    tampered["series"]["games"][0]["actions"][4] = "0:XX"
    dealer = json.loads(json.dumps(good))
    dealer["game"]["dealer"] = 1
    empty = {**good["series"], "games": []}
    wrong_series = json.loads(json.dumps(good))
    wrong_series["series"]["series"]["players"] = 5
    bad: list[Any] = [
        None,
        "text",
        [],
        changed(version=2),
        changed(game=None),
        changed(game={"rules": "ddv", "hands": ["CA"], "actions": []}),
        changed(seat=4),
        changed(seat="0"),
        changed(bots=[None, "standard"]),
        changed(bots=[None, "genius", None, None]),
        changed(bots=[None, 7, None, None]),
        changed(series=[]),
        changed(series={"series": {}, "games": []}),
        changed(loose={"a": 1}),
        changed(loose=[finished] * 11),
        changed(loose=[finished], series=None),
        changed(loose=[good["game"]]),  # not finished
        changed(game=finished, series=empty),  # finished but not on the sheet
        tampered,
        dealer,
        wrong_series,
    ]
    for table in bad:
        answer = call("resume", {"table": table})
        assert set(answer) == {"error", "code", "params"}, (table, answer)
        assert answer["error"].startswith("saved table: ") and "\n" not in answer["error"]
        assert answer["code"].startswith("saved-table"), answer
        assert call("view")["hand"] == view["hand"]  # the running table is untouched
    assert "game 0: action 4" in call("resume", {"table": tampered})["error"]
    assert "dealer is 1" in call("resume", {"table": dealer})["error"]
    huge = json.dumps({"table": changed(pad="x" * api.MAX_PAYLOAD)})
    assert json.loads(api.handle("resume", huge))["code"] == "input-too-large"
    assert "error" not in roundtrip(good)


def test_rounds_are_bounded_and_the_longest_series_saves_within_the_limit() -> None:
    assert "rounds must be" in call("new_game", {"rules": "klassisch", "rounds": 0})["error"]
    too_many = api.MAX_ROUNDS + 1
    assert "rounds must be" in call("new_game", {"rules": "klassisch", "rounds": too_many})["error"]
    assert call("new_game", {"rules": "ddv"})["rounds"] == api.default_rounds(load_rules("ddv"))
    # a saved table of the longest series stays under the page's input limit
    settings = series_mod.Settings(load_rules("klassisch"), 8, api.MAX_ROUNDS, 7, 3)
    played = series_mod.start_series(settings)
    rng = random.Random(3)
    while not series_mod.is_finished(played):
        state = series_mod.start_game(played)
        while not state.is_over:
            seat = state.to_act
            assert seat is not None
            state = apply(state, standard_bot(observe(state, seat), rng))
        played = series_mod.record_game(played, state)
    size = len(json.dumps({"table": {"series": series_mod.series_record(played)}}))
    assert size < api.MAX_PAYLOAD * 0.9, size


def test_a_shared_table_shows_each_seat_its_own_hand_only() -> None:
    call("new_game", {"rules": "ddv", "seed": 5, "bots": [None, "standard", None, "standard"]})
    hands = api.SESSION.table().state.hands
    for seat in range(4):
        view = call("view", {"seat": seat})
        assert view["seat"] == seat
        assert len(view["hand"]) == len(hands[seat])
        assert sorted(view["hand"]) == sorted(str(c) for c in hands[seat])
        assert all(a.startswith(f"{seat}:") for a in view["legal"])
        assert view["record"] is None  # the record holds every hand: not while dealing
    assert call("view", {"seat": 4})["code"] == "seat-range"
    assert call("view", {"seat": "1"})["code"] == "not-whole-number"
    assert call("view")["seat"] == 0


def test_set_bots_hands_a_seat_to_a_bot_and_back_mid_deal() -> None:
    view = call("new_game", {"rules": "ddv", "seed": 5, "bots": [None, None, None, "standard"]})
    assert view["to_act"] == 0
    view = call("set_bots", {"bots": [None, "standard", "standard", "standard"]})
    assert view["bots"] == [None, "standard", "standard", "standard"]
    view = call("act", {"action": str(legal_for(api.SESSION.table().state, 0)[0])})
    while view["to_act"] != 0 and view["phase"] != "done":
        view = call("bot")
    assert view["to_act"] == 0  # the bots played seats 1 and 2
    assert call("set_bots", {"bots": [None, None]})["code"] == "bots-per-seat"
    assert call("set_bots", {"bots": [None, None, None, "no-such-bot"]})["code"] == "bad-bot"
    assert call("view")["bots"] == [None, "standard", "standard", "standard"]
    assert call("hint", {"seat": 1})["code"] == "hint-not-your-turn"
    assert "action" in call("hint", {"seat": 0})


def test_view_parties_received_cards_and_goals() -> None:
    from contract_deals import reached

    # an Armut the player took: the trumps that came with it are marked as received
    taken = reached("lockhausen", 4, "accept", "beginner")
    assert taken["poverty"]["taker"] == 0
    assert taken["received"] and set(taken["received"]) <= set(taken["hand"])
    # while the Armut is offered nobody's party is known yet
    view = call(
        "new_game",
        {"rules": "lockhausen", "seed": 4, "bots": [None, "beginner", "beginner", "beginner"]},
    )
    while view["phase"] != "poverty" or view["to_act"] != 0:
        view = call("bot") if view["to_act"] != 0 else call("act", {"action": "0:healthy"})
    assert view["known_parties"] == {"re": [], "kontra": []}
    # a deal thrown in: nobody is Re or Kontra, and nobody played for a goal
    thrown = reached("ohne-neunen", 63, "throw", "beginner")
    assert thrown["contract"] == "redeal"
    assert thrown["known_parties"] == {"re": [], "kontra": []}
    assert thrown["goals"] is None
    # a finished normal game says what each party needed
    view = play_out(reached("ddv", 2, "healthy", "beginner"))
    assert view["goals"]["re"]["eyes"] in (90, 120, 121, 151, 181, 211)
    assert set(view["goals"]) == {"re", "kontra"}


def test_each_session_holds_its_own_table() -> None:
    """A fresh session starts without a table; one session's game leaves another's be."""
    first, second = api.Session(), api.Session()
    assert json.loads(first.handle("view"))["code"] == "no-game"
    first.handle("new_game", json.dumps({"rules": "ddv", "seed": 1}))
    second.handle("new_game", json.dumps({"rules": "klassisch", "seed": 2}))
    assert json.loads(first.handle("view"))["rules"] == "ddv"
    assert json.loads(second.handle("view"))["rules"] == "klassisch"
    assert first.table() is not second.table()
