// Helpers at the table: hint, take back, last trick, a finished trick that stays
// until collected, autoplay of a forced card, running Augen, announcement deadlines,
// the Hochzeit card picker, plays spoken in a live region, a click sound, and the
// settings and help dialogs. Their state is the store's `tools` part.
import { t, cardName, actionLabel } from "../../core/i18n.js";
import { faceCard } from "../../table/table.js";
import { cardSvg, isCard } from "../../table/cards.js";
import { h, clickOn } from "../../core/dom.js";
import { icon } from "../../core/icons.js";
import { changeOption, saveOptions, applyOptions, delayOf, themeOf, clickSound, SPEEDS } from "../../core/options.js";
import { installKeyboard, KEYS } from "./keyboard.js";

// {state, update, act, call, request, scheduleBot, seatName, primer, intent}; the
// store's `tools` slice is changed only through ctx.update
let ctx = null;
let holdTimer = 0;

// The context alone, without the page's DOM (a test's).
export function bind(context) {
  ctx = context;
}

export function init(context) {
  bind(context);
  applyOptions(ctx.state.options);
  ctx.update((s) => { s.delay = delayOf(s.options); });
  live();
  // a key is the same intent as its button, through the page's guards
  const key = (name) => () => ctx.intent(name);
  installKeyboard({
    hint: key("hint"), undo: key("undo"), last: key("last"), collect: key("collect"),
    settings: key("settings"), help: key("help"),
    next: () => clickOn("[data-testid=next-game]"),
  });
  // A held trick is collected by tapping it.
  document.addEventListener("click", (event) => {
    if (ctx.state.tools.hold && /** @type {Element} */ (event.target).closest?.("[data-testid=trick]")) collect();
  });
  // the automatic theme follows the system's: the page is drawn again in its colours
  window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener?.("change", () => ctx.update());
}

// An option changed: kept in the store, stored on the device, shown on the page.
function setOption(key, value) {
  let changed = false;
  ctx.update((s) => {
    changed = changeOption(s.options, key, value);
    if (changed && key === "speed") s.delay = delayOf(s.options);
  });
  if (!changed) return;
  saveOptions(ctx.state.options);
  applyOptions(ctx.state.options);
}

// ---- hooks app.js calls ---------------------------------------------------

// A new view arrived with the events of its step (engine's doko.events): say what
// happened, click, hold a finished trick, autoplay.
export function onView(next, events = []) {
  clearTimeout(holdTimer);
  ctx.update((s) => {
    s.tools.hint = null;
    if (!next || next.phase !== "play") s.tools.moreCalls = false;
    s.tools.hold = false;
  });
  if (!next) return;
  const said = [];
  let played = false;
  let taken = false;
  for (const { code, params: p } of events) {
    if (code === "undone") said.push(t("undone"));
    else if (code === "reservation") said.push(t("says", { name: ctx.seatName(p.seat), word: actionLabel(p.what) }));
    else if (code === "announced") said.push(t("says", { name: ctx.seatName(p.seat), word: actionLabel(p.call) }));
    else if (code === "card_played") {
      played = true;
      said.push(t("plays", { name: ctx.seatName(p.seat), card: cardName(p.card) }));
    } else if (code === "trick_taken") {
      taken = true;
      said.push(t("takes", { name: ctx.seatName(p.seat) }));
    } else if (code === "pigs_revealed") { // said aloud and shown: the trump order changed
      const text = t(p.kind === "superpigs" ? "ev.superpigs-revealed" : "ev.pigs-revealed", { seat: ctx.seatName(p.seat) });
      said.push(text);
      showToast(text);
    }
  }
  if (played) clickSound(ctx.state.options);
  if (taken && next.last_trick && next.phase !== "done" && (ctx.state.options.tapToCollect || ctx.state.delay > 0)) {
    ctx.update((s) => { s.tools.hold = true; });
    if (!ctx.state.options.tapToCollect) holdTimer = setTimeout(collect, ctx.state.delay * 2);
  }
  if (said.length) speak(said.join(" "));
  setTimeout(autoplay, 0);
}

const TOAST_MS = 4000;

function showToast(text) {
  ctx.update((s) => { s.toast = text; });
  setTimeout(() => {
    if (ctx.state.toast === text) ctx.update((s) => { s.toast = ""; });
  }, TOAST_MS);
}

// Events from elsewhere (a host's message to a guest): only the codes the table says,
// with seats in range and cards and words as the engine writes them.
export function checkedEvents(events, players) {
  if (!Array.isArray(events)) return [];
  const seat = (s) => Number.isInteger(s) && s >= 0 && s < players;
  const word = (w) => typeof w === "string" && /^[a-z0-9:,-]{1,40}$/i.test(w);
  const ok = {
    undone: () => true,
    reservation: (p) => seat(p.seat) && word(p.what),
    announced: (p) => seat(p.seat) && word(p.call),
    card_played: (p) => seat(p.seat) && isCard(p.card),
    trick_taken: (p) => seat(p.seat),
    pigs_revealed: (p) => seat(p.seat) && (p.kind === "pigs" || p.kind === "superpigs"),
  };
  return events.slice(0, 20).filter((e) => e && typeof e === "object" && Object.hasOwn(ok, e.code)
    && e.params && typeof e.params === "object" && ok[e.code](e.params))
    .map((e) => ({ code: e.code, params: { ...e.params } }));
}

export function holding() {
  return ctx.state.tools.hold;
}

// Release a held trick; the bots go on.
export function collect() {
  if (!ctx.state.tools.hold) return;
  clearTimeout(holdTimer);
  ctx.update((s) => { s.tools.hold = false; });
  ctx.scheduleBot();
  autoplay();
}

// The cards the trick area shows: a finished trick stays until collected.
export function shownTrick(view) {
  if (ctx.state.tools.hold && view.trick.length === 0 && view.last_trick) return view.last_trick.cards;
  return view.trick;
}

// Announcement word -> level, from the engine's rules metadata ({} until it is in).
function announcementLevels() {
  return ctx.state.levels ?? {};
}

export function isAnnouncement(word) {
  return word in announcementLevels();
}

export function isCardWedding(word) {
  const [kind, card] = word.split(":");
  return kind === "wedding" && isCard(card ?? "");
}

// Button content for a choice: its label, and an announcement's deadline.
export function actionContent(word, view) {
  const note = deadline(word, view);
  if (!note) return [actionLabel(word)];
  const label = note.gegen ? `${t("gegenansage")}: ${actionLabel(word)}` : actionLabel(word);
  return [label, " ", h("small", { class: "deadline", title: note.title, text: note.text })];
}

function deadline(word, view) {
  const d = view.deadlines;
  if (!d || !(word in announcementLevels()) || d.system === "none") return null;
  const level = announcementLevels()[word];
  if (d.system === "tricks") {
    const n = d.levels[level];
    return { text: t("beforeTrick", { n }), title: t("deadlineTitleTricks", { n }) };
  }
  let n = d.levels[level];
  let gegen = false;
  if (level === 0 && view.hand.length < n) {
    gegen = true; // only offered as a Gegenansage: one card more than the opponents' call
    n = Math.max(0, d.levels[opponentsLevel(view)] - 1);
  }
  return { gegen, text: t("untilCards", { n }), title: t("deadlineTitle", { n }) };
}

function opponentsLevel(view) {
  const mine = view.known_parties.re.includes(view.seat) ? "re" : "kontra";
  const ours = new Set(view.known_parties[mine]);
  const levels = view.announcements.filter((a) => !ours.has(a.seat))
    .map((a) => announcementLevels()[a.word] ?? 0);
  return levels.length ? Math.max(...levels) : 0;
}

// The Hochzeit partner card (klassisch): one button opens a card picker.
export function weddingPicker(words, view) {
  const cards = words.filter(isCardWedding).map((w) => w.slice(8));
  if (!cards.length) return [];
  const toggle = h("button", { type: "button", class: "action", "aria-expanded": String(ctx.state.tools.picker),
    "aria-controls": ctx.state.tools.picker ? "wedding-picker" : null, dataset: { intent: "wedding-picker", focus: "wedding-picker", testid: "wedding-picker" },
    text: t("weddingCard") });
  if (!ctx.state.tools.picker) return [toggle];
  const order = "CSHD";
  cards.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]) || "ATKQJ987".indexOf(a[1]) - "ATKQJ987".indexOf(b[1]));
  const picker = h("div", { id: "wedding-picker", class: "picker", role: "group",
    "aria-label": t("weddingPick") },
  cards.map((c) => h("button", { type: "button", class: `card mini suit-${c[0]}`,
    "aria-label": t("weddingWith", { card: cardName(c) }), "aria-disabled": ctx.state.busy ? "true" : null,
    dataset: { action: `wedding:${c}`, focus: `action:wedding:${c}` } }, cardSvg(c))));
  void view;
  return [toggle, picker];
}

// ---- header buttons, helper bar --------------------------------------------

export function headerButtons() {
  const dark = themeOf(ctx.state.options) === "dark";
  // an icon for narrow screens; the word stays the button's name
  const content = (name, text) => [icon(name), h("span", { class: "label", text })];
  return [
    h("button", { type: "button", class: "icon theme-toggle", "aria-pressed": String(dark),
      dataset: { intent: "theme", focus: "theme" } }, content(dark ? "sun" : "moon", t("darkMode"))),
    h("button", { type: "button", class: "icon", "aria-haspopup": "dialog",
      dataset: { intent: "settings", focus: "settings", testid: "settings-open" } },
    content("gear", t("settings"))),
    h("button", { type: "button", class: "icon", "aria-haspopup": "dialog",
      dataset: { intent: "help", focus: "help", testid: "help-open" } }, content("help", t("help"))),
  ];
}

export function toolbar() {
  const { state } = ctx;
  const view = state.view;
  if (!view) return null;
  const running = view.phase !== "done";
  const mine = running && view.to_act === view.seat;
  const buttons = [];
  if (running) {
    buttons.push(h("button", { type: "button", "aria-disabled": mine && !state.busy ? null : "true",
      dataset: { intent: "hint", focus: "hint", testid: "hint" } }, t("hint"), kbd("T")));
  }
  if (view.can_undo) {
    buttons.push(h("button", { type: "button", "aria-disabled": state.busy ? "true" : null,
      dataset: { intent: "undo", focus: "undo", testid: "undo" } }, t("undo"), kbd("U")));
  }
  // a deal thrown in has no trick to look back at
  const thrown = view.contract === "redeal";
  if (!thrown) {
    buttons.push(h("button", { type: "button", "aria-pressed": String(ctx.state.tools.showLast),
      "aria-controls": ctx.state.tools.showLast ? "last-trick-panel" : null,
      dataset: { intent: "last", focus: "last", testid: "last-trick-button" } },
    t("lastTrickButton"), kbd("L")));
  }
  if (ctx.state.tools.hold && ctx.state.options.tapToCollect) {
    buttons.push(h("button", { type: "button", class: "primary",
      dataset: { intent: "collect", focus: "collect", testid: "collect" } }, t("collect"), kbd("C")));
  }
  return h("section", { class: "tools", "aria-label": t("tools"), dataset: { testid: "tools" } },
    h("div", { class: "tool-buttons" }, buttons),
    eyesLine(view),
    ctx.state.tools.hint ? h("p", { class: "hint", dataset: { testid: "hint-text" }, text: hintText(ctx.state.tools.hint) }) : null,
    ctx.state.tools.showLast && !thrown ? lastPanel(view) : null);
}

function kbd(key) {
  return h("kbd", { "aria-hidden": "true", text: key });
}

function eyesLine(view) {
  if (view.tournament || !ctx.state.options.eyes || !view.eyes_won) return null;
  const sum = (seats) => seats.reduce((a, s) => a + (view.eyes_won[s] ?? 0), 0);
  const re = view.known_parties.re, kontra = view.known_parties.kontra;
  const known = new Set([...re, ...kontra]);
  const rest = view.eyes_won.map((_, s) => s).filter((s) => !known.has(s));
  const parts = [`${actionLabel("re")} ${sum(re)}`, `${actionLabel("kontra")} ${sum(kontra)}`];
  if (rest.length && sum(rest)) parts.push(`${t("open")} ${sum(rest)}`);
  return h("p", { class: "eyes", dataset: { testid: "eyes" } },
    h("strong", { text: `${t("eyes")}: ` }), parts.join(" · "));
}

function hintText(hint) {
  const what = hint.action.split(":").slice(1).join(":");
  const label = isCard(what) ? cardName(what) : actionLabel(what);
  const why = t(`hint.${hint.reason}`);
  return t("hintIs", { what: label, why });
}

function lastPanel(view) {
  const last = view.last_trick;
  return h("div", { id: "last-trick-panel", class: "last-panel", role: "group",
    "aria-label": t("lastTrickButton"), dataset: { testid: "last-trick-panel" } },
  last ? [
    h("div", { class: "last-cards" }, last.cards.map((c) => faceCard(c.card, { owner: ctx.seatName(c.seat),
      extra: `small${c.seat === last.winner ? " winner" : ""}` }))),
    h("p", { text: t("takes", { name: ctx.seatName(last.winner) }) }),
  ] : h("p", { text: t("noLastTrick") }));
}

// ---- intents ----------------------------------------------------------------

// Handles the intents of this module; false lets app.js handle the rest.
export function intent(it) {
  const { state } = ctx;
  switch (it.kind) {
    case "theme":
      setOption("theme", themeOf(ctx.state.options) === "dark" ? "light" : "dark");
      return true;
    case "settings":
      openSettings();
      return true;
    case "help":
      openHelp();
      return true;
    case "last":
      ctx.update((s) => { s.tools.showLast = !s.tools.showLast; });
      return true;
    case "collect":
      collect();
      return true;
    case "wedding-picker":
      ctx.update((s) => { s.tools.picker = !s.tools.picker; });
      return true;
    case "hint": {
      const view = state.view;
      if (!view || state.busy || view.to_act !== view.seat) return true;
      ctx.call("hint", { seat: view.seat }).then((hint) => {
        if (state.view !== view) return;
        ctx.update((s) => { s.tools.hint = hint; });
        speak(hintText(hint));
      }, () => {});
      return true;
    }
    case "undo":
      if (!state.view?.can_undo || state.busy) return true;
      collect();
      ctx.update((s) => Object.assign(s, { busy: true, alert: "" }));
      ctx.request("undo", {});
      return true;
    default:
      return false;
  }
}

// Play the only legal card by itself (an option), once nothing else is pending.
function autoplay() {
  const { state } = ctx;
  const view = state.view;
  if (!ctx.state.options.autoplay || !view || state.busy || ctx.state.tools.hold) return;
  if (view.phase !== "play" || view.to_act !== view.seat) return;
  const mine = view.legal.filter((a) => a.startsWith(`${view.seat}:`));
  if (mine.length !== 1 || !isCard(mine[0].split(":")[1])) return;
  setTimeout(() => {
    if (state.view === view && !state.busy && !ctx.state.tools.hold) ctx.act(mine[0].split(":")[1]);
  }, Math.max(250, ctx.state.delay));
}

// ---- live region for plays ----------------------------------------------------

function live() {
  if (document.getElementById("plays")) return;
  const p = document.createElement("p");
  p.id = "plays";
  p.className = "live";
  p.setAttribute("aria-live", "polite");
  p.dataset.testid = "plays";
  document.body.append(p);
}

function speak(text) {
  const el = globalThis.document?.getElementById("plays"); // none in node's tests
  if (el) el.textContent = text;
}

// ---- dialogs --------------------------------------------------------------------

function dialog(id, title, body) {
  document.getElementById(id)?.remove();
  const closeButton = h("button", { type: "button", class: "primary", text: t("close") });
  const d = h("dialog", { id, class: "panel", "aria-labelledby": `${id}-title`, dataset: { testid: id } },
    h("h2", { id: `${id}-title`, text: title }), body, h("div", { class: "dialog-buttons" }, closeButton));
  closeButton.addEventListener("click", () => d.close());
  d.addEventListener("close", () => {
    d.remove();
    ctx.update(); // the page is drawn again under it, with what was changed in it
  });
  document.body.append(d);
  d.showModal();
  return d;
}

// A rule set's primer (from the engine's metadata), from the start page or help.
export function openPrimer(name, text, href = null) {
  const d = dialog("primer-dialog", t("primerTitle", { name }), [primerBody(text), rulesPageLink(href)]);
  d.querySelector("a.rules-page-link")?.addEventListener("click", () => d.close());
}

// The rules page of the rule set in play (its trump order and scoring, house rules included).
function rulesPageLink(href) {
  return href ? h("p", {}, h("a", { class: "rules-page-link", href, dataset: { testid: "rules-page-link" },
    text: t("rulesPageLink") })) : null;
}

function primerBody(text) {
  return String(text).split(/\n\s*\n/).map((para) => h("p", { text: para }));
}

function openHelp() {
  const primer = ctx.primer?.();
  const d = dialog("help-dialog", t("help"), [
    h("p", { text: t("helpText") }),
    h("p", { text: t("helpTogether") }),
    primer ? [h("h3", { text: t("primerTitle", { name: primer.name }) }), primerBody(primer.text),
      rulesPageLink(primer.href)] : null,
    h("h3", { text: t("keys") }),
    h("dl", { class: "keys" }, KEYS.map(([key, what]) => [
      h("dt", {}, h("kbd", { text: key })), h("dd", { text: t(what) })])),
  ]);
  d.querySelector("a.rules-page-link")?.addEventListener("click", () => d.close());
}

function openSettings() {
  const select = (key, label, values) => {
    const el = h("select", { id: `opt-${key}` }, values.map(([value, text]) =>
      h("option", { value, selected: ctx.state.options[key] === value, text })));
    el.addEventListener("change", () => change(key, el.value));
    return h("div", { class: "field" }, h("label", { for: `opt-${key}`, text: label }), el);
  };
  const check = (key, label) => {
    const el = h("input", { type: "checkbox", id: `opt-${key}`, checked: ctx.state.options[key] });
    el.addEventListener("change", () => change(key, el.checked));
    return h("div", { class: "field check" }, el, h("label", { for: `opt-${key}`, text: label }));
  };
  dialog("settings-dialog", t("settings"), h("form", { class: "settings", method: "dialog" },
    select("theme", t("theme"), [["auto", t("themeAuto")], ["light", t("themeLight")],
      ["dark", t("themeDark")]]),
    select("speed", t("speed"), Object.keys(SPEEDS).map((k) =>
      [k, t(`speed${k[0].toUpperCase()}${k.slice(1)}`)])),
    check("tapToCollect", t("tapToCollect")),
    check("autoplay", t("autoplay")),
    check("sound", t("sound")),
    check("eyes", t("showEyes")),
    check("fourColour", t("fourColour"))));
}

function change(key, value) {
  setOption(key, value);
  if (key === "sound" && value) clickSound(ctx.state.options);
}

