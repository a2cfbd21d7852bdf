// What the table's modules find of a browser at import time and in a handler, for node's
// tests: a worker to create (boot.js starts one), `self`, the link and its history. No
// document: the modules draw nothing here. Import this first.
export const links = { replaced: [] };

globalThis.self ??= {};
globalThis.Worker ??= class {
  postMessage() {}
};
globalThis.location ??= { hash: "", origin: "http://page", pathname: "/" };
globalThis.history ??= { replaceState: (_state, _title, hash) => links.replaced.push(hash) };

// The page's store with the table's slices, updated through update() like the page's
// (the change at once; `draws` counts the redraws asked for).
export async function tablePage(more = {}) {
  const { defaults } = await import("../../web/core/store.js");
  const { initialNetplay } = await import("../../web/screens/together/netplay.js");
  const { initialOptions } = await import("../../web/core/options.js");
  const state = defaults({ netplay: initialNetplay(), options: initialOptions(), variants: { list: [], loaded: false, checks: {} },
    review: {}, ...more });
  const page = {
    state,
    draws: 0,
    alerts: [],
    update(fn) {
      fn?.(state);
      page.draws += 1;
    },
    flush() {},
    alert(text) { page.alerts.push(text); },
  };
  return page;
}

// A promise the test settles by hand (an engine answer that comes late).
export function deferred() {
  let resolve;
  let reject;
  const promise = new Promise((yes, no) => { resolve = yes; reject = no; });
  return { promise, resolve, reject };
}

export const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));
