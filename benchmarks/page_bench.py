"""Start-up and engine speed of the page: ``python build.py bench [--smoke] [--json]``.

Builds dist/, serves it on 127.0.0.1 and drives headless Chromium:

- ours: ``#/play?rules=ddv&seed=N`` until the table is drawn (``doko:table``: the
  frame showing the seats and the trick area painted; ``doko:table-dom``: in the DOM)
  and until the first card or choice is enabled by the engine's answer
  (``doko:playable``); the first run also clicks it and waits for the engine;
- baseline: ``bench/baseline.html``, which only awaits a bare ``loadPyodide()`` from
  the npm package's files as they come (full stdlib, lock file; precompressed like
  ours), in dist/bench/ (written here, after the build, so it is not in the service
  worker's precache list).

``--net MBPS,RTT_MS`` serves through one paced link (benchmarks/netlink.py) and reports
cold and warm start of ours against the bare page, with the bytes the link sent before
the first playable card.

Cold = a fresh browser context (empty HTTP cache, no service worker); warm = a new
page in the same context once the service worker has taken over and precached.
Then engine games/s (random bots, ddv) in CPython and in the page's worker (api
request ``bench``), and bot decision times p50/p95 per level in both.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import platform
import shutil
import statistics
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "engine"))

from doko.bots.levels import PLAYER_LEVELS  # noqa: E402

PLAYER_NAMES = {level["bot"]: f" {level['name']}" for level in PLAYER_LEVELS}
# The page's levels (their bot specs, from the engine's registry), and the reference
# search player for comparison.
LEVELS = ("random", *(level["bot"] for level in PLAYER_LEVELS), "ismcts")
TIMEOUT_MS = 120_000

BASELINE_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bare loadPyodide</title>
<script type="module" src="baseline.js"></script></head><body></body></html>
"""
BASELINE_JS = """// A bare loadPyodide() from the npm files as they come; marks when it resolves.
import { loadPyodide } from "./pyodide/pyodide.mjs";
loadPyodide({ indexURL: new URL("./pyodide/", import.meta.url).href }).then(
  () => { performance.mark("bench:pyodide"); document.body.dataset.pyodide = "ready"; },
  (err) => { document.body.dataset.pyodide = `failed: ${err}`; },
);
"""
BLANK_HTML = """<!doctype html>
<html><head><meta charset="utf-8"><title>bench</title></head><body></body></html>
"""

# Runs the site's own worker.js in a page and asks it for the api request "bench".
# The benchmark's request in a fresh worker, then (with `again`) a second one in the same
# worker: the browser compiles the runtime's hottest code better only after it has run
# for a while (seconds), so a worker's first decisions are slower than its later ones.
ENGINE_JS = """async ([payload, again]) => {
  const worker = new Worker(new URL("../worker.js", location.href), { type: "module" });
  const ask = (id, body) => worker.postMessage({ id, type: "bench", payload: body });
  try {
    return await new Promise((resolve, reject) => {
      let first = null;
      worker.onerror = (e) => reject(new Error(e.message || "worker error"));
      worker.onmessage = ({ data }) => {
        if (data.type === "ready") ask(1, payload);
        else if (data.type === "failed") reject(new Error(data.error));
        else if (data.id == null) return; // the start's progress
        else if (!data.ok) reject(new Error(JSON.stringify(data.error)));
        else if (data.id === 1 && again) { first = data.result; ask(2, again); }
        else resolve(first ? { ...first, warm: data.result.decisions } : data.result);
      };
    });
  } finally {
    worker.terminate();
  }
}"""

MARKS_JS = """(prefix) => {
  const nav = performance.getEntriesByType("navigation")[0];
  return Object.fromEntries(performance.getEntriesByType("mark")
    .filter((m) => m.name.startsWith(prefix))
    .map((m) => [m.name.slice(prefix.length), m.startTime])
    .concat(nav ? [["html", nav.responseEnd], ["dom", nav.domContentLoadedEventStart]] : [])
    .concat([["origin", performance.timeOrigin]]));
}"""


def write_bench_pages(dist: Path) -> None:
    """dist/bench/: the baseline page with the npm package's runtime as it comes (the full
    stdlib, the lock file; precompressed like ours), and a blank page."""
    from buildtools import fast, runtime, site

    out = dist / "bench"
    if out.exists():
        shutil.rmtree(out)
    out.mkdir()

    def log(msg: str) -> None:  # stdout may carry the --json report
        print(f"bench: {msg}", file=sys.stderr, flush=True)

    runtime.copy_pyodide(runtime.fetch_pyodide(site.CACHE, log), out / "pyodide", True)
    fast.precompress(out, site.CACHE, log, prune=False)
    (out / "baseline.html").write_text(BASELINE_HTML)
    (out / "baseline.js").write_text(BASELINE_JS)
    (out / "blank.html").write_text(BLANK_HTML)


HOSTS = {"br": ("br", "gzip"), "gzip": ("gzip",)}  # what a static host sends precompressed


@contextlib.contextmanager
def served(dist: Path, link: Any = None, host: str = "br") -> Iterator[str]:
    from buildtools.serve import host_sending, make_server

    handler = host_sending(*HOSTS[host])
    if link is not None:
        from benchmarks.netlink import paced

        handler = paced(handler, link)
    server = make_server(0, directory=dist, handler=handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def launch(playwright: Any) -> Any:
    from buildtools.chromium import launch as launch_chromium

    return launch_chromium(playwright)


CGROUP = Path("/sys/fs/cgroup/cpu/doko-bench")  # cgroup v1's cpu controller
PERIOD_US = 10_000  # short periods: the quota is spread evenly, not in 100 ms bursts
SCAN_S = 0.02  # how often new browser threads are looked for


@contextlib.contextmanager
def cpu_slowed(rate: float) -> Iterator[None]:
    """Every thread of the browsers launched inside runs at most 1/``rate`` of a core (a
    phone-class CPU, roughly: each thread ``rate`` times slower, however many run at once).

    Chromium's own CPU throttling (DevTools) slows only the page's main thread: asked for
    a worker it answers "Operation is only supported for pages, not workers", and the
    engine runs in a worker. So the browser is started by a wrapper that puts itself in a
    cgroup (v1's cpu controller, which places threads one by one; Linux, as root), and a
    watcher gives each of the browser's threads a cgroup of its own with that CPU quota,
    a few milliseconds after the thread starts."""
    if rate <= 1:
        yield
        return
    import os
    import tempfile

    from buildtools.chromium import system_chromium

    chromium = system_chromium()
    if chromium is None:
        sys.exit("bench: --cpu needs a system Chromium (started through a wrapper)")
    try:
        CGROUP.mkdir(exist_ok=True)
        (CGROUP / "cpu.cfs_quota_us").write_text("-1")  # the limits are the threads' own
    except OSError as err:
        sys.exit(f"bench: --cpu needs a writable cgroup v1 cpu controller ({err})")
    stop = threading.Event()
    watcher = threading.Thread(target=_throttle_threads, args=(rate, stop), daemon=True)
    watcher.start()
    with tempfile.TemporaryDirectory() as tmp:
        wrapper = Path(tmp) / "chromium"
        wrapper.write_text(f'#!/bin/sh\necho $$ > {CGROUP}/cgroup.procs\nexec "{chromium}" "$@"\n')
        wrapper.chmod(0o755)
        before = os.environ.get("CHROMIUM")
        os.environ["CHROMIUM"] = str(wrapper)
        try:
            yield
        finally:
            stop.set()
            watcher.join()
            if before is None:
                os.environ.pop("CHROMIUM", None)
            else:
                os.environ["CHROMIUM"] = before
            for group in CGROUP.glob("thread-*"):
                with contextlib.suppress(OSError):  # a thread of a browser still closing
                    group.rmdir()


def _throttle_threads(rate: float, stop: threading.Event) -> None:
    """Moves each thread of a process in CGROUP (or under it) to a cgroup of its own."""
    mark = f"{CGROUP.relative_to('/sys/fs/cgroup/cpu')}"
    placed: set[str] = set()
    while not stop.wait(SCAN_S):
        for proc in Path("/proc").iterdir():
            if not proc.name.isdigit():
                continue
            try:
                if f"/{mark}" not in (proc / "cgroup").read_text():
                    continue
                threads = [t.name for t in (proc / "task").iterdir()]
            except OSError:
                continue
            for tid in threads:
                if tid in placed:
                    continue
                group = CGROUP / f"thread-{tid}"
                try:
                    group.mkdir(exist_ok=True)
                    (group / "cpu.cfs_period_us").write_text(str(PERIOD_US))
                    (group / "cpu.cfs_quota_us").write_text(str(round(PERIOD_US / rate)))
                    (group / "tasks").write_text(tid)
                    placed.add(tid)
                except OSError:
                    continue  # the thread ended


# Long tasks on the page's main thread (over 50 ms), recorded from the first script on.
LONG_TASKS_JS = """
window.__longTasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longTasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch {}
"""


def measure_ours(
    context: Any, base: str, seed: int, click: bool, offline: bool = False
) -> dict[str, float]:
    """Open a seeded game; the page's own marks (ms since navigation start)."""
    page = context.new_page()
    page.add_init_script(LONG_TASKS_JS)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{base}#/play?rules=ddv&seed={seed}")
    page.wait_for_function(
        "() => performance.getEntriesByName('doko:playable').length > 0", timeout=TIMEOUT_MS
    )
    marks: dict[str, float] = page.evaluate(MARKS_JS, "doko:")
    if click:  # the enabled control really is the engine's: a click gets an answer
        before = page.locator("#status").text_content()
        live = "[data-testid=hand] button:not([aria-disabled]), "
        live += "[data-testid=actions] button:not([aria-disabled])"
        page.locator(live).first.click()
        page.wait_for_function(
            "(before) => document.getElementById('status').textContent !== before",
            arg=before,
            timeout=TIMEOUT_MS,
        )
        page.wait_for_timeout(3000)  # the bots play on: their thinking, seen from the page
    tasks = page.evaluate("() => window.__longTasks")
    marks["longest_task_loading"] = max([d for t, d in tasks if t < marks["playable"]], default=0)
    if click:
        marks["longest_task_playing"] = max(
            [d for t, d in tasks if t >= marks["playable"]], default=0
        )
    if offline:  # let the service worker install (precache everything) and take over
        page.wait_for_function(
            "() => document.documentElement.dataset.sw === 'ready'", timeout=TIMEOUT_MS * 3
        )
    if errors:
        raise RuntimeError(f"page error: {errors[0]}")
    page.close()
    return marks


def measure_baseline(context: Any, base: str) -> dict[str, float]:
    page = context.new_page()
    page.goto(f"{base}bench/baseline.html")
    page.wait_for_function("() => document.body.dataset.pyodide", timeout=TIMEOUT_MS)
    state = page.evaluate("() => document.body.dataset.pyodide")
    if state != "ready":
        raise RuntimeError(f"baseline: {state}")
    marks: dict[str, float] = page.evaluate(MARKS_JS, "bench:")
    page.close()
    return marks


def page_runs(browser: Any, base: str, runs: int) -> dict[str, list[dict[str, float]]]:
    """Interleaved: ours cold+warm, baseline cold+warm, ``runs`` times."""
    out: dict[str, list[dict[str, float]]] = {
        "ours_cold": [],
        "ours_warm": [],
        "baseline_cold": [],
        "baseline_warm": [],
    }
    for i in range(runs):
        context = browser.new_context()
        out["ours_cold"].append(measure_ours(context, base, 1000 + i, click=i == 0, offline=True))
        out["ours_warm"].append(measure_ours(context, base, 2000 + i, click=i == 0))
        context.close()
        context = browser.new_context()
        out["baseline_cold"].append(measure_baseline(context, base))
        out["baseline_warm"].append(measure_baseline(context, base))
        context.close()
    return out


def engine_in_page(
    browser: Any, base: str, payload: dict[str, Any], again: dict[str, Any] | None = None
) -> dict[str, Any]:
    """The engine's benchmark in a fresh worker; with ``again``, that one asked next in
    the same worker, its decision times under ``warm``."""
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{base}bench/blank.html")
    result: dict[str, Any] = page.evaluate(ENGINE_JS, [payload, again])
    context.close()
    return result


def engine_in_cpython(payload: dict[str, Any]) -> dict[str, Any]:
    from doko.bots.bench import run

    return run(payload)


def median(runs: list[dict[str, float]], key: str) -> float | None:
    values = [r[key] for r in runs if key in r]
    return statistics.median(values) if values else None


STEPS = (
    ("html", "HTML received"),
    ("worker-created", "worker created"),
    ("dom", "modules run (DOMContentLoaded)"),
    ("table-dom", "table in the DOM"),
    ("table", "table drawn (painted)"),
    ("worker:start", "worker running"),
    ("progress", "progress bar first moves (runtime bytes in)"),
    ("fetched:pyodide.asm.wasm", "wasm fetched"),
    ("fetched:python_stdlib_first.zip", "stdlib fetched (its first part)"),
    ("fetched:snapshot.bin", "snapshot fetched"),
    ("worker:pyodide", "Pyodide ready (snapshot)"),
    ("worker:unpacked", "engine files unpacked (no snapshot)"),
    ("worker:imported", "engine imported"),
    ("engine-ready", "page told ready"),
    ("playable", "first playable"),
)


def summarize(runs: dict[str, list[dict[str, float]]]) -> dict[str, Any]:
    summary: dict[str, Any] = {}
    for temp in ("cold", "warm"):
        ours, base = runs[f"ours_{temp}"], runs[f"baseline_{temp}"]
        playable, pyodide = median(ours, "playable"), median(base, "pyodide")
        summary[temp] = {
            "table_ms": median(ours, "table"),
            "playable_ms": playable,
            "baseline_ms": pyodide,
            "ratio": round(playable / pyodide, 3) if playable and pyodide else None,
            "steps_ms": {key: median(ours, key) for key, _ in STEPS},
        }
    return summary


def megabytes(size: float | None, unit: str = " MB") -> str:
    return "-" if size is None else f"{size / 1e6:.2f}{unit}"


def fmt(ms: float | None) -> str:
    return "-" if ms is None else f"{ms:,.0f}"


def table(report: dict[str, Any]) -> str:
    s, n = report["summary"], report["runs"]
    lines = [
        f"page start-up, median of {n} runs (ms since navigation start; "
        f"{report['machine']}, noisy)",
        f"{'':39}{'cold':>10}{'warm':>10}",
    ]
    for key, label in STEPS:
        lines.append(
            f"  ours: {label:<32}"
            f"{fmt(s['cold']['steps_ms'][key]):>10}{fmt(s['warm']['steps_ms'][key]):>10}"
        )
    lines.append(
        f"  baseline: bare loadPyodide()        "
        f"{fmt(s['cold']['baseline_ms']):>10}{fmt(s['warm']['baseline_ms']):>10}"
    )
    ratio = [s[t]["ratio"] for t in ("cold", "warm")]
    lines.append(
        "  ratio first playable / baseline      "
        + "".join(f"{'-' if r is None else f'{r:.2f}':>10}" for r in ratio)
    )
    eng = report["engine"]
    lines += [
        "",
        f"engine, random bots, ddv: CPython {eng['cpython']['games_per_second']:.0f} games/s "
        f"({eng['cpython']['games']} games), Pyodide in the page "
        f"{eng['pyodide']['games_per_second']:.0f} games/s ({eng['pyodide']['games']} games)",
        f"bot decision time, ms p50 / p95      {'CPython':>18}{'Pyodide worker':>22}"
        f"{'the same, again':>21}",
    ]
    for level in LEVELS:
        c = eng["cpython"]["decisions"][level]
        p = eng["pyodide"]["decisions"][level]
        w = eng["pyodide"].get("warm", {}).get(level)
        lines.append(
            f"  {level:<10} ({p['decisions']:>3} decisions){PLAYER_NAMES.get(level, ''):<16}"
            f"{c['p50_ms']:>12.2f} / {c['p95_ms']:<8.2f}{p['p50_ms']:>10.2f} / {p['p95_ms']:<8.2f}"
            + (f"{w['p50_ms']:>9.2f} / {w['p95_ms']:.2f}" if w else "")
        )
    lines.append(
        "  (again: the same decisions asked once more of the same worker, after the browser"
    )
    lines.append("   has compiled the runtime's hottest code better)")
    return "\n".join(lines)


def chromium_version(browser: Any) -> str:
    return f"Chromium {browser.version}"


def run(smoke: bool, as_json: bool, build_first: bool = True) -> dict[str, Any]:
    from buildtools import site
    from playwright.sync_api import sync_playwright

    if build_first:  # with --json, stdout carries the report only
        with contextlib.redirect_stdout(sys.stderr if as_json else sys.stdout):
            site.build()
    write_bench_pages(site.DIST)
    runs = 1 if smoke else 5
    games = (30, 200) if smoke else (200, 2000)  # Pyodide, CPython
    quick = ("random", "beginner", "standard")
    decisions = {level: (50 if level in quick else 3) for level in LEVELS}
    if not smoke:  # the search levels' p95 wants a few hundred decisions
        decisions = {level: (300 if level in quick else 200) for level in LEVELS}
        decisions["ismcts"] = 60
    started = time.perf_counter()
    with served(site.DIST) as base, sync_playwright() as pw:
        browser = launch(pw)
        try:
            raw = page_runs(browser, base, runs)
            pyodide = engine_in_page(
                browser,
                base,
                {"games": games[0], "decisions": decisions},
                again={"games": 10, "decisions": decisions},
            )
            version = chromium_version(browser)
        finally:
            browser.close()
    cpython = engine_in_cpython({"games": games[1], "decisions": decisions})
    report = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {_cores()} cores, {version}",
        "runs": runs,
        "smoke": smoke,
        "summary": summarize(raw),
        "raw": raw,
        "engine": {"cpython": cpython, "pyodide": pyodide},
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=1) if as_json else table(report), flush=True)
    return report


def parse_net(text: str) -> tuple[float, float]:
    """ "10,40" -> (10.0 Mbit/s, 40.0 ms); "0,0" is unthrottled."""
    mbps, rtt = (float(x) for x in text.split(","))
    return mbps, rtt


def net_runs(browser: Any, base: str, link: Any, runs: int) -> dict[str, list[dict[str, float]]]:
    """Cold runs of ours (then warm, once the service worker has precached) and of the
    bare page, interleaved, each starting on a quiet link; bytes the link sent before
    the first playable card (ours) or before loadPyodide() resolved (bare)."""
    out: dict[str, list[dict[str, float]]] = {
        "ours_cold": [],
        "ours_warm": [],
        "ours_offline": [],
        "bare": [],
    }
    for i in range(runs):
        context = browser.new_context()
        link.reset()
        # the page stays open till the service worker has precached (offline ready)
        marks = measure_ours(context, base, 1000 + i, click=i == 0, offline=True)
        until = (marks["origin"] + marks["playable"]) / 1000
        marks["bytes"] = link.bytes_until(until)
        marks["by_file"] = link.by_path_until(until)  # type: ignore[assignment]
        marks["sent_total"] = link.bytes_until(time.time())
        out["ours_cold"].append(marks)
        link.reset()
        warm = measure_ours(context, base, 2000 + i, click=False)
        warm["bytes"] = link.bytes_until((warm["origin"] + warm["playable"]) / 1000)
        out["ours_warm"].append(warm)
        context.set_offline(True)  # the same visit with no network at all
        out["ours_offline"].append(measure_ours(context, base, 3000 + i, click=False))
        context.close()
        context = browser.new_context()
        link.reset()
        bare = measure_baseline(context, base)
        bare["bytes"] = link.bytes_until((bare["origin"] + bare["pyodide"]) / 1000)
        out["bare"].append(bare)
        context.close()
    return out


def net_table(report: dict[str, Any]) -> str:
    raw, n = report["raw"], report["runs"]
    med = lambda runs, key: median(runs, key)  # noqa: E731
    cold, warm, bare = raw["ours_cold"], raw["ours_warm"], raw["bare"]
    playable, pyodide = med(cold, "playable"), med(bare, "pyodide")
    lines = [
        f"network {report['net']}: median of {n} runs ({report['machine']}, noisy)",
        f"  ours cold: table drawn {fmt(med(cold, 'table'))} ms, first playable "
        f"{fmt(playable)} ms, {megabytes(med(cold, 'bytes'))} sent before it "
        f"({megabytes(med(cold, 'sent_total'))} once the precache is done)",
        f"  ours cold: worker running {fmt(med(cold, 'worker:start'))} ms, progress bar first "
        f"moves {fmt(med(cold, 'progress'))} ms",
        "  ours cold started from the snapshot in "
        f"{sum('worker:snapshot' in r for r in cold)} of {len(cold)} runs (else the plain start)",
        f"  ours warm: table drawn {fmt(med(warm, 'table'))} ms, first playable "
        f"{fmt(med(warm, 'playable'))} ms, {megabytes(med(warm, 'bytes'))} sent before it; "
        "offline: "
        f"table drawn {fmt(med(raw['ours_offline'], 'table'))} ms, first playable "
        f"{fmt(med(raw['ours_offline'], 'playable'))} ms",
        f"  bare loadPyodide(): ready {fmt(pyodide)} ms, "
        f"{megabytes(med(bare, 'bytes'))} sent before it",
        "  ratio first playable / bare: "
        + ("-" if not (playable and pyodide) else f"{playable / pyodide:.2f}"),
        "  bytes before first playable by file (first cold run): "
        + ", ".join(
            f"{name} {size / 1e3:,.0f} kB"
            for name, size in sorted(cold[0]["by_file"].items(), key=lambda kv: -kv[1])  # type: ignore[attr-defined]
        ),
    ]
    return "\n".join(lines)


def run_net(
    net: str,
    smoke: bool,
    as_json: bool,
    build_first: bool = True,
    host: str = "br",
    cpu: float = 1,
) -> dict[str, Any]:
    from benchmarks.netlink import Link
    from buildtools import site
    from playwright.sync_api import sync_playwright

    if build_first:
        with contextlib.redirect_stdout(sys.stderr if as_json else sys.stdout):
            site.build()
    write_bench_pages(site.DIST)
    mbps, rtt = parse_net(net)
    link = Link(mbps, rtt)
    runs = 1 if smoke else 3
    started = time.perf_counter()
    engine = None
    with served(site.DIST, link, host) as base, cpu_slowed(cpu), sync_playwright() as pw:
        browser = launch(pw)
        try:
            raw = net_runs(browser, base, link, runs)
            if cpu > 1:  # the bots' replies on that CPU, in the page's worker
                link.mbps = 0
                engine = engine_in_page(browser, base, PHONE_ENGINE)
            version = chromium_version(browser)
        finally:
            browser.close()
    net_text = f"{mbps:g} Mbit/s, {rtt:g} ms per request" if mbps else f"unthrottled, {rtt:g} ms"
    report = {
        "date": time.strftime("%Y-%m-%d"),
        "machine": f"{platform.machine()}, {_cores()} cores, {version}",
        "net": f"{net_text}, {host} host" + (f", CPU {cpu:g}x slower" if cpu > 1 else ""),
        "host": host,
        "runs": runs,
        "raw": raw,
        "engine": engine,
        "seconds": round(time.perf_counter() - started, 1),
    }
    print(json.dumps(report, indent=1) if as_json else net_table(report), flush=True)
    return report


# The bots' replies on a slowed CPU: the default and the top level, their card play and
# announcements, and every decision before the first card.
PHONE_ENGINE = {
    "games": 5,
    "decisions": {"strong#40": 60, "strong": 60},
    "reservations": {"strong#40": 40, "strong": 40},
}

# The first visit as ``--first-visit`` measures it: (MBPS,RTT_MS, host, CPU slowdown).
PROFILES = (
    ("10,40", "gzip", 1.0),
    ("10,40", "br", 1.0),
    ("2,150", "gzip", 1.0),
    ("2,150", "br", 1.0),
    ("10,40", "gzip", 4.0),
)
BUDGET_MB = {"gzip": 5.0, "br": 4.0}  # bytes before the first card, at most


def run_first_visit(smoke: bool, as_json: bool, build_first: bool = True) -> dict[str, Any]:
    """Every profile of PROFILES, then one table of them."""
    from buildtools import site

    if build_first:
        with contextlib.redirect_stdout(sys.stderr):
            site.build()
    reports = []
    for net, host, cpu in PROFILES:
        with contextlib.redirect_stdout(sys.stderr):  # each profile's own table, as it ends
            reports.append(run_net(net, smoke, False, False, host, cpu))
    summary = {"date": time.strftime("%Y-%m-%d"), "profiles": reports}
    print(json.dumps(summary, indent=1) if as_json else first_visit_table(reports), flush=True)
    return summary


def first_visit_table(reports: list[dict[str, Any]]) -> str:
    lines = [
        f"first visit, median of {reports[0]['runs']} runs ({reports[0]['machine']})",
        f"  {'profile':<46}{'MB':>6}{'budget':>8}{'table':>8}{'playable':>10}{'bare':>8}"
        f"{'ratio':>7}{'warm':>7}{'long task':>11}",
    ]
    for report in reports:
        raw = report["raw"]
        cold, bare, warm = raw["ours_cold"], raw["bare"], raw["ours_warm"]
        playable, pyodide = median(cold, "playable"), median(bare, "pyodide")
        ratio = f"{playable / pyodide:.2f}" if playable and pyodide else "-"
        longest = max(r.get("longest_task_loading", 0) for r in cold + warm)
        lines.append(
            f"  {report['net']:<46}{megabytes(median(cold, 'bytes'), ''):>6}"
            f"{BUDGET_MB[report['host']]:>8.1f}"
            f"{fmt(median(cold, 'table')):>8}{fmt(playable):>10}{fmt(pyodide):>8}{ratio:>7}"
            f"{fmt(median(warm, 'playable')):>7}{fmt(longest):>11}"
        )
        playing = [r["longest_task_playing"] for r in cold if "longest_task_playing" in r]
        if playing:
            lines.append(f"  {'':<46}longest task while the bots play: {fmt(max(playing))} ms")
        if report.get("engine"):
            lines += _engine_lines(report["engine"])
    lines.append("  (ms since navigation; MB sent before the first playable card; ratio: first")
    lines.append("   playable / a bare loadPyodide() of the same files on the same link)")
    return "\n".join(lines)


def _engine_lines(engine: dict[str, Any]) -> list[str]:
    out = ["    the bots in the page's worker on that CPU (ms p50 / p95, max):"]
    for level, t in engine["decisions"].items():
        name = PLAYER_NAMES.get(level, "").strip()
        out.append(
            f"      {level:<10} {name:<16} card play and words {t['p50_ms']:>7.0f} / "
            f"{t['p95_ms']:<6.0f}"
        )
    for level, t in engine.get("reservations", {}).items():
        name = PLAYER_NAMES.get(level, "").strip()
        out.append(
            f"      {level:<10} {name:<16} before the first card {t['p50_ms']:>5.0f} / "
            f"{t['p95_ms']:<6.0f} max {t['max_ms']:.0f}"
        )
    return out


def _cores() -> int:
    import os

    return os.cpu_count() or 1


def main(argv: list[str] | None = None, log: Callable[[str], None] = print) -> int:
    parser = argparse.ArgumentParser(prog="build.py bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--smoke", action="store_true", help="1 cold + 1 warm run, fewer games")
    parser.add_argument("--json", action="store_true", help="machine-readable output")
    parser.add_argument("--no-build", action="store_true", help="use the existing dist/")
    parser.add_argument(
        "--net",
        metavar="MBPS,RTT_MS",
        help="serve through one paced link (e.g. 10,40 or 2,150; 0,0 unthrottled): "
        "time to table and first playable, bytes sent before it, against a bare page",
    )
    parser.add_argument(
        "--host",
        choices=sorted(HOSTS),
        default="br",
        help="with --net: what the host sends precompressed (gzip: many static hosts)",
    )
    parser.add_argument(
        "--cpu",
        type=float,
        default=1,
        metavar="RATE",
        help="with --net: the browser on 1/RATE of one core (a cgroup; Linux, root)",
    )
    parser.add_argument(
        "--first-visit",
        action="store_true",
        help="the first visit on each network profile (gzip and Brotli hosts at 10 Mbit/s "
        "40 ms and 2 Mbit/s 150 ms, a 4x slower CPU), against the bare page",
    )
    args = parser.parse_args(argv)
    if args.first_visit:
        run_first_visit(args.smoke, args.json, build_first=not args.no_build)
        return 0
    if args.net:
        run_net(args.net, args.smoke, args.json, not args.no_build, args.host, args.cpu)
        return 0
    run(args.smoke, args.json, build_first=not args.no_build)
    return 0
