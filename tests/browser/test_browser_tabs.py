"""One tab owns a running game: a second tab asks before it takes it over, the first
then stops; a stale tab's write is refused by IndexedDB itself; nothing is lost when
the browser is killed with two tabs open. And the entries set aside (quarantine) are
listed on the start page to export or delete."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pageplay import (
    HAND,
    LEGAL_CARD,
    next_frames,
    play_exactly,
    ready,
    store_entry,
    stored,
    stored_games,
)
from test_browser_links import _kill_and_reopen, _persistent

pytestmark = pytest.mark.browser

HASH = "#/play?rules=ddv&seed=9&delay=0&level=standard"
NOTICE = "[data-testid=tab-notice]"

# A browser where the lock and the message both fail: only IndexedDB's check is left.
NO_LOCKS = """
Object.defineProperty(Navigator.prototype, "locks", { get: () => undefined, configurable: true });
delete window.BroadcastChannel;
"""


def cards(page: Any) -> list[str]:
    hand = page.locator(f"{HAND} button[data-card]")
    return sorted(hand.evaluate_all("els => els.map(e => e.dataset.card)"))


def table_cards(page: Any) -> list[str]:
    return page.locator("[data-testid=trick] [data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )


def my_turn(page: Any) -> None:
    """Wait until the bots have moved and the human may play (every write is done)."""
    page.wait_for_selector(LEGAL_CARD, timeout=30_000)


def play(page: Any, n: int) -> None:
    """Play exactly n cards of the human's, then wait for the turn again."""
    my_turn_or_healthy(page)
    play_exactly(page, n)
    my_turn(page)


def my_turn_or_healthy(page: Any) -> None:
    page.wait_for_selector(f'{LEGAL_CARD}, [data-action="healthy"]', timeout=30_000)


def notice(page: Any, state: str) -> None:
    page.wait_for_selector(f"{NOTICE}[data-state={state}]", timeout=30_000)


def same_position(page: Any, hand: list[str], trick: list[str]) -> None:
    page.wait_for_function(
        f"n => document.querySelectorAll('{HAND} button[data-card]').length === n", arg=len(hand)
    )
    my_turn(page)
    assert cards(page) == hand
    assert table_cards(page) == trick


def stored_game(page: Any) -> dict[str, Any]:
    """The one game the tabs play (its own key, "game:<id>")."""
    [entry] = stored_games(page).values()
    return dict(entry)


def test_a_second_tab_asks_and_the_first_stops_when_it_takes_over(browser: Any, site: str) -> None:
    context = browser.new_context(base_url=site)
    errors: list[str] = []
    a = context.new_page()
    a.on("pageerror", lambda e: errors.append(str(e)))
    a.goto("/" + HASH)
    ready(a)
    play(a, 1)

    b = context.new_page()
    b.on("pageerror", lambda e: errors.append(str(e)))
    b.goto("/" + HASH)
    ready(b)
    notice(b, "elsewhere")
    assert "anderen Tab" in b.text_content(NOTICE)
    assert b.locator(f"{HAND} button[data-card]").count() == 0  # nothing to play here
    b.click("[data-intent=lang]")
    assert "another tab" in b.text_content(NOTICE)
    b.click("[data-intent=lang]")

    play(a, 3)  # A still owns the game and saves every card
    hand, trick = cards(a), table_cards(a)

    b.click("[data-testid=take-over]")
    same_position(b, hand, trick)  # B goes on from A's newest card
    notice(a, "moved")
    assert a.locator(f"{HAND} button[data-card]").count() == 0
    a.keyboard.press("u")  # no take-back (or any move) from the stale tab
    next_frames(a)  # the key is handled: the stale tab shows still no hand
    assert a.locator(f"{HAND} button[data-card]").count() == 0
    play(b, 1)  # B's turn again: its last write is committed (the page awaits it)
    newest = cards(b), table_cards(b)
    assert stored_game(b)["data"]["moves"] > 0

    # a reload of the stale tab does not overwrite: it asks, and takes the newest position
    a.reload()
    ready(a)
    notice(a, "elsewhere")
    a.click("[data-testid=take-over]")
    same_position(a, *newest)
    notice(b, "moved")
    b.click("[data-testid=take-over]")  # and back again: "bring it back here"
    same_position(b, *newest)
    notice(a, "moved")

    # with the owner gone, a reload resumes without asking
    b.close()
    a.reload()
    ready(a)
    same_position(a, *newest)
    assert a.locator(NOTICE).count() == 0

    # a take-back writes fewer moves on purpose: that write is not refused
    moves = stored_game(a)["data"]["moves"]
    a.click("[data-testid=undo]")
    a.wait_for_function(
        f"n => document.querySelectorAll('{HAND} button[data-card]').length === n",
        arg=len(newest[0]) + 1,
    )
    my_turn(a)
    taken_back = cards(a), table_cards(a)
    assert stored_game(a)["data"]["moves"] < moves
    a.reload()
    ready(a)
    same_position(a, *taken_back)
    assert a.locator(NOTICE).count() == 0
    assert errors == []
    context.close()


def test_a_stale_tab_cannot_overwrite_newer_progress(browser: Any, site: str) -> None:
    """Without Web Locks and BroadcastChannel both tabs play; IndexedDB refuses the
    stale one's writes (another owner, or fewer moves) and that tab says so."""
    context = browser.new_context(base_url=site)
    context.add_init_script(NO_LOCKS)
    errors: list[str] = []
    a = context.new_page()
    a.on("pageerror", lambda e: errors.append(str(e)))
    a.goto("/" + HASH)
    ready(a)
    assert a.evaluate("() => navigator.locks === undefined && !('BroadcastChannel' in window)")
    play(a, 1)

    b = context.new_page()
    b.on("pageerror", lambda e: errors.append(str(e)))
    b.goto("/" + HASH)
    ready(b)
    same_position(b, cards(a), table_cards(a))  # no lock: B takes the game at once
    assert b.locator(NOTICE).count() == 0

    # A does not know; its next card is refused by the stored entry's owner
    a.locator(LEGAL_CARD).first.click()
    notice(a, "moved")
    assert a.get_attribute(NOTICE, "data-why") == "game-owned"
    play(b, 2)
    newest = cards(b), table_cards(b)
    moves = stored_game(b)["data"]["moves"]

    a.reload()  # A claims the game again and resumes B's newest position
    ready(a)
    same_position(a, *newest)
    b.locator(LEGAL_CARD).first.click()
    notice(b, "moved")
    assert b.get_attribute(NOTICE, "data-why") == "game-owned"
    assert stored_game(a)["data"]["moves"] == moves  # B's refused card is not stored

    # the same owner but the stored game further on (a write that came from elsewhere):
    # refused too, never written back over
    a.evaluate(
        """() => new Promise((resolve, reject) => {
            const req = indexedDB.open("doko");
            req.onsuccess = () => {
                const t = req.result.transaction(["saves"], "readwrite");
                const store = t.objectStore("saves");
                const walk = store.openCursor();
                walk.onsuccess = () => {
                    const c = walk.result;
                    if (!c) return;
                    if (String(c.key).startsWith("game:")) {
                        const e = c.value;
                        e.data.moves += 100;
                        c.update(e);
                    }
                    c.continue();
                };
                t.oncomplete = () => { req.result.close(); resolve(); };
                t.onerror = () => reject(t.error);
            };
        })"""
    )
    a.locator(LEGAL_CARD).first.click()
    notice(a, "moved")
    assert a.get_attribute(NOTICE, "data-why") == "game-newer"
    assert stored_game(a)["data"]["moves"] == moves + 100
    assert errors == []
    context.close()


def test_killed_browser_with_two_tabs_resumes_at_the_exact_card(
    browser: Any, site: str, tmp_path: Path
) -> None:
    profile = tmp_path / "profile"
    context = _persistent(browser, profile, site)
    a = context.pages[0] if context.pages else context.new_page()
    a.goto("/" + HASH)
    ready(a)
    play(a, 2)
    b = context.new_page()
    b.goto("/" + HASH)
    ready(b)
    notice(b, "elsewhere")
    at = cards(a), table_cards(a)
    b.click("[data-testid=take-over]")
    same_position(b, *at)
    notice(a, "moved")
    play(b, 3)
    hand, trick = cards(b), table_cards(b)
    assert len(hand) == 7
    context, page, errors = _kill_and_reopen(browser, profile, site, context, HASH)
    same_position(page, hand, trick)
    assert page.locator(NOTICE).count() == 0
    assert errors == []
    context.close()


def test_quarantined_entries_are_listed_exported_and_deleted(page: Any, tmp_path: Path) -> None:
    page.goto("/")
    ready(page)
    entry = {
        "schema": 3,
        "kind": "game",
        "savedAt": 1_700_000_000_000,
        "data": {"hash": "#/game", "future": {"cards": ["CQ", "HT"], "note": "äöü"}},
    }
    store_entry(page, "game", entry)
    page.reload()
    ready(page)
    item = page.locator("[data-testid=quarantined]")
    item.wait_for()
    assert item.count() == 1
    assert "neueren Version" in item.text_content()
    assert "Exportieren" in item.text_content() and "Löschen" in item.text_content()
    page.click("[data-intent=lang]")
    assert "newer version" in item.text_content()
    assert "Export" in item.text_content() and "Delete" in item.text_content()
    page.click("[data-intent=lang]")

    with page.expect_download() as info:
        page.click("[data-testid=quarantine-export]")
    path = tmp_path / "entry.json"
    info.value.save_as(path)
    assert json.loads(path.read_text(encoding="utf-8")) == entry
    assert info.value.suggested_filename.endswith(".json")

    # the message about it is put away with a tap (on a phone it lies over the list)
    page.wait_for_function("() => document.querySelector('[role=alert]').textContent.trim()")
    page.click("[data-testid=alert]")
    page.wait_for_function("() => !document.querySelector('[role=alert]').textContent.trim()")
    page.click("[data-testid=quarantine-delete]")  # asks first
    page.wait_for_selector("[data-testid=quarantine-delete][data-asking=true]")
    assert page.locator("[data-testid=quarantined]").count() == 1
    page.click("[data-testid=quarantine-delete]")
    page.wait_for_selector("[data-testid=quarantine]", state="detached")
    page.reload()
    ready(page)
    page.wait_for_selector("[data-testid=new-game]")
    # what the start page lists is the quarantine store, empty now
    assert stored(page, None, "quarantine") == []
    next_frames(page)
    assert page.locator("[data-testid=quarantined]").count() == 0
    assert page.watch.errors == []
