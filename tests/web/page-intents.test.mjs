// The start page's and the table's intents (page-intents.js) through the one intent
// table: each changes the store through update(), and the guards hold (a covered hand,
// a table another tab plays, a busy table take no moves).
import "./page-stubs.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { tablePage } from "./page-stubs.mjs";
import { createPageIntents } from "../../web/screens/play/page-intents.js";
import { intentTable, runIntent } from "../../web/core/intents.js";
import * as tools from "../../web/screens/play/table-tools.js";
import { initPassplay } from "../../web/screens/together/passplay.js";
import { bindNetplay } from "../../web/screens/together/netplay.js";
import { META } from "./fake.mjs";

// The page with a fake game flow that records what it was asked.
async function page() {
  const p = await tablePage();
  Object.assign(p.state, { rulesMeta: META.presets, meta: META, defaultLevel: "standard", screen: "start" });
  const asked = [];
  const game = new Proxy({}, { get: (_, name) => (...args) => { asked.push([name, ...args]); } });
  const ctx = { ...p, call: async () => ({}) };
  const table = createPageIntents(ctx, game, { seatName: (s) => `seat ${s}` });
  tools.bind({ state: p.state, update: p.update, scheduleBot() {}, request() {}, call: async () => ({}) });
  initPassplay({ state: p.state, update: p.update });
  bindNetplay({ state: p.state, update: p.update });
  const intents = intentTable(table.intents);
  const run = (name, data = {}) => runIntent(intents, name, ctx, data);
  return { p, state: p.state, asked, table, run };
}

const playing = (state, more = {}) => Object.assign(state, { screen: "play", tab: "own", busy: false,
  view: { seat: 0, players: 4, phase: "play", to_act: 0, bots: [], legal: ["0:HQ"], hand: ["HQ"], ...more } });

test("the start page's choices: table size, level, rounds, preset, each one update", async () => {
  const { state, run, p } = await page();
  const draws = p.draws;
  run("players", { value: "5" });
  assert.equal(state.players, 5);
  run("level", { value: "standard" });
  assert.equal(state.level, null, "the engine's default level is no choice");
  run("level", { value: "strong" });
  assert.equal(state.level, "strong");
  run("rounds", { value: "3" });
  assert.equal(state.rounds, 3);
  assert.equal(p.draws, draws + 4);
});

test("a preset that does not allow the table size sets it back to four", async () => {
  const { state, run } = await page();
  run("players", { value: "8" });
  run("preset", { value: "ddv" });
  assert.equal(state.preset, "ddv");
  assert.equal(state.players, 4);
  assert.equal(state.variant, null);
});

test("skip: the dealer who sits out skips ahead, and the bots are asked at once", async () => {
  const { state, run, asked } = await page();
  playing(state);
  run("skip");
  assert.equal(state.skip, true);
  assert.deepEqual(asked.map(([name]) => name), ["scheduleBot"]);
});

test("the table's toggles: more calls and the solo picker", async () => {
  const { state, run } = await page();
  playing(state);
  run("more-calls");
  run("solo-picker");
  assert.equal(state.tools.moreCalls, true);
  assert.equal(state.tools.solos, true);
  run("more-calls");
  assert.equal(state.tools.moreCalls, false);
});

test("a card tap goes to the game; a busy table takes none", async () => {
  const { state, table, asked } = await page();
  playing(state);
  table.dispatch({ kind: "card", card: "HQ", index: 0, enabled: true });
  assert.deepEqual(asked.at(-1), ["tapCard", "HQ", 0, true]);
  state.busy = true;
  table.dispatch({ kind: "card", card: "HQ", index: 0, enabled: true });
  assert.equal(asked.length, 1);
});

test("a table another tab plays takes no moves; home and the language still work", async () => {
  const { state, table, asked } = await page();
  playing(state, {});
  state.tab = "elsewhere";
  globalThis.location.hash = "#/game";
  table.dispatch({ kind: "card", card: "HQ", index: 0, enabled: true });
  table.dispatch({ kind: "next" });
  assert.deepEqual(asked, []);
  table.dispatch({ kind: "home" });
  assert.equal(globalThis.location.hash, "");
});

test("a covered hand (pass and play) takes no card, hint or call", async () => {
  const { state, table, asked } = await page();
  playing(state, { covered: true });
  state.together = { mode: "pass", names: ["A", "B", null, null], covered: 0, revealed: null };
  table.dispatch({ kind: "card", card: "HQ", index: 0, enabled: true });
  table.dispatch({ kind: "more-calls" });
  assert.deepEqual(asked, []);
  assert.equal(state.tools.moreCalls, false);
});

test("the next deal: the table is busy and the engine is asked; a guest is told the host deals", async () => {
  const { state, table, asked } = await page();
  playing(state, { phase: "done" });
  table.dispatch({ kind: "next" });
  assert.equal(state.busy, true);
  assert.equal(asked.at(-1)[0], "request");
  assert.equal(asked.at(-1)[2], "next_game");
  state.busy = false;
  state.together = { mode: "guest", names: ["H", "G", null, null] };
  table.dispatch({ kind: "next" });
  assert.notEqual(state.alert, "");
  assert.equal(asked.length, 1);
});

test("the notice of a link's house rules: its name is typed into the store, ok lets the bots go on", async () => {
  const { state, run, asked } = await page();
  playing(state);
  state.variantNotice = { rules: "ddv", differences: [], saved: "", asking: true, name: "" };
  run("variant-notice-name", { value: "Unsere" });
  assert.equal(state.variantNotice.name, "Unsere");
  run("variant-notice-ok");
  assert.equal(state.variantNotice, null);
  assert.deepEqual(asked.map(([name]) => name), ["scheduleBot"]);
});
