// Pass and play (passplay.js) and its setup (together.js): the hand of the person to act
// is covered until they open it, a covered table takes no moves, and the setup starts a
// table only with two to five named people. Every change goes through update().
import "./page-stubs.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { tablePage, tick } from "./page-stubs.mjs";
import { initPassplay, present, blocks, passIntents } from "../../web/screens/together/passplay.js";
import { initTogether, initialTogetherSetup, togetherIntents, resumed, saved, leave } from "../../web/screens/together/together.js";

const engineView = (seat, toAct, more = {}) => ({ seat, players: 4, phase: "play", to_act: toAct,
  hand: [`hand-of-${seat}`], legal: [], ...more });

async function passTable(names = ["Anna", "Ben", null, null]) {
  const p = await tablePage({ togetherSetup: initialTogetherSetup() });
  p.state.together = { mode: "pass", names, covered: null, revealed: null };
  const calls = [];
  const shown = [];
  initPassplay({ state: p.state, update: p.update,
    call: async (type, payload) => { calls.push(payload); return engineView(payload.seat, 1, payload.public ? { hand: [] } : {}); },
    show: (view) => { shown.push(view); p.update((s) => { s.view = view; }); } });
  return { p, state: p.state, calls, shown };
}

test("a person's turn: the table is covered, turned to them, with no hand", async () => {
  const { state, calls, p } = await passTable();
  const draws = p.draws;
  const seen = await present(engineView(0, 1));
  assert.equal(seen.covered, true);
  assert.deepEqual(seen.hand, []);
  assert.deepEqual(calls.at(-1), { seat: 1, public: true });
  assert.equal(state.together.covered, 1);
  assert.equal(state.together.facing, 1);
  assert.ok(p.draws > draws, "the cover is drawn through update()");
});

test("the cover opened: that person's cards are shown", async () => {
  const { state, shown } = await passTable();
  state.view = await present(engineView(0, 1));
  passIntents["together-reveal"]();
  await tick();
  assert.deepEqual(shown.at(-1).hand, ["hand-of-1"]);
  assert.equal(state.together.revealed, 1);
  assert.equal(state.together.covered, null);
});

test("while covered no card, call or hint is taken", async () => {
  const { state } = await passTable();
  state.view = await present(engineView(0, 1));
  for (const kind of ["card", "action", "return", "hint", "undo"]) assert.equal(blocks({ kind }), true, kind);
  assert.equal(blocks({ kind: "home" }), false);
  state.view = { ...state.view, covered: false };
  assert.equal(blocks({ kind: "card" }), false);
});

test("a bot's turn covers the table with no one's hand; the deal over shows the result to all", async () => {
  const { state } = await passTable();
  const botTurn = await present(engineView(0, 2));
  assert.equal(botTurn.covered, true);
  assert.equal(state.together.covered, null);
  const done = engineView(0, null, { phase: "done" });
  assert.equal(await present(done), done);
});

// ---- the setup -----------------------------------------------------------------------

async function setup() {
  const p = await tablePage({ togetherSetup: initialTogetherSetup() });
  const started = [];
  initTogether({ state: p.state, update: p.update, alert: p.alert, start: (mode, names) => started.push([mode, names]),
    rounds: () => 4 });
  const run = (name, data = {}) => togetherIntents[name]({}, data);
  return { p, state: p.state, started, run };
}

test("the setup: names typed and seats switched are the store's", async () => {
  const { state, run } = await setup();
  run("together-field", { field: "name", seat: "0", value: "Anna" });
  run("together-field", { field: "host", value: "x".repeat(40) });
  run("together-person", { value: "2" });
  assert.equal(state.togetherSetup.names[0], "Anna");
  assert.equal(state.togetherSetup.host.length, 24);
  assert.equal(state.togetherSetup.people[2], true);
});

test("pass and play starts only with two to five people, all named, no name twice", async () => {
  const { state, run, started, p } = await setup();
  state.togetherSetup.names = ["Anna", "", "", "", "", "", "", ""];
  run("together-pass");
  assert.equal(started.length, 0);
  assert.equal(p.alerts.length, 1, "a person without a name");
  state.togetherSetup.names[1] = "Anna";
  run("together-pass");
  assert.equal(p.alerts.length, 2, "a name twice");
  state.togetherSetup.names[1] = "Ben";
  run("together-pass");
  assert.deepEqual(started, [["pass", ["Anna", "Ben", null, null]]]);
});

test("a saved shared table's people come back only when they fit the table", async () => {
  const { state } = await setup();
  assert.equal(resumed({ mode: "pass", names: ["A", "B", null, null] }, 4), "pass");
  assert.deepEqual(saved(), { mode: "pass", names: ["A", "B", null, null] });
  assert.equal(resumed({ mode: "pass", names: ["A", "B"] }, 4), null);
  assert.equal(state.together, null);
  resumed({ mode: "host", names: ["H", null, null, null] }, 4);
  leave();
  assert.equal(state.together, null);
});
