// The page's first module: starts the engine's worker (Pyodide takes seconds) before the
// rest of the page has loaded. app.js takes the worker and any message that came early.
// Its name tells it whether the service worker serves the files from its cache: then
// there is no download to save and the worker takes them as they are (it may decode
// Brotli copies otherwise). A name, not the URL's query: the cache answers for the URL
// without one, and that answer's URL becomes the worker's.
const name = globalThis.navigator?.serviceWorker?.controller ? "offline" : "online";
export const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module", name });
performance.mark("doko:worker-created");

// Watched from the start (the bar moves before app.js has loaded); kept for app.js.
const early = [];
worker.onmessage = (event) => { watch(event); early.push(["message", event]); };
worker.onerror = (event) => { answered("failed"); early.push(["error", event]); };

// Settles with the engine's first answer to a request (or its failure to start): the
// service worker's precache (offline.js) waits for it, so it never competes with the
// downloads the first card needs.
let answered;
export const firstAnswer = new Promise((resolve) => { answered = resolve; });

function watch(event) {
  const data = event.data || {};
  if (data.id !== undefined || data.type === "failed") {
    performance.mark("doko:first-answer");
    answered(data.type === "failed" ? "failed" : "answered");
  } else if (data.type === "progress") {
    // download progress of the runtime, for a loading indicator (CSS: --engine-progress)
    const share = data.total ? Math.min(1, data.loaded / data.total) : 0;
    if (share > 0 && !performance.getEntriesByName("doko:progress").length) {
      performance.mark("doko:progress"); // the first bytes of the runtime shown
    }
    const percent = String(Math.round(share * 100));
    const root = document.documentElement;
    root.style.setProperty("--engine-progress", share.toFixed(3));
    root.dataset.engineProgress = percent;
    root.dataset.engineBytes = `${Math.round(data.loaded)}/${Math.round(data.total)}`;
    // the bars app.js drew (role=progressbar) and their text, without a render
    for (const bar of document.querySelectorAll(".engine-progress")) bar.ariaValueNow = percent;
    for (const text of document.querySelectorAll(".engine-percent")) text.textContent = progressText();
  }
}

// "42 % · 1,87 / 4,46 MB" in German, "42% · 1.87 / 4.46 MB" in English: the megabytes move
// from the first kilobytes on, where a slow link takes seconds for a whole percent.
export function progressText() {
  const root = document.documentElement;
  const lang = root.lang || undefined;
  const percent = new Intl.NumberFormat(lang, { style: "percent" })
    .format(Number(root.dataset.engineProgress ?? 0) / 100);
  const [loaded, total] = (root.dataset.engineBytes ?? "").split("/").map(Number);
  if (!total) return percent;
  const mb = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${percent} · ${mb.format(loaded / 1e6)} / ${mb.format(total / 1e6)} MB`;
}

export function listen(onMessage, onError) {
  worker.onmessage = (event) => { watch(event); onMessage(event); };
  worker.onerror = (event) => { answered("failed"); onError(event); };
  for (const [kind, event] of early.splice(0)) {
    if (kind === "message") onMessage(event);
    else onError(event);
  }
}
