// The page: the state lives in one store, render() draws it from scratch, clicks become
// intents that change the store or ask the engine. The engine runs in worker.js; this
// module never blocks on Python.
import { t, setLang, getLang, errorText, presetName, localText } from "./i18n.js";
import * as tools from "./table-tools.js";
import { initialKeeper, keeperScreen, keeperIntents, keeperRestore, keeperRoute, keeperCheckTable } from "./keeper.js";
import { sheetIntents } from "./sheet.js";
import { initialTournament, tournamentScreen, tournamentIntents, tournamentRoute, tournamentRestore } from "./tournament.js";
import { startScreen } from "./start.js";
import { initialReplay, replayRoute, replayScreen, replayIntents, replayKeys, playOnFrom, shareReplayLink } from "./replay.js";
import { initialReview, initialStats, reviewOpen, reviewScreen, reviewIntents, stopReview, closeReview, statsScreen,
  statsIntents, statsRestore, dealStat } from "./review.js";
import { installSprite } from "./cards.js";
import * as motion from "./motion.js";
import * as saved from "./storage.js";
import * as tabs from "./tabs.js";
import { download } from "./dom.js";
import { options, delay as chosenDelay } from "./options.js";
import "./offline.js";
import * as perf from "./perf.js";
import { worker, listen } from "./boot.js";
import { initialEditor, editorRoute, editorScreen, editorIntents } from "./editor.js";
import * as V from "./variants.js";
import { initialVariants, variantsRestore } from "./variants.js";
import * as together from "./together.js";
import * as passplay from "./passplay.js";
import * as net from "./netplay.js";
import { defaults, createStore, frameScheduler } from "./store.js";
import { workerClient } from "./worker-client.js";
import { parseHash, gameLink, linkDelay, newGameHash } from "./router.js";
import { seatName as seatNameOf } from "./seats.js";
import { randomSeed, randomId } from "./random.js";
import { intentTable, runIntent, intentData, answers } from "./intents.js";
import { playScreen, header, returnCount, rulesPageLink } from "./screens/play.js";

const store = defaults({
  keeper: initialKeeper(),
  tournament: initialTournament(),
  replay: initialReplay(),
  editor: initialEditor(),
  variants: initialVariants(),
  review: initialReview(),
  stats: initialStats(),
});
const page = createStore(store, draw, frameScheduler((fn) => requestAnimationFrame(fn), setTimeout));
const update = (fn) => page.update(fn);
// What the modules that do not use ctx.update yet call: the page is drawn at once (they,
// and tests, read the DOM right after a key or a click); a frame's queued draw is then
// done already.
const render = () => {
  page.update();
  page.flush();
};
const seatName = (seat) => seatNameOf(store, seat);

// ---- worker client ------------------------------------------------------

const client = workerClient((message) => worker.postMessage(message),
  { onReady: engineReady, onFailed: engineFailed });
listen(({ data }) => client.receive(data), (event) => engineFailed(event.message || "worker error"));
const call = client.call;

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
    store.meta = rules;
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


function route() {
  const { path, params } = parseHash(location.hash);
  // only the table screen plays the saved game; elsewhere another tab may take it
  if (path !== "/play" && path !== "/game") tabs.release();
  // a link's parameters hold for the game it opens, not for any screen after it
  store.delay = linkDelay(params) ?? chosenDelay();
  if (params.has("wait")) net.setWait(Number(params.get("wait")));
  if (path.startsWith("/answer/")) return void net.openAnswer(path.slice("/answer/".length));
  // a shared table ends when its page goes elsewhere (a saved one comes back on resume)
  net.stop();
  together.leave();
  if (path.startsWith("/join/")) {
    store.game.token++;
    Object.assign(store, { view: null, alert: "", error: "" });
    return void net.openInvite(path.slice("/join/".length));
  }
  if (path === "/together") {
    store.game.seed = gameLink(params).seed; // a test's (or a shared) deal
    store.game.token++;
    Object.assign(store, { screen: "together", view: null, alert: "", error: "" });
    return void render();
  }
  if (path === "/play") {
    const link = V.rulesFromParams(params, store.preset);
    const rules = link.rules;
    const { seed, players, rounds, level } = gameLink(params);
    if (store.rulesMeta && Object.hasOwn(store.rulesMeta, V.presetOf(rules))) store.preset = V.presetOf(rules);
    Object.assign(store, { players, rounds, level });
    startGame(rules, seed ?? randomSeed(), false, location.hash,
      link.error ? t("badOptions", { why: errorText(link.error) }) : "");
  } else if (path.startsWith("/replay/") || path === "/demos") {
    openReplay(path, params);
  } else if (path === "/game") {
    startGame(store.preset, randomSeed());
  } else if (path === "/tournament" || path.startsWith("/tournament/")) {
    store.game.token++;
    Object.assign(store, { screen: "tournament", view: null, alert: "", error: "" });
    render(); // the stored evening first, then the route
    tournamentRead = tournamentRead.then(readTournament);
    tournamentRead.then(() => tournamentRoute(ctx, path));
  } else if (path === "/stats") {
    store.game.token++;
    stopReview(store.review);
    Object.assign(store, { screen: "stats", view: null, alert: "", error: "" });
    render();
    saved.savedStats().then((deals) => statsRestore(ctx, deals), () => statsRestore(ctx, []));
  } else if (path === "/keeper") {
    store.game.token++;
    Object.assign(store, { screen: "keeper", view: null, alert: "", error: "" });
    render();
    keeperRoute(ctx, path, params);
  } else if (path === "/rules" || path.startsWith("/rules/")) {
    store.game.token++;
    Object.assign(store, { screen: "rules", view: null, alert: "", error: "" });
    render();
    editorRoute(ctx, path, params);
  } else {
    store.game.token++;
    Object.assign(store, { screen: "start", view: null });
    render();
    findSavedGame();
  }
}


const newGameId = randomId;

// Starts the table again here, taking the game from another tab (set while this tab
// shows the other-tab notice; "take-over" calls it).
let startHere = null;

// Own the saved game before touching it. false: another tab plays it, and this tab
// says so and offers to take it over (again(true) does).
async function ownTable(token, again, steal) {
  const mine = await tabs.own(steal ? "steal" : "try");
  if (token !== store.game.token) {
    if (store.screen !== "play") tabs.release(); // the player left before the lock came
    return false;
  }
  if (mine) {
    try { await saved.claimGame(tabs.tabId); } catch { /* no storage: nothing to guard */ }
    if (token !== store.game.token) return false;
    store.tab = "own";
    store.tabWhy = "";
    startHere = null;
    return true;
  }
  const other = await saved.savedGame("#/game");
  if (token !== store.game.token) return false;
  Object.assign(store, { tab: "elsewhere", tabWhy: "", busy: false, view: null,
    otherGame: !!other && location.hash !== "#/game" && other.hash !== location.hash });
  startHere = again;
  render();
  return false;
}

// Another tab took the game (its lock, its message or a refused write): stop here.
function lostTable(why = "") {
  if (store.screen !== "play" || store.tab !== "own") return;
  store.game.token++; // drops this tab's bot timers and engine replies
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
  const token = ++store.game.token;
  Object.assign(store, { screen: "play", view: null, busy: true, alert, error: "", picked: [],
    expanded: [], tab: "own", variantNotice: null });
  render();
  if (!await ownTable(token, (again) => startGame(rules, seed, again, from, alert), steal)) return;
  const resume = await saved.savedGame(from);
  if (token !== store.game.token) return;
  if (resume && await resumeSaved(token, resume)) return;
  if (token !== store.game.token) return;
  store.game.id = newGameId();
  if (typeof rules !== "string") {
    rules = await checkLinkRules(token, rules);
    if (token !== store.game.token) return;
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
    answer = await V.checkRules(ctx, rules);
  } catch (err) {
    answer = { ok: false, refusal: { code: err.code, params: err.params } };
  }
  if (token !== store.game.token) return rules;
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
    const answer = await call("new_game", payload);
    if (token === store.game.token) await persist(token, "new_game", answer.save);
    if (token === store.game.token) setView(answer.view, answer.events);
    return;
  } catch (err) {
    if (token !== store.game.token) return;
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
  let answer;
  try {
    answer = resume.table ? await call("resume", { table: resume.table })
      : await call("load_record", { record: resume.record, seat: resume.seat });
  } catch (err) {
    if (token === store.game.token) await saved.setAsideGame({ code: err.code, params: err.params });
    return false;
  }
  if (token !== store.game.token) return true;
  store.game.id = typeof resume.gameId === "string" ? resume.gameId : newGameId();
  const shared = together.resumed(resume.together, answer.view.players);
  // a schema 1 entry is written again as a whole table
  if (!await persist(token, "resume", answer.save) || token !== store.game.token) return true;
  setView(await passplay.present(answer.view), answer.events);
  if (shared === "host" && token === store.game.token) net.hostStarted(false);
  return true;
}

// Ask the engine; a reply for an abandoned game is ignored.
async function request(token, type, payload) {
  if (store.screen === "play" && store.tab !== "own") return;
  store.game.inFlight++;
  try {
    // one request: the new view, what happened (events) and the table to store (save)
    const answer = await call(type, payload);
    // a saved game is written (and committed) before the move is shown as done; a
    // refused write is no move: the table says where the game went instead
    if (token !== store.game.token || !await persist(token, type, answer.save)) return;
    const seen = await passplay.present(answer.view); // pass and play: only the hand that may show
    if (token === store.game.token) setView(seen, answer.events);
  } catch (err) {
    if (token !== store.game.token) return;
    store.busy = false;
    if (type === "act") store.alert = errorText(err, seatName);
    else store.error = errorText(err, seatName);
    render();
    if (type !== "act") scheduleBot();
  } finally {
    store.game.inFlight--;
  }
}



// A shared table's start: the people by name (null: a bot of the chosen level), the first
// person at the bottom; a host's other seats are bots until guests sit down.
async function startTogether(mode, names, steal = false) {
  const token = ++store.game.token;
  history.replaceState(null, "", "#/game");
  Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "", picked: [],
    expanded: [], tab: "own", together: { mode, names, covered: null, revealed: null } });
  render();
  if (!await ownTable(token, (again) => startTogether(mode, names, again), steal)) return;
  store.game.id = newGameId();
  const seat = Math.max(0, names.findIndex((n) => n != null));
  const payload = { rules: store.preset, seed: store.game.seed ?? randomSeed(), seat, players: store.players,
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

// A step on a shared table that is not this page's own tap (a guest's move, who plays
// each seat): one request, stored and shown; a refusal comes back as {code, params}.
async function tableStep(type, payload) {
  const token = store.game.token;
  store.busy = true;
  try {
    const answer = await call(type, payload);
    if (token === store.game.token && await persist(token, type, answer.save) && token === store.game.token) {
      setView(answer.view, answer.events);
    }
    return null;
  } catch (err) {
    store.busy = false;
    return { code: err.code, params: err.params };
  }
}

// A guest's move on the host's table; its refusal goes back to the guest.
async function guestMove(action) {
  const refusal = await tableStep("act", { action });
  if (refusal) scheduleBot();
  return refusal;
}

// Who plays each seat from now on (a guest left or came back).
async function setBots(bots) {
  const refusal = await tableStep("set_bots", { bots });
  if (refusal) {
    store.alert = errorText(refusal, seatName);
    render();
  }
}

function setView(view, events = []) {
  if (view.phase === "done" && view.result && store.view?.phase !== "done") keepDealStat(view);
  if (view.phase === "done" || view.sitting_out !== view.seat) store.skip = false;
  tools.onView(view, events);
  store.events = events; // the last step's events: a host passes them on to its guests
  store.step += 1; // the events are new: the next redraw animates them (once)
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
  saved.addDealStat(dealStat(view, { game: store.game.id, level: store.level ?? store.defaultLevel }))
    .catch(() => {});
}

// The deal review of the sheet's deal `row` (0-based), for the player's seat.
async function reviewDeal(row) {
  const view = store.view;
  try {
    const got = await call("deal_record", { game: row });
    store.screen = "review";
    reviewOpen(ctx, { record: got.record, seat: got.seat, bots: got.bots, key: `${store.game.id}:${row + 1}`,
      played: view?.sheet?.[row]?.points?.[got.seat] ?? 0 });
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
  const token = store.game.token;
  if (tools.holding() && !store.skip) return; // a finished trick is still on show
  setTimeout(() => {
    // the player may have acted (or taken back) meanwhile: only a bot still to act moves
    if (token === store.game.token && store.view === view && !store.busy) request(token, "bot", {});
  }, store.skip ? 0 : store.delay);
}

function act(word) {
  const view = store.view;
  store.busy = true;
  store.alert = "";
  render();
  if (net.isGuest()) return void net.sendAction(`${view.seat}:${word}`);
  request(store.game.token, "act", { action: `${view.seat}:${word}` });
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
      location.hash = newGameHash({ preset: store.preset, optionsParam: V.optionsParam(chosenRules()),
        seed: randomSeed(), players: store.players, rounds: store.rounds, level: store.level });
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
      return void request(store.game.token, "next_game", {});
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

// ---- drawing ------------------------------------------------------------

const root = document.getElementById("app");

function draw() {
  const focused = document.activeElement;
  const focusKey = focused?.dataset?.focus;
  const caret = caretOf(focused);
  const before = motion.capture(root, store.step);
  document.documentElement.lang = getLang();
  document.title = t("title");
  root.dataset.screen = store.screen;
  const files = fileFields(root);
  const next = [header(store), screen()];
  keepFileFields(files, next);
  root.replaceChildren(...next);
  if (store.screen === "play") perf.markRender(root);
  if (focusKey) refocus(root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`), caret);
  motion.play(before, root, { step: store.step, events: store.events, duration: flightTime() });
  updateLive();
}

// Typing survives a redraw: the field gets the focus back with its caret where it was.
function refocus(el, caret) {
  if (!el) return;
  el.focus();
  if (caret) {
    try { el.setSelectionRange(...caret); } catch { /* a field without a caret */ }
  } else if (el.type === "number" && el.value) {
    // a number field tells no caret (Chromium puts it at the start): typing goes on at its end
    const typed = el.value;
    el.value = "";
    el.value = typed;
  }
}

// Where the caret of a focused text field is, or null.
function caretOf(el) {
  try {
    return typeof el?.selectionStart === "number" ? [el.selectionStart, el.selectionEnd] : null;
  } catch {
    return null;
  }
}

// A file field keeps its node across redraws: a file chosen while the page redraws (an
// engine answer coming in) is not dropped with a replaced node.
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

// How long a card flies: follows the speed setting (the bots' pace).
function flightTime() {
  return { slow: 320, normal: 240, fast: 150, instant: 0 }[options.speed] ?? 240;
}

function screen() {
  switch (store.screen) {
    case "play": return playScreen(store);
    // the stored sheet is read (or set aside) before the keeper shows one
    case "keeper": return keeperScreen(store);
    case "tournament": return tournamentScreen(store);
    case "replay": return replayScreen(store);
    case "rules": return editorScreen(store);
    case "review": return reviewScreen(store);
    case "stats": return statsScreen(store);
    case "together": return together.togetherScreen(store.engine === "ready");
    case "join": return net.joinScreen();
    case "answer": return net.answerScreen();
    default: return startScreen(store, { savesPanel: saved.savesPanel((message) => {
      store.alert = message; render(); }), maxRounds, defaultRounds, presetPlayers });
  }
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

// ---- the one context every handler gets, and the one intent table ---------

// Where each kind of slice is stored; the keeper's and the tournament's writes wait for
// the read of what is stored (see keeperWrite, tournamentRead).
const SAVERS = {
  keeper: (data) => keeperWrite(() => saved.saveKeeper(data)),
  tournament: (data) => tournamentRead.then(() => saved.saveTournament(data)),
  variants: saved.saveVariants,
  "review-loss": (data) => saved.noteReviewLoss(data.key, data.loss),
};

const ctx = {
  state: store,
  update,
  call,
  navigate: (hash) => { location.hash = hash; },
  alert: (what) => update((s) => {
    s.alert = typeof what === "string" ? what : errorText(what, seatName);
  }),
  status: (text) => setText("status", text),
  save: (kind, data) => (SAVERS[kind] ? SAVERS[kind](data)
    : Promise.reject(Object.assign(new Error(kind), { code: "storage-kind", params: { kind } }))),
  setAside: (kind, entry, why) => (kind === "keeper" ? keeperSetAside(entry, why)
    : saved.setAside(kind, why).then((moved) => moved || saved.quarantine(kind, entry, why))),
  download,
  meta: () => store.meta,
};

// The page's own intents: each goes through dispatch's guards (a covered hand, a table
// this tab does not own take no moves).
const PAGE_INTENTS = ["take-over", "quarantine-export", "quarantine-delete", "lang", "new", "keeper",
  "tournament", "players", "level", "rounds", "skip", "more-calls", "solo-picker", "primer", "home",
  "sheet-replay", "share", "variant-notice-ok", "variant-notice-save", "variant", "preset", "review",
  "review-game", "next", "theme", "settings", "help", "last", "collect", "wedding-picker", "hint", "undo"];
const pageIntents = Object.fromEntries(PAGE_INTENTS.map((name) => [name,
  (_ctx, data) => dispatch({ kind: name, value: data.value })]));
const intents = intentTable(pageIntents, keeperIntents, tournamentIntents, sheetIntents, replayIntents,
  editorIntents, reviewIntents, statsIntents, {
  // back at the table, its bots go on
  "review-back": (c) => {
    c.update(closeReview);
    scheduleBot();
  },
  // a table from the replay's record, at the step shown
  "replay-play-on": () => {
    const { record, seat } = playOnFrom(store.replay);
    return playOn(record, seat);
  },
  "new-here": () => dispatch({ kind: "home" }),
  // typing the name a link's variant is to be saved under; Enter saves it
  "variant-notice-name": (_ctx, data) => {
    if (data.event) return dispatch({ kind: "variant-notice-save" });
    if (store.variantNotice) store.variantNotice.name = String(data.value ?? "");
  },
  return: (_ctx, data) => { if (data.enabled) dispatch({ kind: "return" }); },
});

// ---- wiring -------------------------------------------------------------

document.getElementById("alert").addEventListener("click", () => {
  store.alert = "";
  store.asideWhy = null;
  render();
});

// One way in for every element with an intent: a click, a field's input or change (caught
// on the way down, so a field's own event need not bubble), a key the field names. What
// the handler changes is drawn at once (the next tap lands on what it shows).
function onIntent(event) {
  const el = event.target.closest?.("[data-intent]");
  if (!el || !root.contains(el)) return false;
  if (!answers(el, event)) return true;
  const data = intentData(el, event);
  if (!data.enabled) return true; // a dimmed control does nothing
  if (data.intent.startsWith("together-")) togetherClick(data);
  else runIntent(intents, data.intent, ctx, data);
  if (el.type === "file") el.value = ""; // the same file chosen again is read again
  page.flush();
  return true;
}

root.addEventListener("click", (event) => {
  if (onIntent(event)) return;
  const el = event.target.closest("button");
  if (!el || !root.contains(el)) return;
  const { card, action, index } = el.dataset;
  const enabled = el.getAttribute("aria-disabled") !== "true";
  if (card) dispatch({ kind: "card", card, index: Number(index), enabled });
  else if (action) { if (enabled) dispatch({ kind: "action", word: action }); }
});
root.addEventListener("input", onIntent, true);
root.addEventListener("change", onIntent, true);
root.addEventListener("keydown", onIntent);
document.addEventListener("keydown", (event) => { replayKeys(ctx, event); });

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
net.initNetplay({ state: store, root, render, call, alert: say,
  show: (view, events) => setView(view, tools.checkedEvents(events, view.players)), stun: together.stunSetting,
  act: guestMove, setBots, scheduleBot, botSpec: levelBot, engineBusy: () => store.game.inFlight > 0 });

tools.init({ state: store, render, act, call, seatName, scheduleBot,
  primer: () => {
    const id = store.view?.rules ?? store.preset;
    const text = localText(store.rulesMeta?.[id]?.primer);
    const href = rulesPageLink(store.view?.rules_spec ?? chosenRules());
    return text ? { name: presetName(store.rulesMeta, id), text, href } : null;
  },
  request: (type, payload) => request(++store.game.token, type, payload) });

// Write the table; false if the write was refused because another tab has the game
// (this tab then stops and says so). Other storage failures keep the game going.
async function persist(token, type, table) {
  if (!store.view && store.screen !== "play") return true;
  try {
    await saved.saveGame(table, location.hash.startsWith("#/play") ? location.hash : "#/game",
      { owner: tabs.tabId, gameId: store.game.id, back: type === "undo", together: together.saved() });
  } catch (err) {
    if (err?.code === "game-owned" || err?.code === "game-newer") {
      if (token === store.game.token) lostTable(err.code);
      return false;
    }
    store.alert = t("storageFailed");
  }
  return true;
}

async function openReplay(path, params) {
  const token = ++store.game.token;
  Object.assign(store, { screen: "replay", view: null, error: "", alert: "" });
  render();
  const ok = await replayRoute(ctx, path, params);
  if (token !== store.game.token) return;
  if (!ok) store.screen = "start";
  render();
}

// Play on from a replay's step: a table from the record, at the seat shown.
function playOn(record, seat, steal = false) {
  const token = ++store.game.token;
  Object.assign(store, { screen: "play", view: null, busy: true, alert: "", error: "",
    picked: [], tab: "own" });
  history.replaceState(null, "", "#/game");
  render();
  return ownTable(token, (again) => playOn(record, seat, again), steal).then((mine) => {
    if (!mine) return undefined;
    store.game.id = newGameId();
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
  const why = await keeperRestore(ctx, obj);
  if (!why) return;
  if (why.params?.reason?.code === "engine-failure") throw new Error("engine failed");
  await saved.setAside("keeper", why);
});
// once read (and the engine's rules known), the keeper shows its sheet
keeperWrites.catch(() => {}).finally(() => {
  rulesReady.then(() => keeperCheckTable(ctx)).catch(() => {}).finally(() => {
    update((s) => { s.keeper.read = true; });
  });
});

// The stored evening is read at start and whenever the tab shows again (another tab may
// have saved it); a write waits for the read before it.
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
saved.savedVariants().then((data) => variantsRestore(ctx, data)).then(() => {
  if (location.hash.startsWith("#/rules")) route(); // the list checks them
  else render();
}, () => {});
// the editor's draft needs the engine's metadata: its route runs again once that is in
rulesReady.then(() => { if (store.screen === "rules") route(); });
