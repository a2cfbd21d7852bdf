// The play screen: the table (seats, trick, hand, choices, helpers), the result, the
// score sheet, and the notices over the table (a link's house rules, another tab's game);
// and the page's header bar. Functions of the store's state: they draw, nothing else.
import { t, getLang, presetName } from "../../core/i18n.js";
import { h } from "../../core/dom.js";
import { icon } from "../../core/icons.js";
import { isCard } from "../../core/card-text.js";
import { feltView, handView, handLegend, resultPanel, waitingSeats } from "../../table/table.js";
import { sheetView, bockChip } from "../../table/sheet.js";
import { differencesView, rulesName } from "../rules/editor.js";
import * as V from "../../core/variants.js";
import * as tools from "./table-tools.js";
import * as net from "../together/netplay.js";
import * as passplay from "../together/passplay.js";
import { progressText } from "../../boot.js";
import { seatName, tablePlayers } from "../../core/seats.js";
import * as saved from "../../core/storage.js";

// The rules page of a rule set (a preset id or a variant's rules).
export function rulesPageLink(rules) {
  return `#/rules/view?rules=${encodeURIComponent(V.presetOf(rules))}${V.optionsParam(rules)}`;
}

export function returnCount(view) {
  const option = view.legal.find((a) => a.includes(":return:"));
  return option ? option.split(":return:")[1].split(",").length : 0;
}

function headerButton(intent, name, label, extra = {}) {
  return h("button", { type: "button", class: "icon", dataset: { intent, focus: intent, ...extra.dataset },
    ...extra.attrs }, icon(name), h("span", { class: "label", text: label }));
}

export function header(state) {
  const playing = state.screen === "play";
  return h("header", { class: "bar" },
    state.screen === "start" ? h("h1", { id: "title", text: t("title") })
      : h("a", { class: "home-link", href: "#", "aria-label": t("toStart") }, icon("home"),
        h("span", { id: "title", class: "title", text: t("title") })),
    playing && state.view ? h("span", { class: "bar-contract", dataset: { testid: "bar-contract" },
      text: rulesName(state.view.rules_spec ?? state.view.rules, state) }) : null,
    playing && state.view?.bock ? bockChip(state.view.bock) : null, // this deal counts Bock
    engineBadge(state),
    h("div", { class: "bar-buttons" },
      tools.headerButtons(),
      playing && state.view && state.engine === "ready" && !net.isGuest()
        ? headerButton("share", "share", t("share"), { dataset: { testid: "share" } }) : null,
      h("button", { type: "button", class: "icon lang", lang: getLang() === "de" ? "en" : "de",
        dataset: { intent: "lang", focus: "lang" } }, icon("language"),
      h("span", { class: "label", text: t("language") }))));
}

function toastView(state) {
  return state.toast ? h("p", { class: "toast", role: "status", dataset: { testid: "toast" }, text: state.toast }) : null;
}

// What the page's alert says: the store's message, or why a stored entry was set aside.
export function alertText(state) {
  return state.alert || (state.asideWhy ? saved.problemText(state.asideWhy) : "");
}

// The strip for messages: the alert's invisible twin (the live #alert is laid over it,
// see style.css) and the toast. At the table it sits above the felt; on every other
// screen under the header bar, staying there while the page scrolls. Empty, it takes
// no room.
export function messageStrip(state, where = "stage-messages") {
  const alert = alertText(state);
  if (!alert && !state.toast) return null;
  return h("div", { class: where },
    alert ? h("p", { class: "alert alert-twin", "aria-hidden": "true", text: alert }) : null,
    toastView(state));
}

function engineBadge(state) {
  if (state.engine === "ready") return null;
  if (state.engine === "failed") {
    return h("p", { class: "engine failed", dataset: { testid: "engine-error" },
      text: t("engineFailed") });
  }
  // on the table the felt shows the progress bar
  return h("p", { class: "engine loading", dataset: { testid: "loading" } },
    h("span", { class: "spinner", "aria-hidden": "true" }), t("loading"),
    state.screen === "play" && !state.view ? null : progressBar());
}

// The engine's download as it arrives: boot.js updates the bar's width (--engine-progress),
// its value and the percentage from the worker's reports without a render.
export function progressBar(percent = false) {
  const now = document.documentElement.dataset.engineProgress ?? "0";
  const bar = h("span", { class: "engine-progress", role: "progressbar", "aria-label": t("engineDownload"),
    "aria-valuemin": "0", "aria-valuemax": "100", "aria-valuenow": now, dataset: { testid: "engine-progress" } },
  h("span"));
  if (!percent) return bar;
  return h("span", { class: "engine-progress-row" }, bar,
    h("span", { class: "engine-percent", "aria-hidden": "true", text: progressText() }));
}

// Before the first card of a link's variant: what differs from the preset, and the offer
// to keep it on this device under a name.
function variantNoticeView(state) {
  const notice = state.variantNotice;
  if (!notice) return null;
  const preset = presetName(state.rulesMeta, V.presetOf(notice.rules));
  let saveRow;
  if (notice.saved) {
    saveRow = h("p", { class: "saved-note", dataset: { testid: "variant-notice-saved" },
      text: t("variantSavedAs", { name: notice.saved }) });
  } else if (notice.asking) {
    const input = h("input", { id: "notice-name", type: "text", maxlength: "60", value: notice.name,
      autocomplete: "off", placeholder: t("variantNamePlaceholder"), dataset: { focus: "notice-name",
        testid: "variant-notice-name", intent: "variant-notice-name", keys: "Enter" } });
    saveRow = h("div", { class: "field notice-save" }, h("label", { for: "notice-name", text: t("variantName") }),
      h("div", { class: "notice-save-row" }, input,
        h("button", { type: "button", class: "primary", dataset: { intent: "variant-notice-save", focus: "notice-save-ok",
          testid: "variant-notice-save-ok" }, text: t("variantSave") })));
  } else {
    saveRow = null;
  }
  return h("section", { class: "result variant-notice", role: "dialog", "aria-labelledby": "notice-title",
    dataset: { testid: "variant-notice" } },
  h("div", { class: "result-body" },
    h("h2", { id: "notice-title", text: notice.saved ? t("noticeTitleSaved", { name: notice.saved })
      : t("noticeTitle", { preset }) }),
    h("p", { class: "quiet", text: t("noticeLine", { preset }) }),
    differencesView(notice.differences, { testid: "variant-notice-differences" }),
    saveRow),
  h("div", { class: "result-go" },
    h("button", { type: "button", class: "primary", dataset: { intent: "variant-notice-ok", focus: "notice-ok",
      testid: "variant-notice-ok" }, text: t("noticePlay") }),
    notice.saved || notice.asking ? null : h("button", { type: "button", dataset: { intent: "variant-notice-save",
      focus: "notice-save", testid: "variant-notice-save" }, text: t("noticeSave") }),
    h("a", { class: "button", href: rulesPageLink(notice.rules), dataset: { testid: "variant-notice-rules" },
      text: t("rulesView") })));
}

// Another tab plays this game (or took it from this one): say so on the table and
// offer to play it here.
function tabNotice(state) {
  const moved = state.tab === "moved";
  const text = moved ? (state.tabWhy === "game-newer" ? t("tabNewer") : t("tabMoved"))
    : t("tabElsewhere");
  return h("section", { class: "result tab-notice", "aria-labelledby": "tab-title",
    "aria-describedby": "tab-text", dataset: { testid: "tab-notice", state: state.tab, why: state.tabWhy || null } },
  h("div", { class: "result-body" },
    h("h2", { id: "tab-title", text: moved ? t("tabMovedTitle") : t("tabElsewhereTitle") }),
    h("p", { id: "tab-text", text })),
  h("div", { class: "result-go" },
    h("button", { type: "button", class: "primary", dataset: { intent: "take-over", focus: "take-over",
      testid: "take-over" }, text: moved ? t("tabTakeBack") : t("tabTakeOver") }),
    h("button", { type: "button", dataset: { intent: "home", focus: "home", testid: "tab-home" },
      text: t("toStart") })));
}

export function playScreen(state) {
  const view = state.view;
  if (state.tab !== "own") {
    return h("div", { class: "game waiting" }, h("div", { class: "stage" },
      messageStrip(state),
      h("section", { class: "table placeholder", "aria-label": t("table"), dataset: { testid: "table" } },
        waitingSeats(state.players, (seat) => seatName(state, seat)), h("div", { class: "middle" })),
      tabNotice(state)));
  }
  if (!view) {
    return h("div", { class: "game waiting" }, h("div", { class: "stage" },
      messageStrip(state),
      state.error ? h("p", { class: "engine failed", text: state.error }) : null,
      h("section", { class: "table placeholder", "aria-label": t("table"), dataset: { testid: "table" } },
        waitingSeats(state.players, (seat) => seatName(state, seat)),
        h("div", { class: "middle" }, h("div", { class: "trick", dataset: { testid: "trick" } },
          state.engine === "loading" ? h("div", { class: "felt-loading" }, h("p", { text: t("loading") }),
            progressBar(true)) : null))),
      h("div", { class: "below" }, h("section", { class: "hand", dataset: { testid: "hand" } }))));
  }
  const shown = tools.shownTrick(view);
  const held = state.tools.hold && view.trick.length === 0 && view.last_trick;
  const done = view.phase === "done";
  return h("div", { class: `game players-${view.players}` },
    h("div", { class: `stage phase-${view.phase}${view.hand.length ? "" : " empty-hand"}` },
      messageStrip(state),
      state.error ? h("p", { class: "engine failed", text: state.error }) : null,
      net.hostBanner(), net.guestBanner(),
      feltView(state, view, shown, held ? view.last_trick.winner : null),
      done ? resultPanel(state, view) : null,
      h("div", { class: "below" },
        passplay.coverPanel(view) ?? [
          actions(state, view),
          view.sitting_out === view.seat && !done ? sitOutNote(state) : null,
          // the hand keeps its room while the last trick is played (nothing jumps)
          view.hand.length || !done ? handView(state, view) : null,
          handLegend(view),
          tools.toolbar()]),
      variantNoticeView(state),
      net.hostPanel()),
    view.sheet && view.sheet.length ? scoreSheet(state, view) : null);
}

// The dealer who sits out watches; they may skip to the result instead of waiting.
function sitOutNote(state) {
  return h("p", { class: "sits-out-note", dataset: { testid: "you-sit-out" } }, t("youSitOut"), " ",
    state.skip ? null : h("button", { type: "button", class: "small",
      dataset: { intent: "skip", focus: "skip", testid: "skip-ahead" }, text: t("skipAhead") }));
}

function actions(state, view) {
  if (view.phase === "done") return null;
  const prefix = `${view.seat}:`;
  const words = view.legal.filter((a) => a.startsWith(prefix)).map((a) => a.slice(prefix.length))
    .filter((w) => !isCard(w) && !w.startsWith("return:"));
  const returning = view.phase === "poverty-return" && view.to_act === view.seat;
  if (!words.length && !returning) return null;
  const label = view.phase === "play" ? t("announcementsLabel")
    : view.phase.startsWith("poverty") ? t("action.poverty") : t("reservationsLabel");
  // many solos fold into one "Solo …" button, and the announcements beyond the next
  // one into "Mehr …", so the choices stay one short row above the hand
  const solos = words.filter((w) => w.startsWith("solo:"));
  const folded = solos.length > 2 && !state.tools.solos;
  const calls = words.filter((w) => tools.isAnnouncement(w));
  const furtherCalls = state.tools.moreCalls ? [] : calls.slice(1);
  const shown = words.filter((w) => !tools.isCardWedding(w) && !(folded && w.startsWith("solo:"))
    && !furtherCalls.includes(w));
  const buttons = shown.map((w) => h("button", { type: "button",
    class: `action${w === "healthy" ? " primary" : ""}`,
    "aria-disabled": state.busy ? "true" : null,
    dataset: { action: w, focus: `action:${w}` } }, tools.actionContent(w, view)));
  if (solos.length > 2) {
    buttons.splice(folded ? buttons.length : buttons.length - solos.length, 0, h("button", {
      type: "button", class: "action", "aria-expanded": String(!folded),
      dataset: { intent: "solo-picker", focus: "solo-picker", testid: "solo-picker" } },
    t("soloPicker")));
  }
  if (calls.length > 1) {
    buttons.push(h("button", { type: "button", class: "action", "aria-expanded": String(!!state.tools.moreCalls),
      dataset: { intent: "more-calls", focus: "more-calls", testid: "more-calls" } },
    state.tools.moreCalls ? t("fewerCalls") : t("moreCalls")));
  }
  buttons.push(...tools.weddingPicker(words, view));
  if (returning) {
    const count = returnCount(view);
    const ready = state.picked.length === count;
    buttons.push(h("button", { type: "button", class: "action primary",
      "aria-disabled": ready && !state.busy ? null : "true",
      dataset: { action: "return", intent: "return", focus: "action:return", count: String(count) },
      text: t("returnPicked", { k: state.picked.length, n: count }) }));
  }
  return h("section", { class: "actions", role: "group", "aria-label": label,
    dataset: { testid: "actions" } },
  h("span", { class: "actions-label", "aria-hidden": "true", text: label }), buttons);
}

function scoreSheet(state, view) {
  return h("section", { class: "sheet", "aria-labelledby": "sheet-title" },
    h("h2", { id: "sheet-title", text: t("scoresheet") }),
    seriesState(state, view),
    sheetView({ rows: view.sheet, totals: view.totals, seats: tablePlayers(state), seatName: (seat) => seatName(state, seat), review: true,
      expanded: state.expanded, sittingOut: (row) => (tablePlayers(state) === 5 ? row.dealer : null),
      replayable: true, bockToCome: view.bock_to_come ?? 0 }));
}

// Where the series stands: "Runde 2 von 4", the Vorführen after the last round, or over.
function seriesState(state, view) {
  if (!view.rounds) return null;
  const played = view.rounds_played ?? 0;
  const text = view.series_finished ? t("seriesOver")
    : played >= view.rounds ? t("roundsDone")
      : t("roundOf", { n: played + 1, total: view.rounds });
  return h("p", { class: "series-state", dataset: { testid: "series-state",
    finished: String(!!view.series_finished) }, text });
}

