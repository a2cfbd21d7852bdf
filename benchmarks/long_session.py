"""A long evening in one page: ``python3 benchmarks/long_session.py [--deals 50]``.

Builds dist/ (unless ``--no-build``), serves it on 127.0.0.1 and plays DEALS deals in a
row in one page of headless Chromium (series after series at the preset's rounds): the
human seat by clicking (the healthy call, the first legal card, "Nächstes Spiel"), the
other seats by the page's bots, with no delay.
Reports, after the engine is ready and after the last deal: the page's JS heap (after a
garbage collection), the resident memory of the renderer processes (page, worker and
Pyodide's wasm memory), and what IndexedDB holds (the browser's usage estimate and the
saved entries' JSON size). Figures only: nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks.page_bench import launch, served  # noqa: E402

HAND = "[data-testid=hand]"
LEGAL_CARD = f"{HAND}[data-my-turn=true] button[data-card]:not([aria-disabled=true])"
STUCK_S = 5  # no move of ours for this long: answer any open question with its first choice
GIVE_UP_S = 120  # nothing at all to click for this long: report where it stands and stop

STORAGE_JS = """async () => {
  const estimate = await navigator.storage.estimate();
  const entries = await new Promise((resolve) => {
    const open = indexedDB.open("doko");
    open.onerror = () => resolve([]);
    open.onsuccess = () => {
      const db = open.result;
      const names = [...db.objectStoreNames];
      if (!names.length) { resolve([]); return; }
      const tx = db.transaction(names, "readonly");
      const out = [];
      for (const name of names) {
        const req = tx.objectStore(name).getAll();
        req.onsuccess = () => out.push(...req.result.map((e) => [name, JSON.stringify(e).length]));
      }
      tx.oncomplete = () => resolve(out);
    };
  });
  const details = estimate.usageDetails || {};
  return { idb: details.indexedDB ?? null, caches: details.caches ?? null, entries };
}"""


def renderer_rss_kb(browser: Any) -> int:
    """Resident memory of the browser's renderer processes (kB), from /proc."""
    session = browser.new_browser_cdp_session()
    processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
    total = 0
    for proc in processes:
        if proc.get("type") != "renderer":
            continue
        status = Path(f"/proc/{proc['id']}/status")
        if status.exists():
            for line in status.read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
    return total


def kb(size: float | None) -> float | None:
    return None if size is None else round(size / 1e3, 1)


def snapshot(browser: Any, page: Any) -> dict[str, Any]:
    cdp = page.context.new_cdp_session(page)
    cdp.send("HeapProfiler.collectGarbage")
    heap = cdp.send("Runtime.getHeapUsage")
    storage = page.evaluate(STORAGE_JS)
    return {
        "js_heap_mb": round(heap["usedSize"] / 1e6, 2),
        "renderer_rss_mb": round(renderer_rss_kb(browser) / 1e3, 1),
        # the browser's own count (Chromium's usageDetails); the offline cache apart
        "idb_usage_kb": kb(storage["idb"]),
        "cache_usage_kb": kb(storage["caches"]),
        "idb_entries": len(storage["entries"]),
        "idb_json_kb": round(sum(size for _, size in storage["entries"]) / 1e3, 1),
    }


def click_first(page: Any, selector: str) -> bool:
    target = page.locator(selector)
    if not target.count() or not target.first.is_visible():
        return False
    try:
        target.first.click(timeout=2_000)
    except Exception:  # redrawn between looking and clicking: no move, try again
        return False
    return True


def play_deals(page: Any, deals: int, on_deal: Callable[[int], None] | None = None) -> list[float]:
    """Play ``deals`` deals; the seconds each took. ``on_deal(n)`` after each."""
    times: list[float] = []
    started = last_move = time.monotonic()
    while len(times) < deals:
        # a finished deal: on to the next one, or a new series once this one is over
        if click_first(page, "[data-testid=next-game]") or click_first(
            page, "[data-testid=new-series]"
        ):
            now = time.monotonic()
            times.append(now - started)
            started = last_move = now
            print(f"deal {len(times)}: {times[-1]:.1f} s", file=sys.stderr, flush=True)
            if on_deal:
                on_deal(len(times))
            continue
        moved = click_first(page, '[data-action="healthy"]') or click_first(page, LEGAL_CARD)
        if not moved and time.monotonic() - last_move > STUCK_S:
            # a forced choice (a Pflichtsolo when vorgeführt): open the folded solos first
            click_first(page, "[data-testid=solo-picker][aria-expanded=false]")
            moved = click_first(page, "[data-action]")
        if moved:
            last_move = time.monotonic()
        elif time.monotonic() - last_move > GIVE_UP_S:
            page.screenshot(path=str(Path(tempfile.gettempdir()) / "long_session_stuck.png"))
            buttons = page.locator("button:visible").all_text_contents()
            raise RuntimeError(f"stuck after {len(times)} deals; buttons: {buttons}")
        else:
            page.wait_for_timeout(50)
    return times


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=50)
    parser.add_argument("--rules", default="ddv")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-build", action="store_true", help="use dist/ as it is")
    parser.add_argument("--every", type=int, default=10, help="measure after every N deals")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if not args.no_build:
        subprocess.run([sys.executable, str(ROOT / "build.py")], cwd=ROOT, check=True)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p, served(ROOT / "dist") as base:
        browser = launch(p)
        page = browser.new_context().new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{base}#/play?rules={args.rules}&seed={args.seed}&level=standard&delay=0")
        page.wait_for_selector("body[data-engine=ready]", timeout=120_000)
        series = {0: snapshot(browser, page)}

        def measure(n: int) -> None:
            if n % args.every == 0 and n < args.deals:
                series[n] = snapshot(browser, page)

        times = play_deals(page, args.deals, measure)
        page.wait_for_timeout(1_000)  # the last save lands
        series[len(times)] = snapshot(browser, page)
        browser.close()
    report = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {platform.system()}",
        "deals": len(times),
        "seconds_per_deal": round(sum(times) / len(times), 2),
        "after_deals": series,
        "page_errors": errors,
    }
    if args.json:
        print(json.dumps(report, indent=2))
    else:
        per_deal = report["seconds_per_deal"]
        print(f"{report['deals']} {args.rules} deals in one page, {per_deal} s a deal")
        print("  after deals      " + "".join(f"{n:>9}" for n in series))
        for key in series[0]:
            print(f"  {key:16} " + "".join(f"{m[key]!s:>9}" for m in series.values()))
        print(f"  page errors: {len(errors)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
