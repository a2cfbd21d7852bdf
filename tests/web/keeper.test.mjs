// The score keeper's arithmetic and intents against a fake ctx (no browser): totals,
// a reset, a cancelled and a corrected entry, tricks at 0 and 240 Augen, the dealer
// sitting out at five, fixed teams at six and eight, stored sheets (schema 1 included).
import { test } from "node:test";
import assert from "node:assert/strict";
import { initialKeeper, keeperIntents, keeperRestore, keeperCheckTable, keeperCsv } from "../../web/screens/keeper/keeper.js";
import * as K from "../../web/screens/keeper/keeper-sheet.js";
import { initialVariants } from "../../web/core/variants.js";
import { META, fakeCtx } from "./fake.mjs";

function keeperState(preset = "ddv", players = 4) {
  const keeper = { ...initialKeeper(), preset, players, read: true };
  return { meta: META, engine: "ready", screen: "keeper", keeper, variants: initialVariants() };
}

async function started(preset = "ddv", players = 4, names = ["Anna", "Bernd", "Carla", "Dieter"]) {
  const ctx = fakeCtx(keeperState(preset, players));
  ctx.state.keeper.names = names;
  await keeperIntents["keeper-start"](ctx, {});
  return ctx;
}

// One game through the form's intents: Re's seats pressed, Re's Augen typed, entered.
async function enter(ctx, re, eyes) {
  for (const seat of re) await keeperIntents["keeper-re"](ctx, { value: String(seat) });
  await keeperIntents["keeper-eyes-typed"](ctx, { value: String(eyes) });
  await keeperIntents["keeper-submit"](ctx, {});
}

test("entered games add up to running totals and the CSV's total line", async () => {
  const ctx = await started();
  await enter(ctx, [0, 1], 130); // Re (Anna, Bernd) wins
  await enter(ctx, [0, 2], 100); // Re (Anna, Carla) loses
  await enter(ctx, [3], 121); // a lone Re (no partner marked) wins
  const k = ctx.state.keeper;
  assert.deepEqual(k.games.map((g) => g.result.points), [[1, 1, -1, -1], [-1, 1, -1, 1], [-1, -1, -1, 1]]);
  assert.deepEqual(K.sheetRows(k).map((r) => r.totals), [[1, 1, -1, -1], [0, 2, -2, 0], [-1, 1, -3, 1]]);
  assert.deepEqual(K.sheetTotals(k), [-1, 1, -3, 1]);
  // each entry is written after it is scored, and the form starts afresh
  assert.equal(ctx.log.saves.filter((s) => s.kind === "keeper").length, 4); // the start and three games
  assert.deepEqual(ctx.log.saves.at(-1).data.games.map((g) => g.summary.eyes_re), [130, 100, 121]);
  assert.deepEqual(k.draft, K.freshDraft(k));
  const lines = keeperCsv(k).replace(/^\uFEFF/, "").split("\r\n");
  assert.equal(lines[0], "Nr.;Spiel;Anna;Bernd;Carla;Dieter;Stand Anna;Stand Bernd;Stand Carla;Stand Dieter");
  assert.equal(lines[4], "Summe;;-1;1;-3;1;-1;1;-3;1");
  assert.equal(lines.length, 6); // header, three games, total, and the final CRLF
});

test("a refused entry is said and nothing is lost", async () => {
  const ctx = await started();
  await enter(ctx, [0, 1], 130);
  await enter(ctx, [2, 3], 300);
  assert.equal(ctx.state.keeper.games.length, 1);
  assert.equal(ctx.state.keeper.busy, false);
  assert.equal(ctx.state.keeper.draft.eyes, 300); // the form keeps what was typed
  assert.equal(ctx.log.alerts.at(-1),
    "Nicht eingetragen: die Augen von Re müssen zwischen 0 und 240 liegen, nicht 300");
});

test("a reset asks first and keeps the table and names", async () => {
  const ctx = await started();
  await enter(ctx, [0, 1], 130);
  globalThis.confirm = () => false;
  await keeperIntents["keeper-reset"](ctx, {});
  assert.equal(ctx.state.keeper.games.length, 1);
  globalThis.confirm = () => true;
  await keeperIntents["keeper-reset"](ctx, {});
  delete globalThis.confirm;
  const k = ctx.state.keeper;
  assert.equal(k.phase, "setup");
  assert.deepEqual(k.games, []);
  assert.deepEqual(k.names, ["Anna", "Bernd", "Carla", "Dieter"]);
  assert.deepEqual(ctx.log.saves.at(-1).data.games, []);
});

test("a correction replaces its game; a cancelled one changes nothing", async () => {
  const ctx = await started();
  await enter(ctx, [0, 1], 130);
  await enter(ctx, [0, 2], 130);
  const before = structuredClone(ctx.state.keeper.games);
  const calls = ctx.log.calls.length;
  await keeperIntents["keeper-edit"](ctx, { row: "0" });
  assert.equal(ctx.state.keeper.editing, 0);
  assert.equal(ctx.state.keeper.draft.eyes, 130);
  await keeperIntents["keeper-eyes"](ctx, { value: "-10" });
  assert.equal(ctx.state.keeper.draft.eyesText, "120");
  await keeperIntents["keeper-cancel"](ctx, {});
  assert.deepEqual(ctx.state.keeper.games, before);
  assert.equal(ctx.state.keeper.editing, null);
  assert.equal(ctx.log.calls.length, calls); // nothing asked of the engine
  await keeperIntents["keeper-edit"](ctx, { row: "0" });
  await keeperIntents["keeper-eyes-typed"](ctx, { value: "110" });
  await keeperIntents["keeper-submit"](ctx, {});
  const k = ctx.state.keeper;
  assert.equal(k.games.length, 2);
  assert.deepEqual(k.games.map((g) => g.summary.eyes_re), [110, 130]);
  assert.deepEqual(k.games[0].result.points, [-1, -1, 1, 1]);
  assert.equal(ctx.log.calls.at(-1).payload.summaries.length, 2); // the whole sheet, scored again
});

test("all Augen to one party: the tricks are asked for, 0 and 240 alike", () => {
  const k = { ...initialKeeper(), players: 4 };
  const info = META.presets.ddv;
  const d = K.freshDraft(k);
  K.stepEyes(d, 200);
  assert.equal(d.eyes, 240); // kept within 0..240
  assert.deepEqual(K.summaryOf(k, d, info).tricks, { re: 12, kontra: 0 });
  K.stepTricks(d, -1, 4, info);
  assert.deepEqual(K.summaryOf(k, d, info).tricks, { re: 11, kontra: 1 });
  K.setEyes(d, "100"); // off 0/240: the tricks are the Augen's business again
  assert.equal(d.tricksRe, null);
  assert.equal(K.summaryOf(k, d, info).tricks, undefined);
  K.stepEyes(d, -500);
  assert.equal(d.eyes, 0);
  assert.deepEqual(K.summaryOf(k, d, info).tricks, { re: 0, kontra: 12 });
  K.stepTricks(d, -1, 4, info);
  assert.equal(d.tricksRe, 0); // never below none
  K.setEyes(d, "abc");
  assert.ok(Number.isNaN(d.eyes));
  assert.equal(K.summaryOf(k, d, info).eyes_re, "abc"); // the engine says what is wrong with it
});

test("at five the dealer sits out, one seat on each game, and is nobody's partner", async () => {
  const ctx = await started("ddv", 5, ["A", "B", "C", "D", "E"]);
  const out = [];
  for (let game = 0; game < 6; game++) {
    out.push(ctx.state.keeper.draft.sittingOut);
    await keeperIntents["keeper-re"](ctx, { value: String(out.at(-1)) }); // refused: sits out
    assert.deepEqual(ctx.state.keeper.draft.re, []);
    await enter(ctx, [(out.at(-1) + 1) % 5, (out.at(-1) + 2) % 5], 150);
  }
  assert.deepEqual(out, [0, 1, 2, 3, 4, 0]);
  const k = ctx.state.keeper;
  assert.deepEqual(k.games.map((g) => g.summary.sitting_out), out);
  assert.deepEqual(k.games[0].result.points, [0, 1, 1, -1, -1]);
  assert.equal(K.tricksPerGame(5, META.presets.ddv), 12); // four play
  // choosing who sits out drops them from Re
  await keeperIntents["keeper-re"](ctx, { value: "3" });
  await keeperIntents["keeper-out"](ctx, { value: "3" });
  assert.deepEqual(ctx.state.keeper.draft.re, []);
  assert.equal(ctx.state.keeper.draft.sittingOut, 3);
});

for (const players of [6, 8]) {
  test(`at ${players} the teams are fixed, except in a solo`, async () => {
    const ctx = await started("klassisch", players, []);
    const k = ctx.state.keeper;
    const teamA = Array.from({ length: players / 2 }, (_, i) => 2 * i);
    assert.deepEqual(k.draft.re, teamA);
    await keeperIntents["keeper-re"](ctx, { value: "1" }); // no seat changes sides
    assert.deepEqual(k.draft.re, teamA);
    await keeperIntents["keeper-contract"](ctx, { value: "solo:jacks" });
    assert.deepEqual(k.draft.re, []);
    await keeperIntents["keeper-re"](ctx, { value: "1" });
    await keeperIntents["keeper-re"](ctx, { value: "3" });
    assert.deepEqual(k.draft.re, [3]); // one soloist
    await keeperIntents["keeper-contract"](ctx, { value: "normal" });
    assert.deepEqual(k.draft.re, teamA);
    // 48 cards for six, the 64-card deck for eight: eight tricks either way
    assert.equal(K.tricksPerGame(players, META.presets.klassisch), 8);
    await keeperIntents["keeper-eyes-typed"](ctx, { value: "240" });
    const summary = K.summaryOf(k, k.draft, META.presets.klassisch);
    assert.deepEqual(summary.tricks, { re: 8, kontra: 0 });
    assert.deepEqual(summary.re, teamA);
  });
}

test("a schema 1 keeper entry is the same sheet under schema 2", async () => {
  const data = { version: 1, phase: "sheet", preset: "ddv", players: 4, names: ["A", "B", "C", "D"], tour: null,
    games: [{ summary: { rules: "ddv", contract: "normal", players: 4, re: [0, 1], sitting_out: null, eyes_re: 140,
      announcements: { re: [], kontra: [] }, specials: [] } }] };
  const old = { schema: 1, kind: "keeper", savedAt: 5, data };
  const migrated = K.migrateKeeperEntry(old);
  assert.deepEqual(migrated, { ...old, schema: 2 });
  assert.equal(old.schema, 1); // the stored object itself is left alone
  assert.equal(K.migrateKeeperEntry(migrated), migrated);
  assert.equal(K.migrateKeeperEntry(null), null);
  // restored: scored again, in the store, and written back
  const ctx = fakeCtx(keeperState());
  assert.equal(await keeperRestore(ctx, migrated.data), null);
  const k = ctx.state.keeper;
  assert.equal(k.phase, "sheet");
  assert.deepEqual(k.games[0].result.points, [1, 1, -1, -1]);
  assert.deepEqual(ctx.log.saves.at(-1), { kind: "keeper", data: K.keeperEntry(k) });
  assert.deepEqual(K.keeperEntry(k).games.map((g) => g.summary), data.games.map((g) => g.summary));
});

test("a stored sheet the page cannot show says why and leaves the store as it was", async () => {
  const ctx = fakeCtx(keeperState());
  const before = structuredClone(ctx.state.keeper);
  const good = { preset: "ddv", players: 4, games: [] };
  assert.deepEqual(await keeperRestore(ctx, { ...good, games: "x" }), { code: "keeper-shape", params: {} });
  assert.equal((await keeperRestore(ctx, { ...good, preset: "nope" })).code, "keeper-rules");
  assert.equal((await keeperRestore(ctx, { ...good, players: 7 })).code, "keeper-players");
  const bad = { ...good, games: [{ summary: { contract: "normal", players: 4, re: [0], eyes_re: 130 } },
    { summary: { contract: "normal", players: 4, re: [0], eyes_re: 999 } }] };
  assert.deepEqual(await keeperRestore(ctx, bad), { code: "keeper-game",
    params: { n: 2, reason: { code: "eyes-range", params: { eyes: 999, most: 240 } } } });
  assert.deepEqual(ctx.state.keeper, before);
  assert.deepEqual(ctx.log.saves, []);
});

test("rules the engine does not play: the sheet is set aside and a fresh one starts", async () => {
  const ctx = fakeCtx(keeperState("nope", 4));
  ctx.state.keeper.names = ["Zoe"];
  await keeperCheckTable(ctx);
  assert.equal(ctx.log.asides.length, 1);
  const [aside] = ctx.log.asides;
  assert.equal(aside.kind, "keeper");
  assert.equal(aside.entry.preset, "nope");
  assert.deepEqual(aside.why, { code: "keeper-rules", params: { preset: "nope", players: 4 } });
  assert.equal(ctx.state.keeper.preset, "ddv");
  assert.equal(ctx.state.keeper.read, true);
  assert.deepEqual(ctx.log.saves.at(-1).data.names, []);
});
