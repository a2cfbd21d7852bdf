"""One played card on the page: ``python3 benchmarks/tap_bench.py [--deals N] [--no-build]``.

Plays whole deals in headless Chromium (``#/play?rules=ddv&seed=N&delay=1``: bots at
once, yet a trick the player completes is still shown; the player answers "gesund" and
taps the first playable card each turn) and prints

- the time from the tap on a card to that card lying in the trick (in the DOM, and the
  frame that shows it painted), median and p90 over all taps;
- the worker requests the page sent per card played (every seat's card), by type,
  counted by wrapping ``Worker.prototype.postMessage`` before the page's modules run.

Only the page's DOM and the worker protocol are used, so the same script measures any
version of the page.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.page_bench import TIMEOUT_MS, launch, served  # noqa: E402

COUNT_REQUESTS = """(() => {
  const send = Worker.prototype.postMessage;
  window.__dokoRequests = [];
  Worker.prototype.postMessage = function (message, ...rest) {
    if (message && message.type) window.__dokoRequests.push(message.type);
    return send.call(this, message, ...rest);
  };
})();"""

# Taps the first playable card and resolves with the ms until it lies in the trick (DOM)
# and until the frame showing it has been painted.
TAP_JS = """() => new Promise((resolve) => {
  const hand = document.querySelector("[data-testid=hand]");
  const button = hand.querySelector("button[data-card]:not([aria-disabled])");
  const card = button.dataset.card;
  const selector = `[data-testid=trick] [data-card="${card}"]`;
  const before = document.querySelectorAll(selector).length;
  const start = performance.now();
  let dom = null;
  const done = () => {
    dom = performance.now() - start;
    requestAnimationFrame(() => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => resolve({ card, dom, painted: performance.now() - start });
      channel.port2.postMessage(null);
    });
  };
  const observer = new MutationObserver(() => {
    if (dom === null && document.querySelectorAll(selector).length > before) {
      observer.disconnect();
      done();
    }
  });
  observer.observe(document.getElementById("app"), { childList: true, subtree: true });
  setTimeout(() => {
    observer.disconnect();
    if (dom === null) resolve({ card, dom: null });
  }, 30000);
  button.click();
})"""

# What the player may do now: "card" (a playable card in the hand), "healthy", "done".
NEXT_JS = """() => {
  if (document.querySelector("[data-testid=result]")) return "done";
  const healthy = "[data-testid=actions] button[data-action=healthy]:not([aria-disabled])";
  if (document.querySelector(healthy)) return "healthy";
  const hand = document.querySelector("[data-testid=hand]");
  if (hand && hand.dataset.myTurn === "true"
      && hand.querySelector("button[data-card]:not([aria-disabled])")) return "card";
  return "";
}"""


def play_deal(page: Any, base: str, seed: int) -> tuple[list[dict[str, Any]], list[str]]:
    page.goto(f"{base}#/play?rules=ddv&seed={seed}&delay=1")
    page.wait_for_function(
        "() => performance.getEntriesByName('doko:playable').length > 0", timeout=TIMEOUT_MS
    )
    start = page.evaluate("() => window.__dokoRequests.length")
    taps: list[dict[str, Any]] = []
    while True:
        page.wait_for_function(NEXT_JS, timeout=TIMEOUT_MS)
        step = page.evaluate(NEXT_JS)
        if step == "done":
            break
        if step == "healthy":
            page.click("[data-testid=actions] button[data-action=healthy]")
            page.wait_for_function(
                "() => !document.querySelector('[data-testid=actions] [data-action=healthy]')",
                timeout=TIMEOUT_MS,
            )
            continue
        taps.append(page.evaluate(TAP_JS))
    requests: list[str] = page.evaluate("(n) => window.__dokoRequests.slice(n)", start)
    return taps, requests


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=3)
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument("--dist", type=Path, help="serve this built site instead (no build)")
    args = parser.parse_args(argv)
    import build
    from playwright.sync_api import sync_playwright

    dist = args.dist or build.DIST
    if not args.no_build and args.dist is None:
        build.build()
    taps: list[dict[str, Any]] = []
    requests: list[str] = []
    cards = 0
    with served(dist) as base, sync_playwright() as pw:
        browser = launch(pw)
        try:
            context = browser.new_context()
            context.add_init_script(COUNT_REQUESTS)
            page = context.new_page()
            page.goto(base)
            for i in range(args.deals):
                deal_taps, deal_requests = play_deal(page, base, 500 + i)
                print(f"deal {i}: {len(deal_taps)} taps, {len(deal_requests)} requests", flush=True)
                taps += deal_taps
                requests += deal_requests
                cards += 48  # a ddv deal without a redeal: 4 seats x 12 cards
        finally:
            browser.close()
    missed = [t for t in taps if t["dom"] is None]
    taps = [t for t in taps if t["dom"] is not None]
    dom = [t["dom"] for t in taps]
    painted = [t["painted"] for t in taps]
    print(f"{len(missed)} taps never showed their card")
    print(f"{len(taps)} taps over {args.deals} deals ({cards} cards on the table)")
    print(
        f"tap -> card in the trick, ms: DOM median {statistics.median(dom):.0f} "
        f"p90 {percentile(dom, 0.9):.0f}; painted median {statistics.median(painted):.0f} "
        f"p90 {percentile(painted, 0.9):.0f}"
    )
    by_type: dict[str, int] = {}
    for kind in requests:
        by_type[kind] = by_type.get(kind, 0) + 1
    per_card = len(requests) / cards
    print(f"worker requests per card: {per_card:.2f} ({len(requests)} in all: {by_type})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
