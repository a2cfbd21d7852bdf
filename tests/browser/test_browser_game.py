"""The whole chain in a real Chromium: page, worker, Pyodide, engine.

A seeded game is played to the end through the page; its record, replayed by
the CLI in CPython, must give the points the page shows.
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
from pageplay import HAND, ILLEGAL_CARD, play_to_end, step

from clirun import replay
from doko.table.series import MAX_ROUNDS

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
GAME = "#/play?rules=ddv&seed=7&level=standard"


def open_game(page: Any, extra: str = "") -> None:
    page.goto(GAME + extra)
    # The table is drawn before Python is ready.
    page.wait_for_selector("[data-testid=trick]", state="attached", timeout=5_000)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def test_seeded_game_plays_to_the_end_and_matches_the_cli(page: Any) -> None:
    open_game(page)
    play_to_end(page)

    shown = json.loads(page.get_attribute("[data-testid=result-points]", "data-points"))
    rows = page.locator("[data-testid=score-row]")
    assert rows.count() == 1
    assert json.loads(rows.first.get_attribute("data-points")) == shown

    record = json.loads(page.text_content("[data-testid=record]"))
    assert record["rules"] == "ddv"
    assert replay(record)["points"] == shown
    assert sum(shown) == 0 or len(shown) != 4  # a four-seat game is zero-sum

    assert page.watch.offsite == []
    assert page.watch.errors == []


def test_page_starts_without_the_memory_snapshot(page: Any) -> None:
    # a build without Node (or a host that lost snapshot.bin): Pyodide starts the slow
    # way, the engine files are unpacked before the import, and the game plays as ever
    refused: list[str] = []

    def not_found(route: Any) -> None:
        refused.append(route.request.url)
        route.fulfill(status=404, body="")

    page.context.route("**/snapshot.bin*", not_found)
    open_game(page, "&delay=0")  # the start is the point here, not the bots' pace
    play_to_end(page)
    assert refused, "the worker never asked for the snapshot"
    page.goto("#/demos")  # the demo games come from the unpacked files
    page.wait_for_selector("[data-testid=demo]", timeout=30_000)
    assert page.watch.offsite == []


def test_next_game_moves_the_dealer_on(page: Any) -> None:
    open_game(page, "&delay=0")  # bots without the pause meant for human eyes
    play_to_end(page)
    dealer = json.loads(page.text_content("[data-testid=record]"))["dealer"]
    page.click("[data-testid=next-game]")
    page.wait_for_selector(f"[data-testid=table][data-dealer='{(dealer + 1) % 4}']")
    page.wait_for_selector(f"{HAND} button[data-card]")
    assert page.locator("[data-testid=result]").count() == 0
    assert page.locator("[data-testid=score-row]").count() == 1


def test_illegal_card_says_why(page: Any) -> None:
    open_game(page, "&delay=0")
    deadline = time.monotonic() + 60
    while not page.locator(ILLEGAL_CARD).count():
        assert time.monotonic() < deadline, "never had to follow suit"
        assert page.locator("[data-testid=score-row]").count() == 0, "game ended first"
        if not step(page):
            page.wait_for_timeout(50)
    before = page.locator(f"{HAND} button[data-card]").count()
    # aria-disabled buttons stay clickable for people; Playwright needs force.
    page.locator(ILLEGAL_CARD).first.click(force=True)
    alert = page.locator("[role=alert]")
    page.wait_for_function("() => document.querySelector('[role=alert]').textContent.trim()")
    text = alert.text_content().strip()
    assert text.endswith(".") and text.count(".") == 1, text
    assert "bedienen" in text  # "Du musst … bedienen."
    assert page.locator(f"{HAND} button[data-card]").count() == before  # nothing was played
    assert page.watch.errors == []


def test_start_screen_starts_a_game(page: Any) -> None:
    response = page.goto("/")
    assert "script-src 'self' 'wasm-unsafe-eval'" in response.headers["content-security-policy"]
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_selector("[data-testid=preset][data-value=ddv]")
    page.click("[data-testid=preset][data-value=ddv]")
    # each rule set shows its name and line from the engine's metadata
    assert page.text_content("[data-testid=preset][data-value=ddv]").startswith("DDV-Turnier")
    page.click("[data-intent=new]")
    page.wait_for_function("() => location.hash.startsWith('#/play?rules=ddv&seed=')")
    page.wait_for_selector(f"{HAND} button[data-card]")
    assert page.watch.errors == []


def test_start_screen_offers_the_rounds_each_preset_allows(page: Any) -> None:
    page.goto("/")
    page.wait_for_selector("#rounds", timeout=60_000)  # once the engine's rules are in

    def offered() -> tuple[list[str], str]:
        values = page.eval_on_selector_all("#rounds option", "os => os.map(o => o.value)")
        return values, page.eval_on_selector("#rounds", "s => s.value")

    # a Pflichtsolo preset: at most its 5 rounds
    page.click("[data-testid=preset][data-value=ddv]")
    assert offered() == ([str(n) for n in range(1, 6)], "5")
    # no Pflichtsolo: up to MAX_ROUNDS, four by default
    page.click("[data-testid=preset][data-value=berndt]")
    assert offered() == ([str(n) for n in range(1, MAX_ROUNDS + 1)], "4")
    page.select_option("#rounds", "2")
    page.click("[data-intent=new]")
    new_series = r"/^#\/play\?rules=berndt&seed=\d+&rounds=2$/"
    page.wait_for_function(f"() => {new_series}.test(location.hash)")
    play_to_end(page)  # the sheet, with the series line, comes with the first row
    assert page.text_content("[data-testid=series-state]") == "Runde 1 von 2"
    assert page.watch.errors == []


def test_trumpfabgabe_accept_and_give_back(page: Any) -> None:
    # A bot at this seeded table declares a Trumpfabgabe and asks the human (the engine's
    # tests/engine/test_poverty.py checks this deal: a change of the bots fails there).
    page.goto("#/play?rules=ohne-neunen&seed=78&delay=0&level=beginner")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.click('[data-action="healthy"]')
    accept = page.locator('[data-action="accept"]')
    accept.wait_for(timeout=10_000)
    accept.click()
    give = page.locator('[data-action="return"]')
    assert give.get_attribute("aria-disabled") == "true"
    count = int(give.text_content().split("/")[1].rstrip(")"))
    cards = page.locator(f"{HAND} button[data-card]")
    size = cards.count()
    for i in range(count):
        cards.nth(i).click()
    give.click()
    page.wait_for_function(
        f"() => document.querySelectorAll('{HAND} button[data-card]').length === {size - count}"
    )
    assert page.text_content("[role=alert]") == ""
    assert page.watch.errors == []
