// Events in: every tap, field and key goes to the one intent table (an element's
// data-intent); the table's cards and calls (data-card, data-action) to its dispatcher.
// What a handler changes is drawn at once (the next tap lands on what it shows).
import { runIntent, intentData, answers } from "../core/intents.js";
import { replayKeys } from "../screens/replay/replay.js";

// `intents`: the intent table; `table`: the table's dispatcher; `flush()` draws what is
// queued now.
export function listenForIntents(root, ctx, { intents, table, flush }) {
  // a click, a field's input or change (caught on the way down, so a field's own event
  // need not bubble), a key the field names
  function onIntent(event) {
    const el = event.target.closest?.("[data-intent]");
    if (!el || !root.contains(el)) return false;
    if (!answers(el, event)) return true;
    const data = intentData(el, event);
    if (!data.enabled) return true; // a dimmed control does nothing
    runIntent(intents, data.intent, ctx, data);
    if (el.type === "file") el.value = ""; // the same file chosen again is read again
    flush();
    return true;
  }

  root.addEventListener("click", (event) => {
    if (onIntent(event)) return;
    const el = event.target.closest("button");
    if (!el || !root.contains(el)) return;
    const { card, action, index } = el.dataset;
    const enabled = el.getAttribute("aria-disabled") !== "true";
    if (card) table.dispatch({ kind: "card", card, index: Number(index), enabled });
    else if (action && enabled) table.dispatch({ kind: "action", word: action });
    flush(); // the hand dims at once: a second tap never lands on a card drawn before this one
  });
  root.addEventListener("input", onIntent, true);
  root.addEventListener("change", onIntent, true);
  root.addEventListener("keydown", onIntent);
  document.addEventListener("keydown", (event) => {
    replayKeys(ctx, event);
    flush();
  });
  // the alert is put away by a tap
  document.getElementById("alert").addEventListener("click", () => {
    ctx.update((s) => {
      s.alert = "";
      s.asideWhy = null;
    });
    flush();
  });
}
