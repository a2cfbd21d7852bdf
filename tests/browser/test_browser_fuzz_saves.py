"""Hostile saved data: game, keeper and tournament entries, taken from a real session and
mutated (wrong types, missing keys, huge numbers, deep nesting, newer schemas, whole
entries replaced), are written straight into IndexedDB. Each must be opened or set
aside (quarantined with a message), never a script error, a hang or a dead page.

``DOKO_FUZZ_SAVES=N`` sets how many entries are tried (the test command's default is
small; the figure in docs/benchmarks.md comes from a run with 2,000)."""

from __future__ import annotations

import copy
import json
import os
import random
import time
from typing import Any

import pytest
from pageplay import HAND, LEGAL_CARD, play_exactly, ready, stored_games, until
from playwright.sync_api import TimeoutError as PlaywrightTimeout

pytestmark = pytest.mark.browser

COUNT = int(os.environ.get("DOKO_FUZZ_SAVES", "100"))
SHARE = {"game": 0.7, "keeper": 0.15, "tournament": 0.15}

IDB = """
const db = () => new Promise((resolve, reject) => {
  const req = indexedDB.open("doko");
  req.onsuccess = () => resolve(req.result);
  req.onerror = () => reject(req.error);
});
"""
# Markers become nesting the page's JSON could not carry across Playwright: N arrays deep.
READ_JS = (
    IDB
    + """
return (async () => {
  const d = await db();
  const t = d.transaction(["saves", "quarantine"]);
  const get = (store, key) => new Promise((ok) => {
    const r = key === undefined ? t.objectStore(store).count() : t.objectStore(store).get(key);
    r.onsuccess = () => ok(r.result);
  });
  const out = { entry: await get("saves", KEY), quarantined: await get("quarantine") };
  d.close();
  return out;
})();
"""
)
WRITE_JS = """async ([key, entry]) => {
  const deepen = (v) => {
    if (typeof v === "string" && v.startsWith("@@deep")) {
      let x = []; for (let i = 0; i < Number(v.slice(6)); i++) x = [x]; return x;
    }
    if (Array.isArray(v)) return v.map(deepen);
    if (v && typeof v === "object") {
      const o = {}; for (const k of Object.keys(v)) o[k] = deepen(v[k]); return o;
    }
    return v;
  };
  const d = await new Promise((resolve, reject) => {
    const req = indexedDB.open("doko");
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
  await new Promise((resolve, reject) => {
    const t = d.transaction(["saves"], "readwrite");
    t.objectStore("saves").put(deepen(entry), key);
    t.oncomplete = resolve;
    t.onerror = () => reject(t.error);
  });
  d.close();
}"""

HOSTILE: list[Any] = [
    None,
    True,
    -1,
    0,
    2**53,
    1e308,
    -1e308,
    "",
    "x" * 2000,
    "<img src=x onerror=alert(1)>",
    "__proto__",
    [],
    {},
    {"__proto__": {"polluted": 1}},
    "@@deep200",
    "@@deep3000",
    [None] * 50,
]


def read(page: Any, key: str) -> dict[str, Any]:
    return page.evaluate("async () => {" + READ_JS.replace("KEY", json.dumps(key)) + "}")


def paths(value: Any, here: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Every place inside ``value`` (keys and list indices), the root included."""
    out = [here]
    if isinstance(value, dict):
        for k, v in value.items():
            out += paths(v, (*here, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:30]):
            out += paths(v, (*here, i))
    return out


def mutate(entry: dict[str, Any], rng: random.Random) -> Any:
    """One hostile variant of a stored entry."""
    roll = rng.random()
    if roll < 0.05:
        return rng.choice([None, 7, "entry", [entry], "@@deep3000"])
    if roll < 0.1:
        return {**entry, "schema": rng.choice([3, 0, "2", None, 2.5, -1])}
    if roll < 0.13:
        return {**entry, "data": {**entry["data"], "pad": "x" * 450_000}}  # past the limit
    out = copy.deepcopy(entry)
    for _ in range(rng.randint(1, 3)):
        if not isinstance(out.get("data"), dict | list):
            break  # the data itself was replaced or removed: nothing left inside to change
        where = rng.choice(paths(out["data"]))
        parent: Any = out
        key: Any = "data"
        for step_key in where:
            parent, key = parent[key], step_key
        op = rng.random()
        if op < 0.55:
            parent[key] = copy.deepcopy(rng.choice(HOSTILE))
        elif op < 0.7 and isinstance(parent, dict):
            del parent[key]
        elif op < 0.85 and isinstance(parent[key], list) and parent[key]:
            items = parent[key]
            parent[key] = rng.choice([items[: len(items) // 2], items * 2, items[::-1]])
        elif isinstance(parent[key], int | float) and not isinstance(parent[key], bool):
            parent[key] = parent[key] + rng.choice([-1, 1, 1000, -1000, 10**12])
        else:
            parent[key] = copy.deepcopy(rng.choice(HOSTILE))
    return out


def stored_with(page: Any, key: str, field: str) -> Any:
    """The entry stored under ``key`` once its list ``field`` holds something, else None."""
    entry = read(page, key)["entry"]
    return entry if entry and entry["data"].get(field) else None


def real_entries(page: Any) -> dict[str, dict[str, Any]]:
    """A game two cards in, a keeper sheet with one game, a tournament with a draw."""
    page.goto("#/play?rules=ddv&seed=9&delay=0&level=standard")
    ready(page)
    play_exactly(page, 2)
    # the player's turn again: the page shows a move only once its write is committed
    page.wait_for_selector(LEGAL_CARD)
    game = next(iter(stored_games(page).values()))

    page.goto("#/keeper")
    page.wait_for_selector("[data-testid=keeper-setup]")
    for seat, name in enumerate(["Anna", "Bernd", "Carla", "Dieter"]):
        page.fill(f"#keeper-name-{seat}", name)
    page.click("[data-testid=keeper-start]")
    form = page.locator("[data-testid=keeper-form]")
    for seat in (0, 2):
        form.locator(f"[data-testid=keeper-re][data-value='{seat}']").click()
    form.locator("[data-testid=keeper-eyes]").fill("150")
    page.click("[data-testid=keeper-submit]")
    page.wait_for_selector("[data-testid=score-row]")
    keeper = until(page, lambda: stored_with(page, "keeper", "games"), "the sheet's write")

    page.goto("#/tournament")
    page.wait_for_selector("[data-testid=tournament][data-routed=true]")
    page.fill("#tour-names", "\n".join(["Anna", "Bernd", "Carla", "Dieter", "Emil"]))
    page.click("[data-testid=tour-add]")
    page.click("[data-testid=tour-draw]")
    page.wait_for_selector("[data-testid=tour-table]")
    tournament = until(page, lambda: stored_with(page, "tournament", "rounds"), "the draw's write")
    assert game and keeper and tournament
    return {"game": game, "keeper": keeper, "tournament": tournament}


# The screen that reads the entry has answered: its own content, or a message. (Messages
# of earlier cases were put away first, so a message here is about this entry.)
OUTCOME_JS = """(screen) => {
  const alert = document.querySelector("[role=alert]")?.textContent.trim() ?? "";
  const cards = document.querySelectorAll("[data-testid=hand] button[data-card]").length;
  const shown = cards > 0 || !!document.querySelector(
    "[data-testid=result], [data-testid=tab-notice], [data-testid=keeper-form],"
    + " [data-testid=keeper-setup], [data-testid=tournament]");
  const here = document.getElementById("app").dataset.screen === screen;
  // a game link whose entry was set aside is refused: the page stays where it was
  return document.body.dataset.engine === "ready" && ((here && (alert || shown))
    || (screen === "play" && alert)) ? { alert, cards } : null;
}"""
SCREEN = {"game": "play", "keeper": "keeper", "tournament": "tournament"}

# A message stays until the player taps it away: so does the test before the next entry.
PUT_AWAY_JS = """() => {
  const alert = document.getElementById("alert");
  if (alert?.textContent.trim()) alert.click();
  return !document.querySelector("[role=alert]")?.textContent.trim();
}"""


def said_set_aside(page: Any, count: int) -> None:
    """The player is told: the message follows the move into the quarantine. Where the
    page left behind by the last case moved the entry aside (its own message went with
    it), the start page lists every entry set aside, each with its reason in words (the
    start page may find one more: it reads the saved game for "Weiterspielen")."""
    alert = "() => document.querySelector('[role=alert]')?.textContent.trim()"
    try:
        page.wait_for_function(alert, timeout=10_000)
    except PlaywrightTimeout:
        page.goto("#/")
        try:
            page.wait_for_function(
                "n => [...document.querySelectorAll('[data-testid=quarantined]')]"
                ".filter(li => li.textContent.trim()).length >= n",
                arg=count,
                timeout=20_000,
            )
        except PlaywrightTimeout as exc:
            raise AssertionError(f"no message: {_diagnosis(page, count)}") from exc


QUARANTINE_JS = (
    IDB
    + """
return (async () => {
  const d = await db();
  const r = d.transaction(["quarantine"]).objectStore("quarantine").getAll();
  const all = await new Promise((ok) => { r.onsuccess = () => ok(r.result); });
  d.close();
  return all.map((q) => [q.key, JSON.stringify(q.why).slice(0, 120), q.at]);
})();
"""
)


def _diagnosis(page: Any, count: int) -> str:
    """What the page shows and what the quarantine holds, for a failure's message."""
    shown = page.evaluate(
        """() => ({url: location.href, alert: document.querySelector('[role=alert]')?.textContent,
          listed: [...document.querySelectorAll('[data-testid=quarantined]')]
            .map((li) => li.textContent.trim().slice(0, 80)),
          body: document.body.innerText.slice(0, 400)})"""
    )
    held = page.evaluate("async () => {" + QUARANTINE_JS + "}")
    return json.dumps(
        {"expected": count, "page": shown, "quarantine": held, "log": page.watch.errors[-10:]},
        indent=1,
    )


def try_entry(page: Any, key: str, entry: Any, i: int) -> str:
    """Write one entry and open the screen that reads it; 'opened' or 'set aside'."""
    page.wait_for_function(PUT_AWAY_JS)
    stored_key = "game:fuzz" if key == "game" else key
    before = read(page, stored_key)["quarantined"]
    page.evaluate(WRITE_JS, [stored_key, entry])
    if key == "game":  # read when the game's link opens: no reload needed
        page.goto("#/keeper")  # (the start page would read it too, to list the games)
        page.wait_for_selector("[data-testid=keeper-setup], [data-testid=keeper-form]")
        page.goto("#/game/fuzz")
    else:  # read when the page starts
        page.goto(f"/?case={i}#/{key}")
    page.wait_for_function(OUTCOME_JS, arg=SCREEN[key], timeout=30_000)
    deadline = time.monotonic() + 10
    while True:
        now = read(page, stored_key)
        if now["quarantined"] > before:
            said_set_aside(page, now["quarantined"])
            return "set aside"
        if now["entry"] is not None or key == "game":
            return "opened"
        assert time.monotonic() < deadline, f"case {i}: neither opened nor set aside"
        page.wait_for_timeout(100)


def test_mutated_saves_are_opened_or_set_aside(page: Any) -> None:
    base = real_entries(page)
    rng = random.Random(2026)
    kinds = rng.choices(list(SHARE), weights=list(SHARE.values()), k=COUNT)
    outcomes: dict[str, dict[str, int]] = {k: {} for k in SHARE}
    started = time.monotonic()
    done: list[str] = []
    for i, kind in enumerate(kinds):
        try:
            outcome = try_entry(page, kind, mutate(base[kind], rng), i)
        except (AssertionError, PlaywrightTimeout) as exc:
            raise AssertionError(f"case {i} ({kind}), after {done[-4:]}: {exc}") from exc
        done.append(f"{i} {kind} {outcome}")
        outcomes[kind][outcome] = outcomes[kind].get(outcome, 0) + 1
        errors = [e for e in page.watch.errors if e.startswith("pageerror")]
        assert errors == [], (i, kind, errors)
    print(f"\n{COUNT} mutated entries in {time.monotonic() - started:.0f} s: {outcomes}")
    # still a working page: a new game deals and takes a card
    page.goto("/?after=1#/play?rules=ddv&seed=3&delay=0&level=standard")
    ready(page)
    page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
    # every case was one or the other, and the mutations did both: some entries could
    # still be opened, others had to be set aside
    assert sum(sum(o.values()) for o in outcomes.values()) == COUNT
    assert sum(o.get("opened", 0) for o in outcomes.values()) > 0, outcomes
    assert sum(o.get("set aside", 0) for o in outcomes.values()) > 0, outcomes
