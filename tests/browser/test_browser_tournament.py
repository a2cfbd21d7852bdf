"""A tournament night in a real Chromium: 13 entrants, two table rounds drawn by the
engine, every table's sheet handed in (kept in the page, sent as a link from another
browser, read from a file), refusals, a correction, a reload in the middle, standings
equal to ``python -m doko tournament-standings`` of the same sheets, the print view."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from pageplay import enter_keeper_game, store_entry, stored

from doko.game.rules import PRESETS
from doko.table.draw import draw_round
from tourney_data import sheet, summaries

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
SEED = 4242
NAMES = [
    "Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Gustav",
    "Hanna", "Ida", "Jonas", "Karl", "Lena",
]  # fmt: skip
LATE = "Mia"  # the thirteenth, entered on her own


def ready(page: Any, hash_: str) -> None:
    page.goto(hash_)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def tables_shown(page: Any, number: int) -> list[list[int]]:
    cards = page.locator(f"[data-testid=tour-table][data-round='{number}']")
    return [json.loads(cards.nth(i).get_attribute("data-players")) for i in range(cards.count())]


def tour_object(page: Any) -> dict[str, Any]:
    """What the sheets are checked against: the evening's id, rules and draws."""
    rounds = []
    for number in (1, 2):
        shown = tables_shown(page, number)
        if shown:
            rounds.append({"round": number, "tables": shown})
    tour_id = page.get_attribute("[data-testid=tournament]", "data-tour-id")
    return {"id": tour_id, "rules": "lockhausen", "rounds": rounds}


def note(page: Any, text: str) -> str:
    page.wait_for_function(
        "t => (document.querySelector('[data-testid=tour-note]')?.textContent ?? '').includes(t)",
        arg=text,
    )
    content: str = page.text_content("[data-testid=tour-note]")
    return content


def sheet_in(page: Any, number: int, table: int) -> None:
    page.wait_for_selector(
        f"[data-testid=tour-table][data-round='{number}'][data-table='{table}'].done"
    )


def keeper_count(page: Any, n: int, need: int) -> None:
    page.wait_for_function(
        "t => document.querySelector('[data-testid=tour-keeper-count]')?.textContent.startsWith(t)",
        arg=f"{n} von {need}",
    )


def fill_keeper_storage(page: Any, games: list[dict[str, Any]]) -> None:
    """Put a table's games into this browser's saved keeper (faster than the form)."""
    entry = stored(page, "keeper")
    entry["data"]["games"] = [{"summary": summary} for summary in games]
    store_entry(page, "keeper", entry)


def link_from_table_tablet(other: Any, organiser: Any, number: int, table: int, seed: int) -> str:
    """The organiser's table link opened in another browser, the sheet kept there and
    sent back as a link."""
    card = f"[data-testid=tour-table][data-round='{number}'][data-table='{table}']"
    organiser.click(f"{card} [data-testid=tour-table-link]")
    table_link = organiser.input_value("[data-testid=tour-link]")
    ready(other, table_link)
    other.wait_for_selector("[data-testid=tour-keeper]")
    size = len(tables_shown(organiser, number)[table - 1])
    keeper_count(other, 0, 2 * size)
    fill_keeper_storage(other, summaries("lockhausen", size, seed))
    other.reload()
    other.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    keeper_count(other, 2 * size, 2 * size)
    assert other.locator("[data-testid=tour-handin]").count() == 0  # not the organiser's
    other.click("[data-testid=tour-sheet-link]")
    link: str = other.input_value("[data-testid=tour-link]")
    assert "#/tournament/sheet/" in link
    return link


def import_file(page: Any, tmp_path: Path, data: dict[str, Any], name: str) -> None:
    path = tmp_path / name
    path.write_text(json.dumps(data))
    page.set_input_files("[data-testid=tour-import-file]", str(path))


def serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in bad]


def ranking_shown(page: Any) -> list[dict[str, int]]:
    rows = page.locator("[data-testid=tour-standings] [data-testid=tour-rank-row]")
    return [
        {
            "player": int(rows.nth(i).get_attribute("data-player")),
            "rank": int(rows.nth(i).get_attribute("data-rank")),
            "total": int(rows.nth(i).get_attribute("data-total")),
        }
        for i in range(rows.count())
    ]


def test_tournament_night(page: Any, browser: Any, site: str, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1100, "height": 900})
    ready(page, "#/")
    page.click("[data-testid=open-tournament]")
    # the stored evening read and the route applied: no redraw of its own comes after
    page.wait_for_selector("[data-testid=tournament][data-routed=true]")
    page.fill("#tour-seed", str(SEED))  # typed, not yet committed by a change event
    page.eval_on_selector("#tour-seed", "el => { el.dataset.before = 'yes'; }")
    # Another setting saved while the seed field still has focus (no blur, no change event
    # on it), as when an earlier save finishes: the screen is drawn anew under the typist.
    page.eval_on_selector(
        "#tour-preset", "el => { el.value = 'ddv'; el.dispatchEvent(new Event('change')); }"
    )
    page.wait_for_function("() => !document.querySelector('#tour-seed').dataset.before")
    assert page.input_value("#tour-seed") == str(SEED)  # the new screen kept what was typed
    page.select_option("#tour-preset", "lockhausen")
    page.dispatch_event("#tour-seed", "change")
    page.fill("#tour-names", "\n".join(NAMES[:2]))
    page.click("[data-testid=tour-add]")
    page.wait_for_selector("[data-testid=tour-preview]")
    assert "mindestens 4" in page.text_content("[data-testid=tour-preview]")
    page.fill("#tour-names", "\n".join([*NAMES[2:], "Zoe"]))
    page.click("[data-testid=tour-add]")
    page.fill("#tour-names", LATE)
    page.click("[data-testid=tour-add]")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=tour-entrant]').length === 14"
    )
    page.click("[aria-label='Zoe abmelden']")  # a no-show: off the list before the draw
    page.wait_for_function(
        "() => document.querySelector('[data-testid=tour-preview]').textContent"
        ".includes('13 Teilnehmer an Tischen zu 4 + 4 + 5')"
    )
    assert serious(page) == []

    page.click("[data-testid=tour-draw]")
    page.wait_for_selector("[data-testid=tour-table][data-round='1']")
    lockhausen = PRESETS["lockhausen"]
    ids = [*range(1, 13), 14]  # Zoe (13) withdrew before the draw
    draw1 = draw_round(lockhausen, ids, SEED, 1)
    assert tables_shown(page, 1) == draw1  # the engine's draw, the one the CLI makes
    assert f"Los-Nummer {SEED}" in page.text_content("[data-testid=tour-round]")

    # table 1: every game through the keeper's form in this browser, then handed in
    page.click("[data-testid=tour-table][data-table='1'] [data-testid=tour-keep]")
    page.wait_for_selector("[data-testid=tour-keeper]")
    games1 = summaries("lockhausen", 4, 101)
    for i, game in enumerate(games1):
        enter_keeper_game(page, game)
        keeper_count(page, i + 1, 8)
    assert serious(page) == []
    page.screenshot(path=str(tmp_path / "tournament-keeper.png"))
    page.click("[data-testid=tour-handin]")
    sheet_in(page, 1, 1)
    assert "Tisch 1, Tischrunde 1" in note(page, "eingetragen")
    # a slip found later: the sheet opens again in the keeper, one line corrected
    page.click("[data-testid=tour-table][data-table='1'] [data-testid=tour-keep]")
    keeper_count(page, 8, 8)
    page.locator("[data-testid=row-edit]").nth(1).click()
    page.locator("[data-testid=keeper-form] [data-testid=keeper-eyes]").fill(
        str(240 - games1[1]["eyes_re"])
    )
    page.click("[data-testid=keeper-submit]")
    page.wait_for_function("() => !document.querySelector('[data-testid=score-row].editing')")
    page.click("[data-testid=tour-handin]")
    assert "geändert: Spiel 2" in note(page, "Korrektur")

    # table 2: kept on the table's own tablet (another browser), sent back as a link
    other_context = browser.new_context(base_url=site)
    other = other_context.new_page()
    # the tablet already holds last round's sheet: it asks before replacing it
    other.on("dialog", lambda dialog: dialog.accept())
    link = link_from_table_tablet(other, page, 1, 2, 102)
    page.fill("[data-testid=tour-import]", link)
    page.click("[data-testid=tour-import-go]")
    sheet_in(page, 1, 2)

    # table 3 (five players) as a file; a wrong player and a duplicate are refused
    tour = tour_object(page)
    wrong = sheet(tour, 1, 3, seed=103)
    wrong["players"][0] = draw1[0][0]
    import_file(page, tmp_path, wrong, "wrong.json")
    assert "Spielliste abgelehnt" in note(page, "abgelehnt")
    short = sheet(tour, 1, 3, seed=103)
    short["games"].pop()
    import_file(page, tmp_path, short, "short.json")
    assert "10 Spiele, die Liste hat 9" in note(page, "die Liste hat 9")
    good = sheet(tour, 1, 3, seed=103)
    import_file(page, tmp_path, good, "good.json")
    sheet_in(page, 1, 3)
    import_file(page, tmp_path, good, "again.json")
    assert "schon eingetragen" in note(page, "schon eingetragen")

    # a reload in the middle keeps the evening
    page.wait_for_selector("[data-testid=tour-standings]")
    before = ranking_shown(page)
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_selector("[data-testid=tour-standings]")
    assert ranking_shown(page) == before and len(before) == 13
    assert tables_shown(page, 1) == draw1
    assert page.locator("[data-testid=tour-table].done").count() == 3
    assert "Stand nach Tischrunde 1" in page.text_content("#tour-standings-title")

    # between the table rounds Lena (12) leaves and Nora (15) comes late
    page.click("[aria-label='Lena abmelden']")
    page.fill("#tour-names", "Nora")
    page.click("[data-testid=tour-add]")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=tour-entrant]').length === 14"
    )
    entrants = page.locator("[data-testid=tour-entrant]").all_text_contents()
    assert any("Lena" in e and "abgemeldet ab Tischrunde 2" in e for e in entrants)
    assert any("Nora" in e and "nachgemeldet ab Tischrunde 2" in e for e in entrants)

    # table round 2: a fresh draw
    page.click("[data-testid=tour-draw]")
    page.wait_for_selector("[data-testid=tour-table][data-round='2']")
    draw2 = draw_round(lockhausen, [*range(1, 12), 14, 15], SEED, 2)
    assert tables_shown(page, 2) == draw2 != draw1
    link = link_from_table_tablet(other, page, 2, 1, 201)
    # the organiser opens the table's link: a new tab reads the saved evening first
    tab = page.context.new_page()
    ready(tab, link)
    sheet_in(tab, 2, 1)
    tab.close()
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    sheet_in(page, 2, 1)
    tour = tour_object(page)
    for table in (2, 3):
        import_file(page, tmp_path, sheet(tour, 2, table, seed=200 + table), f"r2t{table}.json")
        sheet_in(page, 2, table)
    # a correction: table 2 of round 2 hands in again with game 4 changed
    fixed = sheet(tour, 2, 2, seed=202)
    fixed["games"][3]["eyes_re"] = 240 - fixed["games"][3]["eyes_re"]
    import_file(page, tmp_path, fixed, "fixed.json")
    assert "geändert: Spiel 4" in note(page, "Korrektur")
    page.wait_for_selector("[data-testid=tour-corrected]")
    page.wait_for_function(
        "() => document.querySelector('#tour-standings-title').textContent === 'Endstand'"
    )

    # the standings are the command line's ranking of the exported evening
    with page.expect_download() as info:
        page.click("[data-testid=tour-json]")
    exported = Path(info.value.path())
    env = {**os.environ, "PYTHONPATH": str(ROOT / "engine")}
    cli = subprocess.run(
        [sys.executable, "-m", "doko", "tournament-standings", str(exported), "--json"],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    expected = json.loads(cli.stdout)["ranking"]
    assert ranking_shown(page) == [
        {"player": r["player"], "rank": r["rank"], "total": r["total"]} for r in expected
    ]
    with page.expect_download() as info:
        page.click("[data-testid=tour-csv]")
    csv = Path(info.value.path()).read_text(encoding="utf-8-sig").splitlines()
    assert csv[0] == "Rang;Name;Runde 1;Runde 2;Summe" and len(csv) > 15  # German Excel's form
    lena = next(line for line in csv if ";Lena;" in line)
    assert lena.split(";")[3] == ""  # she did not play table round 2
    assert serious(page) == []
    page.screenshot(path=str(tmp_path / "tournament-screen.png"), full_page=True)

    # the print view: A4, the table lists with seats and the final standings
    page.click("[data-testid=tour-print]")
    page.wait_for_selector("[data-testid=tour-print-view]")
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 794, "height": 1123})  # A4 at 96 dpi
    page.screenshot(path=str(tmp_path / "tournament-print.png"), full_page=True)
    page.pdf(path=str(tmp_path / "tournament.pdf"), format="A4")  # as the browser prints it
    assert page.locator("header.bar").is_hidden()
    assert page.locator(".print-table").count() == 6
    assert serious(page) == []
    page.emulate_media(media="screen")
    page.click("[data-testid=tour-print-close]")
    page.wait_for_selector("[data-testid=tour-standings]")

    # the evening is part of the export of everything
    ready(page, "#/")
    with page.expect_download() as info:
        page.click("[data-testid=export]")
    entries = json.loads(Path(info.value.path()).read_text())["entries"]
    assert entries["tournament"]["kind"] == "tournament"
    assert len(entries["tournament"]["data"]["rounds"]) == 2
    assert page.watch.errors == [] and page.watch.offsite == []
    other_context.close()
