"""The deal review in the page: time per deal in the worker at a budget, and the time a
table request waits while a review runs. Also writes screenshots with --shots DIR.

    python3 benchmarks/review_page.py [--budget-ms 1500] [--deals 3] [--shots DIR]

Builds nothing: serves the existing dist/ (run ``python3 build.py`` first).
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "tests" / "browser"))

import build  # noqa: E402
from buildtools.chromium import CHROMIUM_ARGS, system_chromium  # noqa: E402
from pageplay import ready, step  # noqa: E402

SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1366, 768)}


def play_deal(page: Any, rows: int) -> None:
    while page.locator("[data-testid=score-row]").count() < rows:
        if not step(page):
            page.wait_for_timeout(50)
    page.wait_for_selector("[data-testid=result]")


def review_once(page: Any, budget: int, deal: int) -> dict[str, Any]:
    page.goto(f"/#/play?rules=ddv&seed={deal}&delay=0&level=strong&review-budget={budget}")
    ready(page)
    play_deal(page, 1)
    page.click("[data-testid=review-open]")
    page.wait_for_selector("[data-testid=review][data-state=done]", timeout=300_000)
    ms = int(page.get_attribute("body", "data-review-ms") or 0)
    count = page.locator("[data-testid=review-decision]").count()
    # the worker answers one request at a time: a table request waits at most one decision
    steps = [
        int(x.get_attribute("data-ms") or 0)
        for x in page.locator("[data-testid=review-decision]").all()
    ]
    return {"deal": deal, "review_ms": ms, "decisions": count, "step_ms_max": max(steps)}


def shots(browser: Any, site: str, out: Path, only: str = "") -> None:
    out.mkdir(parents=True, exist_ok=True)
    for theme in ("light", "dark"):
        for lang in ("de", "en"):
            for size, (w, h) in SIZES.items():
                if size != "phone" and lang == "en" and theme == "dark":
                    continue
                if only and f"{size}-{theme}-{lang}" not in only.split(","):
                    continue
                ctx = browser.new_context(base_url=site, viewport={"width": w, "height": h})
                ctx.add_init_script(
                    f"localStorage.setItem('doko.lang', '{lang}');"
                    f"localStorage.setItem('doko.options', JSON.stringify({{theme: '{theme}'}}));"
                )
                page = ctx.new_page()
                page.goto("/#/play?rules=ddv&seed=11&delay=0&level=standard&review-budget=40")
                ready(page)
                play_deal(page, 1)
                page.screenshot(path=str(out / f"result-{size}-{theme}-{lang}.jpg"))
                page.click("[data-testid=review-open]")
                page.wait_for_selector("[data-testid=review-duplicate]", timeout=120_000)
                page.screenshot(path=str(out / f"review-{size}-{theme}-{lang}.jpg"), full_page=True)
                page.click("[data-testid=open-stats]")
                page.wait_for_selector("[data-testid=stats][data-deals='1']")
                page.screenshot(path=str(out / f"stats-{size}-{theme}-{lang}.jpg"), full_page=True)
                ctx.close()


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--budget-ms", type=int, default=1500)
    p.add_argument("--deals", type=int, default=3)
    p.add_argument("--shots")
    p.add_argument("--only", default="", help="e.g. phone-light-de,desktop-dark-de")
    args = p.parse_args()
    from playwright.sync_api import sync_playwright

    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/"
    with sync_playwright() as pw:
        path = system_chromium()
        browser = pw.chromium.launch(
            **({"executable_path": path} if path else {}), args=CHROMIUM_ARGS
        )
        if args.shots:
            shots(browser, site, Path(args.shots), args.only)
        else:
            ctx = browser.new_context(base_url=site)
            page = ctx.new_page()
            started = time.monotonic()
            runs = [review_once(page, args.budget_ms, 100 + i) for i in range(args.deals)]
            print(
                json.dumps(
                    {
                        "budget_ms": args.budget_ms,
                        "runs": runs,
                        "seconds": round(time.monotonic() - started),
                    }
                )
            )
        browser.close()
    server.shutdown()


if __name__ == "__main__":
    main()
