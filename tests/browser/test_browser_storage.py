"""Stored state at its edges, in a real Chromium: a score keeper's sheet in the oldest
stored layout (storage schema 1, written before schema 2 came with the series tables) is
migrated, scored and shown; and a browser without IndexedDB still plays a whole game and
keeps a sheet, saying that it cannot store them."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pageplay import enter_keeper_game, play_to_end, ready, store_entry, stored, watched

pytestmark = pytest.mark.browser

NO_STORAGE = "Speichern ist in diesem Browser nicht möglich"


def old_summary(contract: str, re: list[int], eyes: int, **more: Any) -> dict[str, Any]:
    """A summary as the first keeper wrote it: the preset by name, no rules object."""
    summary = {
        "rules": "ddv",
        "contract": contract,
        "players": 4,
        "re": re,
        "sitting_out": None,
        "eyes_re": eyes,
        "announcements": {"re": [], "kontra": []},
        "specials": [],
    }
    summary.update(more)
    return summary


# Points worked out from docs/rules/ddv.md: Re wins with 130 (1) and had said Re (2); a
# Damensolo lost with 100 (1, x3 for the soloist); Re with no trick at all: Kontra wins
# 1, gegen die Alten 1, keine 90/60/30 3, schwarz 1.
OLD_GAMES = [
    (
        old_summary("normal", [0, 2], 130, announcements={"re": ["re"], "kontra": []}),
        [3, -3, 3, -3],
    ),
    (old_summary("solo:queens", [1], 100), [1, -3, 1, 1]),
    (old_summary("normal", [2, 3], 0, tricks={"re": 0, "kontra": 12}), [6, 6, -6, -6]),
]
# What the page stored under "keeper" then: the sheet with each game's result as the
# engine's "score" answered it, no tournament tag, no variant (storage schema 1).
KEEPER_SCHEMA_1 = {
    "schema": 1,
    "kind": "keeper",
    "savedAt": 1_600_000_000_000,
    "data": {
        "version": 1,
        "phase": "sheet",
        "preset": "ddv",
        "players": 4,
        "names": ["Oma", "Opa", "Tante", "Onkel"],
        "games": [{"summary": s, "result": {"points": p}} for s, p in OLD_GAMES],
    },
}


def sheet_rows(page: Any) -> list[tuple[list[int], list[int]]]:
    rows = page.locator("[data-testid=score-row]")
    return [
        (
            json.loads(rows.nth(i).get_attribute("data-points")),
            json.loads(rows.nth(i).get_attribute("data-totals")),
        )
        for i in range(rows.count())
    ]


def stored_schema(page: Any, schema: int, games: int) -> None:
    page.wait_for_function(
        """async ([schema, games]) => {
          const db = await new Promise((ok) => { const r = indexedDB.open("doko", 1);
            r.onsuccess = () => ok(r.result); });
          const e = await new Promise((ok) => { const r = db.transaction(["saves"])
            .objectStore("saves").get("keeper"); r.onsuccess = () => ok(r.result); });
          db.close();
          return !!e && e.schema === schema && e.data.games.length === games;
        }""",
        arg=[schema, games],
    )


def test_a_schema_1_keeper_sheet_is_migrated_and_shown(page: Any) -> None:
    page.goto("/")
    ready(page)
    store_entry(page, "keeper", KEEPER_SCHEMA_1)
    page.reload()
    ready(page)
    page.goto("/#/keeper")
    page.wait_for_selector("[data-testid=score-row] >> nth=2")
    assert sheet_rows(page) == [
        ([3, -3, 3, -3], [3, -3, 3, -3]),
        ([1, -3, 1, 1], [4, -6, 4, -2]),
        ([6, 6, -6, -6], [10, 0, -2, -8]),
    ]
    totals = page.locator("[data-testid=total]").all_text_contents()
    assert [int(x) for x in totals] == [10, 0, -2, -8]
    heads = page.locator("[data-testid=scoresheet] thead th").all_text_contents()
    assert heads[2:] == ["Oma", "Opa", "Tante", "Onkel"]
    # read once, written back in today's layout: the same games, nothing set aside
    stored_schema(page, 2, 3)
    entry = stored(page, "keeper")
    assert entry["kind"] == "keeper"
    assert [g["summary"] for g in entry["data"]["games"]] == [s for s, _ in OLD_GAMES]
    assert entry["data"]["names"] == KEEPER_SCHEMA_1["data"]["names"]
    assert stored(page, None, "quarantine") == []
    # and the sheet goes on: a fourth game, Re (Opa, Onkel) wins with 121
    enter_keeper_game(page, {"re": [1, 3], "eyes_re": 121})
    page.wait_for_selector("[data-testid=score-row] >> nth=3")
    assert sheet_rows(page)[3] == ([-1, 1, -1, 1], [9, 1, -3, -7])
    stored_schema(page, 2, 4)
    assert page.watch.errors == [] and page.watch.offsite == []


def test_without_indexeddb_a_game_is_played_and_a_sheet_kept(browser: Any, site: str) -> None:
    context = browser.new_context(base_url=site)
    # as in a browser that has no IndexedDB (some private modes, locked-down profiles)
    context.add_init_script("delete Window.prototype.indexedDB; delete window.indexedDB;")
    try:
        page = watched(context, site)
        page.goto("#/play?rules=ddv&seed=7&delay=0&level=standard")
        ready(page)
        assert page.evaluate("() => 'indexedDB' in self") is False
        play_to_end(page)
        page.wait_for_function(
            "(words) => document.querySelector('[role=alert]')?.textContent.includes(words)",
            arg=NO_STORAGE,
        )
        points = json.loads(page.get_attribute("[data-testid=result-points]", "data-points"))
        assert len(points) == 4 and sum(points) == 0
        row = page.locator("[data-testid=score-row]").first
        assert json.loads(row.get_attribute("data-points")) == points
        # the next deal starts as usual
        page.click("[data-testid=next-game]")
        page.wait_for_function(
            "() => document.querySelectorAll('[data-testid=hand] button[data-card]').length === 12"
        )

        # the score keeper keeps its sheet in the page and says it cannot store it
        page.goto("/")
        page.wait_for_selector("[data-testid=open-keeper]")
        assert page.locator("[data-testid=resume]").count() == 0
        page.goto("/#/keeper")
        page.wait_for_selector("[data-testid=keeper-setup]")
        page.click("[data-testid=keeper-start]")
        enter_keeper_game(page, {"re": [0, 1], "eyes_re": 150})  # Re wins 1
        page.wait_for_selector("[data-testid=score-row]")
        entered = page.get_attribute("[data-testid=score-row]", "data-points")
        assert json.loads(entered) == [1, 1, -1, -1]
        page.wait_for_function(
            "(words) => document.querySelector('[role=alert]')?.textContent.includes(words)",
            arg=NO_STORAGE,
        )
        assert page.watch.errors == [] and page.watch.offsite == []
    finally:
        context.close()
