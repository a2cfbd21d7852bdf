"""A tournament evening that changes under way, in a real Chromium: a player leaves after
the first table round (the drawn second round is drawn again without her), comes back
(drawn again with her: the seed gives the very first draw back), sits the second round
out and returns for the third; then "Neuer Turnierabend" asks first and starts afresh."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from pageplay import next_frames, ready, stored, wait_entry

from tourney_data import sheet

pytestmark = pytest.mark.browser

NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Emil", "Frieda", "Gustav", "Hanna", "Ida"]
IDA = 9  # the ninth entrant's id
SEED = 77


def tables_shown(page: Any, number: int) -> list[list[int]]:
    cards = page.locator(f"[data-testid=tour-table][data-round='{number}']")
    return [json.loads(cards.nth(i).get_attribute("data-players")) for i in range(cards.count())]


def evening(page: Any, rounds: int) -> dict[str, Any]:
    tour_id = page.get_attribute("[data-testid=tournament]", "data-tour-id")
    drawn = [{"round": n, "tables": tables_shown(page, n)} for n in range(1, rounds + 1)]
    return {"id": tour_id, "rules": "lockhausen", "rounds": drawn}


def wait_tables(page: Any, number: int, players: list[int]) -> list[list[int]]:
    """Wait until round ``number``'s tables seat exactly ``players``; its tables."""
    page.wait_for_function(
        """([n, want]) => {
          const cards = document.querySelectorAll(`[data-testid=tour-table][data-round='${n}']`);
          const seated = [...cards].flatMap((c) => JSON.parse(c.dataset.players));
          return seated.sort((a, b) => a - b).join() === want.join();
        }""",
        arg=[number, sorted(players)],
    )
    return tables_shown(page, number)


def hand_in_all(page: Any, tmp_path: Path, number: int) -> None:
    tour = evening(page, number)
    for table in range(1, len(tour["rounds"][number - 1]["tables"]) + 1):
        path = tmp_path / f"r{number}t{table}.json"
        path.write_text(json.dumps(sheet(tour, number, table, seed=100 * number + table)))
        page.set_input_files("[data-testid=tour-import-file]", str(path))
        page.wait_for_selector(
            f"[data-testid=tour-table][data-round='{number}'][data-table='{table}'].done"
        )


def entrant_row(page: Any, name: str) -> str:
    rows = page.locator("[data-testid=tour-entrant]").all_text_contents()
    return next(row for row in rows if name in row)


def wait_entrant(page: Any, name: str, words: str, present: bool = True) -> None:
    page.wait_for_function(
        """([name, words, present]) =>
          [...document.querySelectorAll('[data-testid=tour-entrant]')].some((r) =>
            r.textContent.includes(name) && r.textContent.includes(words) === present)""",
        arg=[name, words, present],
    )


def redraw(page: Any, number: int) -> None:
    page.click(f"[data-intent=tournament-redraw][data-value='{number}']")


def test_a_player_leaves_comes_back_and_a_new_evening(page: Any, tmp_path: Path) -> None:
    page.set_viewport_size({"width": 1100, "height": 900})
    page.goto("#/tournament")
    ready(page)
    page.wait_for_selector("[data-testid=tournament][data-routed=true]")
    page.select_option("#tour-preset", "lockhausen")
    page.select_option("#tour-rounds", "3")
    page.fill("#tour-seed", str(SEED))
    page.dispatch_event("#tour-seed", "change")
    page.fill("#tour-names", "\n".join(NAMES))
    page.click("[data-testid=tour-add]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=tour-preview]')?.textContent"
        ".includes('9 Teilnehmer an Tischen zu 4 + 5')"
    )
    everyone = list(range(1, 10))
    page.click("[data-testid=tour-draw]")
    first = wait_tables(page, 1, everyone)
    assert sorted(len(t) for t in first) == [4, 5]
    hand_in_all(page, tmp_path, 1)
    page.click("[data-testid=tour-draw]")
    drawn = wait_tables(page, 2, everyone)
    assert page.locator("[data-intent=tournament-redraw]").count() == 0

    # Ida leaves after round 1: round 2 no longer fits the list and is drawn again
    page.click("[aria-label='Ida abmelden']")
    wait_entrant(page, "Ida", "abgemeldet ab Tischrunde 2")
    page.wait_for_selector("[data-intent=tournament-redraw][data-value='2']")
    assert "geändert" in page.text_content("[data-testid=tour-round] >> nth=1")
    redraw(page, 2)
    without = wait_tables(page, 2, everyone[:-1])
    assert sorted(len(t) for t in without) == [4, 4]
    page.wait_for_selector("[data-intent=tournament-redraw]", state="detached")

    # she is back before round 2 starts: drawn again, the seed gives the first draw back
    page.click(f"[data-intent=tournament-return][data-value='{IDA}']")
    wait_entrant(page, "Ida", "abgemeldet", present=False)
    page.wait_for_selector("[data-intent=tournament-redraw][data-value='2']")
    redraw(page, 2)
    assert wait_tables(page, 2, everyone) == drawn

    # she leaves again, round 2 is played without her; she returns for round 3
    page.click("[aria-label='Ida abmelden']")
    wait_entrant(page, "Ida", "abgemeldet ab Tischrunde 2")
    redraw(page, 2)
    assert wait_tables(page, 2, everyone[:-1]) == without
    hand_in_all(page, tmp_path, 2)
    wait_entrant(page, "Ida", "abgemeldet ab Tischrunde 2")  # round 2 is in: kept as it was
    page.click(f"[data-intent=tournament-return][data-value='{IDA}']")
    wait_entrant(page, "Ida", "abgemeldet", present=False)
    page.wait_for_function(
        "() => document.querySelector('[data-testid=tour-preview]')?.textContent"
        ".includes('Tischrunde 3: 9 Teilnehmer')"
    )
    assert tables_shown(page, 2) == without  # a round with sheets in is never drawn again
    assert page.locator("[data-intent=tournament-redraw]").count() == 0
    page.click("[data-testid=tour-draw]")
    third = wait_tables(page, 3, everyone)
    assert any(IDA in table for table in third)
    hand_in_all(page, tmp_path, 3)
    page.wait_for_function(
        "() => document.querySelector('#tour-standings-title')?.textContent === 'Endstand'"
    )
    with page.expect_download() as info:
        page.click("[data-testid=tour-json]")
    exported = json.loads(Path(info.value.path()).read_text())
    rows = {row["player"]: row for row in exported["standings"]["ranking"]}
    assert sorted(rows) == everyone
    ida = rows[IDA]["rounds"]
    assert ida[1] is None and ida[0] is not None and ida[2] is not None
    assert rows[IDA]["total"] == ida[0] + ida[2]
    assert [r["tables"] for r in exported["tournament"]["rounds"]] == [first, without, third]
    shown = page.locator("[data-testid=tour-standings] [data-testid=tour-rank-row]")
    assert shown.count() == 9

    # "Neuer Turnierabend": asked first; refused, the evening stays
    old_id = page.get_attribute("[data-testid=tournament]", "data-tour-id")
    questions: list[str] = []

    def refuse(dialog: Any) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", refuse)
    page.click("[data-intent=tournament-new]")
    next_frames(page)
    assert questions == ["Diesen Turnierabend verwerfen und einen neuen beginnen?"]
    assert page.get_attribute("[data-testid=tournament]", "data-tour-id") == old_id
    assert page.locator("[data-testid=tour-entrant]").count() == 9
    # agreed: a new evening with its own id, nobody entered, nothing drawn, and stored
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-intent=tournament-new]")
    page.wait_for_function(
        "(old) => document.querySelector('[data-testid=tournament]').dataset.tourId !== old",
        arg=old_id,
    )
    new_id = page.get_attribute("[data-testid=tournament]", "data-tour-id")
    assert page.locator("[data-testid=tour-entrant]").count() == 0
    assert page.locator("[data-testid=tour-round]").count() == 0
    assert page.locator("[data-testid=tour-standings]").count() == 0
    assert page.input_value("#tour-rounds") == "2"
    wait_entry(page, "tournament", "e.data.id === arg", new_id)
    kept = stored(page, "tournament")["data"]
    assert kept["entrants"] == [] and kept["rounds"] == []
    page.reload()
    ready(page)
    page.wait_for_function(
        "(id) => document.querySelector('[data-testid=tournament]')?.dataset.tourId === id",
        arg=new_id,
    )
    assert page.locator("[data-testid=tour-entrant]").count() == 0
    assert page.watch.errors == [] and page.watch.offsite == []
