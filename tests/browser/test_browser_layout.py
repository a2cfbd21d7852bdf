"""The table on every screen class, as a newcomer plays it: a normal game, a solo, a
Hochzeit, an Armut (taken by the player) and a deal thrown with five kings, each to its
result, on a phone, a tablet both ways and two desktops (the second tablet and desktop
screen skip the solo and the Hochzeit), a sit-out skipped to the result, and five at a
phone (every plate on one line).

At every phase, and at each of the player's turns in the normal game, the boxes of
what is on screen are checked: no plate, card back, trick count, trick card, hand card,
button or panel overlaps another, everything needed for play
lies inside the viewport, and while a hand is played the page is no longer than the
viewport; the wrong-card message and the "Link kopiert." toast are shown once in the
normal game and may cover nothing either. The plates' tags must fit the phase (no party
tags while nobody's party is known, no word twice on a plate) and the result panel must
say what each party needed.

Screenshots of every phase go to DOKO_SCREENSHOTS (default test-results/layout/),
with one contact sheet per screen class (contact-<screen>.jpg), drawn by the browser.
"""

from __future__ import annotations

import base64
import contextlib
import os
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pageplay import HAND, ILLEGAL_CARD, LEGAL_CARD, expand_choices, motion_over
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from contract_deals import deal_for

pytestmark = pytest.mark.browser

SCREENS = {
    "phone": (390, 844),
    "tablet-portrait": (820, 1180),
    "tablet-landscape": (1180, 820),
    "desktop": (1366, 768),
    "desktop-large": (1920, 1080),
}
# each screen in one theme and language, so both of each are seen
LOOKS = {
    "phone": ("light", "de"),
    "tablet-portrait": ("dark", "en"),
    "tablet-landscape": ("dark", "de"),
    "desktop": ("light", "en"),
    "desktop-large": ("light", "de"),
}
# what the result panel must say, per language
SAYS = {
    "de": {
        "goal": "brauchte",
        "redeal": "neu gegeben",
        "solo": ("Du gewinnst dein Solo.", "Kontra gewinnt: Links, Gegenüber und Rechts"),
        "sit-out": "Du setzt als Geber aus",
    },
    "en": {
        "goal": "needed",
        "redeal": "dealt again",
        "solo": ("You win as the soloist.", "Kontra wins: Left, Across and Right"),
        "sit-out": "You sit out as the dealer",
    },
}
SHOTS = Path(os.environ.get("DOKO_SCREENSHOTS") or "test-results/layout")
LEVEL = "beginner"  # the quickest bots: the test is about the page, not their play

# Every box that must stand on its own, grouped: boxes of one group may overlap each
# other (the cards of the hand, of the trick), boxes of different groups may not.
BOXES = """() => {
  const out = [];
  const add = (group, el, needed) => {
    const r = el.getBoundingClientRect();
    if (r.width < 1 || r.height < 1) return;
    const style = getComputedStyle(el);
    if (style.visibility === 'hidden' || style.display === 'none') return;
    out.push({ group, needed, name: el.className.baseVal ?? el.className,
      text: (el.textContent || '').trim().slice(0, 40),
      x: r.left, y: r.top, r: r.right, b: r.bottom });
  };
  const root = document.getElementById('app');
  root.querySelectorAll('header.bar').forEach((el) => add('header', el, true));
  // while cards are played (not before, not on the result)
  const trick = root.querySelector('.stage.phase-play [data-testid=trick]');
  root.querySelectorAll('.seat').forEach((seat) => {
    // a seat's trick count shows once it has taken a trick: measured as if it had one
    let count = null;
    if (trick && !seat.matches('.me, .out') && !seat.querySelector(':scope > .tricks-won')) {
      count = document.createElement('span');
      count.className = 'tricks-won';
      count.textContent = '12 tricks';
      seat.append(count);
    }
    // a seat cut off by the felt's edge is as bad as one covered
    const felt = seat.closest('.table').getBoundingClientRect();
    const r = seat.getBoundingClientRect();
    if (r.top < felt.top - 1 || r.bottom > felt.bottom + 1 || r.left < felt.left - 1
      || r.right > felt.right + 1) {
      out.push({ group: 'clipped', needed: true, name: 'seat', text: seat.textContent.slice(0, 40),
        x: -1, y: -1, r: -1, b: -1 });
    }
    seat.querySelectorAll(':scope > .plate, :scope > .backs, :scope > .tricks-won')
      .forEach((el) => add(`seat${seat.dataset.seat}`, el, true));
    count?.remove();
  });
  root.querySelectorAll('[data-testid=trick] .card').forEach((el) => add('trick', el, true));
  // every seat's spot in the trick too, whether its card lies there yet or not: a
  // blank card put on each spot (the seat's place round the table) and measured
  if (trick) {
    const players = Number(trick.closest('.table').className.match(/players-(\\d+)/)[1]);
    for (let rel = 0; rel < players; rel += 1) {
      const angle = (rel * 2 * Math.PI) / players;
      const blank = document.createElement('span');
      blank.className = 'card';
      blank.style.cssText = `--tx:${-Math.sin(angle)};--ty:${Math.cos(angle)};visibility:hidden`;
      trick.append(blank);
      const r = blank.getBoundingClientRect();
      blank.remove();
      if (r.width >= 1) out.push({ group: 'trick', needed: true, name: 'spot', text: `spot ${rel}`,
        x: r.left, y: r.top, r: r.right, b: r.bottom });
    }
  }
  root.querySelectorAll('[data-testid=hand] .card svg').forEach((el) => add('hand', el, true));
  const each = (sel, group) => root.querySelectorAll(sel)
    .forEach((el, i) => add(`${group}${i}`, el, true));
  each('[data-testid=actions] button', 'action');
  each('[data-testid=tools] button', 'tool');
  each('[data-testid=poverty-note], .sits-out-note', 'note');
  root.querySelectorAll('[data-testid=result]').forEach((el) => add('result', el, true));
  // a message shown (the page's alert lies outside #app, the toast inside it)
  document.querySelectorAll('#alert, [data-testid=toast]')
    .forEach((el) => add('message', el, true));
  return out;
}"""


def overlaps(boxes: list[dict[str, Any]]) -> list[str]:
    found = []
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            if a["group"] == b["group"]:
                continue
            w = min(a["r"], b["r"]) - max(a["x"], b["x"])
            h = min(a["b"], b["b"]) - max(a["y"], b["y"])
            if w > 1.5 and h > 1.5:
                found.append(
                    f"{a['group']} {a['text']!r} / {b['group']} {b['text']!r} ({w:.0f}x{h:.0f})"
                )
    return found


def outside(boxes: list[dict[str, Any]], width: int, height: int) -> list[str]:
    return [
        f"{b['group']} {b['text']!r} at {b['x']:.0f},{b['y']:.0f}-{b['r']:.0f},{b['b']:.0f}"
        for b in boxes
        if b["needed"]
        and (b["x"] < -0.5 or b["y"] < -0.5 or b["r"] > width + 0.5 or b["b"] > height + 0.5)
    ]


@pytest.fixture
def screen_page(browser: Any, site: str) -> Iterator[Callable[[str], Any]]:
    contexts: list[Any] = []

    def make(screen: str) -> Any:
        width, height = SCREENS[screen]
        theme, lang = LOOKS[screen]
        context = browser.new_context(
            viewport={"width": width, "height": height},
            color_scheme=theme,
            base_url=site,
            has_touch=screen.startswith(("phone", "tablet")),
            is_mobile=screen == "phone",
        )
        context.add_init_script(f"localStorage.setItem('doko.lang', '{lang}')")
        # the share button copies its link and says so in a toast
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        contexts.append(context)
        page = context.new_page()
        page.says = SAYS[lang]
        page.errors = []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))
        page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
        return page

    yield make
    for context in contexts:
        context.close()


class Phases:
    """Checks and photographs each phase of the deals on one screen."""

    def __init__(self, page: Any, screen: str) -> None:
        self.page, self.screen = page, screen
        self.width, self.height = SCREENS[screen]
        self.problems: list[str] = []
        self.shots: list[Path] = []

    def settle(self) -> None:
        motion_over(self.page)  # the cards' flights are over

    def check(self, name: str) -> None:
        self.settle()
        page = self.page
        # while a hand is played the table is one screen: nothing below it to scroll to
        # (a longer page lets a tap or a focused card shift the table under the header)
        extra = page.evaluate("() => document.documentElement.scrollHeight - innerHeight")
        playing = (
            page.locator(f"{HAND} button[data-card]").count()
            and not page.locator("[data-testid=result]").count()
        )
        if extra > 1 and playing:
            self.problems.append(f"{name}: the page scrolls by {extra} px")
        page.evaluate("() => window.scrollTo(0, 0)")
        self.problems += self.box_problems(name)
        doubled = page.eval_on_selector_all(
            ".seat .plate",
            """ps => ps.map(p => [...p.querySelectorAll('.tag')].map(t => t.textContent))
                 .filter(tags => new Set(tags).size !== tags.length)""",
        )
        if doubled:
            self.problems.append(f"{name}: a tag twice on a plate {doubled}")
        SHOTS.mkdir(parents=True, exist_ok=True)
        path = SHOTS / f"{self.screen}-{len(self.shots):02d}-{name}.jpg"
        page.screenshot(path=str(path), type="jpeg", quality=70, animations="disabled")
        self.shots.append(path)

    def box_problems(self, name: str) -> list[str]:
        boxes = self.page.evaluate(BOXES)
        return [f"{name}: overlap {o}" for o in overlaps(boxes)] + [
            f"{name}: outside {o}" for o in outside(boxes, self.width, self.height)
        ]

    def sweep(self, name: str) -> None:
        """The boxes checked without a screenshot, each problem noted once: for every
        trick of a deal, as the seats' trick counts and the trick's cards change."""
        self.settle()
        for problem in self.box_problems(name):
            if problem not in self.problems:
                self.problems.append(problem)

    def party_tags(self) -> list[str]:
        return list(
            self.page.eval_on_selector_all(
                ".seat .plate .tag.re, .seat .plate .tag.kontra", "ts => ts.map(t => t.textContent)"
            )
        )


def open_deal(page: Any, contract: str) -> None:
    preset, seed = deal_for(contract, LEVEL)
    open_link(page, f"#/play?rules={preset}&seed={seed}&delay=0&level={LEVEL}")


def open_link(page: Any, link: str) -> None:
    page.goto(link)
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    # the link's deal is on the table: the last deal's result is gone, a full hand dealt
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=result]')"
        " && document.querySelectorAll('[data-testid=hand] [data-card]').length >= 10",
        timeout=30_000,
    )


def say_when_asked(page: Any, word: str, timeout: float = 30, click: bool = True) -> None:
    """Say ``word`` once it is offered; until then say Gesund (as contract_deals does)."""
    deadline = time.monotonic() + timeout
    wanted = page.locator(f'[data-action="{word}"]:not([aria-disabled=true])')
    healthy = page.locator('[data-action="healthy"]:not([aria-disabled=true])')
    while True:
        if time.monotonic() > deadline:
            shown = page.evaluate("() => document.body.innerText.slice(0, 600)")
            raise AssertionError(f"{word} was never offered; the page shows: {shown!r}")
        if wanted.count():
            if not click:
                return
            with contextlib.suppress(PlaywrightTimeout):
                wanted.first.click(timeout=2_000)
                return
        elif healthy.count():
            with contextlib.suppress(PlaywrightTimeout):
                healthy.first.click(timeout=2_000)
        else:
            page.wait_for_timeout(30)


def play_on(
    page: Any,
    until: Callable[[], bool],
    timeout: float = 90,
    each: Callable[[], None] | None = None,
) -> None:
    """Play the first legal card whenever it is the player's turn until ``until``;
    ``each`` runs whenever the player's turn comes."""
    deadline = time.monotonic() + timeout
    while not until():
        assert time.monotonic() < deadline, "the deal did not get there in time"
        card = page.locator(LEGAL_CARD)
        if card.count():
            if each is not None:
                each()
            with contextlib.suppress(PlaywrightTimeout):  # the page redrew under the click
                card.first.click(timeout=2_000)
        else:
            page.wait_for_timeout(30)


def mid_trick(page: Any) -> Callable[[], bool]:
    return lambda: (
        page.locator("[data-testid=trick] [data-card]").count() >= 2
        and page.locator(LEGAL_CARD).count() > 0
    )


def result(page: Any) -> Callable[[], bool]:
    return lambda: page.locator("[data-testid=result]").count() > 0


def play_deals(page: Any, phases: Phases, every: bool) -> None:
    # a normal game: the reservations with every choice open, a trick, the result
    open_deal(page, "normal")
    page.wait_for_selector('[data-action="healthy"]')
    expand_choices(page)
    phases.check("reservations")
    page.click('[data-action="healthy"]')
    play_on(page, mid_trick(page))
    phases.check("normal-play")
    # every later turn too: the trick counts under the seats appear as tricks are won;
    # at the first turn with a card that may not be played, the messages are shown
    said: list[str] = []

    def each() -> None:
        phases.sweep("normal-trick")
        if not said and page.locator(ILLEGAL_CARD).count():
            said.append("yes")
            messages(page, phases)

    play_on(page, result(page), each=each)
    if not said:
        phases.problems.append("normal: never a card that may not be played")
    phases.check("normal-result")
    needs = page.locator("[data-testid=result-goal]").all_text_contents()
    if not any(page.says["goal"] in text for text in needs):
        phases.problems.append(f"normal-result: no goal said: {needs}")
    sheet_fits(page, phases)

    if every:
        solo_and_wedding(page, phases)
    armut_and_thrown(page, phases)


def messages(page: Any, phases: Phases) -> None:
    """The wrong-card message and the "Link kopiert." toast on the table: neither may
    cover a card, a plate or a button (the boxes' check, group 'message')."""
    page.locator(ILLEGAL_CARD).first.click(force=True)  # aria-disabled: a person may tap it
    page.wait_for_function("() => document.getElementById('alert').textContent.trim()")
    phases.check("normal-alert")
    page.click("#alert")  # put away by a tap
    page.wait_for_function("() => !document.getElementById('alert').textContent.trim()")
    page.click("[data-testid=share]")
    page.wait_for_selector("[data-testid=toast]")
    phases.check("normal-toast")


def solo_and_wedding(page: Any, phases: Phases) -> None:
    open_deal(page, "solo")
    page.wait_for_selector('[data-action="healthy"]')
    expand_choices(page)
    page.click('[data-action="solo:queens"]')
    play_on(page, mid_trick(page))
    phases.check("solo-play")
    play_on(page, result(page))
    phases.check("solo-result")
    title = page.locator("[data-testid=result-winner]").text_content() or ""
    if title not in page.says["solo"]:
        phases.problems.append(f"solo-result: winner not named: {title!r}")

    open_deal(page, "wedding")
    say_when_asked(page, "wedding")
    play_on(page, mid_trick(page))
    phases.check("wedding-play")
    play_on(page, result(page))
    phases.check("wedding-result")


def armut_and_thrown(page: Any, phases: Phases) -> None:
    open_deal(page, "poverty")
    say_when_asked(page, "accept", click=False)
    phases.check("armut-offer")
    if phases.party_tags():  # nobody has taken it yet: nobody's party is known
        phases.problems.append(f"armut-offer: party tags {phases.party_tags()}")
    page.click('[data-action="accept"]')
    page.wait_for_selector("[data-intent=return]")
    phases.check("armut-return")
    need = int(page.get_attribute("[data-intent=return]", "data-count") or "0")
    for i in range(need):
        page.locator("[data-testid=hand] button[data-card]").nth(i).click()
    page.click("[data-intent=return]")
    page.wait_for_selector("[data-testid=poverty-note]")
    phases.check("armut-play")
    if not page.locator("[data-testid=hand] .card.received").count():
        phases.problems.append("armut-play: the cards received are not marked")
    play_on(page, result(page))
    phases.check("armut-result")

    open_deal(page, "redeal")
    say_when_asked(page, "throw")
    page.wait_for_selector("[data-testid=result]")
    phases.check("thrown-result")
    if phases.party_tags():
        phases.problems.append(f"thrown-result: party tags on a thrown deal {phases.party_tags()}")
    text = page.locator("[data-testid=result]").text_content() or ""
    if page.says["redeal"] not in text:
        phases.problems.append(f"thrown-result: not explained: {text[:120]!r}")


def sheet_fits(page: Any, phases: Phases) -> None:
    """The score sheet under the table shows every column without scrolling sideways."""
    sheet = page.locator("[data-testid=scoresheet]")
    sheet.scroll_into_view_if_needed()
    wide = page.evaluate(
        "() => { const s = document.querySelector('.sheet');"
        " return s.scrollWidth - s.clientWidth; }"
    )
    if wide > 1:
        phases.problems.append(f"sheet: {wide}px of columns cut off")
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{phases.screen}-{len(phases.shots):02d}-sheet.jpg"
    page.screenshot(path=str(path), type="jpeg", quality=70, animations="disabled")
    phases.shots.append(path)
    page.evaluate("() => window.scrollTo(0, 0)")


def sit_out_and_skip(page: Any, phases: Phases) -> None:
    """Five players: the player deals the second game, sits out and skips to the result."""
    open_link(page, f"#/play?rules=ddv&seed=3&players=5&delay=0&level={LEVEL}")
    say_when_asked(page, "healthy")
    play_on(page, result(page))
    # the bots play the next deal at the slow pace, as a player who sits out waits
    page.click("[data-testid=settings-open]")
    page.select_option("#opt-speed", "slow")
    page.keyboard.press("Escape")
    page.click("[data-testid=next-game]")
    page.wait_for_selector("[data-testid=skip-ahead]")
    phases.check("sit-out")
    page.click("[data-testid=skip-ahead]")
    page.wait_for_selector("[data-testid=result-sit-out]", timeout=30_000)
    phases.check("sit-out-result")
    said = page.locator("[data-testid=result-sit-out]").text_content() or ""
    if not said.startswith(page.says["sit-out"]):
        phases.problems.append(f"sit-out-result: {said!r}")


def contact_sheet(page: Any, screen: str) -> Path:
    """One image of every screenshot of a screen class, laid out and photographed by
    the browser (no image library needed)."""
    shots = sorted(SHOTS.glob(f"{screen}-*.jpg"))
    tiles = "".join(
        f'<figure><img src="data:image/jpeg;base64,{base64.b64encode(p.read_bytes()).decode()}">'
        f"<figcaption>{p.stem}</figcaption></figure>"
        for p in shots
    )
    html = (
        "<style>body{margin:0;background:#222;color:#eee;font:12px sans-serif;display:flex;"
        "flex-wrap:wrap;gap:6px;padding:6px;width:2400px}figure{margin:0}"
        "img{height:300px;display:block}</style>" + tiles
    )
    sheet = page.context.new_page()
    sheet.set_viewport_size({"width": 2412, "height": 800})
    sheet.set_content(html)
    sheet.wait_for_function("() => [...document.images].every(i => i.complete)")
    out = SHOTS / f"contact-{screen}.jpg"
    sheet.screenshot(path=str(out), full_page=True, type="jpeg", quality=70)
    sheet.close()
    return out


# the plates that take more than one line: a name broken, or a tag below another part
WRAPPED_PLATES = """() => [...document.querySelectorAll('.seat .plate')].filter((plate) => {
  const boxes = [...plate.children].map((el) => el.getBoundingClientRect());
  const below = boxes.some((a) => boxes.some((b) => a.top >= b.bottom - 1));
  const name = plate.querySelector('.name');
  const range = document.createRange();
  if (name) range.selectNodeContents(name);
  const lines = name ? new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size : 1;
  return below || lines > 1;
}).map((plate) => plate.textContent)"""


def test_five_players_on_a_phone(screen_page: Callable[[str], Any]) -> None:
    """Five at the table on a phone: the trick's spots leave every seat's cards and
    count free, and every plate keeps to one line, at each of the player's turns."""
    page = screen_page("phone")
    for old in SHOTS.glob("phone5-*.jpg"):
        old.unlink()
    phases = Phases(page, "phone")
    phases.screen = "phone5"
    open_link(page, f"#/play?rules=ddv&seed=11&players=5&delay=0&level={LEVEL}")
    say_when_asked(page, "healthy")

    def plates(name: str) -> None:
        wrapped = page.evaluate(WRAPPED_PLATES)
        if wrapped and f"{name}: plates on two lines {wrapped}" not in phases.problems:
            phases.problems.append(f"{name}: plates on two lines {wrapped}")

    play_on(page, mid_trick(page))
    phases.check("five-play")
    plates("five-play")

    def each() -> None:
        phases.sweep("five-trick")
        plates("five-trick")

    play_on(page, result(page), each=each)
    phases.check("five-result")
    assert contact_sheet(page, "phone5").exists()
    assert phases.problems == [], "\n".join(phases.problems)
    assert page.errors == []


@pytest.mark.parametrize("screen", list(SCREENS))
def test_every_contract_on_every_screen(screen_page: Callable[[str], Any], screen: str) -> None:
    page = screen_page(screen)
    for old in SHOTS.glob(f"{screen}-*.jpg"):
        old.unlink()
    phases = Phases(page, screen)
    # every contract on one screen of each class; the second tablet and desktop
    # screens play the normal game, the Armut and the thrown deal (time in CI)
    play_deals(page, phases, every=screen in ("phone", "tablet-portrait", "desktop"))
    if screen in ("phone", "tablet-portrait"):
        sit_out_and_skip(page, phases)
    assert contact_sheet(page, screen).exists()
    assert phases.problems == [], "\n".join(phases.problems)
    assert page.errors == []
