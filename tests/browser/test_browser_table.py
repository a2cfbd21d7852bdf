"""The card table as a player meets it: every screen at phone, tablet and desktop size
in both themes and languages (no sideways scrolling, no serious axe findings, no
engine text on screen), the result panel's button in view, resuming from the start
page, the Armut message and the replay viewer's keys.

With DOKO_SCREENSHOTS=DIR the screen tour also writes a JPEG of every screen there
(``docs/screenshots/`` holds the ones committed).
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pageplay import HAND, LEGAL_CARD, expand_choices, motion_over, step, table_state
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from doko.game.rules import load_rules
from doko.game.state import GameState, new_game
from support import ROOT, view_of

pytestmark = pytest.mark.browser

SIZES = {"desktop": (1366, 768), "tablet": (1024, 768), "phone": (390, 844)}
SHOTS = os.environ.get("DOKO_SCREENSHOTS")

# What must never be on screen: action strings ("3:accept", "1:CK"), contract and
# item ids, and the engine's English sentences (in the German page).
ACTION_STRING = re.compile(r"\b\d:(?:[CSHD][ATKQJ987]|[a-z]+)\b")
ENGINE_IDS = re.compile(
    r"\b(?:wedding-alone|silent-wedding|solo:[a-z]+|declare-solo|against-the-old|"
    r"fox-last|heart-trick|karlchen-caught|no90|no60|no30|poverty-return)\b"
)
ENGLISH_ENGINE = re.compile(
    r"\b(?:seat \d|must follow suit|is not allowed|too late for|got \[|expected|"
    r"not your turn|no bot is to act|unknown action|re seats|announcement)\b",
    re.IGNORECASE,
)


def visible_text(page: Any) -> str:
    return str(page.evaluate("() => document.body.innerText"))


def no_engine_text(page: Any, lang: str, where: str) -> list[str]:
    text = visible_text(page)
    found = ACTION_STRING.findall(text) + ENGINE_IDS.findall(text)
    if lang == "de":
        found += ENGLISH_ENGINE.findall(text)
    return [f"{where}: {hit!r}" for hit in found]


def serious(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    return [f"{v['id']}: {[n['target'] for n in v['nodes']][:3]}" for v in bad]


def first_seed(preset: str, wanted: Callable[[GameState], bool], limit: int = 3000) -> int:
    rules = load_rules(preset)
    for seed in range(1, limit):
        if wanted(new_game(rules, seed=seed)):
            return seed
    raise AssertionError(f"no deal found for {preset}")


@pytest.fixture
def context_for(browser: Any, site: str) -> Iterator[Callable[..., Any]]:
    contexts: list[Any] = []

    def make(size: str = "desktop", theme: str = "light", lang: str = "de") -> Any:
        width, height = SIZES[size]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme=theme,
            base_url=site,
            has_touch=size != "desktop",
            is_mobile=size == "phone",
        )
        context.add_init_script(f"localStorage.setItem('doko.lang', '{lang}')")
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.errors = errors
        return page

    yield make
    for context in contexts:
        context.close()


def ready(page: Any) -> None:
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)


def settle(page: Any) -> None:
    motion_over(page)  # card flights are over


def sideways(page: Any) -> bool:
    # on an emulated phone the layout viewport grows with the content, so compare
    # with the screen's width, not innerWidth
    width = page.viewport_size["width"]
    return bool(page.evaluate(f"() => document.documentElement.scrollWidth > {width}"))


def play_until(page: Any, done: Callable[[], bool], timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while not done():
        late = time.monotonic() >= deadline
        assert not late, f"the game did not get there in time: {table_state(page)}"
        if not step(page):
            page.wait_for_timeout(40)


class Tour:
    """Visits the screens; collects what is wrong on each."""

    def __init__(self, page: Any, size: str, theme: str, lang: str, axe: bool) -> None:
        self.page, self.size, self.theme, self.lang, self.axe = page, size, theme, lang, axe
        self.problems: list[str] = []

    def check(self, name: str) -> None:
        settle(self.page)
        if sideways(self.page):
            self.problems.append(f"{name}: scrolls sideways")
        self.problems += no_engine_text(self.page, self.lang, name)
        if self.axe:
            self.problems += [f"{name}: {p}" for p in serious(self.page)]
        if SHOTS:
            Path(SHOTS).mkdir(parents=True, exist_ok=True)
            path = Path(SHOTS) / f"{name}-{self.size}-{self.theme}-{self.lang}.jpg"
            self.page.screenshot(path=str(path), animations="disabled", type="jpeg", quality=72)

    def dialog(self, opener: str, name: str) -> None:
        self.page.click(opener)
        self.page.wait_for_selector("dialog[open]")
        self.check(name)
        self.page.keyboard.press("Escape")
        self.page.wait_for_selector("dialog[open]", state="detached")


def tour(page: Any, tour: Tour) -> None:
    page.goto("/")
    ready(page)
    page.wait_for_selector("[data-testid=preset]")
    tour.check("start")
    tour.dialog("[data-testid=primer-open]", "primer")
    page.goto("#/play?rules=ddv&seed=7&delay=0&level=standard")
    page.wait_for_selector('[data-action="healthy"]')
    expand_choices(page)
    tour.check("reservations")
    page.click('[data-action="healthy"]')
    play_until(
        page,
        lambda: (
            page.locator("[data-testid=trick] [data-card]").count() >= 2
            and page.locator(LEGAL_CARD).count() > 0
        ),
    )
    tour.check("play")
    tour.dialog("[data-testid=settings-open]", "settings")
    tour.dialog("[data-testid=help-open]", "help")
    play_until(page, lambda: page.locator("[data-testid=result]").count() > 0)
    tour.check("result")
    page.locator("[data-testid=scoresheet]").scroll_into_view_if_needed()
    tour.check("sheet")
    page.goto("#/keeper")
    page.wait_for_selector("[data-testid=keeper-setup], [data-testid=keeper-form]")
    tour.check("keeper")
    page.goto("#/demos")
    page.wait_for_selector("[data-testid=demo]")
    tour.check("demos")
    page.locator("[data-testid=demo] a").first.click()
    page.wait_for_selector("[data-testid=replay]")
    page.keyboard.press("End")
    tour.check("replay")


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_every_screen_at_phone_size(context_for: Callable[..., Any], lang: str, theme: str) -> None:
    page = context_for("phone", theme, lang)
    checks = Tour(page, "phone", theme, lang, axe=True)
    tour(page, checks)
    assert checks.problems == []
    assert page.errors == []


@pytest.mark.parametrize("theme", ["light", "dark"])
@pytest.mark.parametrize("size", ["desktop", "tablet"])
def test_every_screen_on_larger_screens(
    context_for: Callable[..., Any], size: str, theme: str
) -> None:
    page = context_for(size, theme, "de")
    checks = Tour(page, size, theme, "de", axe=False)
    tour(page, checks)
    assert checks.problems == []
    assert page.errors == []


def test_a_played_card_flies_and_reduced_motion_keeps_still(
    context_for: Callable[..., Any],
) -> None:
    page = context_for("desktop")
    page.goto("#/play?rules=ddv&seed=7&delay=1500&level=standard")
    ready(page)
    page.click('[data-action="healthy"]')
    page.wait_for_selector(LEGAL_CARD, timeout=30_000)
    flying = (
        "() => document.getAnimations().some(a => a.effect && a.effect.target"
        " && a.effect.target.closest('[data-testid=trick]'))"
    )
    page.locator(LEGAL_CARD).first.click()
    page.wait_for_function(flying, timeout=2_000)
    page.emulate_media(reduced_motion="reduce")
    page.wait_for_function("() => !document.getAnimations().length", timeout=5_000)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=trick] [data-card]').length >= 2",
        timeout=10_000,
    )
    assert not page.evaluate(flying)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_result_button_in_view_without_scrolling(
    context_for: Callable[..., Any], size: str
) -> None:
    page = context_for(size)
    page.goto("#/play?rules=ddv&seed=11&delay=0&level=standard")
    ready(page)
    play_until(page, lambda: page.locator("[data-testid=result]").count() > 0)
    settle(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    box = page.locator("[data-testid=next-game]").bounding_box()
    width, height = SIZES[size]
    assert box is not None
    assert box["y"] >= 0 and box["y"] + box["height"] <= height
    assert box["x"] >= 0 and box["x"] + box["width"] <= width


def test_hand_of_twelve_fits_one_row_on_a_phone(context_for: Callable[..., Any]) -> None:
    page = context_for("phone")
    page.goto("#/play?rules=ddv&seed=7&delay=0&level=standard")
    ready(page)
    page.wait_for_selector(f"{HAND} button[data-card] >> nth=11")
    tops = page.eval_on_selector_all(
        f"{HAND} button[data-card]", "bs => bs.map(b => Math.round(b.getBoundingClientRect().top))"
    )
    rights = page.eval_on_selector_all(
        f"{HAND} button[data-card] svg", "bs => bs.map(b => b.getBoundingClientRect().right)"
    )
    assert len(tops) == 12
    assert max(tops) - min(tops) <= 20  # one row (legal cards stand a little higher)
    assert max(rights) <= 390
    # whose turn it is shows once, at that seat
    assert page.locator("[data-testid=turn]").count() == 1


def test_resume_from_the_start_page_after_a_reload(context_for: Callable[..., Any]) -> None:
    page = context_for("phone")
    page.goto("#/play?rules=ddv&seed=7&delay=0&level=standard")
    ready(page)
    page.click('[data-action="healthy"]')
    page.wait_for_selector(LEGAL_CARD)
    page.locator(LEGAL_CARD).first.click()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] button[data-card]').length === 11"
    )
    page.goto("/")
    page.reload()
    ready(page)
    page.click("[data-testid=resume]")
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] button[data-card]').length === 11"
    )
    # the game's own link, which a reload resumes too
    assert "#/game/" in page.url
    page.reload()
    page.wait_for_function(
        "() => document.querySelectorAll('[data-testid=hand] button[data-card]').length === 11"
    )


def engine_poverty_deal(preset: str, level: str) -> tuple[int, dict[str, int]]:
    """A deal where a bot gives an Armut and another takes it, found by playing the
    engine the way the page's test player does (Gesund, decline, the first legal card)
    against the bots of the page's level."""
    import json

    from doko import api
    from doko.bots.levels import level_bot

    for seed in range(1, 200):
        bots = [None, *[level_bot(level)] * 3]
        payload = {"rules": preset, "seed": seed, "seat": 0, "bots": bots, "players": 4}
        view = view_of(json.loads(api.handle("new_game", json.dumps(payload))))
        while view["phase"] not in ("play", "done"):
            if view["to_act"] == 0:
                mine = [a for a in view["legal"] if a.startswith("0:")]
                pick = next((a for a in ("0:healthy", "0:decline") if a in mine), mine[0])
                view = view_of(json.loads(api.handle("act", json.dumps({"action": pick}))))
            else:
                view = view_of(json.loads(api.handle("bot", "{}")))
        if view.get("poverty") and 0 not in view["poverty"].values():
            return seed, view["poverty"]
    raise AssertionError(f"no Armut between bots in {preset}")


def test_the_player_is_told_who_took_the_armut(context_for: Callable[..., Any]) -> None:
    seed, poverty = engine_poverty_deal("lockhausen", "beginner")
    page = context_for("desktop")
    page.goto(f"#/play?rules=lockhausen&seed={seed}&delay=0&level=beginner")
    ready(page)
    # until the player's first card: no trick can have been taken before it, so the
    # message must be on the table then
    deadline = time.monotonic() + 60
    while not page.locator(LEGAL_CARD).count():
        assert time.monotonic() < deadline, "the play did not reach the player"
        offered = page.eval_on_selector_all(
            "[data-action]:not([aria-disabled=true])", "bs => bs.map(b => b.dataset.action)"
        )
        word = next((w for w in ("healthy", "decline") if w in offered), None)
        if word:
            with contextlib.suppress(PlaywrightTimeout):  # the page may redraw meanwhile
                page.locator(f'[data-action="{word}"]').first.click(timeout=2_000)
        else:
            page.wait_for_timeout(40)
    note = page.locator("[data-testid=poverty-note]")
    assert note.count() == 1
    text = note.first.text_content() or ""
    names = ["Du", "Links", "Gegenüber", "Rechts"]
    n = poverty["returned_trumps"]
    assert names[poverty["taker"]] in text and names[poverty["giver"]] in text
    assert f"{n} {'Trumpf' if n == 1 else 'Trümpfe'}" in text


def test_replay_keys_step_and_jump(context_for: Callable[..., Any]) -> None:
    page = context_for("desktop")
    page.goto("#/demos")
    ready(page)
    demo = page.locator("[data-testid=demo]").first.get_attribute("data-demo")
    page.locator("[data-testid=demo] a").first.click()
    viewer = page.locator("[data-testid=replay]")
    viewer.wait_for()
    steps = int(viewer.get_attribute("data-steps") or "0")
    # a demo opens a short lead-in before its moment; Home goes to the deal
    start = json.loads((ROOT / f"engine/doko/demos/{demo}.json").read_text())["start"]
    assert viewer.get_attribute("data-step") == str(start)
    page.keyboard.press("Home")
    assert viewer.get_attribute("data-step") == "0"
    page.keyboard.press("ArrowRight")
    page.keyboard.press("ArrowRight")
    assert viewer.get_attribute("data-step") == "2"
    page.keyboard.press("ArrowLeft")
    assert viewer.get_attribute("data-step") == "1"
    page.keyboard.press("End")
    assert viewer.get_attribute("data-step") == str(steps - 1)
    page.keyboard.press("Home")
    assert viewer.get_attribute("data-step") == "0"
    # the icons are SVG, not font glyphs, and the way back is there
    assert page.locator("[data-testid=replay-first] svg").count() == 1
    assert page.locator("a.home-link").count() == 1
