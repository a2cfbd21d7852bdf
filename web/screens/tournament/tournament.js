// Tournament night (route #/tournament): the organiser's entrants, the draw of each
// table round (the engine's `tournament_draw`, from a seed shown on screen), every
// table's sheet kept with the score keeper and handed in here (same browser, a link or
// a file), checked by the engine (`tournament_check_sheet`) and ranked by it
// (`tournament_standings`). The page holds no rules: it keeps names and sheets.
// State: the store's `tournament` slice ({evening, ui}); the evening is saved as the
// "tournament" entry; tournament-evening.js does the bookkeeping.
import { h } from "../../core/dom.js";
import { t, errorText, presetName, getLang } from "../../core/i18n.js";
import { keeperRestore } from "../keeper/keeper.js";
import { rulesName } from "../rules/editor.js";
import { spreadsheetCsv } from "../../core/csv.js";
import { randomSeed } from "../../core/random.js";
import { encodeJson, decodeJson } from "../../core/base64url.js";
import * as V from "../../core/variants.js";
import * as E from "../../core/tournament-evening.js";
import { openScreen } from "../../core/store.js";

function newEveningId() {
  return `t-${Date.now().toString(36)}-${randomSeed().toString(36)}`;
}

function blankUi() {
  // what is typed survives a redraw (an engine answer may arrive while typing)
  // `routed`: the stored evening has been read and the route applied (the screen settled)
  return { standings: [], preview: null, note: null, link: "", linkFor: null, print: false, names: "",
    importing: "", routed: false };
}

export function initialTournament() {
  return { evening: E.blankEvening(randomSeed(), newEveningId()), ui: blankUi() };
}

const clone = (value) => JSON.parse(JSON.stringify(value));

// ---- the engine and storage -----------------------------------------------------------

// A stored evening: only a newer save replaces the one in memory (a read may overtake a
// write; storage.js has checked the shape and migrated an older evening).
// `force`: the stored evening is shown even if it is older (an import, an undo put it there).
export async function tournamentRestore(ctx, saved, force = false) {
  if (!(force ? E.newerEvening(saved, null) : E.newerEvening(saved, ctx.state.tournament.evening))) return;
  ctx.update((s) => { s.tournament.evening = clone(saved); });
  await refresh(ctx);
}

// Save, then ask the engine for the draw preview and the standings again.
async function changed(ctx) {
  ctx.update((s) => {
    const ev = s.tournament.evening;
    ev.updated = Math.max(Date.now(), (ev.updated ?? 0) + 1);
  });
  try { await ctx.save("tournament", clone(ctx.state.tournament.evening)); } catch {
    ctx.alert(t("storageFailed"));
  }
  await refresh(ctx);
}

async function refresh(ctx) {
  const ev = clone(ctx.state.tournament.evening);
  const [preview, standings] = await Promise.all([previewOf(ctx, ev), standingsOf(ctx, ev)]);
  ctx.update((s) => {
    if (s.tournament.evening.updated !== ev.updated) return; // a newer change asks again
    s.tournament.ui.preview = preview;
    s.tournament.ui.standings = standings;
  });
}

// Standings after each complete table round, and the current one at the end.
async function standingsOf(ctx, ev) {
  const out = [];
  try {
    for (const { after, rounds } of E.standingsRounds(ev)) {
      out.push({ after, ...(await ctx.call("tournament_standings", { tournament: E.engineTour(ev, rounds) })) });
    }
  } catch (err) {
    ctx.alert(errorText(err));
  }
  return out;
}

async function previewOf(ctx, ev) {
  const number = E.openRound(ev);
  const players = E.drawPlayers(ev, number);
  try {
    const draw = await ctx.call("tournament_draw", { rules: ev.rules, seed: ev.seed, round: number, players });
    return { sizes: draw.tables.map((tb) => tb.length), count: players.length };
  } catch (err) {
    return { error: { code: err?.code ?? null, params: err?.params ?? {}, message: err?.message ?? "" },
      count: players.length };
  }
}

function note(ctx, ok, text) {
  ctx.update((s) => { s.tournament.ui.note = { ok, text }; });
}

async function draw(ctx, number) {
  const ev = ctx.state.tournament.evening;
  try {
    const answer = await ctx.call("tournament_draw", { rules: ev.rules, seed: ev.seed, round: number,
      players: E.drawPlayers(ev, number) });
    ctx.update((s) => { E.placeDraw(s.tournament.evening, number, answer); });
    note(ctx, true, t("tourDrawn", { n: number, tables: answer.tables.length }));
  } catch (err) {
    note(ctx, false, errorText(err));
  }
  await changed(ctx);
}

// ---- sheets: from the keeper to the organiser ----------------------------------------------

async function openKeeper(ctx, tag, games) {
  const k = ctx.state.keeper;
  const ev = ctx.state.tournament.evening;
  if (E.sameTable(k.tour, tag) && !games) return ctx.navigate("#/keeper");
  if (!E.keeperFree(k, tag, ev) && !globalThis.confirm?.(t("tourKeeperReplace"))) return undefined;
  const why = await keeperRestore(ctx, E.keeperEntryFor(tag, games, ev.rules));
  if (!why) return ctx.navigate("#/keeper");
  return ctx.alert(t("tourKeeperFailed"));
}

function pageUrl(hash) {
  return `${location.origin}${location.pathname}${hash}`;
}

function sheetFileName(k) {
  return `tisch-${k.tour.round}-${k.tour.table}.json`;
}

// Check a sheet with the engine and put it in (a correction replaces the one before).
async function acceptSheet(ctx, sheet) {
  try {
    const answer = await ctx.call("tournament_check_sheet", {
      tournament: E.engineTour(ctx.state.tournament.evening), sheet });
    ctx.update((s) => { E.acceptSheet(s.tournament.evening, sheet, answer); });
    note(ctx, true, answer.replaces
      ? t("tourCorrected", { table: answer.table, round: answer.round, games: answer.changed.join(", ") })
      : t("tourAccepted", { table: answer.table, round: answer.round }));
    await changed(ctx);
    return true;
  } catch (err) {
    const text = t("tourRefused", { reason: errorText(err) });
    note(ctx, false, text);
    ctx.alert(text);
    return false;
  }
}

// A sheet's link, its payload, or the sheet's JSON (from a file).
async function importText(ctx, text) {
  const at = text.indexOf("#/tournament/sheet/");
  const payload = at >= 0 ? text.slice(at + "#/tournament/sheet/".length) : text.trim();
  let sheet = null;
  try {
    sheet = payload.startsWith("{") ? JSON.parse(payload) : decodeJson(payload);
  } catch {
    return note(ctx, false, t("tourBadLink"));
  }
  if (await acceptSheet(ctx, sheet)) ctx.update((s) => { s.tournament.ui.importing = ""; });
  return undefined;
}

// #/tournament, #/tournament/sheet/<sheet> (an organiser opens a table's link) and
// #/tournament/table/<table> (a table's tablet opens its keeper). The stored evening is
// read before (tournamentRestore), so a link checks against the evening saved last.
export async function tournamentRoute(ctx, path) {
  ctx.update((s) => { s.tournament.ui.print = false; });
  try {
    return await applyRoute(ctx, path);
  } finally {
    ctx.update((s) => { s.tournament.ui.routed = true; });
  }
}

async function applyRoute(ctx, path) {
  const [, , kind, payload] = path.split("/");
  if (kind === "sheet" && payload) {
    await importText(ctx, payload);
    globalThis.history?.replaceState(null, "", "#/tournament");
  } else if (kind === "table" && payload) {
    let tag = null;
    try { tag = decodeJson(payload); } catch { /* said below */ }
    if (tag && Array.isArray(tag.players)) return openKeeper(ctx, tag, null);
    note(ctx, false, t("tourBadLink"));
  }
  return undefined;
}

// ---- exports ------------------------------------------------------------------------------

function finalStandings(ui) {
  return ui.standings[ui.standings.length - 1] ?? null;
}

// The standings and every table's seats as CSV (words in the page's language).
export function tournamentCsv(ev, standings) {
  const name = (id) => E.entrantName(ev, id);
  const rounds = ev.rounds.map((r) => t("tourRoundShort", { n: r.round }));
  const lines = [[t("tourRank"), t("tourName"), ...rounds, t("total")]];
  for (const row of standings?.ranking ?? []) {
    lines.push([row.rank, name(row.player), ...row.rounds.map((v) => v ?? ""), row.total]);
  }
  lines.push([]);
  lines.push([t("tourRound"), t("table"), t("tourSeatCol"), t("tourName"), t("points")]);
  for (const r of standings?.rounds ?? []) {
    for (const tb of r.tables) {
      tb.players.forEach((p, seat) => lines.push([r.round, tb.table, seat + 1, name(p),
        tb.totals ? tb.totals[seat] : ""]));
    }
  }
  return spreadsheetCsv(lines, getLang());
}

// The evening for other tools: `python -m doko tournament-standings turnier.json` reads it.
export function tournamentJson(ev, standings) {
  return { tournament: E.engineTour(ev), names: Object.fromEntries(ev.entrants.map((e) => [e.id, e.name])),
    standings };
}

// ---- intents --------------------------------------------------------------------------------

// [value, name, rules]: the presets, the device's variants, and the evening's own rules
// if they are none of them.
function rulesChoices(state) {
  const meta = state.meta?.presets ?? {};
  const ev = state.tournament.evening;
  const choices = Object.keys(meta).map((id) => [id, presetName(meta, id), id]);
  for (const v of state.variants.list) choices.push([`variant:${v.id}`, v.name, V.normalRules(v.rules)]);
  const chosen = V.rulesKey(ev.rules);
  if (!choices.some(([, , spec]) => V.rulesKey(spec) === chosen)) choices.push(["own", rulesName(ev.rules, state), ev.rules]);
  return choices;
}

function evening(ctx, fn) {
  ctx.update((s) => fn(s.tournament.evening, s.tournament.ui));
  return changed(ctx);
}

function ui(ctx, fn) {
  ctx.update((s) => fn(s.tournament.ui));
}

export const tournamentIntents = {
  "tournament-rules": (ctx, data) => {
    const spec = rulesChoices(ctx.state).find(([value]) => value === data.value)?.[2] ?? "lockhausen";
    return evening(ctx, (ev) => { ev.rules = spec; });
  },
  "tournament-rounds": (ctx, data) => evening(ctx, (ev) => { ev.tableRounds = Number(data.value); }),
  // every valid seed typed is kept at once, so a redraw never puts the old one back
  "tournament-seed": (ctx, data) => {
    const text = String(data.value ?? "").trim();
    const n = text === "" ? NaN : Number(text);
    if (!Number.isInteger(n) || n < 0 || n >= 2 ** 32) return undefined;
    if (n === ctx.state.tournament.evening.seed) return undefined;
    return evening(ctx, (ev) => { ev.seed = n; });
  },
  "tournament-names": (ctx, data) => ui(ctx, (u) => { u.names = String(data.value ?? ""); }),
  "tournament-add": (ctx) => {
    if (!ctx.state.tournament.ui.names.trim()) return undefined;
    return evening(ctx, (ev, u) => {
      E.addEntrants(ev, u.names);
      u.names = "";
    });
  },
  "tournament-withdraw": (ctx, data) => evening(ctx, (ev) => E.withdraw(ev, Number(data.value))),
  "tournament-return": (ctx, data) => evening(ctx, (ev) => E.comeBack(ev, Number(data.value))),
  "tournament-draw": (ctx) => draw(ctx, ctx.state.tournament.evening.rounds.length + 1),
  "tournament-redraw": (ctx, data) => draw(ctx, Number(data.value)),
  "tournament-keep": (ctx, data) => {
    const ev = ctx.state.tournament.evening;
    const number = Number(data.round);
    const table = Number(data.table);
    const sheet = ev.rounds[number - 1].sheets[table - 1];
    return openKeeper(ctx, E.tableTag(ev, number, table), sheet ? sheet.games : null);
  },
  "tournament-table-link": (ctx, data) => ui(ctx, (u) => {
    const tag = E.tableTag(ctx.state.tournament.evening, Number(data.round), Number(data.table));
    u.link = pageUrl(`#/tournament/table/${encodeJson(tag)}`);
    u.linkFor = `${data.round}-${data.table}`;
  }),
  "tournament-import-text": (ctx, data) => ui(ctx, (u) => { u.importing = String(data.value ?? ""); }),
  "tournament-import": (ctx) => importText(ctx, ctx.state.tournament.ui.importing),
  "tournament-import-file": () => document.getElementById("tour-import-file")?.click(),
  "tournament-import-chosen": async (ctx, data) => {
    const file = data.files?.[0];
    if (file) await importText(ctx, await file.text());
  },
  "tournament-handin": async (ctx) => {
    if (await acceptSheet(ctx, E.keeperSheet(ctx.state.keeper))) ctx.navigate("#/tournament");
  },
  "tournament-sheet-link": (ctx) => {
    const link = pageUrl(`#/tournament/sheet/${encodeJson(E.keeperSheet(ctx.state.keeper))}`);
    ui(ctx, (u) => {
      u.link = link;
      u.linkFor = "sheet";
    });
    globalThis.navigator?.clipboard?.writeText(link).catch(() => {});
  },
  "tournament-sheet-file": (ctx) => ctx.download(sheetFileName(ctx.state.keeper), "application/json",
    JSON.stringify(E.keeperSheet(ctx.state.keeper), null, 1)),
  "tournament-csv": (ctx) => ctx.download("turnier.csv", "text/csv;charset=utf-8",
    tournamentCsv(ctx.state.tournament.evening, finalStandings(ctx.state.tournament.ui))),
  "tournament-json": (ctx) => ctx.download("turnier.json", "application/json",
    JSON.stringify(tournamentJson(ctx.state.tournament.evening, finalStandings(ctx.state.tournament.ui)), null, 1)),
  "tournament-print": (ctx) => ui(ctx, (u) => { u.print = true; }),
  "tournament-print-now": () => globalThis.print?.(),
  "tournament-print-close": (ctx) => ui(ctx, (u) => { u.print = false; }),
  "tournament-new": (ctx) => {
    if (ctx.state.tournament.evening.entrants.length && !globalThis.confirm?.(t("tourNewConfirm"))) return undefined;
    return evening(ctx, (ev, u) => {
      Object.assign(ev, E.blankEvening(randomSeed(), newEveningId()));
      delete ev.updated;
      // the old evening's figures must not show until the engine answers for the new one
      Object.assign(u, { note: null, standings: [], preview: null });
    });
  },
};

// ---- drawing ----------------------------------------------------------------------

function button(text, data, extra = {}) {
  return h("button", { type: "button", ...extra,
    dataset: { focus: `${data.intent}:${data.value ?? ""}:${data.round ?? ""}:${data.table ?? ""}`, ...data },
    text });
}

export function tournamentScreen(state) {
  if (!state.meta?.presets) return h("section", { class: "tournament" }, h("p", { text: t("engineWait") }));
  const { evening: ev, ui: u } = state.tournament;
  if (u.print) return printView(state);
  return h("div", { class: "tournament", dataset: { testid: "tournament", tourId: ev.id,
    routed: String(u.routed) } },
    h("h2", { class: "tour-title", text: t("tourTitle") }),
    helpBox(ev),
    u.note ? h("p", { class: `tour-note${u.note.ok ? "" : " bad"}`, dataset: { testid: "tour-note" },
      text: u.note.text }) : null,
    setupPanel(state), entrantsPanel(state),
    ev.rounds.map((r) => roundPanel(ev, u, r)),
    importPanel(ev, u), standingsPanel(ev, u),
    h("p", { class: "tour-foot" }, button(t("tourNew"), { intent: "tournament-new" })));
}

// The evening step by step; open until the first table round is drawn.
function helpBox(ev) {
  const steps = t("tourHelp");
  return h("details", { class: "tour-help", open: !ev.rounds.length, dataset: { testid: "tour-help" } },
    h("summary", { text: t("tourHelpTitle") }),
    h("ol", {}, (Array.isArray(steps) ? steps : []).map((step) => h("li", { text: step }))));
}

function setupPanel(state) {
  const ev = state.tournament.evening;
  const locked = ev.rounds.length > 0;
  const chosen = V.rulesKey(ev.rules);
  const preset = h("select", { id: "tour-preset", disabled: locked,
    dataset: { intent: "tournament-rules", focus: "tour-preset" } },
  rulesChoices(state).map(([value, text, spec]) => h("option", { value, selected: V.rulesKey(spec) === chosen, text })));
  const rounds = h("select", { id: "tour-rounds", disabled: locked,
    dataset: { intent: "tournament-rounds", focus: "tour-rounds" } },
  (state.meta?.tournament?.table_rounds ?? []).map((n) => h("option", { value: String(n),
    selected: n === ev.tableRounds, text: t("tourRoundsCount", { n }) })));
  const seed = h("input", { id: "tour-seed", type: "number", min: "0", value: String(ev.seed),
    readonly: locked, dataset: { intent: "tournament-seed", focus: "tour-seed", testid: "tour-seed" } });
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-setup-title" },
    h("h3", { id: "tour-setup-title", text: t("tourSetup") }),
    h("div", { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "tour-preset", text: t("rules") }), preset),
      h("div", { class: "field" }, h("label", { for: "tour-rounds", text: t("tourRounds") }), rounds),
      h("div", { class: "field" }, h("label", { for: "tour-seed", text: t("tourSeed") }), seed)),
    h("p", { class: "quiet", text: t("tourSeedLine") }));
}

function entrantsPanel(state) {
  const { evening: ev, ui: u } = state.tournament;
  const number = E.openRound(ev);
  const rows = ev.entrants.map((e, i) => {
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
    h("h3", { id: "tour-entrants-title", text: t("tourEntrants", { n: E.active(ev, number).length }) }),
    rows.length ? h("table", { class: "tour-table" }, h("tbody", {}, rows)) : null,
    h("div", { class: "field" }, h("label", { for: "tour-names", text: t("tourNames") }),
      h("textarea", { id: "tour-names", rows: "3",
        dataset: { intent: "tournament-names", focus: "tour-names", testid: "tour-names" } }, u.names)),
    h("div", { class: "tour-buttons" },
      button(t("tourAdd"), { intent: "tournament-add", testid: "tour-add" }),
      E.canDraw(ev) ? button(t("tourDraw", { n: ev.rounds.length + 1 }),
        { intent: "tournament-draw", testid: "tour-draw" },
        { class: "primary", "aria-disabled": state.engine === "ready" ? null : "true" }) : null),
    previewLine(ev, u, number));
}

function previewLine(ev, u, number) {
  const p = u.preview;
  if (!p || number > ev.tableRounds) return null;
  if (p.error) {
    const few = p.count < 4;
    return h("p", { class: "tour-warn", dataset: { testid: "tour-preview" } },
      errorText(p.error), few ? ` ${t("tourFewer")}` : ` ${t("tourUnseatable")}`);
  }
  return h("p", { class: "quiet", dataset: { testid: "tour-preview" },
    text: t("tourPreview", { n: number, count: p.count, sizes: p.sizes.join(" + ") }) });
}

function roundPanel(ev, u, r) {
  return h("section", { class: "tour-panel tour-round", "aria-labelledby": `tour-round-${r.round}`,
    dataset: { testid: "tour-round" } },
  h("h3", { id: `tour-round-${r.round}`, text: t("tourRoundTitle", { n: r.round, seed: ev.seed }) }),
  E.stale(ev, r) ? h("p", { class: "tour-warn" }, t("tourStale"), " ",
    button(t("tourRedraw"), { intent: "tournament-redraw", value: String(r.round) })) : null,
  h("div", { class: "tour-tables" }, r.tables.map((players, i) => tableCard(ev, u, r, players, i + 1))));
}

function tableCard(ev, u, r, players, table) {
  const sheet = r.sheets[table - 1];
  const totals = tableTotals(u, r.round, table);
  const version = r.versions?.[table - 1] ?? 0;
  const data = { round: String(r.round), table: String(table) };
  return h("article", { class: `tour-card${sheet ? " done" : ""}`,
    dataset: { testid: "tour-table", round: String(r.round), table: String(table),
      players: JSON.stringify(players) } },
  h("h4", { text: t("tourTable", { n: table, size: players.length }) }),
  h("ol", { class: "tour-seats" }, players.map((p, seat) => h("li", {},
    h("span", { text: E.entrantName(ev, p) }),
    totals ? h("strong", { class: "tour-points", text: String(totals[seat]) }) : null))),
  h("p", { class: "tour-state", dataset: { testid: "tour-table-state" },
    text: sheet ? t("tourSheetIn", { n: sheet.games.length }) : t("tourSheetMissing") }),
  version > 1 ? h("p", { class: "tour-corrected", dataset: { testid: "tour-corrected" },
    text: t("tourCorrectedTag", { n: version, games: (r.changed?.[table - 1] ?? []).join(", ") }) })
    : null,
  h("div", { class: "tour-buttons" },
    button(sheet ? t("tourCorrect") : t("tourKeep"), { intent: "tournament-keep", testid: "tour-keep", ...data }),
    button(t("tourTableLink"), { intent: "tournament-table-link", testid: "tour-table-link", ...data })),
  u.linkFor === `${r.round}-${table}` ? linkField(u, t("tourTableLinkLabel")) : null);
}

function tableTotals(u, number, table) {
  const s = finalStandings(u);
  return s?.rounds?.[number - 1]?.tables?.[table - 1]?.totals ?? null;
}

function linkField(u, label) {
  return h("div", { class: "field tour-link" }, h("label", { for: "tour-link", text: label }),
    h("input", { id: "tour-link", type: "text", readonly: true, value: u.link, dataset: { testid: "tour-link" } }));
}

function importPanel(ev, u) {
  if (!ev.rounds.length) return null;
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-import-title" },
    h("h3", { id: "tour-import-title", text: t("tourImport") }),
    h("p", { class: "quiet", text: t("tourImportLine") }),
    h("div", { class: "field" }, h("label", { for: "tour-import", text: t("tourImportField") }),
      h("input", { id: "tour-import", type: "text", autocomplete: "off", value: u.importing,
        dataset: { intent: "tournament-import-text", focus: "tour-import", testid: "tour-import" } })),
    h("div", { class: "tour-buttons" },
      button(t("tourImportGo"), { intent: "tournament-import", testid: "tour-import-go" }),
      button(t("tourImportFile"), { intent: "tournament-import-file" })),
    h("input", { id: "tour-import-file", type: "file", accept: "application/json,.json", hidden: true,
      dataset: { intent: "tournament-import-chosen", testid: "tour-import-file" } }));
}

function standingsPanel(ev, u) {
  const all = u.standings;
  if (!all.length) return null;
  const last = all[all.length - 1];
  const earlier = all.slice(0, -1);
  return h("section", { class: "tour-panel", "aria-labelledby": "tour-standings-title" },
    h("h3", { id: "tour-standings-title", text: standingsTitle(last) }),
    standingsTable(ev, last, "tour-standings"),
    earlier.map((s) => h("details", { class: "tour-earlier" },
      h("summary", { text: t("tourAfter", { n: s.after }) }), standingsTable(ev, s, null))),
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

function standingsTable(ev, s, testid) {
  const rounds = s.rounds.map((r) => t("tourRoundShort", { n: r.round }));
  return h("table", { class: "tour-table tour-ranking", dataset: { testid } },
    h("thead", {}, h("tr", {}, [t("tourRank"), t("tourName"), ...rounds, t("total")]
      .map((text, i) => h("th", { scope: "col", class: i > 1 ? "num" : null, text })))),
    h("tbody", {}, s.ranking.map((row) => h("tr", { dataset: { testid: testid ? "tour-rank-row" : null,
      player: String(row.player), rank: String(row.rank), total: String(row.total) } },
    h("td", { text: row.tied ? t("tourTied", { n: row.rank }) : `${row.rank}.` }),
    h("th", { scope: "row", text: E.entrantName(ev, row.player) }),
    row.rounds.map((v) => h("td", { class: "num", text: v == null ? "–" : String(v) })),
    h("td", { class: "num total", text: String(row.total) })))));
}

// A4 sheets: each table round's tables with their seats, then the standings.
function printView(state) {
  const { evening: ev, ui: u } = state.tournament;
  const s = finalStandings(u);
  return h("div", { class: "tournament tour-print-view", dataset: { testid: "tour-print-view" } },
    h("div", { class: "tour-buttons no-print" },
      button(t("tourPrintNow"), { intent: "tournament-print-now" }, { class: "primary" }),
      button(t("tourPrintClose"), { intent: "tournament-print-close", testid: "tour-print-close" })),
    h("h2", { class: "tour-title", text: `${t("tourTitle")} · ${rulesName(ev.rules, state)}` }),
    h("p", { class: "quiet", text: t("tourPrintLine", { seed: ev.seed, n: ev.entrants.length }) }),
    ev.rounds.map((r) => h("section", { class: "print-round" },
      h("h3", { text: t("tourRoundTitle", { n: r.round, seed: ev.seed }) }),
      h("div", { class: "print-tables" }, r.tables.map((players, i) => h("div", { class: "print-table" },
        h("h4", { text: t("tourTable", { n: i + 1, size: players.length }) }),
        h("table", { class: "tour-table" },
          h("thead", {}, h("tr", {}, h("th", { scope: "col", text: t("tourSeatCol") }),
            h("th", { scope: "col", text: t("tourName") }),
            h("th", { scope: "col", class: "num", text: t("points") }))),
          h("tbody", {}, players.map((p, seat) => h("tr", {},
            h("td", { text: String(seat + 1) }), h("td", { text: E.entrantName(ev, p) }),
            h("td", { class: "num", text: String(tableTotals(u, r.round, i + 1)?.[seat] ?? "") })))))))))),
    s ? h("section", { class: "print-standings" }, h("h3", { text: standingsTitle(s) }),
      standingsTable(ev, s, null)) : null);
}

// The evening's links: its screen, the evening stored last read again, then the link.
function openTournament(ctx, { path }) {
  ctx.update((s) => openScreen(s, "tournament"));
  ctx.rereadTournament().then(() => tournamentRoute(ctx, path));
}

export const tournamentRoutes = { "/tournament": openTournament, "/tournament/*": openTournament };
