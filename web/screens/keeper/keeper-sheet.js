// The score keeper's arithmetic and checks, as pure functions of its slice of the store
// (`state.keeper`) and the engine's facts about the rules (`info`: a preset's metadata,
// or a variant's from its check). No DOM, no storage, no engine: keeper.js draws and
// asks, these say what the sheet holds. Drafts are changed in place (inside ctx.update).
import { normalRules, presetOf } from "../../core/rules-spec.js";

export const MAX_NAME = 40;
export const KEEPER_VERSION = 1; // the stored sheet's own version (storage.js adds the schema)
const EYES = 240; // Augen in every deck
const WINNING_EYES = 121;

export function blankBock() {
  return { next: 0, to_come: 0 };
}

// ---- the table ----------------------------------------------------------------------

export function fixedTeams(players) {
  return players === 6 || players === 8;
}

export function seats(players) {
  return Array.from({ length: players }, (_, s) => s);
}

// With fixed teams, team A is every other seat from the first.
export function teamA(players) {
  return seats(players).filter((s) => s % 2 === 0);
}

export function teamB(players) {
  return seats(players).filter((s) => s % 2 === 1);
}

// Tricks in one deal: the deck shared among those who play (at five, the dealer sits out).
export function tricksPerGame(players, info) {
  const deck = players === 8 ? 64 : (info?.deck ?? 48);
  return deck / (players === 5 ? 4 : players);
}

// The sheet's rules: the preset id, or the preset and a variant's options.
export function keeperRules(k) {
  return normalRules(k.rules ?? k.preset);
}

// A saved variant of the preset ({preset, options}), or null for the plain preset.
export function variantOf(presetId, rules) {
  return rules && typeof rules === "object" && rules.preset === presetId
    && rules.options && typeof rules.options === "object" && !Array.isArray(rules.options) ? rules : null;
}

export function setKeeperRules(k, spec) {
  const plain = normalRules(spec);
  k.preset = presetOf(plain);
  k.rules = typeof plain === "string" ? null : { preset: plain.preset, options: plain.options };
}

// ---- what the rules allow at this table (the engine's metadata "sheet") -------------

export function sheetContracts(info, players) {
  return info?.sheet?.[String(players)] ?? [];
}

function sheetEntry(info, players, contract) {
  return sheetContracts(info, players).find((entry) => entry.contract === contract) ?? null;
}

export function contracts(info, players) {
  const names = sheetContracts(info, players).map((entry) => entry.contract);
  return names.length ? names : ["normal"];
}

export function soloLike(info, players, contract) {
  return !!sheetEntry(info, players, contract)?.alone;
}

// At six and eight the teams are fixed, except in a game one plays alone.
export function teamGame(info, players, contract) {
  return fixedTeams(players) && !soloLike(info, players, contract);
}

export function specialKinds(info, players, contract) {
  return sheetEntry(info, players, contract)?.specials ?? [];
}

export function hasAnnouncements(info) {
  return !!info && info.announcements !== "none";
}

export function bockTriggers(k, info) {
  return k.rules?.options?.bock ?? info?.bock ?? [];
}

// The Absagen beyond Re/Kontra, lowest first (the engine's announcement levels).
export function limitWords(levels) {
  const all = levels ?? {};
  return Object.keys(all).filter((w) => all[w] > 0).sort((a, b) => all[a] - all[b]);
}

// ---- the draft (the game being entered or corrected) --------------------------------

// At five, the dealer sits out, one seat further each game.
export function nextSittingOut(k) {
  if (k.players !== 5) return null;
  const last = k.games[k.games.length - 1];
  const before = last ? last.summary.sitting_out : null;
  return before == null ? 0 : (before + 1) % 5;
}

export function freshDraft(k) {
  return {
    contract: "normal", re: fixedTeams(k.players) ? teamA(k.players) : [], sittingOut: nextSittingOut(k),
    eyes: WINNING_EYES, eyesText: String(WINNING_EYES), tricksRe: null,
    ann: { re: [], kontra: [] }, specials: { re: {}, kontra: {} }, heartTrick: false,
  };
}

export function draftFrom(summary) {
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

// All Augen to one party: then the tricks decide (a Schwarz needs every trick).
export function allEyes(eyes) {
  return eyes === 0 || eyes === EYES;
}

// Re's tricks as the form shows them: chosen, or all/none from the Augen.
export function tricksRe(d, players, info) {
  return d.tricksRe ?? (d.eyes === 0 ? 0 : tricksPerGame(players, info));
}

// The game summary (FORMATS.md) the engine scores.
export function summaryOf(k, d, info) {
  const summary = {
    rules: keeperRules(k), contract: d.contract, players: k.players,
    re: [...d.re].sort((a, b) => a - b),
    sitting_out: k.players === 5 ? d.sittingOut : null,
    eyes_re: Number.isInteger(d.eyes) ? d.eyes : d.eyesText,
  };
  if (allEyes(d.eyes)) {
    const re = tricksRe(d, k.players, info);
    summary.tricks = { re, kontra: tricksPerGame(k.players, info) - re };
  }
  summary.announcements = hasAnnouncements(info)
    ? { re: [...d.ann.re], kontra: [...d.ann.kontra] } : { re: [], kontra: [] };
  summary.specials = [];
  for (const party of ["re", "kontra"]) {
    for (const [kind, count] of Object.entries(d.specials[party])) {
      for (let i = 0; i < count; i++) summary.specials.push({ kind, party });
    }
  }
  if (d.heartTrick && bockTriggers(k, info).includes("heart-trick")) summary.heart_trick = true;
  return summary;
}

export function setContract(k, info, contract) {
  const d = k.draft;
  d.contract = contract;
  if (teamGame(info, k.players, contract)) d.re = teamA(k.players);
  else if (fixedTeams(k.players) && d.re.length > 1) d.re = [];
  else if (soloLike(info, k.players, contract) && d.re.length > 1) d.re = d.re.slice(-1);
  const kinds = specialKinds(info, k.players, contract);
  for (const party of ["re", "kontra"]) {
    for (const kind of Object.keys(d.specials[party])) {
      if (!kinds.includes(kind)) delete d.specials[party][kind];
    }
  }
}

export function toggleRe(k, info, seat) {
  const d = k.draft;
  if (teamGame(info, k.players, d.contract) || seat === d.sittingOut) return;
  if (soloLike(info, k.players, d.contract)) d.re = d.re.includes(seat) ? [] : [seat];
  else d.re = d.re.includes(seat) ? d.re.filter((s) => s !== seat) : [...d.re, seat];
}

export function setSittingOut(d, seat) {
  d.sittingOut = seat;
  d.re = d.re.filter((s) => s !== seat);
}

// Re's Augen as typed: kept as text; a whole number also as the number.
export function setEyes(d, value) {
  d.eyesText = String(value);
  const n = Number(value);
  d.eyes = String(value).trim() !== "" && Number.isInteger(n) ? n : NaN;
  if (!allEyes(d.eyes)) d.tricksRe = null;
}

// The ±1/±10 buttons: from the typed number (120 if none), kept within 0..240.
export function stepEyes(d, delta) {
  const base = Number.isInteger(d.eyes) ? d.eyes : 120;
  setEyes(d, Math.max(0, Math.min(EYES, base + delta)));
}

export function stepTricks(d, delta, players, info) {
  const per = tricksPerGame(players, info);
  d.tricksRe = Math.max(0, Math.min(per, tricksRe(d, players, info) + delta));
}

export function toggleWord(d, party, word) {
  const words = d.ann[party];
  const at = words.indexOf(word);
  if (at >= 0) words.splice(at, 1);
  else words.push(word);
}

export function stepSpecial(d, party, kind, delta) {
  const counts = d.specials[party];
  counts[kind] = Math.max(0, (counts[kind] ?? 0) + delta);
  if (!counts[kind]) delete counts[kind];
}

// ---- the sheet ----------------------------------------------------------------------

// Every game's result with the running totals after it.
export function sheetRows(k) {
  let running = seats(k.players).map(() => 0);
  return k.games.map(({ result }) => {
    running = running.map((v, s) => v + (result.points[s] ?? 0));
    return { ...result, totals: running };
  });
}

export function sheetTotals(k) {
  const all = sheetRows(k);
  return all.length ? all[all.length - 1].totals : seats(k.players).map(() => 0);
}

// The summaries to score after entering `summary` (a correction replaces its game).
export function summariesWith(k, summary) {
  const summaries = k.games.map((game) => game.summary);
  summaries[k.editing ?? summaries.length] = summary;
  return summaries;
}

// The engine's score_sheet answer as the sheet's games: a bock deal's summary says so.
export function scoredGames(summaries, answer) {
  return answer.games.map(({ bock, result }, i) => {
    const { bock: _old, ...summary } = summaries[i];
    return { summary: bock ? { ...summary, bock } : summary, result };
  });
}

// A new sheet (setup), the table and names kept.
export function resetSheet(k) {
  Object.assign(k, { phase: "setup", games: [], editing: null, expanded: [], draft: null,
    tour: null, bock: blankBock() });
}

// ---- stored sheets --------------------------------------------------------------------

// What is stored (and restored): the table, the names and one summary per game.
export function keeperEntry(k) {
  return JSON.parse(JSON.stringify({
    version: KEEPER_VERSION, phase: k.phase, preset: k.preset, players: k.players,
    names: k.names, games: k.games, tour: k.tour, ...(k.rules ? { rules: k.rules } : {}),
  }));
}

// The shape a stored sheet needs before the engine sees it, or "" if it has it.
export function keeperShapeProblem(obj) {
  if (!obj || typeof obj !== "object" || !Array.isArray(obj.games)
      || typeof obj.preset !== "string" || !Number.isInteger(obj.players)) return "keeper-shape";
  if (obj.games.some((game) => !game || !game.summary || typeof game.summary !== "object")) {
    return "keeper-shape";
  }
  return "";
}

// Rules or a table size the engine does not play ({code, params}), or null. `presets`:
// the engine's presets (null before they are known: nothing to say yet).
export function keeperTableProblem(obj, presets) {
  if (!presets || (Object.hasOwn(presets, obj.preset) && presets[obj.preset].players.includes(obj.players))) {
    return null;
  }
  return { code: Object.hasOwn(presets, obj.preset) ? "keeper-players" : "keeper-rules",
    params: { preset: String(obj.preset).slice(0, 40), players: Number(obj.players) || 0 } };
}

// The engine refused the sheet: name the game and the reason where it says which.
export function keeperGameRefusal(err) {
  const params = err?.params ?? {};
  const inGame = err?.code === "bock-game" && Number.isInteger(params.index);
  const reason = inGame ? params.reason : err;
  return { code: "keeper-game", params: { n: inGame ? params.index + 1 : 1,
    reason: { code: String(reason?.code ?? "unknown"), params: reason?.params ?? {} } } };
}

// The slice a stored sheet becomes once the engine has scored its games.
export function restoredKeeper(obj, scored) {
  const k = {
    phase: obj.phase === "setup" && !scored.games.length ? "setup" : "sheet",
    preset: obj.preset, rules: variantOf(obj.preset, obj.rules), players: obj.players,
    games: scored.games, bock: scored.bock,
    names: Array.isArray(obj.names) ? obj.names.map((n) => String(n ?? "").slice(0, MAX_NAME)) : [],
    editing: null, expanded: [], busy: false,
    tour: obj.tour && typeof obj.tour === "object" ? obj.tour : null,
  };
  k.draft = freshDraft(k);
  return k;
}

// A stored keeper entry as this page writes it: schema 1 (older pages) held the same
// sheet, so only the schema changes. Other entries come back as they are.
export function migrateKeeperEntry(entry, schema = 2) {
  if (!entry || typeof entry !== "object" || !entry.data || typeof entry.data !== "object") return entry;
  return entry.schema === 1 ? { ...entry, schema } : entry;
}
