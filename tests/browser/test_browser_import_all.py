"""Export of everything and its import into a fresh browser, in a real Chromium: a running
game, a house-rule variant, a score keeper's sheet and a tournament evening made through
the page, exported from the start page, imported in a new browser context (an empty
IndexedDB), and each found there again: stored as exported, and shown by its screen."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pageplay import LEGAL_CARD, enter_keeper_game, ready, stored, watched

pytestmark = pytest.mark.browser

PLAY = "#/play?rules=ddv&seed=7&delay=0&level=standard"
HAND_CARDS = "document.querySelectorAll('[data-testid=hand] button[data-card]').length"
NAMES = ["Anna", "Bernd", "Carla", "Dieter"]
GAMES = [
    {"re": [0, 2], "eyes_re": 130},  # Re wins: 1
    {"re": [1, 3], "eyes_re": 100},  # Kontra wins 1 and gegen die Alten 1
]
ENTRANTS = ["Erika", "Fritz", "Gabi", "Heinz"]
KINDS = {"game", "variants", "keeper", "tournament"}


def play_one_card(page: Any) -> None:
    page.goto(PLAY)
    ready(page)
    page.click('[data-action="healthy"]')
    page.wait_for_selector(LEGAL_CARD)
    page.locator(LEGAL_CARD).first.click()
    page.wait_for_function(f"() => {HAND_CARDS} === 11")


def save_variant(page: Any) -> None:
    page.goto("/#/rules/edit?from=ddv")
    ready(page)
    page.wait_for_selector("[data-testid=rules-editor][data-valid=true]")
    details = page.locator("[data-testid=option-group][data-group=specials]")
    if details.get_attribute("open") is None:
        details.locator("summary").click()
    specials = page.locator("[data-testid=option-members][data-option=specials]")
    specials.locator("[data-member=karlchen-caught]").click()
    page.wait_for_selector("[data-testid=differences] li[data-option=specials]")
    page.wait_for_selector("[data-testid=rules-editor][data-valid=true]")
    page.fill("#variant-name", "Importrunde")
    page.click("[data-testid=variant-save]")
    page.wait_for_selector("[data-testid=variant-saved]")


def keep_sheet(page: Any) -> None:
    page.goto("/#/keeper")
    ready(page)
    page.wait_for_selector("[data-testid=keeper-setup]")
    page.select_option("#keeper-preset", "ddv")
    page.select_option("#keeper-players", "4")
    for seat, name in enumerate(NAMES):
        page.fill(f"#keeper-name-{seat}", name)
    page.click("[data-testid=keeper-start]")
    for i, game in enumerate(GAMES):
        enter_keeper_game(page, game)
        page.wait_for_function(
            f"() => document.querySelectorAll('[data-testid=score-row]').length === {i + 1}"
        )


def draw_evening(page: Any) -> list[list[int]]:
    page.goto("/#/tournament")
    ready(page)
    page.wait_for_selector("[data-testid=tournament][data-routed=true]")
    page.fill("#tour-names", "\n".join(ENTRANTS))
    page.click("[data-testid=tour-add]")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=tour-entrant]').length === 4"
    )
    page.click("[data-testid=tour-draw]")
    page.wait_for_selector("[data-testid=tour-table][data-round='1']")
    return json.loads(page.get_attribute("[data-testid=tour-table]", "data-players"))


def wait_stored(page: Any, keys: set[str]) -> None:
    page.wait_for_function(
        """async (keys) => {
          const db = await new Promise((ok) => { const r = indexedDB.open("doko");
            r.onsuccess = () => ok(r.result); });
          const have = await new Promise((ok) => { const r = db.transaction(["saves"])
            .objectStore("saves").getAllKeys(); r.onsuccess = () => ok(r.result); });
          db.close();
          return keys.every((k) => have.some((h) => h === k || h.startsWith(`${k}:`)));
        }""",
        arg=sorted(keys),
    )


def sheet_rows(page: Any) -> list[list[int]]:
    rows = page.locator("[data-testid=score-row]")
    return [json.loads(rows.nth(i).get_attribute("data-points")) for i in range(rows.count())]


def test_everything_exported_is_imported_in_a_fresh_browser(
    page: Any, browser: Any, site: str, tmp_path: Path
) -> None:
    play_one_card(page)
    save_variant(page)
    keep_sheet(page)
    table = draw_evening(page)
    tour_id = page.get_attribute("[data-testid=tournament]", "data-tour-id")
    wait_stored(page, KINDS)

    page.goto("/")
    ready(page)
    with page.expect_download() as info:
        page.click("[data-testid=export]")
    path = tmp_path / "alles.json"
    info.value.save_as(path)
    exported = json.loads(path.read_text())
    entries = exported["entries"]
    assert exported["app"] == "doko", sorted(entries)
    assert {key.split(":")[0] for key in entries} >= KINDS, sorted(entries)
    for key in entries:  # the file holds each entry exactly as stored
        assert entries[key] == stored(page, key), key

    fresh = browser.new_context(base_url=site)
    try:
        other = watched(fresh, site)
        other.goto("/")
        ready(other)
        assert other.locator("[data-testid=resume]").count() == 0  # nothing stored yet
        other.set_input_files("[data-testid=import-file]", str(path))
        other.wait_for_function(
            "() => document.querySelector('[role=alert]')?.textContent.includes('Import fertig')"
        )
        for key, entry in entries.items():
            assert stored(other, key) == entry, key

        # each screen shows what it held in the other browser
        other.reload()
        ready(other)
        assert "Importrunde" in other.text_content("[data-testid=variant-choice]")
        other.click("[data-testid=resume]")
        other.wait_for_function(f"() => {HAND_CARDS} === 11")
        assert "#/game/" in other.url

        other.goto("/#/keeper")
        other.wait_for_selector("[data-testid=score-row] >> nth=1")
        assert sheet_rows(other) == [[1, -1, 1, -1], [2, -2, 2, -2]]
        heads = other.locator("[data-testid=scoresheet] thead th").all_text_contents()
        assert heads[2:] == NAMES

        other.goto("/#/tournament")
        other.wait_for_function(
            "(id) => document.querySelector('[data-testid=tournament]')?.dataset.tourId === id",
            arg=tour_id,
        )
        shown = other.locator("[data-testid=tour-table][data-round='1']")
        assert shown.count() == 1
        assert json.loads(shown.get_attribute("data-players")) == table
        rows = other.locator("[data-testid=tour-entrant]").all_text_contents()
        assert len(rows) == 4
        assert all(name in row for name, row in zip(ENTRANTS, rows, strict=True)), rows
        assert other.watch.errors == [] and other.watch.offsite == []
    finally:
        fresh.close()
    assert page.watch.errors == [] and page.watch.offsite == []
