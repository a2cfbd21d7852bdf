// The page's route table: every screen's module brings its routes; a pattern fits its
// path, or its path and what follows; the page's table has each pattern once.
import "./page-stubs.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { matchRoute } from "../../web/core/router.js";
import { routeTable, createRouter } from "../../web/page/page-routes.js";
import { intentTable } from "../../web/core/intents.js";
import { screenIntents } from "../../web/page/page-parts.js";

const table = { "/keeper": "keeper", "/game": "last game", "/game/*": "saved game", "*": "start" };

test("a path fits its own pattern before a /* one, and anything else the catch-all", () => {
  assert.deepEqual(matchRoute(table, "/keeper"), { route: "keeper", rest: "" });
  assert.deepEqual(matchRoute(table, "/game"), { route: "last game", rest: "" });
  assert.deepEqual(matchRoute(table, "/game/g-12"), { route: "saved game", rest: "g-12" });
  assert.deepEqual(matchRoute(table, "/game/"), { route: "saved game", rest: "" });
  assert.deepEqual(matchRoute(table, "/gamex"), { route: "start", rest: "" });
  assert.deepEqual(matchRoute(table, ""), { route: "start", rest: "" });
  assert.equal(matchRoute({ "/a": 1 }, "/b"), null);
});

test("a pattern two modules route is refused at start-up; a function is a route's open", () => {
  const open = () => {};
  assert.throws(() => routeTable({ "/x": open }, { "/x": open }), /route "\/x" is handled twice/);
  assert.deepEqual(routeTable({ "/x": open }), { "/x": { open } });
});

test("the shared table's intents are in the one intent table with every other", () => {
  const intents = intentTable(...screenIntents);
  for (const name of ["together-field", "together-pass", "together-host", "together-reveal", "together-join",
    "together-seat", "together-invite", "together-answer", "together-begin", "together-panel", "together-copy"]) {
    assert.ok(intents.has(name), name);
  }
});

test("every screen's routes make one table with the game's", () => {
  const game = { "/play": () => {}, "/game": () => {}, "/game/*": () => {} };
  assert.doesNotThrow(() => createRouter({ state: {} }, game));
  assert.throws(() => createRouter({ state: {} }, { "/keeper": () => {} }), /handled twice/);
});
