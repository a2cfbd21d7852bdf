// The page: one state object, render() draws it, clicks become intents.
// The engine runs in worker.js; this module never blocks on Python.
import {
  t, setLang, getLang, cardName, cardFace, actionLabel, contractName, itemLabel, reason,
  SUIT_SYMBOL,
} from "./i18n.js";
import * as comforts from "./comforts.js";
import { initKeeper, keeperScreen, keeperClick, keeperToggleRow } from "./keeper.js";
import { loadKeeperState, onKeeperChange } from "./keeper.js";
import { sheetView } from "./sheet.js";
import { tx } from "./table-text.js";
import { initReplay, openRoute, replayScreen } from "./replay.js";
import * as saved from "./storage.js";
import { st } from "./share-text.js";
import "./offline.js";
import * as perf from "./perf.js";
import { worker, listen } from "./boot.js";

const CARD = /^[CSHD][ATKQJ987]$/;
const PRESETS = ["ddv", "ohne-neunen", "berndt", "lockhausen", "klassisch"];

const state = {
  engine: "loading", // loading | ready | failed
  engineError: "",
  screen: "start", // start | play
  presets: PRESETS,
  preset: "ddv",
  view: null, // last VIEW from the engine
  busy: false, // a human action is on its way to the engine
  alert: "",
  error: "",
  picked: [], // cards chosen to give back after a Trumpfabgabe
  delay: 400, // ms before each bot move, so cards can be seen landing
  players: 4, // table size for the next game (the preset's `players` allow)
  rounds: null, // rounds of the next series; null: the preset's default (engine's)
  rulesMeta: null, // presets from the engine's "rules" answer
  expanded: [], // score-sheet rows showing their itemised lines
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
  else waiting.reject(new Error(data.error));
}, (event) => engineFailed(event.message || "worker error"));

function call(type, payload = {}) {
  return new Promise((resolve, reject) => {
    const id = nextId++;
    pending.set(id, { resolve, reject });
    worker.postMessage({ id, type, payload });
  });
}

async function engineReady(data) {
  perf.markWorker(data.steps);
  perf.markFetches(data.resources);
  perf.mark("engine-ready");
  state.engine = "ready";
  document.body.dataset.engine = "ready";
  render();
  try {
    const rules = await call("rules");
    state.presets = Object.keys(rules.presets);
    state.rulesMeta = rules.presets;
    render();
  } catch {
    // The preset list is a nicety; the built-in list still works.
  }
}

function engineFailed(error) {
  state.engine = "failed";
  state.engineError = String(error);
  document.body.dataset.engine = "failed";
  render();
}

// ---- game flow ----------------------------------------------------------

let game = 0; // bumps on every new game so stale bot timers and replies are dropped

function route() {
  const [path, query = ""] = location.hash.replace(/^#/, "").split("?");
  const params = new URLSearchParams(query);
  if (params.has("delay")) state.delay = Math.max(0, Number(params.get("delay")) || 0);
  if (path === "/play") {
    const rules = params.get("rules") || state.preset;
    const seed = Number.parseInt(params.get("seed") ?? "", 10);
    const players = Number.parseInt(params.get("players") ?? "4", 10);
    const rounds = Number.parseInt(params.get("rounds") ?? "", 10);
    state.preset = rules;
    state.players = [4, 5, 6, 8].includes(players) ? players : 4;
    state.rounds = rounds >= 1 && rounds <= MAX_ROUNDS ? rounds : null;
    startGame(rules, Number.isFinite(seed) ? seed : randomSeed());
  } else if (path.startsWith("/replay/") || path === "/demos") {
    openReplay(path);
  } else if (path === "/game") {
    startGame(state.preset, randomSeed());
  } else if (path === "/keeper") {
    game++;
    Object.assign(state, { screen: "keeper", view: null, alert: "", error: "" });
    render();
  } else {
    game++;
    state.screen = "start";
    state.view = null;
    render();
  }
}

async function startGame(rules, seed) {
  const token = ++game;
  Object.assign(state, { screen: "play", view: null, busy: true, alert: "", error: "", picked: [],
    expanded: [] });
  render();
  const resume = await saved.savedGame(location.hash);
  if (token !== game) return;
  if (resume && await resumeSaved(token, resume)) return;
  if (token !== game) return;
  const players = state.players;
  const bots = Array.from({ length: players }, (_, s) => (s === 0 ? null : "standard"));
  const payload = { rules, seed, seat: 0, bots, players };
  if (state.rounds) payload.rounds = state.rounds;
  await request(token, "new_game", payload);
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
    if (token === game) await saved.setAsideGame(String(err.message || err));
    return false;
  }
  if (token !== game) return true;
  await persist(); // a schema 1 entry is written again as a whole table
  if (token === game) setView(view);
  return true;
}

// Ask the engine; a reply for an abandoned game is ignored.
async function request(token, type, payload) {
  try {
    const view = await call(type, payload);
    // a saved game is written (and committed) before the move is shown as done
    if (token === game) await persist();
    if (token === game) setView(view);
  } catch (err) {
    if (token !== game) return;
    state.busy = false;
    if (type === "act") state.alert = reason(comforts.namedSuit(err.message, state.view), seatName);
    else state.error = err.message;
    render();
  }
}

function setView(view) {
  comforts.onView(state.view, view);
  state.view = view;
  state.busy = false;
  state.picked = [];
  render();
  scheduleBot();
}

function scheduleBot() {
  const view = state.view;
  if (!view || view.phase === "done" || view.to_act == null || !view.bots[view.to_act]) return;
  const token = game;
  // A just-finished trick stays on screen a little longer.
  if (comforts.holding()) return; // a finished trick is still on show
  const wait = state.delay;
  setTimeout(() => {
    if (token === game) request(token, "bot", {});
  }, wait);
}

function act(word) {
  const view = state.view;
  state.busy = true;
  state.alert = "";
  render();
  request(game, "act", { action: `${view.seat}:${word}` });
}

// ---- intents ------------------------------------------------------------

function dispatch(intent) {
  if (comforts.intent(intent)) return;
  const view = state.view;
  switch (intent.kind) {
    case "lang":
      setLang(getLang() === "de" ? "en" : "de");
      try { localStorage.setItem("doko.lang", getLang()); } catch { /* private mode */ }
      return render();
    case "new":
      location.hash = `#/play?rules=${encodeURIComponent(state.preset)}&seed=${randomSeed()}`
        + (state.players !== 4 ? `&players=${state.players}` : "")
        + (state.rounds ? `&rounds=${state.rounds}` : "");
      return;
    case "keeper":
      location.hash = "#/keeper";
      return;
    case "players":
      state.players = Number(intent.value);
      return;
    case "rounds":
      state.rounds = Number(intent.value) === defaultRounds() ? null : Number(intent.value);
      return;
    case "toggle-row": {
      if (state.screen === "keeper") return keeperToggleRow(intent.row);
      const at = state.expanded.indexOf(intent.row);
      if (at >= 0) state.expanded.splice(at, 1);
      else state.expanded.push(intent.row);
      return render();
    }
    case "home":
      location.hash = "";
      return;
    case "share":
      return void call("encode_link", {}).then((r) => shareLink(r.payload),
        (err) => { state.alert = err.message; render(); });
    case "preset":
      state.preset = intent.value;
      if (!presetPlayers().includes(state.players)) state.players = 4;
      if (state.rounds && state.rounds > maxRounds()) state.rounds = null;
      return render();
    case "next":
      state.busy = true;
      render();
      return void request(game, "next_game", {});
  }
  if (!view || state.busy) return;
  if (intent.kind === "action") return act(intent.word);
  if (intent.kind === "return") {
    const cards = state.picked.map((key) => key.split("#")[0]).sort();
    return act(`return:${cards.join(",")}`);
  }
  if (intent.kind === "card") return tapCard(intent.card, intent.index, intent.enabled);
}

function tapCard(card, index, enabled) {
  comforts.collect();
  const view = state.view;
  if (view.phase === "poverty-return" && view.to_act === view.seat) {
    const key = `${card}#${index}`;
    const at = state.picked.indexOf(key);
    if (at >= 0) state.picked.splice(at, 1);
    else if (state.picked.length < returnCount(view)) state.picked.push(key);
    return render();
  }
  if (enabled) return act(card);
  if (view.phase === "play" && view.to_act === view.seat) {
    // Only the engine knows why exactly (follow suit, trumps, …); it refuses and says so.
    return act(card);
  }
  state.alert = view.phase === "reservations" ? t("cardsFirst") : t("notYourTurn");
  render();
}

function returnCount(view) {
  const option = view.legal.find((a) => a.includes(":return:"));
  return option ? option.split(":return:")[1].split(",").length : 0;
}

function randomSeed() {
  return crypto.getRandomValues(new Uint32Array(1))[0];
}

// ---- drawing ------------------------------------------------------------

const root = document.getElementById("app");

// h("button", {class: "x", dataset: {card: "HT"}}, "text", child) without innerHTML.
function h(tag, attrs = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs)) {
    if (value == null || value === false) continue;
    if (key === "dataset") {
      for (const [k, v] of Object.entries(value)) if (v != null) el.dataset[k] = v;
    }
    else if (key === "text") el.textContent = value;
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  for (const child of children.flat(Infinity)) {
    if (child == null || child === false) continue;
    el.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return el;
}

function players() {
  return state.view ? state.view.players : 4;
}

function mySeat() {
  return state.view ? state.view.seat : 0;
}

// Seat names relative to the human: Du, Links, Gegenüber, Rechts.
function relative(seat) {
  return (seat - mySeat() + players()) % players();
}

function seatName(seat) {
  const n = players();
  const names = n === 6 || n === 8 ? tx(`seats${n}`) : t(n === 5 ? "seats5" : "seats4");
  return names[relative(seat)] ?? String(seat);
}

function render() {
  const focusKey = document.activeElement?.dataset?.focus;
  document.documentElement.lang = getLang();
  document.title = t("title");
  const screen = state.screen === "play" ? table()
    : state.screen === "keeper" ? keeperScreen(state.engine === "ready")
      : state.screen === "replay" ? replayScreen() : startScreen();
  root.replaceChildren(header(), screen);
  if (state.screen === "play") perf.markRender(root);
  if (focusKey) root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`)?.focus();
  updateLive();
}

function header() {
  return h("header", { class: "bar" },
    h("h1", { id: "title", text: t("title") }),
    engineBadge(),
    h("div", { class: "bar-buttons" },
      state.screen === "play"
        ? h("button", { type: "button", dataset: { intent: "home", focus: "home" }, text: t("newGame") })
        : null,
      state.screen === "keeper"
        ? h("button", { type: "button", dataset: { intent: "home", focus: "home" }, text: tx("back") })
        : null,
      comforts.headerButtons(),
      // the game so far, finished or not: the link opens it in the replay viewer
      state.screen === "play" && state.view && state.engine === "ready"
        ? h("button", { type: "button", dataset: { intent: "share", focus: "share", testid: "share" },
          text: st("share") }) : null,
      h("button", { type: "button", lang: getLang() === "de" ? "en" : "de",
        dataset: { intent: "lang", focus: "lang" }, text: t("language") })));
}

function engineBadge() {
  if (state.engine === "ready") return null;
  if (state.engine === "failed") {
    return h("p", { class: "engine failed", dataset: { testid: "engine-error" },
      text: t("engineFailed", { error: state.engineError }) });
  }
  return h("p", { class: "engine loading", dataset: { testid: "loading" } },
    h("span", { class: "spinner", "aria-hidden": "true" }), t("loading"));
}

function startScreen() {
  const select = h("select", { id: "preset", dataset: { focus: "preset" } },
    state.presets.map((id) => h("option", { value: id, selected: id === state.preset, text: id })));
  select.addEventListener("change", () => dispatch({ kind: "preset", value: select.value }));
  const sizes = h("select", { id: "players", dataset: { focus: "players" } },
    presetPlayers().map((n) => h("option", { value: String(n), selected: n === state.players,
      text: tx("playersCount", { n }) })));
  sizes.addEventListener("change", () => dispatch({ kind: "players", value: sizes.value }));
  const chosen = state.rounds ?? defaultRounds();
  const rounds = h("select", { id: "rounds", dataset: { focus: "rounds", testid: "rounds" } },
    Array.from({ length: maxRounds() }, (_, i) => i + 1).map((n) => h("option", {
      value: String(n), selected: n === chosen,
      text: tx(n === 1 ? "roundsOne" : "roundsCount", { n })
        + (n === defaultRounds() ? ` ${tx("byDefault")}` : "") })));
  rounds.addEventListener("change", () => dispatch({ kind: "rounds", value: rounds.value }));
  return h("section", { class: "start" },
    h("label", { for: "preset", text: t("rules") }), select,
    h("label", { for: "players", text: tx("players") }), sizes,
    // the rounds a preset allows come from the engine's rules: offered once they are in
    ...(state.rulesMeta ? [h("label", { for: "rounds", text: tx("rounds") }), rounds] : []),
    h("button", { type: "button", class: "primary", dataset: { intent: "new", focus: "new" },
      text: t("newGame") }),
    h("button", { type: "button", dataset: { intent: "keeper", focus: "keeper",
      testid: "open-keeper" }, text: tx("keeper") }),
    h("a", { href: "#/demos", dataset: { testid: "open-demos" }, text: st("demos") }),
    saved.savesPanel((message) => { state.alert = message; render(); }));
}

// Rounds of a series: a Pflichtsolo preset plays at most (and by default) its
// Pflichtsolo rounds, the others four by default (api.default_rounds, api.MAX_ROUNDS).
const MAX_ROUNDS = 20;

function dutySoloRounds() {
  return state.rulesMeta?.[state.preset]?.duty_solo_rounds ?? 0;
}

function defaultRounds() {
  return dutySoloRounds() || 4;
}

function maxRounds() {
  return dutySoloRounds() || MAX_ROUNDS;
}

// Table sizes the chosen preset allows (from the engine's rules metadata).
function presetPlayers() {
  return state.rulesMeta?.[state.preset]?.players ?? [4, 5];
}

function table() {
  const view = state.view;
  return h("div", { class: "game" },
    state.error ? h("p", { class: "engine failed", text: state.error }) : null,
    h("section", { class: `table players-${players()}`, "aria-label": t("table"),
      dataset: { testid: "table", dealer: view ? String(view.dealer) : null } },
      Array.from({ length: players() }, (_, seat) => seatBox(seat)),
      trickBox()),
    actions(),
    view && view.sitting_out === view.seat && view.phase !== "done"
      ? h("p", { class: "sits-out-note", dataset: { testid: "you-sit-out" }, text: tx("youSitOut") })
      : null,
    hand(),
    comforts.toolbar(),
    view && view.phase === "done" ? resultPanel(view) : null,
    view && view.sheet && view.sheet.length ? scoreSheet(view) : null);
}

function seatBox(seat) {
  const view = state.view;
  const rel = relative(seat);
  const parts = [h("strong", { class: "name", text: seatName(seat) })];
  const out = !!view && view.sitting_out === seat;
  if (view) {
    if (view.dealer === seat) parts.push(h("span", { class: "tag", text: t("dealer") }));
    if (out) {
      parts.push(h("span", { class: "tag out", dataset: { testid: "sits-out" }, text: tx("sitsOutTag") }));
    }
    const party = view.known_parties?.re?.includes(seat) ? "re"
      : view.known_parties?.kontra?.includes(seat) ? "kontra" : null;
    const teams = (view.players === 6 || view.players === 8) && view.contract === "normal";
    if (party && teams) {
      parts.push(h("span", { class: `tag team-${party}`, text: party === "re" ? tx("teamA") : tx("teamB") }));
    } else if (party) parts.push(h("span", { class: `tag ${party}`, text: t(party) }));
    if (view.forced_solo === seat) parts.push(h("span", { class: "tag call", text: tx("forcedSolo") }));
    else if (view.owes_duty_solo?.includes(seat) && view.phase === "reservations") {
      parts.push(h("span", { class: "tag", text: tx("owesSolo") }));
    }
    // "Gesund" only matters while reservations are being said.
    const shown = view.declarations.filter((x) => x.seat === seat
      && (view.phase === "reservations" || x.what !== "healthy"));
    for (const d of shown) {
      parts.push(h("span", { class: "tag", text: actionLabel(d.what) }));
    }
    for (const a of view.announcements.filter((x) => x.seat === seat)) {
      parts.push(h("span", { class: "tag call", text: actionLabel(a.word) }));
    }
    if (!out) {
      parts.push(h("span", { class: "info",
        text: t("seatCounts", { cards: view.hand_sizes[seat], tricks: view.tricks_won[seat] }) }));
    }
  }
  const turn = view && view.phase !== "done" && view.to_act === seat;
  return h("div", { class: `seat pos-${rel}${turn ? " turn" : ""}${out ? " out" : ""}`,
    "aria-current": turn ? "true" : null,
    dataset: { seat: String(seat), cards: view ? String(view.hand_sizes[seat]) : null,
      sitsOut: out ? "true" : null } }, parts);
}

function trickBox() {
  const view = state.view;
  const cards = view ? comforts.shownTrick(view) : [];
  const box = h("div", { class: "trick", role: "group", "aria-label": t("trick"),
    dataset: { testid: "trick" } },
    cards.map(({ seat, card }) => faceCard(card, `pos-${relative(seat)}`, seatName(seat))));
  const last = view && view.last_trick && cards.length === 0 ? view.last_trick : null;
  const turn = view && view.phase !== "done" && view.to_act != null
    ? (view.to_act === view.seat ? t("yourTurn") : t("turnOf", { name: seatName(view.to_act) }))
    : "";
  // Shown here for the eye; the #status live region says the same to screen readers.
  return h("div", { class: "middle" },
    h("p", { class: "turn-line", "aria-hidden": "true", dataset: { testid: "turn" }, text: turn }),
    box,
    last ? h("p", { class: "last", dataset: { testid: "last-trick" } },
      `${t("lastTrick")}: `,
      last.cards.map((c) => `${cardName(c.card)} (${seatName(c.seat)})`).join(", "),
      ` → ${seatName(last.winner)}`) : null);
}

function faceCard(card, extra, owner) {
  return h("span", { class: `card suit-${card[0]} ${extra}`, role: "img",
    "aria-label": `${cardName(card)}, ${owner}`, dataset: { card } },
    h("span", { class: "rank", text: cardFace(card) }),
    h("span", { class: "pip", text: SUIT_SYMBOL[card[0]] }));
}

function actions() {
  const view = state.view;
  if (!view || view.phase === "done") return null;
  const prefix = `${view.seat}:`;
  const words = view.legal.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length))
    .filter((w) => !CARD.test(w) && !w.startsWith("return:"));
  const returning = view.phase === "poverty-return" && view.to_act === view.seat;
  if (!words.length && !returning) return null;
  const label = view.phase === "play" ? t("announcementsLabel") : t("reservationsLabel");
  const buttons = words.filter((w) => !comforts.isCardWedding(w)).map((w) => h("button", { type: "button", class: "action",
    "aria-disabled": state.busy ? "true" : null,
    dataset: { action: w, focus: `action:${w}` } }, comforts.actionContent(w, view)));
  buttons.push(...comforts.weddingPicker(words, view));
  if (returning) {
    const ready = state.picked.length === returnCount(view);
    buttons.push(h("button", { type: "button", class: "action primary",
      "aria-disabled": ready && !state.busy ? null : "true",
      dataset: { action: "return", intent: "return", focus: "action:return" },
      text: `${actionLabel("return")} (${state.picked.length}/${returnCount(view)})` }));
  }
  return h("section", { class: "actions", role: "group", "aria-label": label,
    dataset: { testid: "actions" } }, buttons);
}

function hand() {
  const view = state.view;
  const myTurn = !!view && view.phase === "play" && view.to_act === view.seat && !state.busy;
  const returning = !!view && view.phase === "poverty-return" && view.to_act === view.seat;
  const legal = new Set(view ? view.legal : []);
  const cards = view ? view.hand : [];
  const seen = {};
  const buttons = cards.map((card) => {
    const index = (seen[card] = (seen[card] ?? -1) + 1);
    const enabled = returning || (myTurn && legal.has(`${view.seat}:${card}`));
    const picked = state.picked.includes(`${card}#${index}`);
    return h("button", { type: "button", class: `card suit-${card[0]}${picked ? " picked" : ""}${comforts.cardClass(card, enabled)}`,
      "aria-label": cardName(card), "aria-disabled": enabled ? null : "true",
      "aria-pressed": returning ? String(picked) : null,
      dataset: { card, index: String(index), focus: `card:${card}:${index}` } },
      h("span", { class: "rank", text: cardFace(card) }),
      h("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYMBOL[card[0]] }));
  });
  return h("section", { class: "hand", role: "group", "aria-label": t("hand"),
    dataset: { testid: "hand", myTurn: String(myTurn) } }, buttons);
}

function partyNames(seats) {
  return seats.length ? seats.map(seatName).join(", ") : "–";
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function resultPanel(view) {
  const r = view.result;
  if (!r) return null;
  const seats = Array.from({ length: players() }, (_, s) => s);
  return h("section", { class: "result", "aria-labelledby": "result-title",
    dataset: { testid: "result" } },
    h("h2", { id: "result-title", text: `${t("result")}: ${contractName(r.contract)}` }),
    h("dl", { class: "parties" },
      Object.keys(r.parties ?? { re: [], kontra: [] }).map((p) => [
        h("dt", { text: p === "A" || p === "B" ? tx("team", { name: p }) : t(p) }),
        h("dd", { dataset: { testid: `party-${p}` } },
          `${partyNames(r.parties?.[p] ?? [])} · ${r.eyes?.[p] ?? 0} ${t("eyes")}`),
      ]),
      h("dt", { text: t("winner") }),
      h("dd", { text: r.winner === "none" ? t("none") : r.winner === "A" || r.winner === "B"
        ? tx("team", { name: r.winner }) : t(r.winner) })),
    h("table", { class: "lines" },
      h("thead", {}, h("tr", {},
        h("th", { scope: "col", text: t("item") }), h("th", { scope: "col", text: t("party") }),
        h("th", { scope: "col", text: t("points") }))),
      h("tbody", {}, (r.lines ?? []).map((line) => h("tr", { dataset: { testid: "result-line" } },
        h("td", { text: itemLabel(line.item) }),
        h("td", { text: line.party === "A" || line.party === "B" ? tx("team", { name: line.party }) : t(line.party) }),
        h("td", { class: "num", text: signed(line.points) }))))),
    h("ul", { class: "points", dataset: { testid: "result-points", points: JSON.stringify(r.points) } },
      seats.map((s) => h("li", {}, `${seatName(s)}: `,
        h("strong", { text: `${signed(r.points[s])} ${t("points")}` })))),
    view.series_finished
      ? [h("p", { dataset: { testid: "series-over" }, text: tx("seriesOver") }),
        h("button", { type: "button", class: "primary",
          dataset: { intent: "new", testid: "new-series", focus: "new" }, text: tx("newSeries") })]
      : h("button", { type: "button", class: "primary",
        dataset: { intent: "next", testid: "next-game", focus: "next" }, text: t("nextGame") }));
}

function scoreSheet(view) {
  return h("section", { class: "sheet", "aria-labelledby": "sheet-title" },
    h("h2", { id: "sheet-title", text: t("scoresheet") }),
    seriesState(view),
    sheetView({ rows: view.sheet, totals: view.totals, seats: players(), seatName,
      expanded: state.expanded, sittingOut: (row) => (players() === 5 ? row.dealer : null) }));
}

// Where the series stands: "Runde 2 von 4", the Vorführen after the last round, or over.
function seriesState(view) {
  if (!view.rounds) return null;
  const played = view.rounds_played ?? 0;
  const text = view.series_finished ? tx("seriesOver")
    : played >= view.rounds ? tx("roundsDone")
      : tx("roundOf", { n: played + 1, total: view.rounds });
  return h("p", { class: "series-state", dataset: { testid: "series-state",
    finished: String(!!view.series_finished) }, text });
}

// Live regions live outside #app; only touch them when their text changes.
function updateLive() {
  const view = state.view;
  let status = "";
  if (state.screen === "play" && state.engine === "loading") status = t("loading");
  else if (view && view.phase !== "done" && view.to_act != null) {
    status = view.to_act === view.seat ? t("yourTurn") : t("turnOf", { name: seatName(view.to_act) });
  } else if (view && view.phase === "done") status = t("result");
  setText("status", status);
  setText("alert", state.alert);
  setText("record", view && view.record ? JSON.stringify(view.record) : "");
}

function setText(id, text) {
  const el = document.getElementById(id);
  if (el.textContent !== text) el.textContent = text;
}

// ---- wiring -------------------------------------------------------------

root.addEventListener("click", (event) => {
  const el = event.target.closest("button");
  if (!el || !root.contains(el)) return;
  const { card, action, intent, index } = el.dataset;
  const enabled = el.getAttribute("aria-disabled") !== "true";
  if (intent && intent.startsWith("keeper-")) { if (enabled) keeperClick({ ...el.dataset }); }
  else if (intent === "toggle-row") dispatch({ kind: intent, row: Number(el.dataset.row) });
  else if (card) dispatch({ kind: "card", card, index: Number(index), enabled });
  else if (intent === "return") { if (enabled) dispatch({ kind: "return" }); }
  else if (action) { if (enabled) dispatch({ kind: "action", word: action }); }
  else if (intent) dispatch({ kind: intent });
});

initKeeper({
  call, render,
  alert: (text) => { state.alert = text; updateLive(); },
  meta: () => state.rulesMeta,
});

comforts.init({ state, h, render, act, call, seatName, scheduleBot,
  request: (type, payload) => request(++game, type, payload) });

// ---- share links, replay viewer, saved games (issue 7) ----------------------

async function persist() {
  if (!state.view && state.screen !== "play") return;
  try {
    await saved.saveGame(call, location.hash.startsWith("#/play") ? location.hash : "#/game");
  } catch (err) {
    state.alert = st("storageFailed", { why: String(err.message || err) });
  }
}

async function openReplay(path) {
  const token = ++game;
  Object.assign(state, { screen: "replay", view: null, error: "", alert: "" });
  render();
  const ok = await openRoute(path);
  if (token !== game) return;
  if (!ok) state.screen = "start";
  render();
}

function shareLink(payload) {
  const url = `${location.origin}${location.pathname}#/replay/${payload}`;
  document.body.dataset.shareLink = url;
  const done = () => { state.alert = ""; setText("status", st("copied")); };
  const failed = () => { state.alert = st("copyFailed", { link: url }); render(); };
  if (navigator.clipboard) navigator.clipboard.writeText(url).then(done, failed);
  else failed();
}

initReplay({
  call,
  render: () => render(),
  alert: (message) => { state.alert = message; },
  share: (payload) => shareLink(payload),
  playOn: (record, seat) => {
    const token = ++game;
    Object.assign(state, { screen: "play", view: null, busy: true, alert: "", error: "",
      picked: [] });
    history.replaceState(null, "", "#/game");
    render();
    return request(token, "load_record", { record, seat });
  },
});

saved.savedKeeper().then((obj) => { if (obj) loadKeeperState(obj); }, () => {});
onKeeperChange((obj) => { saved.saveKeeper(obj).catch(() => {}); });
saved.onProblem((message) => { state.alert = message; render(); });

try { setLang(localStorage.getItem("doko.lang") || "de"); } catch { setLang("de"); }
window.addEventListener("hashchange", route);
route();
