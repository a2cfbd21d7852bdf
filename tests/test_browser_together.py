"""Playing together: pass and play on one device, and a table across browsers joined
by invite and answer links alone (WebRTC on localhost, host candidates)."""

from __future__ import annotations

import json
import time
from collections import Counter
from typing import Any

from pageplay import _click, ready

COVER = "[data-testid=cover][data-state=covered]"
HAND_CARDS = "[data-testid=hand] [data-card]"


def _cards_outside_the_trick(page: Any) -> list[str]:
    """Every card face in the DOM that is not lying on the table (the trick, the last
    trick, a taken trick sliding to its winner)."""
    return page.evaluate(
        """() => [...document.querySelectorAll('[data-card]')]
            .filter((el) => !el.closest('[data-testid=trick], [data-testid=last-trick], .last-panel, .ghost'))
            .map((el) => el.dataset.card)"""
    )


def _table_now(page: Any) -> Any:
    """Whose cover, the trick on the table and the tricks each seat has won."""
    return page.evaluate(
        """() => [document.querySelector('[data-testid=cover]').dataset.seat,
            [...document.querySelectorAll('[data-testid=trick] [data-card]')].map((el) => el.dataset.card),
            [...document.querySelectorAll('[data-testid=table] .seat')].map((el) => el.textContent)]"""
    )


def _act(page: Any) -> bool:
    """The uncovered person's move: Gesund, no to an Armut, else a legal card."""
    for word in ("healthy", "decline"):
        button = page.locator(f'[data-testid=actions] [data-action="{word}"]')
        if button.count():
            return _click(button.first)
    card = page.locator(
        "[data-testid=hand][data-my-turn=true] button[data-card]:not([aria-disabled=true])"
    )
    if card.count():
        return _click(card.first)
    return False


def test_pass_and_play_two_people_two_bots_never_shows_the_other_hand(page: Any) -> None:
    page.goto("#/together?delay=0&seed=7")
    ready(page)
    names = page.locator("[data-testid=seat-name]")
    assert names.count() == 2  # seats 1 and 2 are people by default, 3 and 4 bots
    names.nth(0).fill("Anna")
    names.nth(1).fill("Ben")
    page.click("[data-testid=pass-start]")
    seen: dict[str, Counter[str]] = {"Anna": Counter(), "Ben": Counter()}
    covers = 0
    deadline = time.monotonic() + 120
    while not page.locator("[data-testid=result]").count():
        assert time.monotonic() < deadline, "the deal did not finish"
        cover = page.locator(COVER)
        if cover.count():
            covers += 1
            # covered: no hand at all in the DOM, no card face but those on the table
            assert page.locator(HAND_CARDS).count() == 0
            assert _cards_outside_the_trick(page) == []
            name = "Anna" if cover.get_attribute("data-seat") == "0" else "Ben"
            if covers == 9:  # the tab is killed: it comes back at the same card, covered
                table = _table_now(page)
                page.reload()
                page.wait_for_selector(COVER)
                assert _table_now(page) == table
                assert page.locator(HAND_CARDS).count() == 0
            assert page.locator("[data-testid=cover] h2").inner_text() == f"Gib das Gerät an {name}"
            page.click("[data-testid=reveal]")
            page.wait_for_selector(f"{HAND_CARDS}, [data-testid=result]")
            hand = page.locator("[data-testid=hand] button[data-card]").evaluate_all(
                "(els) => els.map((el) => el.dataset.card)"
            )
            seen[name] |= Counter(hand)
            _act(page)
            continue
        if page.locator("[data-testid=cover][data-state=bots]").count():
            assert page.locator(HAND_CARDS).count() == 0
            assert _cards_outside_the_trick(page) == []
        elif page.locator(HAND_CARDS).count():
            _act(page)  # the same person again (no one else looked in between)
        page.wait_for_timeout(30)
    record = json.loads(page.locator("[data-testid=record]").text_content() or "{}")
    hands = {name: Counter(record["hands"][seat].split()) for seat, name in enumerate(("Anna", "Ben"))}
    assert covers >= 12  # every trick both people had a turn behind the cover
    for name in seen:
        # each saw their whole hand (the first look holds all of it) and nothing else
        assert seen[name] == hands[name], f"{name} was shown cards not theirs"
    # the names are on the result and the score sheet
    points = page.locator("[data-testid=result-points]").inner_text()
    assert "Anna" in points and "Ben" in points and "Bot 3" in points
    assert "Anna" in page.locator(".sheet").inner_text()
    assert page.watch.errors == []
