// Deal review and statistics. The review walks through a finished deal like the replay
// viewer and shows, for each decision of the player's seat, what the strongest bot would
// have chosen from the same cards and what the choice cost (engine: doko.review). The
// worker answers one request at a time, so the review asks for one decision per request:
// the table's own requests get their turn in between. The statistics page shows the
// deals kept on this device (the "stats" entry).
// State: the store's `review` and `stats` slices; reviewScreen and statsScreen draw them,
// reviewIntents and statsIntents change them through ctx.
import { h, signed } from "../../core/dom.js";
import { t, cardName, actionLabel, errorText, presetName, getLang, partyLabel, itemLabel } from "../../core/i18n.js";
import { frameFelt } from "../replay/replay.js";
import { isCard } from "../../table/cards.js";
import { openScreen } from "../../core/store.js";
import { savedStats } from "../../core/storage.js";
import { icon } from "../../core/icons.js";

const DEFAULT_BUDGET_MS = 1500; // per decision, as doko.review's default
const MAX_STEPS = 400; // a deal has far fewer actions; a bound against a loop

export function initialReview() {
  return {
    record: null, seat: 0, bots: [], names: [], key: "", played: 0, frames: [], indices: [], decisions: [],
    cursor: 0, state: "idle", // idle | running | stopped | done | failed
    summary: null, duplicate: null, started: 0, ms: 0, error: "",
    run: 0, // the review under way: a newer one (or a stop) drops the answers of an older
  };
}

export function initialStats() {
  return { deals: null }; // the deals kept on this device, once read
}

// The budget per decision: the page's default, or `review-budget=MS` in the link (tests).
export function reviewBudget(hash) {
  const query = String(hash ?? "").split("?")[1] ?? "";
  const asked = Number.parseInt(new URLSearchParams(query).get("review-budget") ?? "", 10);
  return asked >= 1 && asked <= 60000 ? asked : DEFAULT_BUDGET_MS;
}

// A running review stops (its answers still on their way are dropped).
export function stopReview(rs) {
  rs.run += 1;
  if (rs.state === "running") rs.state = "stopped";
}

function update(ctx, fn) {
  ctx.update((s) => fn(s.review));
}

// Open the review of a finished deal: its record, the reviewed seat, the bots that
// played the others (for the replay with the bot in the player's seat), the seats'
// names, and the statistics key of the deal (its review loss is written there).
export async function reviewOpen(ctx, { record, seat, bots, names = [], key, played }) {
  let mine = 0;
  update(ctx, (rs) => {
    mine = rs.run + 1;
    Object.assign(rs, initialReview(), { record, seat, bots, names, key, played, run: mine,
      state: "running", started: performance.now() });
  });
  const live = () => ctx.state.review.run === mine;
  try {
    const frames = (await ctx.call("replay_record", { record })).frames;
    const indices = (await ctx.call("review_start", { record, seat })).indices;
    if (!live()) return;
    update(ctx, (rs) => Object.assign(rs, { frames, indices }));
    await run(ctx, live, reviewBudget(globalThis.location?.hash));
  } catch (err) {
    if (!live()) return;
    update(ctx, (rs) => Object.assign(rs, { state: "failed", error: errorText(err) }));
  }
}

async function run(ctx, live, budget) {
  const going = () => live() && ctx.state.review.state === "running";
  const { record, seat } = ctx.state.review;
  for (const index of ctx.state.review.indices.slice(ctx.state.review.decisions.length)) {
    if (!going()) return;
    // seed 0 and the default budget: what `python -m doko review --seat N` prints
    const found = await ctx.call("review_step", { record, seat, index, budget_ms: budget, seed: 0 });
    if (!going()) return;
    update(ctx, (rs) => { rs.decisions.push(found); });
  }
  const summary = await ctx.call("review_summary", { seat, decisions: ctx.state.review.decisions });
  if (!live()) return;
  update(ctx, (rs) => {
    rs.summary = summary;
    rs.decisions = summary.decisions;
    rs.ms = Math.round(performance.now() - rs.started);
    rs.state = "done";
    const largest = summary.largest[0];
    rs.cursor = largest == null ? 0 : Math.max(0, rs.indices.indexOf(largest));
  });
  if (globalThis.document) document.body.dataset.reviewMs = String(ctx.state.review.ms);
  const { key } = ctx.state.review;
  if (key) ctx.save("review-loss", { key, loss: summary.total_loss }).catch(() => {});
  await replayStronger(ctx, live);
}

// The same cards in stronger hands: the deal again, the bot in the player's seat.
async function replayStronger(ctx, live) {
  const { record, seat, bots, played } = ctx.state.review;
  const replayed = { ...record, actions: [] };
  for (let i = 0; i < MAX_STEPS; i++) {
    const step = await ctx.call("duplicate_step", { record: replayed, seat, bots, seed: 1 });
    if (!live()) return;
    if (step.done) {
      update(ctx, (rs) => { rs.duplicate = { bot: step.points[seat], you: played }; });
      return;
    }
    replayed.actions = [...replayed.actions, step.action];
  }
}

function go(ctx, cursor) {
  update(ctx, (rs) => { rs.cursor = Math.max(0, Math.min(rs.decisions.length - 1, cursor)); });
}

// Back to the table the review was opened from ("review-back" is the game's intent:
// it goes back with this and wakes the table's bots).
export function closeReview(state) {
  stopReview(state.review);
  state.screen = "play";
}

export const reviewIntents = {
  "review-prev": (ctx) => go(ctx, ctx.state.review.cursor - 1),
  "review-next": (ctx) => go(ctx, ctx.state.review.cursor + 1),
  "review-go": (ctx, data) => go(ctx, Number(data.value)),
  "review-stop": (ctx) => update(ctx, stopReview),
  // the reviewed deal in the replay viewer, where a note can be added to any step and
  // the deal shared as a demo
  "review-annotate": async (ctx) => {
    update(ctx, stopReview);
    try {
      const r = await ctx.call("encode_link", { record: ctx.state.review.record });
      ctx.navigate(`#/replay/${r.payload}`);
    } catch (err) {
      update(ctx, (rs) => Object.assign(rs, { state: "failed", error: errorText(err) }));
    }
  },
};

// ---- drawing the review --------------------------------------------------------------------

function actionText(action) {
  if (action == null) return t("rvSilence");
  const what = action.split(":").slice(1).join(":");
  if (isCard(what)) return cardName(what);
  return actionLabel(what.startsWith("return:") ? "return" : what);
}

function points(n) {
  return n.toLocaleString(getLang(), { maximumFractionDigits: 1 });
}

function summaryLine(rs) {
  const found = rs.decisions.filter((d) => d.loss >= (rs.summary?.threshold ?? 0.5));
  const total = rs.decisions.reduce((sum, d) => sum + d.loss, 0);
  if (!found.length) return t("rvNoMistakes");
  return t(found.length === 1 ? "rvSummaryOne" : "rvSummary", { n: found.length, points: points(total) });
}

function button(testid, label, intent, extra = {}) {
  return h("button", { type: "button", dataset: { testid, intent, focus: testid }, text: label, ...extra });
}

function iconButton(testid, name, label, intent, disabled) {
  return h("button", { type: "button", class: "icon-only", "aria-label": label, title: label,
    "aria-disabled": disabled ? "true" : null, dataset: { testid, intent, focus: testid } }, icon(name));
}

function progress(rs) {
  const total = rs.indices.length || 1;
  const now = Math.round((rs.decisions.length / total) * 100);
  return h("div", { class: "review-progress" },
    h("span", { class: "engine-progress", role: "progressbar", "aria-label": t("rvProgress"),
      "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": String(now),
      style: `--p:${now}%`, dataset: { testid: "review-progress" } }, h("span")),
    h("span", { text: t("rvProgressText", { k: rs.decisions.length, n: rs.indices.length }) }),
    button("review-stop", t("rvStop"), "review-stop"));
}

function decisionRow(rs, d, i) {
  const cls = `review-decision${d.mistake ? " mistake" : ""}${d.largest ? " largest" : ""}`
    + `${i === rs.cursor ? " current" : ""}`;
  return h("button", { type: "button", class: cls, "aria-current": i === rs.cursor ? "step" : null,
    dataset: { testid: "review-decision", intent: "review-go", value: String(i), focus: `review-go:${i}`,
      index: String(d.index), loss: String(d.loss), ms: String(d.ms), largest: String(!!d.largest) } },
  h("span", { class: "rv-played", text: actionText(d.played) }),
  d.best !== d.played ? h("span", { class: "rv-best", text: `→ ${actionText(d.best)}` }) : null,
  h("span", { class: "rv-loss num", text: d.loss > 0 ? `−${points(d.loss)}` : "✓" }),
  d.largest ? h("span", { class: "tag mini", text: t("rvLargest") }) : null);
}

// One reason the engine gives for a decision (doko.bots.review.why): a code with its
// parameters, in words.
export function reasonText(r) {
  const vars = { ...r };
  for (const name of ["card", "word"]) if (r[name] != null) vars[name] = actionText(r[name]);
  if (r.party != null) vars.party = partyLabel(r.party);
  if (r.kind != null) vars.special = itemLabel(r.kind);
  const key = r.code === "word-lost" && r.actual != null ? "rvWhy.word-lost-actual" : `rvWhy.${r.code}`;
  return t(key, vars);
}

function costLine(d) {
  if (!(d.loss > 0)) return t("rvFine");
  // Augen where one card is weighed against another; a word or a reservation changes
  // the score, hardly the Augen
  const cards = d.kind === "card" && d.best != null && isCard(d.best.split(":")[1] ?? "");
  const eyes = cards ? Math.round(d.why?.eyes ?? 0) : 0;
  const one = points(d.loss) === "1";
  if (eyes >= 1) return t(one ? "rvCostOneEyes" : "rvCostEyes", { points: points(d.loss), eyes });
  return t(one ? "rvCostOne" : "rvCost", { points: points(d.loss) });
}

function current(rs) {
  const d = rs.decisions[rs.cursor];
  if (!d) return null;
  const open = d.open_best && d.open_best !== d.played
    ? h("p", { class: "quiet", text: t("rvOpen", { card: actionText(d.open_best), points: points(d.open_loss) }) })
    : null;
  const reasons = d.why?.reasons ?? [];
  return h("div", { class: "review-current", dataset: { testid: "review-current", index: String(d.index) } },
    h("p", {}, h("strong", { text: `${t("rvPlayed")}: ` }), actionText(d.played)),
    h("p", {}, h("strong", { text: `${t("rvBot")}: ` }), actionText(d.best)),
    h("p", { dataset: { testid: "review-cost" }, text: costLine(d) }),
    reasons.length ? h("ul", { class: "review-reasons", "aria-label": t("rvWhyTitle") },
      reasons.map((r) => h("li", { dataset: { testid: "review-reason", code: r.code }, text: reasonText(r) })))
      : null,
    open);
}

export function reviewScreen(state) {
  const rs = state.review;
  const n = rs.frames[0]?.hands.length ?? 4;
  const d = rs.decisions[rs.cursor];
  const frame = d ? rs.frames[d.index] : rs.frames[rs.frames.length - 1];
  const trickNo = frame ? frame.tricks.length + (frame.trick.length ? 1 : 0) : 0;
  const names = (seat) => rs.names[seat] ?? t("player", { n: seat + 1 });
  return h("section", { class: "review", "aria-labelledby": "review-title",
    dataset: { testid: "review", state: rs.state } },
  h("div", { class: "review-head" },
    h("h2", { id: "review-title", text: t("rvTitle") }),
    h("p", { class: "review-summary", dataset: { testid: "review-summary" },
      text: rs.state === "running" ? t("rvRunning") : summaryLine(rs) }),
    rs.duplicate ? h("p", { class: "review-duplicate", dataset: { testid: "review-duplicate" },
      text: t("rvDuplicate", { bot: signed(rs.duplicate.bot), you: signed(rs.duplicate.you) }) }) : null,
    rs.state === "running" ? progress(rs) : null,
    rs.state === "failed" ? h("p", { role: "alert", text: rs.error }) : null,
    h("div", { class: "review-nav" },
      iconButton("review-prev", "prev", t("rvPrev"), "review-prev", rs.cursor <= 0),
      iconButton("review-next", "next", t("rvNext"), "review-next", rs.cursor >= rs.decisions.length - 1),
      button("review-back", t("rvBack"), "review-back"),
      button("review-annotate", t("rvAnnotate"), "review-annotate"),
      h("a", { href: "#/stats", class: "button-link", dataset: { testid: "open-stats" }, text: t("stTitle") }))),
  h("div", { class: "review-stage" },
    frame ? frameFelt(frame, { relative: (s) => (s - rs.seat + n) % n, trickNo, shownSeat: -1, names }) : null,
    h("div", { class: "review-side" }, current(rs),
      h("ol", { class: "review-list", "aria-label": t("rvDecisions") },
        rs.decisions.map((x, i) => h("li", {}, decisionRow(rs, x, i)))))));
}

// ---- statistics ------------------------------------------------------------------------------

// The stored deals are in (the #/stats route reads them).
export function statsRestore(ctx, deals) {
  ctx.update((s) => { s.stats.deals = Array.isArray(deals) ? deals : []; });
}

export const statsIntents = {
  "stats-export": (ctx) => ctx.download("doppelkopf-statistik.json", "application/json",
    JSON.stringify({ deals: ctx.state.stats.deals ?? [] }, null, 1)),
};

function rate(won, all) {
  return all ? t("stRate", { won, all, pct: Math.round((100 * won) / all) }) : "–";
}

function mean(list) {
  return list.length ? list.reduce((a, b) => a + b, 0) / list.length : 0;
}

// A line chart drawn as inline SVG, with its axes named, the values marked on the left
// (lowest, 0, highest) and the player's last value at the line's end, and a legend
// below it. series: [{ values, name, mine, dots }]; the x axis counts from `xFrom`.
export function lineChart(series, { label, testid, xLabel, yLabel, xFrom = 1 }) {
  const all = series.flatMap((s) => s.values);
  const width = 360;
  const height = 200;
  const left = 44; // room for the values on the left
  const right = 44; // ... and for the last value at the line's end
  const top = 22; // the y axis' name
  const bottom = 34; // the x axis' ticks and name
  const count = Math.max(2, ...series.map((s) => s.values.length));
  const low = Math.min(0, ...all);
  const high = Math.max(1, ...all);
  const x = (i) => left + (i * (width - left - right)) / (count - 1);
  const y = (v) => height - bottom - ((v - low) * (height - top - bottom)) / (high - low || 1);
  const ns = "http://www.w3.org/2000/svg";
  const el = (tag, attrs, text) => {
    const node = document.createElementNS(ns, tag);
    Object.entries(attrs).forEach(([k, v]) => node.setAttribute(k, String(v)));
    if (text != null) node.textContent = text;
    return node;
  };
  const svg = el("svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": label, class: "chart" });
  svg.dataset.testid = testid;
  const bottomY = height - bottom;
  svg.append(el("line", { x1: left, x2: left, y1: top, y2: bottomY, class: "axis" }),
    el("line", { x1: left, x2: width - right, y1: bottomY, y2: bottomY, class: "axis" }),
    el("line", { x1: left, x2: width - right, y1: y(0), y2: y(0), class: "zero" }));
  // the values on the y axis: lowest, 0 and highest, each once and never on top of another
  const ticks = [];
  for (const v of [0, low, high]) {
    if (ticks.every((u) => Math.abs(y(u) - y(v)) >= 12)) ticks.push(v);
  }
  for (const v of ticks) {
    const tick = el("text", { x: left - 5, y: y(v) + 4, class: "tick", "text-anchor": "end" }, number(v));
    tick.dataset.value = String(v);
    svg.append(el("line", { x1: left - 3, x2: left, y1: y(v), y2: y(v), class: "axis" }), tick);
  }
  // the x axis: the first and the last deal
  const longest = Math.max(...series.map((s) => s.values.length));
  for (const i of longest > 1 ? [0, longest - 1] : [0]) {
    svg.append(el("text", { x: x(i), y: bottomY + 13, class: "tick", "text-anchor": "middle" }, String(i + xFrom)));
  }
  svg.append(el("text", { x: (left + width - right) / 2, y: height - 4, class: "axis-name", "text-anchor": "middle" },
    xLabel));
  svg.append(el("text", { x: 4, y: 14, class: "axis-name" }, yLabel));
  series.forEach((s, k) => {
    const cls = `chart-line s${k}${s.mine ? " mine" : ""}`;
    svg.append(el("polyline", { points: s.values.map((v, i) => `${x(i).toFixed(1)},${y(v).toFixed(1)}`).join(" "),
      class: cls }));
    if (s.dots) s.values.forEach((v, i) => svg.append(el("circle", { cx: x(i).toFixed(1), cy: y(v).toFixed(1), r: 3,
      class: "dot" })));
  });
  // the player's last value where the line ends
  const mine = series.find((s) => s.mine) ?? series[0];
  if (mine?.values.length) {
    const i = mine.values.length - 1;
    const last = el("text", { x: x(i) + 6, y: y(mine.values[i]) + 4, class: "tick last" }, number(mine.values[i]));
    last.dataset.testid = `${testid}-last`;
    svg.append(last);
  }
  const legend = h("ul", { class: "chart-legend", dataset: { testid: `${testid}-legend` } },
    series.map((s, k) => {
      const swatch = el("svg", { viewBox: "0 0 24 8", class: "swatch", "aria-hidden": "true" });
      swatch.append(el("line", { x1: 1, x2: 23, y1: 4, y2: 4, class: `chart-line s${k}${s.mine ? " mine" : ""}` }));
      const lastValue = s.values.length ? s.values[s.values.length - 1] : null;
      return h("li", {}, swatch, h("span", { text: lastValue == null ? s.name : `${s.name}: ${number(lastValue)}` }));
    }));
  return h("figure", { class: "chart-box" }, svg, legend);
}

// A value on a chart: to one decimal at most, a minus sign (−) below 0.
function number(v) {
  return `${v < 0 ? "−" : ""}${Math.abs(v).toLocaleString(getLang(), { maximumFractionDigits: 1 })}`;
}

// The deals by rule set and level, in the order first played.
export function statsGroups(deals) {
  const out = new Map();
  for (const d of deals) {
    const key = `${d.rules}|${d.level ?? ""}`;
    if (!out.has(key)) out.set(key, []);
    out.get(key).push(d);
  }
  return [...out.values()];
}

export function statsScreen(state) {
  const deals = state.stats.deals ?? [];
  const presets = state.meta?.presets;
  const by = (party) => deals.filter((d) => d.party === party);
  const solos = by("soloist");
  const said = deals.filter((d) => d.said);
  const reviewed = deals.filter((d) => typeof d.loss === "number");
  const lastGame = deals.length ? deals[deals.length - 1].game : null;
  const series = deals.filter((d) => d.game === lastGame && Array.isArray(d.totals));
  const seats = series.length ? series[series.length - 1].totals.length : 0;
  const me = series.length ? series[series.length - 1].seat : 0;
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
  reviewed.length ? lineChart([{ values: reviewed.map((d) => d.loss), mine: true, dots: true,
    name: t("stLossSeries") }], { label: t("stLossChart"), testid: "chart-loss", xLabel: t("stAxisReviewed"),
    yLabel: t("stAxisLoss") }) : h("p", { class: "quiet", text: t("stNoReview") }),
  h("h3", { text: t("stTotalsChart") }),
  series.length ? lineChart(Array.from({ length: seats }, (_, s) => ({
    values: [0, ...series.map((d) => d.totals[s])], mine: s === me, name: seatLabel(s, me, seats) })),
  { label: t("stTotalsChart"), testid: "chart-totals", xLabel: t("stAxisDeals"), yLabel: t("stAxisTotal"),
    xFrom: 0 }) : h("p", { class: "quiet", text: t("stEmpty") }),
  h("h3", { text: t("stByVariant") }),
  h("div", { class: "stats-scroll" }, h("table", { class: "stats-table", dataset: { testid: "stats-variants" } },
    h("thead", {}, h("tr", {}, [t("stVariant"), t("stLevel"), t("stDeals"), t("stPerDeal"), t("stLossShort")]
      .map((x) => h("th", { scope: "col", text: x })))),
    h("tbody", {}, statsGroups(deals).map((list) => {
      const rated = list.filter((d) => typeof d.loss === "number");
      return h("tr", {}, h("td", { text: presetName(presets, list[0].rules) }),
        h("td", { text: levelName(list[0].level) }),
        h("td", { class: "num", text: String(list.length) }),
        h("td", { class: "num", text: points(mean(list.map((d) => d.points))) }),
        h("td", { class: "num", text: rated.length ? points(mean(rated.map((d) => d.loss))) : "–" }));
    })))),
  h("div", { class: "stats-go" },
    button("stats-export", t("stExport"), "stats-export"),
    h("a", { href: "#/", class: "button-link", text: t("toStart") })));
}

// A seat of the last series as it sat at the table from the player's seat (Du, Links, ...).
function seatLabel(seat, me, seats) {
  const names = t(`seats${seats}`);
  return Array.isArray(names) ? names[(seat - me + seats) % seats] ?? String(seat + 1) : String(seat + 1);
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

// The statistics' link: a running review stops, the deals kept on this device are read.
export const statsRoutes = {
  "/stats": (ctx) => {
    ctx.update((s) => {
      stopReview(s.review);
      openScreen(s, "stats");
    });
    savedStats().then((deals) => statsRestore(ctx, deals), () => statsRestore(ctx, []));
  },
};
