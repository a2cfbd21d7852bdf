// Saved games in IndexedDB: the running table, the score keeper, the tournament evening
// and rules variants. Every entry carries a schema version; an entry that cannot be read
// (damaged, from a newer page, or refused by the engine) is moved whole, as stored, to
// the "quarantine" store and reported, never thrown away and never written over; entries
// from older pages are migrated. Export/import of everything as one JSON file.
//
// Every running game has its own entry, "game:<gameId>" (older pages kept one, "game",
// moved to its own key on the first read): a link or an import never goes over another.
// An entry the player deletes, or that an import replaces after asking, goes to the
// "trash" store first, so "Rückgängig" brings it back.
//
// A game entry, schema 2: {hash, table} where table is the engine's `save` answer
// (the series record with every finished deal, games before it, the running deal's
// record, seat, bots), rebuilt by the engine's `resume`, with `moves` (every action in
// it) and `gameId` (the same across tabs that resumed it); the entry's `owner` is the
// tab that plays it (tabs.js). Schema 1 (older pages) held only the running deal:
// {hash, record, seat}; it still opens via `load_record`.
import { t, errorText, coded } from "./i18n.js";
import { isEvening } from "./tournament-evening.js";

export const SCHEMA = 2;
const READABLE = [1, 2]; // schema 1: a game entry is one game record (keeper: unchanged)
const DB = "doko";
const DB_VERSION = 2; // 2: the "trash" store (deleted and replaced entries, for undo)
const MAX_ENTRY = 400_000; // characters of JSON per stored entry
const MAX_FILE = 2_000_000; // characters of an imported file
const MAX_DEPTH = 40; // nesting of a stored entry (a saved table needs about 8)
// The kinds of entry; a key is its kind, or "kind:name" for one of many (variant:...).
const KINDS = ["game", "keeper", "tournament", "variant", "variants", "stats"];
const MAX_STATS = 1500; // deals kept for the statistics page (oldest dropped first)
const TOURNAMENT_VERSION = 1; // tournament.js's VERSION

export function kindOf(key) {
  return typeof key === "string" ? key.split(":")[0] : "";
}

// What each kind's data must look like to be handed to its screen (more checks: the
// engine's). A module that stores a kind may add its own check (registerKind).
const shapes = {
  game: gameProblem,
  keeper: (d) => (isKeeper(d) ? "" : "keeper-shape"),
  tournament: tournamentProblem,
  variant: () => "",
  variants: (d) => (isVariants(d) ? "" : "no-variants"),
  stats: (d) => (Array.isArray(d.deals) && d.deals.every((x) => x && typeof x === "object"
    && typeof x.key === "string" && Number.isFinite(x.points)) ? "" : "no-stats"),
};

// fn(data, entry) -> "" or the code of why the data cannot be used.
export function registerKind(kind, fn) {
  if (!KINDS.includes(kind)) KINDS.push(kind);
  shapes[kind] = fn;
}

let dbPromise = null;
const problems = [];

function open() {
  if (!dbPromise) {
    dbPromise = new Promise((resolve, reject) => {
      if (!("indexedDB" in self)) { reject(new Error("no IndexedDB")); return; }
      const req = indexedDB.open(DB, DB_VERSION);
      req.onupgradeneeded = () => {
        const db = req.result;
        if (!db.objectStoreNames.contains("saves")) db.createObjectStore("saves");
        if (!db.objectStoreNames.contains("quarantine")) {
          db.createObjectStore("quarantine", { autoIncrement: true });
        }
        if (!db.objectStoreNames.contains("trash")) db.createObjectStore("trash", { autoIncrement: true });
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

// Write an entry. What is stored under the key and cannot be read is set aside first, in
// the same transaction: a write never goes over an entry nobody could read.
async function put(key, data) {
  const entry = { schema: SCHEMA, kind: kindOf(key), savedAt: Date.now(), data };
  if (JSON.stringify(entry).length > MAX_ENTRY) throw coded("too-large");
  await change(key, () => data);
}

// Why an entry cannot be used, or "" if it can.
export function check(key, entry) {
  if (!entry || typeof entry !== "object") return "not-object";
  let size = 0;
  try { size = JSON.stringify(entry).length; } catch { return "entry-not-json"; } // a cycle, a BigInt
  if (size > MAX_ENTRY) return "too-large";
  if (tooDeep(entry)) return "too-deep"; // IndexedDB could not even store it again
  if (!READABLE.includes(entry.schema)) {
    return "newer-schema";
  }
  const kind = kindOf(key);
  if (!KINDS.includes(kind) || (entry.kind !== key && entry.kind !== kind)) return "unknown-kind";
  const d = entry.data;
  if (!d || typeof d !== "object") return "no-data";
  return shapes[kind](d, entry);
}

function gameProblem(d, entry) {
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
  return "";
}

function tournamentProblem(d) {
  if (d.version !== TOURNAMENT_VERSION) {
    return Number.isInteger(d.version) && d.version > TOURNAMENT_VERSION ? "newer-schema"
      : "tournament-version";
  }
  return isEvening(d) ? "" : "no-tournament";
}

// The sheet keeper.js restores: the rules and table size by name, one summary per game.
function isKeeper(d) {
  return typeof d.preset === "string" && Number.isInteger(d.players) && Array.isArray(d.games)
    && d.games.every((g) => !!g && typeof g === "object" && !!g.summary
      && typeof g.summary === "object");
}

// An entry an older page wrote, as this page writes it (or the entry itself): a schema 1
// keeper sheet is the same sheet; an evening saved without a version is version 1, the
// bookkeeping added since (corrections per table) filled in.
export function migrate(key, entry) {
  if (!entry || typeof entry !== "object" || !entry.data || typeof entry.data !== "object") {
    return entry;
  }
  const kind = kindOf(key);
  let out = entry;
  if (kind === "keeper" && entry.schema === 1) out = { ...entry, schema: SCHEMA };
  if (kind === "tournament" && (entry.data.version === undefined || entry.data.version === 0)) {
    const d = { ...entry.data, version: TOURNAMENT_VERSION };
    if (Array.isArray(d.rounds)) {
      d.rounds = d.rounds.map((r) => (r && typeof r === "object" && Array.isArray(r.tables)
        ? { ...r, versions: r.versions ?? r.tables.map(() => 0),
          changed: r.changed ?? r.tables.map(() => []) } : r));
    }
    out = { ...entry, schema: SCHEMA, data: d };
  }
  return out;
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

// The house-rule variants (variants.js): each a name and a rule set of a preset plus the
// options that differ; the engine checks the options whenever one is used.
function isVariants(d) {
  const variant = (v) => !!v && typeof v === "object" && typeof v.id === "string"
    && typeof v.name === "string" && !!v.rules && typeof v.rules === "object"
    && typeof v.rules.preset === "string" && !!v.rules.options && typeof v.rules.options === "object"
    && !Array.isArray(v.rules.options);
  return Array.isArray(d.variants) && d.variants.every(variant);
}

function isRecord(r) {
  return !!r && typeof r === "object" && Array.isArray(r.hands) && Array.isArray(r.actions);
}

let onQuarantineFn = () => {};
// fn() is called once an entry has been moved to quarantine (the start page lists them).
export function onQuarantine(fn) { onQuarantineFn = fn; }

let onProblemFn = null;
// fn(message, why) is told about every entry set aside (a sentence for role=alert, in
// the page's language now; problemText(why) says it again after a change of language)
export function onProblem(fn) {
  onProblemFn = fn;
  problems.splice(0).forEach((why) => fn(problemText(why), why));
}

function report(why) {
  problems.push(why);
  if (onProblemFn) problems.splice(0).forEach((w) => onProblemFn(problemText(w), w));
}

// Within a transaction over both stores: the entry as IndexedDB holds it (its structured
// clone: cycles, BigInts, dates and all) goes to the quarantine and leaves the saves.
function moveAside(t, key, stored, why) {
  keepAside(t, key, stored, why);
  t.objectStore("saves").delete(key);
}

// The browser's copy of a value recurses: one nested some thousand deep, stored when the
// stack was shallow, may not be copied again here. It is kept as its nodes (encodeClone,
// flat and lossless) then. Should even that fail, the put throws and the transaction
// aborts: nothing is moved, and a write that would go over it fails too.
function keepAside(t, key, value, why) {
  const kept = { key, why, at: Date.now() };
  try {
    t.objectStore("quarantine").put({ ...kept, entry: value });
  } catch {
    t.objectStore("quarantine").put({ ...kept, nodes: encodeClone(value) });
  }
}

// Set aside an entry that is not (or no longer) in the saves, e.g. one read from a file.
export function quarantine(key, entry, why) {
  report(why);
  return tx(["quarantine"], "readwrite", (t) => keepAside(t, key, entry, why))
    .then(() => onQuarantineFn(), () => {});
}

// The entry stored under `key` cannot be used (`why`: a code, or the engine's refusal
// {code, params}): it is moved, exactly as stored, to the quarantine and reported. A
// screen calls this before it writes anything, so it never writes over what it could
// not read. Resolves once the move is committed (false: there was nothing to move).
export async function setAside(key, why, asStored = (entry) => entry) {
  const moved = await tx(["saves", "quarantine"], "readwrite", (t, done) => {
    const req = t.objectStore("saves").get(key);
    req.onsuccess = () => {
      if (req.result === undefined) { done(false); return; }
      moveAside(t, key, asStored(req.result), why);
      done(true);
    };
  });
  if (moved) {
    report(why);
    onQuarantineFn();
  }
  return moved;
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

// A quarantined entry as the text of a file, exactly what is stored: the entry itself as
// JSON when JSON can say it exactly, else the whole value in a lossless encoding the file
// names and explains (encodeClone). Rejects ("export-unsupported") rather than write a
// file that is not the entry.
export async function quarantinedText(id) {
  const q = await tx(["quarantine"], "readonly", (t, done) => {
    const req = t.objectStore("quarantine").get(id);
    req.onsuccess = () => done(req.result);
  });
  if (!q) throw coded("not-object");
  if (typeof q.text === "string" && !("entry" in q)) return q.text; // set aside as text by older pages
  const entry = q.entry;
  if (!Array.isArray(q.nodes) && isPlainJson(entry)) {
    try { return JSON.stringify(entry, null, 1); } catch { /* too deep for JSON.stringify */ }
  }
  const nodes = Array.isArray(q.nodes) ? q.nodes : encodeClone(entry);
  return JSON.stringify({ app: "doko", quarantined: { key: String(q.key ?? ""), why: q.why ?? "",
    at: Number(q.at) || 0 }, encoding: CLONE_ENCODING, about: CLONE_ABOUT, nodes });
}

export const CLONE_ENCODING = "doko-structured-clone-1";
const CLONE_ABOUT = "The entry as stored in the browser (IndexedDB), holding values JSON "
  + "cannot write (a cycle, a shared object, a BigInt, undefined, NaN, -0, a Date, a Map, "
  + "binary data...). nodes[0] is the entry; each node is [type, ...]: [\"null\"], "
  + "[\"undefined\"], [\"boolean\", b], [\"number\", n or \"NaN\"/\"Infinity\"/\"-Infinity\"/\"-0\"], "
  + "[\"string\", s], [\"bigint\", decimal digits], [\"array\", length, [[index or key, node]...]], "
  + "[\"object\", [[key, node]...]], [\"date\", ms since 1970 or \"NaN\"], [\"regexp\", source, flags], "
  + "[\"map\", [[key node, value node]...]], [\"set\", [node...]], [\"boxed\", node], "
  + "[\"error\", name, message], [\"binary\", type, base64 bytes]; a node referred to twice "
  + "is one value held twice (so a cycle is a node that refers back to itself).";

// Plain JSON data, each object held once (no cycle, nothing shared): JSON text of it
// reads back as the same value.
function isPlainJson(root) {
  const seen = new Set();
  const stack = [root];
  while (stack.length) {
    const v = stack.pop();
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v) || Object.is(v, -0)) return false;
      continue;
    }
    if (typeof v !== "object" || seen.has(v)) return false;
    seen.add(v);
    if (Array.isArray(v)) {
      if (Object.getPrototypeOf(v) !== Array.prototype) return false;
      const keys = Object.keys(v);
      if (keys.length !== v.length || keys.some((k, i) => k !== String(i))) return false;
    } else {
      const proto = Object.getPrototypeOf(v);
      if (proto !== Object.prototype && proto !== null) return false;
    }
    for (const child of Object.values(v)) stack.push(child);
  }
  return true;
}

// Any value IndexedDB can hold as a flat list of nodes (CLONE_ABOUT), without recursion,
// so neither a cycle nor a deep nesting stops it. A value it cannot write (a Blob, a
// file handle) is refused, never written wrong.
export function encodeClone(root) {
  const nodes = [];
  const index = new Map();
  const queue = [];
  const ref = (v) => {
    if (v !== null && (typeof v === "object" || typeof v === "function")) {
      if (!index.has(v)) {
        index.set(v, nodes.length);
        nodes.push(null);
        queue.push(v);
      }
      return index.get(v);
    }
    nodes.push(primitive(v));
    return nodes.length - 1;
  };
  ref(root);
  while (queue.length) {
    const v = queue.shift();
    nodes[index.get(v)] = composite(v, ref);
  }
  return nodes;
}

function primitive(v) {
  if (v === null) return ["null"];
  if (v === undefined) return ["undefined"];
  if (typeof v === "boolean") return ["boolean", v];
  if (typeof v === "string") return ["string", v];
  if (typeof v === "bigint") return ["bigint", v.toString()];
  if (typeof v === "number") {
    if (Object.is(v, -0)) return ["number", "-0"];
    return ["number", Number.isFinite(v) ? v : String(v)];
  }
  throw coded("export-unsupported", { thing: typeof v });
}

function composite(v, ref) {
  const tag = Object.prototype.toString.call(v).slice(8, -1);
  const props = () => Object.keys(v).map((k) => [k, ref(v[k])]);
  if (Array.isArray(v)) return ["array", v.length, props()];
  if (ArrayBuffer.isView(v)) return ["binary", tag, base64(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))];
  if (v instanceof ArrayBuffer) return ["binary", "ArrayBuffer", base64(new Uint8Array(v))];
  if (v instanceof Date) return ["date", Number.isNaN(v.getTime()) ? "NaN" : v.getTime()];
  if (v instanceof RegExp) return ["regexp", v.source, v.flags];
  if (v instanceof Map) return ["map", [...v].map(([k, x]) => [ref(k), ref(x)])];
  if (v instanceof Set) return ["set", [...v].map(ref)];
  if (v instanceof Error) return ["error", String(v.name), String(v.message)];
  if (["Boolean", "Number", "String", "BigInt"].includes(tag)) return ["boxed", ref(v.valueOf())];
  if (tag === "Object") return ["object", props()];
  throw coded("export-unsupported", { thing: tag.slice(0, 40) });
}

function base64(bytes) {
  let text = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(text);
}

export async function dropQuarantined(id) {
  await tx(["quarantine"], "readwrite", (t) => t.objectStore("quarantine").delete(id));
}

// At start-up: every entry of a kind this page knows that it could not read is set
// aside now (whether or not its screen is ever opened), so it is listed on the start
// page. Keys of kinds it does not know (a newer page's) are left alone. Resolves to how
// many were set aside.
export async function sweep() {
  const aside = [];
  await tx(["saves", "quarantine"], "readwrite", (t) => {
    const req = t.objectStore("saves").openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) return;
      const key = cursor.key;
      if (KINDS.includes(kindOf(key))) {
        const why = check(key, migrate(key, cursor.value));
        if (why) {
          moveAside(t, key, cursor.value, why);
          aside.push(why);
        }
      }
      cursor.continue();
    };
  });
  aside.forEach(report);
  if (aside.length) onQuarantineFn();
  return aside.length;
}

// An entry's data, or null if there is none or it could not be read: then it has been
// set aside (in the same transaction, so no other tab's write comes in between). An
// entry from an older page is written back migrated.
async function read(key) {
  let why = "";
  const data = await tx(["saves", "quarantine"], "readwrite", (t, done) => {
    const saves = t.objectStore("saves");
    const req = saves.get(key);
    req.onsuccess = () => {
      const stored = req.result;
      if (stored === undefined) { done(null); return; }
      const entry = migrate(key, stored);
      why = check(key, entry);
      if (why) {
        moveAside(t, key, stored, why);
        done(null);
        return;
      }
      if (entry !== stored) saves.put(entry, key);
      done(entry.data);
    };
  });
  if (why) {
    report(why);
    onQuarantineFn();
  }
  return data;
}

// ---- running games: one entry each ------------------------------------------------------

export const gameKey = (id) => `game:${id}`;
const isGameKey = (key) => kindOf(key) === "game";

// An older page's one "game" entry goes to its own key (its gameId, or a new one), in
// the transaction `t`; unreadable, it is set aside as it was: {why} then, else {id}.
function moveLegacyGame(t, stored) {
  const why = check("game", stored);
  if (why) {
    moveAside(t, "game", stored, why);
    return { why };
  }
  const id = typeof stored.data.gameId === "string" && stored.data.gameId ? stored.data.gameId : newId();
  const saves = t.objectStore("saves");
  saves.put({ ...stored, data: { ...stored.data, gameId: id } }, gameKey(id));
  saves.delete("game");
  return { why: "", id };
}

function newId() {
  return Array.from(crypto.getRandomValues(new Uint32Array(3)), (n) => n.toString(36)).join("");
}

// Every readable game entry, newest first: [{key, id, data, savedAt}]. An unreadable one
// is set aside on the way (never written over, never shown as a game).
export async function savedGames() {
  const aside = [];
  const games = await tx(["saves", "quarantine"], "readwrite", (t, done) => {
    const out = [];
    const req = t.objectStore("saves").openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) { done(out); return; }
      const key = String(cursor.key);
      if (key === "game") {
        const moved = moveLegacyGame(t, cursor.value);
        if (moved.why) aside.push(moved.why);
        else out.push(gameItem(gameKey(moved.id), cursor.value));
      } else if (isGameKey(key) && !out.some((g) => g.key === key)) {
        const why = check(key, cursor.value);
        if (why) {
          moveAside(t, key, cursor.value, why);
          aside.push(why);
        } else {
          out.push(gameItem(key, cursor.value));
        }
      }
      cursor.continue();
    };
  });
  aside.forEach(report);
  if (aside.length) onQuarantineFn();
  return games.sort((a, b) => b.savedAt - a.savedAt);
}

function gameItem(key, entry) {
  const id = key.slice("game:".length);
  return { key, id, data: { ...entry.data, gameId: id }, savedAt: Number(entry.savedAt) || 0 };
}

// The saved game for a route, or null: "#/game/<id>" that game, "#/game" the last one
// played, a "#/play?..." link the last game that link started (a reload goes on with
// it; the link opened again elsewhere starts a game beside the others).
export async function savedGame(hash) {
  try {
    const games = await savedGames();
    if (hash.startsWith("#/game/")) return games.find((g) => g.id === hash.slice("#/game/".length))?.data ?? null;
    if (hash === "#/game") return games[0]?.data ?? null;
    return games.find((g) => g.data.hash === hash)?.data ?? null;
  } catch {
    return null;
  }
}

// Store the running table (the engine's `save`) under its game's own key; resolves once
// IndexedDB has committed it. `owner` is this tab's id, `gameId` the game's; `back`
// allows fewer moves than the stored entry (a take-back); `info` is what the start page
// lists ({rules, players, deals, ...}, from the view). Rejects with code "game-owned" or
// "game-newer" when the stored game belongs to another tab or is further on: nothing is
// overwritten then.
export async function saveGame(table, hash, { owner, gameId, back = false, together = null, info = null }) {
  const data = { hash, table, moves: moveCount(table), gameId };
  if (together) data.together = together; // a shared table's people: {mode, names}
  if (info) data.info = info;
  const entry = { schema: SCHEMA, kind: "game", savedAt: Date.now(), owner, data };
  if (JSON.stringify(entry).length > MAX_ENTRY) throw coded("too-large");
  const key = gameKey(gameId);
  // read and write in one transaction, so no other tab's write can come in between
  let unreadable = "";
  const why = await tx(["saves", "quarantine"], "readwrite", (t, done) => {
    const saves = t.objectStore("saves");
    const req = saves.get(key);
    req.onsuccess = () => {
      const stored = req.result;
      unreadable = stored === undefined ? "" : check(key, stored);
      if (unreadable) moveAside(t, key, stored, unreadable); // never written over
      const refused = unreadable ? "" : refuseGame(stored, entry, back);
      if (refused) done(refused);
      else saves.put(entry, key);
    };
  });
  if (unreadable) {
    report(unreadable);
    onQuarantineFn();
  }
  if (why) throw coded(why);
}

// Why a write of `entry` over `stored` must not happen, or "".
function refuseGame(stored, entry, back) {
  if (!stored || typeof stored !== "object") return "";
  if (typeof stored.owner === "string" && stored.owner !== entry.owner) return "game-owned";
  const d = stored.data;
  if (!back && Number(d?.moves) > entry.data.moves) return "game-newer";
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

// This tab plays the game `gameId` from now on: other tabs' writes to it are refused.
// Done in one transaction, before the entry is read for resuming, so a write the old
// owner had on its way is either in what we read or refused.
export async function claimGame(gameId, owner) {
  const key = gameKey(gameId);
  await tx(["saves"], "readwrite", (t) => {
    const saves = t.objectStore("saves");
    const req = saves.get(key);
    req.onsuccess = () => {
      const entry = req.result;
      if (entry && check(key, entry) === "" && entry.owner !== owner) {
        try {
          saves.put({ ...entry, owner }, key);
          claimed = { key, by: owner, had: Object.hasOwn(entry, "owner"), owner: entry.owner };
        } catch { /* resume sets it aside */ }
      }
    };
  });
}

// The owner field of the saved game as it was before this tab claimed it: a game the
// engine then refuses is set aside as it was stored, not with this tab's claim on it.
let claimed = null;

function unclaimed(entry) {
  if (!claimed || !entry || typeof entry !== "object" || entry.owner !== claimed.by) return entry;
  const out = { ...entry };
  if (claimed.had) out.owner = claimed.owner;
  else delete out.owner;
  return out;
}

// The engine refused the saved game `gameId`: move it to quarantine and report why
// (its refusal as {code, params}).
export async function setAsideGame(gameId, why) {
  try {
    if (!await setAside(gameKey(gameId), why, unclaimed)) report(why);
  } catch {
    report(why); // the entry stays where it is: the next write sets it aside first
  }
}

// ---- deleting, with a way back ----------------------------------------------------------

// Move the entries `keys` to the trash (in one transaction); resolves to the trash id
// that undoDelete takes back, or null when none of them was there.
export function deleteEntries(keys, reason = "deleted") {
  return toTrash(keys, reason, true);
}

// Keep a copy of the entries `keys` in the trash before a step that writes over them (a
// new keeper's sheet): resolves to the trash id undoDelete takes back, or null.
export function keepCopy(keys, reason) {
  return toTrash(keys, reason, false);
}

async function toTrash(keys, reason, remove) {
  return tx(["saves", "trash"], "readwrite", (t, done) => {
    const saves = t.objectStore("saves");
    const kept = [];
    let left = keys.length;
    if (!left) { done(null); return; }
    keys.forEach((key) => {
      const req = saves.get(key);
      req.onsuccess = () => {
        if (req.result !== undefined) {
          kept.push({ key, entry: req.result });
          if (remove) saves.delete(key);
        }
        if (--left) return;
        if (!kept.length) { done(null); return; }
        const put = t.objectStore("trash").put({ at: Date.now(), reason, entries: kept });
        put.onsuccess = () => done(put.result);
      };
    });
  });
}

// Put back what deleteEntries (or an import) moved to the trash (`id`: its answer). A
// game whose key has been taken meanwhile comes back beside it under a new id; any other
// entry comes back in its place, and what stood there goes to the trash in turn.
// Resolves to the keys written.
export async function undoDelete(id) {
  return tx(["saves", "trash"], "readwrite", (t, done) => {
    const trash = t.objectStore("trash");
    const req = trash.get(id);
    req.onsuccess = () => {
      const item = req.result;
      if (!item) { done([]); return; }
      trash.delete(id);
      const saves = t.objectStore("saves");
      const back = [];
      const displaced = [];
      let left = item.entries.length;
      item.entries.forEach(({ key, entry }) => {
        const there = saves.get(key);
        there.onsuccess = () => {
          let target = key;
          let value = entry;
          if (there.result !== undefined && !sameData(there.result, entry)) {
            if (isGameKey(key)) {
              target = gameKey(newId());
              value = { ...entry, data: { ...entry.data, gameId: target.slice(5) } };
            } else {
              displaced.push({ key, entry: there.result });
            }
          }
          saves.put(value, target);
          back.push(target);
          if (--left) return;
          if (displaced.length) trash.put({ at: Date.now(), reason: "undo", entries: displaced });
          done(back);
        };
      });
    };
  });
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

// The named house-rule variants of this device: {variants: [{id, name, rules}]}.
export async function saveVariants(obj) {
  await put("variants", obj);
}

export async function savedVariants() {
  try { return await read("variants"); } catch { return null; }
}

// The statistics page's deals (kind "stats"): one entry per finished deal, newest last.
export async function savedStats() {
  const data = await read("stats").catch(() => null);
  return data && Array.isArray(data.deals) ? data.deals : [];
}

// Keep a finished deal once: keyed by the deal, so a reload, a resume or a second tab
// adds nothing; what is already kept of it (its level, its review) stays as it is.
export async function addDealStat(stat) {
  await change("stats", (data) => {
    const deals = Array.isArray(data?.deals) ? data.deals : [];
    if (deals.some((d) => d.key === stat.key)) return undefined;
    return { deals: [...deals, stat].slice(-MAX_STATS) };
  });
}

// The deal review's total loss for a kept deal.
export async function noteReviewLoss(key, loss) {
  await change("stats", (data) => {
    const deals = Array.isArray(data?.deals) ? data.deals : [];
    const at = deals.findIndex((d) => d.key === key);
    if (at < 0 || deals[at].loss === loss) return undefined;
    return { deals: deals.map((d, i) => (i === at ? { ...d, loss } : d)) };
  });
}

// Read, change and write one entry in one transaction (no other tab's write in
// between): `fn(data or null)` answers the new data, or undefined to leave it. What is
// stored and cannot be read is set aside first, never written over. (The statistics
// stay far below MAX_ENTRY: MAX_STATS deals.)
async function change(key, fn) {
  let why = "";
  await tx(["saves", "quarantine"], "readwrite", (t) => {
    const saves = t.objectStore("saves");
    const req = saves.get(key);
    req.onsuccess = () => {
      const stored = req.result;
      const entry = stored === undefined ? undefined : migrate(key, stored);
      why = entry === undefined ? "" : check(key, entry);
      if (why) moveAside(t, key, stored, why);
      const data = fn(entry === undefined || why ? null : entry.data);
      if (data !== undefined) saves.put({ schema: SCHEMA, kind: kindOf(key), savedAt: Date.now(), data }, key);
    };
  });
  if (why) {
    report(why);
    onQuarantineFn();
  }
}

// Problems found while reading (each a short reason); cleared once taken.
export function takeProblems() {
  return problems.splice(0).map(problemText);
}

// The sentence about an entry set aside: its reason is the page's own code ("too-large")
// or the engine's refusal {code, params}.
export function problemText(why) {
  return t("savedCorrupt", { why: errorText(typeof why === "string" ? { code: why } : why) });
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

// ---- importing a file: checked whole, then written beside what is there ------------------

// An export file's text as a plan, before anything is written: every entry is checked,
// for its shape here and by the engine (`engineCheck(entries)` resolves to its problems,
// each {code, params} naming the entry), and the whole file is refused (rejects with the
// first problem) if one fails. The plan says what it writes and what of the stored
// entries that would replace (games and statistics go beside what is there, variants
// are added to the list; a keeper's sheet or an evening replaces the stored one).
export async function planImport(text, engineCheck) {
  if (typeof text !== "string" || text.length > MAX_FILE) throw coded("too-large");
  let file;
  try { file = JSON.parse(text); } catch { throw coded("not-json"); }
  if (!file || file.app !== "doko" || !READABLE.includes(file.schema) || !file.entries
    || typeof file.entries !== "object" || Array.isArray(file.entries)) {
    throw coded("not-export");
  }
  const keys = Object.keys(file.entries);
  const entries = keys.map((key) => migrate(key, file.entries[key]));
  keys.forEach((key, i) => {
    const why = check(key, entries[i]);
    if (why) throw coded("import-entry", { key, reason: { code: why, params: {} } });
  });
  for (const [i, key] of keys.entries()) { // one by one: each within the worker's bound
    const [problem] = await engineCheck([{ key, data: entries[i].data }]);
    if (problem) throw problem;
  }
  const stored = await storedEntries();
  const writes = [];
  const replaces = [];
  keys.forEach((key, i) => {
    const write = placed(key, entries[i], stored, writes);
    if (!write) return;
    const there = stored[write.key];
    if (there !== undefined && !isGameKey(write.key) && !merges(write.key) && !sameData(there, write.entry)) {
      replaces.push(write.key);
    }
    writes.push(write);
  });
  return { writes, replaces };
}

const merges = (key) => key === "variants" || key === "stats";
const sameData = (a, b) => JSON.stringify(a?.data) === JSON.stringify(b?.data);

// Where one imported entry goes, as exported (an owner from another device is claimed
// on resume): a game under its own id (a new one if that id holds another game),
// variants and statistics merged into the stored ones; null when the device has it.
function placed(key, entry, stored, writes) {
  if (isGameKey(key)) {
    const id = key === "game" ? String(entry.data.gameId || newId()) : key.slice(5);
    const own = gameKey(id);
    if (stored[own] !== undefined && sameData(stored[own], entry)) return null;
    const taken = stored[own] !== undefined || writes.some((w) => w.key === own);
    const gameId = taken ? newId() : id;
    return { key: gameKey(gameId), entry: { ...entry, data: { ...entry.data, gameId } } };
  }
  if (key === "variants" && stored.variants) {
    return { key, entry: { ...entry, data: mergedVariants(stored.variants.data, entry.data) } };
  }
  if (key === "stats" && stored.stats) {
    return { key, entry: { ...entry, data: mergedStats(stored.stats.data, entry.data) } };
  }
  if (stored[key] !== undefined && sameData(stored[key], entry)) return null;
  return { key, entry: entry };
}

// The device's variants and a file's: every stored one kept, a file's one added unless
// the device has the same (same rules and name); one with a taken id gets a new id.
function mergedVariants(mine, theirs) {
  const list = [...(mine?.variants ?? [])];
  for (const v of theirs?.variants ?? []) {
    if (list.some((m) => m.name === v.name && JSON.stringify(m.rules) === JSON.stringify(v.rules))) continue;
    list.push(list.some((m) => m.id === v.id) ? { ...v, id: newId() } : v);
  }
  return { ...(mine ?? {}), variants: list };
}

// The device's kept deals and a file's, each deal once (the device's copy kept).
function mergedStats(mine, theirs) {
  const deals = [...(mine?.deals ?? [])];
  const keys = new Set(deals.map((d) => d.key));
  for (const d of theirs?.deals ?? []) if (!keys.has(d.key)) deals.push(d);
  return { deals: deals.sort((a, b) => (Number(a.at) || 0) - (Number(b.at) || 0)).slice(-MAX_STATS) };
}

// Every stored entry by key (the readable ones: the sweep has set the others aside).
async function storedEntries() {
  return tx(["saves"], "readonly", (t, done) => {
    const out = {};
    const req = t.objectStore("saves").openCursor();
    req.onsuccess = () => {
      const cursor = req.result;
      if (!cursor) { done(out); return; }
      if (!check(String(cursor.key), migrate(String(cursor.key), cursor.value))) out[cursor.key] = cursor.value;
      cursor.continue();
    };
  });
}

// Write a plan in one transaction. Whatever it writes over (the sheet the player agreed
// to replace, or anything another tab stored since the plan was made) goes to the trash
// first: resolves to {keys, trashId} (trashId: what undoDelete brings back, or null).
export async function commitImport(plan) {
  return tx(["saves", "trash"], "readwrite", (t, done) => {
    const saves = t.objectStore("saves");
    const replaced = [];
    let left = plan.writes.length;
    const finish = () => {
      const keys = plan.writes.map((w) => w.key);
      if (!replaced.length) { done({ keys, trashId: null }); return; }
      const put = t.objectStore("trash").put({ at: Date.now(), reason: "import", entries: replaced });
      put.onsuccess = () => done({ keys, trashId: put.result });
    };
    if (!left) { finish(); return; }
    plan.writes.forEach(({ key, entry }) => {
      const req = saves.get(key);
      req.onsuccess = () => {
        if (req.result !== undefined && !sameData(req.result, entry)) replaced.push({ key, entry: req.result });
        saves.put(entry, key);
        if (!--left) finish();
      };
    });
  });
}

// A file the player chose (a File or Blob), as text; refused before reading when it is
// larger than any export could be.
export async function fileText(file) {
  if (file.size > MAX_FILE) throw coded("too-large");
  return file.text();
}

// ---- settings: small, per device, in localStorage ----------------------------------------

// Each setting's key; the value is text the owning module reads back and checks itself
// (a damaged one gives its defaults, never an error).
const SETTINGS = { lang: "doko.lang", options: "doko.options", together: "doko.together",
  guest: "doko.together.guest" };

// The stored text of a setting, or null (none, or no storage in private mode).
export function setting(name) {
  try { return globalThis.localStorage?.getItem(SETTINGS[name]) ?? null; } catch { return null; }
}

// Store a setting's text; false where the browser keeps none (private mode).
export function saveSetting(name, text) {
  try {
    globalThis.localStorage?.setItem(SETTINGS[name], String(text));
    return true;
  } catch {
    return false;
  }
}
