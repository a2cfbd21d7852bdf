// Deal review and statistics. The review walks through a finished deal like the replay
// viewer and shows, for each decision of the player's seat, what the strongest bot would
// have chosen from the same cards and what the choice cost (engine: doko.review). The
// worker answers one request at a time, so the review asks for one decision per request:
// the table's own requests get their turn in between. The statistics page reads the
// deals kept on this device (storage.js, kind "stats").
import { h, signed, download } from "./dom.js";
import { t, cardName, actionLabel, errorText, presetName } from "./i18n.js";
import { frameFelt } from "./replay.js";
import { isCard } from "./cards.js";
import { icon } from "./icons.js";
import * as saved from "./storage.js";

const DEFAULT_BUDGET_MS = 1500; // per decision, as doko.review's default
const rs = {
  record: null, seat: 0, bots: [], key: "", played: 0, frames: [], indices: [], decisions: [],
  cursor: 0, state: "idle", // idle | running | stopped | done | failed
  summary: null, duplicate: null, started: 0, ms: 0, error: "",
};
const st = { deals: null }; // the statistics page's deals
let ctx = null; // {call, render, back, meta}
let token = 0;

export function initReview(context) {
  ctx = context;
}

// The budget per decision: the page's default, or `review-budget=MS` in the link (tests).
function budget() {
  const query = location.hash.split("?")[1] ?? "";
  const asked = Number.parseInt(new URLSearchParams(query).get("review-budget") ?? "", 10);
  return asked >= 1 && asked <= 60000 ? asked : DEFAULT_BUDGET_MS;
}

// Open the review of a finished deal: its record, the reviewed seat, the bots that
// played the others (for the replay with the bot in the player's seat) and the
// statistics key of the deal (its review loss is written there).
export async function openReview({ record, seat, bots, key, played }) {
  const mine = ++token;
  Object.assign(rs, { record, seat, bots, key, played, frames: [], indices: [], decisions: [], cursor: 0,
    state: "running", summary: null, duplicate: null, started: performance.now(), ms: 0, error: "" });
  ctx.render();
  try {
    rs.frames = (await ctx.call("replay_record", { record })).frames;
    rs.indices = (await ctx.call("review_start", { record, seat })).indices;
    if (mine !== token) return;
    ctx.render();
    await run(mine);
  } catch (err) {
    if (mine !== token) return;
    rs.state = "failed";
    rs.error = errorText(err);
    ctx.render();
  }
}

async function run(mine) {
  for (const index of rs.indices.slice(rs.decisions.length)) {
    if (mine !== token || rs.state !== "running") return;
    const found = await ctx.call("review_step", { record: rs.record, seat: rs.seat, index,
      budget_ms: budget(), seed: 1 });
    if (mine !== token || rs.state !== "running") return;
    rs.decisions.push(found);
    ctx.render();
  }
  rs.summary = await ctx.call("review_summary", { seat: rs.seat, decisions: rs.decisions });
  if (mine !== token) return;
  rs.decisions = rs.summary.decisions;
  rs.ms = Math.round(performance.now() - rs.started);
  document.body.dataset.reviewMs = String(rs.ms);
  rs.state = "done";
  const largest = rs.summary.largest[0];
  rs.cursor = largest == null ? 0 : Math.max(0, rs.indices.indexOf(largest));
  ctx.render();
  if (rs.key) saved.noteReviewLoss(rs.key, rs.summary.total_loss).catch(() => {});
  await replayStronger(mine);
}

// The same cards in stronger hands: the deal again, the bot in the player's seat.
async function replayStronger(mine) {
  const replayed = { ...rs.record, actions: [] };
  for (let i = 0; i < 400; i++) {
    const step = await ctx.call("duplicate_step", { record: replayed, seat: rs.seat, bots: rs.bots,
      seed: 1 });
    if (mine !== token) return;
    if (step.done) {
      rs.duplicate = { bot: step.points[rs.seat], you: rs.played };
      ctx.render();
      return;
    }
    replayed.actions = [...replayed.actions, step.action];
  }
}

export function stopReview() {
  token++;
  if (rs.state === "running") rs.state = "stopped";
}

function go(cursor) {
  rs.cursor = Math.max(0, Math.min(rs.decisions.length - 1, cursor));
  ctx.render();
}

function actionText(action) {
  if (action == null) return t("rvSilence");
  const what = action.split(":").slice(1).join(":");
  if (isCard(what)) return cardName(what);
  return actionLabel(what.startsWith("return:") ? "return" : what);
}

function points(n) {
  return n.toLocaleString(document.documentElement.lang || "de", { maximumFractionDigits: 1 });
}

function summaryLine() {
  const found = rs.decisions.filter((d) => d.loss >= (rs.summary?.threshold ?? 0.5));
  const total = rs.decisions.reduce((sum, d) => sum + d.loss, 0);
  if (!found.length) return t("rvNoMistakes");
  return t(found.length === 1 ? "rvSummaryOne" : "rvSummary", { n: found.length, points: points(total) });
}

function button(testid, label, onClick, extra = {}) {
  const el = h("button", { type: "button", dataset: { testid }, text: label, ...extra });
  el.addEventListener("click", onClick);
  return el;
}

function iconButton(testid, name, label, onClick, disabled) {
  const el = h("button", { type: "button", class: "icon-only", "aria-label": label, title: label,
    "aria-disabled": disabled ? "true" : null, dataset: { testid } }, icon(name));
  el.addEventListener("click", onClick);
  return el;
}

function progress() {
  const total = rs.indices.length || 1;
  const now = Math.round((rs.decisions.length / total) * 100);
  return h("div", { class: "review-progress" },
    h("span", { class: "engine-progress", role: "progressbar", "aria-label": t("rvProgress"),
      "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(now),
      style: `--p:${now}%`, dataset: { testid: "review-progress" } }, h("span")),
    h("span", { text: t("rvProgressText", { k: rs.decisions.length, n: rs.indices.length }) }),
    button("review-stop", t("rvStop"), () => { stopReview(); ctx.render(); }));
}

function decisionRow(d, i) {
  const cls = `review-decision${d.mistake ? " mistake" : ""}${d.largest ? " largest" : ""}`
    + `${i === rs.cursor ? " current" : ""}`;
  const el = h("button", { type: "button", class: cls, "aria-current": i === rs.cursor ? "step" : null,
    dataset: { testid: "review-decision", index: String(d.index), loss: String(d.loss), ms: String(d.ms),
      largest: String(!!d.largest) } },
  h("span", { class: "rv-played", text: actionText(d.played) }),
  d.best !== d.played ? h("span", { class: "rv-best", text: `→ ${actionText(d.best)}` }) : null,
  h("span", { class: "rv-loss num", text: d.loss > 0 ? `−${points(d.loss)}` : "✓" }),
  d.largest ? h("span", { class: "tag mini", text: t("rvLargest") }) : null);
  el.addEventListener("click", () => go(i));
  return el;
}

function current() {
  const d = rs.decisions[rs.cursor];
  if (!d) return null;
  const open = d.open_best && d.open_best !== d.played
    ? h("p", { class: "quiet", text: t("rvOpen", { card: actionText(d.open_best), points: points(d.open_loss) }) })
    : null;
  return h("div", { class: "review-current", dataset: { testid: "review-current", index: String(d.index) } },
    h("p", {}, h("strong", { text: `${t("rvPlayed")}: ` }), actionText(d.played)),
    h("p", {}, h("strong", { text: `${t("rvBot")}: ` }), actionText(d.best)),
    h("p", { text: d.loss > 0 ? t(points(d.loss) === "1" ? "rvCostOne" : "rvCost", { points: points(d.loss) })
      : t("rvFine") }),
    open);
}

// The reviewed deal in the replay viewer, where a note can be added to any step and the
// deal shared as a demo.
function annotate() {
  stopReview();
  ctx.call("encode_link", { record: rs.record }).then((r) => {
    location.hash = `#/replay/${r.payload}`;
  }, (err) => {
    rs.state = "failed";
    rs.error = errorText(err);
    ctx.render();
  });
}

export function reviewScreen() {
  const n = rs.frames[0]?.hands.length ?? 4;
  const d = rs.decisions[rs.cursor];
  const frame = d ? rs.frames[d.index] : rs.frames[rs.frames.length - 1];
  const trickNo = frame ? frame.tricks.length + (frame.trick.length ? 1 : 0) : 0;
  return h("section", { class: "review", "aria-labelledby": "review-title",
    dataset: { testid: "review", state: rs.state } },
  h("div", { class: "review-head" },
    h("h2", { id: "review-title", text: t("rvTitle") }),
    h("p", { class: "review-summary", dataset: { testid: "review-summary" },
      text: rs.state === "running" ? t("rvRunning") : summaryLine() }),
    rs.duplicate ? h("p", { class: "review-duplicate", dataset: { testid: "review-duplicate" },
      text: t("rvDuplicate", { bot: signed(rs.duplicate.bot), you: signed(rs.duplicate.you) }) }) : null,
    rs.state === "running" ? progress() : null,
    rs.state === "failed" ? h("p", { role: "alert", text: rs.error }) : null,
    h("div", { class: "review-nav" },
      iconButton("review-prev", "prev", t("rvPrev"), () => go(rs.cursor - 1), rs.cursor <= 0),
      iconButton("review-next", "next", t("rvNext"), () => go(rs.cursor + 1),
        rs.cursor >= rs.decisions.length - 1),
      button("review-back", t("rvBack"), () => { stopReview(); ctx.back(); }),
      button("review-annotate", t("rvAnnotate"), annotate),
      h("a", { href: "#/stats", class: "button-link", dataset: { testid: "open-stats" }, text: t("stTitle") }))),
  h("div", { class: "review-stage" },
    frame ? frameFelt(frame, { relative: (s) => (s - rs.seat + n) % n, trickNo, shownSeat: -1,
      names: ctx.seatName }) : null,
    h("div", { class: "review-side" }, current(),
      h("ol", { class: "review-list", "aria-label": t("rvDecisions") },
        rs.decisions.map((x, i) => h("li", {}, decisionRow(x, i)))))));
}

// ---- statistics ----------------------------------------------------------

export async function openStats() {
  try { st.deals = await saved.savedStats(); } catch { st.deals = []; }
}

function rate(won, all) {
  return all ? t("stRate", { won, all, pct: Math.round((100 * won) / all) }) : "–";
}

function mean(list) {
  return list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0;
}

// A small line chart drawn as inline SVG: one polyline per series, a zero line.
export function lineChart(series, { label, testid }) {
  const all = series.flatMap((s) => s.values);
  const width = 320;
  const height = 120;
  const count = Math.max(2, ...series.map((s) => s.values.length));
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const x = (i) => 8 + (i * (width - 16)) / (count - 1);
  const y = (v) => height - 8 - ((v - low) * (height - 16)) / (high - low || 1);
  const ns = "http://www.w3.org/2000/svg";
  const svg = document.createElementNS(ns, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label);
  svg.setAttribute("class", "chart");
  svg.dataset.testid = testid;
  const zero = document.createElementNS(ns, "line");
  Object.entries({ x1: 8, x2: width - 8, y1: y(0), y2: y(0), class: "zero" })
    .forEach(([k, v]) => zero.setAttribute(k, String(v)));
  svg.append(zero);
  series.forEach((s, k) => {
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "));
    line.setAttribute("class", `series s${k}${s.mine ? " mine" : ""}`);
    svg.append(line);
    if (s.dots) {
      s.values.forEach((v, i) => {
        const dot = document.createElementNS(ns, "circle");
        Object.entries({ cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3, class: "dot" })
          .forEach(([key, value]) => dot.setAttribute(key, String(value)));
        svg.append(dot);
      });
    }
  });
  return svg;
}

function groups(deals) {
  const out = new Map();
  for (const d of deals) {
    const key = `${d.rules}|${d.level ?? ""}`;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(d);
  }
  return [...out.values()];
}

export function statsScreen() {
  const deals = st.deals ?? [];
  const by = (party) => deals.filter((d) => d.party === party);
  const solos = by("soloist");
  const said = deals.filter((d) => d.said);
  const reviewed = deals.filter((d) => typeof d.loss === "number");
  const lastGame = deals.length ? deals[deals.length - 1].game : null;
  const series = deals.filter((d) => d.game === lastGame && Array.isArray(d.totals));
  const seats = series.length ? series[series.length - 1].totals.length : 0;
  const me = series.length ? series[series.length - 1].seat : 0;
  const exportButton = button("stats-export", t("stExport"), () =>
    download("doppelkopf-statistik.json", "application/json", JSON.stringify({ deals }, null, 1)));
  return h("section", { class: "stats", "aria-labelledby": "stats-title", dataset: { testid: "stats",
    deals: String(deals.length) } },
  h("h2", { id: "stats-title", text: t("stTitle") }),
  deals.length ? null : h("p", { text: t("stEmpty") }),
  h("dl", { class: "stats-numbers" },
    [[t("stDeals"), String(deals.length), "deals"],
      [t("stPerDeal"), points(mean(deals.map((d) => d.points))), "per-deal"],
      [t("stWinsRe"), rate(by("re").filter((d) => d.points > 0).length, by("re").length), "re"],
      [t("stWinsKontra"), rate(by("kontra").filter((d) => d.points > 0).length, by("kontra").length), "kontra"],
      [t("stWinsSolo"), rate(solos.filter((d) => d.points > 0).length, solos.length), "solo"],
      [t("stAnnounced"), rate(said.filter((d) => d.points > 0).length, said.length), "said"],
      [t("stLoss"), reviewed.length ? points(mean(reviewed.map((d) => d.loss))) : "–", "loss"]]
      .map(([k, v, id]) => h("div", { dataset: { testid: `stat-${id}` } }, h("dt", { text: k }), h("dd", { text: v })))),
  h("h3", { text: t("stLossChart") }),
  reviewed.length ? lineChart([{ values: reviewed.map((d) => d.loss), mine: true, dots: true }],
    { label: t("stLossChart"), testid: "chart-loss" }) : h("p", { class: "quiet", text: t("stNoReview") }),
  h("h3", { text: t("stTotalsChart") }),
  series.length ? lineChart(Array.from({ length: seats }, (_, s) => ({
    values: [0, ...series.map((d) => d.totals[s])], mine: s === me })),
  { label: t("stTotalsChart"), testid: "chart-totals" }) : h("p", { class: "quiet", text: t("stEmpty") }),
  series.length ? h("p", { class: "quiet", text: t("stYouLine") }) : null,
  h("h3", { text: t("stByVariant") }),
  h("div", { class: "stats-scroll" }, h("table", { class: "stats-table", dataset: { testid: "stats-variants" } },
    h("thead", {}, h("tr", {}, [t("stVariant"), t("stLevel"), t("stDeals"), t("stPerDeal"), t("stLossShort")]
      .map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, groups(deals).map((list) => {
      const rated = list.filter((d) => typeof d.loss === "number");
      return h("tr", {}, h("td", { text: presetName(ctx.meta(), list[0].rules) }),
        h("td", { text: levelName(list[0].level) }),
        h("td", { class: "num", text: String(list.length) }),
        h("td", { class: "num", text: points(mean(list.map((d) => d.points))) }),
        h("td", { class: "num", text: rated.length ? points(mean(rated.map((d) => d.loss))) : "–" }));
    })))),
  h("div", { class: "stats-go" }, exportButton,
    h("a", { href: "#/", class: "button-link", text: t("toStart") })));
}

function levelName(level) {
  const key = `level.${level}`;
  const text = t(key);
  return text === key ? String(level ?? "–") : text;
}

// What the statistics keep of a finished deal (view: the engine's view at its end).
export function dealStat(view, { game, level }) {
  const r = view.result;
  const seat = view.seat;
  const party = Object.keys(r.parties ?? {}).find((p) => r.parties[p].includes(seat)) ?? "none";
  const solo = String(r.contract).startsWith("solo") && party === "re";
  return { key: `${game}:${view.sheet.length}`, game, at: Date.now(), rules: view.rules, level,
    seat, contract: r.contract, party: solo ? "soloist" : party, points: r.points[seat] ?? 0,
    said: (view.announcements ?? []).some((a) => a.seat === seat), totals: view.totals, loss: null };
}
