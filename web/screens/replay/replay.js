// Replay viewer and demo gallery: #/replay/<payload> and #/demos.
// The engine replays the record (doko.explain.walk) and sends every step's table plus
// the events to explain; this module only steps through them. Nothing from a link is
// ever parsed as HTML: every text goes through textContent (dom.js's h()).
// State: the store's `replay` slice (initialReplay); replayScreen draws it, replayIntents
// and replayKeys change it through ctx.
import { h, signed } from "../../core/dom.js";
import { t, getLang, contractName, errorText, has, presetName } from "../../core/i18n.js";
import { eventText } from "./replay-words.js";
import { faceCard, trickView, seatSpot, seatSide, plateTags, linesTable } from "../../table/table.js";
import { backSvg } from "../../table/cards.js";
import { icon } from "../../core/icons.js";
import * as V from "../../core/variants.js";
import { differencesView } from "../rules/editor.js";
import { linkSeat } from "../../core/router.js";
import { openScreen } from "../../core/store.js";

const MAX_PAYLOAD = 4096; // same bound as doko.links.MAX_LINK; checked before the engine sees it
const SPEEDS = [0.5, 1, 2, 4];
const STEP_MS = 900; // autoplay: one step per 0.9 s at speed 1
const TOAST_MS = 2500;

export function initialReplay() {
  return {
    data: null, // {record, frames, events, tricks_at, stops, complete, notes}
    payload: "", // the link payload it came from
    step: 0,
    seat: -1, // -1: all hands; else one seat's view
    playing: false,
    playToken: 0, // autoplay's steps carry it: a stop or a new start drops the ones under way
    speed: 1,
    title: null, // {de, en} for a demo
    intro: null, // {de, en}: the demo's one line
    moment: -1, // a demo: the step where its rule acts (-1: not a demo)
    demos: null, // gallery list
    mode: "replay", // replay | demos
    query: "", // the gallery's search text
    paused: false, // autoplay halted at a step where a rule acts
    notes: [], // a player's notes: [{step, text}] (plain text, checked by the engine)
    noteTitle: "", // the title of a player's own demo
    editing: false, // the note editor is open
    draft: "", // the note being written for the current step
    keep: { asking: false, name: "" }, // saving the record's house rules under a name
  };
}

// ---- stepping (pure: changes a replay slice in place) ----------------------------------

function frames(rv) {
  return rv.data ? rv.data.frames : [];
}

export function noteAt(rv, step) {
  return rv.notes.find((n) => n.step === step)?.text ?? "";
}

// Steps where a rule acts (the engine's `stops`): autoplay halts there.
function stops(rv) {
  return rv.data?.stops ?? [];
}

// Step index at which each trick is complete.
function trickEnds(rv) {
  return rv.data ? rv.data.tricks_at : [];
}

export function goTo(rv, step) {
  rv.step = Math.max(0, Math.min(frames(rv).length - 1, step));
  rv.draft = noteAt(rv, rv.step);
}

export function stopPlaying(rv) {
  rv.playing = false;
  rv.paused = false;
  rv.playToken += 1;
}

// Where each transport button goes from the current step.
export function stepTarget(rv, kind) {
  const last = frames(rv).length - 1;
  const ends = trickEnds(rv);
  switch (kind) {
    case "first": return 0;
    case "prev": return rv.step - 1;
    case "next": return rv.step + 1;
    case "last": return last;
    case "next-trick": return ends.find((s) => s > rv.step) ?? last;
    case "next-rule": return stops(rv).find((s) => s > rv.step) ?? last;
    case "prev-trick": {
      const before = ends.filter((s) => s < rv.step);
      return before.length ? before[before.length - 1] : 0;
    }
    default: return rv.step;
  }
}

// The record up to the current step, to play on from there (at the shown seat, or 0).
export function playOnFrom(rv) {
  return { record: { ...rv.data.record, actions: rv.data.record.actions.slice(0, rv.step) },
    seat: rv.seat >= 0 ? rv.seat : 0 };
}

// ---- the route --------------------------------------------------------------------------

function update(ctx, fn) {
  ctx.update((s) => fn(s.replay));
}

// #/replay/<payload>[?seat=N&notes=..] or #/demos; resolves true when the screen can
// show, false on a bad link (ctx.alert says why). Notes the engine refuses are named in
// the alert and the game opens.
export async function replayRoute(ctx, path, params = new URLSearchParams()) {
  update(ctx, stopPlaying);
  if (path === "/demos") {
    update(ctx, (rv) => { rv.mode = "demos"; });
    if (!ctx.state.replay.demos) {
      let demos = [];
      try {
        demos = (await ctx.call("demos")).demos;
      } catch (err) {
        ctx.alert(errorText(err));
      }
      update(ctx, (rv) => { rv.demos = demos; });
    }
    return true;
  }
  update(ctx, (rv) => { rv.mode = "replay"; });
  const asked = linkSeat(params);
  const notes = params.get("notes");
  let payload = path.slice("/replay/".length);
  if (payload.length > MAX_PAYLOAD + 1) {
    return bad(ctx, { code: "link-too-long", params: { length: payload.length, most: MAX_PAYLOAD } });
  }
  try {
    payload = decodeURIComponent(payload);
  } catch {
    return bad(ctx, { code: "link-not-url", params: {} });
  }
  const demo = (ctx.state.replay.demos || []).find((d) => d.link === payload);
  let data;
  try {
    data = await ctx.call("open_link", notes ? { payload, notes } : { payload });
  } catch (err) {
    return bad(ctx, err);
  }
  const rules = data.record?.rules;
  if (rules && typeof rules === "object") await V.checkRules(ctx, rules).catch(() => null);
  const players = data.frames[0]?.hands.length ?? 0;
  // a link shared from a running game opens at the sharer's seat, the rest hidden
  const wanted = asked ?? (data.complete ? -1 : 0);
  const own = data.notes ?? { title: "", notes: [] };
  const fromStart = demo || own.notes.length || own.title;
  // a demo opens a short lead-in before its moment; the steps before stay reachable
  const opening = demo ? Math.max(0, Math.min(data.frames.length - 1, demo.start ?? 0)) : 0;
  update(ctx, (rv) => {
    Object.assign(rv, { data, payload, step: fromStart ? opening : data.frames.length - 1,
      moment: demo ? (demo.moment ?? -1) : -1,
      seat: wanted >= 0 && wanted < players ? wanted : -1, title: demo ? demo.title : null,
      intro: demo ? demo.description : null, notes: own.notes, noteTitle: own.title, editing: false,
      paused: false, keep: { asking: false, name: "" } });
    rv.draft = noteAt(rv, rv.step);
  });
  if (data.notes_error) ctx.alert(t("notesBad", { why: errorText(data.notes_error) }));
  return true;
}

function bad(ctx, error) {
  update(ctx, (rv) => { rv.data = null; });
  ctx.alert(t("badLink", { why: errorText(error) }));
  return false;
}

// ---- autoplay ------------------------------------------------------------------------------

function schedule(ctx) {
  const { playToken, speed } = ctx.state.replay;
  setTimeout(() => tick(ctx, playToken), STEP_MS / speed);
}

function tick(ctx, token) {
  const rv = ctx.state.replay;
  if (!rv.playing || rv.playToken !== token || ctx.state.screen !== "replay") return;
  if (rv.step >= frames(rv).length - 1) return void update(ctx, stopPlaying);
  const next = rv.step + 1;
  if (stops(rv).includes(next)) {
    // a rule acts here: stop so it can be read; Abspielen goes on from here
    return void update(ctx, (r) => {
      r.playing = false;
      r.paused = true;
      goTo(r, next);
    });
  }
  update(ctx, (r) => goTo(r, next));
  schedule(ctx);
}

// ---- notes and sharing ----------------------------------------------------------------------

async function encodeNotes(ctx, notes, title) {
  const answer = await ctx.call("encode_notes", { notes, title, steps: frames(ctx.state.replay).length });
  // the notes as the link will carry them (cleaned by the engine)
  return { text: answer.notes, notes: answer.checked.notes, title: answer.checked.title };
}

// The player's notes as they would be after setting the current step's note to `text`
// (empty: the note goes). The engine checks them (length, count, steps) before they
// are kept, so a refused note is said in the alert and nothing is lost.
async function saveNote(ctx, text) {
  const rv = ctx.state.replay;
  const notes = rv.notes.filter((n) => n.step !== rv.step);
  if (text.trim()) notes.push({ step: rv.step, text });
  notes.sort((a, b) => a.step - b.step);
  try {
    const checked = await encodeNotes(ctx, notes, rv.noteTitle);
    update(ctx, (r) => {
      r.notes = checked.notes;
      r.draft = noteAt(r, r.step);
    });
    ctx.alert("");
  } catch (err) {
    ctx.alert(t("noteRefused", { why: errorText(err) }));
  }
}

// A replay link to the clipboard ("Link kopiert." shows a moment), or in the alert to
// copy by hand. A running game's link opens at the sharer's seat: seat 0 unless said
// otherwise, so the usual link stays exactly #/replay/<payload>; a player's notes ride
// along as notes=<text>. The link is also left in body[data-share-link] (tests).
export function shareReplayLink(ctx, payload, seat = null, notes = null) {
  const query = new URLSearchParams();
  if (seat) query.set("seat", String(seat));
  if (notes) query.set("notes", notes);
  const view = query.toString() ? `?${query}` : "";
  const url = `${location.origin}${location.pathname}#/replay/${payload}${view}`;
  document.body.dataset.shareLink = url;
  const done = () => {
    const text = t("copied");
    ctx.alert("");
    ctx.update((s) => { s.toast = text; });
    setTimeout(() => ctx.update((s) => { if (s.toast === text) s.toast = ""; }), TOAST_MS);
  };
  const failed = () => ctx.alert(t("copyFailed", { link: url }));
  if (globalThis.navigator?.clipboard) navigator.clipboard.writeText(url).then(done, failed);
  else failed();
}

async function share(ctx) {
  const rv = ctx.state.replay;
  if (!rv.notes.length && !rv.noteTitle.trim()) return shareReplayLink(ctx, rv.payload, null, null);
  try {
    const checked = await encodeNotes(ctx, rv.notes, rv.noteTitle);
    return shareReplayLink(ctx, rv.payload, null, checked.text);
  } catch (err) {
    return ctx.alert(t("noteRefused", { why: errorText(err) }));
  }
}

// ---- intents ----------------------------------------------------------------------------------

function stepper(kind) {
  return (ctx) => update(ctx, (rv) => {
    stopPlaying(rv);
    goTo(rv, stepTarget(rv, kind));
  });
}

// "replay-play-on" (play on from this step) starts a table: the page's game code has
// that intent and takes playOnFrom(state.replay).
export const replayIntents = {
  "replay-first": stepper("first"),
  "replay-prev-trick": stepper("prev-trick"),
  "replay-prev": stepper("prev"),
  "replay-next": stepper("next"),
  "replay-next-trick": stepper("next-trick"),
  "replay-next-rule": stepper("next-rule"),
  "replay-last": stepper("last"),
  "replay-play": (ctx) => {
    if (ctx.state.replay.playing) return void update(ctx, stopPlaying);
    update(ctx, (rv) => {
      rv.playToken += 1;
      rv.playing = true;
    });
    schedule(ctx);
  },
  "replay-speed": (ctx, data) => update(ctx, (rv) => { rv.speed = Number(data.value) || 1; }),
  "replay-jump": (ctx, data) => update(ctx, (rv) => {
    stopPlaying(rv);
    goTo(rv, Number(data.value));
  }),
  "replay-seat": (ctx, data) => update(ctx, (rv) => { rv.seat = Number(data.value); }),
  "replay-share": (ctx) => share(ctx),
  "replay-note-edit": (ctx) => update(ctx, (rv) => {
    rv.editing = !rv.editing;
    rv.draft = noteAt(rv, rv.step);
  }),
  "replay-note-title": (ctx, data) => update(ctx, (rv) => { rv.noteTitle = String(data.value ?? ""); }),
  "replay-note-draft": (ctx, data) => update(ctx, (rv) => { rv.draft = String(data.value ?? ""); }),
  "replay-note-save": (ctx) => saveNote(ctx, ctx.state.replay.draft),
  "replay-note-delete": (ctx) => saveNote(ctx, ""),
  "replay-note-jump": (ctx, data) => update(ctx, (rv) => {
    stopPlaying(rv);
    goTo(rv, Number(data.step));
  }),
  "replay-search": (ctx, data) => update(ctx, (rv) => { rv.query = String(data.value ?? ""); }),
  "replay-keep-ask": (ctx) => update(ctx, (rv) => { rv.keep.asking = true; }),
  "replay-keep-name": (ctx, data) => update(ctx, (rv) => { rv.keep.name = String(data.value ?? ""); }),
  "replay-keep-save": async (ctx) => {
    const rv = ctx.state.replay;
    const answer = V.knownCheck(ctx.state.variants, rv.data?.record?.rules);
    if (!answer?.ok) return;
    if (!V.cleanName(rv.keep.name)) return void ctx.alert(t("variantNameMissing"));
    try { await V.storeVariant(ctx, rv.keep.name, answer.rules); } catch { ctx.alert(t("storageFailed")); }
    update(ctx, (r) => { r.keep.asking = false; });
  },
};

const KEYS = { ArrowRight: "next", ArrowLeft: "prev", ArrowDown: "next-trick", ArrowUp: "prev-trick",
  Home: "first", End: "last", " ": "play" };

// Arrow keys step, Home/End jump, Space plays, while the viewer shows (not in a form
// field). The page's keydown listener calls it on the replay screen; true if taken.
export function replayKeys(ctx, event) {
  const rv = ctx.state.replay;
  if (ctx.state.screen !== "replay" || rv.mode !== "replay" || !rv.data) return false;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return false;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target?.tagName)) return false;
  const kind = KEYS[event.key];
  if (!kind) return false;
  event.preventDefault();
  replayIntents[`replay-${kind}`](ctx, {});
  return true;
}

function seatName(seat) {
  return t("player", { n: seat + 1 });
}

// Seats are drawn from the point of view of the chosen seat (or seat 0 with all hands).
function relativeTo(rv, n) {
  const me = rv.seat >= 0 ? rv.seat : 0;
  return (seat) => (seat - me + n) % n;
}

function iconButton(kind, name, label, extra = {}) {
  return h("button", { type: "button", class: "icon-only", "aria-label": label, title: label,
    dataset: { intent: `replay-${kind}`, replay: kind, testid: `replay-${kind}`, focus: `replay-${kind}` }, ...extra },
  icon(name));
}

function button(kind, label, extra = {}) {
  return h("button", { type: "button", ...extra,
    dataset: { intent: `replay-${kind}`, replay: kind, testid: `replay-${kind}`, focus: `replay-${kind}` }, text: label });
}

function select(kind, label, options, current) {
  return h("label", { class: "replay-select" }, h("span", { class: "label", text: label }),
    h("select", { dataset: { intent: `replay-${kind}`, replay: kind, testid: `replay-${kind}`, focus: `replay-${kind}` },
      "aria-label": label },
    options.map(([value, text]) => h("option", { value: String(value),
      selected: String(value) === String(current), text }))));
}

export function replayScreen(state) {
  return state.replay.mode === "demos" ? gallery(state) : viewer(state);
}

// The demos by topic, each naming its rules (a preset, or a preset with house rules);
// the search box hides what does not match.
const TOPICS = ["basics", "special-games", "announcements", "specials", "house"];

function rulesText(d, presets) {
  const name = (id) => presetName(presets, id);
  const changed = Object.keys(d.options || {});
  if (!changed.length) return name(d.preset);
  return t("demoVariant", { preset: name(d.preset),
    options: [...new Set(changed.map((o) => t(has(`demoOpt.${o}`) ? `demoOpt.${o}` : "demoOpt.other")))].join(", ") });
}

function gallery(state) {
  const rv = state.replay;
  const lang = getLang();
  const list = rv.demos || [];
  const words = rv.query.toLowerCase().split(/\s+/).filter(Boolean);
  const topics = [...TOPICS, ...new Set(list.map((d) => d.topic).filter((x) => !TOPICS.includes(x)))];
  let shown = 0;
  const groups = topics.map((topic) => {
    const items = list.filter((d) => d.topic === topic);
    if (!items.length) return null;
    let hits = 0;
    const entries = items.map((d) => {
      const title = d.title[lang] ?? d.title.de;
      const line = d.description[lang] ?? d.description.de;
      const rules = rulesText(d, state.meta?.presets);
      const search = [title, line, rules, d.preset, t(`topic.${topic}`)].join(" ").toLowerCase();
      const hit = words.every((w) => search.includes(w));
      hits += hit ? 1 : 0;
      return h("li", { hidden: !hit, dataset: { testid: "demo", demo: d.id, search } },
        h("a", { href: `#/replay/${d.link}` },
          h("strong", { text: title }),
          h("span", { text: line }),
          h("span", { class: "demo-rules", text: rules })));
    });
    shown += hits;
    return h("section", { class: "demo-group", hidden: !hits, dataset: { testid: "demo-topic", topic } },
      h("h3", { text: t(`topic.${topic}`) }), h("ul", {}, entries));
  });
  return h("section", { class: "demos", dataset: { testid: "demos" }, "aria-labelledby": "demos-title" },
    h("h2", { id: "demos-title", text: t("demos") }),
    h("p", { text: t("demosIntro") }),
    h("label", { class: "demo-search" }, h("span", { class: "label", text: t("demoSearch") }),
      h("input", { type: "search", value: rv.query, "aria-label": t("demoSearch"),
        placeholder: t("demoSearchHint"), dataset: { intent: "replay-search", testid: "demo-search", focus: "demo-search" } })),
    h("p", { class: "quiet", dataset: { testid: "demo-none" }, hidden: shown > 0, text: t("demoNone") }),
    groups);
}

// How far a hand of `cards` may spread at a table of `n`: a few cards show more of each
// (at six and eight the seats sit too close for it).
function spread(cards, n) {
  if (n > 5) return "";
  return cards <= 5 ? " very-few" : cards <= 8 ? " few" : "";
}

// A seat round the felt: name, party, what it said, and its hand open or as backs.
function replaySeat(f, seat, relative, shownSeat, name) {
  const n = f.hands.length;
  const rel = relative(seat);
  const hand = f.hands[seat];
  const visible = shownSeat === -1 || shownSeat === seat;
  const spot = seatSpot(rel, n);
  const turn = f.to_act === seat && f.phase !== "done";
  return h("div", { class: `seat replay-seat pos-${rel} side-${seatSide(spot)}${turn ? " turn" : ""}`,
    style: `--sx:${spot.x.toFixed(3)};--sy:${spot.y.toFixed(3)}`,
    dataset: { testid: "replay-seat", seat: String(seat) } },
  h("div", { class: "plate" }, h("strong", { class: "name", text: name(seat) }), plateTags(f.plates?.[seat])),
  visible
    ? h("div", { class: `open-hand${spread(hand.length, n)}`,
      role: "group", "aria-label": t("handOf", { name: name(seat) }) },
      hand.map((c) => faceCard(c, { extra: "mini" })))
    : h("div", { class: "backs", role: "img", "aria-label": t("cardsCount", { n: hand.length }) },
      hand.map(() => h("span", { class: "back-card" }, backSvg())),
      h("span", { class: "count", "aria-hidden": "true", text: String(hand.length) })));
}

function controls(rv, f, tricks) {
  return h("div", { class: "replay-controls", role: "group", "aria-label": t("replay") },
    h("div", { class: "transport" },
      iconButton("first", "first", t("start")),
      iconButton("prev-trick", "prevTrick", t("prevTrick")),
      iconButton("prev", "prev", t("prev")),
      iconButton("play", rv.playing ? "pause" : "play", rv.playing ? t("pause") : t("play"),
        { "aria-pressed": String(rv.playing) }),
      iconButton("next", "next", t("next")),
      iconButton("next-trick", "nextTrick", t("nextTrick")),
      iconButton("last", "last", t("end")),
      button("next-rule", t("nextRule"), { class: "next-rule", disabled: !stops(rv).some((x) => x > rv.step) })),
    h("div", { class: "replay-options" },
      select("speed", t("speed"), SPEEDS.map((s) => [s, `${s}×`]), rv.speed),
      select("jump", t("jump"), [[0, t("start")], ...tricks.map((s, i) => [s, t("trickN", { n: i + 1 })])],
        tricks.includes(rv.step) || rv.step === 0 ? rv.step : ""),
      select("seat", t("view"), [[-1, t("allHands")], ...f.hands.map((_, s) => [s,
        t("seatView", { name: seatName(s) })])], rv.seat)));
}

// The explanation beside the felt: what was played, every event of the step, the
// player's note for it, and at the end the Abrechnung line by line.
function explainPanel(rv, events) {
  const result = events.find((e) => e.key === "result");
  const rule = events.some((e) => isRuleMoment(e));
  const note = noteAt(rv, rv.step);
  return h("section", { class: `replay-explain${rule ? " rule" : ""}`, "aria-live": "polite",
    dataset: { testid: "replay-explain", rule: String(rule) } },
  h("h3", { class: "sr-only", text: t("explain") }),
  rv.paused ? h("p", { class: "replay-paused", dataset: { testid: "replay-paused" }, text: t("pausedAtRule") }) : null,
  events.length ? h("ul", {}, events.map((e) => h("li", { class: isRuleMoment(e) ? "rule" : null,
    dataset: { event: e.key }, text: eventText(e, seatName) }))) : h("p", { class: "quiet", text: t("nothing") }),
  result ? linesTable(result.params.lines || [], { testid: "replay-lines", reckoning: result.params.reckoning ?? null,
    soloist: replaySoloist(result.params) }) : null,
  result ? h("p", { class: "replay-points" }, h("strong", { text: result.params.points
    .map((p, s) => `${seatName(s)} ${signed(p)}`).join(" · ") })) : null,
  note ? h("p", { class: "replay-note", dataset: { testid: "replay-note", step: String(rv.step) } },
    h("span", { class: "note-label", text: t("noteLabel") }), h("span", { class: "note-text", text: note })) : null);
}

// Who writes a solo's factor: the one seat of Re in a solo the reckoning counts.
function replaySoloist(params) {
  const re = params.parties?.re ?? [];
  return params.reckoning?.solo_factor > 1 && re.length === 1 ? t("reckonSoloist", { name: seatName(re[0]) }) : null;
}

// The engine marks the events that tell of a rule acting (doko.explain.is_rule_event).
function isRuleMoment(event) {
  return event.rule === true;
}

// Write a note for this step, name the demo, and see every note with its step.
function notesPanel(rv) {
  const list = rv.notes.length ? h("ol", { class: "note-list", dataset: { testid: "note-list" } },
    rv.notes.map((n) => h("li", {}, h("button", { type: "button", class: "link",
      dataset: { intent: "replay-note-jump", replay: "note-jump", testid: "note-jump", step: String(n.step),
        focus: `note-jump:${n.step}` },
      text: `${t("stepShort", { n: n.step })}: ${n.text.length > 60 ? `${n.text.slice(0, 59)}…` : n.text}` })))) : null;
  return h("section", { class: "replay-notes", dataset: { testid: "note-editor" } },
    h("h3", { text: t("ownDemo") }),
    h("p", { class: "quiet", text: t("ownDemoHint") }),
    h("input", { type: "text", value: rv.noteTitle, "aria-label": t("noteTitle"), placeholder: t("noteTitle"),
      dataset: { intent: "replay-note-title", testid: "note-title", focus: "note-title" } }),
    h("textarea", { rows: "3", "aria-label": t("noteFor", { n: rv.step }),
      dataset: { intent: "replay-note-draft", testid: "note-input", focus: "note-input" } }, rv.draft),
    h("div", { class: "replay-actions" },
      button("note-save", t("noteSave"), { class: "primary" }),
      noteAt(rv, rv.step) ? button("note-delete", t("noteDelete")) : null),
    list);
}

// The frame's felt with the card that decides the step outlined.
function feltWithFocus(f, relative, trickNo, shownSeat) {
  return frameFelt(f, { relative, trickNo, shownSeat, focus: f.focus });
}

// The felt of one replay frame (every seat and the trick), seats placed by `relative`;
// `shownSeat` -1 shows every hand; `names` names the seats; `focus` ({seat, card}) marks
// the card that decides the step. The deal review draws its steps with it too.
export function frameFelt(f, { relative, trickNo, shownSeat = -1, names = seatName, focus = null }) {
  const n = f.hands.length;
  const lastTrick = f.trick.length === 0 && f.tricks.length ? f.tricks[f.tricks.length - 1] : null;
  const shown = f.trick.length ? f.trick : lastTrick ? lastTrick.cards : [];
  const trick = trickView(shown, { players: n, relative, seatName: names,
    testid: "replay-trick", label: t("trickN", { n: Math.max(1, trickNo) }) });
  const decisive = focus ? trick.querySelector(`[data-seat="${focus.seat}"][data-card="${focus.card}"]`) : null;
  if (decisive) {
    decisive.classList.add("decisive");
    decisive.dataset.decisive = "true";
  }
  return h("section", { class: `table replay-table players-${n}`, "aria-label": t("table") },
    f.hands.map((_, seat) => replaySeat(f, seat, relative, shownSeat, names)),
    h("div", { class: "middle" }, trick));
}

function viewer(state) {
  const rv = state.replay;
  if (!rv.data) return h("section", { class: "replay" });
  const fs = frames(rv);
  const f = fs[rv.step];
  const n = f.hands.length;
  const lang = getLang();
  const tricks = trickEnds(rv);
  const trickNo = tricks.filter((s) => s <= rv.step).length;
  // the line above the felt names the trick on the table (one being played counts)
  const shownTrick = f.tricks.length + (f.trick.length ? 1 : 0);
  const events = rv.data.events.filter((e) => e.step === rv.step);
  const heading = rv.noteTitle.trim() ? rv.noteTitle
    : rv.title ? (rv.title[lang] ?? rv.title.de) : t("replay");
  return h("section", { class: "replay", dataset: { testid: "replay", step: String(rv.step),
    steps: String(fs.length) }, "aria-labelledby": "replay-title" },
  h("div", { class: "replay-head" },
    h("h2", { id: "replay-title", text: heading }),
    h("p", { class: "replay-where", dataset: { testid: "replay-where" } },
      t("step", { n: rv.step, total: fs.length - 1 }), " · ",
      shownTrick ? t("trickN", { n: shownTrick }) : t("before"), " · ", contractName(f.contract),
      momentNote(rv)),
    rv.intro ? h("p", { class: "replay-intro", dataset: { testid: "replay-intro" },
      text: rv.intro[lang] ?? rv.intro.de }) : null),
  variantBox(rv, state.variants),
  controls(rv, f, tricks),
  h("div", { class: "replay-stage" },
    feltWithFocus(f, relativeTo(rv, n), trickNo, rv.seat),
    h("div", { class: "replay-side" }, explainPanel(rv, events),
      h("div", { class: "replay-actions" },
        f.phase !== "done" ? button("play-on", t("playOn"), { class: "primary" }) : null,
        button("note-edit", rv.editing ? t("noteClose") : t("noteOpen"),
          { "aria-expanded": String(rv.editing) }),
        button("share", rv.notes.length ? t("shareDemo") : t("share"))),
      rv.editing ? notesPanel(rv) : null)));
}

// A demo says how far its rule is: "die Regel in 3 Schritten", then "hier wirkt die Regel".
function momentNote(rv) {
  if (rv.moment < 0 || rv.step > rv.moment) return null;
  const text = rv.step === rv.moment ? t("demoMomentHere") : t("demoMomentIn", { n: rv.moment - rv.step });
  return h("span", { class: "replay-moment", dataset: { testid: "replay-moment" } }, " · ", h("strong", { text }));
}

// A game played with house rules says what differs from its preset, and offers to keep them.
function variantBox(rv, vs) {
  const rules = rv.data?.record?.rules;
  if (!rules || typeof rules !== "object" || !Object.keys(V.optionsOf(rules)).length) return null;
  const answer = V.knownCheck(vs, rules);
  if (!answer?.ok) return null;
  const saved = V.findVariant(vs, answer.rules);
  let keep;
  if (saved) {
    keep = h("p", { class: "saved-note", dataset: { testid: "variant-notice-saved" },
      text: t("variantSavedAs", { name: saved.name }) });
  } else if (rv.keep.asking) {
    keep = h("div", { class: "notice-save-row" },
      h("input", { type: "text", maxlength: "60", value: rv.keep.name, "aria-label": t("variantName"),
        placeholder: t("variantNamePlaceholder"),
        dataset: { intent: "replay-keep-name", testid: "variant-notice-name", focus: "replay-keep-name" } }),
      h("button", { type: "button", class: "primary",
        dataset: { intent: "replay-keep-save", testid: "variant-notice-save-ok", focus: "replay-keep-save" },
        text: t("variantSave") }));
  } else {
    keep = h("button", { type: "button", dataset: { intent: "replay-keep-ask", testid: "variant-notice-save",
      focus: "replay-keep-ask" }, text: t("noticeSave") });
  }
  return h("details", { class: "replay-variant", open: true, dataset: { testid: "replay-variant" } },
    h("summary", { text: saved ? t("noticeTitleSaved", { name: saved.name }) : t("replayVariant") }),
    differencesView(answer.differences, { testid: "variant-notice-differences" }), keep);
}

// A replay's or the demos' link: the viewer, or the start page again for a link it
// cannot show (the alert says why). A screen opened meanwhile wins.
async function openReplay(ctx, { path, params }) {
  ctx.update((s) => openScreen(s, "replay"));
  const token = ctx.state.game.token;
  const ok = await replayRoute(ctx, path, params);
  if (token !== ctx.state.game.token) return;
  ctx.update((s) => { if (!ok) s.screen = "start"; });
}

export const replayRoutes = { "/replay/*": openReplay, "/demos": openReplay };
