// The page's entry point: it makes the one store, the worker client and the context every
// handler gets, routes links to screens, and sends every tap, key and field to the one
// intent table. Drawing is render.js's, the game at the table game.js's, the screens'
// state and intents their own modules'. The engine runs in worker.js; nothing here
// blocks on Python.
import { t, setLang, errorText, presetName, localText } from "./i18n.js";
import * as tools from "./table-tools.js";
import { initialKeeper, keeperIntents, keeperRoute } from "./keeper.js";
import { sheetIntents } from "./sheet.js";
import { initialTournament, tournamentIntents, tournamentRoute } from "./tournament.js";
import { startIntents, startRoute, quarantineChanged } from "./start.js";
import { initialReplay, replayRoute, replayIntents, replayKeys } from "./replay.js";
import { initialReview, initialStats, reviewIntents, stopReview, statsIntents, statsRestore } from "./review.js";
import { initialEditor, editorRoute, editorIntents } from "./editor.js";
import { initialVariants, variantsRestore } from "./variants.js";
import * as V from "./variants.js";
import { installSprite } from "./cards.js";
import * as saved from "./storage.js";
import * as tabs from "./tabs.js";
import { download } from "./dom.js";
import { initialOptions, delayOf } from "./options.js";
import "./offline.js";
import * as perf from "./perf.js";
import { worker, listen } from "./boot.js";
import * as together from "./together.js";
import { initialTogetherSetup } from "./together.js";
import * as passplay from "./passplay.js";
import * as net from "./netplay.js";
import { defaults, createStore, frameScheduler } from "./store.js";
import { workerClient } from "./worker-client.js";
import { parseHash, gameLink, linkDelay } from "./router.js";
import { seatName as seatNameOf } from "./seats.js";
import { randomSeed } from "./random.js";
import { intentTable, runIntent, intentData, answers } from "./intents.js";
import { rulesPageLink } from "./screens/play.js";
import { chosenRules, defaultRounds, levelBot } from "./choices.js";
import { draw } from "./render.js";
import { createGame } from "./game.js";
import { createPageIntents } from "./page-intents.js";
import { storedSlices } from "./stored-slices.js";

const root = document.getElementById("app");
const store = defaults({
  keeper: initialKeeper(),
  tournament: initialTournament(),
  replay: initialReplay(),
  editor: initialEditor(),
  variants: initialVariants(),
  review: initialReview(),
  stats: initialStats(),
  options: initialOptions(),
  togetherSetup: initialTogetherSetup(),
});
const page = createStore(store, () => draw(root, store),
  frameScheduler((fn) => requestAnimationFrame(fn), setTimeout));
const update = (fn) => page.update(fn);
// For the flow's own steps: the page is drawn at once (a frame's queued draw is then done).
const render = () => {
  page.update();
  page.flush();
};
const seatName = (seat) => seatNameOf(store, seat);

// ---- the engine -----------------------------------------------------------------------

// the worker's own news (ready, failed) goes through the intent table like a tap; the
// answers to requests come back to the handler that asked
const client = workerClient((message) => worker.postMessage(message), {
  onReady: (data) => runIntent(intents, "engine-ready", ctx, data),
  onFailed: (error) => runIntent(intents, "engine-failed", ctx, { error }),
});
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
    Object.assign(store, { meta: rules, rulesMeta: rules.presets, optionsMeta: rules.options ?? null,
      limits: rules.limits ?? null, levels: rules.announcement_levels ?? null, botLevels: rules.levels ?? [],
      defaultLevel: rules.default_level ?? null });
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

// ---- the context every handler gets ----------------------------------------------------

const ctx = {
  state: store,
  update,
  call,
  navigate: (hash) => { location.hash = hash; },
  alert: (what) => update((s) => {
    s.alert = typeof what === "string" ? what : what?.code ? errorText(what, seatName) : t("storageFailed");
  }),
  status: (text) => { document.getElementById("status").textContent = text; },
  save: null,
  setAside: null,
  reread: null,
  download,
  meta: () => store.meta,
};
const slices = storedSlices(ctx, rulesReady);
Object.assign(ctx, { save: slices.save, setAside: slices.setAside, reread: slices.reread });

const game = createGame(ctx, { render, seatName });
const table = createPageIntents(ctx, game, { render, seatName });
const engineIntents = {
  "engine-ready": (_ctx, data) => engineReady(data),
  "engine-failed": (_ctx, data) => engineFailed(data.error),
};
const intents = intentTable(engineIntents, table.intents, startIntents, keeperIntents, tournamentIntents,
  sheetIntents, replayIntents, editorIntents, reviewIntents, statsIntents);

// ---- links ------------------------------------------------------------------------------

// A screen of its own: the running game's timers and replies are dropped.
function openScreen(screen, more = {}) {
  store.game.token++;
  Object.assign(store, { screen, view: null, alert: "", error: "", ...more });
  render();
}

// The link of what the page shows now: a link the page refuses goes back to it.
let shownHash = "";

// A link the page cannot open changes nothing: nothing is stored or set aside, the page
// stays on what it showed (the start page on a first visit), and the alert says why.
// `back`: the link to go back to when the page has already left what it showed.
function refuseLink(why, back = null) {
  const here = back ?? (store.screen === "play" ? store.game.link : shownHash);
  history.replaceState(null, "", here || "#/");
  if (back === null && here && store.screen !== "start") {
    update((s) => { s.alert = why; });
    return;
  }
  route();
  update((s) => { s.alert = why; });
}

// Why a game link cannot be played, or "" (its house rules the engine checks later).
function playLinkProblem(params, link) {
  if (link.error) return t("linkRefused", { why: errorText(link.error) });
  const preset = V.presetOf(link.rules);
  if (store.rulesMeta && !Object.hasOwn(store.rulesMeta, preset)) {
    return t("linkRefused", { why: errorText({ code: "unknown-preset",
      params: { preset: preset.slice(0, 40), presets: Object.keys(store.rulesMeta).join(", ") } }) });
  }
  if (params.has("seed") && !/^\d{1,15}$/.test(params.get("seed"))) {
    return t("linkRefused", { why: t("linkBadSeed") });
  }
  return "";
}

function route() {
  const { path, params } = parseHash(location.hash);
  if (path === "/play") {
    const link = V.rulesFromParams(params, store.preset);
    const problem = playLinkProblem(params, link);
    if (problem) return refuseLink(problem);
  }
  if (path.startsWith("/game/")) { // a saved game's link: is it there?
    const hash = location.hash;
    saved.savedGame(hash).then((found) => {
      if (hash !== location.hash) return;
      if (found) routeTo(path, params);
      else refuseLink(t("linkRefused", { why: errorText({ code: "game-gone", params: {} }) }));
    });
    return;
  }
  routeTo(path, params);
}

function routeTo(path, params) {
  const before = shownHash;
  shownHash = location.hash;
  // only the table screen plays a saved game; elsewhere another tab may take it
  if (path !== "/play" && path !== "/game" && !path.startsWith("/game/")) tabs.release();
  // a link's parameters hold for the game it opens, not for any screen after it
  store.delay = linkDelay(params) ?? delayOf(store.options);
  if (params.has("wait")) net.setWait(Number(params.get("wait")));
  if (path.startsWith("/answer/")) return void net.openAnswer(path.slice("/answer/".length));
  // a shared table ends when its page goes elsewhere (a saved one comes back on resume)
  net.stop();
  together.leave();
  if (path.startsWith("/join/")) {
    store.game.token++;
    Object.assign(store, { view: null, alert: "", error: "" });
    net.openInvite(path.slice("/join/".length));
  } else if (path === "/together") {
    store.game.seed = gameLink(params).seed; // a test's (or a shared) deal
    openScreen("together");
  } else if (path === "/play") {
    const link = V.rulesFromParams(params, store.preset);
    const { seed, players, rounds, level } = gameLink(params);
    if (store.rulesMeta && Object.hasOwn(store.rulesMeta, V.presetOf(link.rules))) store.preset = V.presetOf(link.rules);
    Object.assign(store, { players, rounds, level });
    game.startGame(link.rules, seed ?? randomSeed(), false, location.hash, refusedBack(before));
  } else if (path.startsWith("/replay/") || path === "/demos") {
    openReplay(path, params);
  } else if (path === "/game" || path.startsWith("/game/")) {
    game.startGame(store.preset, randomSeed(), false, location.hash, refusedBack(before));
  } else if (path === "/tournament" || path.startsWith("/tournament/")) {
    openScreen("tournament"); // the stored evening first, then the route
    slices.rereadTournament().then(() => tournamentRoute(ctx, path));
  } else if (path === "/stats") {
    stopReview(store.review);
    openScreen("stats");
    saved.savedStats().then((deals) => statsRestore(ctx, deals), () => statsRestore(ctx, []));
  } else if (path === "/keeper") {
    openScreen("keeper");
    keeperRoute(ctx, path, params);
  } else if (path === "/rules" || path.startsWith("/rules/")) {
    openScreen("rules");
    editorRoute(ctx, path, params);
  } else {
    store.game.token++;
    Object.assign(store, { screen: "start", view: null }); // a message from the last screen stays
    render();
    startRoute(ctx);
  }
}

// What a game link the engine refused does: back to `before`, saying why.
function refusedBack(before) {
  return (why) => refuseLink(t("linkRefused", { why: errorText(why) }), before);
}

async function openReplay(path, params) {
  openScreen("replay");
  const token = store.game.token;
  const ok = await replayRoute(ctx, path, params);
  if (token !== store.game.token) return;
  if (!ok) store.screen = "start";
  render();
}

// ---- events in --------------------------------------------------------------------------

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

// The shared table's buttons, by screen: the setup, a guest's invite, the table.
function togetherClick(data) {
  if (store.screen === "together") return together.togetherClick(data);
  if (store.screen === "join") return net.joinClick(data);
  if (data.intent === "together-reveal") return passplay.passClick(data);
  return net.hostClick(data);
}

root.addEventListener("click", (event) => {
  if (onIntent(event)) return;
  const el = event.target.closest("button");
  if (!el || !root.contains(el)) return;
  const { card, action, index } = el.dataset;
  const enabled = el.getAttribute("aria-disabled") !== "true";
  if (card) table.dispatch({ kind: "card", card, index: Number(index), enabled });
  else if (action && enabled) table.dispatch({ kind: "action", word: action });
});
root.addEventListener("input", onIntent, true);
root.addEventListener("change", onIntent, true);
root.addEventListener("keydown", onIntent);
document.addEventListener("keydown", (event) => {
  replayKeys(ctx, event);
  page.flush();
});
document.getElementById("alert").addEventListener("click", () => {
  update((s) => {
    s.alert = "";
    s.asideWhy = null;
  });
  page.flush();
});

// ---- the shared table's and the table tools' services ------------------------------------

const say = (text) => { store.alert = text; render(); };
together.initTogether({ state: store, root, render, alert: say,
  start: (mode, names) => game.startTogether(mode, names), rounds: () => store.rounds ?? defaultRounds(store) });
passplay.initPassplay({ state: store, call, render, show: game.setView });
net.initNetplay({ state: store, root, render, call, alert: say,
  show: (view, events) => game.setView(view, tools.checkedEvents(events, view.players)),
  stun: together.stunSetting, act: game.guestMove, setBots: game.setBots, scheduleBot: game.scheduleBot,
  botSpec: () => levelBot(store), engineBusy: () => store.game.inFlight > 0 });
tools.init({ state: store, render, act: game.act, call, seatName, scheduleBot: game.scheduleBot,
  primer: () => {
    const id = store.view?.rules ?? store.preset;
    const text = localText(store.rulesMeta?.[id]?.primer);
    const href = rulesPageLink(store.view?.rules_spec ?? chosenRules(store));
    return text ? { name: presetName(store.rulesMeta, id), text, href } : null;
  },
  request: (type, payload) => game.request(++store.game.token, type, payload),
  intent: (kind) => {
    table.dispatch({ kind });
    page.flush();
  } });

// ---- start ------------------------------------------------------------------------------

// An entry set aside is said until the player puts the message away: a screen change
// (which clears other messages) may come right after it.
saved.onProblem((message, why) => { store.asideWhy = why; queueMicrotask(render); });
saved.onQuarantine(() => quarantineChanged(ctx));
saved.sweep().catch(() => {});
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "visible") slices.rereadTournament();
});

// the worker's messages (those that came before this module ran too), now that the
// intent table is there
listen(({ data }) => client.receive(data), (event) => runIntent(intents, "engine-failed", ctx,
  { error: event.message || "worker error" }));
setLang(saved.setting("lang") || "de");
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
