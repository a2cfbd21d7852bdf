// The game at the table (game.js): a game starts, a card is played, the bot's turn is
// scheduled and its answer shown, and an answer for a game left behind is dropped. The
// engine, the device's storage and the tab locks are the test's.
import "./page-stubs.mjs";
import { test } from "node:test";
import assert from "node:assert/strict";
import { tablePage, deferred, tick } from "./page-stubs.mjs";
import { createGame, togglePicked } from "../../web/screens/play/game.js";
import * as tools from "../../web/screens/play/table-tools.js";
import { initTogether } from "../../web/screens/together/together.js";
import { initPassplay } from "../../web/screens/together/passplay.js";
import { bindNetplay } from "../../web/screens/together/netplay.js";

// A view of a four-seat table: `toAct` acts next; seats 1-3 are bots.
function view(toAct, more = {}) {
  return { seat: 0, players: 4, phase: "play", to_act: toAct, bots: [null, "standard", "standard", "standard"],
    hand: ["HQ", "CA"], legal: toAct === 0 ? ["0:HQ", "0:CA"] : [], trick: [], last_trick: null, sheet: [],
    can_undo: false, rules: "ddv", ...more };
}

// The page around the game: a store, a fake engine (answers by request type, each a
// function of the payload or a promise the test settles), storage and locks that say yes.
async function table(engine) {
  const page = await tablePage();
  page.state.delay = 0;
  const calls = [];
  const saves = [];
  const ctx = {
    ...page,
    call: (type, payload) => {
      calls.push({ type, payload });
      const answer = engine[type];
      if (!answer) return Promise.reject({ code: "unknown-request", params: { type } });
      return Promise.resolve(typeof answer === "function" ? answer(payload) : answer);
    },
    refuseLink: (why) => page.alerts.push(why),
  };
  const saved = {
    savedGame: async () => null,
    saveGame: async (save, link) => { saves.push({ save, link }); },
    claimGame: async () => {},
    addDealStat: async () => {},
    setAsideGame: async () => {},
  };
  const tabs = { own: async () => true, release() {}, onLost() {}, tabId: "tab-1" };
  const game = createGame(ctx, { seatName: (s) => `seat ${s}`, saved, tabs });
  tools.bind({ state: page.state, update: page.update, seatName: (s) => `seat ${s}`, act: game.act,
    scheduleBot: game.scheduleBot });
  initTogether({ state: page.state, update: page.update, alert: page.alert });
  initPassplay({ state: page.state, update: page.update, call: ctx.call, show: game.setView });
  bindNetplay({ state: page.state, update: page.update, alert: page.alert });
  return { page, state: page.state, game, calls, saves };
}

const answer = (v, events = []) => ({ view: v, events, save: { moves: v.to_act } });

test("a game starts: the table is busy until the engine's first view, then shows it and stores it", async () => {
  const first = deferred();
  const t = await table({ new_game: () => first.promise });
  const tokenBefore = t.state.game.token;
  const started = t.game.startGame("ddv", 7, false, "#/game");
  assert.equal(t.state.screen, "play");
  assert.equal(t.state.busy, true);
  assert.equal(t.state.game.token, tokenBefore + 1);
  await tick();
  assert.deepEqual(t.calls.map((c) => c.type), ["new_game"]);
  assert.deepEqual(t.calls[0].payload, { rules: "ddv", seed: 7, seat: 0, players: 4 });
  first.resolve(answer(view(0)));
  await started;
  assert.equal(t.state.view.to_act, 0);
  assert.equal(t.state.busy, false);
  assert.equal(t.saves.length, 1, "the new game is stored");
  assert.equal(t.saves[0].link, t.state.game.link);
});

test("a card played goes to the engine as the player's seat's action; its answer is shown", async () => {
  const t = await table({ new_game: answer(view(0)), act: ({ action }) => answer(view(0, { hand: ["CA"], last: action })) });
  await t.game.startGame("ddv", 1, false, "#/game");
  t.game.tapCard("HQ", 0, true);
  assert.equal(t.state.busy, true, "busy while the move is on its way");
  await tick();
  assert.deepEqual(t.calls.at(-1), { type: "act", payload: { action: "0:HQ" } });
  assert.deepEqual(t.state.view.hand, ["CA"]);
  assert.equal(t.state.busy, false);
});

test("a card that is not the player's to play is said, not sent", async () => {
  const t = await table({ new_game: answer(view(2, { phase: "reservations" })), bot: () => new Promise(() => {}) });
  await t.game.startGame("ddv", 1, false, "#/game");
  t.game.tapCard("HQ", 0, false);
  assert.equal(t.calls.filter((c) => c.type === "act").length, 0);
  assert.notEqual(t.state.alert, "");
});

test("a bot to act: its turn is asked of the engine after the delay, and its answer shown", async () => {
  let botAnswers = 0;
  const t = await table({
    new_game: answer(view(1)),
    bot: () => { botAnswers += 1; return answer(view(0, { trick: [{ seat: 1, card: "DA" }] })); },
  });
  t.state.delay = 0;
  await t.game.startGame("ddv", 1, false, "#/game");
  assert.equal(botAnswers, 0, "not at once: after the delay");
  await tick(5);
  assert.equal(botAnswers, 1);
  assert.equal(t.state.view.to_act, 0);
  assert.deepEqual(t.state.view.trick, [{ seat: 1, card: "DA" }]);
});

test("a bot's turn waits while a link's house rules are shown", async () => {
  let bots = 0;
  const t = await table({ new_game: answer(view(1)), bot: () => { bots += 1; return answer(view(0)); } });
  await t.game.startGame("ddv", 1, false, "#/game");
  await tick(5);
  assert.equal(bots, 1);
  t.page.update((s) => { s.variantNotice = { rules: "ddv", differences: [], saved: "", asking: false, name: "" }; });
  t.game.setView(view(1));
  await tick(5);
  assert.equal(bots, 1, "no bot moves under the notice");
});

test("an answer for a game left behind is dropped: the new game's view stays", async () => {
  const late = deferred();
  const t = await table({ new_game: (p) => (p.seed === 1 ? late.promise : answer(view(0, { hand: ["new"] }))) });
  const old = t.game.startGame("ddv", 1, false, "#/game");
  await tick();
  await t.game.startGame("ddv", 2, false, "#/game");
  assert.deepEqual(t.state.view.hand, ["new"]);
  const saves = t.saves.length;
  late.resolve(answer(view(0, { hand: ["old"] })));
  await old;
  assert.deepEqual(t.state.view.hand, ["new"], "the stale answer is not shown");
  assert.equal(t.saves.length, saves, "nor stored");
});

test("a refused move is said and the table is no longer busy", async () => {
  const t = await table({ new_game: answer(view(0)), act: () => Promise.reject({ code: "illegal-action", params: {} }) });
  await t.game.startGame("ddv", 1, false, "#/game");
  t.game.act("HQ");
  await tick();
  assert.equal(t.state.busy, false);
  assert.notEqual(t.state.alert, "");
  assert.equal(t.state.game.inFlight, 0);
});

test("cards to give back: chosen up to the count, a second tap unchooses", () => {
  const state = { picked: [] };
  togglePicked(state, "HQ#0", 2);
  togglePicked(state, "CA#1", 2);
  togglePicked(state, "DA#2", 2);
  assert.deepEqual(state.picked, ["HQ#0", "CA#1"]);
  togglePicked(state, "HQ#0", 2);
  assert.deepEqual(state.picked, ["CA#1"]);
});
