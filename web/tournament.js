// Tournament night (route #/tournament): the organiser's entrants, the draw of each
// table round (the engine's `tournament_draw`, from a seed shown on screen), every
// table's sheet kept with the score keeper and handed in here (same browser, a link or
// a file), checked by the engine (`tournament_check_sheet`) and ranked by it
// (`tournament_standings`). The page holds no rules: it keeps names and sheets.
// Saved in IndexedDB as the "tournament" entry (storage.js).
import { h, download } from "./dom.js";
import { t, errorText, presetName } from "./i18n.js";
import { keeperState, loadKeeperState, keeperAddon, onKeeperChange } from "./keeper.js";
import { saveTournament, savedTournament } from "./storage.js";
import * as V from "./variants.js";
import { rulesName } from "./editor.js";

const VERSION = 1;
const SHEET_KIND = "doko-table-sheet"; // the engine's doko.evening.SHEET_KIND
const MAX_NAME = 40;

let tour = blank();
// what is typed survives a redraw (an engine answer may arrive while typing)
const ui = { standings: [], preview: null, note: null, link: "", print: false, names: "",
  importing: "" };
let ctx = null; // {call, render, alert, meta, tableRounds}: set by app.js
let loaded = Promise.resolve(); // the saved evening, read once at start-up

function blank() {
  return { version: VERSION, id: newId(), rules: "lockhausen", tableRounds: 2, seed: randomSeed(),
    entrants: [], rounds: [] };
}

function newId() {
  return `t-${Date.now().toString(36)}-${randomSeed().toString(36)}`;
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

export function initTournament(context) {
  ctx = context;
  keeperAddon(keeperPanel);
  onKeeperChange(sheetFinished);
  loaded = readSaved();
  // another tab (a sheet's link opens one) may have changed the evening meanwhile
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") loaded = readSaved();
  });
}

function readSaved() {
  return savedTournament().then((obj) => { if (obj) loadTournament(obj); }, () => {});
}

// ---- saved state ----------------------------------------------------------

// Only a newer save replaces the evening in memory (a read may overtake a write).
// storage.js has checked the shape and the version (and migrated an older evening).
function loadTournament(obj) {
  if (!obj || obj.version !== VERSION || !Array.isArray(obj.entrants) || !Array.isArray(obj.rounds)) {
    return;
  }
  if ((obj.updated ?? 0) <= (tour.updated ?? 0)) return;
  tour = JSON.parse(JSON.stringify(obj));
  refresh();
}

// Save, then ask the engine for the draw preview and the standings again. The stored
// evening is read first (one that cannot be read is set aside then), so a change never
// writes over it.
async function changed() {
  await loaded;
  tour.updated = Math.max(Date.now(), (tour.updated ?? 0) + 1);
  try { await saveTournament(JSON.parse(JSON.stringify(tour))); } catch {
    ctx.alert(t("storageFailed"));
  }
  await refresh();
}

async function refresh() {
  ctx.render();
  await Promise.all([refreshPreview(), refreshStandings()]);
  ctx.render();
}

// What the engine's object of the evening needs (doko.evening): no page bookkeeping.
function engineTour(rounds = tour.rounds) {
  return { id: tour.id, rules: tour.rules, table_rounds: tour.tableRounds, seed: tour.seed,
    entrants: tour.entrants.map((e) => ({ id: e.id, name: e.name })),
    rounds: rounds.map((r) => ({ round: r.round, tables: r.tables, sheets: r.sheets })) };
}

// Standings after each complete table round, and the current one at the end.
async function refreshStandings() {
  const out = [];
  try {
    for (let k = 1; k <= tour.rounds.length; k++) {
      const rounds = tour.rounds.slice(0, k);
      if (k < tour.rounds.length && !roundComplete(tour.rounds[k - 1])) continue;
      out.push({ after: k, ...(await ctx.call("tournament_standings", { tournament: engineTour(rounds) })) });
    }
  } catch (err) {
    ctx.alert(errorText(err));
  }
  ui.standings = out;
}

async function refreshPreview() {
  const number = openRound();
  const players = active(number).map((e) => e.id);
  try {
    const draw = await ctx.call("tournament_draw", { rules: tour.rules, seed: tour.seed, round: number,
      players });
    ui.preview = { sizes: draw.tables.map((tb) => tb.length), count: players.length };
  } catch (err) {
    ui.preview = { error: err, count: players.length };
  }
}

// ---- the evening's facts ----------------------------------------------------

function roundComplete(r) {
  return r.sheets.length === r.tables.length && r.sheets.every(Boolean);
}

// The first table round no sheet has come in for: entries and withdrawals count from it.
function openRound() {
  const at = tour.rounds.findIndex((r) => !r.sheets.some(Boolean));
  return at >= 0 ? at + 1 : tour.rounds.length + 1;
}

function active(number) {
  return tour.entrants.filter((e) => e.from <= number && (e.out == null || e.out > number));
}

function entrantName(id) {
  const e = tour.entrants.find((x) => x.id === id);
  return e ? e.name : `#${id}`;
}

// A drawn round whose players are no longer the entrants of that round (drawn again).
function stale(r) {
  if (r.sheets.some(Boolean)) return false;
  const drawn = r.tables.flat().sort((a, b) => a - b).join();
  return drawn !== active(r.round).map((e) => e.id).sort((a, b) => a - b).join();
}

function canDraw() {
  const last = tour.rounds[tour.rounds.length - 1];
  return tour.rounds.length < tour.tableRounds && (!last || roundComplete(last));
}

// ---- intents ------------------------------------------------------------------

export function tournamentClick(data) {
  switch (data.intent) {
    case "tournament-add": return addEntrants();
    case "tournament-withdraw": return withdraw(Number(data.value));
    case "tournament-return": return comeBack(Number(data.value));
    case "tournament-draw": return void draw(tour.rounds.length + 1);
    case "tournament-redraw": return void draw(Number(data.value));
    case "tournament-keep": return void keepHere(Number(data.round), Number(data.table));
    case "tournament-table-link": return tableLink(Number(data.round), Number(data.table));
    case "tournament-import": return void importText(ui.importing);
    case "tournament-import-file": return document.getElementById("tour-import-file")?.click();
    case "tournament-handin": return void handIn();
    case "tournament-sheet-link": return sheetLink();
    case "tournament-sheet-file": return download(sheetFileName(), "application/json",
      JSON.stringify(keeperSheet(), null, 1));
    case "tournament-csv": return download("turnier.csv", "text/csv;charset=utf-8", csv());
    case "tournament-json": return download("turnier.json", "application/json",
      JSON.stringify(exportJson(), null, 1));
    case "tournament-print": ui.print = true; return ctx.render();
    case "tournament-print-now": return globalThis.print?.();
    case "tournament-print-close": ui.print = false; return ctx.render();
    case "tournament-new":
      if (tour.entrants.length && !globalThis.confirm?.(t("tourNewConfirm"))) return;
      tour = blank();
      ui.note = null;
      return void changed();
    default:
  }
}

function addEntrants() {
  const names = ui.names.split("\n").map((s) => s.trim().slice(0, MAX_NAME))
    .filter(Boolean);
  if (!names.length) return;
  let id = Math.max(0, ...tour.entrants.map((e) => e.id));
  const from = openRound();
  for (const name of names) tour.entrants.push({ id: ++id, name, from, out: null });
  ui.names = "";
  void changed();
}

function withdraw(id) {
  const e = tour.entrants.find((x) => x.id === id);
  if (!e) return;
  const number = openRound();
  const played = tour.rounds.some((r) => r.tables.flat().includes(id) && r.round < number);
  // someone who never sat at a table is taken off the list (a typo, a no-show)
  if (!played) tour.entrants = tour.entrants.filter((x) => x.id !== id);
  else e.out = number;
  void changed();
}

function comeBack(id) {
  const e = tour.entrants.find((x) => x.id === id);
  if (e) e.out = null;
  void changed();
}

async function draw(number) {
  const players = active(number).map((e) => e.id);
  try {
    const answer = await ctx.call("tournament_draw", { rules: tour.rules, seed: tour.seed, round: number,
      players });
    const round = { round: number, tables: answer.tables, games: answer.games,
      sheets: answer.tables.map(() => null),
      versions: answer.tables.map(() => 0), changed: answer.tables.map(() => []) };
    tour.rounds[number - 1] = round;
    ui.note = { ok: true, text: t("tourDrawn", { n: number, tables: answer.tables.length }) };
  } catch (err) {
    ui.note = { ok: false, text: errorText(err) };
  }
  await changed();
}

// ---- sheets: from the keeper to the organiser -------------------------------------

function tableTag(number, table) {
  const players = tour.rounds[number - 1].tables[table - 1];
  const r = tour.rounds[number - 1];
  return { id: tour.id, round: number, table, players, need: r.games[table - 1],
    names: players.map(entrantName) };
}

// The keeper can take another table's sheet if its own is empty, is this table's, or
// is already handed in unchanged.
function keeperFree(tag) {
  const k = keeperState();
  if (!k.games.length || k.phase === "setup") return true;
  const own = k.tour;
  if (own && own.id === tag.id && own.round === tag.round && own.table === tag.table) return true;
  const r = own && own.id === tour.id ? tour.rounds[own.round - 1] : null;
  const inHand = r?.sheets[own.table - 1];
  return !!inHand && JSON.stringify(inHand.games) === JSON.stringify(k.games.map((g) => g.summary));
}

async function openKeeper(tag, games) {
  const k = keeperState();
  const same = k.tour && k.tour.id === tag.id && k.tour.round === tag.round && k.tour.table === tag.table;
  if (same && !games) { location.hash = "#/keeper"; return; }
  if (!keeperFree(tag) && !globalThis.confirm?.(t("tourKeeperReplace"))) return;
  const rules = tag.rules ?? tour.rules;
  const ok = await loadKeeperState({ version: 1, phase: "sheet", preset: V.presetOf(rules),
    rules: typeof rules === "string" ? null : rules,
    players: tag.players.length, names: tag.names, games: (games ?? []).map((summary) => ({ summary })),
    tour: tag });
  if (ok) location.hash = "#/keeper";
  else ctx.alert(t("tourKeeperFailed"));
}

function keepHere(number, table) {
  const sheet = tour.rounds[number - 1].sheets[table - 1];
  const tag = { ...tableTag(number, table), rules: tour.rules };
  return openKeeper(tag, sheet ? sheet.games : null);
}

function pageUrl(hash) {
  return `${location.origin}${location.pathname}${hash}`;
}

function tableLink(number, table) {
  const tag = { ...tableTag(number, table), rules: tour.rules };
  ui.link = pageUrl(`#/tournament/table/${encode(tag)}`);
  ui.linkFor = `${number}-${table}`;
  ctx.render();
}

// The keeper's sheet as the engine checks it (doko.evening's sheet format).
function keeperSheet() {
  const k = keeperState();
  const tag = k.tour;
  return { sheet: SHEET_KIND, version: 1, tournament: tag.id, round: tag.round, table: tag.table,
    rules: V.normalRules(k.rules ?? k.preset), players: tag.players,
    names: tag.names, games: k.games.map((g) => g.summary) };
}

function sheetFileName() {
  const tag = keeperState().tour;
  return `tisch-${tag.round}-${tag.table}.json`;
}

function sheetLink() {
  ui.link = pageUrl(`#/tournament/sheet/${encode(keeperSheet())}`);
  ui.linkFor = "sheet";
  navigator.clipboard?.writeText(ui.link).catch(() => {});
  ctx.render();
}

async function handIn() {
  const ok = await acceptSheet(keeperSheet());
  if (ok) location.hash = "#/tournament";
}

// Check a sheet with the engine and put it in (a correction replaces the one before).
async function acceptSheet(sheet) {
  try {
    const answer = await ctx.call("tournament_check_sheet", { tournament: engineTour(), sheet });
    const r = tour.rounds[answer.round - 1];
    const i = answer.table - 1;
    r.sheets[i] = { ...sheet, games: sheet.games };
    r.versions = r.versions ?? r.tables.map(() => 0);
    r.changed = r.changed ?? r.tables.map(() => []);
    r.versions[i] = (r.versions[i] ?? 0) + 1;
    r.changed[i] = answer.changed;
    ui.note = { ok: true, text: answer.replaces
      ? t("tourCorrected", { table: answer.table, round: answer.round, games: answer.changed.join(", ") })
      : t("tourAccepted", { table: answer.table, round: answer.round }) };
    await changed();
    return true;
  } catch (err) {
    ui.note = { ok: false, text: t("tourRefused", { reason: errorText(err) }) };
    ctx.alert(ui.note.text);
    ctx.render();
    return false;
  }
}

async function importText(text) {
  const at = text.indexOf("#/tournament/sheet/");
  const payload = at >= 0 ? text.slice(at + "#/tournament/sheet/".length) : text.trim();
  let sheet = null;
  try {
    sheet = payload.startsWith("{") ? JSON.parse(payload) : decode(payload);
  } catch {
    ui.note = { ok: false, text: t("tourBadLink") };
    return ctx.render();
  }
  if (await acceptSheet(sheet)) {
    ui.importing = "";
    ctx.render();
  }
}

// #/tournament, #/tournament/sheet/<sheet> (an organiser opens a table's link) and
// #/tournament/table/<table> (a table's tablet opens its keeper).
export async function tournamentRoute(path) {
  ui.print = false;
  // a link opened in a new tab checks against the saved evening; coming back to the
  // screen picks up what another tab saved meanwhile (only ever a newer save)
  await loaded;
  loaded = readSaved();
  await loaded;
  const [, , kind, payload] = path.split("/");
  if (kind === "sheet" && payload) {
    await importText(payload);
    history.replaceState(null, "", "#/tournament");
  } else if (kind === "table" && payload) {
    let tag = null;
    try { tag = decode(payload); } catch { /* handled below */ }
    if (tag && Array.isArray(tag.players)) return openKeeper(tag, null);
    ui.note = { ok: false, text: t("tourBadLink") };
  }
  ctx.render();
}

// UTF-8 JSON as base64url: links survive chat apps and mail.
function encode(obj) {
  const bytes = new TextEncoder().encode(JSON.stringify(obj));
  let bin = "";
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(text) {
  const bin = atob(text.trim().replace(/-/g, "+").replace(/_/g, "/"));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(bin, (c) => c.charCodeAt(0))));
}

// ---- exports --------------------------------------------------------------------

function finalStandings() {
  return ui.standings[ui.standings.length - 1] ?? null;
}

function csvCell(value) {
  const text = String(value ?? "");
  return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv() {
  const s = finalStandings();
  const rounds = tour.rounds.map((r) => t("tourRoundShort", { n: r.round }));
  const lines = [[t("tourRank"), t("tourName"), ...rounds, t("total")]];
  for (const row of s?.ranking ?? []) {
    lines.push([row.rank, entrantName(row.player), ...row.rounds.map((v) => v ?? ""), row.total]);
  }
  lines.push([]);
  lines.push([t("tourRound"), t("table"), t("tourSeatCol"), t("tourName"), t("points")]);
  for (const r of s?.rounds ?? []) {
    for (const tb of r.tables) {
      tb.players.forEach((p, seat) => lines.push([r.round, tb.table, seat + 1, entrantName(p),
        tb.totals ? tb.totals[seat] : ""]));
    }
  }
  return `${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

// The evening for other tools: `python -m doko tournament-standings turnier.json` reads it.
function exportJson() {
  return { tournament: engineTour(), names: Object.fromEntries(tour.entrants.map((e) => [e.id, e.name])),
    standings: finalStandings() };
}

export function tournamentData() {
  return JSON.parse(JSON.stringify(tour));
}

// ---- drawing ----------------------------------------------------------------------

function button(text, data, extra = {}) {
  return h("button", { type: "button", ...extra,
    dataset: { focus: `${data.intent}:${data.value ?? ""}:${data.round ?? ""}:${data.table ?? ""}`, ...data },
    text });
}

export function tournamentScreen(engineReady) {
  if (!ctx.meta()) return h("section", { class: "tournament" }, h("p", { text: t("engineWait") }));
  if (ui.print) return printView();
  return h("div", { class: "tournament", dataset: { testid: "tournament", tourId: tour.id } },
    h("h2", { class: "tour-title", text: t("tourTitle") }),
    helpBox(),
    ui.note ? h("p", { class: `tour-note${ui.note.ok ? "" : " bad"}`, dataset: { testid: "tour-note" },
      text: ui.note.text }) : null,
    setupPanel(), entrantsPanel(engineReady),
    tour.rounds.map((r) => roundPanel(r)),
    importPanel(), standingsPanel(),
    h("p", { class: "tour-foot" }, button(t("tourNew"), { intent: "tournament-new" })));
}

// The evening step by step; open until the first table round is drawn.
function helpBox() {
  const steps = t("tourHelp");
  return h("details", { class: "tour-help", open: !tour.rounds.length,
    dataset: { testid: "tour-help" } },
  h("summary", { text: t("tourHelpTitle") }),
  h("ol", {}, (Array.isArray(steps) ? steps : []).map((step) => h("li", { text: step }))));
}

function setupPanel() {
  const locked = tour.rounds.length > 0;
  // the presets and the device's house-rule variants (and the evening's own, if not among them)
  const choices = Object.keys(ctx.meta()).map((id) => [id, presetName(ctx.meta(), id), id]);
  for (const v of V.variants.list) choices.push([`variant:${v.id}`, v.name, V.normalRules(v.rules)]);
  const chosen = V.rulesKey(tour.rules);
  if (!choices.some(([, , spec]) => V.rulesKey(spec) === chosen)) choices.push(["own", rulesName(tour.rules), tour.rules]);
  const preset = h("select", { id: "tour-preset", disabled: locked, dataset: { focus: "tour-preset" } },
    choices.map(([value, text, spec]) => h("option", { value, selected: V.rulesKey(spec) === chosen, text })));
  preset.addEventListener("change", () => {
    tour.rules = choices.find(([value]) => value === preset.value)?.[2] ?? "lockhausen";
    void changed();
  });
  const rounds = h("select", { id: "tour-rounds", disabled: locked, dataset: { focus: "tour-rounds" } },
    ctx.tableRounds().map((n) => h("option", { value: String(n), selected: n === tour.tableRounds,
      text: t("tourRoundsCount", { n }) })));
  rounds.addEventListener("change", () => { tour.tableRounds = Number(rounds.value); void changed(); });
  const seed = h("input", { id: "tour-seed", type: "number", min: "0", value: String(tour.seed),
    readonly: locked, dataset: { focus: "tour-seed", testid: "tour-seed" } });
  // Kept in the state while typed, so a render in between never puts the old seed back.
  const typedSeed = () => {
    const n = seed.value.trim() === "" ? NaN : Number(seed.value);
    const ok = Number.isInteger(n) && n >= 0 && n < 2 ** 32;
    if (ok) tour.seed = n;
    return ok;
  };
  seed.addEventListener("input", typedSeed);
  seed.addEventListener("change", () => { if (typedSeed()) void changed(); });
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-setup-title" },
    h("h3", { id: "tour-setup-title", text: t("tourSetup") }),
    h("div", { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "tour-preset", text: t("rules") }), preset),
      h("div", { class: "field" }, h("label", { for: "tour-rounds", text: t("tourRounds") }), rounds),
      h("div", { class: "field" }, h("label", { for: "tour-seed", text: t("tourSeed") }), seed)),
    h("p", { class: "quiet", text: t("tourSeedLine") }));
}

function entrantsPanel(engineReady) {
  const number = openRound();
  const names = h("textarea", { id: "tour-names", rows: "3", dataset: { focus: "tour-names",
    testid: "tour-names" } });
  names.value = ui.names;
  names.addEventListener("input", () => { ui.names = names.value; });
  const rows = tour.entrants.map((e, i) => {
    const out = e.out != null;
    return h("tr", { dataset: { testid: "tour-entrant" } },
      h("td", { text: String(i + 1) }), h("td", { text: e.name }),
      h("td", { class: "quiet", text: out ? t("tourOut", { n: e.out }) : e.from > 1
        ? t("tourLate", { n: e.from }) : "" }),
      h("td", {}, out ? button(t("tourComeBack"), { intent: "tournament-return", value: String(e.id) })
        : button(t("tourWithdraw"), { intent: "tournament-withdraw", value: String(e.id) },
          { "aria-label": t("tourWithdrawName", { name: e.name }) })));
  });
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-entrants-title" },
    h("h3", { id: "tour-entrants-title", text: t("tourEntrants", { n: active(number).length }) }),
    rows.length ? h("table", { class: "tour-table" }, h("tbody", {}, rows)) : null,
    h("div", { class: "field" }, h("label", { for: "tour-names", text: t("tourNames") }), names),
    h("div", { class: "tour-buttons" },
      button(t("tourAdd"), { intent: "tournament-add", testid: "tour-add" }),
      canDraw() ? button(t("tourDraw", { n: tour.rounds.length + 1 }),
        { intent: "tournament-draw", testid: "tour-draw" },
        { class: "primary", "aria-disabled": engineReady ? null : "true" }) : null),
    previewLine(number));
}

function previewLine(number) {
  const p = ui.preview;
  if (!p || number > tour.tableRounds) return null;
  if (p.error) {
    const few = p.count < 4;
    return h("p", { class: "tour-warn", dataset: { testid: "tour-preview" } },
      errorText(p.error), few ? ` ${t("tourFewer")}` : ` ${t("tourUnseatable")}`);
  }
  return h("p", { class: "quiet", dataset: { testid: "tour-preview" },
    text: t("tourPreview", { n: number, count: p.count, sizes: p.sizes.join(" + ") }) });
}

function roundPanel(r) {
  return h("section", { class: "tour-panel tour-round", "aria-labelledby": `tour-round-${r.round}`,
    dataset: { testid: "tour-round" } },
  h("h3", { id: `tour-round-${r.round}`, text: t("tourRoundTitle", { n: r.round, seed: tour.seed }) }),
  stale(r) ? h("p", { class: "tour-warn" }, t("tourStale"), " ",
    button(t("tourRedraw"), { intent: "tournament-redraw", value: String(r.round) })) : null,
  h("div", { class: "tour-tables" }, r.tables.map((players, i) => tableCard(r, players, i + 1))));
}

function tableCard(r, players, table) {
  const sheet = r.sheets[table - 1];
  const totals = tableTotals(r.round, table);
  const version = r.versions?.[table - 1] ?? 0;
  const data = { round: String(r.round), table: String(table) };
  return h("article", { class: `tour-card${sheet ? " done" : ""}`,
    dataset: { testid: "tour-table", round: String(r.round), table: String(table),
      players: JSON.stringify(players) } },
  h("h4", { text: t("tourTable", { n: table, size: players.length }) }),
  h("ol", { class: "tour-seats" }, players.map((p, seat) => h("li", {},
    h("span", { text: entrantName(p) }),
    totals ? h("strong", { class: "tour-points", text: String(totals[seat]) }) : null))),
  h("p", { class: "tour-state", dataset: { testid: "tour-table-state" },
    text: sheet ? t("tourSheetIn", { n: sheet.games.length }) : t("tourSheetMissing") }),
  version > 1 ? h("p", { class: "tour-corrected", dataset: { testid: "tour-corrected" },
    text: t("tourCorrectedTag", { n: version, games: (r.changed?.[table - 1] ?? []).join(", ") }) })
    : null,
  h("div", { class: "tour-buttons" },
    button(sheet ? t("tourCorrect") : t("tourKeep"), { intent: "tournament-keep", testid: "tour-keep",
      ...data }),
    button(t("tourTableLink"), { intent: "tournament-table-link", testid: "tour-table-link", ...data })),
  ui.linkFor === `${r.round}-${table}` ? linkField(t("tourTableLinkLabel")) : null);
}

function tableTotals(number, table) {
  const s = finalStandings();
  return s?.rounds?.[number - 1]?.tables?.[table - 1]?.totals ?? null;
}

function linkField(label) {
  const input = h("input", { id: "tour-link", type: "text", readonly: true, value: ui.link,
    dataset: { testid: "tour-link" } });
  input.addEventListener("focus", () => input.select());
  return h("div", { class: "field tour-link" }, h("label", { for: "tour-link", text: label }), input);
}

function importPanel() {
  if (!tour.rounds.length) return null;
  const file = h("input", { id: "tour-import-file", type: "file", accept: "application/json,.json",
    hidden: true, dataset: { testid: "tour-import-file" } });
  file.addEventListener("change", async () => {
    const f = file.files?.[0];
    if (f) await importText(await f.text());
  });
  const field = h("input", { id: "tour-import", type: "text", autocomplete: "off",
    value: ui.importing, dataset: { focus: "tour-import", testid: "tour-import" } });
  field.addEventListener("input", () => { ui.importing = field.value; });
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-import-title" },
    h("h3", { id: "tour-import-title", text: t("tourImport") }),
    h("p", { class: "quiet", text: t("tourImportLine") }),
    h("div", { class: "field" }, h("label", { for: "tour-import", text: t("tourImportField") }),
      field),
    h("div", { class: "tour-buttons" },
      button(t("tourImportGo"), { intent: "tournament-import", testid: "tour-import-go" }),
      button(t("tourImportFile"), { intent: "tournament-import-file" })), file);
}

function standingsPanel() {
  const all = ui.standings;
  if (!all.length) return null;
  const last = all[all.length - 1];
  const earlier = all.slice(0, -1);
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-standings-title" },
    h("h3", { id: "tour-standings-title", text: standingsTitle(last) }),
    standingsTable(last, "tour-standings"),
    earlier.map((s) => h("details", { class: "tour-earlier" },
      h("summary", { text: t("tourAfter", { n: s.after }) }), standingsTable(s, null))),
    h("div", { class: "tour-buttons" },
      button(t("exportCsv"), { intent: "tournament-csv", testid: "tour-csv" }),
      button(t("exportJson"), { intent: "tournament-json", testid: "tour-json" }),
      button(t("tourPrint"), { intent: "tournament-print", testid: "tour-print" })));
}

function standingsTitle(s) {
  if (s.complete) return t("tourFinal");
  const done = s.rounds.filter((r) => r.complete).length;
  return done ? t("tourAfter", { n: done }) : t("tourSoFar");
}

function standingsTable(s, testid) {
  const rounds = s.rounds.map((r) => t("tourRoundShort", { n: r.round }));
  return h("table", { class: "tour-table tour-ranking", dataset: { testid } },
    h("thead", {}, h("tr", {}, [t("tourRank"), t("tourName"), ...rounds, t("total")]
      .map((text, i) => h("th", { scope: "col", class: i > 1 ? "num" : null, text })))),
    h("tbody", {}, s.ranking.map((row) => h("tr", { dataset: { testid: testid ? "tour-rank-row" : null,
      player: String(row.player), rank: String(row.rank), total: String(row.total) } },
    h("td", { text: row.tied ? t("tourTied", { n: row.rank }) : `${row.rank}.` }),
    h("th", { scope: "row", text: entrantName(row.player) }),
    row.rounds.map((v) => h("td", { class: "num", text: v == null ? "–" : String(v) })),
    h("td", { class: "num total", text: String(row.total) })))));
}

// A4 sheets: each table round's tables with their seats, then the standings.
function printView() {
  const s = finalStandings();
  return h("div", { class: "tournament tour-print-view", dataset: { testid: "tour-print-view" } },
    h("div", { class: "tour-buttons no-print" },
      button(t("tourPrintNow"), { intent: "tournament-print-now" }, { class: "primary" }),
      button(t("tourPrintClose"), { intent: "tournament-print-close", testid: "tour-print-close" })),
    h("h2", { class: "tour-title", text: `${t("tourTitle")} · ${rulesName(tour.rules)}` }),
    h("p", { class: "quiet", text: t("tourPrintLine", { seed: tour.seed, n: tour.entrants.length }) }),
    tour.rounds.map((r) => h("section", { class: "print-round" },
      h("h3", { text: t("tourRoundTitle", { n: r.round, seed: tour.seed }) }),
      h("div", { class: "print-tables" }, r.tables.map((players, i) => h("div", { class: "print-table" },
        h("h4", { text: t("tourTable", { n: i + 1, size: players.length }) }),
        h("table", { class: "tour-table" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("tourSeatCol") }),
            h("th", { scope: "col", text: t("tourName") }),
            h("th", { scope: "col", class: "num", text: t("points") }))),
          h("tbody", {}, players.map((p, seat) => h("tr", {},
          h("td", { text: String(seat + 1) }), h("td", { text: entrantName(p) }),
          h("td", { class: "num", text: String(tableTotals(r.round, i + 1)?.[seat] ?? "") })))))))))),
    s ? h("section", { class: "print-standings" }, h("h3", { text: standingsTitle(s) }),
      standingsTable(s, null)) : null);
}

// The last game of a table is in: bring the hand-in buttons into view (they sit above
// the sheet, while the form the keeper just used is further down).
let lastCount = null;
function sheetFinished(k) {
  const count = k.tour ? k.games.length : null;
  const finished = k.tour && count === k.tour.need && lastCount === count - 1;
  lastCount = count;
  if (!finished) return;
  setTimeout(() => {
    const panel = document.querySelector("[data-testid=tour-keeper]");
    panel?.scrollIntoView?.({ block: "start" });
    panel?.querySelector("button")?.focus();
  }, 0);
}

// Shown above a keeper's sheet that belongs to a tournament table.
function keeperPanel(k) {
  const tag = k.tour;
  if (!tag) return null;
  const done = k.games.length;
  const finished = done === tag.need;
  const here = tag.id === tour.id;
  return h("section", { class: "tour-keeper", "aria-labelledby": "tour-keeper-title",
    dataset: { testid: "tour-keeper" } },
  h("h2", { id: "tour-keeper-title", text: t("tourKeeperTitle", { table: tag.table, round: tag.round }) }),
  h("p", { dataset: { testid: "tour-keeper-count" },
    text: t("tourKeeperCount", { n: done, need: tag.need }) }),
  finished ? h("div", { class: "tour-buttons" },
    here ? button(t("tourHandIn"), { intent: "tournament-handin", testid: "tour-handin" },
      { class: "primary" }) : null,
    button(t("tourSheetLink"), { intent: "tournament-sheet-link", testid: "tour-sheet-link" }),
    button(t("tourSheetFile"), { intent: "tournament-sheet-file", testid: "tour-sheet-file" }))
    : h("p", { class: "quiet", text: t("tourKeeperOpen") }),
  finished && ui.linkFor === "sheet" ? linkField(t("tourSheetLinkLabel")) : null);
}
