// The table's helpers (table-tools.js): a taken trick held until collected, the last
// trick and the card picker toggled, a hint, a move taken back, a toast, and the events
// a host sends checked. The slice `tools` changes only through update().
import "./page-stubs.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { tablePage, tick } from "./page-stubs.mjs";
import * as tools from "../../web/screens/play/table-tools.js";

async function page({ delay = 400, tapToCollect = false } = {}) {
  const p = await tablePage();
  Object.assign(p.state, { delay, screen: "play" });
  p.state.options = { ...p.state.options, tapToCollect, autoplay: false, sound: false };
  const asked = { bots: 0, requests: [], hints: 0 };
  tools.bind({ state: p.state, update: p.update, seatName: (s) => `seat ${s}`, act() {},
    scheduleBot: () => { asked.bots += 1; },
    request: (type) => asked.requests.push(type),
    call: async () => { asked.hints += 1; return { action: "0:HQ", reason: "highest" }; } });
  return { p, state: p.state, asked };
}

const view = (more = {}) => ({ seat: 0, players: 4, phase: "play", to_act: 0, trick: [], legal: ["0:HQ"],
  last_trick: { cards: [{ seat: 1, card: "DA" }], winner: 1 }, can_undo: true, ...more });

test("a taken trick is held on the felt; collecting it lets the bots go on", async () => {
  const { state, asked } = await page({ tapToCollect: true });
  tools.onView(view(), [{ code: "trick_taken", params: { seat: 1 } }]);
  assert.equal(state.tools.hold, true);
  assert.equal(tools.holding(), true);
  assert.deepEqual(tools.shownTrick(view()), [{ seat: 1, card: "DA" }]);
  tools.intent({ kind: "collect" });
  assert.equal(state.tools.hold, false);
  assert.equal(asked.bots, 1);
});

test("no delay and no tap to collect: nothing is held", async () => {
  const { state } = await page({ delay: 0 });
  tools.onView(view(), [{ code: "trick_taken", params: { seat: 1 } }]);
  assert.equal(state.tools.hold, false);
});

test("a held trick goes by itself after twice the bots' delay", async () => {
  const { state, asked } = await page({ delay: 5 });
  tools.onView(view(), [{ code: "trick_taken", params: { seat: 1 } }]);
  assert.equal(state.tools.hold, true);
  await tick(30);
  assert.equal(state.tools.hold, false);
  assert.equal(asked.bots, 1);
});

test("a new view clears the hint and, outside the play, the more-calls list", async () => {
  const { state, p } = await page();
  p.update((s) => { s.tools.hint = { action: "0:HQ", reason: "x" }; s.tools.moreCalls = true; });
  tools.onView(view({ phase: "reservations" }), []);
  assert.equal(state.tools.hint, null);
  assert.equal(state.tools.moreCalls, false);
});

test("the last trick and the wedding picker toggle", async () => {
  const { state } = await page();
  assert.equal(tools.intent({ kind: "last" }), true);
  assert.equal(state.tools.showLast, true);
  tools.intent({ kind: "wedding-picker" });
  assert.equal(state.tools.picker, true);
  tools.intent({ kind: "last" });
  assert.equal(state.tools.showLast, false);
  assert.equal(tools.intent({ kind: "card" }), false, "not a tool's intent");
});

test("a hint is asked for the player's turn only and kept for the view it was asked for", async () => {
  const { state, asked } = await page();
  state.view = view({ to_act: 2 });
  tools.intent({ kind: "hint" });
  assert.equal(asked.hints, 0);
  state.view = view();
  tools.intent({ kind: "hint" });
  await tick();
  assert.deepEqual(state.tools.hint, { action: "0:HQ", reason: "highest" });
});

test("take back: the table is busy and the engine is asked, unless it is busy already", async () => {
  const { state, asked } = await page();
  state.view = view();
  state.alert = "old";
  tools.intent({ kind: "undo" });
  assert.equal(state.busy, true);
  assert.equal(state.alert, "");
  assert.deepEqual(asked.requests, ["undo"]);
  tools.intent({ kind: "undo" });
  assert.deepEqual(asked.requests, ["undo"]);
});

test("Schweinchen shown: a toast says it", async () => {
  const { state } = await page();
  tools.onView(view(), [{ code: "pigs_revealed", params: { seat: 2, kind: "pigs" } }]);
  assert.notEqual(state.toast, "");
});

test("a host's events are checked: unknown codes, bad seats and odd words are left out", () => {
  const events = [
    { code: "card_played", params: { seat: 1, card: "HQ" } },
    { code: "card_played", params: { seat: 9, card: "HQ" } },
    { code: "announced", params: { seat: 0, call: "<b>" } },
    { code: "evil", params: {} },
    null,
  ];
  assert.deepEqual(tools.checkedEvents(events, 4), [{ code: "card_played", params: { seat: 1, card: "HQ" } }]);
  assert.deepEqual(tools.checkedEvents("nope", 4), []);
});
