"""Table sizes and the score keeper in a real Chromium.

A five-player deal is played through the page (the dealer sits out) and checked
against the CLI replay; a four-game evening is entered in the score keeper and
every row and total checked against ``python -m doko score`` of the same summaries.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pageplay import HAND, enter_keeper_game, play_to_end

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]


def doko(*args: str, data: Any) -> dict[str, Any]:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    out = subprocess.run(
        [sys.executable, "-m", "doko", *args, "-"],
        input=json.dumps(data),
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        check=True,
    )
    answer: dict[str, Any] = json.loads(out.stdout)
    return answer


def test_five_players_the_dealer_sits_out(page: Any) -> None:
    page.goto("#/play?rules=klassisch&seed=3&players=5&delay=0&level=standard")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_selector(f"{HAND} button[data-card]")
    table = page.locator("[data-testid=table]")
    dealer = int(table.get_attribute("data-dealer"))
    assert page.locator("[data-testid=table] [data-seat]").count() == 5
    seat = page.locator(f"[data-testid=table] [data-seat='{dealer}']")
    assert seat.get_attribute("data-sits-out") == "true"
    assert seat.get_attribute("data-cards") == "0"
    assert "setzt aus" in seat.text_content()
    assert page.locator("[data-testid=table] [data-sits-out]").count() == 1
    assert page.locator(f"{HAND} button[data-card]").count() == 12

    play_to_end(page)

    shown = json.loads(page.get_attribute("[data-testid=result-points]", "data-points"))
    row = page.locator("[data-testid=score-row]").first
    assert json.loads(row.get_attribute("data-points")) == shown
    record = json.loads(page.text_content("[data-testid=record]"))
    assert record["dealer"] == dealer and record["hands"][dealer] == ""
    replayed = doko("replay", data=record)
    assert replayed["points"] == shown and len(shown) == 5
    # klassisch: the dealer who sits out writes what each Kontra player writes
    kontra = replayed["parties"]["kontra"]
    assert dealer not in kontra and shown[dealer] == shown[kontra[0]]

    # the row opens to its itemised lines
    page.click("[data-testid=score-row] [data-testid=row-details]")
    lines = page.locator("[data-testid=score-line]")
    assert lines.count() == len(replayed["lines"]) > 0
    assert page.watch.errors == [] and page.watch.offsite == []


@pytest.mark.parametrize("players", [6, 8])
def test_fixed_team_table_plays_a_deal(page: Any, players: int) -> None:
    """klassisch with 6 or 8 players: eight cards each, teams by seat, the page's
    result is what the CLI makes of the same record."""
    page.goto(f"#/play?rules=klassisch&seed=5&players={players}&delay=0&level=standard")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_selector(f"{HAND} button[data-card]")
    assert page.locator("[data-testid=table] [data-seat]").count() == players
    assert page.locator(f"{HAND} button[data-card]").count() == 8
    assert page.locator("[data-testid=table] [data-sits-out]").count() == 0

    play_to_end(page)

    shown = json.loads(page.get_attribute("[data-testid=result-points]", "data-points"))
    record = json.loads(page.text_content("[data-testid=record]"))
    replayed = doko("replay", data=record)
    assert replayed["points"] == shown and len(shown) == players
    assert page.watch.errors == [] and page.watch.offsite == []


def summary(
    contract: str,
    re: list[int],
    eyes: int,
    announcements: dict[str, list[str]] | None = None,
    specials: list[dict[str, str]] | None = None,
) -> dict[str, Any]:
    """The summary as the keeper writes it for a four-player ddv table."""
    return {
        "rules": "ddv",
        "contract": contract,
        "players": 4,
        "re": re,
        "sitting_out": None,
        "eyes_re": eyes,
        "announcements": announcements or {"re": [], "kontra": []},
        "specials": specials or [],
    }


EVENING = [
    summary("normal", [0, 2], 185, {"re": ["re", "no90"], "kontra": []}),
    summary("solo:queens", [1], 130),
    summary("wedding", [2, 3], 100),
    summary(
        "normal",
        [1, 3],
        150,
        specials=[{"kind": "fox", "party": "re"}, {"kind": "karlchen", "party": "kontra"}],
    ),
]


def check_sheet(page: Any, games: list[dict[str, Any]]) -> None:
    rows = page.locator("[data-testid=score-row]")
    expect_rows = len(games)
    page.wait_for_function(
        f"() => document.querySelectorAll('[data-testid=score-row]').length === {expect_rows}"
    )
    running = [0, 0, 0, 0]
    for i, game in enumerate(games):
        points = doko("score", data=game)["points"]
        running = [a + b for a, b in zip(running, points, strict=True)]
        assert json.loads(rows.nth(i).get_attribute("data-points")) == points, i
        assert json.loads(rows.nth(i).get_attribute("data-totals")) == running, i
    totals = [int(x) for x in page.locator("[data-testid=total]").all_text_contents()]
    assert totals == running


def test_score_keeper_evening(page: Any) -> None:
    page.set_viewport_size({"width": 1024, "height": 768})
    page.goto("#/keeper")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_selector("[data-testid=keeper-setup]")
    page.select_option("#keeper-preset", "ddv")
    page.select_option("#keeper-players", "4")
    for seat, name in enumerate(["Anna", "Bernd", "Carla", "Dieter"]):
        page.fill(f"#keeper-name-{seat}", name)
    page.click("[data-testid=keeper-start]")
    page.wait_for_selector("[data-testid=keeper-form]")
    # ddv: no Herzstich counter, and the contracts are the preset's
    assert page.locator("[data-testid=keeper-special-re-heart-trick]").count() == 0
    assert page.locator("[data-testid=keeper-contract][data-value=poverty]").count() == 0

    games = [dict(g) for g in EVENING]
    for i, game in enumerate(games):
        enter_keeper_game(page, game)
        check_sheet(page, games[: i + 1])
    before = [int(x) for x in page.locator("[data-testid=total]").all_text_contents()]

    # itemised lines of the first game: Re's announcement and keine 90
    page.locator("[data-testid=row-details]").first.click()
    items = page.locator("[data-testid=score-line]").all_text_contents()
    assert any("Keine 90" in item for item in items), items

    # correct the solo: the soloist had only 100 Augen
    page.locator("[data-testid=row-edit]").nth(1).click()
    form = page.locator("[data-testid=keeper-form]")
    assert form.locator("[data-testid=keeper-eyes]").input_value() == "130"
    form.locator("[data-testid=keeper-eyes]").fill("100")
    page.click("[data-testid=keeper-submit]")
    games[1] = summary("solo:queens", [1], 100)
    page.wait_for_function("() => !document.querySelector('[data-testid=score-row].editing')")
    check_sheet(page, games)
    after = [int(x) for x in page.locator("[data-testid=total]").all_text_contents()]
    assert after != before

    # an impossible entry is refused with a reason and adds no row
    enter_keeper_game(page, summary("normal", [0, 1], 250))
    page.wait_for_function("() => document.querySelector('[role=alert]').textContent.trim()")
    assert "240" in page.text_content("[role=alert]")
    assert page.locator("[data-testid=score-row]").count() == 4
    # a normal game with one Re seat is refused by the engine
    form.locator("[data-testid=keeper-eyes]").fill("121")
    form.locator("[data-testid=keeper-re][data-value='1']").click()
    page.click("[data-testid=keeper-submit]")
    page.wait_for_function(
        "() => document.querySelector('[role=alert]').textContent.includes('genau zwei Spieler Re')"
    )
    assert page.locator("[data-testid=score-row]").count() == 4
    # a solo has one soloist: pressing a second seat moves the solo there
    form.locator("[data-testid=keeper-contract][data-value='solo:jacks']").click()
    form.locator("[data-testid=keeper-re][data-value='2']").click()
    pressed = form.locator("[data-testid=keeper-re][aria-pressed=true]")
    assert pressed.count() == 1 and pressed.get_attribute("data-value") == "2"

    with page.expect_download() as info:
        page.click("[data-testid=export-json]")
    exported = json.loads(Path(info.value.path()).read_text())
    assert [g["summary"] for g in exported["games"]] == games
    assert exported["totals"] == after
    assert exported["names"] == ["Anna", "Bernd", "Carla", "Dieter"]
    with page.expect_download() as info:
        page.click("[data-testid=export-csv]")
    csv = Path(info.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert csv[0].startswith("Nr.;Spiel;Anna;Bernd;Carla;Dieter")
    assert len(csv) == 1 + 4 + 1
    assert csv[-1].split(";")[2:6] == [str(x) for x in after]
    assert page.watch.errors == [] and page.watch.offsite == []
