// The tournament evening's page-side bookkeeping and intents against a fake ctx: late
// entrants, a no-show, a player who leaves and comes back, a redraw when the players
// change, sheets handed in and corrected, a new evening, and stored evenings.
import { test } from "node:test";
import assert from "node:assert/strict";
import { initialTournament, tournamentIntents, tournamentRestore, tournamentCsv } from "../../web/screens/tournament/tournament.js";
import { initialKeeper } from "../../web/screens/keeper/keeper.js";
import * as E from "../../web/core/tournament-evening.js";
import { initialVariants } from "../../web/core/variants.js";
import { META, ENGINE, fakeCtx } from "./fake.mjs";

// The engine's draw, faked: the players in order, in tables of four (five at the end).
function fakeDraw({ players }) {
  if (players.length < 4) throw { code: "tournament-too-few", params: { n: players.length } };
  const tables = [];
  for (let i = 0; i + 4 <= players.length; i += 4) tables.push(players.slice(i, i + 4));
  const rest = players.length % 4;
  for (let r = 0; r < rest; r++) tables[tables.length - 1 - r].push(players[players.length - rest + r]);
  return { tables, games: tables.map((tb) => 2 * tb.length) };
}

const TOURNAMENT_ENGINE = {
  ...ENGINE,
  tournament_draw: fakeDraw,
  tournament_standings: ({ tournament }) => ({ ranking: [], rounds: tournament.rounds.map((r) => ({
    round: r.round, complete: r.sheets.every(Boolean), tables: [] })), complete: false }),
  tournament_check_sheet: ({ tournament, sheet }) => {
    const r = tournament.rounds[sheet.round - 1];
    return { round: sheet.round, table: sheet.table, replaces: !!r.sheets[sheet.table - 1], changed: [] };
  },
};

function eveningCtx() {
  return fakeCtx({ meta: META, engine: "ready", screen: "tournament", tournament: initialTournament(),
    keeper: { ...initialKeeper(), read: true }, variants: initialVariants() }, TOURNAMENT_ENGINE);
}

async function add(ctx, names) {
  await tournamentIntents["tournament-names"](ctx, { value: names.join("\n") });
  await tournamentIntents["tournament-add"](ctx, {});
}

const ev = (ctx) => ctx.state.tournament.evening;

// Every table of round `number` hands in an empty sheet (what the fake check accepts).
async function sheetsIn(ctx, number) {
  const round = ev(ctx).rounds[number - 1];
  for (const [i] of round.tables.entries()) {
    const tag = E.tableTag(ev(ctx), number, i + 1);
    ctx.state.keeper = { ...initialKeeper(), preset: "ddv", players: tag.players.length, tour: tag, games: [] };
    await tournamentIntents["tournament-handin"](ctx, {});
  }
}

test("entrants join from the open round; a no-show before the draw is taken off", async () => {
  const ctx = eveningCtx();
  await add(ctx, ["Anna", " Bernd ", "", "Carla", "Dieter", "Emil"]);
  assert.deepEqual(ev(ctx).entrants.map((e) => [e.id, e.name, e.from, e.out]),
    [[1, "Anna", 1, null], [2, "Bernd", 1, null], [3, "Carla", 1, null], [4, "Dieter", 1, null], [5, "Emil", 1, null]]);
  assert.equal(ctx.state.tournament.ui.names, "");
  await tournamentIntents["tournament-withdraw"](ctx, { value: "5" });
  assert.deepEqual(ev(ctx).entrants.map((e) => e.name), ["Anna", "Bernd", "Carla", "Dieter"]);
  // every change is saved and the preview asked again
  assert.deepEqual(ctx.log.saves.at(-1).data.entrants.map((e) => e.id), [1, 2, 3, 4]);
  assert.deepEqual(ctx.state.tournament.ui.preview, { sizes: [4], count: 4 });
});

test("a player who leaves after a round comes back from the next; the draw follows", async () => {
  const ctx = eveningCtx();
  await add(ctx, ["A", "B", "C", "D", "E", "F", "G", "H"]);
  await tournamentIntents["tournament-draw"](ctx, {});
  assert.deepEqual(ev(ctx).rounds[0].tables, [[1, 2, 3, 4], [5, 6, 7, 8]]);
  assert.ok(!E.canDraw(ev(ctx))); // round 1 still open
  await sheetsIn(ctx, 1);
  assert.ok(E.roundComplete(ev(ctx).rounds[0]));
  assert.equal(E.openRound(ev(ctx)), 2);
  await tournamentIntents["tournament-withdraw"](ctx, { value: "3" });
  assert.equal(ev(ctx).entrants.find((e) => e.id === 3).out, 2); // played: kept, out from round 2
  await add(ctx, ["Late"]);
  assert.deepEqual(ev(ctx).entrants.at(-1), { id: 9, name: "Late", from: 2, out: null });
  assert.deepEqual(E.drawPlayers(ev(ctx), 2), [1, 2, 4, 5, 6, 7, 8, 9]);
  await tournamentIntents["tournament-return"](ctx, { value: "3" });
  assert.equal(ev(ctx).entrants.find((e) => e.id === 3).out, null);
  assert.deepEqual(E.drawPlayers(ev(ctx), 2), [1, 2, 3, 4, 5, 6, 7, 8, 9]);
  await tournamentIntents["tournament-draw"](ctx, {});
  assert.deepEqual(ev(ctx).rounds[1].tables, [[1, 2, 3, 4], [5, 6, 7, 8, 9]]);
  assert.deepEqual(ev(ctx).rounds[1].games, [8, 10]);
});

test("a drawn round whose players changed is stale until it is drawn again", async () => {
  const ctx = eveningCtx();
  await add(ctx, ["A", "B", "C", "D", "E", "F", "G", "H"]);
  await tournamentIntents["tournament-draw"](ctx, {});
  const round = () => ev(ctx).rounds[0];
  assert.ok(!E.stale(ev(ctx), round()));
  await add(ctx, ["I"]); // before any sheet: joins round 1
  assert.ok(E.stale(ev(ctx), round()));
  await tournamentIntents["tournament-redraw"](ctx, { value: "1" });
  assert.ok(!E.stale(ev(ctx), round()));
  assert.deepEqual(round().tables, [[1, 2, 3, 4], [5, 6, 7, 8, 9]]);
  assert.equal(ev(ctx).rounds.length, 1);
  // once a sheet is in, the round stands
  await sheetsIn(ctx, 1);
  await add(ctx, ["J"]);
  assert.ok(!E.stale(ev(ctx), round()));
  assert.equal(ctx.state.tournament.ui.note.ok, true);
});

test("a sheet handed in again is a correction: its version counts up", async () => {
  const ctx = eveningCtx();
  await add(ctx, ["A", "B", "C", "D"]);
  await tournamentIntents["tournament-draw"](ctx, {});
  await sheetsIn(ctx, 1);
  await sheetsIn(ctx, 1);
  assert.deepEqual(ev(ctx).rounds[0].versions, [2]);
  assert.match(ctx.state.tournament.ui.note.text, /Korrektur|korrigiert|geändert/i);
  assert.deepEqual(ctx.log.navigations.at(-1), "#/tournament");
});

test("a new evening asks first, then starts empty under a new id and seed", async () => {
  const ctx = eveningCtx();
  await add(ctx, ["A", "B", "C", "D"]);
  const { id } = ev(ctx);
  globalThis.confirm = () => false;
  await tournamentIntents["tournament-new"](ctx, {});
  assert.equal(ev(ctx).id, id);
  globalThis.confirm = () => true;
  await tournamentIntents["tournament-new"](ctx, {});
  delete globalThis.confirm;
  assert.notEqual(ev(ctx).id, id);
  assert.match(ev(ctx).id, /^t-[0-9a-z]+-[0-9a-z]+$/);
  assert.deepEqual([ev(ctx).entrants, ev(ctx).rounds, ev(ctx).rules], [[], [], "lockhausen"]);
  assert.equal(ctx.log.saves.at(-1).data.id, ev(ctx).id);
});

test("a typed seed is kept once it is a whole number in range", async () => {
  const ctx = eveningCtx();
  await tournamentIntents["tournament-seed"](ctx, { value: "12345" });
  assert.equal(ev(ctx).seed, 12345);
  for (const bad of ["", "-1", "1.5", "x", String(2 ** 32)]) {
    await tournamentIntents["tournament-seed"](ctx, { value: bad });
    assert.equal(ev(ctx).seed, 12345, bad);
  }
});

test("a stored evening replaces the one in memory only when newer", async () => {
  const ctx = eveningCtx();
  await add(ctx, ["A"]);
  const now = structuredClone(ev(ctx));
  await tournamentRestore(ctx, { ...now, entrants: [], updated: now.updated - 1 });
  assert.equal(ev(ctx).entrants.length, 1);
  await tournamentRestore(ctx, { ...now, version: 2, entrants: [], updated: now.updated + 1 });
  assert.equal(ev(ctx).entrants.length, 1);
  await tournamentRestore(ctx, { ...now, entrants: [], updated: now.updated + 1 });
  assert.equal(ev(ctx).entrants.length, 0);
});

test("an evening saved without a version is migrated; the shape check holds", () => {
  const old = { id: "t-1", rules: "lockhausen", tableRounds: 2, seed: 7, entrants: [{ id: 1, name: "A", from: 1, out: null }],
    rounds: [{ round: 1, tables: [[1, 2, 3, 4]], games: [8], sheets: [null] }] };
  const d = E.migrateEvening(old);
  assert.equal(d.version, 1);
  assert.deepEqual(d.rounds[0].versions, [0]);
  assert.deepEqual(d.rounds[0].changed, [[]]);
  assert.ok(E.isEvening(d));
  assert.equal(E.migrateEvening(d), d);
  assert.ok(!E.isEvening({ ...d, rounds: [{ round: 1, tables: [[1]], sheets: [] }] }));
  assert.ok(!E.isEvening({ ...d, entrants: [{ id: "1", name: "A", from: 1 }] }));
});

test("the standings CSV quotes names and has a line per seat", () => {
  const evening = { ...E.blankEvening(1, "t"), entrants: [{ id: 1, name: "Müller, Anna", from: 1, out: null },
    { id: 2, name: "=1+1", from: 1, out: null }], rounds: [{ round: 1 }] };
  const standings = { ranking: [{ rank: 1, player: 1, rounds: [5], total: 5 }, { rank: 2, player: 2, rounds: [null], total: -5 }],
    rounds: [{ round: 1, tables: [{ table: 1, players: [1, 2], totals: [5, -5] }] }] };
  const text = tournamentCsv(evening, standings);
  assert.ok(text.startsWith("\uFEFF")); // UTF-8 for German Excel, cells at semicolons
  const lines = text.slice(1).split("\r\n");
  assert.equal(lines[0], "Rang;Name;Runde 1;Summe");
  assert.equal(lines[1], '1;"Müller, Anna";5;5');
  assert.equal(lines[2], "2;'=1+1;;-5");
  assert.equal(lines[5], '1;1;1;"Müller, Anna";5');
});

test("a table's link opens its keeper; a broken one says so", async () => {
  const { tournamentRoute } = await import("../../web/screens/tournament/tournament.js");
  const { encodeJson } = await import("../../web/core/base64url.js");
  const ctx = eveningCtx();
  await tournamentIntents["tournament-rules"](ctx, { value: "ddv" });
  await add(ctx, ["A", "B", "C", "D"]);
  await tournamentIntents["tournament-draw"](ctx, {});
  const tag = E.tableTag(ev(ctx), 1, 1);
  assert.equal(tag.rules, "ddv");
  await tournamentRoute(ctx, `/tournament/table/${encodeJson(tag)}`);
  assert.equal(ctx.log.navigations.at(-1), "#/keeper");
  assert.deepEqual(ctx.state.keeper.tour, tag);
  assert.deepEqual(ctx.state.keeper.names, ["A", "B", "C", "D"]);
  assert.equal(ctx.state.keeper.phase, "sheet");
  // the same table again: straight to the keeper, the sheet as it is
  const saves = ctx.log.saves.length;
  await tournamentRoute(ctx, `/tournament/table/${encodeJson(tag)}`);
  assert.equal(ctx.log.saves.length, saves);
  await tournamentRoute(ctx, "/tournament/table/not-a-tag");
  assert.equal(ctx.state.tournament.ui.note.ok, false);
  // rules this page does not play: the keeper is not taken over, the alert says so
  await tournamentRoute(ctx, `/tournament/table/${encodeJson({ ...tag, table: 2, rules: "nope" })}`);
  assert.deepEqual(ctx.state.keeper.tour, tag);
  assert.equal(ctx.log.alerts.at(-1), "Die Spielliste konnte nicht geöffnet werden.");
});
