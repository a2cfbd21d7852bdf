"""The score keeper's corners in a real Chromium, each against points worked out by hand
from the rule pages (docs/rules/ddv.md, klassisch.md), not by the engine:

- a correction begun and cancelled leaves the sheet as it was; "Neue Liste" asks first,
  keeps the sheet when refused and empties it when agreed;
- 0 and 240 Augen, with the tricks the table says (schwarz or not);
- five players: the dealer who sits out writes 0 (ddv), the next deal's dealer sits out;
- six and eight players: fixed teams by seat, a soloist writing x5 and x7;
- the CSV export with names holding commas, quotes and semicolons, read back by Python's
  csv module.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import pytest
from pageplay import next_frames, open_keeper_sheet, ready, stored, wait_entry

pytestmark = pytest.mark.browser

FORM = "[data-testid=keeper-form]"
ROWS = "[data-testid=score-row]"


def pressed(page: Any, testid: str) -> list[int]:
    chips = page.locator(f"{FORM} [data-testid={testid}][aria-pressed=true]")
    return sorted(int(chips.nth(i).get_attribute("data-value")) for i in range(chips.count()))


def choose_re(page: Any, seats: list[int]) -> None:
    """Press exactly these Re seats (or this soloist)."""
    for seat in pressed(page, "keeper-re"):
        if seat not in seats:
            page.click(f"{FORM} [data-testid=keeper-re][data-value='{seat}']")
    for seat in seats:
        if seat not in pressed(page, "keeper-re"):
            page.click(f"{FORM} [data-testid=keeper-re][data-value='{seat}']")
    assert pressed(page, "keeper-re") == sorted(seats)


def set_eyes(page: Any, eyes: int) -> None:
    page.fill(f"{FORM} [data-testid=keeper-eyes]", str(eyes))
    page.wait_for_function(
        "(n) => document.querySelector('[data-testid=keeper-kontra-eyes]')"
        ".textContent.endsWith(`${n} Augen`)",
        arg=240 - eyes,
    )


def submit(page: Any, rows: int) -> None:
    """Enter the form's game and wait until the sheet has ``rows`` rows."""
    page.click("[data-testid=keeper-submit]")
    wait_rows(page, rows)


def wait_rows(page: Any, rows: int) -> None:
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-testid=score-row]').length === n"
        " && !document.querySelector('[data-testid=score-row].editing')",
        arg=rows,
    )


def sheet(page: Any) -> list[tuple[list[int], list[int]]]:
    """Each row's points and running totals as the sheet shows them."""
    rows = page.locator(ROWS)
    return [
        (
            json.loads(rows.nth(i).get_attribute("data-points")),
            json.loads(rows.nth(i).get_attribute("data-totals")),
        )
        for i in range(rows.count())
    ]


def totals_shown(page: Any) -> list[int]:
    return [int(x) for x in page.locator("[data-testid=total]").all_text_contents()]


def stored_summaries(page: Any, count: int) -> list[dict[str, Any]]:
    """The sheet's games as IndexedDB holds them, once it holds ``count`` of them."""
    wait_entry(page, "keeper", 'e.data.phase === "sheet" && e.data.games.length === arg', count)
    return [g["summary"] for g in stored(page, "keeper")["data"]["games"]]


def test_zero_and_240_augen_with_the_tricks(page: Any) -> None:
    open_keeper_sheet(page, "ddv", 4)
    tricks = f"{FORM} [data-testid=keeper-tricks]"
    assert page.locator(tricks).count() == 0  # only at 0 or 240 Augen

    # Re took no trick: Kontra wins 1, gegen die Alten 1, keine 90/60/30 3, schwarz 1
    choose_re(page, [0, 2])
    set_eyes(page, 0)
    page.wait_for_selector(tricks)
    assert page.text_content(tricks) == "0"
    submit(page, 1)
    # Re took one trick of no Augen (four nines): not schwarz, 5
    choose_re(page, [0, 2])
    set_eyes(page, 0)
    page.click(f"{FORM} [data-intent=keeper-tricks][data-value='1']")
    page.wait_for_function("() => document.querySelector('[data-testid=keeper-tricks]')"
                           ".textContent === '1'")  # fmt: skip
    submit(page, 2)
    # Re took every trick: won 1, keine 90/60/30 3, schwarz 1 (no gegen die Alten)
    choose_re(page, [1, 3])
    set_eyes(page, 240)
    page.wait_for_selector(tricks)
    assert page.text_content(tricks) == "12"
    submit(page, 3)
    # 240 Augen but Kontra took a trick (of no Augen): not schwarz, 4
    choose_re(page, [1, 3])
    set_eyes(page, 240)
    page.click(f"{FORM} [data-intent=keeper-tricks][data-value='-1']")
    page.wait_for_function("() => document.querySelector('[data-testid=keeper-tricks]')"
                           ".textContent === '11'")  # fmt: skip
    assert "Kontra: 1 Stich" in page.text_content(FORM)
    submit(page, 4)

    assert sheet(page) == [
        ([-6, 6, -6, 6], [-6, 6, -6, 6]),
        ([-5, 5, -5, 5], [-11, 11, -11, 11]),
        ([-5, 5, -5, 5], [-16, 16, -16, 16]),
        ([-4, 4, -4, 4], [-20, 20, -20, 20]),
    ]
    assert totals_shown(page) == [-20, 20, -20, 20]
    kept = stored_summaries(page, 4)
    assert [(g["eyes_re"], g["tricks"]) for g in kept] == [
        (0, {"re": 0, "kontra": 12}),
        (0, {"re": 1, "kontra": 11}),
        (240, {"re": 12, "kontra": 0}),
        (240, {"re": 11, "kontra": 1}),
    ]
    # the first row's lines say schwarz; the second's do not
    page.locator("[data-testid=row-details]").nth(0).click()
    first = page.locator("[data-testid=score-line]").all_text_contents()
    assert len(first) == 6 and any("schwarz" in line for line in first), first
    page.locator("[data-testid=row-details]").nth(0).click()
    page.locator("[data-testid=row-details]").nth(1).click()
    page.wait_for_selector("#lines-1")
    second = page.locator("[data-testid=score-line]").all_text_contents()
    assert len(second) == 5 and not any("schwarz" in line for line in second), second
    assert page.watch.errors == [] and page.watch.offsite == []


def test_a_cancelled_correction_and_a_new_sheet(page: Any) -> None:
    open_keeper_sheet(page, "ddv", 4, ["Anna", "Bernd", "Carla", "Dieter"])
    choose_re(page, [0, 2])
    set_eyes(page, 130)  # Re wins: 1
    submit(page, 1)
    choose_re(page, [1, 3])
    set_eyes(page, 100)  # Kontra wins: 1 and gegen die Alten 1
    submit(page, 2)
    before = [([1, -1, 1, -1], [1, -1, 1, -1]), ([2, -2, 2, -2], [3, -3, 3, -3])]
    assert sheet(page) == before
    summaries = stored_summaries(page, 2)

    # a correction of game 1 begun (another contract, Re, Augen, a call) and cancelled
    page.locator("[data-testid=row-edit]").nth(0).click()
    page.wait_for_selector(f"{ROWS}.editing")
    assert page.input_value(f"{FORM} [data-testid=keeper-eyes]") == "130"
    page.click(f"{FORM} [data-testid=keeper-contract][data-value='solo:queens']")
    choose_re(page, [3])
    set_eyes(page, 40)
    page.click(f"{FORM} [data-testid=keeper-ann-re][data-value=re]")
    page.click(f"{FORM} [data-intent=keeper-cancel]")
    wait_rows(page, 2)
    assert sheet(page) == before
    assert totals_shown(page) == [3, -3, 3, -3]
    # the form is a fresh entry again, game 3
    assert page.text_content(f"{FORM} h2") == "Spiel 3 eintragen"
    assert page.input_value(f"{FORM} [data-testid=keeper-eyes]") == "121"
    assert pressed(page, "keeper-re") == [] and pressed(page, "keeper-ann-re") == []
    assert page.locator(f"{FORM} [data-intent=keeper-cancel]").count() == 0
    assert stored_summaries(page, 2) == summaries

    # "Neue Liste" asks first; refused, nothing changes
    questions: list[str] = []

    def refuse(dialog: Any) -> None:
        questions.append(dialog.message)
        dialog.dismiss()

    page.once("dialog", refuse)
    page.click("[data-intent=keeper-reset]")
    next_frames(page)
    assert questions == ["Die Liste löschen und neu beginnen?"]
    assert sheet(page) == before and stored_summaries(page, 2) == summaries
    # agreed: back to the setup with the names kept, then an empty sheet
    page.once("dialog", lambda dialog: dialog.accept())
    page.click("[data-intent=keeper-reset]")
    page.wait_for_selector("[data-testid=keeper-setup]")
    assert page.input_value("#keeper-name-0") == "Anna"
    page.click("[data-testid=keeper-start]")
    page.wait_for_selector(FORM)
    assert page.locator(ROWS).count() == 0
    assert totals_shown(page) == [0, 0, 0, 0]
    assert stored_summaries(page, 0) == []
    page.reload()
    ready(page)
    page.wait_for_selector(FORM)
    assert page.locator(ROWS).count() == 0 and totals_shown(page) == [0, 0, 0, 0]
    assert page.watch.errors == [] and page.watch.offsite == []


def test_five_players_the_dealer_sits_out_and_writes_nothing(page: Any) -> None:
    open_keeper_sheet(page, "ddv", 5, ["A", "B", "C", "D", "E"])
    out = f"{FORM} [data-testid=keeper-re][data-value='0']"
    # deal 1: seat 0 deals and sits out; he cannot be Re
    assert pressed(page, "keeper-out") == [0]
    assert page.get_attribute(out, "aria-disabled") == "true"
    page.click(out, force=True)  # pressed anyway: nothing happens
    next_frames(page)
    assert pressed(page, "keeper-re") == []
    choose_re(page, [1, 3])
    set_eyes(page, 130)  # Re wins 1
    submit(page, 1)
    # deal 2: the next seat sits out by itself
    page.wait_for_function(
        "() => document.querySelector("
        "'[data-testid=keeper-out][aria-pressed=true]')?.dataset.value === '1'"
    )
    choose_re(page, [2, 4])
    set_eyes(page, 100)  # Kontra wins 1 and gegen die Alten 1
    submit(page, 2)
    # deal 3: the table says seat 4 sat out instead
    page.click(f"{FORM} [data-testid=keeper-out][data-value='4']")
    page.wait_for_function(
        "() => document.querySelector("
        "'[data-testid=keeper-out][aria-pressed=true]')?.dataset.value === '4'"
    )
    choose_re(page, [0, 1])
    set_eyes(page, 121)  # Re wins 1
    submit(page, 3)

    assert sheet(page) == [
        ([0, 1, -1, 1, -1], [0, 1, -1, 1, -1]),
        ([2, 0, -2, 2, -2], [2, 1, -3, 3, -3]),
        ([1, 1, -1, -1, 0], [3, 2, -4, 2, -3]),
    ]
    assert totals_shown(page) == [3, 2, -4, 2, -3]
    # the seat that sat out is marked, not written as a zero
    rows = page.locator(ROWS)
    for row, seat in enumerate([0, 1, 4]):
        cell = rows.nth(row).locator("td").nth(2 + seat)
        assert "out" in (cell.get_attribute("class") or "").split()
        assert cell.locator(".pts").text_content() == "–"
    assert [g["sitting_out"] for g in stored_summaries(page, 3)] == [0, 1, 4]
    assert page.watch.errors == [] and page.watch.offsite == []


@pytest.mark.parametrize(
    ("players", "team_game", "solo"),
    [
        # six: team A (seats 0, 2, 4) wins with 130 Augen, 1 each; a Großspiel by seat 1
        # won: 1 x5 for him, -1 for each other
        (6, (130, [1, -1, 1, -1, 1, -1]), (1, 130, [-1, 5, -1, -1, -1, -1])),
        # eight: team A only 50 Augen: team B wins 1 and Schneider 1; seat 3's Großspiel
        # lost with 100: -1 x7 for him, +1 for each other
        (8, (50, [-2, 2, -2, 2, -2, 2, -2, 2]), (3, 100, [1, 1, 1, -7, 1, 1, 1, 1])),
    ],
)
def test_six_and_eight_players_play_in_fixed_teams(
    page: Any,
    players: int,
    team_game: tuple[int, list[int]],
    solo: tuple[int, int, list[int]],
) -> None:
    names = [f"S{seat}" for seat in range(players)]
    open_keeper_sheet(page, "klassisch", players, names)
    # a team game: the teams are the seats, nobody to choose
    teams = page.text_content(f"{FORM} [data-testid=keeper-teams]")
    team_a = ", ".join(names[0::2])
    team_b = ", ".join(names[1::2])
    assert teams == f"Team A: {team_a} · Team B: {team_b}", teams
    assert page.locator(f"{FORM} [data-testid=keeper-re]").count() == 0
    eyes, points = team_game
    set_eyes(page, eyes)
    submit(page, 1)
    # a solo: one soloist among all seats
    soloist, solo_eyes, solo_points = solo
    page.click(f"{FORM} [data-testid=keeper-contract][data-value='solo:jacks']")
    page.wait_for_selector(f"{FORM} [data-testid=keeper-re]")
    assert page.locator(f"{FORM} [data-testid=keeper-re]").count() == players
    choose_re(page, [soloist])
    set_eyes(page, solo_eyes)
    submit(page, 2)
    totals = [a + b for a, b in zip(points, solo_points, strict=True)]
    assert sheet(page) == [(points, points), (solo_points, totals)]
    assert totals_shown(page) == totals
    kept = stored_summaries(page, 2)
    assert kept[0]["re"] == list(range(0, players, 2)) and kept[0]["players"] == players
    assert kept[1]["re"] == [soloist]
    assert page.watch.errors == [] and page.watch.offsite == []


def test_csv_export_quotes_names_with_commas_and_quotes(page: Any) -> None:
    names = ["Anna, die Erste", 'Bernd "Bär" Bauer', "Carla;C", "Dieter"]
    open_keeper_sheet(page, "ddv", 4, names)
    choose_re(page, [0, 2])
    set_eyes(page, 130)
    submit(page, 1)
    choose_re(page, [1, 3])
    set_eyes(page, 100)
    submit(page, 2)
    # the sheet's head shows the names as typed
    heads = page.locator("[data-testid=scoresheet] thead th").all_text_contents()
    assert heads[2:] == names

    with page.expect_download() as info:
        page.click("[data-testid=export-csv]")
    data = Path(info.value.path()).read_bytes()
    assert info.value.suggested_filename == "spielliste.csv"
    # as German Excel reads it: UTF-8 named by its byte order mark, cells at semicolons
    assert data.startswith(b"\xef\xbb\xbf")
    raw = data.decode("utf-8-sig")
    assert '"Anna, die Erste"' in raw and '"Bernd ""Bär"" Bauer"' in raw
    assert '"Carla;C"' in raw
    table = list(csv.reader(io.StringIO(raw, newline=""), delimiter=";"))
    assert table == [
        ["Nr.", "Spiel", *names, *(f"Stand {n}" for n in names)],
        ["1", "Normalspiel", "1", "-1", "1", "-1", "1", "-1", "1", "-1"],
        ["2", "Normalspiel", "2", "-2", "2", "-2", "3", "-3", "3", "-3"],
        ["Summe", "", "3", "-3", "3", "-3", "3", "-3", "3", "-3"],
    ]
    assert raw.endswith("\r\n") and raw.count("\r\n") == 4
    assert page.watch.errors == [] and page.watch.offsite == []
