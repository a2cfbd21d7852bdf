// Draws the store into the page, one way: the header and the screen the store names,
// built from scratch; the focused field (and its caret) and chosen files survive; cards
// fly (motion.js); the live regions outside #app say the turn, the alert and the record.
import { t, getLang } from "../core/i18n.js";
import * as motion from "../table/motion.js";
import * as perf from "../core/perf.js";
import * as together from "../screens/together/together.js";
import * as net from "../screens/together/netplay.js";
import { flightOf } from "../core/options.js";
import { seatName } from "../core/seats.js";
import { startScreen, undoBar } from "../screens/start/start.js";
import { keeperScreen } from "../screens/keeper/keeper.js";
import { tournamentScreen } from "../screens/tournament/tournament.js";
import { replayScreen } from "../screens/replay/replay.js";
import { editorScreen } from "../screens/rules/editor.js";
import { reviewScreen, statsScreen } from "../screens/review/review.js";
import { playScreen, header, alertText, messageStrip } from "../screens/play/play.js";

export function draw(root, store) {
  const focused = /** @type {HTMLElement | null} */ (document.activeElement);
  const focusKey = focused?.dataset?.focus;
  const caret = caretOf(focused);
  const before = motion.capture(root, store.step);
  document.documentElement.lang = getLang();
  document.title = t("title");
  root.dataset.screen = store.screen;
  const files = fileFields(root);
  const messages = store.screen === "play" ? null : messageStrip(store, "page-messages");
  const next = [header(store), messages, undoBar(store), screen(store)].filter(Boolean);
  keepFileFields(files, next);
  root.replaceChildren(...next);
  if (store.screen === "play") perf.markRender(root);
  if (focusKey) refocus(root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`), caret);
  // the last step's events, once; the flight follows the speed setting
  motion.play(before, root, { step: store.step, events: store.events, duration: flightOf(store.options) });
  updateLive(store);
}

// Typing survives a redraw: the field gets the focus back with its caret where it was.
function refocus(el, caret) {
  if (!el) return;
  el.focus();
  if (caret) {
    try { el.setSelectionRange(...caret); } catch { /* a field without a caret */ }
  } else if (el.type === "number" && el.value) {
    // a number field tells no caret (Chromium puts it at the start): typing goes on at its end
    const typed = el.value;
    el.value = "";
    el.value = typed;
  }
}

// Where the caret of a focused text field is, or null.
function caretOf(el) {
  try {
    return typeof el?.selectionStart === "number" ? [el.selectionStart, el.selectionEnd] : null;
  } catch {
    return null;
  }
}

// A file field keeps its node across redraws: a file chosen while the page redraws (an
// engine answer coming in) is not dropped with a replaced node.
function fileFields(at) {
  return new Map([...at.querySelectorAll("input[type=file][data-testid]")].map((el) => [el.dataset.testid, el]));
}

function keepFileFields(old, nodes) {
  for (const node of nodes) {
    for (const el of node.querySelectorAll("input[type=file][data-testid]")) {
      const kept = old.get(el.dataset.testid);
      if (kept) el.replaceWith(kept);
    }
  }
}

function screen(store) {
  switch (store.screen) {
    case "play": return playScreen(store);
    case "keeper": return keeperScreen(store);
    case "tournament": return tournamentScreen(store);
    case "replay": return replayScreen(store);
    case "rules": return editorScreen(store);
    case "review": return reviewScreen(store);
    case "stats": return statsScreen(store);
    case "together": return together.togetherScreen(store.engine === "ready");
    case "join": return net.joinScreen();
    case "answer": return net.answerScreen();
    default: return startScreen(store);
  }
}

// Live regions live outside #app; only touch them when their text changes.
export function updateLive(store) {
  const view = store.view;
  let status = "";
  if (store.screen === "play" && store.tab !== "own") {
    status = store.tab === "moved" ? t("tabMovedTitle") : t("tabElsewhereTitle");
  } else if (store.screen === "play" && store.engine === "loading") status = t("loading");
  else if (store.screen === "play" && view && view.phase !== "done" && view.to_act != null) {
    status = view.to_act === view.seat ? t("yourTurn") : t("turnOf", { name: seatName(store, view.to_act) });
  } else if (store.screen === "play" && view && view.phase === "done") status = t("result");
  setText("status", status);
  setText("alert", alertText(store));
  setText("record", store.screen === "play" && view && view.record ? JSON.stringify(view.record) : "");
}

function setText(id, text) {
  const el = document.getElementById(id);
  if (el.textContent !== text) el.textContent = text;
}
