// Replay viewer and demo gallery: #/replay/<payload> and #/demos.
// The engine replays the record (doko.explain.walk) and sends every step's table plus
// the events to explain; this module only steps through them. Nothing from a link is
// ever parsed as HTML: every text goes through textContent (dom.js's h()).
import { h, signed } from "./dom.js";
import { cardName, cardFace, SUIT_SYMBOL, getLang, actionLabel, contractName } from "./i18n.js";
import { st, eventText, lineText } from "./share-text.js";

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
  demos: null, // gallery list
  mode: "replay", // replay | demos
};

let ctx = null; // {call, render, alert, playOn}

export function initReplay(context) {
  ctx = context;
}

export function replayActive() {
  return rv.mode;
}

// Route #/replay/<payload> or #/demos; resolves true when the screen can show, false on
// a bad link (the caller then shows the start page; ctx.alert says why).
export async function openRoute(path) {
  stop();
  if (path === "/demos") {
    rv.mode = "demos";
    if (!rv.demos) {
      try {
        rv.demos = (await ctx.call("demos")).demos;
      } catch (err) {
        ctx.alert(String(err.message || err));
        rv.demos = [];
      }
    }
    return true;
  }
  rv.mode = "replay";
  let payload = path.slice("/replay/".length);
  if (payload.length > MAX_PAYLOAD + 1) return bad(`${payload.length} > ${MAX_PAYLOAD}`);
  try {
    payload = decodeURIComponent(payload);
  } catch {
    return bad("URL");
  }
  const demo = (rv.demos || []).find((d) => d.link === payload);
  rv.title = demo ? demo.title : null;
  try {
    const data = await ctx.call("open_link", { payload });
    Object.assign(rv, { data, payload, step: demo ? 0 : data.frames.length - 1, seat: -1 });
    return true;
  } catch (err) {
    return bad(String(err.message || err));
  }
}

function bad(why) {
  rv.data = null;
  ctx.alert(st("badLink", { why: String(why).replace(/\.$/, "") }));
  return false;
}

function stop() {
  rv.playing = false;
  clearTimeout(rv.timer);
}

function frames() {
  return rv.data ? rv.data.frames : [];
}

function go(step) {
  rv.step = Math.max(0, Math.min(frames().length - 1, step));
  ctx.render();
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
  go(rv.step + 1);
  rv.timer = setTimeout(tick, 900 / rv.speed);
}

function handle(kind, value) {
  switch (kind) {
    case "first": stop(); return go(0);
    case "prev-trick": stop(); return prevTrick();
    case "prev": stop(); return go(rv.step - 1);
    case "next": stop(); return go(rv.step + 1);
    case "next-trick": stop(); return nextTrick();
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
    case "share": return ctx.share(rv.payload);
    case "play-on": {
      stop();
      const record = { ...rv.data.record, actions: rv.data.record.actions.slice(0, rv.step) };
      const seat = rv.seat >= 0 ? rv.seat : 0;
      return ctx.playOn(record, seat);
    }
    default:
  }
}

function seatName(seat) {
  return st("player", { n: seat + 1 });
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
  return h("label", { class: "replay-select" }, `${label} `, el);
}

function face(card, owner) {
  return h("span", { class: `card suit-${card[0]}`, role: "img",
    "aria-label": owner ? `${cardName(card)}, ${owner}` : cardName(card), dataset: { card } },
    h("span", { class: "rank", text: cardFace(card) }),
    h("span", { class: "pip", "aria-hidden": "true", text: SUIT_SYMBOL[card[0]] }));
}

export function replayScreen() {
  return rv.mode === "demos" ? gallery() : viewer();
}

function gallery() {
  const groups = new Map();
  for (const d of rv.demos || []) {
    if (!groups.has(d.preset)) groups.set(d.preset, []);
    groups.get(d.preset).push(d);
  }
  const lang = getLang();
  return h("section", { class: "demos", dataset: { testid: "demos" }, "aria-labelledby": "demos-title" },
    h("h2", { id: "demos-title", text: st("demos") }),
    h("p", { text: st("demosIntro") }),
    [...groups].map(([preset, list]) => h("section", { class: "demo-group" },
      h("h3", { text: preset }),
      h("ul", {}, list.map((d) => h("li", { dataset: { testid: "demo", demo: d.id } },
        h("a", { href: `#/replay/${d.link}`, text: d.title[lang] ?? d.title.de }),
        " – ", d.description[lang] ?? d.description.de))))));
}

function viewer() {
  if (!rv.data) return h("section", { class: "replay" });
  const fs = frames();
  const f = fs[rv.step];
  const n = f.hands.length;
  const lang = getLang();
  const tricks = trickStarts();
  const trickNo = tricks.filter((s) => s <= rv.step).length;
  const controls = h("div", { class: "replay-controls", role: "group", "aria-label": st("replay") },
    button("first", "⏮", { "aria-label": st("start") }),
    button("prev-trick", "⏪", { "aria-label": st("prevTrick") }),
    button("prev", "◀", { "aria-label": st("prev") }),
    button("play", rv.playing ? "⏸" : "▶▶", { "aria-label": rv.playing ? st("pause") : st("play"),
      "aria-pressed": String(rv.playing) }),
    button("next", "▶", { "aria-label": st("next") }),
    button("next-trick", "⏩", { "aria-label": st("nextTrick") }),
    button("last", "⏭", { "aria-label": st("end") }),
    select("speed", st("speed"), SPEEDS.map((s) => [s, `${s}×`]), rv.speed),
    select("jump", st("jump"), [[0, st("start")], ...tricks.map((s, i) => [s, st("trickN", { n: i + 1 })])],
      tricks.includes(rv.step) || rv.step === 0 ? rv.step : ""),
    select("seat", st("view"), [[-1, st("allHands")], ...f.hands.map((_, s) => [s,
      st("seatView", { name: seatName(s) })])], rv.seat));
  const seats = f.hands.map((hand, seat) => {
    const party = f.known.re.includes(seat) ? "re" : f.known.kontra.includes(seat) ? "kontra" : null;
    const visible = rv.seat === -1 || rv.seat === seat;
    const tags = [
      party ? h("span", { class: `tag ${party}`, text: party === "re" ? "Re" : "Kontra" }) : null,
      ...f.declarations.filter((d) => d.seat === seat && d.what !== "healthy")
        .map((d) => h("span", { class: "tag", text: actionLabel(d.what) })),
      ...f.announcements.filter((a) => a.seat === seat)
        .map((a) => h("span", { class: "tag call", text: actionLabel(a.word) })),
    ];
    return h("div", { class: `replay-seat${f.to_act === seat ? " turn" : ""}`,
      dataset: { testid: "replay-seat", seat: String(seat) } },
    h("strong", { text: seatName(seat) }), tags,
    visible ? h("div", { class: "replay-hand" }, hand.map((c) => face(c)))
      : h("span", { class: "info", text: st("cards", { n: hand.length }) }));
  });
  const lastTrick = f.trick.length === 0 && f.tricks.length ? f.tricks[f.tricks.length - 1] : null;
  const shown = f.trick.length ? f.trick : lastTrick ? lastTrick.cards : [];
  const events = rv.data.events.filter((e) => e.step === rv.step);
  const result = events.find((e) => e.key === "result");
  const explain = h("section", { class: "replay-explain", "aria-live": "polite",
    dataset: { testid: "replay-explain" } },
  h("h3", { text: st("explain") }),
  events.length ? h("ul", {}, events.map((e) => h("li", { dataset: { event: e.key },
    text: eventText(e, seatName) }))) : h("p", { text: st("nothing") }),
  result ? h("ul", { class: "lines" }, (result.params.lines || []).map((l) => h("li", { text: lineText(l) })),
    h("li", {}, h("strong", { text: result.params.points.map((p, s) => `${seatName(s)} ${signed(p)}`)
      .join(" · ") }))) : null);
  return h("section", { class: "replay", dataset: { testid: "replay", step: String(rv.step),
    steps: String(fs.length) }, "aria-labelledby": "replay-title" },
  h("h2", { id: "replay-title", text: rv.title ? (rv.title[lang] ?? rv.title.de) : st("replay") }),
  h("p", { class: "replay-where", dataset: { testid: "replay-where" } },
    st("step", { n: rv.step, total: fs.length - 1 }), " · ",
    trickNo ? st("trickN", { n: trickNo }) : st("before"), " · ",
    contractName(f.contract), f.action ? ` · ${f.action}` : ""),
  controls,
  h("div", { class: `replay-table players-${n}` }, seats,
    h("div", { class: "trick", role: "group", "aria-label": st("trickN", { n: Math.max(1, trickNo) }),
      dataset: { testid: "replay-trick" } },
    shown.map(({ seat, card }) => face(card, seatName(seat))))),
  explain,
  h("div", { class: "replay-actions" },
    f.phase !== "done" ? button("play-on", st("playOn"), { class: "primary" }) : null,
    button("share", st("share"))));
}
