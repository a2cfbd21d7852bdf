"""A link's parameters hold for the game that link opens and for nothing after it: a bad
``rules=`` does not become the rules of the next ``#/play`` link, and ``delay=0`` does
not make the bots of the next game move without their pause."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pageplay import HAND, LEGAL_CARD, ready, step

pytestmark = pytest.mark.browser


def my_turn_with_cards(page: Any) -> None:
    """Declare healthy and wait until a card may be played."""
    deadline = time.monotonic() + 60
    while page.locator(LEGAL_CARD).count() == 0:
        assert time.monotonic() < deadline, "never the player's turn"
        if not step(page):
            page.wait_for_timeout(50)


def test_a_links_rules_and_delay_do_not_stick_to_later_links(page: Any) -> None:
    page.goto("/#/play?rules=nosuch&seed=1&delay=0")
    ready(page)
    page.wait_for_function(
        "() => document.querySelector('[role=alert], [data-testid=error]')?.textContent.trim()"
        " || document.body.textContent.includes('nosuch')"
    )
    page.goto("/#/play?seed=2")
    page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
    # dealt with the page's rules, not the link's unknown ones
    assert "nosuch" not in (page.text_content("main") or page.text_content("body") or "")
    my_turn_with_cards(page)
    # the bots play at the chosen pace (400 ms a move): the trick's cards land one by one,
    # not all at once as the earlier link's delay=0 would have them. The gaps between
    # cards landing are measured in the page (load only widens them); the first may be
    # the player's own card settling, so the check is that bots' cards came paced
    page.evaluate(
        """() => {
          window.__gaps = []; let last = null; let count = 0;
          const trick = () => document.querySelectorAll('[data-testid=trick] [data-card]').length;
          new MutationObserver(() => {
            const n = trick();
            if (n > count) { const now = performance.now();
              if (last !== null) window.__gaps.push(now - last); last = now; }
            count = n;
          }).observe(document.body, { childList: true, subtree: true });
        }"""
    )
    page.locator(LEGAL_CARD).first.click()
    page.wait_for_function("() => window.__gaps.length >= 2", timeout=30_000)
    my_turn_with_cards(page)
    assert max(page.evaluate("() => window.__gaps")) >= 300
    assert page.watch.errors == []
