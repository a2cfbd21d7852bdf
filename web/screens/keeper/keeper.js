// Score keeper for a real table (route #/keeper): each game is entered as a game
// summary (FORMATS.md), scored by the engine (api "score_sheet") and written on the
// sheet. Its state is the store's `keeper` slice (initialKeeper); keeperScreen draws it,
// keeperIntents change it through ctx, keeper-sheet.js does the arithmetic.
import { h } from "../../core/dom.js";
import { t, actionLabel, itemLabel, errorText, contractName, partyLabel, presetName, getLang } from "../../core/i18n.js";
import { sheetView } from "../../table/sheet.js";
import { spreadsheetCsv } from "../../core/csv.js";
import * as V from "../../core/variants.js";
import * as K from "./keeper-sheet.js";
import * as saved from "../../core/storage.js";
import { openScreen } from "../../core/store.js";

export function initialKeeper() {
  return {
    phase: "setup", // setup | sheet
    preset: "ddv",
    rules: null, // a variant ({preset, options}) of the preset, or null for the preset itself
    players: 4,
    names: [],
    games: [], // [{summary, result}] in the order played
    draft: null, // the game being entered or corrected
    editing: null, // index of the game being corrected, or null
    expanded: [], // sheet rows showing their itemised lines
    busy: false,
    tour: null, // the tournament table this sheet belongs to (tournament.js's tag), or null
    bock: K.blankBock(), // Bockrunden the engine derives from the games entered
    read: false, // the stored sheet has been read (or set aside): until then nothing shows
  };
}

// ---- facts from the store ------------------------------------------------------------

function presets(state) {
  return state.meta?.presets ?? null;
}

// The engine's facts about the sheet's rules (a variant's once its check is in), or null.
export function keeperInfo(state) {
  const k = state.keeper;
  const meta = presets(state);
  if (!meta || !Object.hasOwn(meta, k.preset)) return null;
  return V.rulesInfo(state.variants, meta, K.keeperRules(k));
}

function usable(state) {
  return !!keeperInfo(state)?.players.includes(state.keeper.players);
}

export function keeperSeatName(k, seat) {
  const name = (k.names[seat] ?? "").trim();
  return name || t("defaultName", { n: seat + 1 });
}

function partyName(info, k, party, contract) {
  if (K.teamGame(info, k.players, contract)) return partyLabel(party === "re" ? "A" : "B");
  return t(party);
}

// ---- the engine and storage -------------------------------------------------------------

// Score every summary in order; the engine works out which deals are bock deals from
// the games before them (a correction moves every later one). Resolves to
// {games: [{summary, result}], bock: {next, to_come}}; rejects with the engine's refusal.
async function scoreSheet(ctx, summaries, rules, players) {
  const answer = await ctx.call("score_sheet", { rules, players, summaries });
  return { games: K.scoredGames(summaries, answer), bock: answer.bock };
}

function save(ctx) {
  ctx.save("keeper", K.keeperEntry(ctx.state.keeper)).catch(() => ctx.alert(t("storageFailed")));
}

async function checked(ctx, spec) {
  if (typeof spec !== "string") await V.checkRules(ctx, spec).catch(() => null);
}

// Restore a stored sheet: its games are scored again, so the sheet is the engine's.
// Resolves to null once it is in the store, or to why it cannot be ({code, params}),
// the store left as it was.
export async function keeperRestore(ctx, obj) {
  if (K.keeperShapeProblem(obj)) return { code: "keeper-shape", params: {} };
  const problem = K.keeperTableProblem(obj, presets(ctx.state));
  if (problem) return problem;
  const rules = K.variantOf(obj.preset, obj.rules);
  let scored;
  try {
    scored = await scoreSheet(ctx, obj.games.map((game) => game.summary), rules ?? obj.preset, obj.players);
  } catch (err) {
    return K.keeperGameRefusal(err);
  }
  await checked(ctx, K.keeperRules({ preset: obj.preset, rules }));
  ctx.update((s) => { Object.assign(s.keeper, K.restoredKeeper(obj, scored)); });
  // written back only where this page stores it otherwise (an older page's sheet)
  if (JSON.stringify(K.keeperEntry(ctx.state.keeper)) !== JSON.stringify(obj)) save(ctx);
  return null;
}

// A sheet whose rules or table size the engine does not play (a link's unknown preset,
// a variant it refuses) cannot be shown: it is set aside (kept in the quarantine,
// reported) and a fresh sheet takes its place.
export async function keeperCheckTable(ctx) {
  const meta = presets(ctx.state);
  if (!meta) return;
  await checked(ctx, K.keeperRules(ctx.state.keeper));
  if (usable(ctx.state)) return;
  const bad = K.keeperEntry(ctx.state.keeper);
  const why = { code: keeperInfo(ctx.state) ? "keeper-players" : "keeper-rules",
    params: { preset: String(bad.preset).slice(0, 40), players: Number(bad.players) || 0 } };
  ctx.update((s) => {
    Object.assign(s.keeper, initialKeeper(), { preset: Object.keys(meta)[0], read: s.keeper.read });
    s.keeper.draft = K.freshDraft(s.keeper);
  });
  ctx.setAside("keeper", bad, why);
  save(ctx);
}

// A link or the tournament sets the rules of a new sheet (one with games keeps its own).
export async function keeperUseRules(ctx, spec) {
  if (ctx.state.keeper.games.length) return;
  await checked(ctx, V.normalRules(spec));
  ctx.update((s) => {
    K.setKeeperRules(s.keeper, spec);
    s.keeper.phase = "setup";
  });
  await keeperCheckTable(ctx);
}

// #/keeper, #/keeper?rules=..&options=.. (a new sheet with these rules).
export async function keeperRoute(ctx, path, params) {
  if (!params?.has("rules")) return;
  const link = V.rulesFromParams(params, "ddv");
  if (link.error) ctx.alert(t("badOptions", { why: errorText(link.error) }));
  await keeperUseRules(ctx, link.rules);
}

// After a change of the draft (no save: only entered games are kept).
function draft(ctx, fn) {
  ctx.update((s) => fn(s.keeper.draft, s.keeper, keeperInfo(s)));
}

// Runs once the screen is drawn again (a scroll to what the player needs next).
function afterDraw(fn) {
  globalThis.requestAnimationFrame?.(() => setTimeout(fn, 0));
}

// ---- intents -------------------------------------------------------------------------

async function submit(ctx) {
  const k = ctx.state.keeper;
  if (k.busy || !k.draft) return;
  const summaries = K.summariesWith(k, K.summaryOf(k, k.draft, keeperInfo(ctx.state)));
  const before = k.games.length;
  ctx.update((s) => { s.keeper.busy = true; });
  try {
    const scored = await scoreSheet(ctx, summaries, K.keeperRules(k), k.players);
    ctx.update((s) => {
      Object.assign(s.keeper, { games: scored.games, bock: scored.bock, editing: null, busy: false });
      s.keeper.draft = K.freshDraft(s.keeper);
    });
    ctx.alert("");
    save(ctx);
    const tag = ctx.state.keeper.tour;
    // a tournament table's last game is in: bring the hand-in buttons into view
    if (tag && before === tag.need - 1 && scored.games.length === tag.need) {
      afterDraw(() => {
        const panel = document.querySelector("[data-testid=tour-keeper]");
        panel?.scrollIntoView?.({ block: "start" });
        panel?.querySelector("button")?.focus();
      });
    }
  } catch (err) {
    ctx.update((s) => { s.keeper.busy = false; });
    // a refusal of the sheet names the game; the entry being made is that game
    const reason = err?.code === "bock-game" ? err.params?.reason ?? err : err;
    ctx.alert(t("refused", { reason: errorText(reason, (seat) => keeperSeatName(k, seat)) }));
  }
}

function csv(k) {
  const names = K.seats(k.players).map((s) => keeperSeatName(k, s));
  const totals = K.sheetTotals(k);
  const lines = [[t("number"), t("contract"), ...names, ...names.map((n) => `${t("running")} ${n}`)]];
  K.sheetRows(k).forEach((row, i) => lines.push([i + 1, contractName(row.contract)
    + (row.bock ? ` (${t("bockChip", { factor: 2 ** row.bock })})` : ""), ...row.points, ...row.totals]));
  lines.push([t("total"), "", ...totals, ...totals]);
  return spreadsheetCsv(lines, getLang());
}

export function keeperCsv(k) {
  return csv(k);
}

export function keeperJson(k) {
  return {
    rules: K.keeperRules(k), players: k.players, names: K.seats(k.players).map((s) => keeperSeatName(k, s)),
    games: k.games.map(({ summary, result }) => ({ summary, result })),
    totals: K.sheetTotals(k),
  };
}

export const keeperIntents = {
  "keeper-rules": async (ctx, data) => {
    const spec = rulesChoices(ctx.state).find(([value]) => value === data.value)?.[2] ?? "ddv";
    await checked(ctx, spec);
    ctx.update((s) => {
      K.setKeeperRules(s.keeper, spec);
      const allowed = keeperInfo(s)?.players ?? [4];
      if (!allowed.includes(s.keeper.players)) s.keeper.players = allowed[0];
    });
    await keeperCheckTable(ctx);
  },
  "keeper-players": (ctx, data) => ctx.update((s) => { s.keeper.players = Number(data.value); }),
  "keeper-name": (ctx, data) => ctx.update((s) => { s.keeper.names[Number(data.seat)] = String(data.value ?? ""); }),
  "keeper-start": (ctx) => {
    ctx.update((s) => {
      const k = s.keeper;
      k.phase = "sheet";
      k.names = K.seats(k.players).map((seat) => (k.names[seat] ?? "").slice(0, K.MAX_NAME));
      k.draft = K.freshDraft(k);
    });
    save(ctx);
  },
  // the old sheet is kept in the trash first: "Rückgängig" brings it back
  "keeper-reset": async (ctx) => {
    const games = ctx.state.keeper.games.length;
    if (games && !globalThis.confirm?.(t("newSheetConfirm"))) return;
    const id = games ? await saved.keepCopy(["keeper"], "reset").catch(() => null) : null;
    ctx.update((s) => {
      K.resetSheet(s.keeper);
      s.undo = id === null ? null : { id, text: t("sheetCleared") };
    });
    save(ctx);
  },
  "keeper-contract": (ctx, data) => draft(ctx, (d, k, info) => K.setContract(k, info, data.value)),
  "keeper-re": (ctx, data) => draft(ctx, (d, k, info) => K.toggleRe(k, info, Number(data.value))),
  "keeper-out": (ctx, data) => draft(ctx, (d) => K.setSittingOut(d, Number(data.value))),
  "keeper-eyes": (ctx, data) => draft(ctx, (d) => K.stepEyes(d, Number(data.value))),
  "keeper-eyes-typed": (ctx, data) => draft(ctx, (d) => K.setEyes(d, data.value)),
  "keeper-tricks": (ctx, data) => draft(ctx, (d, k, info) => K.stepTricks(d, Number(data.value), k.players, info)),
  "keeper-ann": (ctx, data) => draft(ctx, (d) => K.toggleWord(d, data.party, data.value)),
  "keeper-special": (ctx, data) => draft(ctx, (d) => K.stepSpecial(d, data.party, data.value, Number(data.delta))),
  "keeper-heart-trick": (ctx) => draft(ctx, (d) => { d.heartTrick = !d.heartTrick; }),
  "keeper-submit": (ctx) => submit(ctx),
  "keeper-edit": (ctx, data) => {
    const i = Number(data.row);
    ctx.update((s) => {
      s.keeper.editing = i;
      s.keeper.draft = K.draftFrom(s.keeper.games[i].summary);
    });
    ctx.alert("");
    afterDraw(() => document.getElementById("keeper-form")?.scrollIntoView?.({ block: "start" }));
  },
  "keeper-cancel": (ctx) => {
    ctx.update((s) => {
      s.keeper.editing = null;
      s.keeper.draft = K.freshDraft(s.keeper);
    });
    ctx.alert("");
  },
  "keeper-csv": (ctx) => ctx.download("spielliste.csv", "text/csv;charset=utf-8", csv(ctx.state.keeper)),
  "keeper-json": (ctx) => ctx.download("spielliste.json", "application/json",
    JSON.stringify(keeperJson(ctx.state.keeper), null, 2)),
};

// ---- drawing ----------------------------------------------------------------------------

function waiting() {
  return h("section", { class: "keeper" }, h("p", { text: t("engineWait") }));
}

export function keeperScreen(state) {
  const k = state.keeper;
  // the stored sheet is read (or set aside) before the keeper shows one
  if (!k.read || !presets(state)) return waiting();
  const info = keeperInfo(state);
  if (!info) return waiting(); // a variant's check is on its way
  if (k.phase === "setup" || !k.draft) return setupView(state, info);
  // the form first: on a phone it is where the thumb is, however long the sheet grows
  return h("div", { class: "keeper", dataset: { testid: "keeper" } },
    tournamentPanel(state),
    formView(state, info),
    h("section", { class: "sheet keeper-sheet", "aria-labelledby": "keeper-sheet-title" },
      h("div", { class: "sheet-head" },
        h("h2", { id: "keeper-sheet-title", text: `${t("scoresheet")} · ${rulesTitle(state)}` }),
        h("div", { class: "sheet-buttons" },
          h("button", { type: "button", dataset: { intent: "keeper-csv", testid: "export-csv",
            focus: "keeper-csv" }, text: t("exportCsv") }),
          h("button", { type: "button", dataset: { intent: "keeper-json", testid: "export-json",
            focus: "keeper-json" }, text: t("exportJson") }),
          h("button", { type: "button", dataset: { intent: "keeper-reset", focus: "keeper-reset" },
            text: t("newSheet") }))),
      k.games.length ? null : h("p", { class: "empty", text: t("noGames") }),
      sheetView({ rows: K.sheetRows(k), totals: K.sheetTotals(k), seats: k.players,
        seatName: (s) => keeperSeatName(k, s), expanded: k.expanded, editable: true, editing: k.editing,
        sittingOut: (row, i) => k.games[i].summary.sitting_out ?? null,
        bockToCome: k.bock?.to_come ?? 0 })));
}

// The sheet's rules by name: the preset's, a saved variant's, or "… mit Hausregeln".
function rulesTitle(state) {
  const spec = K.keeperRules(state.keeper);
  const name = presetName(presets(state), state.keeper.preset);
  if (typeof spec === "string") return name;
  return V.findVariant(state.variants, spec)?.name ?? t("houseRulesOf", { preset: name });
}

// The rules to choose from: [value, name, rules] for the presets, the device's variants
// and a link's variant.
function rulesChoices(state) {
  const meta = presets(state) ?? {};
  const choices = Object.keys(meta).map((id) => [id, presetName(meta, id), id]);
  for (const v of state.variants.list) choices.push([`variant:${v.id}`, v.name, V.normalRules(v.rules)]);
  const current = K.keeperRules(state.keeper);
  if (!choices.some(([, , spec]) => V.rulesKey(spec) === V.rulesKey(current))) {
    choices.push(["link", rulesTitle(state), current]);
  }
  return choices;
}

function setupView(state, info) {
  const k = state.keeper;
  const chosen = V.rulesKey(K.keeperRules(k));
  const presetSelect = h("select", { id: "keeper-preset",
    dataset: { intent: "keeper-rules", focus: "keeper-preset", testid: "keeper-rules" } },
  rulesChoices(state).map(([value, text, spec]) => h("option", { value, selected: V.rulesKey(spec) === chosen, text })));
  const playerSelect = h("select", { id: "keeper-players", dataset: { intent: "keeper-players", focus: "keeper-players" } },
    info.players.map((n) => h("option", { value: String(n), selected: n === k.players, text: String(n) })));
  const names = K.seats(k.players).map((s) => h("div", { class: "field" },
    h("label", { for: `keeper-name-${s}`, text: t("playerName", { n: s + 1 }) }),
    h("input", { id: `keeper-name-${s}`, type: "text", maxlength: String(K.MAX_NAME),
      autocomplete: "off", value: k.names[s] ?? "", placeholder: t("defaultName", { n: s + 1 }),
      dataset: { intent: "keeper-name", seat: String(s), focus: `keeper-name-${s}`, testid: "keeper-name" } })));
  return h("section", { class: "keeper keeper-setup", dataset: { testid: "keeper-setup" } },
    h("h2", { text: t("keeperTitle") }),
    h("div", { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "keeper-preset", text: t("rules") }), presetSelect),
      h("div", { class: "field" }, h("label", { for: "keeper-players", text: t("players") }), playerSelect)),
    h("div", { class: "names" }, names),
    h("button", { type: "button", class: "primary big",
      dataset: { intent: "keeper-start", testid: "keeper-start", focus: "keeper-start" },
      text: t("keeperStart") }));
}

function chip(label, pressed, data, extra = {}) {
  return h("button", { type: "button", class: "chip", "aria-pressed": String(pressed),
    dataset: { ...data, focus: `${data.intent}:${data.party ?? ""}:${data.value}` }, ...extra },
  label);
}

function fieldset(legend, ...content) {
  return h("fieldset", {}, h("legend", { text: legend }), content);
}

function formView(state, info) {
  const k = state.keeper;
  const d = k.draft;
  const engineReady = state.engine === "ready";
  const seatName = (s) => keeperSeatName(k, s);
  const party = (p) => partyName(info, k, p, d.contract);
  const title = k.editing != null
    ? t("correcting", { n: k.editing + 1 }) : t("newEntry", { n: k.games.length + 1 });
  const parts = [h("h2", { id: "keeper-form-title", text: title })];

  parts.push(fieldset(t("contract"), h("div", { class: "chips" },
    K.contracts(info, k.players).map((c) => chip(contractName(c), d.contract === c,
      { intent: "keeper-contract", value: c, testid: "keeper-contract" })))));

  if (k.players === 5) {
    parts.push(fieldset(t("sittingOut"), h("div", { class: "chips" },
      K.seats(k.players).map((s) => chip(seatName(s), d.sittingOut === s,
        { intent: "keeper-out", value: String(s), testid: "keeper-out" })))));
  }

  if (K.teamGame(info, k.players, d.contract)) {
    parts.push(fieldset(t("reSeats"), h("p", { class: "teams", dataset: { testid: "keeper-teams" },
      text: t("teamsFixed", { a: K.teamA(k.players).map(seatName).join(", "),
        b: K.teamB(k.players).map(seatName).join(", ") }) })));
  } else {
    parts.push(fieldset(K.soloLike(info, k.players, d.contract) ? t("soloist") : t("reSeats"),
      h("div", { class: "chips" }, K.seats(k.players).map((s) => chip(seatName(s), d.re.includes(s),
        { intent: "keeper-re", value: String(s), testid: "keeper-re" },
        { "aria-disabled": s === d.sittingOut ? "true" : null })))));
  }

  parts.push(eyesField(d, party));
  if (K.allEyes(d.eyes)) parts.push(tricksField(d, k, info, party));

  const parties = ["re", "kontra"];
  if (K.hasAnnouncements(info)) {
    const words = K.limitWords(state.meta?.announcement_levels);
    parts.push(fieldset(t("announcements"), h("div", { class: "per-party" },
      parties.map((p) => h("div", { class: "party-col" },
        h("strong", { text: party(p) }),
        h("div", { class: "chips" }, [p, ...words].map((w) => chip(actionLabel(w), d.ann[p].includes(w),
          { intent: "keeper-ann", party: p, value: w, testid: `keeper-ann-${p}` }))))))));
  }

  const kinds = K.specialKinds(info, k.players, d.contract);
  if (kinds.length) {
    // one line per Sonderpunkt, a counter for each party
    parts.push(fieldset(t("specials"), h("div", { class: "specials-grid" },
      h("span", {}), parties.map((p) => h("strong", { text: party(p) })),
      kinds.map((kind) => [h("span", { class: "counter-label", text: itemLabel(kind) }),
        parties.map((p) => counter(party, p, kind, d.specials[p][kind] ?? 0))]))));
  }

  if (K.bockTriggers(k, info).includes("heart-trick")) {
    parts.push(fieldset(t("bockLegend"), h("div", { class: "chips" },
      chip(t("bockHeartTrick"), d.heartTrick,
        { intent: "keeper-heart-trick", value: "1", testid: "keeper-heart-trick" }))));
  }

  parts.push(h("div", { class: "form-buttons" },
    h("button", { type: "button", class: "primary big",
      "aria-disabled": k.busy || !engineReady ? "true" : null,
      dataset: { intent: "keeper-submit", testid: "keeper-submit", focus: "keeper-submit" },
      text: k.editing != null ? t("saveFix") : t("enter") }),
    k.editing != null ? h("button", { type: "button", class: "big",
      dataset: { intent: "keeper-cancel", focus: "keeper-cancel" }, text: t("cancel") }) : null));

  return h("section", { class: "keeper-form", id: "keeper-form",
    "aria-labelledby": "keeper-form-title", dataset: { testid: "keeper-form" } }, parts);
}

function counter(party, p, kind, count) {
  const label = `${itemLabel(kind)} (${party(p)})`;
  return h("div", { class: "counter", dataset: { testid: `keeper-special-${p}-${kind}` } },
    h("button", { type: "button", class: "step", "aria-label": `${label} −1`,
      dataset: { intent: "keeper-special", party: p, value: kind, delta: "-1",
        focus: `sp-${p}-${kind}-`, testid: "minus" }, text: "−" }),
    h("output", { class: "count", "aria-live": "polite", text: String(count) }),
    h("button", { type: "button", class: "step", "aria-label": `${label} +1`,
      dataset: { intent: "keeper-special", party: p, value: kind, delta: "1",
        focus: `sp-${p}-${kind}+`, testid: "plus" }, text: "+" }));
}

// Re's Augen: typed, stepped or slid; Kontra's are what is left of 240.
function eyesField(d, party) {
  const re = party("re");
  const other = Number.isInteger(d.eyes) ? 240 - d.eyes : "–";
  const step = (delta) => h("button", { type: "button", class: "step",
    "aria-label": `${delta > 0 ? "+" : "−"}${Math.abs(delta)}`,
    dataset: { intent: "keeper-eyes", value: String(delta), focus: `keeper-eyes${delta}` },
    text: delta > 0 ? `+${delta}` : `−${-delta}` });
  return fieldset(t("eyesRe", { party: re }),
    h("div", { class: "eyes-row" }, step(-10), step(-1),
      h("label", { for: "keeper-eyes", class: "sr-only", text: t("eyesRe", { party: re }) }),
      h("input", { id: "keeper-eyes", type: "number", inputmode: "numeric", min: "0", max: "240", step: "1",
        value: d.eyesText, dataset: { intent: "keeper-eyes-typed", focus: "keeper-eyes", testid: "keeper-eyes" } }),
      step(1), step(10),
      h("output", { for: "keeper-eyes", dataset: { testid: "keeper-kontra-eyes" },
        text: t("eyesOther", { party: party("kontra"), n: other }) })),
    // the slider is read when let go (a redraw while dragging would drop the drag)
    h("input", { type: "range", min: "0", max: "240", step: "1",
      value: Number.isInteger(d.eyes) ? String(Math.max(0, Math.min(240, d.eyes))) : "120",
      "aria-label": t("eyesRe", { party: re }), dataset: { intent: "keeper-eyes-typed", focus: "keeper-eyes-slider" } }));
}

function tricksField(d, k, info, party) {
  const per = K.tricksPerGame(k.players, info);
  const re = K.tricksRe(d, k.players, info);
  const step = (delta) => h("button", { type: "button", class: "step",
    dataset: { intent: "keeper-tricks", value: String(delta), focus: `keeper-tricks${delta}` },
    "aria-label": `${delta > 0 ? "+" : "−"}1`, text: delta > 0 ? "+" : "−" });
  return fieldset(t("tricksRe", { party: party("re") }),
    h("div", { class: "eyes-row" }, step(-1),
      h("output", { class: "count", dataset: { testid: "keeper-tricks" }, text: String(re) }),
      step(1),
      h("span", { text: t("tricksOther", { party: party("kontra"), n: per - re }) })));
}

// ---- a tournament table's sheet ----------------------------------------------------------

// Above a sheet that belongs to a tournament table: how many games are in, and once all
// are, the ways to hand it in (the buttons are tournament.js's intents).
function tournamentPanel(state) {
  const k = state.keeper;
  const tag = k.tour;
  if (!tag) return null;
  const ui = state.tournament?.ui ?? {};
  const done = k.games.length;
  const finished = done === tag.need;
  const here = tag.id === state.tournament?.evening?.id;
  const button = (text, data, extra = {}) => h("button", { type: "button", ...extra,
    dataset: { focus: `${data.intent}:::`, ...data }, text });
  return h("section", { class: "tour-keeper", "aria-labelledby": "tour-keeper-title",
    dataset: { testid: "tour-keeper" } },
  h("h2", { id: "tour-keeper-title", text: t("tourKeeperTitle", { table: tag.table, round: tag.round }) }),
  h("p", { dataset: { testid: "tour-keeper-count" }, text: t("tourKeeperCount", { n: done, need: tag.need }) }),
  finished ? h("div", { class: "tour-buttons" },
    here ? button(t("tourHandIn"), { intent: "tournament-handin", testid: "tour-handin" }, { class: "primary" }) : null,
    button(t("tourSheetLink"), { intent: "tournament-sheet-link", testid: "tour-sheet-link" }),
    button(t("tourSheetFile"), { intent: "tournament-sheet-file", testid: "tour-sheet-file" }))
    : h("p", { class: "quiet", text: t("tourKeeperOpen") }),
  finished && ui.linkFor === "sheet" ? h("div", { class: "field tour-link" },
    h("label", { for: "tour-link", text: t("tourSheetLinkLabel") }),
    h("input", { id: "tour-link", type: "text", readonly: true, value: ui.link,
      dataset: { testid: "tour-link" } })) : null);
}

// The keeper's link: its screen, then what the link asks of it.
export const keeperRoutes = {
  "/keeper": (ctx, { path, params }) => {
    ctx.update((s) => openScreen(s, "keeper"));
    keeperRoute(ctx, path, params);
  },
};
