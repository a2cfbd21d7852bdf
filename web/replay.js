// Replay viewer and demo gallery: #/replay/<payload> and #/demos.
// The engine replays the record (doko.explain.walk) and sends every step's table plus
// the events to explain; this module only steps through them. Nothing from a link is
// ever parsed as HTML: every text goes through textContent (dom.js's h()).
import { h, signed } from "./dom.js";
import { t, cardName, getLang, actionLabel, contractName, itemLabel, errorText, partyLabel, has } from "./i18n.js";
import { faceCard, trickView, seatSpot, seatSide } from "./table.js";
import { backSvg } from "./cards.js";
import { icon } from "./icons.js";
import * as V from "./variants.js";
import { differencesView } from "./editor.js";

const MAX_PAYLOAD = 4096; // same bound as doko.links.MAX_LINK; checked before the engine sees it
const SPEEDS = [0.5, 1, 2, 4];

const rv = {
  data: null, // {record, frames, events, tricks_at, play_starts, complete}
  payload: "", // the link payload it came from
  step: 0,
  seat: -1, // -1: all hands; else one seat's view
  playing: false,
  speed: 1,
  timer: 0,
  title: null, // {de, en} for a demo
  intro: null, // {de, en}: the demo's one line
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

let ctx = null; // {call, render, alert, playOn}

export function initReplay(context) {
  ctx = context;
}

export function replayActive() {
  return rv.mode;
}

// Route #/replay/<payload> or #/demos; resolves true when the screen can show, false on
// a bad link (the caller then shows the start page; ctx.alert says why). `notes` is the
// link's notes= text: notes the engine refuses are named in the alert, the game opens.
export async function openRoute(path, seat = null, notes = null) {
  stop();
  if (path === "/demos") {
    rv.mode = "demos";
    if (!rv.demos) {
      try {
        rv.demos = (await ctx.call("demos")).demos;
      } catch (err) {
        ctx.alert(errorText(err));
        rv.demos = [];
      }
    }
    return true;
  }
  rv.mode = "replay";
  let payload = path.slice("/replay/".length);
  if (payload.length > MAX_PAYLOAD + 1) {
    return bad({ code: "link-too-long", params: { length: payload.length, most: MAX_PAYLOAD } });
  }
  try {
    payload = decodeURIComponent(payload);
  } catch {
    return bad({ code: "link-not-url", params: {} });
  }
  const demo = (rv.demos || []).find((d) => d.link === payload);
  rv.title = demo ? demo.title : null;
  rv.intro = demo ? demo.description : null;
  try {
    const data = await ctx.call("open_link", notes ? { payload, notes } : { payload });
    const players = data.frames[0]?.hands.length ?? 0;
    // a link shared from a running game opens at the sharer's seat, the rest hidden
    const wanted = Number.isInteger(seat) ? seat : data.complete ? -1 : 0;
    const shownSeat = wanted >= 0 && wanted < players ? wanted : -1;
    const own = data.notes ?? { title: "", notes: [] };
    const fromStart = demo || own.notes.length || own.title;
    Object.assign(rv, { data, payload, step: fromStart ? 0 : data.frames.length - 1, seat: shownSeat,
      notes: own.notes, noteTitle: own.title, editing: false, paused: false,
      keep: { asking: false, name: "" } });
    rv.draft = noteAt(rv.step);
    if (data.notes_error) ctx.alert(t("notesBad", { why: errorText(data.notes_error) }));
    return true;
  } catch (err) {
    return bad(err);
  }
}

function bad(error) {
  rv.data = null;
  ctx.alert(t("badLink", { why: errorText(error) }));
  return false;
}

function stop() {
  rv.playing = false;
  rv.paused = false;
  clearTimeout(rv.timer);
}

function frames() {
  return rv.data ? rv.data.frames : [];
}

function go(step) {
  rv.step = Math.max(0, Math.min(frames().length - 1, step));
  rv.draft = noteAt(rv.step);
  ctx.render();
}

function noteAt(step) {
  return rv.notes.find((n) => n.step === step)?.text ?? "";
}

// Steps where a rule acts (the engine's `stops`): autoplay halts there.
function stops() {
  return rv.data?.stops ?? [];
}

function nextStop() {
  const at = stops().find((s) => s > rv.step);
  go(at ?? frames().length - 1);
}

function trickStarts() {
  // step index at which each trick is complete
  return rv.data ? rv.data.tricks_at : [];
}

function nextTrick() {
  const at = trickStarts().find((s) => s > rv.step);
  go(at ?? frames().length - 1);
}

function prevTrick() {
  const before = trickStarts().filter((s) => s < rv.step);
  go(before.length ? before[before.length - 1] : 0);
}

function tick() {
  if (!rv.playing) return;
  if (rv.step >= frames().length - 1) { stop(); ctx.render(); return; }
  const next = rv.step + 1;
  if (stops().includes(next)) {
    // a rule acts here: stop so it can be read; Abspielen goes on from here
    rv.playing = false;
    rv.paused = true;
    return go(next);
  }
  go(next);
  rv.timer = setTimeout(tick, 900 / rv.speed);
}

function handle(kind, value) {
  switch (kind) {
    case "first": stop(); return go(0);
    case "prev-trick": stop(); return prevTrick();
    case "prev": stop(); return go(rv.step - 1);
    case "next": stop(); return go(rv.step + 1);
    case "next-trick": stop(); return nextTrick();
    case "next-rule": stop(); return nextStop();
    case "last": stop(); return go(frames().length - 1);
    case "play":
      if (rv.playing) { stop(); return ctx.render(); }
      rv.playing = true;
      ctx.render();
      rv.timer = setTimeout(tick, 900 / rv.speed);
      return;
    case "speed": rv.speed = Number(value) || 1; return ctx.render();
    case "jump": stop(); return go(Number(value));
    case "seat": rv.seat = Number(value); return ctx.render();
    case "share": return void share();
    case "note-edit":
      rv.editing = !rv.editing;
      rv.draft = noteAt(rv.step);
      return ctx.render();
    case "note-save": return void saveNote(rv.draft);
    case "note-delete": return void saveNote("");
    case "note-jump": stop(); return go(Number(value));
    case "play-on": {
      stop();
      const record = { ...rv.data.record, actions: rv.data.record.actions.slice(0, rv.step) };
      const seat = rv.seat >= 0 ? rv.seat : 0;
      return ctx.playOn(record, seat);
    }
    default:
  }
}

// A player's notes as they would be after setting the current step's note to `text`
// (empty: the note goes). The engine checks them (length, count, steps) before they
// are kept, so a refused note is said in the alert and nothing is lost.
async function saveNote(text) {
  const notes = rv.notes.filter((n) => n.step !== rv.step);
  if (text.trim()) notes.push({ step: rv.step, text });
  notes.sort((a, b) => a.step - b.step);
  try {
    const checked = await encodeNotes(notes, rv.noteTitle);
    rv.notes = checked.notes;
    rv.draft = noteAt(rv.step);
    ctx.alert("");
    ctx.render();
  } catch (err) {
    ctx.alert(t("noteRefused", { why: errorText(err) }));
    ctx.render();
  }
}

async function encodeNotes(notes, title) {
  const answer = await ctx.call("encode_notes", { notes, title, steps: frames().length });
  // the notes as the link will carry them (cleaned by the engine)
  return { text: answer.notes, notes: answer.checked.notes, title: answer.checked.title };
}

async function share() {
  if (!rv.notes.length && !rv.noteTitle.trim()) return ctx.share(rv.payload, null);
  try {
    const checked = await encodeNotes(rv.notes, rv.noteTitle);
    return ctx.share(rv.payload, checked.text);
  } catch (err) {
    ctx.alert(t("noteRefused", { why: errorText(err) }));
    return ctx.render();
  }
}

// One engine event ({key, params}) as a sentence; seat numbers become names.
export function eventText(event, seatName) {
  const p = event.params || {};
  const seat = (s) => (Number.isInteger(s) ? seatName(s) : "–");
  const party = (x) => partyLabel(x);
  const card = (c) => cardName(String(c));
  const suit = (s) => t(s === "T" ? "suitWord.trump" : `suitWord.${s}`);
  switch (event.key) {
    case "reservation":
      return t("ev.reservation", { seat: seat(p.seat), what: actionLabel(String(p.what)) });
    case "contract":
      return t("ev.contract", { contract: contractName(String(p.contract)),
        who: Number.isInteger(p.declarer) ? ` (${seat(p.declarer)})` : "" })
        + (Number.isInteger(p.leader) ? ` ${t("nar.leads", { seat: seat(p.leader) })}` : "");
    case "announce": {
      const deadline = p.late ? t("ev.announce.late")
        : p.system === "cards" ? t("ev.announce.cards", { cards: p.cards, deadline: p.deadline })
          : p.system === "tricks" ? t("ev.announce.tricks", { trick: p.trick, deadline: p.deadline }) : "";
      return t("ev.announce", { seat: seat(p.seat), word: actionLabel(String(p.word)),
        party: party(p.party), deadline });
    }
    case "goals":
      return t("nar.goals", { re: needText(p.re), kontra: needText(p.kontra) });
    case "party-known":
      return t("ev.party-known", { seat: seat(p.seat), party: party(p.party),
        how: t(`how.${p.how}`) });
    case "trick":
      return t("ev.trick", { winner: seat(p.winner), trick: p.trick, card: card(p.card),
        eyes: p.eyes, why: t(`why.${p.why}`) })
        + (Number.isInteger(p.beaten) ? ` ${t(`beaten.${p.why}`, { seat: seat(p.beaten) })}` : "");
    case "bock-trigger":
      return t("ev.bock-trigger", { deals: p.deals, stack: t(`bockStack.${p.stack}`),
        triggers: (p.triggers || []).map((x) => t(`bockTrigger.${x}`)).join(", ") });
    case "bock": return t("ev.bock", { factor: p.factor });
    case "lead": return t("nar.lead", { seat: seat(p.seat), card: card(p.card) });
    case "play": return t("nar.play", { seat: seat(p.seat), card: card(p.card) });
    case "follow": return t("nar.follow", { seat: seat(p.seat), led: suit(p.led) });
    case "void":
      return t(p.trump ? "nar.void-trump" : "nar.void", { seat: seat(p.seat), led: suit(p.led) });
    case "result": {
      if (p.contract === "redeal") return t("nar.redeal");
      const w = { re: "winnerRe", kontra: "winnerKontra", none: "winnerNone", draw: "winnerDraw",
        A: "nar.winnerA", B: "nar.winnerB" };
      const eyes = p.eyes || {};
      const goals = p.goals && !("A" in eyes)
        ? ` ${t("nar.needed", { re: needText(p.goals.re), kontra: needText(p.goals.kontra) })}` : "";
      return t("ev.result", { winner: t(w[p.winner] ?? "winnerNone"),
        re: eyes.re ?? eyes.A ?? 0, kontra: eyes.kontra ?? eyes.B ?? 0 }) + goals;
    }
    default:
      return t(`ev.${event.key}`, { seat: seat(p.seat), winner: seat(p.winner),
        partner: seat(p.partner), giver: seat(p.giver), dealer: seat(p.dealer), trick: p.trick,
        trumps: p.trumps, cards: p.cards, eyes: p.eyes, points: p.points, party: party(p.party),
        word: actionLabel(String(p.word ?? "")),
        leads: p.leads ? t("nar.duty-leads") : "", forced: p.forced ? t("nar.duty-forced") : "" });
  }
}

// What a party needs: {kind: "eyes", need: 151} | {kind: "trick"} | {kind: "all"}.
function needText(goal) {
  if (!goal) return "–";
  if (goal.kind === "trick") return t("nar.need-trick");
  if (goal.kind === "all") return t("nar.need-all");
  return t("nar.need-eyes", { n: goal.need });
}

export function lineText(line) {
  const who = line.party ? ` (${partyLabel(line.party)})` : "";
  const item = line.item === "bock" ? t("bockLineTimes", { factor: line.factor }) : itemLabel(String(line.item));
  return `${item}${who}: ${line.points > 0 ? "+" : ""}${line.points}`;
}

function seatName(seat) {
  return t("player", { n: seat + 1 });
}

// Seats are drawn from the point of view of the chosen seat (or seat 0 with all hands).
function viewSeat() {
  return rv.seat >= 0 ? rv.seat : 0;
}

function relativeTo(n) {
  return (seat) => (seat - viewSeat() + n) % n;
}

function iconButton(kind, name, label, extra = {}) {
  const el = h("button", { type: "button", class: "icon-only", "aria-label": label, title: label,
    dataset: { replay: kind, testid: `replay-${kind}` }, ...extra }, icon(name));
  el.addEventListener("click", () => handle(kind));
  return el;
}

function button(kind, label, extra = {}) {
  const el = h("button", { type: "button", dataset: { replay: kind, testid: `replay-${kind}` },
    text: label, ...extra });
  el.addEventListener("click", () => handle(kind));
  return el;
}

function select(kind, label, options, current) {
  const el = h("select", { dataset: { replay: kind, testid: `replay-${kind}` }, "aria-label": label },
    options.map(([value, text]) => h("option", { value: String(value),
      selected: String(value) === String(current), text })));
  el.addEventListener("change", () => handle(kind, el.value));
  return h("label", { class: "replay-select" }, h("span", { class: "label", text: label }), el);
}

export function replayScreen() {
  return rv.mode === "demos" ? gallery() : viewer();
}

// The demos by topic, each naming its rules (a preset, or a preset with house rules);
// the search box hides what does not match without drawing the page again.
const TOPICS = ["basics", "special-games", "announcements", "specials", "house"];

function rulesText(d) {
  const names = ctx.presetName ?? ((id) => id);
  const changed = Object.keys(d.options || {});
  if (!changed.length) return names(d.preset);
  return t("demoVariant", { preset: names(d.preset),
    options: [...new Set(changed.map((o) => t(has(`demoOpt.${o}`) ? `demoOpt.${o}` : "demoOpt.other")))].join(", ") });
}

function gallery() {
  const lang = getLang();
  const list = rv.demos || [];
  const topics = [...TOPICS, ...new Set(list.map((d) => d.topic).filter((x) => !TOPICS.includes(x)))];
  const search = h("input", { type: "search", value: rv.query, "aria-label": t("demoSearch"),
    placeholder: t("demoSearchHint"), dataset: { testid: "demo-search", focus: "demo-search" } });
  const empty = h("p", { class: "quiet", dataset: { testid: "demo-none" }, hidden: true, text: t("demoNone") });
  const groups = topics.map((topic) => {
    const items = list.filter((d) => d.topic === topic);
    if (!items.length) return null;
    return h("section", { class: "demo-group", dataset: { testid: "demo-topic", topic } },
      h("h3", { text: t(`topic.${topic}`) }),
      h("ul", {}, items.map((d) => {
        const title = d.title[lang] ?? d.title.de;
        const line = d.description[lang] ?? d.description.de;
        const rules = rulesText(d);
        return h("li", { dataset: { testid: "demo", demo: d.id,
          search: [title, line, rules, d.preset, t(`topic.${topic}`)].join(" ").toLowerCase() } },
        h("a", { href: `#/replay/${d.link}` },
          h("strong", { text: title }),
          h("span", { text: line }),
          h("span", { class: "demo-rules", text: rules })));
      })));
  });
  const section = h("section", { class: "demos", dataset: { testid: "demos" }, "aria-labelledby": "demos-title" },
    h("h2", { id: "demos-title", text: t("demos") }),
    h("p", { text: t("demosIntro") }),
    h("label", { class: "demo-search" }, h("span", { class: "label", text: t("demoSearch") }), search),
    empty, groups);
  const filter = () => {
    rv.query = search.value;
    const words = search.value.toLowerCase().split(/\s+/).filter(Boolean);
    let shown = 0;
    for (const li of section.querySelectorAll("[data-testid=demo]")) {
      const hit = words.every((w) => li.dataset.search.includes(w));
      li.hidden = !hit;
      shown += hit ? 1 : 0;
    }
    for (const group of section.querySelectorAll("[data-testid=demo-topic]")) {
      group.hidden = !group.querySelector("[data-testid=demo]:not([hidden])");
    }
    empty.hidden = shown > 0;
  };
  search.addEventListener("input", filter);
  if (rv.query) filter();
  return section;
}

// A seat round the felt: name, party, what it said, and its hand open or as backs.
function replaySeat(f, seat, relative, shownSeat = rv.seat, name = seatName) {
  const n = f.hands.length;
  const rel = relative(seat);
  const hand = f.hands[seat];
  const visible = shownSeat === -1 || shownSeat === seat;
  const party = f.known.re.includes(seat) ? "re" : f.known.kontra.includes(seat) ? "kontra" : null;
  const spot = seatSpot(rel, n);
  const tags = [
    party ? h("span", { class: `tag ${party}`, text: t(party) }) : null,
    f.pigs === seat ? h("span", { class: "tag call", text: t("pigsTag") }) : null,
    f.superpigs === seat ? h("span", { class: "tag call", text: t("superpigsTag") }) : null,
    ...f.declarations.filter((d) => d.seat === seat && d.what !== "healthy")
      .map((d) => h("span", { class: "tag decl", text: actionLabel(d.what) })),
    ...f.announcements.filter((a) => a.seat === seat)
      .map((a) => h("span", { class: "tag call", text: actionLabel(a.word) })),
  ];
  const turn = f.to_act === seat && f.phase !== "done";
  return h("div", { class: `seat replay-seat pos-${rel} side-${seatSide(spot)}${turn ? " turn" : ""}`,
    style: `--sx:${spot.x.toFixed(3)};--sy:${spot.y.toFixed(3)}`,
    dataset: { testid: "replay-seat", seat: String(seat) } },
  h("div", { class: "plate" }, h("strong", { class: "name", text: name(seat) }), tags),
  visible
    ? h("div", { class: "open-hand", role: "group", "aria-label": t("handOf", { name: name(seat) }) },
      hand.map((c) => faceCard(c, { extra: "mini" })))
    : h("div", { class: "backs", role: "img", "aria-label": t("cardsCount", { n: hand.length }) },
      hand.map(() => h("span", { class: "back-card" }, backSvg())),
      h("span", { class: "count", "aria-hidden": "true", text: String(hand.length) })));
}

function controls(f, tricks) {
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
      button("next-rule", t("nextRule"), { class: "next-rule", disabled: !stops().some((x) => x > rv.step) })),
    h("div", { class: "replay-options" },
      select("speed", t("speed"), SPEEDS.map((s) => [s, `${s}×`]), rv.speed),
      select("jump", t("jump"), [[0, t("start")], ...tricks.map((s, i) => [s, t("trickN", { n: i + 1 })])],
        tricks.includes(rv.step) || rv.step === 0 ? rv.step : ""),
      select("seat", t("view"), [[-1, t("allHands")], ...f.hands.map((_, s) => [s,
        t("seatView", { name: seatName(s) })])], rv.seat)));
}

// The explanation beside the felt: what was played, every event of the step, the
// player's note for it, and at the end the Abrechnung line by line.
function explainPanel(f, events) {
  const result = events.find((e) => e.key === "result");
  const rule = events.some((e) => isRuleMoment(e));
  const note = noteAt(rv.step);
  return h("section", { class: `replay-explain${rule ? " rule" : ""}`, "aria-live": "polite",
    dataset: { testid: "replay-explain", rule: String(rule) } },
  h("h3", { class: "sr-only", text: t("explain") }),
  rv.paused ? h("p", { class: "replay-paused", dataset: { testid: "replay-paused" }, text: t("pausedAtRule") }) : null,
  events.length ? h("ul", {}, events.map((e) => h("li", { class: isRuleMoment(e) ? "rule" : null,
    dataset: { event: e.key }, text: eventText(e, seatName) }))) : h("p", { class: "quiet", text: t("nothing") }),
  result ? h("ul", { class: "lines", dataset: { testid: "replay-lines" } },
    (result.params.lines || []).map((l) => h("li", { text: lineText(l) })),
    h("li", {}, h("strong", { text: result.params.points.map((p, s) => `${seatName(s)} ${signed(p)}`)
      .join(" · ") }))) : null,
  note ? h("p", { class: "replay-note", dataset: { testid: "replay-note", step: String(rv.step) } },
    h("span", { class: "note-label", text: t("noteLabel") }), h("span", { class: "note-text", text: note })) : null);
}

// The engine marks the events that tell of a rule acting (doko.explain.is_rule_event).
function isRuleMoment(event) {
  return event.rule === true;
}

// Write a note for this step, name the demo, and see every note with its step.
function notesPanel() {
  const title = h("input", { type: "text", value: rv.noteTitle, "aria-label": t("noteTitle"),
    placeholder: t("noteTitle"), dataset: { testid: "note-title", focus: "note-title" } });
  title.addEventListener("input", () => { rv.noteTitle = title.value; });
  const area = h("textarea", { rows: "3", "aria-label": t("noteFor", { n: rv.step }),
    dataset: { testid: "note-input", focus: "note-input" } });
  area.value = rv.draft;
  area.addEventListener("input", () => { rv.draft = area.value; });
  const list = rv.notes.length ? h("ol", { class: "note-list", dataset: { testid: "note-list" } },
    rv.notes.map((n) => h("li", {}, h("button", { type: "button", class: "link",
      dataset: { replay: "note-jump", testid: "note-jump", step: String(n.step) },
      text: `${t("stepShort", { n: n.step })}: ${n.text.length > 60 ? `${n.text.slice(0, 59)}…` : n.text}` })))) : null;
  list?.querySelectorAll("button").forEach((b) => b.addEventListener("click", () => handle("note-jump", b.dataset.step)));
  return h("section", { class: "replay-notes", dataset: { testid: "note-editor" } },
    h("h3", { text: t("ownDemo") }),
    h("p", { class: "quiet", text: t("ownDemoHint") }),
    title,
    area,
    h("div", { class: "replay-actions" },
      button("note-save", t("noteSave"), { class: "primary" }),
      noteAt(rv.step) ? button("note-delete", t("noteDelete")) : null),
    list);
}

// The frame's felt with the card that decides the step outlined.
function feltWithFocus(f, relative, trickNo) {
  const felt = frameFelt(f, { relative, trickNo });
  highlight(felt.querySelector("[data-testid=replay-trick]"), f.focus);
  return felt;
}

function highlight(trick, focus) {
  if (!focus || !trick) return;
  const el = trick.querySelector(`[data-seat="${focus.seat}"][data-card="${focus.card}"]`);
  if (!el) return;
  el.classList.add("decisive");
  el.dataset.decisive = "true";
}

// The felt of one replay frame (every seat and the trick), seats placed by `relative`;
// `shownSeat` -1 shows every hand; `names` names the seats. The deal review draws its
// steps with it too.
export function frameFelt(f, { relative, trickNo, shownSeat = rv.seat, names = seatName }) {
  const n = f.hands.length;
  const lastTrick = f.trick.length === 0 && f.tricks.length ? f.tricks[f.tricks.length - 1] : null;
  const shown = f.trick.length ? f.trick : lastTrick ? lastTrick.cards : [];
  return h("section", { class: `table replay-table players-${n}`, "aria-label": t("table") },
    f.hands.map((_, seat) => replaySeat(f, seat, relative, shownSeat, names)),
    h("div", { class: "middle" }, trickView(shown, { players: n, relative, seatName: names,
      testid: "replay-trick", label: t("trickN", { n: Math.max(1, trickNo) }) })));
}

function viewer() {
  if (!rv.data) return h("section", { class: "replay" });
  const fs = frames();
  const f = fs[rv.step];
  const n = f.hands.length;
  const lang = getLang();
  const tricks = trickStarts();
  const trickNo = tricks.filter((s) => s <= rv.step).length;
  const relative = relativeTo(n);
  const events = rv.data.events.filter((e) => e.step === rv.step);
  const heading = rv.noteTitle.trim() ? rv.noteTitle
    : rv.title ? (rv.title[lang] ?? rv.title.de) : t("replay");
  return h("section", { class: "replay", dataset: { testid: "replay", step: String(rv.step),
    steps: String(fs.length) }, "aria-labelledby": "replay-title" },
  h("div", { class: "replay-head" },
    h("h2", { id: "replay-title", text: heading }),
    h("p", { class: "replay-where", dataset: { testid: "replay-where" } },
      t("step", { n: rv.step, total: fs.length - 1 }), " · ",
      trickNo ? t("trickN", { n: trickNo }) : t("before"), " · ", contractName(f.contract)),
    rv.intro ? h("p", { class: "replay-intro", dataset: { testid: "replay-intro" },
      text: rv.intro[lang] ?? rv.intro.de }) : null),
  variantBox(),
  controls(f, tricks),
  h("div", { class: "replay-stage" },
    feltWithFocus(f, relative, trickNo),
    h("div", { class: "replay-side" }, explainPanel(f, events),
      h("div", { class: "replay-actions" },
        f.phase !== "done" ? button("play-on", t("playOn"), { class: "primary" }) : null,
        button("note-edit", rv.editing ? t("noteClose") : t("noteOpen"),
          { "aria-expanded": String(rv.editing) }),
        button("share", rv.notes.length ? t("shareDemo") : t("share"))),
      rv.editing ? notesPanel() : null)));
}

// A game played with house rules says what differs from its preset, and offers to keep them.
function variantBox() {
  const rules = rv.data?.record?.rules;
  if (!rules || typeof rules !== "object" || !Object.keys(V.optionsOf(rules)).length) return null;
  const answer = V.checkedRules(rules);
  if (!answer?.ok) return null;
  const saved = V.findVariant(answer.rules);
  let keep;
  if (saved) {
    keep = h("p", { class: "saved-note", dataset: { testid: "variant-notice-saved" },
      text: t("variantSavedAs", { name: saved.name }) });
  } else if (rv.keep.asking) {
    const input = h("input", { type: "text", maxlength: "60", value: rv.keep.name, "aria-label": t("variantName"),
      placeholder: t("variantNamePlaceholder"), dataset: { testid: "variant-notice-name" } });
    input.addEventListener("input", () => { rv.keep.name = input.value; });
    const ok = h("button", { type: "button", class: "primary", dataset: { testid: "variant-notice-save-ok" },
      text: t("variantSave") });
    ok.addEventListener("click", async () => {
      if (!V.cleanName(rv.keep.name)) { ctx.alert(t("variantNameMissing")); ctx.render(); return; }
      try { await V.storeVariant(rv.keep.name, answer.rules); } catch { ctx.alert(t("storageFailed")); }
      rv.keep.asking = false;
      ctx.render();
    });
    keep = h("div", { class: "notice-save-row" }, input, ok);
  } else {
    keep = h("button", { type: "button", dataset: { testid: "variant-notice-save" }, text: t("noticeSave") });
    keep.addEventListener("click", () => { rv.keep.asking = true; ctx.render(); });
  }
  return h("details", { class: "replay-variant", open: true, dataset: { testid: "replay-variant" } },
    h("summary", { text: saved ? t("noticeTitleSaved", { name: saved.name }) : t("replayVariant") }),
    differencesView(answer.differences, { testid: "variant-notice-differences" }), keep);
}

// Arrow keys step, Home/End jump, while the viewer is open (not in a form field).
document.addEventListener("keydown", (event) => {
  if (rv.mode !== "replay" || !rv.data || !document.querySelector("[data-testid=replay]")) return;
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return;
  if (["INPUT", "SELECT", "TEXTAREA"].includes(event.target.tagName)) return;
  const kind = { ArrowRight: "next", ArrowLeft: "prev", ArrowDown: "next-trick", ArrowUp: "prev-trick",
    Home: "first", End: "last", " ": "play" }[event.key];
  if (!kind) return;
  event.preventDefault();
  handle(kind);
});
