// Comforts at the table (issue 6): hint, take back, last trick, a finished trick
// that stays until collected, autoplay of a forced card, running Augen,
// announcement deadlines, the Hochzeit card picker, plays spoken in a live
// region, a click sound, and the settings and help dialogs.
// app.js calls in at a few points; everything else lives here.
import { getLang, cardName, actionLabel, cardFace, SUIT_SYMBOL } from "./i18n.js";
import { options, loadOptions, setOption, delay, effectiveTheme, click, SPEEDS } from "./options.js";
import { installKeyboard, KEYS } from "./keyboard.js";

const TX = {
  de: {
    hint: "Tipp", undo: "Zurücknehmen", lastTrickButton: "Letzter Stich",
    collect: "Stich einsammeln", settings: "Einstellungen", help: "Hilfe", close: "Schließen",
    tools: "Hilfen", hintIs: "Tipp: {what} – {why}.", noLastTrick: "Noch kein Stich gespielt.",
    eyes: "Augen", open: "offen", takes: "{name} bekommt den Stich.", plays: "{name}: {card}.",
    says: "{name}: {word}.", undone: "Deine letzte Karte ist zurückgenommen.",
    untilCards: "bis {n} Karten", beforeTrick: "vor Stich {n}", gegenansage: "Gegenansage",
    deadlineTitle: "Ansage möglich, solange du mindestens {n} Karten hältst",
    deadlineTitleTricks: "Ansage möglich bis zur ersten Karte von Stich {n}",
    weddingCard: "Hochzeit mit Karte …", weddingPick: "Partnerkarte wählen",
    weddingWith: "Hochzeit: Partner ist, wer zuerst {card} spielt",
    theme: "Farbschema", themeAuto: "wie das System", themeLight: "hell", themeDark: "dunkel",
    darkMode: "Dunkel", lightMode: "Hell",
    speed: "Tempo", speedSlow: "langsam", speedNormal: "normal", speedFast: "schnell",
    speedInstant: "sofort",
    tapToCollect: "Stich zum Einsammeln antippen", autoplay: "Einzige erlaubte Karte automatisch spielen",
    sound: "Ton beim Ausspielen", showEyes: "Augen mitzählen (nicht bei Turnier-Regeln)",
    keys: "Tastatur", keyCards: "Fokus durch die Karten bewegen",
    keyPlay: "Fokussierte Karte spielen oder Knopf drücken", keyChoice: "n-te Auswahl (Gesund, Re, …)",
    keyNext: "Nächstes Spiel",
    helpText: "Tippe eine hell dargestellte Karte, um sie zu spielen. Abgedunkelte Karten darfst du gerade nicht spielen; ein Tipp darauf sagt dir, warum. Vorbehalte und Ansagen erscheinen als Knöpfe über deinen Karten, Ansagen mit ihrer Frist.",
    hints: {
      "reservation by hand strength": "Vorbehalt nach Blattstärke",
      "accept with many trumps": "annehmen nur mit vielen Trümpfen",
      "give back the cheapest plain cards": "die billigsten Fehlkarten zurückgeben",
      "strong hand: announce": "starkes Blatt, also ansagen",
      "the only legal card": "die einzige erlaubte Karte",
      "cash an ace while the suit is fresh": "ein Ass ziehen, solange die Farbe frisch ist",
      "pull trumps with a strong hand": "mit starkem Blatt Trumpf ziehen",
      "lead a cheap plain card": "eine billige Fehlkarte ausspielen",
      "lead a low trump": "einen kleinen Trumpf ausspielen",
      "smear Augen onto the partner's trick": "dem Partner Augen schmieren",
      "take the trick": "den Stich nehmen",
      "give as little as possible": "so wenig wie möglich abgeben",
    },
  },
  en: {
    hint: "Hint", undo: "Take back", lastTrickButton: "Last trick",
    collect: "Collect the trick", settings: "Settings", help: "Help", close: "Close",
    tools: "Helpers", hintIs: "Hint: {what} – {why}.", noLastTrick: "No trick played yet.",
    eyes: "Eyes", open: "open", takes: "{name} takes the trick.", plays: "{name}: {card}.",
    says: "{name}: {word}.", undone: "Your last card was taken back.",
    untilCards: "until {n} cards", beforeTrick: "before trick {n}", gegenansage: "Counter",
    deadlineTitle: "You may announce while you hold at least {n} cards",
    deadlineTitleTricks: "You may announce until the first card of trick {n}",
    weddingCard: "Wedding with a card …", weddingPick: "Choose the partner card",
    weddingWith: "Wedding: partner is whoever first plays the {card}",
    theme: "Colours", themeAuto: "like the system", themeLight: "light", themeDark: "dark",
    darkMode: "Dark", lightMode: "Light",
    speed: "Speed", speedSlow: "slow", speedNormal: "normal", speedFast: "fast",
    speedInstant: "instant",
    tapToCollect: "Tap to collect the trick", autoplay: "Play the only legal card by itself",
    sound: "Sound when a card lands", showEyes: "Count Augen (not with tournament rules)",
    keys: "Keyboard", keyCards: "Move the focus through your cards",
    keyPlay: "Play the focused card or press the button", keyChoice: "The n-th choice (Healthy, Re, …)",
    keyNext: "Next game",
    helpText: "Tap a bright card to play it. Dimmed cards may not be played now; tapping one tells you why. Reservations and announcements appear as buttons above your cards, announcements with their deadline.",
    hints: {},
  },
};

function tx(key, vars = {}) {
  const text = TX[getLang()]?.[key] ?? TX.de[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

const CARD = /^[CSHD][ATKQJ987]$/;
const CARD_WEDDING = /^wedding:[CSHD][ATKQJ987]$/;
const LEVEL = { re: 0, kontra: 0, no90: 1, no60: 2, no30: 3, black: 4 };
const SUIT_WORD = { C: "clubs", S: "spades", H: "hearts", D: "diamonds" };

let ctx = null; // {state, h, render, act, call, request, scheduleBot, seatName}
const ui = { hold: false, holdTimer: 0, showLast: false, hint: null, picker: false };

export function init(context) {
  ctx = context;
  loadOptions();
  ctx.state.delay = delay();
  live();
  installKeyboard({
    hint: () => intent({ kind: "hint" }), undo: () => intent({ kind: "undo" }),
    last: () => intent({ kind: "last" }), collect: () => intent({ kind: "collect" }),
    settings: () => intent({ kind: "settings" }), help: () => intent({ kind: "help" }),
    next: () => document.querySelector("[data-testid=next-game]")?.click(),
  });
  // A held trick is collected by tapping it.
  document.addEventListener("click", (event) => {
    if (ui.hold && event.target.closest?.("[data-testid=trick]")) collect();
  });
  window.matchMedia?.("(prefers-color-scheme: dark)").addEventListener?.("change", () => ctx.render());
}

// ---- hooks app.js calls ---------------------------------------------------

// A new view arrived: speak what happened, click, hold a finished trick, autoplay.
export function onView(prev, next) {
  ui.hint = null;
  clearTimeout(ui.holdTimer);
  ui.hold = false;
  if (!next) return;
  const tricksBefore = prev ? prev.tricks_won.reduce((a, b) => a + b, 0) : 0;
  const tricksNow = next.tricks_won.reduce((a, b) => a + b, 0);
  const newDeal = !prev || prev.dealer !== next.dealer
    || next.declarations.length < prev.declarations.length;
  const undone = !newDeal && (tricksNow < tricksBefore
    || (tricksNow === tricksBefore && next.trick.length < prev.trick.length));
  const sameDeal = !newDeal && !undone;
  const said = undone ? [tx("undone")] : [];
  if (sameDeal) {
    for (const d of next.declarations.slice(prev.declarations.length)) {
      said.push(tx("says", { name: ctx.seatName(d.seat), word: actionLabel(d.what) }));
    }
    for (const a of next.announcements.slice(prev.announcements.length)) {
      said.push(tx("says", { name: ctx.seatName(a.seat), word: actionLabel(a.word) }));
    }
    const finished = tricksNow > tricksBefore && next.last_trick;
    const seq = finished ? [...next.last_trick.cards, ...next.trick] : next.trick;
    const fresh = seq.slice(Math.min(prev.trick.length, seq.length));
    for (const c of fresh) said.push(tx("plays", { name: ctx.seatName(c.seat), card: cardName(c.card) }));
    if (fresh.length) click();
    if (finished) {
      said.push(tx("takes", { name: ctx.seatName(next.last_trick.winner) }));
      if (next.phase !== "done" && (options.tapToCollect || ctx.state.delay > 0)) {
        ui.hold = true;
        if (!options.tapToCollect) ui.holdTimer = setTimeout(collect, ctx.state.delay * 2);
      }
    }
  }
  if (said.length) speak(said.join(" "));
  setTimeout(autoplay, 0);
}

export function holding() {
  return ui.hold;
}

// Release a held trick; the bots go on.
export function collect() {
  if (!ui.hold) return;
  ui.hold = false;
  clearTimeout(ui.holdTimer);
  ctx.render();
  ctx.scheduleBot();
  autoplay();
}

// The cards the trick area shows: a finished trick stays until collected.
export function shownTrick(view) {
  if (ui.hold && view.trick.length === 0 && view.last_trick) return view.last_trick.cards;
  return view.trick;
}

// "seat 0 must follow suit (holds SA)" names no suit; the led card and the
// contract's trumps say which one it is.
export function namedSuit(message, view) {
  const m = /^seat \d+ must follow suit \(holds/.exec(String(message));
  if (!m || !view || !view.trick.length) return message;
  const led = view.trick[0].card;
  const suit = (view.trumps ?? []).includes(led) ? "trump" : SUIT_WORD[led[0]];
  return String(message).replace("must follow suit", `must follow suit: ${suit}`);
}

export function isCardWedding(word) {
  return CARD_WEDDING.test(word);
}

// Button content for a choice: its label, and an announcement's deadline.
export function actionContent(word, view) {
  const { h } = ctx;
  const note = deadline(word, view);
  if (!note) return [actionLabel(word)];
  const label = note.gegen ? `${tx("gegenansage")}: ${actionLabel(word)}` : actionLabel(word);
  return [label, " ", h("small", { class: "deadline", title: note.title, text: note.text })];
}

function deadline(word, view) {
  const d = view.deadlines;
  if (!d || !(word in LEVEL) || d.system === "none") return null;
  const level = LEVEL[word];
  if (d.system === "tricks") {
    const n = d.levels[level];
    return { text: tx("beforeTrick", { n }), title: tx("deadlineTitleTricks", { n }) };
  }
  let n = d.levels[level];
  let gegen = false;
  if (level === 0 && view.hand.length < n) {
    gegen = true; // only offered as a Gegenansage: one card more than the opponents' call
    n = Math.max(0, d.levels[opponentsLevel(view)] - 1);
  }
  return { gegen, text: tx("untilCards", { n }), title: tx("deadlineTitle", { n }) };
}

function opponentsLevel(view) {
  const mine = view.known_parties.re.includes(view.seat) ? "re" : "kontra";
  const ours = new Set(view.known_parties[mine]);
  const levels = view.announcements.filter((a) => !ours.has(a.seat)).map((a) => LEVEL[a.word] ?? 0);
  return levels.length ? Math.max(...levels) : 0;
}

// The Hochzeit partner card (klassisch): one button opens a card picker.
export function weddingPicker(words, view) {
  const { h } = ctx;
  const cards = words.filter(isCardWedding).map((w) => w.slice(8));
  if (!cards.length) return [];
  const toggle = h("button", { type: "button", class: "action", "aria-expanded": String(ui.picker),
    "aria-controls": ui.picker ? "wedding-picker" : null, dataset: { intent: "wedding-picker", focus: "wedding-picker" },
    text: tx("weddingCard") });
  if (!ui.picker) return [toggle];
  const order = "CSHD";
  cards.sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]) || "ATKQJ987".indexOf(a[1]) - "ATKQJ987".indexOf(b[1]));
  const picker = h("div", { id: "wedding-picker", class: "picker", role: "group",
    "aria-label": tx("weddingPick") },
  cards.map((c) => h("button", { type: "button", class: `card mini suit-${c[0]}`,
    "aria-label": tx("weddingWith", { card: cardName(c) }), "aria-disabled": ctx.state.busy ? "true" : null,
    dataset: { action: `wedding:${c}`, focus: `action:wedding:${c}` } },
  h("span", { class: "rank", "aria-hidden": "true", text: cardFace(c) }),
  h("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYMBOL[c[0]] }))));
  void view;
  return [toggle, picker];
}

export function cardClass(card, enabled) {
  const hinted = ui.hint && ui.hint.action.endsWith(`:${card}`);
  return `${enabled ? " legal" : ""}${hinted ? " hinted" : ""}`;
}

// ---- header buttons, helper bar --------------------------------------------

export function headerButtons() {
  const { h } = ctx;
  const dark = effectiveTheme() === "dark";
  // an icon for narrow screens; the word stays the button's name
  const content = (icon, text) => [h("span", { class: "ico", "aria-hidden": "true", text: icon }),
    h("span", { class: "label", text })];
  return [
    h("button", { type: "button", class: "icon", "aria-pressed": String(dark),
      dataset: { intent: "theme", focus: "theme" } }, content("☾", tx("darkMode"))),
    h("button", { type: "button", class: "icon", "aria-haspopup": "dialog",
      dataset: { intent: "settings", focus: "settings", testid: "settings-open" } },
    content("⚙", tx("settings"))),
    h("button", { type: "button", class: "icon", "aria-haspopup": "dialog",
      dataset: { intent: "help", focus: "help", testid: "help-open" } }, content("?", tx("help"))),
  ];
}

export function toolbar() {
  const { h, state } = ctx;
  const view = state.view;
  if (!view) return null;
  const running = view.phase !== "done";
  const mine = running && view.to_act === view.seat;
  const buttons = [];
  if (running) {
    buttons.push(h("button", { type: "button", "aria-disabled": mine && !state.busy ? null : "true",
      dataset: { intent: "hint", focus: "hint", testid: "hint" } }, tx("hint"), kbd("T")));
  }
  if (view.can_undo) {
    buttons.push(h("button", { type: "button", "aria-disabled": state.busy ? "true" : null,
      dataset: { intent: "undo", focus: "undo", testid: "undo" } }, tx("undo"), kbd("U")));
  }
  buttons.push(h("button", { type: "button", "aria-pressed": String(ui.showLast),
    "aria-controls": ui.showLast ? "last-trick-panel" : null,
    dataset: { intent: "last", focus: "last", testid: "last-trick-button" } },
  tx("lastTrickButton"), kbd("L")));
  if (ui.hold && options.tapToCollect) {
    buttons.push(h("button", { type: "button", class: "primary",
      dataset: { intent: "collect", focus: "collect", testid: "collect" } }, tx("collect"), kbd("C")));
  }
  return h("section", { class: "tools", "aria-label": tx("tools"), dataset: { testid: "tools" } },
    h("div", { class: "tool-buttons" }, buttons),
    eyesLine(view),
    ui.hint ? h("p", { class: "hint", dataset: { testid: "hint-text" }, text: hintText(ui.hint) }) : null,
    ui.showLast ? lastPanel(view) : null);
}

function kbd(key) {
  return ctx.h("kbd", { "aria-hidden": "true", text: key });
}

function eyesLine(view) {
  if (view.tournament || !options.eyes || !view.eyes_won) return null;
  const sum = (seats) => seats.reduce((a, s) => a + (view.eyes_won[s] ?? 0), 0);
  const re = view.known_parties.re, kontra = view.known_parties.kontra;
  const known = new Set([...re, ...kontra]);
  const rest = view.eyes_won.map((_, s) => s).filter((s) => !known.has(s));
  const parts = [`${actionLabel("re")} ${sum(re)}`, `${actionLabel("kontra")} ${sum(kontra)}`];
  if (rest.length && sum(rest)) parts.push(`${tx("open")} ${sum(rest)}`);
  return ctx.h("p", { class: "eyes", dataset: { testid: "eyes" } },
    ctx.h("strong", { text: `${tx("eyes")}: ` }), parts.join(" · "));
}

function hintText(hint) {
  const what = hint.action.split(":").slice(1).join(":");
  const label = CARD.test(what) ? cardName(what) : actionLabel(what);
  const why = TX[getLang()].hints?.[hint.reason] ?? hint.reason;
  return tx("hintIs", { what: label, why });
}

function lastPanel(view) {
  const { h } = ctx;
  const last = view.last_trick;
  return h("div", { id: "last-trick-panel", class: "last-panel", role: "group",
    "aria-label": tx("lastTrickButton"), dataset: { testid: "last-trick-panel" } },
  last ? [
    last.cards.map((c) => h("span", { class: `card small suit-${c.card[0]}${c.seat === last.winner ? " winner" : ""}`,
      role: "img", "aria-label": `${cardName(c.card)}, ${ctx.seatName(c.seat)}` },
    h("span", { class: "rank", "aria-hidden": "true", text: cardFace(c.card) }),
    h("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYMBOL[c.card[0]] }))),
    h("p", { text: tx("takes", { name: ctx.seatName(last.winner) }) }),
  ] : h("p", { text: tx("noLastTrick") }));
}

// ---- intents ----------------------------------------------------------------

// Handles the intents of this module; false lets app.js handle the rest.
export function intent(it) {
  const { state } = ctx;
  switch (it.kind) {
    case "theme":
      setOption("theme", effectiveTheme() === "dark" ? "light" : "dark");
      ctx.render();
      return true;
    case "settings":
      openSettings();
      return true;
    case "help":
      openHelp();
      return true;
    case "last":
      ui.showLast = !ui.showLast;
      ctx.render();
      return true;
    case "collect":
      collect();
      return true;
    case "wedding-picker":
      ui.picker = !ui.picker;
      ctx.render();
      return true;
    case "hint": {
      const view = state.view;
      if (!view || state.busy || view.to_act !== view.seat) return true;
      ctx.call("hint").then((hint) => {
        if (state.view !== view) return;
        ui.hint = hint;
        ctx.render();
        speak(hintText(hint));
      }, () => {});
      return true;
    }
    case "undo":
      if (!state.view?.can_undo || state.busy) return true;
      collect();
      state.busy = true;
      state.alert = "";
      ctx.render();
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
  if (!options.autoplay || !view || state.busy || ui.hold) return;
  if (view.phase !== "play" || view.to_act !== view.seat) return;
  const mine = view.legal.filter((a) => a.startsWith(`${view.seat}:`));
  if (mine.length !== 1 || !CARD.test(mine[0].split(":")[1])) return;
  setTimeout(() => {
    if (state.view === view && !state.busy && !ui.hold) ctx.act(mine[0].split(":")[1]);
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
  const el = document.getElementById("plays");
  if (el) el.textContent = text;
}

// ---- dialogs --------------------------------------------------------------------

function dialog(id, title, body) {
  const { h } = ctx;
  document.getElementById(id)?.remove();
  const closeButton = h("button", { type: "button", class: "primary", text: tx("close") });
  const d = h("dialog", { id, class: "panel", "aria-labelledby": `${id}-title`, dataset: { testid: id } },
    h("h2", { id: `${id}-title`, text: title }), body, h("div", { class: "dialog-buttons" }, closeButton));
  closeButton.addEventListener("click", () => d.close());
  d.addEventListener("close", () => {
    d.remove();
    ctx.render();
  });
  document.body.append(d);
  d.showModal();
  return d;
}

function openHelp() {
  const { h } = ctx;
  dialog("help-dialog", tx("help"), [
    h("p", { text: tx("helpText") }),
    h("h3", { text: tx("keys") }),
    h("dl", { class: "keys" }, KEYS.map(([key, what]) => [
      h("dt", {}, h("kbd", { text: key })), h("dd", { text: tx(what) })])),
  ]);
}

function openSettings() {
  const { h } = ctx;
  const select = (key, label, values) => {
    const el = h("select", { id: `opt-${key}` }, values.map(([value, text]) =>
      h("option", { value, selected: options[key] === value, text })));
    el.addEventListener("change", () => change(key, el.value));
    return h("div", { class: "field" }, h("label", { for: `opt-${key}`, text: label }), el);
  };
  const check = (key, label) => {
    const el = h("input", { type: "checkbox", id: `opt-${key}`, checked: options[key] });
    el.addEventListener("change", () => change(key, el.checked));
    return h("div", { class: "field check" }, el, h("label", { for: `opt-${key}`, text: label }));
  };
  dialog("settings-dialog", tx("settings"), h("form", { class: "settings", method: "dialog" },
    select("theme", tx("theme"), [["auto", tx("themeAuto")], ["light", tx("themeLight")],
      ["dark", tx("themeDark")]]),
    select("speed", tx("speed"), Object.keys(SPEEDS).map((k) =>
      [k, tx(`speed${k[0].toUpperCase()}${k.slice(1)}`)])),
    check("tapToCollect", tx("tapToCollect")),
    check("autoplay", tx("autoplay")),
    check("sound", tx("sound")),
    check("eyes", tx("showEyes"))));
}

function change(key, value) {
  setOption(key, value);
  if (key === "speed") ctx.state.delay = delay();
  if (key === "sound" && value) click();
  ctx.render();
}

