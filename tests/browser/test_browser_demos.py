"""Rules demos in a real Chromium: a player's own demo with notes travels by link,
hostile notes stay text or are refused, the deciding card is marked, autoplay halts
where a rule acts, the gallery is grouped by topic and searchable, and a deal of the
score sheet opens in the viewer."""

from __future__ import annotations

import json
from typing import Any

import pytest
from pageplay import play_to_end, ready, watched

from doko.page import links
from doko.page.explain import walk
from support import ROOT

pytestmark = pytest.mark.browser

FOX = json.loads((ROOT / "engine/doko/demos/ddv_fox.json").read_text())["record"]
VIEWER = "[data-testid=replay]"


def go_to_step(page: Any, step: int) -> None:
    page.click("[data-testid=replay-first]")
    for _ in range(step):
        page.click("[data-testid=replay-next]")
    page.wait_for_selector(f"{VIEWER}[data-step='{step}']")


def write_note(page: Any, step: int, text: str) -> None:
    go_to_step(page, step)
    page.fill("[data-testid=note-input]", text)
    page.click("[data-testid=replay-note-save]")


def open_fox(page: Any) -> None:
    page.goto(f"/#/replay/{links.encode(FOX)}")
    ready(page)
    page.wait_for_selector(VIEWER)


def test_a_demo_with_two_notes_travels_by_link(page: Any, browser: Any, site: str) -> None:
    open_fox(page)
    page.click("[data-testid=replay-note-edit]")
    page.fill("[data-testid=note-title]", "Wie man einen Fuchs fängt")
    write_note(page, 3, "Hier geht es los.")
    page.wait_for_selector("[data-testid=replay-note][data-step='3']")
    write_note(page, 11, "Achtung: <b>der Fuchs</b> fällt!")
    page.wait_for_selector("[data-testid=replay-note][data-step='11']")
    assert page.locator("[data-testid=note-jump]").count() == 2
    page.click("[data-testid=replay-share]")
    page.wait_for_function("() => (document.body.dataset.shareLink || '').includes('notes=')")
    link = page.evaluate("() => document.body.dataset.shareLink")
    assert "#/replay/" in link and len(link) < 2000

    fresh = browser.new_context(base_url=site)  # nothing stored: only the link carries them
    other = watched(fresh, site)
    try:
        other.goto(link)
        ready(other)
        other.wait_for_selector(VIEWER)
        assert other.text_content("#replay-title") == "Wie man einen Fuchs fängt"
        assert other.get_attribute(VIEWER, "data-step") == "0"
        assert other.locator("[data-testid=replay-note]").count() == 0
        go_to_step(other, 3)
        assert other.text_content("[data-testid=replay-note] .note-text") == "Hier geht es los."
        go_to_step(other, 4)
        assert other.locator("[data-testid=replay-note]").count() == 0
        go_to_step(other, 11)
        note = other.locator("[data-testid=replay-note] .note-text")
        assert note.text_content() == "Achtung: <b>der Fuchs</b> fällt!"  # text, not markup
        assert note.locator("b").count() == 0
        assert other.text_content("[role=alert]") == ""
        assert other.watch.errors == []
    finally:
        fresh.close()
    assert page.watch.errors == []


def test_hostile_notes_are_text_or_refused_with_a_message(page: Any) -> None:
    open_fox(page)
    page.evaluate("() => { window.__pwned = false; }")
    page.click("[data-testid=replay-note-edit]")
    markup = '<img src=x onerror="window.__pwned = true"><script>window.__pwned = true</script>'
    write_note(page, 2, markup)
    page.wait_for_selector("[data-testid=replay-note][data-step='2']")
    assert page.text_content("[data-testid=replay-note] .note-text") == markup
    assert (
        page.locator("[data-testid=replay-note] img, [data-testid=replay-note] script").count() == 0
    )
    # 100 kB in one note: refused, the message says why, the notes stay as they were
    go_to_step(page, 5)
    page.evaluate(
        "() => { const a = document.querySelector('[data-testid=note-input]');"
        " a.value = 'x'.repeat(100000); a.dispatchEvent(new Event('input')); }"
    )
    page.click("[data-testid=replay-note-save]")
    said = "(text) => (document.querySelector('[role=alert]')?.textContent ?? '').includes(text)"
    page.wait_for_function(said, arg="100000")
    alert = page.text_content("[role=alert]")
    assert "100000" in alert and "280" in alert
    assert page.locator("[data-testid=note-jump]").count() == 1
    # a link whose notes are 100 kB: the game opens, the notes are refused with a message
    huge = "N" + "A" * 100_000
    page.goto(f"/#/replay/{links.encode(FOX)}?notes={huge}")
    page.wait_for_selector(VIEWER)
    # (the same document: the alert above may still be up until the link's own arrives)
    page.wait_for_function(said, arg="Notizen")
    assert page.locator("[data-testid=replay-note]").count() == 0
    assert page.evaluate("() => window.__pwned") is False
    assert page.watch.errors == []


def test_the_deciding_card_is_marked_and_autoplay_halts_at_rules(page: Any) -> None:
    viewer = walk(FOX)
    open_fox(page)
    trick_done = viewer["tricks_at"][0]
    go_to_step(page, trick_done)
    focus = viewer["frames"][trick_done]["focus"]
    marked = page.locator("[data-testid=replay-trick] [data-decisive=true]")
    assert marked.count() == 1
    assert marked.get_attribute("data-card") == focus["card"]
    assert marked.get_attribute("data-seat") == str(focus["seat"])
    # from the start, autoplay stops at the first step where a rule acts
    page.click("[data-testid=replay-first]")
    page.select_option("[data-testid=replay-speed]", "4")
    page.click("[data-testid=replay-play]")
    page.wait_for_selector("[data-testid=replay-paused]")
    first_stop = next(s for s in viewer["stops"] if s > 0)
    assert page.get_attribute(VIEWER, "data-step") == str(first_stop)
    assert page.get_attribute("[data-testid=replay-explain]", "data-rule") == "true"
    # "Nächste Regel" jumps to the next one
    page.click("[data-testid=replay-next-rule]")
    second = next(s for s in viewer["stops"] if s > first_stop)
    page.wait_for_selector(f"{VIEWER}[data-step='{second}']")
    assert page.watch.errors == []


def test_gallery_by_topic_and_search(page: Any) -> None:
    page.goto("/#/demos")
    ready(page)
    page.wait_for_selector("[data-testid=demo]")
    topics = page.locator("[data-testid=demo-topic] h3").all_text_contents()
    assert topics[:4] == ["Grundlagen", "Sonderspiele", "Ansagen", "Sonderpunkte"]
    total = page.locator("[data-testid=demo]").count()
    assert total >= 60
    page.fill("[data-testid=demo-search]", "fuchs")
    shown = page.locator("[data-testid=demo]:not([hidden])")
    assert 1 <= shown.count() < total
    assert all("fuchs" in t.lower() for t in shown.all_text_contents())
    page.fill("[data-testid=demo-search]", "lockhausen herzstich")
    assert page.locator("[data-testid=demo]:not([hidden])").count() >= 1
    page.fill("[data-testid=demo-search]", "zzzz-nichts")
    assert page.locator("[data-testid=demo]:not([hidden])").count() == 0
    assert page.locator("[data-testid=demo-none]").is_visible()
    page.fill("[data-testid=demo-search]", "")
    assert page.locator("[data-testid=demo]:not([hidden])").count() == total
    assert page.watch.errors == []


def test_a_deal_of_the_score_sheet_opens_in_the_viewer(page: Any) -> None:
    page.goto("/#/play?rules=ddv&seed=7&delay=0&level=standard")
    ready(page)
    play_to_end(page)
    page.click("[data-testid=row-replay]")
    page.wait_for_selector(VIEWER)
    steps = int(page.get_attribute(VIEWER, "data-steps"))
    assert steps > 48
    assert page.get_attribute(VIEWER, "data-step") == str(steps - 1)
    assert page.locator("[data-testid=replay-lines] [data-testid=result-line]").count() >= 1
    page.click("[data-testid=replay-note-edit]")
    write_note(page, 5, "Mein Fehler")
    page.wait_for_selector("[data-testid=replay-note][data-step='5']")
    assert page.watch.errors == []


def _demo(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / f"engine/doko/demos/{name}.json").read_text())
    return data


def _top_seat_top(page: Any) -> float:
    """The top edge of the highest seat on the felt, in the viewport."""
    return float(
        page.evaluate(
            "() => Math.min(...[...document.querySelectorAll('.replay-table .replay-seat')]"
            ".map((s) => s.getBoundingClientRect().top))"
        )
    )


def _narrowest_card(page: Any, seat_class: str) -> float:
    """The least width of a card that shows beside the next one in an open hand."""
    return float(
        page.evaluate(
            """(sel) => Math.min(...[...document.querySelectorAll(sel)].flatMap((hand) => {
              const r = [...hand.querySelectorAll('.card')].map((c) => c.getBoundingClientRect());
              return r.slice(0, -1)
                .flatMap((a, i) => (r[i + 1].top === a.top ? [r[i + 1].left - a.left] : []));
            }), 999)""",
            f".replay-table {seat_class} .open-hand",
        )
    )


def test_a_demo_opens_before_its_moment_and_says_it_on_a_phone(page: Any) -> None:
    """The stille Hochzeit opens a trick before its moment; each Weiter keeps the page
    where it was (the top seat in view), the line under the title counts down, the
    moment is said in a sentence, and the deal's first step is still reachable."""
    demo = _demo("ddv_silent_wedding")
    start, moment = demo["start"], demo["moment"]
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/#/demos")
    ready(page)
    page.click("[data-testid=demo][data-demo=ddv_silent_wedding] a")
    page.wait_for_selector(f"{VIEWER}[data-step='{start}']")
    assert 0 < moment - start <= 15
    left = moment - start
    assert page.text_content("[data-testid=replay-moment]").strip() == (
        f"· die Regel in {left} Schritten"
    )
    for step in range(start + 1, moment + 1):
        page.click("[data-testid=replay-next]")
        page.wait_for_selector(f"{VIEWER}[data-step='{step}']")
        assert page.evaluate("() => scrollY") == 0  # no jump after the tap
        assert _top_seat_top(page) >= 0
        next_box = page.locator("[data-testid=replay-next]").bounding_box()
        assert next_box["y"] + next_box["height"] <= 844  # the next tap is in reach
    assert "hier wirkt die Regel" in page.text_content("[data-testid=replay-moment]")
    told = page.text_content("[data-testid=replay-explain]")
    assert "Spieler 2 spielt die zweite Kreuz-Dame und hatte damit beide" in told
    assert "stille Hochzeit" in told and "allein gegen alle" in told
    assert "(die andere Partei ist schon vollständig)" not in told
    explain = page.locator("[data-testid=replay-explain] li.rule").bounding_box()
    assert explain["y"] + explain["height"] <= 844  # the sentence is in view too
    # few cards left: each card shows more than a sliver
    assert _narrowest_card(page, ".replay-seat") >= 18
    page.click("[data-testid=replay-first]")
    page.wait_for_selector(f"{VIEWER}[data-step='0']")
    assert page.watch.errors == []


def test_five_at_the_table_says_the_dealer_sits_out(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/#/demos")
    ready(page)
    page.click("[data-testid=demo][data-demo=ddv_five_players] a")
    page.wait_for_selector(f"{VIEWER}[data-step='0']")
    dealer = _demo("ddv_five_players")["record"]["dealer"]
    told = page.text_content("[data-testid=replay-explain]")
    assert f"Spieler {dealer + 1} gibt und setzt aus" in told
    # the bottom hand of twelve has the felt's width: no thin strips
    assert _narrowest_card(page, ".side-bottom") >= 18
    assert page.watch.errors == []


SEAT_OVERLAPS = """() => {
  const seats = [...document.querySelectorAll('.replay-table .replay-seat')];
  const boxes = seats.map((s) => [s.querySelector('.name').textContent, s.getBoundingClientRect()]);
  const out = [];
  for (const [i, [a, ra]] of boxes.entries()) {
    for (const [b, rb] of boxes.slice(i + 1)) {
      const x = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
      const y = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
      if (x > 1 && y > 1) out.push(`${a} / ${b}`);
    }
  }
  return out;
}"""


@pytest.mark.parametrize("demo", ["klassisch_eight_players", "klassisch_six_solo"])
def test_every_seat_of_a_big_table_keeps_its_own_place_on_a_phone(page: Any, demo: str) -> None:
    """Six and eight seats on a phone: no seat (plate and open hand) lies over another,
    from the deal through its first tricks."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/#/demos")
    ready(page)
    page.click(f"[data-testid=demo][data-demo={demo}] a")
    page.wait_for_selector(VIEWER)
    go_to_step(page, 0)
    for step in range(20):
        assert page.evaluate(SEAT_OVERLAPS) == [], f"step {step}"
        page.click("[data-testid=replay-next]")
        page.wait_for_selector(f"{VIEWER}[data-step='{step + 1}']")
    assert page.watch.errors == []


COVERED_BY = """(sel) => {
  const m = document.querySelector(sel).getBoundingClientRect();
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  };
  return [...document.querySelectorAll('#app button, #app a, #app .replay-seat, #app .card')]
    .filter((el) => !el.closest('.page-messages') && shown(el))
    .filter((el) => {
      const r = el.getBoundingClientRect();
      const x = Math.min(m.right, r.right) - Math.max(m.left, r.left);
      const y = Math.min(m.bottom, r.bottom) - Math.max(m.top, r.top);
      return x > 1 && y > 1;
    })
    .map((el) => el.dataset.testid || el.className || el.tagName);
}"""

BOX = """(sel) => { const r = document.querySelector(sel).getBoundingClientRect();
  return [r.left, r.top, r.width, r.height].map(Math.round); }"""


@pytest.mark.parametrize(("width", "height"), [(390, 844), (1920, 1080)])
def test_messages_off_the_table_cover_nothing(
    browser: Any, site: str, width: int, height: int
) -> None:
    """Away from the table too a message takes a strip under the header: a refused link's
    message on the start page lies over its place in that strip, and the replay's "Link
    kopiert." sits there; neither covers a button, a link, a seat or a card."""
    context = browser.new_context(
        base_url=site, viewport={"width": width, "height": height}, permissions=["clipboard-write"]
    )
    page = watched(context, site)
    page.goto("/#/replay/not-a-game")
    ready(page)
    page.wait_for_selector("#alert:not(:empty)")
    page.evaluate("() => scrollTo(0, 0)")
    assert page.evaluate(BOX, "#alert") == page.evaluate(BOX, ".page-messages .alert-twin")
    assert page.evaluate(COVERED_BY, "#alert") == []
    page.click("[role=alert]")
    page.goto(f"/#/replay/{links.encode(FOX)}")
    page.wait_for_selector(VIEWER)
    page.click("[data-testid=replay-share]")
    page.wait_for_selector("[data-testid=toast]")
    page.evaluate("() => scrollTo(0, 0)")
    assert page.evaluate(COVERED_BY, "[data-testid=toast]") == []
    assert page.locator(".page-messages [data-testid=toast]").count() == 1
    assert page.watch.errors == []
    context.close()
