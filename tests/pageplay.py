"""Playing through the page the way a person does: shared by the browser tests."""

from __future__ import annotations

import time
from typing import Any

from playwright.sync_api import TimeoutError as PlaywrightTimeout

HAND = "[data-testid=hand]"
LEGAL_CARD = f"{HAND}[data-my-turn=true] button[data-card]:not([aria-disabled=true])"
ILLEGAL_CARD = f"{HAND}[data-my-turn=true] button[data-card][aria-disabled=true]"


def ready(page: Any) -> None:
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def _click(locator: Any) -> bool:
    """Click if the control is still there: the page may redraw between looking and
    clicking (a bot's move, the answer to the previous click), so a control that
    went away is no move, not a failure."""
    try:
        locator.click(timeout=2_000)
    except PlaywrightTimeout:
        return False
    return True


def step(page: Any) -> bool:
    """Do the human's next move if there is one; True if something was clicked."""
    healthy = page.locator('[data-action="healthy"]')
    if healthy.count() and healthy.first.is_visible():
        return _click(healthy.first)
    card = page.locator(LEGAL_CARD)
    if card.count():
        return _click(card.first)
    return False


def play_to_end(page: Any, timeout: float = 120) -> None:
    """Play on until the deal's row is on the score sheet."""
    deadline = time.monotonic() + timeout
    while page.locator("[data-testid=score-row]").count() == 0:
        assert time.monotonic() < deadline, "game did not finish in time"
        if not step(page):
            page.wait_for_timeout(50)


def expand_choices(page: Any) -> None:
    """Open the folded choices (the solos behind "Solo …", the announcements behind
    "Mehr …") so that every legal choice is a button on the page."""
    for toggle in ("solo-picker", "more-calls", "wedding-picker"):
        button = page.locator(f"[data-testid={toggle}][aria-expanded=false]")
        if button.count():
            _click(button.first)
