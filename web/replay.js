// Replay viewer and demo gallery: #/replay/<payload> and #/demos.
// The engine replays the record (doko.explain.walk) and sends every step's table plus
// the events to explain; this module only steps through them. Nothing from a link is
// ever parsed as HTML: every text goes through textContent (dom.js's h()).
import { h, signed } from "./dom.js";
import { t, cardName, getLang, actionLabel, contractName, itemLabel, errorText } from "./i18n.js";
import { faceCard, trickView, seatSpot, seatSide } from "./table.js";
import { backSvg, isCard } from "./cards.js";
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
  demos: null, // gallery list
  mode: "replay", // replay | demos
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
// a bad link (the caller then shows the start page; ctx.alert says why).
export async function openRoute(path, seat = null) {
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
  try {
    const data = await ctx.call("open_link", { payload });
    const players = data.frames[0]?.hands.length ?? 0;
    // a link shared from a running game opens at the sharer's seat, the rest hidden
    const wanted = Number.isInteger(seat) ? seat : data.complete ? -1 : 0;
    const shownSeat = wanted >= 0 && wanted < players ? wanted : -1;
    Object.assign(rv, { data, payload, step: demo ? 0 : data.frames.length - 1, seat: shownSeat,
      keep: { asking: false, name: "" } });
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

// One engine event ({key, params}) as a sentence; seat numbers become names.
export function eventText(event, seatName) {
  const p = event.params || {};
  const seat = (s) => (Number.isInteger(s) ? seatName(s) : "–");
  const party = (x) => (x === "re" ? "Re" : x === "kontra" ? "Kontra" : String(x ?? ""));
  switch (event.key) {
    case "reservation":
      return t("ev.reservation", { seat: seat(p.seat), what: actionLabel(String(p.what)) });
    case "contract":
      return t("ev.contract", { contract: contractName(String(p.contract)),
        who: Number.isInteger(p.declarer) ? ` (${seat(p.declarer)})` : "" });
    case "announce": {
      const deadline = p.late ? t("ev.announce.late")
        : p.system === "cards" ? t("ev.announce.cards", { cards: p.cards, deadline: p.deadline })
          : p.system === "tricks" ? t("ev.announce.tricks", { trick: p.trick, deadline: p.deadline }) : "";
      return t("ev.announce", { seat: seat(p.seat), word: actionLabel(String(p.word)),
        party: party(p.party), deadline });
    }
    case "party-known":
      return t("ev.party-known", { seat: seat(p.seat), party: party(p.party),
        how: t(`how.${p.how}`) });
    case "trick":
      return t("ev.trick", { winner: seat(p.winner), trick: p.trick, card: cardName(String(p.card)),
        eyes: p.eyes, why: t(`why.${p.why}`) });
    case "result": {
      const w = { re: "winnerRe", kontra: "winnerKontra", none: "winnerNone", draw: "winnerDraw" };
      const eyes = p.eyes || {};
      return t("ev.result", { winner: t(w[p.winner] ?? "winnerNone"),
        re: eyes.re ?? eyes.A ?? 0, kontra: eyes.kontra ?? eyes.B ?? 0 });
    }
    default:
      return t(`ev.${event.key}`, { seat: seat(p.seat), winner: seat(p.winner),
        partner: seat(p.partner), trick: p.trick, trumps: p.trumps, eyes: p.eyes });
  }
}

export function lineText(line) {
  return `${itemLabel(String(line.item))}: ${line.points > 0 ? "+" : ""}${line.points}`;
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

function gallery() {
  const groups = new Map();
  for (const d of rv.demos || []) {
    if (!groups.has(d.preset)) groups.set(d.preset, []);
    groups.get(d.preset).push(d);
  }
  const lang = getLang();
  const names = ctx.presetName ?? ((id) => id);
  return h("section", { class: "demos", dataset: { testid: "demos" }, "aria-labelledby": "demos-title" },
    h("h2", { id: "demos-title", text: t("demos") }),
    h("p", { text: t("demosIntro") }),
    [...groups].map(([preset, list]) => h("section", { class: "demo-group" },
      h("h3", { text: names(preset) }),
      h("ul", {}, list.map((d) => h("li", { dataset: { testid: "demo", demo: d.id } },
        h("a", { href: `#/replay/${d.link}` },
          h("strong", { text: d.title[lang] ?? d.title.de }),
          h("span", { text: d.description[lang] ?? d.description.de }))))))));
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
      iconButton("last", "last", t("end"))),
    h("div", { class: "replay-options" },
      select("speed", t("speed"), SPEEDS.map((s) => [s, `${s}×`]), rv.speed),
      select("jump", t("jump"), [[0, t("start")], ...tricks.map((s, i) => [s, t("trickN", { n: i + 1 })])],
        tricks.includes(rv.step) || rv.step === 0 ? rv.step : ""),
      select("seat", t("view"), [[-1, t("allHands")], ...f.hands.map((_, s) => [s,
        t("seatView", { name: seatName(s) })])], rv.seat)));
}

function actionText(action) {
  if (!action) return "";
  const [seat, ...rest] = action.split(":");
  const what = rest.join(":");
  const label = isCard(what) ? cardName(what)
    : actionLabel(what.startsWith("return:") ? "return" : what);
  return `${seatName(Number(seat))}: ${label}`;
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
  const result = events.find((e) => e.key === "result");
  const explain = h("section", { class: "replay-explain", "aria-live": "polite",
    dataset: { testid: "replay-explain" } },
  h("h3", { class: "sr-only", text: t("explain") }),
  f.action ? h("p", { class: "replay-action", text: actionText(f.action) }) : null,
  events.length ? h("ul", {}, events.map((e) => h("li", { dataset: { event: e.key },
    text: eventText(e, seatName) }))) : h("p", { class: "quiet", text: t("nothing") }),
  result ? h("ul", { class: "lines" }, (result.params.lines || []).map((l) => h("li", { text: lineText(l) })),
    h("li", {}, h("strong", { text: result.params.points.map((p, s) => `${seatName(s)} ${signed(p)}`)
      .join(" · ") }))) : null);
  return h("section", { class: "replay", dataset: { testid: "replay", step: String(rv.step),
    steps: String(fs.length) }, "aria-labelledby": "replay-title" },
  h("div", { class: "replay-head" },
    h("h2", { id: "replay-title", text: rv.title ? (rv.title[lang] ?? rv.title.de) : t("replay") }),
    h("p", { class: "replay-where", dataset: { testid: "replay-where" } },
      t("step", { n: rv.step, total: fs.length - 1 }), " · ",
      trickNo ? t("trickN", { n: trickNo }) : t("before"), " · ", contractName(f.contract))),
  variantBox(),
  controls(f, tricks),
  h("div", { class: "replay-stage" },
    frameFelt(f, { relative, trickNo }),
    h("div", { class: "replay-side" }, explain,
      h("div", { class: "replay-actions" },
        f.phase !== "done" ? button("play-on", t("playOn"), { class: "primary" }) : null,
        button("share", t("share"))))));
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
