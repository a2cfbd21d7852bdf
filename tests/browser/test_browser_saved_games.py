"""Nothing a player started is replaced without asking: every running game keeps its own
entry, links (refused or not) start beside them or change nothing, deleting can be taken
back, and a finished deal's statistics entry is written once. Checked in IndexedDB."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from pageplay import HAND, all_saves, play_to_end, ready, step, stored, stored_games, until

from doko.page import links
from support import ROOT

pytestmark = pytest.mark.browser

FIRST = "#/play?rules=ddv&seed=5&delay=0&level=beginner"
RECORD = json.loads((ROOT / "tests/records/scripted/ddv_gegenansage.json").read_text())["record"]


def saved_series(page: Any, deals: int) -> tuple[str, Any]:
    """A series of `deals` finished deals and the next one started: its key and entry."""
    page.goto(f"/{FIRST}")
    ready(page)
    for n in range(deals):
        until(
            page,
            lambda n=n: len(games_rows(page)) == n + 1 or (step(page) and False),
            "the deal played to its end",
            timeout=120,
        )
        page.click("[data-testid=next-game]")
        page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
    [(key, _entry)] = until(page, lambda: list(stored_games(page).items()), "a stored game")
    until(
        page,
        lambda: len(stored_games(page)[key]["data"]["table"]["series"]["games"]) == deals,
        "the series stored",
    )
    return key, stored_games(page)[key]


def games_rows(page: Any) -> list[Any]:
    return page.locator("[data-testid=score-row]").all()


def alert_text(page: Any) -> str:
    return (page.locator("[role=alert]").text_content() or "").strip()


def test_links_never_replace_a_running_series(page: Any) -> None:
    key, entry = saved_series(page, 2)
    before = all_saves(page)

    # a malformed link: refused with its reason, nothing stored changes, the table stays
    page.evaluate("location.hash = '#/play?rules=ddv&options=%%%garbage&seed=abc'")
    until(page, lambda: "nicht öffnen" in alert_text(page), "the refusal said")
    assert page.locator(f"{HAND} button[data-card]").count() > 0
    assert "garbage" not in page.evaluate("location.hash")
    assert all_saves(page) == before

    for link in ("#/play?rules=ddv&seed=abc", "#/play?rules=nope&seed=3", "#/game/unknown-id"):
        page.evaluate(f"location.hash = {json.dumps(link)}")
        until(page, lambda: "nicht öffnen" in alert_text(page), f"{link} refused")
        page.click("[role=alert]")  # put the message away
        assert all_saves(page) == before, link

    # a demo, a replay and a together link: nothing written
    replay_link = f"#/replay/{links.encode(RECORD)}"
    for link in ("#/demos", replay_link, "#/together?seed=16", "#/"):
        page.evaluate(f"location.hash = {json.dumps(link)}")
        page.wait_for_timeout(300)
        assert all_saves(page) == before, link

    # another game link starts a game beside the series
    page.evaluate("location.hash = '#/play?rules=ddv&seed=8&delay=0&level=beginner'")
    page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
    games = until(
        page, lambda: len(stored_games(page)) == 2 and stored_games(page), "a second game"
    )
    assert games[key] == entry

    # both are on the start page; the series resumes with its two deals
    page.goto("/#/")
    items = page.locator("[data-testid=saved-game]")
    until(page, lambda: items.count() == 2, "two saved games listed")
    assert (
        "2 Spiele gespielt"
        in page.locator(f"[data-testid=saved-game][data-id='{key[5:]}']").inner_text()
    )
    page.click(f"[data-testid=saved-game][data-id='{key[5:]}'] a")
    until(page, lambda: len(games_rows(page)) == 2, "the series' sheet back")
    assert stored_games(page)[key]["data"]["table"] == entry["data"]["table"]
    assert page.watch.errors == []


def test_a_deleted_game_comes_back_with_undo(page: Any) -> None:
    page.goto(f"/{FIRST}")
    ready(page)
    page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
    [(key, entry)] = until(page, lambda: list(stored_games(page).items()), "a stored game")
    page.goto("/#/")
    page.click(f"[data-testid=saved-game][data-id='{key[5:]}'] [data-testid=game-delete]")
    until(page, lambda: not stored_games(page), "the game deleted")
    until(page, lambda: page.locator("[data-testid=saved-game]").count() == 0, "gone from the list")
    assert "Gelöscht" in page.locator("[data-testid=undo-bar]").inner_text()
    page.click("[data-testid=undo-delete]")
    until(page, lambda: page.locator("[data-testid=saved-game]").count() == 1, "listed again")
    assert stored_games(page) == {key: entry}


def test_statistics_are_written_once_per_deal(page: Any) -> None:
    page.goto("/#/play?rules=ddv&seed=5&delay=0&level=beginner&review-budget=20")
    ready(page)
    play_to_end(page)
    deals = until(page, lambda: (stored(page, "stats") or {}).get("data", {}).get("deals"), "kept")
    [deal] = deals
    assert deal["level"] == "beginner" and deal["loss"] is None
    page.click("[data-testid=review-open]")
    page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120_000)
    [reviewed] = until(
        page,
        lambda: [d for d in stored(page, "stats")["data"]["deals"] if d["loss"] is not None],
        "the review's result kept",
    )
    assert {**reviewed, "loss": None} == deal
    page.click("[data-testid=review-back]")
    for _ in range(3):
        page.reload()
        ready(page)
        until(page, lambda: len(games_rows(page)) == 1, "the finished deal back")
    page.goto("/#/")
    page.click("[data-testid=resume]")
    until(page, lambda: len(games_rows(page)) == 1, "resumed")
    page.wait_for_timeout(500)
    assert stored(page, "stats")["data"]["deals"] == [reviewed]


def test_random_page_actions_never_lose_a_game(page: Any) -> None:
    """New games, links good and bad, imports good and bad, reloads, deletes and undos in
    a seeded random order: after each step every game the player did not delete is
    still stored, exactly as it was or further on."""
    rng = random.Random(49)
    page.goto("/#/")
    ready(page)
    kept: dict[str, int] = {}  # key -> the moves it had when last seen
    deleted: list[str] = []
    undo_for: str | None = None
    seeds = iter(range(100, 200))

    def new_game() -> None:
        page.evaluate(
            f"location.hash = '#/play?rules=ddv&seed={next(seeds)}&delay=0&level=beginner'"
        )
        page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
        fresh = until(page, lambda: set(stored_games(page)) - set(kept), "a new game stored")
        kept.update({k: 0 for k in fresh})

    def bad_link() -> None:
        page.evaluate("location.hash = '#/play?rules=ddv&options=%%%garbage&seed=abc'")
        until(page, lambda: "nicht öffnen" in alert_text(page), "refused")

    def reload() -> None:
        page.reload()
        ready(page)

    def delete() -> None:
        nonlocal undo_for
        if not kept:
            return
        key = rng.choice(sorted(kept))
        page.goto("/#/")
        page.click(f"[data-testid=saved-game][data-id='{key[5:]}'] [data-testid=game-delete]")
        until(page, lambda: key not in stored_games(page), "deleted")
        kept.pop(key)
        deleted.append(key)
        undo_for = key

    def undo() -> None:
        nonlocal undo_for
        if undo_for is None or page.locator("[data-testid=undo-delete]").count() == 0:
            return
        page.click("[data-testid=undo-delete]")
        key = undo_for
        until(page, lambda: key in stored_games(page), "back")
        kept[key] = 0
        deleted.remove(key)
        undo_for = None

    def bad_import() -> None:
        page.goto("/#/")
        text = json.dumps(
            {
                "app": "doko",
                "schema": 2,
                "entries": {
                    "game:x": {
                        "schema": 2,
                        "kind": "game",
                        "savedAt": 0,
                        "data": {"hash": "#/game", "table": {}},
                    }
                },
            }
        )
        page.set_input_files(
            "[data-testid=import-file]",
            files=[{"name": "x.json", "mimeType": "application/json", "buffer": text.encode()}],
        )
        until(page, lambda: "nichts gespeichert" in alert_text(page), "refused")

    def good_import() -> None:
        games = stored_games(page)
        if not games:
            return
        key = rng.choice(sorted(games))
        page.goto("/#/")
        text = json.dumps({"app": "doko", "schema": 2, "entries": {key: games[key]}})
        page.set_input_files(
            "[data-testid=import-file]",
            files=[{"name": "x.json", "mimeType": "application/json", "buffer": text.encode()}],
        )
        until(page, lambda: "Import fertig" in alert_text(page), "imported")
        kept.update({k: 0 for k in set(stored_games(page)) - set(kept)})

    steps = [new_game, bad_link, reload, delete, undo, bad_import, good_import]
    new_game()
    for _ in range(14):
        action = rng.choice(steps)
        action()
        now = stored_games(page)
        for key, moves in kept.items():
            assert key in now, (action.__name__, key)
            assert now[key]["data"]["moves"] >= moves, (action.__name__, key)
            kept[key] = now[key]["data"]["moves"]
        assert not set(deleted) & set(now), action.__name__
    assert page.watch.errors == []


PIGS = [
    # {"pigs": "both"}, seed 103: seat 1 (a bot) holds both Karo-Asse
    ("eyJwaWdzIjogImJvdGgifQ", 103, 1, "Schweinchen", "pigs"),
    # pigs both, superpigs on, seed 93: seat 2 holds both Karo-Neunen, plays one in trick 1
    ("eyJwaWdzIjogImJvdGgiLCAic3VwZXJwaWdzIjogdHJ1ZX0", 93, 2, "Superschweinchen", "superpigs"),
]


TOAST_RECORDER = """() => {
  window.toastsSeen = [];
  const record = () => {
    const text = document.querySelector("[data-testid=toast]")?.textContent;
    if (text && window.toastsSeen.at(-1) !== text) window.toastsSeen.push(text);
  };
  record();  // a toast already up when the recorder starts
  new MutationObserver(record).observe(document.body,
    { subtree: true, childList: true, characterData: true });
}"""


@pytest.mark.parametrize(("options", "seed", "seat", "word", "kind"), PIGS)
def test_schweinchen_are_announced_on_the_live_table(
    page: Any, options: str, seed: int, seat: int, word: str, kind: str
) -> None:
    """House rules with Schweinchen (and Superschweinchen): once the table may know that
    a bot holds them, a message says so and its plate carries the tag."""
    page.goto(f"/#/play?rules=ddv&options={options}&seed={seed}&delay=0&level=beginner")
    ready(page)
    page.click("[data-testid=variant-notice-ok]")
    # a toast lasts a few seconds and the next one replaces it: every text it shows is
    # recorded as it appears, so a slow look between two steps misses none
    page.evaluate(TOAST_RECORDER)
    told: list[str] = []
    while not page.locator("[data-testid=result]").count():
        told = [t for t in page.evaluate("window.toastsSeen") if word in t]
        if told:
            plate = f"[data-testid=table] .seat[data-seat='{seat}']"
            tag = page.locator(f"{plate} .tag[data-tag={kind}]")
            assert tag.count() == 1 and tag.text_content() == word
            break
        if not step(page):
            page.wait_for_timeout(30)
    assert told and f"hat {word}" in told[0], told
    assert page.watch.errors == []
