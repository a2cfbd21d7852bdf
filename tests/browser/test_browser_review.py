"""The deal review and the statistics page in a real browser."""

from __future__ import annotations

import re
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


REASONS = (
    "trick-kept",
    "eyes-given",
    "special-lost",
    "special-missed",
    "trump-for-fehl",
    "word-lost",
    "word-missed",
    "game-won",
)


def shown_review(page: Any) -> list[tuple[str, str, str]]:
    """Each decision's loss, the cost line and the reasons the page says for it."""
    out = []
    for i in range(page.locator("[data-testid=review-decision]").count()):
        page.locator("[data-testid=review-decision]").nth(i).click()
        page.wait_for_selector(
            f"[data-testid=review-decision][aria-current=step][data-value='{i}']"
        )
        reasons = page.eval_on_selector_all(
            "[data-testid=review-reason]",
            "els => els.map(e => e.dataset.code + ' ' + e.textContent)",
        )
        cost = page.text_content("[data-testid=review-cost]") or ""
        loss = page.locator("[data-testid=review-decision]").nth(i).get_attribute("data-loss")
        out.append((str(loss), cost, " | ".join(reasons)))
    return out


def test_review_says_why_the_same_every_time_and_the_charts_have_axes(page: Any) -> None:
    page.goto("/#/play?rules=ddv&seed=5&delay=0&level=beginner&review-budget=20")
    ready(page)
    play_deals(page, 1)
    page.click("[data-testid=review-open]")
    wait_done(page)
    # the page opens at the largest mistake: its cost in points and Augen, and why
    page.wait_for_selector("[data-testid=review-reason]")
    assert "Augen" in (page.text_content("[data-testid=review-cost]") or "")
    first = shown_review(page)
    said = [r for _, _, r in first if r]
    assert said, first
    for line in said:
        for reason in line.split(" | "):
            code, text = reason.split(" ", 1)
            assert code in REASONS
            assert text and "{" not in text and "rvWhy" not in text
    # the same deal reviewed again says the same, decision by decision
    page.click("[data-testid=review-back]")
    page.wait_for_selector("[data-testid=result]")
    page.click("[data-testid=review-open]")
    wait_done(page)
    assert shown_review(page) == first

    # the statistics' charts: both axes named, the values 0, lowest, highest and the last
    page.goto("#/stats")
    page.wait_for_selector("[data-testid=chart-totals] polyline")
    for chart in ("chart-loss", "chart-totals"):
        names = page.eval_on_selector_all(
            f"[data-testid={chart}] text.axis-name", "els => els.map(e => e.textContent)"
        )
        assert len(names) == 2 and all(names), names
        assert page.locator(f"[data-testid={chart}] text.tick[data-value='0']").count() == 1
        assert page.locator(f"[data-testid={chart}-last]").count() == 1
    ticks = page.eval_on_selector_all(
        "[data-testid=chart-totals] text.tick[data-value]", "els => els.map(e => +e.dataset.value)"
    )
    legend = page.text_content("[data-testid=chart-totals-legend]") or ""
    minus = "\N{MINUS SIGN}"  # the page writes values below 0 with it
    points = [int(x.replace(minus, "-")) for x in re.findall(f"([{minus}-]?\\d+)", legend)]
    assert sorted(ticks) == sorted({0, min(points), max(points)})
    assert all(seat in legend for seat in ("Du", "Links", "Gegenüber", "Rechts"))
    mine = page.text_content("[data-testid=chart-totals-last]") or ""
    assert f"Du: {mine}" in legend
    assert not page.watch.errors, page.watch.errors
