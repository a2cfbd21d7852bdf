// One table from intent name to handler for everything that moves the page: clicks,
// changes, keys (the element's data-intent) and the engine's replies. Each module
// exports its handlers as `{ "intent-name": async (ctx, data) => {...} }`; a name twice
// is an error at start-up. Nothing here touches the DOM at import time.

export function intentTable(...tables) {
  const merged = new Map();
  for (const table of tables) {
    for (const [name, handler] of Object.entries(table)) {
      if (merged.has(name)) throw new Error(`intent "${name}" is handled twice`);
      if (typeof handler !== "function") throw new Error(`intent "${name}" has no handler`);
      merged.set(name, handler);
    }
  }
  return merged;
}

// Runs the handler of `name`; false when no module handles it (nothing happens then).
export function runIntent(table, name, ctx, data = {}) {
  const handler = typeof name === "string" ? table.get(name) : undefined;
  if (!handler) return false;
  // at once, inside the event (a click's effect is drawn before the next one comes)
  try {
    const done = handler(ctx, data);
    if (done && typeof done.catch === "function") done.catch((err) => ctx.alert?.(err));
  } catch (err) {
    ctx.alert?.(err);
  }
  return true;
}

const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);
// fields that are chosen, not typed: they answer when the choice is made
const CHOSEN = new Set(["checkbox", "radio", "range", "file"]);

// Whether `event` is the one the element's intent answers to: a button's (or any other
// element's) click; a typed field's every input (its change on blur would redraw under
// the pointer); a select's, box's, slider's (when let go) or file field's change; and
// the keys a field names in data-keys ("Enter").
export function answers(el, event) {
  const field = FIELDS.has(el.tagName);
  if (event.type === "click") return !field;
  if (event.type === "keydown") return !!el.dataset.keys && el.dataset.keys.split(" ").includes(event.key);
  const typed = el.tagName === "TEXTAREA" || (el.tagName === "INPUT" && !CHOSEN.has(el.type));
  if (event.type === "input") return field && typed;
  if (event.type === "change") return field && !typed;
  return false;
}

// What a handler gets of the element: its data-* values; for a field its `value`,
// `checked` and chosen `files`; `enabled` (false for aria-disabled="true"); the key's
// `event` for a keydown.
export function intentData(el, event = null) {
  const data = { ...el.dataset };
  if (FIELDS.has(el.tagName)) {
    Object.assign(data, { value: el.value, checked: !!el.checked, files: el.files ? [...el.files] : null });
  }
  data.enabled = el.getAttribute?.("aria-disabled") !== "true";
  if (event && event.type === "keydown") data.event = event;
  return data;
}
