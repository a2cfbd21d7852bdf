"""House rules in a real Chromium: the rules editor builds a variant, the engine refuses
a combination next to the option, the variant is saved, played, shared, opened in a
fresh browser (its differences shown and saved there) and used in the score keeper."""

from __future__ import annotations

import base64
import json
import os
from pathlib import Path
from typing import Any

import pytest
from pageplay import (
    HAND,
    enter_keeper_game,
    play_to_end,
    ready,
    stored,
    stored_games,
    until,
    watched,
)

from doko.page import links

pytestmark = pytest.mark.browser

OPTIONS = {
    "dulle_order": "second-except-last",
    "pigs": "both",
    "solo_leads": "left",
    "duty_solo_rounds": 0,
    "specials": ["doppelkopf", "fox", "karlchen", "karlchen-caught"],
    "bock": ["solo-lost"],
}


def open_group(page: Any, group: str) -> None:
    details = page.locator(f"[data-testid=option-group][data-group={group}]")
    if details.get_attribute("open") is None:
        details.locator("summary").click()


def valid(page: Any) -> None:
    page.wait_for_selector("[data-testid=rules-editor][data-valid=true]")


def build_variant(page: Any) -> None:
    """The editor from ddv: a refused combination, then a valid variant, saved."""
    page.goto("/#/rules/edit?from=ddv")
    ready(page)
    valid(page)
    open_group(page, "reservations")
    page.select_option("#opt-duty_solo_rounds", "0")
    # no Pflichtsolo, but the soloist of a Pflichtsolo leads: said at the lead's option
    refused = page.locator(
        "[data-testid=option][data-option=solo_leads] [data-testid=option-refused]"
    )
    refused.wait_for()
    assert refused.get_attribute("role") == "alert"
    assert "Pflichtsolo" in refused.inner_text()
    assert page.get_attribute("[data-testid=variant-save]", "aria-disabled") == "true"
    page.select_option("#opt-solo_leads", "left")
    valid(page)
    assert page.locator("[data-testid=option-refused]").count() == 0
    page.select_option("#opt-dulle_order", "second-except-last")
    valid(page)
    assert page.locator("#opt-superpigs").count() == 0  # only with Schweinchen
    page.select_option("#opt-pigs", "both")
    page.wait_for_selector("#opt-superpigs")
    valid(page)
    open_group(page, "specials")
    specials = page.locator("[data-testid=option-members][data-option=specials]")
    specials.locator("[data-member=karlchen-caught]").click()
    page.wait_for_selector("[data-testid=differences] li[data-option=specials]")
    valid(page)
    open_group(page, "bock")
    bock = page.locator("[data-testid=option-members][data-option=bock]")
    bock.locator("[data-member=solo-lost]").click()
    page.wait_for_selector("[data-testid=differences] li[data-option=bock]")
    valid(page)
    summary = page.inner_text("[data-testid=differences]")
    assert "die zweite sticht, außer im letzten Stich" in summary
    assert "Schweinchen: beide Karo-Asse über den Dullen" in summary
    assert "mit Karlchen gefangen" in summary and "kein Pflichtsolo" in summary
    page.fill("#variant-name", "Donnerstagsrunde")
    page.click("[data-testid=variant-save]")
    page.wait_for_selector("[data-testid=variant-saved]")
    saved = stored(page, "variants")["data"]["variants"]
    assert [(v["name"], v["rules"]) for v in saved] == [
        ("Donnerstagsrunde", {"preset": "ddv", "options": OPTIONS})
    ]


def test_a_variant_is_built_played_shared_and_kept(page: Any, browser: Any, site: str) -> None:
    build_variant(page)
    # the start page offers it beside the presets; a game with it uses it
    page.goto("/#/")
    page.click("[data-testid=variant-choice]")
    page.click("[data-testid=new-game]")
    notice = page.locator("[data-testid=variant-notice]")
    notice.wait_for()
    assert "Donnerstagsrunde" in notice.inner_text()  # the device knows it: no offer to save
    assert page.locator("[data-testid=variant-notice-save]").count() == 0
    assert "options=" in page.url
    play_link = page.url
    page.click("[data-testid=variant-notice-ok]")
    play_to_end(page)
    record = json.loads(page.text_content("#record") or "{}")
    assert record["rules"] == {"preset": "ddv", "options": OPTIONS}
    assert page.text_content("[data-testid=bar-contract]") == "Donnerstagsrunde"
    page.click("[data-testid=share]")
    page.wait_for_function("() => document.body.dataset.shareLink")
    share = page.evaluate("() => document.body.dataset.shareLink")
    assert links.decode(share.split("#/replay/", 1)[1])["rules"] == record["rules"]

    fresh = watched(browser.new_context(base_url=site), site)
    try:
        # the shared game: its house rules are summed up, and kept under a name
        fresh.goto(share)
        ready(fresh)
        box = fresh.locator("[data-testid=replay-variant]")
        box.wait_for()
        assert "Zwei Dullen in einem Stich: die zweite sticht" in box.inner_text()
        # the link of the game itself: the summary comes before the first card
        fresh.goto(play_link)
        fresh.locator("[data-testid=variant-notice]").wait_for()
        lines = fresh.locator("[data-testid=variant-notice-differences] li").all_inner_texts()
        assert len(lines) == 6 and "Bock" in lines[5], lines
        assert lines[:5] == [
            "Zwei Dullen in einem Stich: die zweite sticht, außer im letzten Stich",
            "Schweinchen: beide Karo-Asse über den Dullen",
            "Ausspiel im Solo: immer links vom Geber",
            "Pflichtsolo: kein Pflichtsolo",
            "Sonderpunkte: mit Karlchen gefangen",
        ]
        assert fresh.locator(f"{HAND} button[data-card]").count() == 12
        fresh.click("[data-testid=variant-notice-save]")
        fresh.fill("[data-testid=variant-notice-name]", "Von Anna")
        fresh.click("[data-testid=variant-notice-save-ok]")
        fresh.wait_for_selector("[data-testid=variant-notice-saved]")
        kept = stored(fresh, "variants")["data"]["variants"]
        assert [(v["name"], v["rules"]["options"]) for v in kept] == [("Von Anna", OPTIONS)]
        assert fresh.watch.errors == []
    finally:
        fresh.context.close()

    # the score keeper: a lost solo starts a Bockrunde, so the next deal counts double;
    # the variant's own Sonderpunkt is there to enter
    page.goto("/#/keeper")
    page.wait_for_selector("[data-testid=keeper-setup], [data-testid=keeper]")
    if page.locator("[data-testid=keeper]").count():
        page.once("dialog", lambda d: d.accept())
        page.click("[data-intent=keeper-reset]")
    choice = page.locator("[data-testid=keeper-rules] option", has_text="Donnerstagsrunde")
    page.select_option("[data-testid=keeper-rules]", choice.get_attribute("value"))
    page.click("[data-testid=keeper-start]")
    enter_keeper_game(page, {"contract": "solo:queens", "re": [0], "eyes_re": 100})
    page.wait_for_function("() => document.querySelectorAll('[data-testid=score-row]').length == 1")
    game = {"re": [0, 2], "eyes_re": 160, "specials": [{"kind": "karlchen-caught", "party": "re"}]}
    enter_keeper_game(page, game)
    page.wait_for_function("() => document.querySelectorAll('[data-testid=score-row]').length == 2")
    kept = stored(page, "keeper")["data"]
    assert kept["rules"] == {"preset": "ddv", "options": OPTIONS}
    assert kept["games"][1]["summary"]["rules"] == {"preset": "ddv", "options": OPTIONS}
    assert kept["games"][0]["result"]["points"] == [-3, 1, 1, 1]
    # won 1, no 90 1, Karlchen gefangen 1 (the ddv sheet has no such line), doubled by bock
    assert kept["games"][1]["summary"]["bock"] == 1
    assert kept["games"][1]["result"]["points"] == [6, -6, 6, -6]
    assert "Noch 3 Bockspiele" in page.inner_text("[data-testid=scoresheet]")
    assert "Donnerstagsrunde" in page.inner_text("#keeper-sheet-title")
    # the rules page of the variant: Schweinchen over the Dullen in the normal game
    page.goto("/#/rules")
    page.click("[data-testid=variant-rules]")
    normal = page.locator("[data-testid=trump-order]").first
    normal.wait_for()
    cards = normal.locator("[data-card]").evaluate_all("els => els.map(e => e.dataset.card)")
    assert cards[:3] == ["DA", "HT", "CQ"]
    assert page.watch.errors == []


def test_a_link_with_unreadable_or_refused_house_rules_changes_nothing(page: Any) -> None:
    page.goto("/#/play?rules=ddv&options=%%%not-base64&seed=5")
    ready(page)
    assert "nicht öffnen" in (page.text_content("[role=alert]") or "")
    assert page.locator("[data-intent=new]").is_visible()  # the start page, playable
    assert stored_games(page) == {}
    # options the engine refuses: said with the option's own name; back where it was
    page.goto("/#/play?rules=ddv&seed=6&delay=0")
    page.wait_for_selector(f"{HAND} button[data-card]")
    games = until(page, lambda: stored_games(page), "the game stored")
    refused = base64.urlsafe_b64encode(json.dumps({"throw_kings": 9}).encode()).decode()
    page.evaluate(f"location.hash = '#/play?rules=ddv&options={refused.rstrip('=')}&seed=7'")
    page.wait_for_function(
        "() => document.getElementById('alert').textContent.includes('Könige zum Schmeißen')"
    )
    page.wait_for_selector(f"{HAND} button[data-card]")
    assert "seed=6" in page.url
    assert set(stored_games(page)) == set(games)  # no game beside it, none replaced
    assert page.watch.errors == []


SIZES = {"phone": (390, 844), "tablet": (820, 1180), "desktop": (1366, 768)}


@pytest.mark.skipif(not os.environ.get("DOKO_SCREENSHOTS"), reason="screenshots on request")
@pytest.mark.parametrize("size", list(SIZES))
def test_screenshots_of_the_house_rules(browser: Any, site: str, size: str) -> None:
    """DOKO_SCREENSHOTS=DIR: the editor, the differences summary and the rules page's trump
    order at each size, light and dark, German and English."""
    out = Path(os.environ["DOKO_SCREENSHOTS"])
    out.mkdir(parents=True, exist_ok=True)
    width, height = SIZES[size]
    options = base64.urlsafe_b64encode(json.dumps(OPTIONS).encode()).decode().rstrip("=")
    for theme in ("light", "dark"):
        for lang in ("de", "en"):
            context = browser.new_context(
                base_url=site, viewport={"width": width, "height": height}, color_scheme=theme
            )
            context.add_init_script(f"localStorage.setItem('doko.lang', '{lang}')")
            page = watched(context, site)
            name = f"{size}-{theme}-{lang}"
            page.goto(f"/#/rules/edit?from=ddv&options={options}")
            ready(page)
            page.wait_for_selector("[data-testid=rules-editor][data-valid=true]")
            page.screenshot(path=out / f"rules-editor-{name}.jpg", quality=80)
            page.fill("#variant-name", "Donnerstagsrunde")
            page.click("[data-testid=variant-save]")
            page.wait_for_selector("[data-testid=variant-saved]")
            open_group(page, "reservations")
            page.select_option("#opt-solo_leads", "duty")
            page.locator(
                "[data-option=solo_leads] [data-testid=option-refused]"
            ).scroll_into_view_if_needed()
            page.screenshot(path=out / f"rules-refused-{name}.jpg", quality=80)
            page.goto(f"/#/play?rules=ddv&options={options}&seed=11")
            page.wait_for_selector("[data-testid=variant-notice]")
            page.screenshot(path=out / f"rules-notice-{name}.jpg", quality=80)
            page.goto(f"/#/rules/view?rules=ddv&options={options}")
            page.wait_for_selector("[data-testid=trump-order]")
            page.screenshot(path=out / f"rules-help-{name}.jpg", quality=80, full_page=True)
            page.goto("/#/rules")
            page.wait_for_selector("[data-testid=variant]")
            page.screenshot(path=out / f"rules-list-{name}.jpg", quality=80)
            assert page.watch.errors == []
            context.close()


def test_a_keeper_link_sets_up_a_sheet_with_its_house_rules(page: Any) -> None:
    options = base64.urlsafe_b64encode(json.dumps(OPTIONS).encode()).decode().rstrip("=")
    page.goto(f"/#/keeper?rules=ddv&options={options}")
    ready(page)
    chosen = page.locator("[data-testid=keeper-rules] option:checked")
    chosen.wait_for(state="attached")
    assert chosen.inner_text() == "DDV-Turnier mit Hausregeln"
    page.click("[data-testid=keeper-start]")
    page.wait_for_selector("[data-testid=keeper-special-re-karlchen-caught]")
    assert "DDV-Turnier mit Hausregeln" in page.inner_text("#keeper-sheet-title")
    assert page.watch.errors == []


def test_variants_are_renamed_exported_deleted_and_imported(page: Any, tmp_path: Path) -> None:
    build_variant(page)
    page.goto("/#/rules")
    item = page.locator("[data-testid=variant]")
    item.wait_for()
    page.click("[data-testid=variant-rename]")
    page.fill("[data-testid=variant-rename-input]", "Freitagsrunde")
    page.click("[data-testid=variant-rename-ok]")
    page.wait_for_selector("[data-testid=variant][data-name=Freitagsrunde]")
    with page.expect_download() as download:
        page.click("[data-testid=variant-export]")
    file = tmp_path / "runde.json"
    download.value.save_as(file)
    exported = json.loads(file.read_text())
    assert exported["variants"] == [
        {"name": "Freitagsrunde", "rules": {"preset": "ddv", "options": OPTIONS}}
    ]
    page.click("[data-testid=variant-delete]")  # asks first
    assert page.get_attribute("[data-testid=variant-delete]", "class") == "danger"
    page.click("[data-testid=variant-delete]")
    page.wait_for_selector("[data-testid=variant]", state="detached")
    assert stored(page, "variants")["data"]["variants"] == []
    # a file the engine refuses is not read at all
    bad = tmp_path / "bad.json"
    broken = {"name": "Kaputt", "rules": {"preset": "ddv", "options": {"throw_kings": 9}}}
    bad.write_text(json.dumps({**exported, "variants": [broken]}))
    page.set_input_files("[data-testid=variants-import-file]", str(bad))
    page.wait_for_function("() => document.getElementById('alert').textContent.includes('Kaputt')")
    page.set_input_files("[data-testid=variants-import-file]", str(file))
    page.wait_for_selector("[data-testid=variant][data-name=Freitagsrunde]")
    # the edit screen opens it with its options, and changes are saved to it
    page.click("[data-testid=variant-edit]")
    valid(page)
    assert page.input_value("#variant-name") == "Freitagsrunde"
    assert page.input_value("#opt-dulle_order") == "second-except-last"
    assert page.watch.errors == []


def test_dullen_turn_off_from_ohne_neunen_and_a_refusal_is_in_the_summary(page: Any) -> None:
    """ohne-neunen ranks the second Dulle higher (an option shown only with Dullen):
    turning Dullen off is accepted, and the summary lists Dullen alone. A refused draft
    says so in its summary instead of "no change"."""
    page.goto("/#/rules/edit?from=ohne-neunen")
    ready(page)
    valid(page)
    assert page.locator("#opt-dulle_order").count() == 1
    page.uncheck("#opt-dullen")
    page.wait_for_selector("[data-testid=differences] li[data-option=dullen]")
    valid(page)
    assert page.locator("#opt-dulle_order").count() == 0
    items = page.locator("[data-testid=differences] li")
    assert [items.nth(i).get_attribute("data-option") for i in range(items.count())] == ["dullen"]
    assert page.locator("[data-testid=option-refused]").count() == 0
    open_group(page, "reservations")
    page.select_option("#opt-duty_solo_rounds", "0")
    refused = page.locator("[data-testid=differences][data-refused=true]")
    refused.wait_for()
    text = refused.inner_text()
    assert text.startswith("So nicht spielbar") and "Pflichtsolo" in text, text
    assert "Keine Abweichung" not in page.inner_text("[data-testid=rules-editor]")
    page.check("#opt-dullen")
    page.select_option("#opt-duty_solo_rounds", "6")
    valid(page)
    assert page.locator("[data-testid=differences] li").count() == 0
    assert page.watch.errors == []
