// The page: the state lives in one store, render() draws it from scratch, clicks become
// intents that change the store or ask the engine. The engine runs in worker.js; this
// module never blocks on Python.
import { t, setLang, getLang, errorText, presetName, localText } from "./i18n.js";
import { h } from "./dom.js";
import * as tools from "./table-tools.js";
// [page-screens wiring] the screens of page-screens: slices, screens, intents, routes
import { initialKeeper, keeperScreen, keeperIntents, keeperRestore, keeperRoute, keeperCheckTable } from "./keeper.js";
import { sheetView, bockChip, sheetIntents } from "./sheet.js";
import { initialTournament, tournamentScreen, tournamentIntents, tournamentRoute, tournamentRestore } from "./tournament.js";
import { feltView, handView, resultPanel, waitingSeats } from "./table.js";
import { startScreen } from "./start.js";
import { initialReplay, replayRoute, replayScreen, replayIntents, replayKeys, playOnFrom, shareReplayLink } from "./replay.js";
import { initialReview, initialStats, reviewOpen, reviewScreen, reviewIntents, stopReview, closeReview, statsScreen,
  statsIntents, statsRestore, dealStat } from "./review.js";
import { installSprite, isCard } from "./cards.js";
import { icon } from "./icons.js";
import * as motion from "./motion.js";
import * as saved from "./storage.js";
import * as tabs from "./tabs.js";
import { download } from "./dom.js";
import { options, delay as chosenDelay } from "./options.js";
import "./offline.js";
import * as perf from "./perf.js";
import { worker, listen, progressText } from "./boot.js";
import { initialEditor, editorRoute, editorScreen, editorIntents, differencesView, rulesName } from "./editor.js";
import * as V from "./variants.js";
import { initialVariants, variantsRestore, bindVariants } from "./variants.js";
import * as together from "./together.js";
import * as passplay from "./passplay.js";
import * as net from "./netplay.js";

const store = {
  engine: "loading", // loading | ready | failed
  engineError: "",
  screen: "start", // start | play | keeper | replay | tournament
  preset: "ddv",
  variant: null, // id of the saved house-rule variant chosen on the start page, or null
  optionsMeta: null, // every option's metadata from the engine (the rules editor draws them)
  // a link's variant, shown (what differs from its preset) before the first card:
  // {rules, differences, saved: name or "", asking: the name field is open}
  variantNotice: null,
  view: null, // last VIEW from the engine
  busy: false, // a human action is on its way to the engine
  alert: "",
  error: "",
  picked: [], // cards chosen to give back after a Trumpfabgabe
  skip: false, // the dealer who sits out skips ahead to the result
  toast: "", // a short visible confirmation ("Link kopiert.")
  delay: 400, // ms before each bot move, so cards can be seen landing
  players: 4, // table size for the next game (the preset's `players` allow)
  rounds: null, // rounds of the next series; null: the preset's default (engine's)
  level: null, // the bots' level id (engine's metadata); null: the engine's default
  rulesMeta: null, // presets from the engine's "rules" answer
  limits: null, // the engine's ranges for table options (max rounds)
  levels: null, // announcement word -> its level (index into a view's deadlines)
  botLevels: [], // the bots' levels the engine offers: [{id, bot}]
  defaultLevel: null,
  meta: null, // [page-screens wiring] the engine's "rules" answer as it came (presets, options, ...)
  keeper: initialKeeper(), // [page-screens wiring] the score keeper's slice
  tournament: initialTournament(), // [page-screens wiring] the tournament evening's slice
  replay: initialReplay(), // [page-screens wiring] the replay viewer's and the gallery's slice
  editor: initialEditor(), // [page-screens wiring] the house rules' screens' slice
  variants: initialVariants(), // [page-screens wiring] the device's house-rule variants and their checks
  review: initialReview(), // [page-screens wiring] the deal review's slice
  stats: initialStats(), // [page-screens wiring] the statistics page's slice
  expanded: [], // score-sheet rows showing their itemised lines
  savedGame: null, // {hash, rules} of a running game in IndexedDB, for "Weiterspielen"
  quarantined: [], // entries set aside: [{id, key, why, at}], listed on the start page
  confirmDrop: null, // the quarantined entry whose "delete" was pressed once
  asideWhy: null, // why an entry was set aside: said in role=alert till tapped away
  tab: "own", // own | elsewhere (another tab plays the game) | moved (it took it from us)
  tabWhy: "", // why this tab stopped: game-owned | game-newer | "" (the lock was taken)
  otherGame: false, // the other tab's game is not the one this link opens
  tools: { hold: false, showLast: false, hint: null, picker: false, solos: false, moreCalls: false },
  together: null, // a shared table's people (together.js): pass and play, host or guest
  seatName,
  relative,
};

// ---- worker client ------------------------------------------------------

const pending = new Map();
let nextId = 1;

listen(({ data }) => {
  if (data.type === "ready") return engineReady(data);
  if (data.type === "failed") return engineFailed(data.error);
  const waiting = pending.get(data.id);
  if (!waiting) return;
  pending.delete(data.id);
  if (data.ok) waiting.resolve(data.result);
  else waiting.reject(engineError(data.error));
}, (event) => engineFailed(event.message || "worker error"));

// The worker's error ({message, code, params}) as an Error the page can translate.
function engineError(error) {
  const err = new Error(typeof error === "string" ? error : error?.message ?? "error");
  err.code = error?.code ?? null;
  err.params = error?.params ?? {};
  return err;
}

function call(type, payload = {}) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, type, payload });
  });
}

// Resolves once the engine has said which rules it plays (a saved sheet is checked then).
let rulesKnown;
const rulesReady = new Promise((resolve) => { rulesKnown = resolve; });

async function engineReady(data) {
  perf.markWorker(data.steps);
  perf.markFetches(data.resources);
  perf.mark("engine-ready");
  store.engine = "ready";
  document.body.dataset.engine = "ready";
  render();
  try {
    const rules = await call("rules");
    store.rulesMeta = rules.presets;
    store.optionsMeta = rules.options ?? null;
    store.limits = rules.limits ?? null;
    store.levels = rules.announcement_levels ?? null;
    store.botLevels = rules.levels ?? [];
    store.defaultLevel = rules.default_level ?? null;
    store.meta = rules; // [page-screens wiring]
    if (!store.rulesMeta[store.preset]) store.preset = Object.keys(store.rulesMeta)[0];
    rulesKnown();
    render();
  } catch (err) {
    store.alert = errorText(err);
    render();
  }
}

function engineFailed(error) {
  store.engine = "failed";
  store.engineError = String(error);
  document.body.dataset.engine = "failed";
  render();
}

// ---- game flow ----------------------------------------------------------

let game = 0; // bumps on every new game so stale bot timers and replies are dropped

function route() {
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  // only the table screen plays the saved game; elsewhere another tab may take it
  if (path !== "/play" && path !== "/game") tabs.release();
  const params = new URLSearchParams(query);
  // a link's parameters hold for the game it opens, not for any screen after it
  store.delay = params.has("delay") ? Math.max(0, Number(params.get("delay")) || 0) : chosenDelay();
  if (params.has("wait")) net.setWait(Number(params.get("wait")));
  if (path.startsWith("/answer/")) return void net.openAnswer(path.slice("/answer/".length));
  // a shared table ends when its page goes elsewhere (a saved one comes back on resume)
  net.stop();
  together.leave();
  if (path.startsWith("/join/")) {
    game++;
    Object.assign(store, { view: null, alert: "", error: "" });
    return void net.openInvite(path.slice("/join/".length));
  }
  if (path === "/together") {
    const seed = Number.parseInt(params.get("seed") ?? "", 10);
    togetherSeed = Number.isFinite(seed) ? seed : null; // a test's (or a shared) deal
    game++;
    Object.assign(store, { screen: "together", view: null, alert: "", error: "" });
    return void render();
  }
  if (path === "/play") {
    const link = V.rulesFromParams(params, store.preset);
    const rules = link.rules;
    const seed = Number.parseInt(params.get("seed") ?? "", 10);
    const players = Number.parseInt(params.get("players") ?? "4", 10);
    const rounds = Number.parseInt(params.get("rounds") ?? "", 10);
    if (store.rulesMeta && Object.hasOwn(store.rulesMeta, V.presetOf(rules))) store.preset = V.presetOf(rules);
    store.players = [4, 5, 6, 8].includes(players) ? players : 4;
    store.rounds = rounds >= 1 ? rounds : null;
    store.level = params.get("level") || null;
    startGame(rules, Number.isFinite(seed) ? seed : randomSeed(), false, location.hash,
      link.error ? t("badOptions", { why: errorText(link.error) }) : "");
  } else if (path.startsWith("/replay/") || path === "/demos") {
    openReplay(path, params); // [page-screens wiring]
  } else if (path === "/game") {
    startGame(store.preset, randomSeed());
  } else if (path === "/tournament" || path.startsWith("/tournament/")) {
    game++;
    Object.assign(store, { screen: "tournament", view: null, alert: "", error: "" });
    render(); // [page-screens wiring] the stored evening first, then the route
    tournamentRead = tournamentRead.then(readTournament);
    tournamentRead.then(() => tournamentRoute(ctx, path));
  } else if (path === "/stats") {
    game++;
    stopReview(store.review); // [page-screens wiring]
    Object.assign(store, { screen: "stats", view: null, alert: "", error: "" });
    render();
    saved.savedStats().then((deals) => statsRestore(ctx, deals), () => statsRestore(ctx, []));
  } else if (path === "/keeper") {
    game++;
    Object.assign(store, { screen: "keeper", view: null, alert: "", error: "" });
    render();
    keeperRoute(ctx, path, params); // [page-screens wiring]
  } else if (path === "/rules" || path.startsWith("/rules/")) {
    game++;
    Object.assign(store, { screen: "rules", view: null, alert: "", error: "" });
    render();
    editorRoute(ctx, path, params); // [page-screens wiring]
  } else {
    game++;
    Object.assign(store, { screen: "start", view: null });
    render();
    findSavedGame();
  }
}

// The game on this table, as the saved entry knows it (shared by tabs that resumed it).
let gameId = "";

function newGameId() {
  return Array.from(crypto.getRandomValues(new Uint32Array(2)), (n) => n.toString(36)).join("");
}

// Starts the table again here, taking the game from another tab (set while this tab
// shows the other-tab notice; "take-over" calls it).
let startHere = null;

// Own the saved game before touching it. false: another tab plays it, and this tab
// says so and offers to take it over (again(true) does).
async function ownTable(token, again, steal) {
  const mine = await tabs.own(steal ? "steal" : "try");
  if (token !== game) {
    if (store.screen !== "play") tabs.release(); // the player left before the lock came
    return false;
  }
  if (mine) {
    try { await saved.claimGame(tabs.tabId); } catch { /* no storage: nothing to guard */ }
    if (token !== game) return false;
    store.tab = "own";
    store.tabWhy = "";
    startHere = null;
    return true;
  }
  const other = await saved.savedGame("#/game");
  if (token !== game) return false;
  Object.assign(store, { tab: "elsewhere", tabWhy: "", busy: false, view: null,
    otherGame: !!other && location.hash !== "#/game" && other.hash !== location.hash });
  startHere = again;
  render();
  return false;
}

// Another tab took the game (its lock, its message or a refused write): stop here.
function lostTable(why = "") {
  if (store.screen !== "play" || store.tab !== "own") return;
  game++; // drops this tab's bot timers and engine replies
  tabs.release();
  Object.assign(store, { tab: "moved", tabWhy: why, busy: false, alert: "", view: null });
  // taking it back resumes the newest saved state, whichever tab wrote it
  startHere = (steal) => startGame(store.preset, randomSeed(), steal, "#/game");
  render();
}

tabs.onLost(() => lostTable());

// The start page's list of entries set aside (export, delete).
async function listQuarantined() {
  try { store.quarantined = await saved.quarantined(); } catch { store.quarantined = []; }
  if (store.screen === "start") render();
}

async function exportQuarantined(id) {
  const item = store.quarantined.find((q) => String(q.id) === String(id));
  if (!item) return;
  const name = String(item.key || "entry").replace(/[^A-Za-z0-9-]+/g, "-").slice(0, 40);
  try {
    download(`doppelkopf-${name}-${item.id}.json`, "application/json",
      await saved.quarantinedText(item.id));
  } catch (err) { // no file rather than a wrong one
    store.alert = err?.code ? errorText(err) : t("storageFailed");
    render();
  }
}

async function dropQuarantined(id) {
  const item = store.quarantined.find((q) => String(q.id) === String(id));
  store.confirmDrop = null;
  if (!item) return;
  try { await saved.dropQuarantined(item.id); } catch { store.alert = t("storageFailed"); }
  await listQuarantined();
}

// "Weiterspielen" on the start page: whatever game IndexedDB holds, under its own link.
async function findSavedGame() {
  const found = await saved.savedGame("#/game");
  const hash = found?.hash;
  const rules = found?.table?.game?.rules ?? found?.record?.rules ?? null;
  store.savedGame = typeof hash === "string" && hash.startsWith("#/") ? { hash, rules } : null;
  if (store.screen === "start") render();
  await listQuarantined();
}

// `from`: the saved game to resume (the link's own, or "#/game": whichever is saved);
// `alert`: what is wrong with the link (a bad options=), said while the deal starts.
async function startGame(rules, seed, steal = false, from = location.hash, alert = "") {
  const token = ++game;
  Object.assign(store, { screen: "play", view: null, busy: true, alert, error: "", picked: [],
    expanded: [], tab: "own", variantNotice: null });
  render();
  if (!await ownTable(token, (again) => startGame(rules, seed, again, from, alert), steal)) return;
  const resume = await saved.savedGame(from);
  if (token !== game) return;
  if (resume && await resumeSaved(token, resume)) return;
  if (token !== game) return;
  gameId = newGameId();
  if (typeof rules !== "string") {
    rules = await checkLinkRules(token, rules);
    if (token !== game) return;
  }
  const players = store.players;
  // the engine seats its bots of the chosen level (its default without one)
  const payload = { rules, seed, seat: 0, players };
  if (store.level) payload.level = store.level;
  if (store.rounds) payload.rounds = store.rounds;
  if (players !== 4 || store.level || store.rounds) await newGameOrDefaults(token, payload);
  else await request(token, "new_game", payload);
}

// A link's variant: checked by the engine first. Accepted, it is summed up over the table
// before the first card (with an offer to save it, unless this device has it already);
// refused, the alert says why and the deal is played with the preset alone.
async function checkLinkRules(token, rules) {
  let answer;
  try {
    answer = await V.checkRules(ctx, rules); // [page-screens wiring]
  } catch (err) {
    answer = { ok: false, refusal: { code: err.code, params: err.params } };
  }
  if (token !== game) return rules;
  if (!answer.ok) {
    store.alert = t("badOptions", { why: errorText(answer.refusal) });
    render();
    return V.presetOf(rules);
  }
  const saved = V.findVariant(store.variants, answer.rules);
  store.variantNotice = { rules: answer.rules, differences: answer.differences, saved: saved?.name ?? "",
    asking: false, name: "" };
  return answer.rules;
}

// A link's table choices (players, level, rounds) that the engine refuses are said in
// the alert, and the deal starts with the preset's defaults instead of an empty table.
async function newGameOrDefaults(token, payload) {
  try {
    const view = await call("new_game", payload);
    if (token === game) await persist();
    if (token === game) setView(view);
    return;
  } catch (err) {
    if (token !== game) return;
    store.alert = errorText(err, seatName);
  }
  Object.assign(store, { players: 4, level: null, rounds: null });
  const { rules, seed, seat } = payload;
  await request(token, "new_game", { rules, seed, seat, players: 4 });
}

// Rebuild a saved table: the whole series (schema 2, `resume`) or, from an older page,
// the running deal alone (schema 1, `load_record`). Data the engine refuses is set
// aside (quarantine + the role=alert message) and false says: start a new game.
async function resumeSaved(token, resume) {
  let view;
  try {
    view = resume.table ? await call("resume", { table: resume.table })
      : await call("load_record", { record: resume.record, seat: resume.seat });
  } catch (err) {
    if (token === game) await saved.setAsideGame({ code: err.code, params: err.params });
    return false;
  }
  if (token !== game) return true;
  gameId = typeof resume.gameId === "string" ? resume.gameId : newGameId();
  const shared = together.resumed(resume.together, view.players);
  // a schema 1 entry is written again as a whole table
  if (!await persist(token, "resume") || token !== game) return true;
  setView(await passplay.present(view));
  if (shared === "host" && token === game) net.hostStarted(false);
  return true;
}

// Ask the engine; a reply for an abandoned game is ignored.
async function request(token, type, payload) {
  if (store.screen === "play" && store.tab !== "own") return;
  inFlight++;
  try {
    const view = await call(type, payload);
    // a saved game is written (and committed) before the move is shown as done; a
    // refused write is no move: the table says where the game went instead
    if (token !== game || !await persist(token, type)) return;
    const seen = await passplay.present(view); // pass and play: only the hand that may show
    if (token === game) setView(seen);
  } catch (err) {
    if (token !== game) return;
    store.busy = false;
    if (type === "act") store.alert = errorText(err, seatName);
    else store.error = errorText(err, seatName);
    render();
    if (type !== "act") scheduleBot();
  } finally {
    inFlight--;
  }
}

let togetherSeed = null; // the seed a #/together?seed=N link asks for

let inFlight = 0; // engine requests of the table on their way (a host takes guest moves in between)

// A shared table's start: the people by name (null: a bot of the chosen level), the first
// person at the bottom; a host's other seats are bots until guests sit down.
async function startTogether(mode, names, steal = false) {
  const token = ++game;
  history.replaceState(null, "", "#/game");
  Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "", picked: [],
    expanded: [], tab: "own", together: { mode, names, covered: null, revealed: null } });
  render();
  if (!await ownTable(token, (again) => startTogether(mode, names, again), steal)) return;
  gameId = newGameId();
  const seat = Math.max(0, names.findIndex((n) => n != null));
  const payload = { rules: store.preset, seed: togetherSeed ?? randomSeed(), seat, players: store.players,
    bots: names.map((n) => (n == null ? levelBot() : null)) };
  if (store.rounds) payload.rounds = store.rounds;
  if (mode === "host") net.hostStarted(true);
  await request(token, "new_game", payload);
}

// The bot spec of the chosen level (the engine's default level without a choice).
function levelBot() {
  const level = store.level ?? store.defaultLevel;
  return store.botLevels.find((l) => l.id === level)?.bot ?? "standard";
}

// A guest's move on the host's table; its refusal ({code, params}) goes back to the guest.
async function guestMove(action) {
  const token = game;
  store.busy = true;
  try {
    const view = await call("act", { action });
    if (token === game && await persist(token, "act") && token === game) setView(view);
    return null;
  } catch (err) {
    store.busy = false;
    if (token === game) scheduleBot();
    return { code: err.code, params: err.params };
  }
}

// Who plays each seat from now on (a guest left or came back).
async function setBots(bots) {
  const token = game;
  store.busy = true;
  try {
    const view = await call("set_bots", { bots });
    if (token === game && await persist(token, "set_bots") && token === game) setView(view);
  } catch (err) {
    store.busy = false;
    store.alert = errorText(err, seatName);
    render();
  }
}

function setView(view) {
  if (view.phase === "done" && view.result && store.view?.phase !== "done") keepDealStat(view);
  if (view.phase === "done" || view.sitting_out !== view.seat) store.skip = false;
  tools.onView(store.view, view);
  if (store.skip) tools.collect();
  store.view = view;
  store.busy = false;
  store.picked = [];
  render();
  scheduleBot();
  net.afterView();
}

// A finished deal goes into the statistics kept on this device.
function keepDealStat(view) {
  saved.addDealStat(dealStat(view, { game: gameId, level: store.level ?? store.defaultLevel }))
    .catch(() => {});
}

// The deal review of the sheet's deal `row` (0-based), for the player's seat.
async function reviewDeal(row) {
  const view = store.view;
  try {
    const got = await call("deal_record", { game: row });
    store.screen = "review";
    reviewOpen(ctx, { record: got.record, seat: got.seat, bots: got.bots, key: `${gameId}:${row + 1}`,
      played: view?.sheet?.[row]?.points?.[got.seat] ?? 0, // [page-screens wiring] names: plain data
      names: Array.from({ length: players() }, (_, s) => seatName(s)) });
  } catch (err) {
    store.alert = errorText(err, seatName);
    render();
  }
}

function botToAct(view) {
  return !!view && view.phase !== "done" && view.to_act != null && !!view.bots[view.to_act];
}

function scheduleBot() {
  const view = store.view;
  // the bots wait while a link's house rules are read
  if (!botToAct(view) || net.holdsBots() || net.isGuest() || store.variantNotice) return;
  const token = game;
  if (tools.holding() && !store.skip) return; // a finished trick is still on show
  setTimeout(() => {
    // the player may have acted (or taken back) meanwhile: only a bot still to act moves
    if (token === game && store.view === view && !store.busy) request(token, "bot", {});
  }, store.skip ? 0 : store.delay);
}

function act(word) {
  const view = store.view;
  store.busy = true;
  store.alert = "";
  render();
  if (net.isGuest()) return void net.sendAction(`${view.seat}:${word}`);
  request(game, "act", { action: `${view.seat}:${word}` });
}

// ---- intents ------------------------------------------------------------

function dispatch(intent) {
  if (intent.kind === "take-over") {
    const again = startHere;
    startHere = null;
    if (again && store.screen === "play") again(true);
    return;
  }
  if (intent.kind === "quarantine-export") return void exportQuarantined(intent.value);
  if (intent.kind === "quarantine-delete") {
    if (String(store.confirmDrop) === String(intent.value)) return void dropQuarantined(intent.value);
    store.confirmDrop = intent.value;
    return void render();
  }
  if (passplay.blocks(intent)) return; // a covered hand takes no moves (keys included)
  // a table this tab does not own takes no moves (keys included)
  if (store.screen === "play" && store.tab !== "own" && !["lang", "home", "primer", "new-here"]
    .includes(intent.kind)) return;
  if (tools.intent(intent)) return;
  const view = store.view;
  switch (intent.kind) {
    case "lang":
      setLang(getLang() === "de" ? "en" : "de");
      try { localStorage.setItem("doko.lang", getLang()); } catch { /* private mode */ }
      return render();
    case "new":
      location.hash = `#/play?rules=${encodeURIComponent(store.preset)}${V.optionsParam(chosenRules())}`
        + `&seed=${randomSeed()}`
        + (store.players !== 4 ? `&players=${store.players}` : "")
        + (store.rounds ? `&rounds=${store.rounds}` : "")
        + (store.level ? `&level=${encodeURIComponent(store.level)}` : "");
      return;
    case "keeper":
      location.hash = "#/keeper";
      return;
    case "tournament":
      location.hash = "#/tournament";
      return;
    case "players":
      store.players = Number(intent.value);
      return render();
    case "level":
      store.level = intent.value === store.defaultLevel ? null : intent.value;
      return render();
    case "rounds":
      store.rounds = Number(intent.value) === defaultRounds() ? null : Number(intent.value);
      return render();
    case "skip":
      store.skip = true;
      tools.collect();
      render();
      return scheduleBot();
    case "more-calls":
      store.tools.moreCalls = !store.tools.moreCalls;
      return render();
    case "solo-picker":
      store.tools.solos = !store.tools.solos;
      return render();
    case "primer":
      return tools.openPrimer(presetName(store.rulesMeta, store.preset),
        localText(store.rulesMeta?.[store.preset]?.primer, t("primerMissing")), rulesPageLink(chosenRules()));
    case "home":
      location.hash = "";
      return;
    case "sheet-replay":
      // a finished deal of the sheet in the replay viewer, to step through or annotate
      return void call("encode_link", { game: Number(intent.value) }).then((r) => {
        location.hash = `#/replay/${r.payload}`;
      }, (err) => { store.alert = errorText(err, seatName); render(); });
    case "share":
      return void call("encode_link", { seat: view?.seat ?? 0 }).then((r) => shareReplayLink(ctx, r.payload, view?.seat),
        (err) => { store.alert = errorText(err, seatName); render(); });
    case "variant-notice-ok":
      store.variantNotice = null;
      render();
      return void scheduleBot();
    case "variant-notice-save":
      return void saveNoticeVariant();
    case "variant":
      store.variant = intent.value;
      store.preset = V.presetOf(V.variantById(store.variants, intent.value)?.rules ?? store.preset);
      if (!presetPlayers().includes(store.players)) store.players = 4;
      if (store.rounds && store.rounds > maxRounds()) store.rounds = null;
      return render();
    case "preset":
      store.variant = null;
      store.preset = intent.value;
      if (!presetPlayers().includes(store.players)) store.players = 4;
      if (store.rounds && store.rounds > maxRounds()) store.rounds = null;
      return render();
    case "review":
      return void reviewDeal((view?.sheet?.length ?? 1) - 1);
    case "review-game":
      return void reviewDeal(Number(intent.value));
    case "next":
      if (net.isGuest()) {
        store.alert = t("hostDealsNext");
        return render();
      }
      store.busy = true;
      render();
      return void request(game, "next_game", {});
    default:
  }
  if (!view || store.busy) return;
  if (intent.kind === "action") return act(intent.word);
  if (intent.kind === "return") {
    const cards = store.picked.map((key) => key.split("#")[0]).sort();
    return act(`return:${cards.join(",")}`);
  }
  if (intent.kind === "card") return tapCard(intent.card, intent.index, intent.enabled);
}

function tapCard(card, index, enabled) {
  tools.collect();
  const view = store.view;
  if (view.phase === "poverty-return" && view.to_act === view.seat) {
    const key = `${card}#${index}`;
    const at = store.picked.indexOf(key);
    if (at >= 0) store.picked.splice(at, 1);
    else if (store.picked.length < returnCount(view)) store.picked.push(key);
    return render();
  }
  if (enabled) return act(card);
  if (view.phase === "play" && view.to_act === view.seat) {
    // Only the engine knows why exactly (follow suit, trumps, …); it refuses and says so.
    return act(card);
  }
  store.alert = view.phase === "reservations" ? t("cardsFirst") : t("notYourTurn");
  render();
}

function returnCount(view) {
  const option = view.legal.find((a) => a.includes(":return:"));
  return option ? option.split(":return:")[1].split(",").length : 0;
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// ---- seats --------------------------------------------------------------

function players() {
  return store.view ? store.view.players : store.players;
}

// Seats counted clockwise from the player: 0 you, 1 left, ...
function relative(seat) {
  const me = store.view ? store.view.seat : 0;
  return (seat - me + players()) % players();
}

function seatName(seat) {
  const named = together.nameOf(seat);
  if (named) return named;
  const n = players();
  const names = t(`seats${n}`);
  return Array.isArray(names) ? names[relative(seat)] ?? String(seat) : String(seat);
}

// ---- drawing ------------------------------------------------------------

const root = document.getElementById("app");

function render() {
  const focusKey = document.activeElement?.dataset?.focus;
  const caret = caretOf(document.activeElement); // [page-screens wiring] typing survives a redraw
  const before = motion.capture(root);
  document.documentElement.lang = getLang();
  document.title = t("title");
  root.dataset.screen = store.screen;
  const files = fileFields(root); // [page-screens wiring]
  const next = [header(), screen()];
  keepFileFields(files, next);
  root.replaceChildren(...next);
  if (store.screen === "play") perf.markRender(root);
  if (focusKey) {
    const again = root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    again?.focus();
    if (again && caret) try { again.setSelectionRange(...caret); } catch { /* a field without a caret */ }
    // a number field tells no caret: typing goes on at its end
    else if (again?.type === "number" && again.value) {
      const typed = again.value;
      again.value = "";
      again.value = typed;
    }
  }
  motion.play(before, root, flightTime());
  updateLive();
}

// [page-screens wiring] A file field keeps its node across redraws: a file chosen while
// the page redraws (an engine answer coming in) is not dropped with a replaced node.
function fileFields(at) {
  return new Map([...at.querySelectorAll("input[type=file][data-testid]")].map((el) => [el.dataset.testid, el]));
}

function keepFileFields(old, nodes) {
  for (const node of nodes) {
    for (const el of node.querySelectorAll("input[type=file][data-testid]")) {
      const kept = old.get(el.dataset.testid);
      if (kept) el.replaceWith(kept);
    }
  }
}

// [page-screens wiring] where the caret of a focused text field is, or null.
function caretOf(el) {
  try {
    return typeof el?.selectionStart === "number" ? [el.selectionStart, el.selectionEnd] : null;
  } catch {
    return null;
  }
}

// How long a card flies: follows the speed setting (the bots' pace).
function flightTime() {
  return { slow: 320, normal: 240, fast: 150, instant: 0 }[options.speed] ?? 240;
}

function screen() {
  switch (store.screen) {
    case "play": return tableScreen();
    // the stored sheet is read (or set aside) before the keeper shows one
    case "keeper": return keeperScreen(store); // [page-screens wiring]
    case "tournament": return tournamentScreen(store);
    case "replay": return replayScreen(store); // [page-screens wiring]
    case "rules": return editorScreen(store); // [page-screens wiring]
    case "review": return reviewScreen(store); // [page-screens wiring]
    case "stats": return statsScreen(store);
    case "together": return together.togetherScreen(store.engine === "ready");
    case "join": return net.joinScreen();
    case "answer": return net.answerScreen();
    default: return startScreen(store, { savesPanel: saved.savesPanel((message) => {
      store.alert = message; render(); }), maxRounds, defaultRounds, presetPlayers });
  }
}

function headerButton(intent, name, label, extra = {}) {
  return h("button", { type: "button", class: "icon", dataset: { intent, focus: intent, ...extra.dataset },
    ...extra.attrs }, icon(name), h("span", { class: "label", text: label }));
}

function header() {
  const playing = store.screen === "play";
  return h("header", { class: "bar" },
    store.screen === "start" ? h("h1", { id: "title", text: t("title") })
      : h("a", { class: "home-link", href: "#", "aria-label": t("toStart") }, icon("home"),
        h("span", { id: "title", class: "title", text: t("title") })),
    playing && store.view ? h("span", { class: "bar-contract", dataset: { testid: "bar-contract" },
      text: rulesName(store.view.rules_spec ?? store.view.rules, store) }) : null,
    playing && store.view?.bock ? bockChip(store.view.bock) : null, // this deal counts Bock
    engineBadge(),
    h("div", { class: "bar-buttons" },
      tools.headerButtons(),
      playing && store.view && store.engine === "ready" && !net.isGuest()
        ? headerButton("share", "share", t("share"), { dataset: { testid: "share" } }) : null,
      h("button", { type: "button", class: "icon lang", lang: getLang() === "de" ? "en" : "de",
        dataset: { intent: "lang", focus: "lang" } }, icon("language"),
      h("span", { class: "label", text: t("language") }))),
    store.toast ? h("p", { class: "toast", role: "status", dataset: { testid: "toast" }, text: store.toast }) : null);
}

function engineBadge() {
  if (store.engine === "ready") return null;
  if (store.engine === "failed") {
    return h("p", { class: "engine failed", dataset: { testid: "engine-error" },
      text: t("engineFailed") });
  }
  // on the table the felt shows the progress bar
  return h("p", { class: "engine loading", dataset: { testid: "loading" } },
    h("span", { class: "spinner", "aria-hidden": "true" }), t("loading"),
    store.screen === "play" && !store.view ? null : progressBar());
}

// The engine's download as it arrives: boot.js updates the bar's width (--engine-progress),
// its value and the percentage from the worker's reports without a render.
function progressBar(percent = false) {
  const now = document.documentElement.dataset.engineProgress ?? "0";
  const bar = h("span", { class: "engine-progress", role: "progressbar", "aria-label": t("engineDownload"),
    "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": now, dataset: { testid: "engine-progress" } },
  h("span"));
  if (!percent) return bar;
  return h("span", { class: "engine-progress-row" }, bar,
    h("span", { class: "engine-percent", "aria-hidden": "true", text: progressText() }));
}

// Rounds of a series: a Pflichtsolo preset plays at most (and by default) its
// Pflichtsolo rounds, the others the engine's default.
function dutySoloRounds() {
  return chosenMeta()?.duty_solo_rounds ?? 0;
}

// The rules chosen on the start page: a preset id, or a saved variant's rules.
function chosenRules() {
  const v = store.variant ? V.variantById(store.variants, store.variant) : null;
  return v ? V.normalRules(v.rules) : store.preset;
}

// What the engine says of the chosen rules (a variant's from its check, once in).
function chosenMeta() {
  return V.rulesInfo(store.variants, store.rulesMeta, chosenRules()) ?? store.rulesMeta?.[store.preset] ?? null;
}

function rulesPageLink(rules) {
  return `#/rules/view?rules=${encodeURIComponent(V.presetOf(rules))}${V.optionsParam(rules)}`;
}

// Save the variant a link brought under the name typed in the notice.
async function saveNoticeVariant() {
  const notice = store.variantNotice;
  if (!notice) return;
  if (!notice.asking) {
    notice.asking = true;
    return render();
  }
  const name = V.cleanName(notice.name);
  if (!name) {
    store.alert = t("variantNameMissing");
    return render();
  }
  try {
    const v = await V.storeVariant(ctx, name, notice.rules);
    notice.saved = v.name;
    notice.asking = false;
    store.alert = "";
  } catch {
    store.alert = t("storageFailed");
  }
  render();
}

// Before the first card of a link's variant: what differs from the preset, and the offer
// to keep it on this device under a name.
function variantNoticeView() {
  const notice = store.variantNotice;
  if (!notice) return null;
  const preset = presetName(store.rulesMeta, V.presetOf(notice.rules));
  let saveRow;
  if (notice.saved) {
    saveRow = h("p", { class: "saved-note", dataset: { testid: "variant-notice-saved" },
      text: t("variantSavedAs", { name: notice.saved }) });
  } else if (notice.asking) {
    const input = h("input", { id: "notice-name", type: "text", maxlength: "60", value: notice.name,
      autocomplete: "off", placeholder: t("variantNamePlaceholder"), dataset: { focus: "notice-name", testid: "variant-notice-name" } });
    input.addEventListener("input", () => { notice.name = input.value; });
    input.addEventListener("keydown", (e) => { if (e.key === "Enter") saveNoticeVariant(); });
    saveRow = h("div", { class: "field notice-save" }, h("label", { for: "notice-name", text: t("variantName") }),
      h("div", { class: "notice-save-row" }, input,
        h("button", { type: "button", class: "primary", dataset: { intent: "variant-notice-save", focus: "notice-save-ok",
          testid: "variant-notice-save-ok" }, text: t("variantSave") })));
  } else {
    saveRow = null;
  }
  return h("section", { class: "result variant-notice", role: "dialog", "aria-labelledby": "notice-title",
    dataset: { testid: "variant-notice" } },
  h("div", { class: "result-body" },
    h("h2", { id: "notice-title", text: notice.saved ? t("noticeTitleSaved", { name: notice.saved })
      : t("noticeTitle", { preset }) }),
    h("p", { class: "quiet", text: t("noticeLine", { preset }) }),
    differencesView(notice.differences, { testid: "variant-notice-differences" }),
    saveRow),
  h("div", { class: "result-go" },
    h("button", { type: "button", class: "primary", dataset: { intent: "variant-notice-ok", focus: "notice-ok",
      testid: "variant-notice-ok" }, text: t("noticePlay") }),
    notice.saved || notice.asking ? null : h("button", { type: "button", dataset: { intent: "variant-notice-save",
      focus: "notice-save", testid: "variant-notice-save" }, text: t("noticeSave") }),
    h("a", { class: "button", href: rulesPageLink(notice.rules), dataset: { testid: "variant-notice-rules" },
      text: t("rulesView") })));
}

function defaultRounds() {
  return dutySoloRounds() || store.limits?.default_rounds || 4;
}

function maxRounds() {
  return dutySoloRounds() || store.limits?.max_rounds || defaultRounds();
}

// Table sizes the chosen preset allows (from the engine's rules metadata).
function presetPlayers() {
  return chosenMeta()?.players ?? [4];
}

// Another tab plays this game (or took it from this one): say so on the table and
// offer to play it here.
function tabNotice() {
  const moved = store.tab === "moved";
  const text = moved ? (store.tabWhy === "game-newer" ? t("tabNewer") : t("tabMoved"))
    : store.otherGame ? t("tabOtherGame") : t("tabElsewhere");
  return h("section", { class: "result tab-notice", "aria-labelledby": "tab-title",
    "aria-describedby": "tab-text", dataset: { testid: "tab-notice", state: store.tab, why: store.tabWhy || null } },
  h("div", { class: "result-body" },
    h("h2", { id: "tab-title", text: moved ? t("tabMovedTitle") : t("tabElsewhereTitle") }),
    h("p", { id: "tab-text", text }),
    store.otherGame && !moved ? h("p", { class: "quiet", text: t("tabOtherGameWarning") }) : null),
  h("div", { class: "result-go" },
    h("button", { type: "button", class: "primary", dataset: { intent: "take-over", focus: "take-over",
      testid: "take-over" }, text: moved ? t("tabTakeBack") : t("tabTakeOver") }),
    h("button", { type: "button", dataset: { intent: "home", focus: "home", testid: "tab-home" },
      text: t("toStart") })));
}

function tableScreen() {
  const view = store.view;
  if (store.tab !== "own") {
    return h("div", { class: "game waiting" }, h("div", { class: "stage" },
      h("section", { class: "table placeholder", "aria-label": t("table"), dataset: { testid: "table" } },
        waitingSeats(store.players, seatName), h("div", { class: "middle" })),
      tabNotice()));
  }
  if (!view) {
    return h("div", { class: "game waiting" }, h("div", { class: "stage" },
      store.error ? h("p", { class: "engine failed", text: store.error }) : null,
      h("section", { class: "table placeholder", "aria-label": t("table"), dataset: { testid: "table" } },
        waitingSeats(store.players, seatName),
        h("div", { class: "middle" }, h("div", { class: "trick", dataset: { testid: "trick" } },
          store.engine === "loading" ? h("div", { class: "felt-loading" }, h("p", { text: t("loading") }),
            progressBar(true)) : null))),
      h("div", { class: "below" }, h("section", { class: "hand", dataset: { testid: "hand" } }))));
  }
  const shown = tools.shownTrick(view);
  const held = store.tools.hold && view.trick.length === 0 && view.last_trick;
  const done = view.phase === "done";
  return h("div", { class: `game players-${view.players}` },
    h("div", { class: `stage phase-${view.phase}${view.hand.length ? "" : " empty-hand"}` },
      store.error ? h("p", { class: "engine failed", text: store.error }) : null,
      net.hostBanner(), net.guestBanner(),
      feltView(store, view, shown, held ? view.last_trick.winner : null),
      done ? resultPanel(store, view) : null,
      h("div", { class: "below" },
        passplay.coverPanel(view) ?? [
          actions(view),
          view.sitting_out === view.seat && !done ? sitOutNote() : null,
          // the hand keeps its room while the last trick is played (nothing jumps)
          view.hand.length || !done ? handView(store, view) : null,
          tools.toolbar()]),
      variantNoticeView(),
      net.hostPanel()),
    view.sheet && view.sheet.length ? scoreSheet(view) : null);
}

// The dealer who sits out watches; they may skip to the result instead of waiting.
function sitOutNote() {
  return h("p", { class: "sits-out-note", dataset: { testid: "you-sit-out" } }, t("youSitOut"), " ",
    store.skip ? null : h("button", { type: "button", class: "small",
      dataset: { intent: "skip", focus: "skip", testid: "skip-ahead" }, text: t("skipAhead") }));
}

function actions(view) {
  if (view.phase === "done") return null;
  const prefix = `${view.seat}:`;
  const words = view.legal.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length))
    .filter((w) => !isCard(w) && !w.startsWith("return:"));
  const returning = view.phase === "poverty-return" && view.to_act === view.seat;
  if (!words.length && !returning) return null;
  const label = view.phase === "play" ? t("announcementsLabel")
    : view.phase.startsWith("poverty") ? t("action.poverty") : t("reservationsLabel");
  // many solos fold into one "Solo …" button, and the announcements beyond the next
  // one into "Mehr …", so the choices stay one short row above the hand
  const solos = words.filter((w) => w.startsWith("solo:"));
  const folded = solos.length > 2 && !store.tools.solos;
  const calls = words.filter((w) => tools.isAnnouncement(w));
  const furtherCalls = store.tools.moreCalls ? [] : calls.slice(1);
  const shown = words.filter((w) => !tools.isCardWedding(w) && !(folded && w.startsWith("solo:"))
    && !furtherCalls.includes(w));
  const buttons = shown.map((w) => h("button", { type: "button",
    class: `action${w === "healthy" ? " primary" : ""}`,
    "aria-disabled": store.busy ? "true" : null,
    dataset: { action: w, focus: `action:${w}` } }, tools.actionContent(w, view)));
  if (solos.length > 2) {
    buttons.splice(folded ? buttons.length : buttons.length - solos.length, 0, h("button", {
      type: "button", class: "action", "aria-expanded": String(!folded),
      dataset: { intent: "solo-picker", focus: "solo-picker", testid: "solo-picker" } },
    t("soloPicker")));
  }
  if (calls.length > 1) {
    buttons.push(h("button", { type: "button", class: "action", "aria-expanded": String(!!store.tools.moreCalls),
      dataset: { intent: "more-calls", focus: "more-calls", testid: "more-calls" } },
    store.tools.moreCalls ? t("fewerCalls") : t("moreCalls")));
  }
  buttons.push(...tools.weddingPicker(words, view));
  if (returning) {
    const count = returnCount(view);
    const ready = store.picked.length === count;
    buttons.push(h("button", { type: "button", class: "action primary",
      "aria-disabled": ready && !store.busy ? null : "true",
      dataset: { action: "return", intent: "return", focus: "action:return", count: String(count) },
      text: t("returnPicked", { k: store.picked.length, n: count }) }));
  }
  return h("section", { class: "actions", role: "group", "aria-label": label,
    dataset: { testid: "actions" } },
  h("span", { class: "actions-label", "aria-hidden": "true", text: label }), buttons);
}

function scoreSheet(view) {
  return h("section", { class: "sheet", "aria-labelledby": "sheet-title" },
    h("h2", { id: "sheet-title", text: t("scoresheet") }),
    seriesState(view),
    sheetView({ rows: view.sheet, totals: view.totals, seats: players(), seatName, review: true,
      expanded: store.expanded, sittingOut: (row) => (players() === 5 ? row.dealer : null),
      replayable: true, bockToCome: view.bock_to_come ?? 0 }));
}

// Where the series stands: "Runde 2 von 4", the Vorführen after the last round, or over.
function seriesState(view) {
  if (!view.rounds) return null;
  const played = view.rounds_played ?? 0;
  const text = view.series_finished ? t("seriesOver")
    : played >= view.rounds ? t("roundsDone")
      : t("roundOf", { n: played + 1, total: view.rounds });
  return h("p", { class: "series-state", dataset: { testid: "series-state",
    finished: String(!!view.series_finished) }, text });
}

// Live regions live outside #app; only touch them when their text changes.
function updateLive() {
  const view = store.view;
  let status = "";
  if (store.screen === "play" && store.tab !== "own") {
    status = store.tab === "moved" ? t("tabMovedTitle") : t("tabElsewhereTitle");
  } else if (store.screen === "play" && store.engine === "loading") status = t("loading");
  else if (store.screen === "play" && view && view.phase !== "done" && view.to_act != null) {
    status = view.to_act === view.seat ? t("yourTurn") : t("turnOf", { name: seatName(view.to_act) });
  } else if (store.screen === "play" && view && view.phase === "done") status = t("result");
  setText("status", status);
  setText("alert", store.alert || (store.asideWhy ? saved.problemText(store.asideWhy) : ""));
  setText("record", store.screen === "play" && view && view.record ? JSON.stringify(view.record) : "");
}

function setText(id, text) {
  const el = document.getElementById(id);
  if (el.textContent !== text) el.textContent = text;
}

// ---- [page-screens wiring] one ctx for the screens' intents (CONTRACT26.md) -------
// page-core's store/intents replace this block; the names are the contract's.

const screenIntents = { ...keeperIntents, ...tournamentIntents, ...sheetIntents, ...replayIntents, ...editorIntents,
  ...reviewIntents, ...statsIntents,
  // back at the table, its bots go on
  "review-back": (c) => {
    c.update(closeReview);
    scheduleBot();
  },
  // the game's own: a table from the replay's record
  "replay-play-on": () => {
    const { record, seat } = playOnFrom(store.replay);
    return playOn(record, seat);
  },
};

const ctx = {
  get state() { return store; },
  update(fn) { fn(store); render(); },
  call,
  navigate(hash) { location.hash = hash; },
  alert(message) {
    store.alert = message && typeof message === "object" ? errorText(message) : String(message ?? "");
    updateLive();
  },
  status(text) { setText("status", text); },
  save(kind, data) {
    if (kind === "keeper") return keeperWrite(() => saved.saveKeeper(data));
    if (kind === "tournament") return tournamentRead.then(() => saved.saveTournament(data));
    if (kind === "review-loss") return saved.noteReviewLoss(data.key, data.loss);
    if (kind === "variants") return saved.saveVariants(data);
    return Promise.reject(new Error(`no store for ${kind}`));
  },
  setAside(kind, entry, why) {
    if (kind === "keeper") keeperSetAside(entry, why);
    else saved.quarantine(kind, entry, why).catch(() => {});
  },
  download,
  meta: () => store.meta,
};

// The element's intent, if a screen module has it: data = its dataset, plus value (and
// checked, files) for form fields. Text fields answer as typed; a slider when let go.
function screenIntent(event) {
  const el = event.target.closest?.("[data-intent]");
  const handler = el && root.contains(el) ? screenIntents[el.dataset.intent] : null;
  if (!handler) return false;
  const field = ["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName);
  if (event.type === "click" && field) return true; // fields answer with input/change
  const typed = el.tagName === "TEXTAREA" || (el.tagName === "INPUT"
    && !["range", "checkbox", "radio", "file"].includes(el.type));
  // a typed field answers each input (its change on blur would redraw under the pointer)
  if (event.type === "input" ? !typed : event.type === "change" && typed) return true;
  if (el.getAttribute("aria-disabled") === "true") return true;
  const data = { ...el.dataset };
  if (field) Object.assign(data, { value: el.value, checked: el.checked, files: el.files ? [...el.files] : null });
  if (event.type === "keydown") data.event = event;
  Promise.resolve(handler(ctx, data)).catch((err) => ctx.alert(err?.code ? err : t("storageFailed")));
  if (el.type === "file") el.value = ""; // the same file chosen again is read again
  return true;
}

// captured: a field's own input/change event need not bubble (a script may send one)
root.addEventListener("input", (event) => { screenIntent(event); }, true);
root.addEventListener("change", (event) => { screenIntent(event); }, true);
document.addEventListener("keydown", (event) => { replayKeys(ctx, event); });
// a field that takes keys names them (data-keys="Enter"): its intent gets data.event
root.addEventListener("keydown", (event) => {
  const el = event.target.closest?.("[data-intent][data-keys]");
  if (el && el.dataset.keys.split(" ").includes(event.key)) screenIntent(event);
});
// the editor's draft needs the engine's metadata: its route runs again once that is in
rulesReady.then(() => { if (store.screen === "rules") route(); });

// ---- wiring -------------------------------------------------------------

document.getElementById("alert").addEventListener("click", () => {
  store.alert = "";
  store.asideWhy = null;
  render();
});

root.addEventListener("click", (event) => {
  if (screenIntent(event)) return; // [page-screens wiring]
  const el = event.target.closest("button");
  if (!el || !root.contains(el)) return;
  const { card, action, intent, index, value } = el.dataset;
  const enabled = el.getAttribute("aria-disabled") !== "true";
  if (intent && intent.startsWith("together-")) { if (enabled) togetherClick({ ...el.dataset }); }
  else if (card) dispatch({ kind: "card", card, index: Number(index), enabled });
  else if (intent === "return") { if (enabled) dispatch({ kind: "return" }); }
  else if (action) { if (enabled) dispatch({ kind: "action", word: action }); }
  else if (intent === "new-here") dispatch({ kind: "home" });
  else if (intent) dispatch({ kind: intent, value });
});

root.addEventListener("change", (event) => {
  const el = event.target;
  if (screenIntents[el.dataset?.intent]) return; // [page-screens wiring] taken below
  if (el.tagName === "SELECT" && el.dataset.intent && !el.dataset.intent.startsWith("keeper-")) {
    dispatch({ kind: el.dataset.intent, value: el.value });
  }
});

bindVariants(store); // [page-screens wiring] start.js's two calls read the store through it


// The shared table's buttons, by screen: the setup, a guest's invite, the table.
function togetherClick(data) {
  if (store.screen === "together") return together.togetherClick(data);
  if (store.screen === "join") return net.joinClick(data);
  if (data.intent === "together-reveal") return passplay.passClick(data);
  return net.hostClick(data);
}

const say = (text) => { store.alert = text; render(); };
together.initTogether({ state: store, root, render, alert: say, start: (mode, names) => startTogether(mode, names),
  rounds: () => store.rounds ?? defaultRounds() });
passplay.initPassplay({ state: store, call, render, show: setView });
net.initNetplay({ state: store, root, render, call, alert: say, show: setView, stun: together.stunSetting,
  act: guestMove, setBots, scheduleBot, botSpec: levelBot, engineBusy: () => inFlight > 0 });

tools.init({ state: store, render, act, call, seatName, scheduleBot,
  primer: () => {
    const id = store.view?.rules ?? store.preset;
    const text = localText(store.rulesMeta?.[id]?.primer);
    const href = rulesPageLink(store.view?.rules_spec ?? chosenRules());
    return text ? { name: presetName(store.rulesMeta, id), text, href } : null;
  },
  request: (type, payload) => request(++game, type, payload) });

// Write the table; false if the write was refused because another tab has the game
// (this tab then stops and says so). Other storage failures keep the game going.
async function persist(token, type) {
  if (!store.view && store.screen !== "play") return true;
  try {
    await saved.saveGame(call, location.hash.startsWith("#/play") ? location.hash : "#/game",
      { owner: tabs.tabId, gameId, back: type === "undo", together: together.saved() });
  } catch (err) {
    if (err?.code === "game-owned" || err?.code === "game-newer") {
      if (token === game) lostTable(err.code);
      return false;
    }
    store.alert = t("storageFailed");
  }
  return true;
}

async function openReplay(path, params) {
  const token = ++game;
  Object.assign(store, { screen: "replay", view: null, error: "", alert: "" });
  render();
  const ok = await replayRoute(ctx, path, params); // [page-screens wiring]
  if (token !== game) return;
  if (!ok) store.screen = "start";
  render();
}

// Play on from a replay's step: a table from the record, at the seat shown.
function playOn(record, seat, steal = false) {
  const token = ++game;
  Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "",
    picked: [], tab: "own" });
  history.replaceState(null, "", "#/game");
  render();
  return ownTable(token, (again) => playOn(record, seat, again), steal).then((mine) => {
    if (!mine) return undefined;
    gameId = newGameId();
    return request(token, "load_record", { record, seat });
  });
}

// The keeper's writes wait in line behind the read of its stored sheet: a sheet it cannot
// read is set aside (moved whole to the quarantine, reported) before anything is written,
// so the keeper never writes over it. Should the engine fail while the sheet is read
// (not the sheet's fault), the keeper writes nothing at all.
let keeperWrites = saved.savedKeeper().then(async (obj) => {
  if (!obj) return;
  await rulesReady;
  const why = await keeperRestore(ctx, obj); // [page-screens wiring]
  if (!why) return;
  if (why.params?.reason?.code === "engine-failure") throw new Error("engine failed");
  await saved.setAside("keeper", why);
});
// [page-screens wiring] once read (and the engine's rules known), the keeper shows its sheet
keeperWrites.catch(() => {}).finally(() => {
  rulesReady.then(() => keeperCheckTable(ctx)).catch(() => {}).finally(() => {
    ctx.update((s) => { s.keeper.read = true; });
  });
});

// [page-screens wiring] the stored evening is read at start and when the tab shows again
// (another tab may have saved it); a write waits for the read before it.
function readTournament() {
  return saved.savedTournament().then((obj) => (obj ? tournamentRestore(ctx, obj) : undefined), () => {});
}
let tournamentRead = readTournament();
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") tournamentRead = tournamentRead.then(readTournament);
});

function keeperWrite(work) {
  keeperWrites = keeperWrites.then(work);
  keeperWrites.catch(() => {});
  return keeperWrites;
}

// A sheet the keeper cannot show (rules or a table size the engine does not play): the
// stored entry is moved aside as stored (the sheet itself, if it never was stored).
function keeperSetAside(entry, why) {
  keeperWrite(async () => {
    const moved = await saved.setAside("keeper", why).catch(() => false);
    if (!moved) await saved.quarantine("keeper", entry, why);
  }).catch(() => {});
}
// An entry set aside is said until the player puts the message away: a screen change
// (which clears other messages) may come right after it.
saved.onProblem((message, why) => { store.asideWhy = why; queueMicrotask(render); });
saved.onQuarantine(() => { if (store.screen === "start") listQuarantined(); });
saved.sweep().catch(() => {});

try { setLang(localStorage.getItem("doko.lang") || "de"); } catch { setLang("de"); }
installSprite();
window.addEventListener("hashchange", route);
route();
// the device's variants: listed beside the presets; an editor link naming one waits for them
saved.savedVariants().then((data) => variantsRestore(ctx, data)).then(() => { // [page-screens wiring]
  if (location.hash.startsWith("#/rules")) route(); // [page-screens wiring] the list checks them
  else render();
}, () => {});
