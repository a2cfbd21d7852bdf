"""Hostile messages to the page's own engine worker: each gets an error reply in the
protocol ({id, ok: false, error} with id null when none could be read), none hangs or
kills the engine, and the page plays on afterwards."""

from __future__ import annotations

from typing import Any

import pytest
from pageplay import HAND, ready, step

pytestmark = pytest.mark.browser

# Posts to the worker boot.js started for the page (the same module, so the same
# worker) and gathers the replies to these messages only; the page ignores them, as
# their ids are none of its own.
POST_HOSTILE = """async () => {
  const { worker } = await import("./boot.js");
  const nest = (depth) => {
    let value = 1;
    for (let i = 0; i < depth; i++) value = [value];
    return value;
  };
  const cyclic = {};
  cyclic.self = cyclic;
  const messages = [
    null,
    "view",
    [1, 2, 3],
    { type: 5 },
    { id: "type-list", type: [], payload: {} },
    { id: "type-long", type: "x".repeat(1000), payload: {} },
    { id: "deep", type: "resume", payload: { table: nest(1000) } },
    { id: "deep-bare", type: "view", payload: nest(1000) },
    { id: "deep-3000", type: "resume", payload: { table: nest(3000) } },
    { id: "unknown", type: "no-such-request", payload: {} },
    { id: "cyclic", type: "view", payload: cyclic },
    { id: "big-number", type: "view", payload: { n: 10n ** 80n } },
    { id: "null-payload", type: "open_link", payload: null },
    { id: "range", type: "new_game", payload: { rules: { preset: "ddv",
      options: { duty_solo_rounds: 2 ** 40 } } } },
    // ids the page never sends: answered, and nothing of them echoed
    { id: { evil: "<img src=x>" }, type: "view", payload: {} },
    { id: ["list"], type: "view", payload: {} },
    { id: "x".repeat(1000), type: "view", payload: {} },
    { id: NaN, type: "view", payload: {} },
    { id: 1.5, type: "view", payload: {} },
    { type: "view", payload: {} },
  ];
  const replies = [];
  const done = new Promise((resolve) => {
    const listen = (event) => {
      const data = event.data || {};
      if (!("ok" in data) || typeof data.id === "number") return; // the page's own
      replies.push(data);
      if (replies.length === messages.length) {
        worker.removeEventListener("message", listen);
        resolve();
      }
    };
    worker.addEventListener("message", listen);
  });
  for (const message of messages) {
    try {
      worker.postMessage(message);
    } catch (err) {
      replies.push({ id: message && message.id, ok: false, error: { code: "not-sent",
        message: String(err) } });
    }
  }
  const timeout = new Promise((resolve) => setTimeout(resolve, 60000));
  await Promise.race([done, timeout]);
  return replies;
}"""

EXPECTED = {
    "type-list": "request-shape",
    "type-long": "request-shape",
    "deep": "input-too-deep",
    "deep-bare": "input-too-deep",
    "unknown": "unknown-request",
    "null-payload": "link-not-text",
    "range": "option-out-of-range",
}


def test_hostile_messages_get_error_replies_and_the_page_plays_on(page: Any) -> None:
    page.goto("/")
    ready(page)
    replies = page.evaluate(POST_HOSTILE)
    assert len(replies) == 20, replies
    assert all(r["ok"] is False for r in replies), replies
    for reply in replies:
        error = reply["error"]
        assert isinstance(error["message"], str) and isinstance(error["params"], dict), reply
        assert error["code"] != "engine-failure", reply
    by_id = {r["id"]: r["error"]["code"] for r in replies if r["id"] is not None}
    assert {k: by_id.get(k) for k in EXPECTED} == EXPECTED, replies
    # a BigInt or a cycle cannot be cloned to the worker or written as JSON
    assert by_id["cyclic"] == "payload-not-json"
    assert by_id["big-number"] in ("payload-not-json", "not-sent")
    # Chromium's worker cannot read a message nested 3,000 deep back: it gets null (so
    # the id is lost) and answers as for null; were it read, the engine refuses it
    deepest = by_id.get("deep-3000")
    assert deepest in ("input-too-deep", None)
    nameless = [r["error"]["code"] for r in replies if r["id"] is None]
    # null, a string, an array, a number as type (and the deepest, unread); six bad ids
    assert sorted(nameless) == ["request-id"] * 6 + ["request-shape"] * (4 if deepest else 5)
    # the engine is alive: a new game is dealt and played
    page.click("[data-intent=new]")
    page.wait_for_selector(f"{HAND} button[data-card]")
    cards = page.locator(f"{HAND} button[data-card]").count()
    for _ in range(400):
        if page.locator(f"{HAND} button[data-card]").count() <= cards - 2:
            break
        if not step(page):
            page.wait_for_timeout(50)
    assert page.locator(f"{HAND} button[data-card]").count() <= cards - 2
    assert page.watch.errors == []
    assert page.watch.offsite == []
