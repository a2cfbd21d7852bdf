"""The deal review and the statistics page in a real browser."""

from __future__ import annotations

import time
from typing import Any

import pytest
from pageplay import ready, step, stored

pytestmark = pytest.mark.slow

GAME = "/#/play?rules=ddv&seed=11&delay=0&level=standard&review-budget=40"


def play_deals(page: Any, count: int, timeout: float = 240) -> None:
    """Play until ``count`` rows are on the score sheet, dealing on between them."""
    deadline = time.monotonic() + timeout
    rows = page.locator("[data-testid=score-row]")
    while rows.count() < count:
        assert time.monotonic() < deadline, "the deals did not finish in time"
        following = page.locator("[data-testid=next-game]")
        if page.locator("[data-testid=result]").count() and following.count():
            if rows.count() >= count:  # the deal that just ended was the last one wanted
                break
            following.first.click()
            page.wait_for_function(
                "n => document.querySelectorAll('[data-testid=score-row]').length === n "
                "&& !document.querySelector('[data-testid=result]')",
                arg=rows.count(),
            )
        elif not step(page):
            page.wait_for_timeout(50)
    page.wait_for_selector("[data-testid=result]")


def wait_done(page: Any) -> None:
    page.wait_for_selector("[data-testid=review][data-state=done]", timeout=120_000)


def step_through(page: Any) -> list[str]:
    """Walk the review's decisions forward with the Next button; the shown indices."""
    decisions = page.locator("[data-testid=review-decision]")
    assert decisions.count() > 0
    page.locator("[data-testid=review-decision]").first.click()
    seen = [page.get_attribute("[data-testid=review-current]", "data-index") or ""]
    for _ in range(decisions.count() - 1):
        page.click("[data-testid=review-next]")
        page.wait_for_function(
            "i => document.querySelector('[data-testid=review-current]').dataset.index !== i",
            arg=seen[-1],
        )
        seen.append(page.get_attribute("[data-testid=review-current]", "data-index") or "")
    return seen


def test_review_from_result_panel_and_sheet_then_statistics(page: Any) -> None:
    page.goto(GAME)
    ready(page)
    play_deals(page, 3)

    # from the result panel: the last deal, reviewed decision by decision
    page.click("[data-testid=review-open]")
    page.wait_for_selector("[data-testid=review]")
    wait_done(page)
    seen = step_through(page)
    indices = [
        page.locator("[data-testid=review-decision]").nth(i).get_attribute("data-index")
        for i in range(len(seen))
    ]
    assert seen == indices and len(set(seen)) == len(seen)
    summary = page.text_content("[data-testid=review-summary]") or ""
    assert "Fehler" in summary
    rows = page.locator("[data-testid=review-decision]").all()
    losses = [float(x.get_attribute("data-loss") or 0) for x in rows]
    marked = [x.get_attribute("data-largest") == "true" for x in rows]
    assert all(loss >= 0 for loss in losses)
    # the biggest loss is marked as one of the largest mistakes (the marks go to at most 3)
    worst = losses.index(max(losses))
    assert marked[worst] == (losses[worst] >= 0.5)
    assert sum(marked) <= 3
    page.wait_for_selector("[data-testid=review-duplicate]", timeout=120_000)
    assert "Mit deinen Karten holte der Bot" in (
        page.text_content("[data-testid=review-duplicate]") or ""
    )

    # back at the table; the first deal from the score sheet
    page.click("[data-testid=review-back]")
    page.wait_for_selector("[data-testid=result]")
    page.locator("[data-testid=row-review]").first.click()
    wait_done(page)
    first = step_through(page)
    assert first and first != seen

    # a review can be stopped while it runs; the table is there again at once
    page.click("[data-testid=review-back]")
    page.click("[data-testid=review-open]")
    # the progress redraws with every decision: press the button the page shows now
    page.wait_for_selector("[data-testid=review-stop]")
    page.evaluate("document.querySelector('[data-testid=review-stop]').click()")
    page.wait_for_selector("[data-testid=review][data-state=stopped]")
    page.click("[data-testid=review-back]")
    page.wait_for_selector("[data-testid=result] [data-testid=next-game]")
    page.click("[data-testid=review-open]")
    wait_done(page)

    # the statistics are a link away; the reviewed deal opens in the replay viewer, where
    # it takes notes and is shared as a demo
    assert page.get_attribute("[data-testid=open-stats]", "href") == "#/stats"
    page.click("[data-testid=review-annotate]")
    page.wait_for_selector("[data-testid=replay]")
    assert "#/replay/" in page.url
    page.click("[data-replay=note-edit]")
    page.wait_for_selector("[data-testid=note-editor]")

    # the statistics page counts the three deals and draws the running totals
    page.goto("#/stats")
    page.wait_for_selector("[data-testid=stats][data-deals='3']")
    assert (page.text_content("[data-testid=stat-deals] dd") or "") == "3"
    page.wait_for_selector("[data-testid=chart-totals] polyline")
    assert page.locator("[data-testid=chart-totals] polyline").count() == 4
    page.wait_for_selector("[data-testid=chart-loss] polyline")
    kept = stored(page, "stats")
    assert kept["kind"] == "stats" and len(kept["data"]["deals"]) == 3
    assert sum(1 for d in kept["data"]["deals"] if isinstance(d["loss"], int | float)) == 2
    assert not page.watch.errors, page.watch.errors
