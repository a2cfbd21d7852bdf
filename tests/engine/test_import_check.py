"""An imported file's entries are checked by the engine before the page stores one:
a saved table replayed (without becoming the running table), a keeper's sheet scored
game by game, a variant's rules read, a tournament evening's standings worked out."""

from __future__ import annotations

import json
from typing import Any

from doko import api


def call(kind: str, payload: dict[str, Any]) -> dict[str, Any]:
    answer: dict[str, Any] = json.loads(api.handle(kind, json.dumps(payload)))
    return answer


def problems(*entries: tuple[str, Any]) -> list[dict[str, Any]]:
    answer = call("check_entries", {"entries": [{"key": k, "data": d} for k, d in entries]})
    found: list[dict[str, Any]] = answer["problems"]
    return found


SUMMARY: dict[str, Any] = {
    "rules": "ddv",
    "contract": "normal",
    "re": [0, 2],
    "sitting_out": None,
    "eyes_re": 130,
    "announcements": {"re": [], "kontra": []},
    "specials": [],
}


def keeper(*summaries: dict[str, Any], preset: str = "ddv", players: int = 4) -> dict[str, Any]:
    return {"preset": preset, "players": players, "games": [{"summary": s} for s in summaries]}


def saved_table(actions: int) -> dict[str, Any]:
    call("new_game", {"rules": "ddv", "seed": 3, "bots": [None] * 4})
    for _ in range(actions):
        state = api.SESSION.table().state
        seat = state.to_act
        assert seat is not None
        action = api.legal_for(state, seat)[0]
        call("act", {"action": str(action)})
    saved: dict[str, Any] = call("save", {})
    return saved


def test_good_entries_pass() -> None:
    table = saved_table(8)
    variant = {"id": "v1", "name": "Ohne Dullen", "rules": {"preset": "ddv", "options": {}}}
    assert (
        problems(
            ("game:abc", {"hash": "#/game", "table": table}),
            ("keeper", keeper(SUMMARY, {**SUMMARY, "eyes_re": 90})),
            ("variants", {"variants": [variant]}),
            ("stats", {"deals": []}),
        )
        == []
    )


def test_checking_a_saved_table_leaves_the_running_table_alone() -> None:
    table = saved_table(6)
    call("new_game", {"rules": "klassisch", "seed": 9, "bots": [None] * 4})
    running = api.SESSION.table().state
    assert problems(("game:x", {"hash": "#/game", "table": table})) == []
    assert api.SESSION.table().state is running


def test_a_keeper_game_with_impossible_augen_is_named_by_its_number() -> None:
    bad = keeper(SUMMARY, SUMMARY, {**SUMMARY, "eyes_re": 300})
    [problem] = problems(("keeper", bad))
    assert problem["code"] == "import-entry"
    assert problem["params"]["key"] == "keeper"
    reason = problem["params"]["reason"]
    assert reason["code"] == "import-game" and reason["params"]["n"] == 3
    assert reason["params"]["reason"]["code"] == "eyes-range"


def test_a_keeper_game_with_wrong_re_seats_is_refused() -> None:
    [problem] = problems(("keeper", keeper({**SUMMARY, "re": [0, 7]})))
    assert problem["params"]["reason"]["params"]["n"] == 1


def test_unknown_preset_and_table_size_are_refused() -> None:
    [unknown] = problems(("keeper", keeper(preset="skat")))
    assert unknown["params"]["reason"]["code"] == "unknown-preset"
    [size] = problems(("keeper", keeper(players=7)))
    assert size["params"]["reason"] == {"code": "import-shape", "params": {"field": "players"}}


def test_a_saved_game_with_a_card_the_player_does_not_hold_is_refused() -> None:
    table = saved_table(6)  # four reservations, then two cards
    actions = table["game"]["actions"]
    seat, _card = actions[-1].split(":")
    hands = [h.split() for h in table["game"]["hands"]]
    foreign = next(c for h in hands for c in h if c not in hands[int(seat)])
    table["game"]["actions"] = [*actions[:-1], f"{seat}:{foreign}"]
    [problem] = problems(("game:g1", {"hash": "#/game", "table": table}))
    assert problem["params"]["reason"]["code"] == "saved-table"


def test_a_variant_the_engine_refuses_is_named() -> None:
    variant = {"id": "v", "name": "Kaputt", "rules": {"preset": "ddv", "options": {"deck": 7}}}
    [problem] = problems(("variants", {"variants": [variant]}))
    reason = problem["params"]["reason"]
    assert reason["code"] == "import-variant" and reason["params"]["name"] == "Kaputt"


def test_malformed_entries_are_problems_not_crashes() -> None:
    found = problems(
        ("game:a", {"hash": "#/game", "table": {"version": 1, "game": 5}}),
        ("game:b", "not an object"),
        ("keeper", {"preset": "ddv", "players": 4, "games": "x"}),
        ("tournament", {"rules": "ddv"}),
        ("unheard-of", {}),
    )
    assert [p["params"]["key"] for p in found] == [
        "game:a",
        "game:b",
        "keeper",
        "tournament",
        "unheard-of",
    ]
    assert all(p["code"] == "import-entry" for p in found)
    assert call("check_entries", {"entries": "x"})["code"] == "import-entries"


def test_an_evening_is_checked_in_the_form_the_page_stores_it() -> None:
    entrants = [{"id": i, "name": n} for i, n in enumerate(["Erika", "Fritz", "Gabi", "Heinz"], 1)]
    evening = {"version": 1, "id": "t1", "rules": "lockhausen", "tableRounds": 2, "seed": 4,
               "entrants": entrants, "rounds": []}  # fmt: skip
    assert problems(("tournament", evening)) == []
    [bad] = problems(("tournament", {**evening, "tableRounds": 7}))
    assert bad["params"]["reason"]["code"] == "tournament-rounds"
