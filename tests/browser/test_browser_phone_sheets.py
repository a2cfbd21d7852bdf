"""The score sheets on a phone (390x844), measured in a real Chromium:

- the keeper after seven games: the entry form's first field is in view without
  scrolling, every game is one line (a row at most 48 px tall) and four seats fit the
  width;
- no header cell breaks inside a word (a seat's name, "Nr.", "Spiel"), in the keeper
  with four, five and eight players and on the table's sheet with four and five: each
  word of a header lies on one line, and no cell's text overflows the cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import pytest
from pageplay import open_keeper_sheet, play_to_end, ready, watched

pytestmark = pytest.mark.browser

PHONE = {"width": 390, "height": 844}
FORM = "[data-testid=keeper-form]"
ROWS = "[data-testid=score-row]"
NAMES = ["Anna", "Bernd", "Carla", "Dieter", "Eva", "Frank", "Gabi", "Heinz"]

# every word of every header cell that lies on more than one line, and every header
# cell whose text is wider than the cell
BROKEN_HEADERS = """(sel) => {
  const bad = [];
  for (const th of document.querySelectorAll(sel)) {
    if (th.scrollWidth > th.clientWidth + 1) bad.push(`${th.textContent} overflows its cell`);
    const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const m of node.data.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
        if (lines.size > 1) bad.push(`${m[0]} on ${lines.size} lines`);
      }
    }
  }
  return bad;
}"""


@pytest.fixture
def phone(browser: Any, site: str) -> Iterator[Callable[[], Any]]:
    contexts: list[Any] = []

    def make() -> Any:
        context = browser.new_context(
            viewport=PHONE, base_url=site, has_touch=True, is_mobile=True
        )
        contexts.append(context)
        return watched(context, site)

    yield make
    for context in contexts:
        context.close()


def keeper_with_games(page: Any, players: int, games: int, preset: str = "ddv") -> None:
    """A new sheet of ``players`` with names, and ``games`` normal games entered."""
    open_keeper_sheet(page, preset, players, NAMES[:players])
    form = page.locator(FORM)
    for game in range(games):
        form.wait_for()
        chips = form.locator("[data-testid=keeper-re]:not([aria-disabled=true])")
        if chips.count():  # not at fixed teams: two Re seats
            for i in (0, 1):
                if chips.nth(i).get_attribute("aria-pressed") != "true":
                    chips.nth(i).click()
        form.locator("[data-testid=keeper-eyes]").fill(str(100 + 7 * game))
        page.click("[data-testid=keeper-submit]")
        page.wait_for_function(
            "(n) => document.querySelectorAll('[data-testid=score-row]').length === n",
            arg=game + 1,
        )


def test_the_keeper_form_is_in_view_and_each_game_one_line(phone: Callable[[], Any]) -> None:
    page = phone()
    keeper_with_games(page, 4, 7)
    page.evaluate("() => window.scrollTo(0, 0)")
    first = page.locator(f"{FORM} [data-testid=keeper-contract]").first.bounding_box()
    assert first is not None
    assert first["y"] >= 0 and first["y"] + first["height"] <= PHONE["height"], first
    heights = page.eval_on_selector_all(
        ROWS, "rows => rows.map(r => r.getBoundingClientRect().height)"
    )
    assert len(heights) == 7
    assert max(heights) <= 48.5, heights
    # four seats fit the phone's width: no column cut off
    wide = page.evaluate(
        "() => { const s = document.querySelector('.keeper-sheet');"
        " return s.scrollWidth - s.clientWidth; }"
    )
    assert wide <= 1, f"{wide}px of the keeper's sheet cut off"
    # the row's buttons are named icons
    labels = page.eval_on_selector_all(
        f"{ROWS} .row-buttons button", "bs => bs.map(b => b.getAttribute('aria-label'))"
    )
    assert len(labels) == 14 and all(labels), labels
    assert "Spiel 7 korrigieren" in labels
    assert page.watch.errors == []


@pytest.mark.parametrize("players", [4, 5, 8])
def test_keeper_headers_never_break_inside_a_word(
    phone: Callable[[], Any], players: int
) -> None:
    page = phone()
    # eight players: a preset that plays at eight
    keeper_with_games(page, players, 2, "klassisch" if players == 8 else "ddv")
    bad = page.evaluate(BROKEN_HEADERS, ".keeper-sheet .sheet-table thead th")
    assert bad == []
    assert page.watch.errors == []


@pytest.mark.parametrize("players", [4, 5])
def test_table_sheet_headers_never_break_inside_a_word(
    phone: Callable[[], Any], players: int
) -> None:
    page = phone()
    page.goto(f"#/play?rules=ddv&seed=3&players={players}&delay=0&level=beginner")
    ready(page)
    play_to_end(page)
    assert page.locator("main .sheet .sheet-table thead th").count() == 2 + players
    bad = page.evaluate(BROKEN_HEADERS, "main .sheet .sheet-table thead th")
    assert bad == []
    assert page.watch.errors == []
