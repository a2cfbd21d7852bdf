// Saved games in IndexedDB: the running table and the score keeper. Every entry carries
// a schema version; damaged or unknown entries are moved to the "quarantine" store and
// reported, never thrown. Export/import of everything as one JSON file.
//
// The "game" entry, schema 2: {hash, table} where table is the engine's `save` answer
// (the series record with every finished deal, games before it, the running deal's
// record, seat, bots), rebuilt by the engine's `resume`, with `moves` (every action in
// it) and `gameId` (the same across tabs that resumed it); the entry's `owner` is the
// tab that plays it (tabs.js). Schema 1 (older pages) held only the running deal:
// {hash, record, seat}; it still opens via `load_record`.
import { h } from "./dom.js";
import { t, errorText } from "./i18n.js";

export const SCHEMA = 2;
const READABLE = [1, 2]; // schema 1: a game entry is one game record (keeper: unchanged)
const DB = "doko";
const MAX_ENTRY = 400_000; // characters of JSON per stored entry
const MAX_FILE = 2_000_000; // characters of an imported file
const MAX_DEPTH = 40; // nesting of a stored entry (a saved table needs about 8)
const KINDS = ["game", "keeper", "tournament"];

let dbPromise = null;
const problems = [];

function open() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      if (!("indexedDB" in self)) { reject(new Error("no IndexedDB")); return; }
      const req = indexedDB.open(DB, 1);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains("saves")) db.createObjectStore("saves");
        if (!db.objectStoreNames.contains("quarantine")) {
          db.createObjectStore("quarantine", { autoIncrement: true });
        }
      };
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error || new Error("IndexedDB failed"));
      req.onblocked = () => reject(new Error("IndexedDB blocked"));
    });
    dbPromise.catch(() => { dbPromise = null; });
  }
  return dbPromise;
}

function tx(stores, mode, work) {
  return open().then((db) => new Promise((resolve, reject) => {
    const t = db.transaction(stores, mode);
    let value;
    t.oncomplete = () => resolve(value); // resolves only once the write is durable
    t.onerror = () => reject(t.error || new Error("IndexedDB write failed"));
    t.onabort = () => reject(t.error || new Error("IndexedDB write aborted"));
    work(t, (v) => { value = v; });
  }));
}

function put(key, data) {
  const entry = { schema: SCHEMA, kind: key, savedAt: Date.now(), data };
  if (JSON.stringify(entry).length > MAX_ENTRY) return Promise.reject(new Error("too-large"));
  return tx(["saves"], "readwrite", (t) => t.objectStore("saves").put(entry, key));
}

// Why an entry cannot be used, or "" if it can.
export function check(key, entry) {
  if (!entry || typeof entry !== "object") return "not-object";
  let size = 0;
  try { size = JSON.stringify(entry).length; } catch { return "not-json"; }
  if (size > MAX_ENTRY) return "too-large";
  if (tooDeep(entry)) return "too-deep"; // IndexedDB could not even store it again
  if (!READABLE.includes(entry.schema)) {
    return "newer-schema";
  }
  if (!KINDS.includes(key) || entry.kind !== key) return "unknown-kind";
  const d = entry.data;
  if (!d || typeof d !== "object") return "no-data";
  if (key === "tournament" && !isTournament(d)) return "no-tournament";
  if (key === "game") {
    if (typeof d.hash !== "string") return "no-table";
    if (entry.schema === 1) {
      if (!isRecord(d.record)) return "no-record";
      if (!Number.isInteger(d.seat)) return "no-table";
    } else {
      const tb = d.table;
      if (!tb || typeof tb !== "object" || !isRecord(tb.game)) return "no-table";
      if (!Number.isInteger(tb.seat) || !Array.isArray(tb.bots)) return "no-seat";
      if (tb.series !== null && !(tb.series && Array.isArray(tb.series.games))) return "no-series";
      if (!Array.isArray(tb.loose)) return "no-table";
    }
  }
  return "";
}

// Deeper than MAX_DEPTH anywhere? A walk with its own stack, so depth costs no recursion.
function tooDeep(value) {
  const stack = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop();
    if (!v || typeof v !== "object") continue;
    if (depth >= MAX_DEPTH) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

// The shape tournament.js relies on: entrants with ids and rounds, each table round's
// tables of entrant ids and one sheet (or null) per table. The engine checks the rest.
function isTournament(d) {
  const int = Number.isInteger;
  const ids = (list) => Array.isArray(list) && list.every(int);
  const entrant = (e) => !!e && typeof e === "object" && int(e.id) && typeof e.name === "string"
    && int(e.from) && (e.out == null || int(e.out));
  const sheet = (s) => s === null || (!!s && typeof s === "object" && Array.isArray(s.games));
  const round = (r) => !!r && typeof r === "object" && int(r.round) && Array.isArray(r.tables)
    && r.tables.every(ids) && Array.isArray(r.sheets) && r.sheets.length === r.tables.length
    && r.sheets.every(sheet) && (r.versions == null || ids(r.versions))
    && (r.changed == null || (Array.isArray(r.changed) && r.changed.every(Array.isArray)));
  return typeof d.id === "string" && typeof d.rules === "string"
    && int(d.tableRounds) && int(d.seed) && Array.isArray(d.entrants) && d.entrants.every(entrant)
    && Array.isArray(d.rounds) && d.rounds.every(round);
}

function isRecord(r) {
  return !!r && typeof r === "object" && Array.isArray(r.hands) && Array.isArray(r.actions);
}

let onQuarantineFn = () => {};
// fn() is called once an entry has been moved to quarantine (the start page lists them).
export function onQuarantine(fn) { onQuarantineFn = fn; }

let onProblemFn = null;
// fn(message) is told about every entry set aside (a sentence for role=alert)
export function onProblem(fn) {
  onProblemFn = fn;
  takeProblems().forEach((m) => fn(m));
}

export function quarantine(key, entry, why) {
  problems.push(why);
  if (onProblemFn) takeProblems().forEach((m) => onProblemFn(m));
  return tx(["saves", "quarantine"], "readwrite", (t) => {
    const kept = { key, why, at: Date.now() };
    try {
      t.objectStore("quarantine").put({ ...kept, entry: JSON.parse(JSON.stringify(entry ?? null)) });
    } catch { // too deep or odd for IndexedDB's copy: keep it as text
      t.objectStore("quarantine").put({ ...kept, text: safeText(entry) });
    }
    t.objectStore("saves").delete(key);
  }).then(() => onQuarantineFn(), () => {});
}

function safeText(value) {
  try { return JSON.stringify(value).slice(0, MAX_ENTRY); } catch { return String(value); }
}

// The entries set aside, newest first: [{id, key, why, at}] (without the entry itself).
export async function quarantined() {
  return tx(["quarantine"], "readonly", (t, done) => {
    const out = [];
    const req = t.objectStore("quarantine").openCursor(null, "prev");
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) { done(out); return; }
      const q = cursor.value ?? {};
      out.push({ id: cursor.key, key: String(q.key ?? ""), why: q.why ?? "", at: Number(q.at) || 0 });
      cursor.continue();
    };
  });
}

// The raw entry of a quarantined one, as JSON text (for the player to keep).
export async function quarantinedText(id) {
  const q = await tx(["quarantine"], "readonly", (t, done) => {
    const req = t.objectStore("quarantine").get(id);
    req.onsuccess = () => done(req.result);
  });
  if (!q) throw refusal("not-object");
  return typeof q.text === "string" ? q.text : JSON.stringify(q.entry ?? null, null, 1);
}

export async function dropQuarantined(id) {
  await tx(["quarantine"], "readwrite", (t) => t.objectStore("quarantine").delete(id));
}

async function read(key) {
  const entry = await tx(["saves"], "readonly", (t, done) => {
    const req = t.objectStore("saves").get(key);
    req.onsuccess = () => done(req.result);
  });
  if (entry === undefined) return null;
  const why = check(key, entry);
  if (why) {
    await quarantine(key, entry, why);
    return null;
  }
  return entry.data;
}

// The saved game for a route: the same #/play hash, or #/game (a game opened from a
// replay or a resumed one). null if none (or if it was set aside). Either {hash, table}
// (schema 2, for the engine's `resume`) or {hash, record, seat} (schema 1, `load_record`).
export async function savedGame(hash) {
  try {
    const data = await read("game");
    if (!data) return null;
    if (hash !== "#/game" && data.hash !== hash) return null;
    return data;
  } catch {
    return null;
  }
}

// Store the running table (the engine's `save`); resolves once IndexedDB has committed
// it. `owner` is this tab's id, `gameId` the game's; `back` allows fewer moves than the
// stored entry (a take-back). Rejects with code "game-owned" or "game-newer" when the
// stored game belongs to another tab or is further on: nothing is overwritten then.
export async function saveGame(call, hash, { owner, gameId, back = false, together = null }) {
  const table = await call("save");
  const data = { hash, table, moves: moveCount(table), gameId };
  if (together) data.together = together; // a shared table's people: {mode, names}
  const entry = { schema: SCHEMA, kind: "game", savedAt: Date.now(), owner, data };
  if (JSON.stringify(entry).length > MAX_ENTRY) throw refusal("too-large");
  // read and write in one transaction, so no other tab's write can come in between
  const why = await tx(["saves"], "readwrite", (t, done) => {
    const saves = t.objectStore("saves");
    const req = saves.get("game");
    req.onsuccess = () => {
      const refused = refuseGame(req.result, entry, back);
      if (refused) done(refused);
      else saves.put(entry, "game");
    };
  });
  if (why) throw refusal(why);
}

// Why a write of `entry` over `stored` must not happen, or "".
function refuseGame(stored, entry, back) {
  if (!stored || typeof stored !== "object") return "";
  if (typeof stored.owner === "string" && stored.owner !== entry.owner) return "game-owned";
  const d = stored.data;
  const same = d && typeof d.gameId === "string" && d.gameId === entry.data.gameId;
  if (same && !back && Number(d.moves) > entry.data.moves) return "game-newer";
  return "";
}

// Every action of every game in a saved table: grows with each move and stays put on
// the next deal (the finished one is in the series), falls only by a take-back.
export function moveCount(table) {
  const count = (r) => (Array.isArray(r?.actions) ? r.actions.length : 0);
  const games = table?.series?.games ?? [];
  const last = games.at(-1);
  let moves = games.reduce((n, g) => n + count(g), 0)
    + (table?.loose ?? []).reduce((n, g) => n + count(g), 0);
  // a finished running game is the sheet's last game already
  const onSheet = last && count(last) === count(table?.game)
    && JSON.stringify(last.hands) === JSON.stringify(table?.game?.hands);
  if (!onSheet) moves += count(table?.game);
  return moves;
}

// This tab plays the saved game from now on: other tabs' writes are refused. Done in
// one transaction, before the entry is read for resuming, so a write the old owner had
// on its way is either in what we read or refused.
export async function claimGame(owner) {
  await tx(["saves"], "readwrite", (t) => {
    const saves = t.objectStore("saves");
    const req = saves.get("game");
    req.onsuccess = () => {
      const entry = req.result;
      if (entry && check("game", entry) === "" && entry.owner !== owner) {
        try { saves.put({ ...entry, owner }, "game"); } catch { /* resume sets it aside */ }
      }
    };
  });
}

// The engine refused the saved game: move it to quarantine and report why
// (its refusal as {code, params}).
export async function setAsideGame(why) {
  let entry = null;
  try {
    entry = await tx(["saves"], "readonly", (t, done) => {
      const req = t.objectStore("saves").get("game");
      req.onsuccess = () => done(req.result);
    });
  } catch { /* quarantine still reports it */ }
  await quarantine("game", entry, why);
}

export async function saveKeeper(obj) {
  await put("keeper", obj);
}

export async function savedKeeper() {
  try { return await read("keeper"); } catch { return null; }
}

// The organiser's tournament night (tournament.js): entrants, draws, handed-in sheets.
export async function saveTournament(obj) {
  await put("tournament", obj);
}

export async function savedTournament() {
  try { return await read("tournament"); } catch { return null; }
}

// Problems found while reading (each a short reason); cleared once taken.
export function takeProblems() {
  // a reason is the page's own code ("too-large") or the engine's refusal {code, params}
  return problems.splice(0).map((why) => t("savedCorrupt", {
    why: errorText(typeof why === "string" ? { code: why } : why) }));
}

export async function exportAll() {
  const entries = await tx(["saves"], "readonly", (t, done) => {
    const out = {};
    const req = t.objectStore("saves").openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) { done(out); return; }
      out[cursor.key] = cursor.value;
      cursor.continue();
    };
  });
  return JSON.stringify({ app: "doko", schema: SCHEMA, entries }, null, 1);
}

// Import a file's text: refuses the whole file on the first problem (a one-line reason).
export async function importAll(text) {
  if (typeof text !== "string" || text.length > MAX_FILE) throw refusal("too-large");
  let data;
  try { data = JSON.parse(text); } catch { throw refusal("not-json"); }
  if (!data || data.app !== "doko" || !READABLE.includes(data.schema) || !data.entries
    || typeof data.entries !== "object") {
    throw refusal("not-export");
  }
  const keys = Object.keys(data.entries);
  for (const key of keys) {
    const why = check(key, data.entries[key]);
    if (why) throw refusal(why);
  }
  await tx(["saves"], "readwrite", (t) => {
    for (const key of keys) t.objectStore("saves").put(data.entries[key], key);
  });
  return keys;
}

// An error the page translates by its code (like the engine's refusals).
function refusal(code) {
  const err = new Error(code);
  err.code = code;
  err.params = {};
  return err;
}

// Export / import buttons (for the start page).
export function savesPanel(onDone) {
  const file = h("input", { type: "file", accept: "application/json,.json", hidden: true,
    dataset: { testid: "import-file" } });
  file.addEventListener("change", async () => {
    const f = file.files && file.files[0];
    if (!f) return;
    try {
      if (f.size > MAX_FILE) throw refusal("too-large");
      await importAll(await f.text());
      onDone(t("imported"));
    } catch (err) {
      onDone(t("importBad", { why: errorText(err) }));
    }
  });
  const exp = h("button", { type: "button", dataset: { testid: "export" }, text: t("export") });
  exp.addEventListener("click", async () => {
    try {
      const blob = new Blob([await exportAll()], { type: "application/json" });
      const a = h("a", { href: URL.createObjectURL(blob), download: "doppelkopf.json" });
      a.click();
      setTimeout(() => URL.revokeObjectURL(a.href), 1000);
    } catch {
      onDone(t("storageFailed"));
    }
  });
  const imp = h("button", { type: "button", dataset: { testid: "import" }, text: t("import") });
  imp.addEventListener("click", () => file.click());
  return h("div", { class: "saves" }, exp, imp, file);
}
