"""The result panel as a Doppelkopf player writes the Abrechnung, in a real Chromium: the
lines add up to the game value, the solo and Bock factors are lines of their own, and the
last line is what you write, the number the points table shows for you; a deal that
cancels out says so; a deal that starts Bockrunden says so. The Armut at the table: who
declined on the plates, a legend for the cards that came with it, and a thrown deal with
nothing to review. With DOKO_SCREENSHOTS=DIR it writes the panels there."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest
from pageplay import open_saved_table, ready, step

pytestmark = pytest.mark.browser

SHOTS = os.environ.get("DOKO_SCREENSHOTS")


def to_result(page: Any, link: str) -> None:
    """Open ``link`` and play the person's seat (Gesund, first legal card) to the result."""
    page.goto(f"/{link}")
    ready(page)
    deadline = time.monotonic() + 120
    while not page.locator("[data-testid=result]").count():
        assert time.monotonic() < deadline, "the deal did not end"
        if not step(page):
            page.wait_for_timeout(40)


READ_PANEL = """() => {
  const rows = (q) => [...document.querySelectorAll(`[data-testid=result] ${q}`)];
  const my = document.querySelector("[data-testid=result-points] tr.me td.num");
  return {
    lines: rows("[data-testid=result-line]").map((r) => ({
      party: r.dataset.party, points: Number(r.dataset.points) })),
    value: rows("[data-testid=result-value]").map((r) => ({
      value: Number(r.dataset.value), party: r.dataset.party, text: r.textContent })),
    factors: rows("[data-testid=result-factor], [data-testid=result-bock]").map((r) => ({
      kind: r.dataset.kind, factor: Number(r.dataset.factor), text: r.textContent })),
    writes: rows("[data-testid=result-writes]").map((r) => ({
      points: Number(r.dataset.points), party: r.dataset.party })),
    solo: rows("[data-testid=result-factor][data-kind=solo]").map((r) => r.textContent),
    points: JSON.parse(document.querySelector("[data-testid=result-points]").dataset.points),
    mine: my ? Number(my.textContent) : null,
  };
}"""


def adds_up(panel: dict[str, Any], party: str, soloist: bool) -> int:
    """What the panel's own lines give the player of ``party``: the lines netted, times
    every factor line that is theirs (the solo line only for the soloist)."""
    net = sum(x["points"] if x["party"] == party else -x["points"] for x in panel["lines"])
    [value] = panel["value"]
    assert abs(net) == value["value"], (net, value)
    assert net == 0 or (value["party"] == party) == (net > 0), (net, value)
    for f in panel["factors"]:
        if f["kind"] != "solo" or soloist:
            net *= f["factor"]
    return net


@pytest.mark.parametrize("seed", [8, 14])
def test_the_lines_add_up_to_what_you_write(page: Any, seed: int) -> None:
    """ddv seed 8 (beginner bots) ends in a Karosolo of Links, seed 14 in a normal game
    whose lines cancel out."""
    page.set_viewport_size({"width": 1366, "height": 900})
    to_result(page, f"#/play?rules=ddv&seed={seed}&delay=0&level=beginner")
    panel = page.evaluate(READ_PANEL)
    [writes] = panel["writes"]
    assert writes["points"] == panel["points"][0] == panel["mine"], panel
    soloist = any("dich" in text for text in panel["solo"])
    assert adds_up(panel, writes["party"], soloist) == writes["points"], panel
    title = page.text_content("#result-title") or ""
    if seed == 8:
        assert title.startswith("Karosolo"), title
        solo = [f for f in panel["factors"] if f["kind"] == "solo"]
        assert solo and solo[0]["factor"] == 3 and "Solisten (Links)" in solo[0]["text"], panel
    if seed == 14:
        assert panel["value"][0]["text"].startswith("Re und Kontra heben sich auf"), panel
        assert panel["points"] == [0, 0, 0, 0]
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"result-seed{seed}-desktop.jpg"), quality=80)
    assert page.watch.errors == []


def lost_solo_table() -> dict[str, Any]:
    """The engine's saved table after a lost Pflichtsolo in the first deal of a series with
    Bock after a lost solo: the deal that starts the Bockrunden, over."""
    from bock_deals import bock_rules, play_cards
    from doko import api

    rules = bock_rules(["solo-lost"]).to_json()
    bots = ["standard", None, "standard", "standard"]
    payload = {"rules": rules, "seed": 0, "seat": 1, "bots": bots, "dealer": 0, "rounds": 3}
    session = api.Session()
    session.handle("new_game", json.dumps(payload))
    table = session.table()
    table.state = play_cards(table.state, {1: "solo:jacks"})
    api._finish(table)
    saved: dict[str, Any] = json.loads(session.handle("save", "{}"))
    return saved


SIZES = [("desktop", 1920, 1080), ("phone", 390, 844)]


@pytest.mark.parametrize(("size", "width", "height"), SIZES)
def test_the_deal_that_starts_bockrunden_says_so(
    page: Any, size: str, width: int, height: int
) -> None:
    """A lost Pflichtsolo (you, seat 1) with Bock after a lost solo: the result says the
    Bockrunde it starts, and your -6 is the value 2 times the solo's 3."""
    page.set_viewport_size({"width": width, "height": height})
    open_saved_table(page, lost_solo_table())
    note = page.wait_for_selector("[data-testid=result-bock-start]")
    text = note.text_content() or ""
    assert text.startswith("Dieses Spiel löst 1 Bockrunde aus (Solo verloren)"), text
    assert "4 weitere Spiele zählen doppelt" in text, text
    assert note.get_attribute("data-deals") == "4"
    panel = page.evaluate(READ_PANEL)
    [writes] = panel["writes"]
    assert panel["solo"] and "dich" in panel["solo"][0], panel
    assert adds_up(panel, writes["party"], soloist=True) == writes["points"] == -6, panel
    # the panel holds the note in view without scrolling the page
    box = note.bounding_box()
    assert box is not None and box["y"] + box["height"] <= height, box
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / f"result-bock-start-{size}.jpg"), quality=80)
    assert page.watch.errors == []


ARMUT = "#/play?rules=ohne-neunen&seed=78&level=beginner&delay=0"


def plate_tags(page: Any, seat: int, kind: str) -> list[str]:
    tags = page.locator(f"[data-testid=table] .seat[data-seat='{seat}'] .tag[data-tag={kind}]")
    return [t or "" for t in tags.all_text_contents()]


def test_an_armut_says_who_declined_and_what_came_with_it(page: Any) -> None:
    """ohne-neunen seed 78: seat 1 offers an Armut, seats 2 and 3 decline, the person in
    seat 0 takes it: the plates name who declined, and the cards that came get a legend."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(f"/{ARMUT}")
    ready(page)
    page.click('[data-action="healthy"]')
    page.wait_for_selector('[data-action="accept"]')
    assert [plate_tags(page, s, "declined") for s in range(4)] == [
        [], [], ["Armut abgelehnt"], ["Armut abgelehnt"]
    ]  # fmt: skip
    assert page.locator("[data-testid=hand-legend]").count() == 0
    page.click('[data-action="accept"]')
    legend = page.wait_for_selector("[data-testid=hand-legend]")
    assert legend.text_content() == "aus der Armut erhalten"
    assert page.locator("[data-testid=hand] .card.received").count() >= 1
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(SHOTS) / "armut-taken-phone.jpg"), quality=80)
    assert page.watch.errors == []


def test_a_thrown_deal_offers_no_analysis_nor_last_trick(page: Any) -> None:
    """The same Armut declined by everybody: the deal is thrown in; nothing was played,
    so neither the deal review nor the last trick is offered."""
    page.goto(f"/{ARMUT}")
    ready(page)
    page.click('[data-action="healthy"]')
    page.click('[data-action="decline"]')
    page.wait_for_selector("[data-testid=result-redeal]")
    assert page.locator("[data-testid=next-game]").count() == 1
    assert page.locator("[data-testid=review-open]").count() == 0
    assert page.locator("[data-testid=last-trick-button]").count() == 0
    assert [plate_tags(page, s, "declined") for s in (0, 2, 3)] == [["Armut abgelehnt"]] * 3
    assert page.watch.errors == []
