"""Playing through the page the way a person does: shared by the browser tests."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

HAND = "[data-testid=hand]"
LEGAL_CARD = f"{HAND}[data-my-turn=true] button[data-card]:not([aria-disabled=true])"
ILLEGAL_CARD = f"{HAND}[data-my-turn=true] button[data-card][aria-disabled=true]"


class PageWatch:
    """What went wrong on a page: script errors and requests that left our server."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.offsite: list[str] = []


def watched(context: Any, site: str) -> Any:
    """A new page of ``context`` that records script errors and blocks any request off
    ``site``: everything must come from our own server, a CDN fetch is a bug."""
    page = context.new_page()
    watch = PageWatch()

    def route(r: Any) -> None:
        if r.request.url.startswith(site):
            r.continue_()
        else:
            watch.offsite.append(r.request.url)
            r.abort()

    context.route("**/*", route)
    page.on("pageerror", lambda exc: watch.errors.append(f"pageerror: {exc}"))
    page.on(
        "console",
        lambda msg: watch.errors.append(f"console: {msg.text}") if msg.type == "error" else None,
    )
    page.watch = watch
    return page


IDB_OPEN = """new Promise((ok, bad) => {
  const req = indexedDB.open("doko");
  req.onsuccess = () => ok(req.result);
  req.onerror = () => bad(req.error);
})"""


def stored(page: Any, key: str | None, store: str = "saves") -> Any:
    """What the page's IndexedDB holds under ``key`` (every value of ``store`` for None)."""
    return page.evaluate(
        f"""async ([store, key]) => {{
            const db = await {IDB_OPEN};
            const objects = db.transaction([store]).objectStore(store);
            const req = key === null ? objects.getAll() : objects.get(key);
            const value = await new Promise((ok, bad) => {{
                req.onsuccess = () => ok(req.result); req.onerror = () => bad(req.error);
            }});
            db.close();
            return value;
        }}""",
        [store, key],
    )


def stored_games(page: Any) -> dict[str, Any]:
    """Every saved game the page holds, by key ("game:<id>")."""
    return {k: v for k, v in all_saves(page).items() if k.split(":")[0] == "game"}


def all_saves(page: Any) -> dict[str, Any]:
    """Every entry of the page's saves, by key (for checking that nothing changed)."""
    return {
        str(v["key"]): v["value"]
        for v in page.evaluate(
            f"""async () => {{
            const db = await {IDB_OPEN};
            const req = db.transaction(["saves"]).objectStore("saves").openCursor();
            const out = [];
            await new Promise((ok) => {{
                req.onsuccess = () => {{
                    const c = req.result;
                    if (!c) return ok();
                    out.push({{ key: c.key, value: c.value }});
                    c.continue();
                }};
            }});
            db.close();
            return out;
        }}"""
        )
    }


def wait_entry(page: Any, key: str, holds: str, arg: Any = None) -> None:
    """Wait until the page's saved entry ``key`` (``e``, undefined while there is none)
    makes the JavaScript expression ``holds`` true; ``arg`` is there as ``arg``."""
    page.wait_for_function(
        f"""async (arg) => {{
            const db = await {IDB_OPEN};
            const req = db.transaction(["saves"]).objectStore("saves").get({json.dumps(key)});
            const e = await new Promise((ok) => {{ req.onsuccess = () => ok(req.result); }});
            db.close();
            return !!e && ({holds});
        }}""",
        arg=arg,
    )


def store_entry(page: Any, key: str, entry: Any) -> None:
    """Write ``entry`` under ``key`` into the page's saved entries, as a page would."""
    page.evaluate(
        f"""async ([key, entry]) => {{
            const db = await {IDB_OPEN};
            const t = db.transaction(["saves"], "readwrite");
            t.objectStore("saves").put(entry, key);
            await new Promise((ok, bad) => {{
                t.oncomplete = ok;
                t.onerror = () => bad(t.error);
            }});
            db.close();
        }}""",
        [key, entry],
    )


def open_saved_table(page: Any, table: dict[str, Any]) -> None:
    """The page opened on ``table`` (the engine's saved table), stored as a running game."""
    page.goto("/")
    ready(page)
    entry = {"hash": "#/game", "table": table}
    store_entry(page, "game", {"schema": 2, "kind": "game", "savedAt": 0, "data": entry})
    page.goto("/#/game")


def ready(page: Any) -> None:
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def motion_over(page: Any) -> None:
    """Wait until no animation runs (the cards' flights and sweeps are over). An engine
    answer is drawn on the next frame and its flights start there: two frames first."""
    next_frames(page)
    page.wait_for_function("() => !document.getAnimations().some(a => a.playState === 'running')")


def next_frames(page: Any) -> None:
    """Wait two animation frames: whatever a click or key asked to draw has been drawn.
    For checking that something did NOT happen after an action handled at once."""
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))")


def until(page: Any, check: Callable[[], Any], what: str, timeout: float = 30) -> Any:
    """Look again and again (a short pause between looks) until ``check()`` is true;
    its value. Fails saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while not (found := check()):
        assert time.monotonic() < deadline, f"{what} did not happen in {timeout:g} s"
        page.wait_for_timeout(50)
    return found


def _click(locator: Any) -> bool:
    """Click if the control is still there: the page may redraw between looking and
    clicking (a bot's move, the answer to the previous click), so a control that
    went away is no move, not a failure."""
    try:
        locator.click(timeout=2_000)
    except PlaywrightTimeout:
        return False
    return True


def step(page: Any) -> bool:
    """Do the human's next move if there is one; True if something was clicked."""
    healthy = page.locator('[data-action="healthy"]')
    if healthy.count() and healthy.first.is_visible():
        return _click(healthy.first)
    card = page.locator(LEGAL_CARD)
    if card.count():
        return _click(card.first)
    return False


def held(page: Any) -> int:
    """How many cards the human's hand shows."""
    return int(page.locator(f"{HAND} button[data-card]").count())


def play_exactly(page: Any, n: int, timeout: float = 60) -> None:
    """Play exactly n of the human's cards (saying healthy where asked). After each card
    the hand must shrink before the next look: with the bots at no delay, a click aimed
    at a card still drawn as legal could otherwise land on the next turn and play one
    card too many."""
    page.wait_for_selector(f"{HAND} button[data-card]")  # the hand is dealt and drawn
    goal = held(page) - n
    deadline = time.monotonic() + timeout
    while (before := held(page)) > goal:
        assert time.monotonic() < deadline, f"could not play the cards in time: {table_state(page)}"
        healthy = page.locator('[data-action="healthy"]')
        if healthy.count() and healthy.first.is_visible():
            _click(healthy.first)
            continue
        card = page.locator(LEGAL_CARD)
        if not (card.count() and _click(card.first)):
            page.wait_for_timeout(50)
            continue
        try:
            page.wait_for_function(
                f"n => document.querySelectorAll('{HAND} button[data-card]').length < n",
                arg=before,
                timeout=10_000,
            )
        except PlaywrightTimeout:
            stuck = table_state(page)
            raise AssertionError(f"a card clicked stayed in the hand: {stuck}") from None


TABLE_STATE = """() => {
  const hand = document.querySelector("[data-testid=hand]");
  const text = (q) => document.querySelector(q)?.textContent?.trim() ?? null;
  return { engine: document.body.dataset.engine ?? null, myTurn: hand?.dataset.myTurn ?? null,
    hand: hand?.querySelectorAll("button[data-card]").length ?? 0,
    trick: document.querySelectorAll("[data-testid=trick] [data-card]").length,
    turn: text("[data-testid=turn]"), alert: text("[role=alert]"), hash: location.hash,
    animations: document.getAnimations().filter((a) => a.playState === "running").length };
}"""


def table_state(page: Any) -> str:
    """What the table shows now, for a failure's message: whose turn, the hand, the trick,
    the alert, running animations (a game that stalls says where)."""
    return json.dumps(page.evaluate(TABLE_STATE), ensure_ascii=False)


def play_to_end(page: Any, timeout: float = 120) -> None:
    """Play on until the deal's row is on the score sheet."""
    deadline = time.monotonic() + timeout
    while page.locator("[data-testid=score-row]").count() == 0:
        assert time.monotonic() < deadline, f"game did not finish in time: {table_state(page)}"
        if not step(page):
            page.wait_for_timeout(50)


def expand_choices(page: Any) -> None:
    """Open the folded choices (the solos behind "Solo …", the announcements behind
    "Mehr …") so that every legal choice is a button on the page."""
    for toggle in ("solo-picker", "more-calls", "wedding-picker"):
        button = page.locator(f"[data-testid={toggle}][aria-expanded=false]")
        if button.count():
            _click(button.first)


def open_keeper_sheet(page: Any, preset: str, players: int, names: list[str] | None = None) -> None:
    """A new score keeper's sheet: its rules, its players and (if given) their names."""
    page.goto("#/keeper")
    ready(page)
    page.wait_for_selector("[data-testid=keeper-setup]")
    page.select_option("#keeper-preset", preset)
    page.select_option("#keeper-players", str(players))
    page.wait_for_selector(f"#keeper-name-{players - 1}")
    for seat, name in enumerate(names or []):
        page.fill(f"#keeper-name-{seat}", name)
    page.click("[data-testid=keeper-start]")
    page.wait_for_selector("[data-testid=keeper-form]")


def enter_keeper_game(page: Any, game: dict[str, Any]) -> None:
    """One game through the score keeper's form, as a person at the table enters it:
    the contract (if given), the Re seats, Re's Augen, the calls and Sonderpunkte."""
    form = page.locator("[data-testid=keeper-form]")
    if "contract" in game:
        form.locator(f"[data-testid=keeper-contract][data-value='{game['contract']}']").click()
    for seat in range(game.get("players", 4)):  # clear the Re seats, then press this game's
        toggle = form.locator(f"[data-testid=keeper-re][data-value='{seat}']")
        if toggle.get_attribute("aria-pressed") == "true":
            toggle.click()
    for seat in game["re"]:
        form.locator(f"[data-testid=keeper-re][data-value='{seat}']").click()
    form.locator("[data-testid=keeper-eyes]").fill(str(game["eyes_re"]))
    kontra_eyes = form.locator("[data-testid=keeper-kontra-eyes]").text_content() or ""
    assert kontra_eyes.endswith(f"{240 - game['eyes_re']} Augen"), kontra_eyes
    for party, words in game.get("announcements", {}).items():
        for word in words:
            form.locator(f"[data-testid=keeper-ann-{party}][data-value='{word}']").click()
    for item in game.get("specials", []):
        form.locator(
            f"[data-testid=keeper-special-{item['party']}-{item['kind']}] [data-testid=plus]"
        ).click()
    page.click("[data-testid=keeper-submit]")
