// A tournament evening as the organiser's page keeps it: entrants (who plays from which
// table round, who left), the table rounds drawn by the engine and the sheets handed in.
// Pure functions over the plain evening object: the engine draws, checks sheets and
// ranks (doko.evening); this is the page's bookkeeping around it. No DOM, no storage.
import { normalRules } from "./rules-spec.js";

export const EVENING_VERSION = 1;
export const SHEET_KIND = "doko-table-sheet"; // the engine's doko.evening.SHEET_KIND
export const MAX_NAME = 40;

export function blankEvening(seed, id) {
  return { version: EVENING_VERSION, id, rules: "lockhausen", tableRounds: 2, seed, entrants: [], rounds: [] };
}

export function roundComplete(r) {
  return r.sheets.length === r.tables.length && r.sheets.every(Boolean);
}

// The first table round no sheet has come in for: entries and withdrawals count from it.
export function openRound(ev) {
  const at = ev.rounds.findIndex((r) => !r.sheets.some(Boolean));
  return at >= 0 ? at + 1 : ev.rounds.length + 1;
}

// Who plays in table round `number`.
export function active(ev, number) {
  return ev.entrants.filter((e) => e.from <= number && (e.out == null || e.out > number));
}

export function entrantName(ev, id) {
  const e = ev.entrants.find((x) => x.id === id);
  return e ? e.name : `#${id}`;
}

// A drawn round whose players are no longer the entrants of that round (to be drawn again).
export function stale(ev, r) {
  if (r.sheets.some(Boolean)) return false;
  const drawn = r.tables.flat().sort((a, b) => a - b).join();
  return drawn !== active(ev, r.round).map((e) => e.id).sort((a, b) => a - b).join();
}

export function canDraw(ev) {
  const last = ev.rounds[ev.rounds.length - 1];
  return ev.rounds.length < ev.tableRounds && (!last || roundComplete(last));
}

// Names typed one per line join from the open round on; resolves to how many joined.
export function addEntrants(ev, text) {
  const names = String(text ?? "").split("\n").map((s) => s.trim().slice(0, MAX_NAME)).filter(Boolean);
  let id = Math.max(0, ...ev.entrants.map((e) => e.id));
  const from = openRound(ev);
  for (const name of names) ev.entrants.push({ id: ++id, name, from, out: null });
  return names.length;
}

// Someone who never sat at a table is taken off the list (a typo, a no-show); someone
// who played leaves from the open round on.
export function withdraw(ev, id) {
  const e = ev.entrants.find((x) => x.id === id);
  if (!e) return;
  const number = openRound(ev);
  const played = ev.rounds.some((r) => r.tables.flat().includes(id) && r.round < number);
  if (!played) ev.entrants = ev.entrants.filter((x) => x.id !== id);
  else e.out = number;
}

// A player who left comes back (from the open round on: rounds drawn since are stale).
export function comeBack(ev, id) {
  const e = ev.entrants.find((x) => x.id === id);
  if (e) e.out = null;
}

// The players the engine draws round `number` for.
export function drawPlayers(ev, number) {
  return active(ev, number).map((e) => e.id);
}

// The engine's draw of round `number` put in (a redraw replaces the round).
export function placeDraw(ev, number, answer) {
  ev.rounds[number - 1] = { round: number, tables: answer.tables, games: answer.games,
    sheets: answer.tables.map(() => null), versions: answer.tables.map(() => 0),
    changed: answer.tables.map(() => []) };
}

// What the engine's object of the evening needs (doko.evening): no page bookkeeping.
export function engineTour(ev, rounds = ev.rounds) {
  return { id: ev.id, rules: ev.rules, table_rounds: ev.tableRounds, seed: ev.seed,
    entrants: ev.entrants.map((e) => ({ id: e.id, name: e.name })),
    rounds: rounds.map((r) => ({ round: r.round, tables: r.tables, sheets: r.sheets })) };
}

// The evenings to rank: after each complete table round, and the running one at the end.
export function standingsRounds(ev) {
  const out = [];
  for (let k = 1; k <= ev.rounds.length; k++) {
    if (k < ev.rounds.length && !roundComplete(ev.rounds[k - 1])) continue;
    out.push({ after: k, rounds: ev.rounds.slice(0, k) });
  }
  return out;
}

// The tag a table's keeper sheet carries: which evening, round and table, who sits
// there (seat order) and how many games it needs.
export function tableTag(ev, number, table) {
  const r = ev.rounds[number - 1];
  const players = r.tables[table - 1];
  return { id: ev.id, round: number, table, players, need: r.games[table - 1],
    names: players.map((p) => entrantName(ev, p)), rules: ev.rules };
}

// A checked sheet put in; a correction replaces the one before and says which games changed.
export function acceptSheet(ev, sheet, answer) {
  const r = ev.rounds[answer.round - 1];
  const i = answer.table - 1;
  r.sheets[i] = { ...sheet, games: sheet.games };
  r.versions = r.versions ?? r.tables.map(() => 0);
  r.changed = r.changed ?? r.tables.map(() => []);
  r.versions[i] = (r.versions[i] ?? 0) + 1;
  r.changed[i] = answer.changed;
}

// The keeper's sheet as the engine checks it (doko.evening's sheet format).
export function keeperSheet(k) {
  const tag = k.tour;
  return { sheet: SHEET_KIND, version: 1, tournament: tag.id, round: tag.round, table: tag.table,
    rules: normalRules(k.rules ?? k.preset), players: tag.players,
    names: tag.names, games: k.games.map((g) => g.summary) };
}

export function sameTable(a, b) {
  return !!a && !!b && a.id === b.id && a.round === b.round && a.table === b.table;
}

// The keeper may take another table's sheet if its own is empty, is this table's, or is
// already handed in unchanged.
export function keeperFree(k, tag, ev) {
  if (!k.games.length || k.phase === "setup") return true;
  const own = k.tour;
  if (sameTable(own, tag)) return true;
  const r = own && own.id === ev.id ? ev.rounds[own.round - 1] : null;
  const inHand = r?.sheets[own.table - 1];
  return !!inHand && JSON.stringify(inHand.games) === JSON.stringify(k.games.map((g) => g.summary));
}

// The stored keeper sheet a table's tag opens (the sheet's games, if it has some); a
// tag without rules (an older link) plays the evening's.
export function keeperEntryFor(tag, games = null, eveningRules = "lockhausen") {
  const rules = tag.rules ?? eveningRules;
  return { version: 1, phase: "sheet", preset: typeof rules === "string" ? rules : rules.preset,
    rules: typeof rules === "string" ? null : rules, players: tag.players.length, names: tag.names,
    games: (games ?? []).map((summary) => ({ summary })), tour: tag };
}

// Whether a stored evening replaces the one in memory: only a newer save of this
// version (a read may overtake a write).
export function newerEvening(obj, ev) {
  return !!obj && obj.version === EVENING_VERSION && Array.isArray(obj.entrants) && Array.isArray(obj.rounds)
    && (obj.updated ?? 0) > (ev?.updated ?? 0);
}

// The shape the page relies on: entrants with ids, each table round's tables of entrant
// ids and one sheet (or null) per table. The engine checks the rest.
export function isEvening(d) {
  const int = Number.isInteger;
  const ids = (list) => Array.isArray(list) && list.every(int);
  const entrant = (e) => !!e && typeof e === "object" && int(e.id) && typeof e.name === "string"
    && int(e.from) && (e.out == null || int(e.out));
  const sheet = (s) => s === null || (!!s && typeof s === "object" && Array.isArray(s.games));
  const round = (r) => !!r && typeof r === "object" && int(r.round) && Array.isArray(r.tables)
    && r.tables.every(ids) && Array.isArray(r.sheets) && r.sheets.length === r.tables.length
    && r.sheets.every(sheet) && (r.versions == null || ids(r.versions))
    && (r.changed == null || (Array.isArray(r.changed) && r.changed.every(Array.isArray)));
  const rules = typeof d.rules === "string" || (!!d.rules && typeof d.rules === "object"
    && typeof d.rules.preset === "string");
  return typeof d.id === "string" && rules
    && int(d.tableRounds) && int(d.seed) && Array.isArray(d.entrants) && d.entrants.every(entrant)
    && Array.isArray(d.rounds) && d.rounds.every(round);
}

// An evening an older page saved without a version is version 1, the bookkeeping added
// since (corrections per table) filled in; anything else comes back as it is.
export function migrateEvening(d) {
  if (!d || typeof d !== "object" || (d.version !== undefined && d.version !== 0)) return d;
  const out = { ...d, version: EVENING_VERSION };
  if (Array.isArray(out.rounds)) {
    out.rounds = out.rounds.map((r) => (r && typeof r === "object" && Array.isArray(r.tables)
      ? { ...r, versions: r.versions ?? r.tables.map(() => 0), changed: r.changed ?? r.tables.map(() => []) } : r));
  }
  return out;
}
