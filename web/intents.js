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

// What a handler gets of the element: its data-* values, plus `value` for inputs and
// selects and `enabled` (false for aria-disabled="true").
export function intentData(el, event = null) {
  const data = { ...el.dataset };
  if ("value" in el && (el.tagName === "INPUT" || el.tagName === "SELECT" || el.tagName === "TEXTAREA")) {
    data.value = el.type === "checkbox" ? el.checked : el.value;
  }
  data.enabled = el.getAttribute?.("aria-disabled") !== "true";
  if (event && event.type === "keydown") data.event = event;
  return data;
}
