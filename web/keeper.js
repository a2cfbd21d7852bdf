// Score keeper for a real table (route #/keeper): each game is entered as a game
// summary (FORMATS.md), scored by the engine (api "score") and written on the sheet.
// All keeper state is the one object `keeper`; keeperState()/loadKeeperState(obj)
// hand it out and take it back (saving it is storage.js's business).
import { h, download } from "./dom.js";
import { t, actionLabel, itemLabel, errorText, contractName, partyLabel, presetName } from "./i18n.js";
import { sheetView } from "./sheet.js";
import * as V from "./variants.js";

const MAX_NAME = 40;

const keeper = {
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
  tour: null, // a tournament table this sheet belongs to (tournament.js), or null
  bock: { next: 0, to_come: 0 }, // Bockrunden the engine derives from the games entered
};

let ctx = null; // {call, render, alert, meta, levels, setAside}: set by app.js
const listeners = [];
let addon = null; // fn(keeperState()) -> a node above the sheet, or null (tournament.js)

export function keeperAddon(fn) {
  addon = fn;
}

export function initKeeper(context) {
  ctx = context;
}

// ---- state in and out ----------------------------------------------------

export function keeperState() {
  return JSON.parse(JSON.stringify({
    version: 1, phase: keeper.phase, preset: keeper.preset, players: keeper.players,
    names: keeper.names, games: keeper.games, tour: keeper.tour,
    ...(keeper.rules ? { rules: keeper.rules } : {}),
  }));
}

// Restore a saved keeper; the summaries are scored again so the sheet is the engine's.
// Resolves to true, or false (and leaves the keeper as it was) for a bad object.
export async function loadKeeperState(obj) {
  return (await keeperRefusal(obj)) === null;
}

// Restore a saved keeper as loadKeeperState does; resolves to null once it is loaded, or
// to why it cannot be ({code, params}, the engine's refusal of a game inside), leaving
// the keeper as it was.
export async function keeperRefusal(obj) {
  if (!obj || typeof obj !== "object" || !Array.isArray(obj.games)
      || typeof obj.preset !== "string" || !Number.isInteger(obj.players)) {
    return { code: "keeper-shape", params: {} };
  }
  const meta = ctx.meta();
  if (meta && !(Object.hasOwn(meta, obj.preset) && meta[obj.preset].players.includes(obj.players))) {
    return { code: Object.hasOwn(meta, obj.preset) ? "keeper-players" : "keeper-rules",
      params: { preset: obj.preset.slice(0, 40), players: obj.players } };
  }
  if (obj.games.some((game) => !game || !game.summary || typeof game.summary !== "object")) {
    return { code: "keeper-shape", params: {} };
  }
  const rules = variantOf(obj.preset, obj.rules);
  let scored;
  try {
    scored = await scoreSheet(obj.games.map((game) => game.summary), rules ?? obj.preset, obj.players);
  } catch (err) {
    return keeperGameRefusal(err);
  }
  Object.assign(keeper, {
    phase: obj.phase === "setup" && !scored.games.length ? "setup" : "sheet",
    preset: obj.preset, rules, players: obj.players, games: scored.games, bock: scored.bock,
    names: Array.isArray(obj.names) ? obj.names.map((n) => String(n ?? "").slice(0, MAX_NAME)) : [],
    editing: null, expanded: [],
    tour: obj.tour && typeof obj.tour === "object" ? obj.tour : null,
  });
  keeper.draft = freshDraft();
  changed();
  return null;
}

// The engine refused the sheet: name the game and the reason where it says which.
function keeperGameRefusal(err) {
  const params = err?.params ?? {};
  const inGame = err?.code === "bock-game" && Number.isInteger(params.index);
  const reason = inGame ? params.reason : err;
  return { code: "keeper-game", params: { n: inGame ? params.index + 1 : 1,
    reason: { code: String(reason?.code ?? "unknown"), params: reason?.params ?? {} } } };
}

// ---- Bockrunden: the engine scores the whole sheet -------------------------------

function rulesSpec() {
  return rules();
}

// Score every summary in order; the engine works out which deals are bock deals from
// the games before them (a correction moves every later one). Resolves to
// {games: [{summary, result}], bock: {next, to_come}}; rejects with the engine's refusal.
async function scoreSheet(summaries, rules = rulesSpec(), players = keeper.players) {
  const answer = await ctx.call("score_sheet", { rules, players, summaries });
  const games = answer.games.map(({ bock, result }, i) => {
    const { bock: _old, ...summary } = summaries[i];
    return { summary: bock ? { ...summary, bock } : summary, result };
  });
  return { games, bock: answer.bock };
}

function bockTriggers() {
  return keeper.rules?.options?.bock ?? preset()?.bock ?? [];
}

// Called after every change of the sheet (storage can save then).
export function onKeeperChange(fn) {
  listeners.push(fn);
}

function changed() {
  notify();
  ctx?.render();
}

function notify() {
  for (const fn of listeners) {
    try { fn(keeperState()); } catch { /* a listener's problem is not the sheet's */ }
  }
}

// ---- what the preset allows --------------------------------------------------

function preset() {
  const meta = ctx.meta();
  if (!meta || !Object.hasOwn(meta, keeper.preset)) return null;
  return V.rulesMeta(meta, rules());
}

// A saved variant of the preset ({preset, options}), or null for the plain preset.
function variantOf(presetId, rules) {
  return rules && typeof rules === "object" && rules.preset === presetId
    && rules.options && typeof rules.options === "object" && !Array.isArray(rules.options) ? rules : null;
}

// The sheet's rules: the preset id, or the preset and a variant's options.
function rules() {
  return V.normalRules(keeper.rules ?? keeper.preset);
}

// A variant's rules are still being checked by the engine (drawn once they are in).
function checking() {
  return typeof rules() !== "string" && !V.checkedRules(rules());
}

// A link or the tournament sets the rules of a new sheet (one with games keeps its own).
export function keeperUseRules(spec) {
  if (keeper.games.length) return;
  setRules(spec);
  keeper.phase = "setup";
}

function setRules(spec) {
  const plain = V.normalRules(spec);
  keeper.preset = V.presetOf(plain);
  keeper.rules = typeof plain === "string" ? null : { preset: plain.preset, options: plain.options };
}

// A sheet from storage or a file may name rules or a table size the engine does not
// play: then it cannot be shown (nor must it hang the page or draw 100,000 seats).
function usable() {
  const p = preset();
  return !!p && p.players.includes(keeper.players);
}

// Move the unusable sheet aside (kept in the quarantine, reported) and start afresh.
function setAside() {
  const bad = keeperState();
  const code = preset() ? "keeper-players" : "keeper-rules";
  Object.assign(keeper, { phase: "setup", preset: Object.keys(ctx.meta())[0], rules: null, players: 4,
    names: [], games: [], draft: null, editing: null, expanded: [], bock: { next: 0, to_come: 0 } });
  ctx.setAside(bad, { code, params: { preset: String(bad.preset).slice(0, 40),
    players: Number(bad.players) || 0 } });
  keeper.draft = freshDraft();
  notify(); // called while drawing: the screen being drawn shows the fresh sheet
}

function fixedTeams(players = keeper.players) {
  return players === 6 || players === 8;
}

// What the engine says a score sheet may hold at this table (rules metadata "sheet"):
// [{contract, alone, specials}] in the engine's order.
function sheetContracts(p = preset()) {
  return p?.sheet?.[String(keeper.players)] ?? [];
}

function sheetEntry(contract, p = preset()) {
  return sheetContracts(p).find((entry) => entry.contract === contract) ?? null;
}

function soloLike(contract) {
  return !!sheetEntry(contract)?.alone;
}

function teamGame(contract) {
  return fixedTeams() && !soloLike(contract);
}

function contracts(p = preset()) {
  const names = sheetContracts(p).map((entry) => entry.contract);
  return names.length ? names : ["normal"];
}

function specialKinds(contract, p = preset()) {
  return sheetEntry(contract, p)?.specials ?? [];
}

// The Absagen beyond Re/Kontra, lowest first (the engine's announcement levels).
function limits() {
  const levels = ctx.levels() ?? {};
  return Object.keys(levels).filter((w) => levels[w] > 0).sort((a, b) => levels[a] - levels[b]);
}

function hasAnnouncements(p = preset()) {
  return !!p && p.announcements !== "none";
}

function tricksPerGame(p = preset()) {
  const deck = keeper.players === 8 ? 64 : (p?.deck ?? 48);
  return deck / (keeper.players === 5 ? 4 : keeper.players);
}

function teamA() {
  return Array.from({ length: keeper.players }, (_, s) => s).filter((s) => s % 2 === 0);
}

function seats() {
  return Array.from({ length: keeper.players }, (_, s) => s);
}

export function keeperSeatName(seat) {
  const name = (keeper.names[seat] ?? "").trim();
  return name || t("defaultName", { n: seat + 1 });
}

function partyName(party, contract) {
  if (teamGame(contract)) return partyLabel(party === "re" ? "A" : "B");
  return t(party);
}

// ---- the draft ---------------------------------------------------------------

function nextSittingOut() {
  if (keeper.players !== 5) return null;
  const last = keeper.games[keeper.games.length - 1];
  const before = last ? last.summary.sitting_out : null;
  return before == null ? 0 : (before + 1) % 5;
}

function freshDraft() {
  return {
    contract: "normal", re: fixedTeams() ? teamA() : [], sittingOut: nextSittingOut(),
    eyes: 121, eyesText: "121", tricksRe: null,
    ann: { re: [], kontra: [] }, specials: { re: {}, kontra: {} }, heartTrick: false,
  };
}

function draftFrom(summary) {
  const specials = { re: {}, kontra: {} };
  for (const { kind, party } of summary.specials ?? []) {
    specials[party][kind] = (specials[party][kind] ?? 0) + 1;
  }
  return {
    contract: summary.contract, re: [...summary.re], sittingOut: summary.sitting_out ?? null,
    eyes: summary.eyes_re, eyesText: String(summary.eyes_re),
    tricksRe: summary.tricks ? summary.tricks.re : null,
    ann: { re: [...(summary.announcements?.re ?? [])], kontra: [...(summary.announcements?.kontra ?? [])] },
    specials, heartTrick: summary.heart_trick === true,
  };
}

function summaryOf(d) {
  const summary = {
    rules: rules(), contract: d.contract, players: keeper.players,
    re: [...d.re].sort((a, b) => a - b),
    sitting_out: keeper.players === 5 ? d.sittingOut : null,
    eyes_re: Number.isInteger(d.eyes) ? d.eyes : d.eyesText,
  };
  if (d.eyes === 0 || d.eyes === 240) {
    const re = d.tricksRe ?? (d.eyes === 0 ? 0 : tricksPerGame());
    summary.tricks = { re, kontra: tricksPerGame() - re };
  }
  summary.announcements = hasAnnouncements()
    ? { re: [...d.ann.re], kontra: [...d.ann.kontra] } : { re: [], kontra: [] };
  summary.specials = [];
  for (const party of ["re", "kontra"]) {
    for (const [kind, count] of Object.entries(d.specials[party])) {
      for (let i = 0; i < count; i++) summary.specials.push({ kind, party });
    }
  }
  if (d.heartTrick && bockTriggers().includes("heart-trick")) summary.heart_trick = true;
  return summary;
}

function setContract(contract) {
  const d = keeper.draft;
  d.contract = contract;
  if (teamGame(contract)) d.re = teamA();
  else if (fixedTeams() && d.re.length > 1) d.re = [];
  else if (soloLike(contract) && d.re.length > 1) d.re = d.re.slice(-1);
  const kinds = specialKinds(contract);
  for (const party of ["re", "kontra"]) {
    for (const kind of Object.keys(d.specials[party])) {
      if (!kinds.includes(kind)) delete d.specials[party][kind];
    }
  }
}

function toggleRe(seat) {
  const d = keeper.draft;
  if (teamGame(d.contract) || seat === d.sittingOut) return;
  if (soloLike(d.contract)) d.re = d.re.includes(seat) ? [] : [seat];
  else d.re = d.re.includes(seat) ? d.re.filter((s) => s !== seat) : [...d.re, seat];
}

function setEyes(value) {
  const d = keeper.draft;
  d.eyesText = String(value);
  const n = Number(value);
  d.eyes = String(value).trim() !== "" && Number.isInteger(n) ? n : NaN;
  if (d.eyes !== 0 && d.eyes !== 240) d.tricksRe = null;
}

function toggleWord(party, word) {
  const words = keeper.draft.ann[party];
  const at = words.indexOf(word);
  if (at >= 0) words.splice(at, 1);
  else words.push(word);
}

// ---- intents -------------------------------------------------------------------

export function keeperClick(data) {
  const d = keeper.draft;
  switch (data.intent) {
    case "keeper-start":
      keeper.phase = "sheet";
      keeper.names = seats().map((s) => (keeper.names[s] ?? "").slice(0, MAX_NAME));
      keeper.draft = freshDraft();
      return changed();
    case "keeper-reset":
      if (keeper.games.length && !globalThis.confirm?.(t("newSheetConfirm"))) return;
      Object.assign(keeper, { phase: "setup", games: [], editing: null, expanded: [], draft: null,
        tour: null, bock: { next: 0, to_come: 0 } });
      return changed();
    case "keeper-contract":
      setContract(data.value);
      break;
    case "keeper-re":
      toggleRe(Number(data.value));
      break;
    case "keeper-out":
      d.sittingOut = Number(data.value);
      d.re = d.re.filter((s) => s !== d.sittingOut);
      break;
    case "keeper-eyes": {
      const base = Number.isInteger(d.eyes) ? d.eyes : 120;
      setEyes(Math.max(0, Math.min(240, base + Number(data.value))));
      break;
    }
    case "keeper-tricks": {
      const per = tricksPerGame();
      const base = d.tricksRe ?? (d.eyes === 0 ? 0 : per);
      d.tricksRe = Math.max(0, Math.min(per, base + Number(data.value)));
      break;
    }
    case "keeper-ann":
      toggleWord(data.party, data.value);
      break;
    case "keeper-special": {
      const counts = d.specials[data.party];
      counts[data.value] = Math.max(0, (counts[data.value] ?? 0) + Number(data.delta));
      if (!counts[data.value]) delete counts[data.value];
      break;
    }
    case "keeper-heart-trick":
      d.heartTrick = !d.heartTrick;
      break;
    case "keeper-submit":
      return void submit();
    case "keeper-edit": {
      const i = Number(data.row);
      keeper.editing = i;
      keeper.draft = draftFrom(keeper.games[i].summary);
      ctx.alert("");
      ctx.render();
      document.getElementById("keeper-form")?.scrollIntoView?.({ block: "start" });
      return;
    }
    case "keeper-cancel":
      keeper.editing = null;
      keeper.draft = freshDraft();
      ctx.alert("");
      break;
    case "keeper-csv":
      return download("spielliste.csv", "text/csv;charset=utf-8", csv());
    case "keeper-json":
      return download("spielliste.json", "application/json",
        JSON.stringify(exportJson(), null, 2));
    default:
      return;
  }
  ctx.render();
}

export function keeperToggleRow(row) {
  const at = keeper.expanded.indexOf(row);
  if (at >= 0) keeper.expanded.splice(at, 1);
  else keeper.expanded.push(row);
  ctx.render();
}

async function submit() {
  if (keeper.busy) return;
  const summary = summaryOf(keeper.draft);
  keeper.busy = true;
  ctx.render();
  try {
    const summaries = keeper.games.map((game) => game.summary);
    const at = keeper.editing ?? summaries.length;
    summaries[at] = summary;
    const scored = await scoreSheet(summaries);
    keeper.games = scored.games;
    keeper.bock = scored.bock;
    keeper.editing = null;
    keeper.busy = false;
    keeper.draft = freshDraft();
    ctx.alert("");
    changed();
  } catch (err) {
    keeper.busy = false;
    // a refusal of the sheet names the game; the entry being made is that game
    const reason = err?.code === "bock-game" ? err.params?.reason ?? err : err;
    ctx.alert(t("refused", { reason: errorText(reason, keeperSeatName) }));
    ctx.render();
  }
}

// ---- the sheet ---------------------------------------------------------------

function rows() {
  let running = seats().map(() => 0);
  return keeper.games.map(({ result }) => {
    running = running.map((v, s) => v + (result.points[s] ?? 0));
    return { ...result, totals: running };
  });
}

function totals() {
  const all = rows();
  return all.length ? all[all.length - 1].totals : seats().map(() => 0);
}

function csvCell(value) {
  const text = String(value);
  return /[",;\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

function csv() {
  const names = seats().map(keeperSeatName);
  const lines = [[t("number"), t("contract"), ...names,
    ...names.map((n) => `${t("running")} ${n}`)]];
  rows().forEach((row, i) => lines.push([i + 1, contractName(row.contract)
    + (row.bock ? ` (${t("bockChip", { factor: 2 ** row.bock })})` : ""), ...row.points,
  ...row.totals]));
  lines.push([t("total"), "", ...totals(), ...totals()]);
  return `${lines.map((line) => line.map(csvCell).join(",")).join("\r\n")}\r\n`;
}

function exportJson() {
  return {
    rules: rules(), players: keeper.players, names: seats().map(keeperSeatName),
    games: keeper.games.map(({ summary, result }) => ({ summary, result })),
    totals: totals(),
  };
}

// ---- drawing -------------------------------------------------------------------

export function keeperScreen(engineReady) {
  if (!ctx.meta()) {
    return h("section", { class: "keeper" }, h("p", { text: t("engineWait") }));
  }
  if (checking()) return h("section", { class: "keeper" }, h("p", { text: t("engineWait") }));
  if (!usable()) setAside();
  if (keeper.phase === "setup" || !keeper.draft) return setupView();
  return h("div", { class: "keeper", dataset: { testid: "keeper" } },
    addon?.(keeperState()),
    h("section", { class: "sheet keeper-sheet", "aria-labelledby": "keeper-sheet-title" },
      h("div", { class: "sheet-head" },
        h("h2", { id: "keeper-sheet-title", text: `${t("scoresheet")} · ${rulesTitle()}` }),
        h("div", { class: "sheet-buttons" },
          h("button", { type: "button", dataset: { intent: "keeper-csv", testid: "export-csv",
            focus: "keeper-csv" }, text: t("exportCsv") }),
          h("button", { type: "button", dataset: { intent: "keeper-json", testid: "export-json",
            focus: "keeper-json" }, text: t("exportJson") }),
          h("button", { type: "button", dataset: { intent: "keeper-reset", focus: "keeper-reset" },
            text: t("newSheet") }))),
      keeper.games.length ? null : h("p", { class: "empty", text: t("noGames") }),
      sheetView({ rows: rows(), totals: totals(), seats: keeper.players, seatName: keeperSeatName,
        expanded: keeper.expanded, editable: true, editing: keeper.editing,
        sittingOut: (row, i) => keeper.games[i].summary.sitting_out ?? null,
        bockToCome: keeper.bock?.to_come ?? 0 })),
    formView(engineReady));
}

// The sheet's rules by name: the preset's, a saved variant's, or "… mit Hausregeln".
function rulesTitle() {
  const spec = rules();
  const name = presetName(ctx.meta(), keeper.preset);
  if (typeof spec === "string") return name;
  return V.findVariant(spec)?.name ?? t("houseRulesOf", { preset: name });
}

// The rules to choose from: the presets, the device's variants, and a link's variant.
function rulesChoices() {
  const meta = ctx.meta();
  const choices = Object.keys(meta).map((id) => [id, presetName(meta, id), id]);
  for (const v of V.variants.list) choices.push([`variant:${v.id}`, v.name, V.normalRules(v.rules)]);
  const current = rules();
  if (!choices.some(([, , spec]) => V.rulesKey(spec) === V.rulesKey(current))) {
    choices.push(["link", rulesTitle(), current]);
  }
  return choices;
}

function setupView() {
  const p = preset();
  const choices = rulesChoices();
  const chosen = V.rulesKey(rules());
  const presetSelect = h("select", { id: "keeper-preset", dataset: { focus: "keeper-preset", testid: "keeper-rules" } },
    choices.map(([value, text, spec]) => h("option", { value, selected: V.rulesKey(spec) === chosen, text })));
  presetSelect.addEventListener("change", () => {
    const spec = choices.find(([value]) => value === presetSelect.value)?.[2] ?? "ddv";
    setRules(spec);
    const allowed = preset()?.players ?? [4];
    if (!allowed.includes(keeper.players)) keeper.players = allowed[0];
    ctx.render();
  });
  const playerSelect = h("select", { id: "keeper-players", dataset: { focus: "keeper-players" } },
    p.players.map((n) => h("option", { value: String(n), selected: n === keeper.players,
      text: String(n) })));
  playerSelect.addEventListener("change", () => {
    keeper.players = Number(playerSelect.value);
    ctx.render();
  });
  const names = seats().map((s) => {
    const input = h("input", { id: `keeper-name-${s}`, type: "text", maxlength: String(MAX_NAME),
      autocomplete: "off", value: keeper.names[s] ?? "",
      placeholder: t("defaultName", { n: s + 1 }),
      dataset: { focus: `keeper-name-${s}`, testid: "keeper-name" } });
    // No redraw while typing: the field keeps its caret.
    input.addEventListener("input", () => { keeper.names[s] = input.value; });
    return h("div", { class: "field" },
      h("label", { for: `keeper-name-${s}`, text: t("playerName", { n: s + 1 }) }), input);
  });
  return h("section", { class: "keeper keeper-setup", dataset: { testid: "keeper-setup" } },
    h("h2", { text: t("keeperTitle") }),
    h("div", { class: "field-row" },
      h("div", { class: "field" }, h("label", { for: "keeper-preset", text: t("rules") }), presetSelect),
      h("div", { class: "field" }, h("label", { for: "keeper-players", text: t("players") }),
        playerSelect)),
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

function formView(engineReady) {
  const d = keeper.draft;
  const p = preset();
  const title = keeper.editing != null
    ? t("correcting", { n: keeper.editing + 1 }) : t("newEntry", { n: keeper.games.length + 1 });
  const parts = [h("h2", { id: "keeper-form-title", text: title })];

  parts.push(fieldset(t("contract"), h("div", { class: "chips" },
    contracts(p).map((c) => chip(contractName(c), d.contract === c,
      { intent: "keeper-contract", value: c, testid: "keeper-contract" })))));

  if (keeper.players === 5) {
    parts.push(fieldset(t("sittingOut"), h("div", { class: "chips" },
      seats().map((s) => chip(keeperSeatName(s), d.sittingOut === s,
        { intent: "keeper-out", value: String(s), testid: "keeper-out" })))));
  }

  if (teamGame(d.contract)) {
    const b = seats().filter((s) => s % 2 === 1);
    parts.push(fieldset(t("reSeats"), h("p", { class: "teams", dataset: { testid: "keeper-teams" },
      text: t("teamsFixed", { a: teamA().map(keeperSeatName).join(", "),
        b: b.map(keeperSeatName).join(", ") }) })));
  } else {
    parts.push(fieldset(soloLike(d.contract) ? t("soloist") : t("reSeats"),
      h("div", { class: "chips" }, seats().map((s) => chip(keeperSeatName(s), d.re.includes(s),
        { intent: "keeper-re", value: String(s), testid: "keeper-re" },
        { "aria-disabled": s === d.sittingOut ? "true" : null })))));
  }

  parts.push(eyesField(d));
  if (d.eyes === 0 || d.eyes === 240) parts.push(tricksField(d));

  const parties = ["re", "kontra"];
  if (hasAnnouncements(p)) {
    parts.push(fieldset(t("announcements"), h("div", { class: "per-party" },
      parties.map((party) => h("div", { class: "party-col" },
        h("strong", { text: partyName(party, d.contract) }),
        h("div", { class: "chips" }, [party, ...limits()].map((w) => chip(actionLabel(w),
          d.ann[party].includes(w),
          { intent: "keeper-ann", party, value: w, testid: `keeper-ann-${party}` }))))))));
  }

  const kinds = specialKinds(d.contract, p);
  if (kinds.length) {
    // one line per Sonderpunkt, a counter for each party
    parts.push(fieldset(t("specials"), h("div", { class: "specials-grid" },
      h("span", {}), parties.map((party) => h("strong", { text: partyName(party, d.contract) })),
      kinds.map((kind) => [h("span", { class: "counter-label", text: itemLabel(kind) }),
        parties.map((party) => counter(party, kind, d.specials[party][kind] ?? 0))]))));
  }

  if (bockTriggers().includes("heart-trick")) {
    parts.push(fieldset(t("bockLegend"), h("div", { class: "chips" },
      chip(t("bockHeartTrick"), d.heartTrick,
        { intent: "keeper-heart-trick", value: "1", testid: "keeper-heart-trick" }))));
  }

  parts.push(h("div", { class: "form-buttons" },
    h("button", { type: "button", class: "primary big",
      "aria-disabled": keeper.busy || !engineReady ? "true" : null,
      dataset: { intent: "keeper-submit", testid: "keeper-submit", focus: "keeper-submit" },
      text: keeper.editing != null ? t("saveFix") : t("enter") }),
    keeper.editing != null ? h("button", { type: "button", class: "big",
      dataset: { intent: "keeper-cancel", focus: "keeper-cancel" }, text: t("cancel") }) : null));

  return h("section", { class: "keeper-form", id: "keeper-form",
    "aria-labelledby": "keeper-form-title", dataset: { testid: "keeper-form" } }, parts);
}

function counter(party, kind, count) {
  const label = `${itemLabel(kind)} (${partyName(party, keeper.draft.contract)})`;
  return h("div", { class: "counter", dataset: { testid: `keeper-special-${party}-${kind}` } },
    h("button", { type: "button", class: "step", "aria-label": `${label} −1`,
      dataset: { intent: "keeper-special", party, value: kind, delta: "-1",
        focus: `sp-${party}-${kind}-`, testid: "minus" }, text: "−" }),
    h("output", { class: "count", "aria-live": "polite", text: String(count) }),
    h("button", { type: "button", class: "step", "aria-label": `${label} +1`,
      dataset: { intent: "keeper-special", party, value: kind, delta: "1",
        focus: `sp-${party}-${kind}+`, testid: "plus" }, text: "+" }));
}

function eyesField(d) {
  const re = partyName("re", d.contract);
  const kontra = partyName("kontra", d.contract);
  const other = Number.isInteger(d.eyes) ? 240 - d.eyes : "–";
  const number = h("input", { id: "keeper-eyes", type: "number", inputmode: "numeric",
    min: "0", max: "240", step: "1", value: d.eyesText,
    dataset: { focus: "keeper-eyes", testid: "keeper-eyes" } });
  const slider = h("input", { type: "range", min: "0", max: "240", step: "1",
    value: Number.isInteger(d.eyes) ? String(Math.max(0, Math.min(240, d.eyes))) : "120",
    "aria-label": t("eyesRe", { party: re }), dataset: { focus: "keeper-eyes-slider" } });
  const kontraText = h("output", { for: "keeper-eyes", dataset: { testid: "keeper-kontra-eyes" },
    text: t("eyesOther", { party: kontra, n: other }) });
  // Typing or dragging updates the other fields in place (a redraw would take the caret
  // or the slider's drag away); the form redraws only when the tricks field comes or goes.
  const sync = (value, from) => {
    const hadTricks = d.eyes === 0 || d.eyes === 240;
    setEyes(value);
    kontraText.textContent = t("eyesOther", { party: kontra,
      n: Number.isInteger(d.eyes) ? 240 - d.eyes : "–" });
    if (from !== slider && Number.isInteger(d.eyes)) slider.value = String(d.eyes);
    if (from !== number) number.value = d.eyesText;
    return hadTricks !== (d.eyes === 0 || d.eyes === 240);
  };
  number.addEventListener("input", () => { if (sync(number.value, number)) ctx.render(); });
  slider.addEventListener("input", () => { sync(slider.value, slider); });
  slider.addEventListener("change", () => ctx.render());
  const step = (delta) => h("button", { type: "button", class: "step",
    "aria-label": `${delta > 0 ? "+" : "−"}${Math.abs(delta)}`,
    dataset: { intent: "keeper-eyes", value: String(delta), focus: `keeper-eyes${delta}` },
    text: delta > 0 ? `+${delta}` : `−${-delta}` });
  return fieldset(t("eyesRe", { party: re }),
    h("div", { class: "eyes-row" }, step(-10), step(-1),
      h("label", { for: "keeper-eyes", class: "sr-only", text: t("eyesRe", { party: re }) }),
      number, step(1), step(10), kontraText),
    slider);
}

function tricksField(d) {
  const per = tricksPerGame();
  const re = d.tricksRe ?? (d.eyes === 0 ? 0 : per);
  const step = (delta) => h("button", { type: "button", class: "step",
    dataset: { intent: "keeper-tricks", value: String(delta), focus: `keeper-tricks${delta}` },
    "aria-label": `${delta > 0 ? "+" : "−"}1`, text: delta > 0 ? "+" : "−" });
  return fieldset(t("tricksRe", { party: partyName("re", d.contract) }),
    h("div", { class: "eyes-row" }, step(-1),
      h("output", { class: "count", dataset: { testid: "keeper-tricks" }, text: String(re) }),
      step(1),
      h("span", { text: t("tricksOther", { party: partyName("kontra", d.contract), n: per - re }) })));
}

