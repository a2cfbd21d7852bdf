"""Bockrunden in the score keeper, in a real Chromium: a sheet kept with a bock variant
(a stored keeper entry, as a saved evening brings it back), a lost solo entered, the
next deals marked with the Bock chip, doubled points and the bock deals still to come
counted down; a Herz-only trick ticked on the form; a correction moving every later
deal. With DOKO_SCREENSHOTS=DIR it writes the sheet on a phone and a desktop there."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from pageplay import enter_keeper_game, open_saved_table, ready, store_entry

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("DOKO_SCREENSHOTS")
VARIANT = {"preset": "ddv", "options": {"bock": ["solo-lost", "heart-trick"]}}
CHIP = "Bock \u00d72"  # the chip of a deal at bock level 1
NAMES = ["Anna", "Bernd", "Carla", "Dieter"]


def open_bock_keeper(page: Any, lang: str = "de") -> None:
    page.goto("#/keeper")
    ready(page)
    page.evaluate(f"localStorage.setItem('doko.lang', '{lang}')")
    keeper = {
        "version": 1,
        "phase": "sheet",
        "preset": "ddv",
        "rules": VARIANT,
        "players": 4,
        "names": NAMES,
        "games": [],
        "tour": None,
    }
    store_entry(page, "keeper", {"schema": 2, "kind": "keeper", "savedAt": 0, "data": keeper})
    page.reload()
    ready(page)
    page.wait_for_selector("[data-testid=keeper-form]")


def enter(page: Any, contract: str, re: list[int], eyes_re: int) -> None:
    """A game through the form in any language (enter_keeper_game reads German)."""
    form = page.locator("[data-testid=keeper-form]")
    form.locator(f"[data-testid=keeper-contract][data-value='{contract}']").click()
    for seat in re:
        form.locator(f"[data-testid=keeper-re][data-value='{seat}']").click()
    form.locator("[data-testid=keeper-eyes]").fill(str(eyes_re))
    page.click("[data-testid=keeper-submit]")


def rows(page: Any) -> list[dict[str, Any]]:
    return [
        {
            "bock": int(row.get_attribute("data-bock") or 0),
            "points": json.loads(row.get_attribute("data-points") or "[]"),
            "chip": row.locator("[data-testid=bock-chip]").all_text_contents(),
        }
        for row in page.locator("[data-testid=score-row]").all()
    ]


def to_come(page: Any) -> str:
    caption = page.locator("[data-testid=bock-to-come]")
    return caption.text_content() or "" if caption.count() else ""


def wait_rows(page: Any, n: int) -> None:
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=score-row]').length === {n}"
    )


def test_keeper_counts_bock_rounds_from_the_deals_entered(page: Any) -> None:
    page.set_viewport_size({"width": 1366, "height": 768})
    open_bock_keeper(page)
    # the Herz-only trick is asked on the form, since this table plays with it
    assert page.locator("[data-testid=keeper-heart-trick]").count() == 1
    assert to_come(page) == ""

    # a Damensolo, lost with 100 Augen: one Bockrunde of four deals
    enter_keeper_game(page, {"contract": "solo:queens", "re": [0], "eyes_re": 100})
    wait_rows(page, 1)
    assert rows(page) == [{"bock": 0, "points": [-3, 1, 1, 1], "chip": []}]
    assert to_come(page) == "Noch 4 Bockspiele"

    enter_keeper_game(page, {"contract": "normal", "re": [0, 1], "eyes_re": 150})
    wait_rows(page, 2)
    assert rows(page)[1] == {"bock": 1, "points": [2, 2, -2, -2], "chip": [CHIP]}
    assert to_come(page) == "Noch 3 Bockspiele"

    # the doubled score explained in the row's lines
    page.locator("[data-testid=row-details]").nth(1).click()
    lines = page.locator("[data-testid=score-line]").all_text_contents()
    assert any("verdoppelt (Bock)" in line for line in lines), lines

    # a trick of plain Herz only: one more Bockrunde, queued after the running one
    page.click("[data-testid=keeper-heart-trick]")
    if SHOTS:
        page.locator("[data-testid=keeper-heart-trick]").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SHOTS) / "keeper-bock-form-desktop-light-de.jpg"))
    enter_keeper_game(page, {"contract": "normal", "re": [2, 3], "eyes_re": 130})
    wait_rows(page, 3)
    assert rows(page)[2] == {"bock": 1, "points": [-2, -2, 2, 2], "chip": [CHIP]}
    assert to_come(page) == "Noch 6 Bockspiele"
    assert page.locator("[data-testid=keeper-heart-trick]").get_attribute("aria-pressed") == (
        "false"
    )
    if SHOTS:
        shoot(page, "desktop")

    # the exports carry the bock deals: the CSV names them, the JSON's summaries hold
    # the level the engine gave them (each scores alone with `python -m doko score`)
    with page.expect_download() as info:
        page.click("[data-testid=export-csv]")
    csv = Path(info.value.path()).read_text(encoding="utf-8-sig").splitlines()
    marked = f"Normalspiel ({CHIP})"
    assert [line.split(";")[1] for line in csv[1:4]] == ["Damensolo", marked, marked]
    with page.expect_download() as info:
        page.click("[data-testid=export-json]")
    exported = json.loads(Path(info.value.path()).read_text())
    assert exported["rules"] == VARIANT
    assert [g["summary"].get("bock") for g in exported["games"]] == [None, 1, 1]
    assert [g["summary"].get("heart_trick") for g in exported["games"]] == [None, None, True]

    # the solo was won after all: no bock for the two deals after it
    page.locator("[data-testid=row-edit]").first.click()
    page.locator("[data-testid=keeper-form] [data-testid=keeper-eyes]").fill("160")
    page.click("[data-testid=keeper-submit]")
    page.wait_for_function("() => !document.querySelector('[data-testid=score-row].editing')")
    assert [r["bock"] for r in rows(page)] == [0, 0, 0]
    assert [r["points"] for r in rows(page)] == [[6, -2, -2, -2], [1, 1, -1, -1], [-1, -1, 1, 1]]
    assert to_come(page) == "Noch 4 Bockspiele"
    totals = [int(x) for x in page.locator("[data-testid=total]").all_text_contents()]
    assert totals == [6, -2, -2, -2]
    assert page.watch.errors == [] and page.watch.offsite == []


def shoot(page: Any, size: str) -> None:
    assert SHOTS
    Path(SHOTS).mkdir(parents=True, exist_ok=True)
    page.locator("[data-testid=scoresheet]").scroll_into_view_if_needed()
    page.screenshot(path=str(Path(SHOTS) / f"keeper-bock-{size}-light-de.jpg"), quality=80)


@pytest.mark.parametrize(("lang", "theme"), [("de", "light"), ("de", "dark"), ("en", "light")])
def test_keeper_bock_sheet_on_a_phone(page: Any, lang: str, theme: str) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.emulate_media(color_scheme=theme)
    open_bock_keeper(page, lang)
    enter(page, "solo:queens", [0], 100)
    wait_rows(page, 1)
    enter(page, "normal", [0, 1], 150)
    wait_rows(page, 2)
    assert rows(page)[1]["chip"] == [CHIP]
    assert to_come(page) == ("Noch 3 Bockspiele" if lang == "de" else "3 Bock deals to come")
    page.locator("[data-testid=row-details]").nth(1).click()
    lines = page.locator("[data-testid=score-line]").all_text_contents()
    assert any(("verdoppelt (Bock)" if lang == "de" else "doubled (Bock)") in x for x in lines)
    # nothing wider than the phone
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, width
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.locator("[data-testid=scoresheet]").scroll_into_view_if_needed()
        page.screenshot(path=str(Path(SHOTS) / f"keeper-bock-phone-{theme}-{lang}.jpg"), quality=80)
    assert page.watch.errors == [] and page.watch.offsite == []


def saved_bock_table() -> dict[str, Any]:
    """The engine's saved table after a lost Pflichtsolo and the bock deal after it
    (the same deals as the engine's test of the page's series), deal over."""
    from bock_deals import bock_rules, play_cards
    from doko import api

    rules = bock_rules(["solo-lost"]).to_json()
    bots = ["standard", None, "standard", "standard"]
    payload = {"rules": rules, "seed": 0, "seat": 1, "bots": bots, "dealer": 0, "rounds": 3}
    api.handle("new_game", json.dumps(payload))
    for words in ({1: "solo:jacks"}, {}):
        if words == {}:
            api.handle("next_game", "{}")
        api.SESSION.table().state = play_cards(api.SESSION.table().state, words)
        api._finish(api.SESSION.table())
    saved: dict[str, Any] = json.loads(api.handle("save", "{}"))
    return saved


@pytest.mark.parametrize(("size", "width", "height"), [("desktop", 1366, 768), ("phone", 390, 844)])
def test_the_page_series_shows_the_bock_deal(page: Any, size: str, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    open_saved_table(page, saved_bock_table())
    # the Abrechnung's Bock line is a factor of its own after the game value, not a line
    bock = page.wait_for_selector("[data-testid=result-bock]")
    assert bock.get_attribute("data-factor") == "2"
    cells = [c.text_content() for c in bock.query_selector_all("td")]
    assert cells == ["Bock", "f\u00fcr alle", "\u00d72"], cells
    lines = page.locator("[data-testid=result-line]").all_text_contents()
    assert lines and not any("Bock" in line for line in lines), lines
    marked = [r["chip"] for r in rows(page)]
    assert marked == [[], [CHIP]]
    assert to_come(page) == "Noch 3 Bockspiele"
    # the header says the deal counts Bock while it is on the table
    assert page.text_content("header [data-testid=bock-chip]") == CHIP
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"result-bock-{size}-light-de.jpg"), quality=80)
    assert page.watch.errors == [] and page.watch.offsite == []
