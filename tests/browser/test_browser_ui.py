"""Every phase playable in a real Chromium with exactly the legal choices, on a
desktop, an emulated tablet (taps) and by keyboard alone; the helpers (hint, take
back, last trick, settings). Accessibility and screenshots: test_browser_table.py.

Each game is played through the page; its record, replayed by the CLI in
CPython, must give the points the page shows.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from pageplay import HAND, LEGAL_CARD, expand_choices, watched

from clirun import replay
from doko.game.cards import CQ, deal
from doko.game.rules import load_rules
from doko.game.state import GameState, legal_for, new_game
from support import view_of

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]

CARD = re.compile(r"^[CSHD][ATKQJ987]$")


# ---- deals -------------------------------------------------------------------


def first_deal(preset: str, wanted: Callable[[GameState], bool]) -> int:
    """The first seed whose deal (the page's: dealer 3, the human at seat 0) is wanted."""
    rules = load_rules(preset)
    for seed in range(1, 20_000):
        state = new_game(rules, deal(rules.deck_for(4), 4, seed, 3), 3)
        if wanted(state):
            return seed
    raise AssertionError(f"no such deal for {preset}")


def dealt(preset: str, seed: int) -> GameState:
    rules = load_rules(preset)
    return new_game(rules, deal(rules.deck_for(4), 4, seed, 3), 3)


def both_queens(state: GameState) -> bool:
    return state.dealt[0].count(CQ) == 2


def may(word: str) -> Callable[[GameState], bool]:
    return lambda state: f"0:{word}" in {str(a) for a in legal_for(state, 0)}


def page_game(preset: str, seed: int, human: list[str]) -> dict[str, Any]:
    """The deal as the page plays it (same engine entry point, same seeded bots),
    the human saying the words of ``human`` when offered, else healthy, else the
    first legal action; returns the final view."""
    from doko import api

    words = list(human)
    payload = {"rules": preset, "seed": seed, "level": "standard"}  # as the page opens it
    view = view_of(json.loads(api.handle("new_game", json.dumps(payload))))
    while view["phase"] != "done":
        if view["to_act"] == 0:
            mine = [a.split(":", 1)[1] for a in view["legal"] if a.startswith("0:")]
            pick = next((w for w in words if w in mine), None)
            if pick:
                words.remove(pick)
            else:
                pick = "healthy" if "healthy" in mine else mine[0]
            view = view_of(json.loads(api.handle("act", json.dumps({"action": f"0:{pick}"}))))
        else:
            view = view_of(json.loads(api.handle("bot")))
        assert "error" not in view, view
    return view


def first_played(
    preset: str,
    wanted: Callable[[str, int], bool],
    prefilter: Callable[[GameState], bool] | None = None,
) -> int:
    rules = load_rules(preset)
    for seed in range(1, 3_000):
        state = new_game(rules, deal(rules.deck_for(4), 4, seed, 3), 3)
        if (prefilter is None or prefilter(state)) and wanted(preset, seed):
            return seed
    raise AssertionError(f"no such game for {preset}")


def human_words(state: GameState) -> set[str]:
    return {str(a).split(":", 1)[1] for a in legal_for(state, 0)}


# ---- the page ----------------------------------------------------------------


class Player:
    """Plays the human seat through the page: clicks, taps or keys."""

    def __init__(self, page: Any, how: str = "click") -> None:
        self.page = page
        self.how = how  # click | tap | key

    def press(self, locator: Any) -> None:
        if self.how == "tap":
            locator.tap()
        elif self.how == "key":
            locator.focus()
            self.page.keyboard.press("Enter")
        else:
            locator.click()

    def choice(self, word: str) -> Any:
        return self.page.locator(f'[data-action="{word}"]:not([aria-disabled=true])')

    def choose(self, word: str) -> bool:
        button = self.choice(word)
        if button.count() and button.first.is_visible():
            if self.how == "key":
                return self.key_choice(word)
            self.press(button.first)
            return True
        return False

    def key_choice(self, word: str) -> bool:
        """Number keys: the n-th choice button."""
        words = self.page.eval_on_selector_all(
            "[data-testid=actions] > button", "bs => bs.map(b => b.dataset.action || '')"
        )
        if word not in words or words.index(word) > 8:
            return False
        self.page.keyboard.press(str(words.index(word) + 1))
        return True

    def play_card(self) -> bool:
        cards = self.page.locator(LEGAL_CARD)
        if not cards.count():
            return False
        if self.how != "key":
            self.press(cards.first)
            return True
        # arrows move the focus into and through the hand; Enter plays
        for _ in range(14):
            self.page.keyboard.press("ArrowRight")
            legal = self.page.evaluate(
                "() => { const el = document.activeElement; return !!el && !!el.dataset.card"
                " && el.getAttribute('aria-disabled') !== 'true'"
                " && !!el.closest('[data-my-turn=true]'); }"
            )
            if legal:
                self.page.keyboard.press("Enter")
                return True
        return False

    def give_back(self) -> bool:
        give = self.page.locator('[data-action="return"]')
        if not give.count():
            return False
        count = int(give.text_content().split("/")[1].rstrip(")"))
        cards = self.page.locator(f"{HAND} button[data-card]")
        for i in range(count):
            if cards.nth(i).get_attribute("aria-pressed") != "true":
                self.press(cards.nth(i))
        self.press(give)
        self.page.wait_for_function("() => !document.querySelector('[data-action=return]')")
        return True

    def step(self, prefer: list[str]) -> bool:
        # one snapshot of the offered choices, so a view arriving meanwhile cannot
        # make the player pick a fallback over the word it waits for
        if prefer:
            expand_choices(self.page)
        offered = self.page.eval_on_selector_all(
            "[data-action]:not([aria-disabled=true])", "bs => bs.map(b => b.dataset.action)"
        )
        for word in list(prefer):
            if word in offered:
                prefer.remove(word)
                return self.choose(word)
        if "return" in self.page.eval_on_selector_all(
            "[data-action]", "bs => bs.map(b => b.dataset.action)"
        ):
            return self.give_back()
        for word in ("healthy", "decline"):
            if word in offered:
                return self.choose(word)
        return self.play_card()

    def play_to_end(self, prefer: list[str] | None = None, timeout: float = 120) -> None:
        prefer = list(prefer or [])
        deadline = time.monotonic() + timeout
        while not self.page.locator("[data-testid=result]").count():
            assert time.monotonic() < deadline, "game did not finish in time"
            if not self.step(prefer):
                self.page.wait_for_timeout(40)


def open_game(page: Any, preset: str, seed: int) -> None:
    page.goto(f"#/play?rules={preset}&seed={seed}&delay=0&level=standard")
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    page.wait_for_selector(f"{HAND} button[data-card]")


def shown_words(page: Any) -> set[str]:
    """Every choice the page offers (the Hochzeit card picker opened)."""
    expand_choices(page)
    return set(
        page.eval_on_selector_all(
            "[data-testid=actions] [data-action]", "bs => bs.map(b => b.dataset.action)"
        )
    ) - {"return"}


def check_against_cli(page: Any, preset: str) -> dict[str, Any]:
    page.wait_for_selector("[data-testid=score-row]")
    shown = json.loads(page.get_attribute("[data-testid=result-points]", "data-points"))
    record = json.loads(page.text_content("[data-testid=record]"))
    assert record["rules"] == preset
    result = replay(record)
    assert result["points"] == shown
    assert page.watch.offsite == []
    assert page.watch.errors == []
    return result


# ---- contexts: desktop (the conftest page), tablet, phone --------------------


@pytest.fixture
def tablet(browser: Any, site: str) -> Iterator[Any]:
    """A landscape tablet with a touch screen (the size of an iPad in landscape)."""
    context = browser.new_context(
        viewport={"width": 1024, "height": 768},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        base_url=site,
    )
    yield watched(context, site)
    context.close()


# ---- the games ---------------------------------------------------------------


def ends_as(contract: str, human: list[str]) -> Callable[[str, int], bool]:
    return lambda preset, seed: page_game(preset, seed, human)["contract"] == contract


def human_takes(preset: str, seed: int) -> bool:
    """A bot's Trumpfabgabe that the human accepts (nobody before it does)."""
    view = page_game(preset, seed, ["accept"])
    return view["contract"] == "poverty" and "0:accept" in view["record"]["actions"]


def one_queen(state: GameState) -> bool:
    return state.dealt[0].count(CQ) == 1


Seed = Callable[[str], int]


def deal_where(wanted: Callable[[GameState], bool]) -> Seed:
    return lambda preset: first_deal(preset, wanted)


def game_where(
    wanted: Callable[[str, int], bool], prefilter: Callable[[GameState], bool] | None = None
) -> Seed:
    return lambda preset: first_played(preset, wanted, prefilter)


def seven(preset: str) -> int:
    return 7


# (id, preset, which deal, what the human says when offered, the contract it makes)
GAMES: list[tuple[str, str, Seed, list[str], str | None]] = [
    ("announcements-ddv", "ddv", seven, ["re", "kontra"], None),
    ("wedding-berndt", "berndt", deal_where(both_queens), ["wedding"], None),
    ("wedding-lockhausen", "lockhausen", deal_where(both_queens), ["wedding:fehl"], None),
    ("wedding-card-klassisch", "klassisch", deal_where(both_queens), ["wedding:card"], None),
    (
        "poverty-give-lockhausen",
        "lockhausen",
        game_where(ends_as("poverty", ["poverty"]), may("poverty")),
        ["poverty"],
        "poverty",
    ),
    (
        "poverty-give-ohne-neunen",
        "ohne-neunen",
        game_where(ends_as("poverty", ["poverty"]), may("poverty")),
        ["poverty"],
        "poverty",
    ),
    ("poverty-take-lockhausen", "lockhausen", game_where(human_takes), ["accept"], "poverty"),
    ("poverty-take-ohne-neunen", "ohne-neunen", game_where(human_takes), ["accept"], "poverty"),
    ("solo-ddv", "ddv", seven, ["solo:queens"], "solo:queens"),
    ("solo-berndt", "berndt", seven, ["solo:queens"], "solo:queens"),
    (
        "declare-solo-klassisch",
        "klassisch",
        game_where(ends_as("solo:diamonds", ["declare-solo"]), one_queen),
        ["declare-solo"],
        "solo:diamonds",
    ),
    (
        "throw-lockhausen",
        "lockhausen",
        game_where(ends_as("redeal", ["throw"]), may("throw")),
        ["throw"],
        "redeal",
    ),
    (
        "throw-ohne-neunen",
        "ohne-neunen",
        game_where(ends_as("redeal", ["throw"]), may("throw")),
        ["throw"],
        "redeal",
    ),
]


def play_game(
    page: Any, how: str, preset: str, seed_for: Seed, prefer: list[str], contract: str | None
) -> dict[str, Any]:
    seed = seed_for(preset)
    open_game(page, preset, seed)
    state = dealt(preset, seed)
    page.wait_for_selector('[data-action="healthy"]')
    assert shown_words(page) == human_words(state)  # exactly the legal reservations
    if prefer[0] == "wedding:card":  # the first partner card the picker offers
        prefer = [page.locator(".picker [data-action]").first.get_attribute("data-action")]
    Player(page, how).play_to_end(prefer)
    result = check_against_cli(page, preset)
    record = json.loads(page.text_content("[data-testid=record]"))
    mine = [a.split(":", 1)[1] for a in record["actions"] if a.startswith("0:")]
    assert set(prefer) & set(mine), (prefer, mine)  # the human's choice went through the page
    if contract:
        assert result["contract"] == contract
    if contract == "poverty":
        assert 0 in (result["poverty"]["giver"], result["poverty"]["taker"])
    return result


@pytest.mark.parametrize(
    ("preset", "seed_for", "prefer", "contract"), [g[1:] for g in GAMES], ids=[g[0] for g in GAMES]
)
def test_phase_by_mouse(
    page: Any, preset: str, seed_for: Seed, prefer: list[str], contract: str | None
) -> None:
    play_game(page, "click", preset, seed_for, prefer, contract)


TABLET_GAMES = [
    g
    for g in GAMES
    if g[0]
    in (
        "announcements-ddv",
        "wedding-berndt",
        "wedding-card-klassisch",
        "poverty-give-lockhausen",
        "poverty-take-ohne-neunen",
        "solo-ddv",
        "throw-ohne-neunen",
    )
]


@pytest.mark.parametrize(
    ("preset", "seed_for", "prefer", "contract"),
    [g[1:] for g in TABLET_GAMES],
    ids=[g[0] for g in TABLET_GAMES],
)
def test_phase_on_a_tablet(
    tablet: Any, preset: str, seed_for: Seed, prefer: list[str], contract: str | None
) -> None:
    assert tablet.evaluate("() => matchMedia('(hover: none)').matches")
    play_game(tablet, "tap", preset, seed_for, prefer, contract)


def test_whole_game_by_keyboard(page: Any) -> None:
    open_game(page, "ddv", 7)
    page.wait_for_selector('[data-action="healthy"]')
    Player(page, "key").play_to_end(["re"])
    result = check_against_cli(page, "ddv")
    # the keyboard player said Re where it could: the record's result has it
    assert "re" in result["announcements"]["re"], result["announcements"]


def test_announcements_show_their_deadline(page: Any) -> None:
    open_game(page, "ddv", 7)
    page.click('[data-action="healthy"]')
    button = page.locator('[data-action="re"], [data-action="kontra"]').first
    button.wait_for()
    assert "bis 11 Karten" in button.text_content()
    page.click("[data-intent=lang]")
    assert "until 11 cards" in button.text_content()
    open_game(page, "lockhausen", 3)
    page.click('[data-action="healthy"]')
    button = page.locator('[data-action="re"], [data-action="kontra"]').first
    button.wait_for()
    assert "before trick 2" in button.text_content()


def test_follow_suit_names_the_suit_and_helpers_work(page: Any) -> None:
    open_game(page, "ddv", 7)
    page.click('[data-action="healthy"]')
    player = Player(page)
    deadline = time.monotonic() + 60
    illegal = f"{HAND}[data-my-turn=true] button[data-card][aria-disabled=true]"
    # a card is played only after the hand that offers it was checked for a card it
    # may not play: one look for both could miss the turn that has one
    while not page.locator(illegal).count():
        assert time.monotonic() < deadline
        if page.locator(LEGAL_CARD).count():
            if not page.locator(illegal).count():
                player.play_card()
        elif not (player.choose("healthy") or player.choose("decline") or player.give_back()):
            page.wait_for_timeout(40)
    led = page.locator("[data-testid=trick] [data-card]").first.get_attribute("data-card")
    page.locator(illegal).first.click(force=True)
    page.wait_for_function("() => document.querySelector('[role=alert]').textContent.trim()")
    text = page.text_content("[role=alert]")
    suit = {"C": "Kreuz", "S": "Pik", "H": "Herz", "D": "Karo"}[led[0]]
    assert f"Du musst {suit} bedienen" in text or "Du musst Trumpf bedienen" in text, text
    # a hint names a card, the take-back returns it to the hand
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=hint-text]")
    assert page.locator(f"{HAND} .card.hinted").count() >= 1
    before = page.locator(f"{HAND} button[data-card]").count()
    player.play_card()
    page.wait_for_function(
        f"() => document.querySelectorAll('{HAND} button[data-card]').length === {before - 1}"
    )
    page.click("[data-testid=undo]")
    page.wait_for_function(
        f"() => document.querySelectorAll('{HAND} button[data-card]').length === {before}"
    )
    page.wait_for_selector(LEGAL_CARD)
    # the last trick on demand
    page.click("[data-testid=last-trick-button]")
    assert page.locator("[data-testid=last-trick-panel] [role=img]").count() == 4
    assert "Augen" in page.text_content("[data-testid=eyes]")
    assert page.text_content("[data-testid=plays]").strip()
    assert page.watch.errors == []


def test_options_persist_and_tournament_hides_eyes(page: Any) -> None:
    open_game(page, "ddv", 7)
    page.click("[data-testid=settings-open]")
    page.check("#opt-autoplay")
    page.check("#opt-tapToCollect")
    page.select_option("#opt-theme", "dark")
    page.keyboard.press("Escape")
    saved = json.loads(page.evaluate("() => localStorage.getItem('doko.options')"))
    assert saved["autoplay"] and saved["tapToCollect"] and saved["theme"] == "dark"
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    page.reload()
    page.wait_for_selector("body[data-engine=ready]", timeout=60_000)
    assert page.evaluate("() => document.documentElement.dataset.theme") == "dark"
    assert set(saved) <= {
        "theme",
        "speed",
        "tapToCollect",
        "autoplay",
        "sound",
        "eyes",
        "fourColour",
    }
    # tap to collect: a finished trick waits for the player
    page.click('[data-action="healthy"]')
    player = Player(page)
    deadline = time.monotonic() + 60
    while not page.locator("[data-testid=collect]").count():
        assert time.monotonic() < deadline
        if not player.step([]):
            page.wait_for_timeout(40)
    assert page.locator("[data-testid=trick] [data-card]").count() == 4
    page.click("[data-testid=collect]")
    assert page.locator("[data-testid=collect]").count() == 0
    open_game(page, "berndt", 7)
    page.click('[data-action="healthy"]')
    assert page.locator("[data-testid=eyes]").count() == 0  # tournament preset
    page.keyboard.press("?")
    page.wait_for_selector("[data-testid=help-dialog]")
    assert "Enter" in page.text_content("[data-testid=help-dialog]")
    page.evaluate("() => localStorage.removeItem('doko.options')")
