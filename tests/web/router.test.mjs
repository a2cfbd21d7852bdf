// Routes and a link's parameters.
import { test } from "node:test";
import assert from "node:assert/strict";
import { parseHash, gameLink, linkDelay, linkSeat, newGameHash } from "../../web/core/router.js";

test("a hash splits into its path and its parameters", () => {
  const { path, params } = parseHash("#/play?rules=ddv&seed=42&players=5");
  assert.equal(path, "/play");
  assert.equal(params.get("rules"), "ddv");
  assert.equal(parseHash("").path, "");
  assert.equal(parseHash("#/keeper").path, "/keeper");
  assert.equal(parseHash("#/replay/abc?seat=2").path, "/replay/abc");
});

test("a game link's seed, table size, rounds and level", () => {
  const link = gameLink(parseHash("#/play?seed=7&players=6&rounds=3&level=strong").params);
  assert.deepEqual(link, { seed: 7, players: 6, rounds: 3, level: "strong" });
});

test("what a game link lacks or gets wrong falls back", () => {
  assert.deepEqual(gameLink(new URLSearchParams("")), { seed: null, players: 4, rounds: null, level: null });
  const bad = gameLink(new URLSearchParams("seed=x&players=7&rounds=0&level="));
  assert.deepEqual(bad, { seed: null, players: 4, rounds: null, level: null });
  assert.equal(gameLink(new URLSearchParams("players=8")).players, 8);
});

test("delay= is the bots' pace, never below 0; seat= of a replay link", () => {
  assert.equal(linkDelay(new URLSearchParams("delay=0")), 0);
  assert.equal(linkDelay(new URLSearchParams("delay=250")), 250);
  assert.equal(linkDelay(new URLSearchParams("delay=-5")), 0);
  assert.equal(linkDelay(new URLSearchParams("delay=soon")), 0);
  assert.equal(linkDelay(new URLSearchParams("")), null);
  assert.equal(linkSeat(new URLSearchParams("seat=2")), 2);
  assert.equal(linkSeat(new URLSearchParams("seat=")), null);
});

test("a new game's link leaves the defaults out", () => {
  assert.equal(newGameHash({ preset: "ddv", seed: 9 }), "#/play?rules=ddv&seed=9");
  assert.equal(newGameHash({ preset: "klassisch", optionsParam: "&options=x", seed: 1, players: 5, rounds: 2,
    level: "strong#6" }), "#/play?rules=klassisch&options=x&seed=1&players=5&rounds=2&level=strong%236");
  // the link reads back as it was written
  const back = gameLink(parseHash(newGameHash({ preset: "ddv", seed: 3, players: 6, rounds: 4 })).params);
  assert.deepEqual(back, { seed: 3, players: 6, rounds: 4, level: null });
});
