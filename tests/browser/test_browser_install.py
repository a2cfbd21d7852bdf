"""The page as an app: the manifest names it and its icons, and when the browser offers
to install it (Chromium's `beforeinstallprompt`, here raised by the test as the browser
would) the start page shows "Als App installieren", which hands the choice to the
browser's own dialog once."""

from __future__ import annotations

from typing import Any

import pytest
from pageplay import ready, until

pytestmark = pytest.mark.browser

OFFER = """() => {
  const event = new Event('beforeinstallprompt', { cancelable: true });
  event.prompt = () => {
    window.__installAsked = (window.__installAsked || 0) + 1;
    return Promise.resolve();
  };
  event.userChoice = Promise.resolve({ outcome: 'accepted', platform: 'web' });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}"""


def test_the_manifest_names_the_game_and_its_icons(page: Any) -> None:
    """What the browser reads to offer the install, as the site serves it."""
    page.goto("/#/")
    ready(page)
    manifest = page.evaluate("() => fetch('manifest.webmanifest').then((r) => r.json())")
    assert manifest["name"] == "Doppelkopf" and manifest["display"] == "standalone"
    assert manifest["start_url"] == "./" and manifest["lang"] == "de"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        kind = page.evaluate(
            "(src) => fetch(src).then((r) => r.ok && r.headers.get('content-type'))", icon["src"]
        )
        assert kind == "image/png", icon


def test_the_browser_s_offer_becomes_a_button_that_asks_once(page: Any) -> None:
    page.goto("/#/")
    ready(page)
    assert page.locator("[data-testid=install]").count() == 0  # no offer, no button
    assert page.evaluate(OFFER) is True  # the page keeps the offer for its own button
    button = page.locator("[data-testid=install]")
    until(page, lambda: button.count() == 1, "the install button")
    assert "Als App installieren" in button.inner_text()
    button.click()
    until(page, lambda: page.evaluate("window.__installAsked") == 1, "the browser asked")
    until(page, lambda: button.count() == 0, "the used offer's button gone")
    # installed: a later offer is forgotten once the app is there
    page.evaluate(OFFER)
    until(page, lambda: button.count() == 1, "offered again")
    page.evaluate("() => window.dispatchEvent(new Event('appinstalled'))")
    until(page, lambda: button.count() == 0, "gone once installed")
    assert page.watch.errors == []
