"""Share links, replay viewer, demos, saved games and offline play in a real Chromium."""

from __future__ import annotations

import contextlib
import json
import os
import random
import shutil
import signal
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from buildtools.chromium import CHROMIUM_ARGS, system_chromium
from pageplay import (
    HAND,
    LEGAL_CARD,
    play_exactly,
    play_to_end,
    ready,
    step,
    store_entry,
    stored,
    table_state,
)
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from doko.game.notation import replay
from doko.page import links
from support import ROOT

pytestmark = pytest.mark.browser

RECORD = json.loads((ROOT / "tests/records/scripted/ddv_gegenansage.json").read_text())["record"]


def played(page: Any) -> int:
    return 12 - page.locator(f"{HAND} button[data-card]").count()


def play_cards(page: Any, cards: int) -> None:
    """Play on until the human has played ``cards`` cards of the deal (once the hand is
    drawn: before it, no card would count as played)."""
    page.wait_for_selector(f"{HAND} button[data-card]")
    play_exactly(page, cards - played(page))


def bad_samples() -> list[str]:
    good = links.encode(RECORD)
    rng = random.Random(5)
    out = [
        "",
        "A",
        "B" + good[1:],
        good[:-3],
        good[:40],
        "A" + "x" * 5000,
        "%E0%A4%A",
        "<img src=x onerror=alert(1)>",
        "A" + "A" * 200,
        "AAAA%3Cscript%3E",
    ]
    while len(out) < 20:
        text = list(good)
        i = rng.randrange(1, len(text))
        text[i] = "A" if text[i] != "A" else "B"
        out.append("".join(text))
    return out


def test_bad_links_alert_and_leave_a_playable_start_page(page: Any) -> None:
    page.goto("/")
    ready(page)
    for i, payload in enumerate(bad_samples()):
        page.goto(f"/#/replay/{payload}" if i % 2 else f"/?n={i}#/replay/{payload}")
        page.wait_for_function(
            "() => document.querySelector('[role=alert]').textContent.trim().length > 0",
            timeout=60_000,
        )
        assert page.locator("[data-intent=new]").is_visible()
        assert page.locator("[data-testid=replay]").count() == 0
    page.click("[data-intent=new]")
    page.wait_for_selector(f"{HAND} button[data-card]")
    assert page.watch.errors == []
    assert page.watch.offsite == []


@pytest.mark.parametrize("extra", ["rounds=13", "players=8", "level=genius", "throw_kings=-1"])
def test_a_game_link_with_refused_table_choices_deals_with_the_defaults(
    page: Any, extra: str
) -> None:
    # ddv's Pflichtsolo caps its rounds at 5 and seats 4 or 5; the alert says what was
    # refused, and the deal is on the table all the same
    page.goto(f"#/play?rules=ddv&seed=4&delay=0&{extra}")
    ready(page)
    page.wait_for_selector(f"{HAND} button[data-card]", timeout=60_000)
    assert page.locator("[data-testid=table] .plate").count() == 4
    if extra != "throw_kings=-1":  # not a table choice of a game link: ignored
        alert = page.locator("[role=alert]").text_content() or ""
        assert alert.strip(), extra
        assert "Traceback" not in alert and "Error" not in alert
    assert page.watch.errors == []


def test_link_opens_viewer_steps_and_plays_on(page: Any) -> None:
    payload = links.encode(RECORD)
    page.goto(f"/#/replay/{payload}")
    ready(page)
    viewer = page.locator("[data-testid=replay]")
    viewer.wait_for()
    total = int(viewer.get_attribute("data-steps"))
    assert total == len(RECORD["actions"]) + 1
    page.click("[data-testid=replay-first]")
    assert viewer.get_attribute("data-step") == "0"
    page.click("[data-testid=replay-next]")
    assert viewer.get_attribute("data-step") == "1"
    page.click("[data-testid=replay-next-trick]")
    step_at = int(viewer.get_attribute("data-step"))
    assert step_at > 1
    assert "Stich 1" in page.text_content("[data-testid=replay-explain]")
    page.click("[data-testid=replay-prev]")
    assert int(viewer.get_attribute("data-step")) == step_at - 1
    page.select_option("[data-testid=replay-seat]", "1")
    assert page.locator("[data-testid=replay-seat][data-seat='0'] .card").count() == 0
    assert page.locator("[data-testid=replay-seat][data-seat='1'] .card").count() > 0
    page.select_option("[data-testid=replay-seat]", "0")
    page.select_option("[data-testid=replay-speed]", "4")
    page.click("[data-testid=replay-play]")
    page.wait_for_function(
        f"() => +document.querySelector('[data-testid=replay]').dataset.step > {step_at + 1}"
    )
    page.click("[data-testid=replay-play]")  # pause
    page.select_option("[data-testid=replay-jump]", index=3)
    page.click("[data-testid=replay-play-on]")
    page.wait_for_selector(f"{HAND} button[data-card]")
    start = played(page)
    play_cards(page, start + 1)
    assert page.watch.errors == []


def test_a_running_game_is_shared_as_far_as_it_went(page: Any) -> None:
    page.goto("/#/play?rules=ddv&seed=7&delay=0&level=standard")
    ready(page)
    play_cards(page, 3)
    try:  # the bots have answered
        page.wait_for_selector(f"{HAND}[data-my-turn=true]")
    except PlaywrightTimeout:
        raise AssertionError(f"no turn for the player: {table_state(page)}") from None
    held = page.locator(f"{HAND} button[data-card]").count()
    page.click("[data-testid=share]")
    page.wait_for_function("() => document.body.dataset.shareLink")
    link = page.evaluate("() => document.body.dataset.shareLink")
    record = links.decode(link.split("#/replay/", 1)[1])
    state = replay(record)
    assert not state.is_over and len(state.hands[0]) == held == 9
    page.goto(link)
    page.wait_for_selector("[data-testid=replay]")
    assert page.text_content("[role=alert]") == ""
    assert page.watch.errors == []


def test_demo_gallery_opens_a_demo(page: Any) -> None:
    page.goto("/#/demos")
    ready(page)
    page.wait_for_selector("[data-testid=demo]")
    assert page.locator("[data-testid=demo]").count() >= 20
    page.click("[data-testid=demo][data-demo=ohne-neunen_normal_dullen_last_trick] a")
    page.wait_for_selector("[data-testid=replay]")
    page.click("[data-testid=replay-last]")
    text = page.text_content("[data-testid=replay-explain]")
    assert "Dulle" in text
    assert page.watch.errors == []


def _persistent(browser: Any, user_dir: Path, site: str) -> Any:
    path = system_chromium()
    kwargs: dict[str, Any] = {"args": CHROMIUM_ARGS, "base_url": site}
    if path:
        kwargs["executable_path"] = path
    return browser.browser_type.launch_persistent_context(str(user_dir), **kwargs)


def _kill_and_reopen(
    browser: Any, profile: Path, site: str, context: Any, hash_: str
) -> tuple[Any, Any, list[str]]:
    """Kill the browser hard (no unload, no flush), start it again on the same profile
    and open the same page: the new context, its page and its page errors."""
    pid = _chromium_pid(profile)
    assert pid, "no browser process found"
    os.kill(pid, signal.SIGKILL)
    _wait_gone(profile)
    with contextlib.suppress(Exception):  # the context is gone with its browser
        context.close()
    context = _persistent(browser, profile, site)
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto("/" + hash_)
    ready(page)
    return context, page, errors


def test_game_resumes_after_the_browser_is_killed(browser: Any, site: str, tmp_path: Path) -> None:
    hash_ = "#/play?rules=ddv&seed=7&delay=0&level=standard"
    profile = tmp_path / "profile"
    context = _persistent(browser, profile, site)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto("/" + hash_)
    ready(page)
    play_cards(page, 3)
    # the bots have moved and it is the player's turn: the page shows a move only once
    # its write is committed, so what is on the table now is stored
    page.wait_for_selector(LEGAL_CARD)
    hand = page.locator(f"{HAND} button[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    context, page, errors = _kill_and_reopen(browser, profile, site, context, hash_)
    page.wait_for_function(
        f"() => document.querySelectorAll('{HAND} button[data-card]').length === {len(hand)}"
    )
    again = page.locator(f"{HAND} button[data-card]").evaluate_all(
        "els => els.map(e => e.dataset.card)"
    )
    assert sorted(again) == sorted(hand)
    assert errors == []
    context.close()


def finish_deal(page: Any, timeout: float = 90) -> None:
    """Play on (healthy, decline a poverty, a legal card) until the deal's result shows."""
    deadline = time.monotonic() + timeout
    nxt = page.locator("[data-testid=next-game], [data-testid=new-series]")
    while not nxt.count():
        assert time.monotonic() < deadline, "could not finish the deal in time"
        decline = page.locator('[data-action="decline"]')
        if decline.count() and decline.first.is_visible():
            decline.first.click()
        elif not step(page):
            page.wait_for_timeout(50)


def table_now(page: Any) -> dict[str, Any]:
    """What a reload must bring back: sheet rows and totals, dealer, hand, series line."""
    return {
        "rows": page.locator("[data-testid=score-row]").evaluate_all(
            "els => els.map(e => [e.dataset.points, e.dataset.totals])"
        ),
        "totals": page.locator("[data-testid=total]").all_text_contents(),
        "dealer": page.get_attribute("[data-testid=table]", "data-dealer"),
        "hand": sorted(
            page.locator(f"{HAND} button[data-card]").evaluate_all(
                "els => els.map(e => e.dataset.card)"
            )
        ),
        "trick": page.locator("[data-testid=trick] [data-card]").evaluate_all(
            "els => els.map(e => e.dataset.card)"
        ),
        "series": page.text_content("[data-testid=series-state]"),
    }


def test_series_resumes_after_the_browser_is_killed(
    browser: Any, site: str, tmp_path: Path
) -> None:
    """Two finished deals and three cards of the third: a reload brings back the whole
    table (sheet rows, totals, dealer, Pflichtsolo rounds) and the running deal."""
    hash_ = "#/play?rules=ddv&seed=7&delay=0&rounds=2&level=standard"
    profile = tmp_path / "profile"
    context = _persistent(browser, profile, site)
    page = context.pages[0] if context.pages else context.new_page()
    page.goto("/" + hash_)
    ready(page)
    for deal in range(2):
        finish_deal(page)
        assert page.locator("[data-testid=score-row]").count() == deal + 1
        page.click("[data-testid=next-game]")
        page.wait_for_function(
            f"() => document.querySelectorAll('{HAND} button[data-card]').length === 12"
        )
    play_cards(page, 3)
    page.wait_for_selector(LEGAL_CARD)  # the player's turn: every write is committed
    before = table_now(page)
    assert len(before["rows"]) == 2 and before["series"] == "Runde 1 von 2"
    context, page, errors = _kill_and_reopen(browser, profile, site, context, hash_)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=score-row]').length === 2"
    )
    page.wait_for_function(
        f"() => document.querySelectorAll('{HAND} button[data-card]').length"
        f" === {len(before['hand'])}"
    )
    assert table_now(page) == before
    assert page.text_content("[role=alert]") == ""
    play_cards(page, 4)  # the running deal plays on
    assert errors == []
    context.close()


def test_old_and_corrupt_saves_resume_or_are_set_aside(page: Any) -> None:
    """A schema 1 save (one game record) still opens; one the engine refuses is moved
    to quarantine with a message in role=alert, and a new game starts."""
    page.goto("/")
    ready(page)

    def store(entry: dict[str, Any], key: str = "game") -> None:
        store_entry(page, key, entry)  # "game": an older page's one saved game

    unfinished = {**RECORD, "actions": RECORD["actions"][:9]}
    old = {"hash": "#/game", "record": unfinished, "seat": 0}
    store({"schema": 1, "kind": "game", "savedAt": 0, "data": old})
    page.goto("/#/game")
    held = len(replay(unfinished).hands[0])
    page.wait_for_function(
        f"() => document.querySelectorAll('{HAND} button[data-card]').length === {held}"
    )
    assert page.text_content("[role=alert]") == ""
    # bad data that passes the page's shape check: the engine refuses it
    bad_game = {**RECORD, "actions": ["0:healthy", "0:healthy"]}
    table = {
        "version": 1,
        "series": None,
        "loose": [],
        "game": bad_game,
        "seat": 0,
        "bots": [None, "standard", "standard", "standard"],
    }
    store(
        {"schema": 2, "kind": "game", "savedAt": 0, "data": {"hash": "#/game", "table": table}},
        "game:refused",
    )
    page.goto("/")
    page.goto("/#/game/refused")
    page.wait_for_function(
        "() => document.querySelector('[role=alert]').textContent.includes('gespeicherter Tisch')"
    )
    page.wait_for_selector(f"{HAND} button[data-card]")
    quarantined = [q["why"] for q in stored(page, None, "quarantine")]
    assert any(isinstance(why, dict) and why["code"].startswith("saved-") for why in quarantined), (
        quarantined
    )
    assert page.watch.errors == []


def _profile_users(profile: Path) -> list[int]:
    """The live processes started with ``profile`` (the browser and its helpers)."""
    found = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes()  # empty for a process already dead
        except OSError:
            continue
        if str(profile).encode() in cmd:
            found.append(int(proc.name))
    return found


def _wait_gone(profile: Path, timeout: float = 30) -> None:
    """Wait until no process uses the profile any more (it may be opened again)."""
    deadline = time.monotonic() + timeout
    while users := _profile_users(profile):
        assert time.monotonic() < deadline, f"processes {users} still use the profile"
        time.sleep(0.05)


def _chromium_pid(profile: Path) -> int | None:
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            cmd = (proc / "cmdline").read_bytes().split(b"\0")
        except OSError:
            continue
        text = b" ".join(cmd).decode(errors="replace")
        if str(profile) in text and "--type=" not in text:
            return int(proc.name)
    return None


@pytest.fixture
def own_site(tmp_path: Path, site: str) -> Iterator[tuple[str, Path]]:
    """A private copy of dist/ on its own server, free to be redeployed."""
    sys.path.insert(0, str(ROOT))
    try:
        import build
    finally:
        sys.path.remove(str(ROOT))
    folder = tmp_path / "dist"
    shutil.copytree(build.DIST, folder)
    server = build.make_server(0, directory=folder)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/", folder
    server.shutdown()
    server.server_close()


def test_offline_reload_plays_and_new_version_is_offered(
    browser: Any, own_site: tuple[str, Path]
) -> None:
    url, folder = own_site
    context = browser.new_context(base_url=url)
    page = context.new_page()
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto("/")
    ready(page)
    page.wait_for_function("() => document.documentElement.dataset.sw === 'ready'", timeout=120_000)
    first = page.evaluate("() => navigator.serviceWorker.ready.then(() => 1)")
    assert first == 1
    context.set_offline(True)
    page.goto("/#/play?rules=ddv&seed=11&delay=0&level=standard")
    page.reload()
    ready(page)
    play_cards(page, 2)
    context.set_offline(False)
    page.wait_for_function("() => document.documentElement.dataset.swVersion")
    old = page.evaluate("() => document.documentElement.dataset.swVersion")

    # a new deployment: a changed file, so a new precache version
    sys.path.insert(0, str(ROOT))
    try:
        from buildtools import offline as build_offline
    finally:
        sys.path.remove(str(ROOT))
    css = folder / "table.css"
    css.write_text(css.read_text() + "\n/* v2 */\n")
    new = build_offline.write_precache(ROOT / "web" / "sw.js", folder)
    assert new != old
    page.evaluate("() => navigator.serviceWorker.getRegistration().then(r => r.update())")
    page.wait_for_selector("[data-testid=update-banner]", timeout=60_000)
    page.click("[data-testid=update-reload]")
    page.wait_for_function(
        f"() => document.documentElement.dataset.swVersion === '{new}'", timeout=60_000
    )
    assert problems == []
    context.close()


def test_no_csp_violation_in_a_full_game_and_a_demo(page: Any) -> None:
    page.add_init_script(
        "document.addEventListener('securitypolicyviolation', e => "
        "console.error('CSP violation: ' + e.violatedDirective + ' ' + e.blockedURI))"
    )
    page.goto("/#/play?rules=ddv&seed=3&delay=0&level=standard")
    ready(page)
    play_to_end(page)
    page.click("[data-testid=share]")
    page.wait_for_function("() => document.body.dataset.shareLink")
    link = page.evaluate("() => document.body.dataset.shareLink")
    page.goto(link)
    page.wait_for_selector("[data-testid=replay]")
    page.goto("/#/demos")
    page.wait_for_selector("[data-testid=demo]")
    page.click("[data-testid=demo] a >> nth=0")
    page.wait_for_selector("[data-testid=replay]")
    page.select_option("[data-testid=replay-speed]", "4")
    page.click("[data-testid=replay-first]")
    page.click("[data-testid=replay-play]")
    page.wait_for_function("() => +document.querySelector('[data-testid=replay]').dataset.step > 8")
    assert [e for e in page.watch.errors if "CSP" in e or "Content Security" in e] == []
    assert page.watch.errors == []


@pytest.mark.parametrize(("preset", "players"), [("nosuch", 4), ("__proto__", 4), ("ddv", 100_000)])
def test_a_keeper_sheet_the_engine_cannot_play_is_set_aside(
    page: Any, preset: str, players: int
) -> None:
    """Unknown rules or a table size the rules do not have: the sheet goes to the
    quarantine with a message, and the keeper starts afresh instead of hanging."""
    page.goto("/")
    ready(page)
    sheet = {
        "version": 1,
        "phase": "sheet",
        "preset": preset,
        "players": players,
        "names": [],
        "games": [],
    }
    store_entry(page, "keeper", {"schema": 2, "kind": "keeper", "savedAt": 0, "data": sheet})
    page.goto("/#/keeper")
    page.reload()
    ready(page)
    page.wait_for_selector("[data-testid=keeper-setup]", timeout=10_000)
    page.wait_for_function("() => document.querySelector('[role=alert]').textContent.trim()")
    assert "beiseitegelegt" in page.text_content("[role=alert]")
    assert page.locator("[data-testid=keeper-setup] input[type=text]").count() == 4
    assert page.watch.errors == []
