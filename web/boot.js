// The page's first module: starts the engine's worker (Pyodide takes seconds) before the
// rest of the page has loaded. app.js takes the worker and any message that came early.
export const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
performance.mark("doko:worker-created");

const early = [];
worker.onmessage = (event) => early.push(["message", event]);
worker.onerror = (event) => early.push(["error", event]);

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
    const percent = String(Math.round(share * 100));
    document.documentElement.style.setProperty("--engine-progress", share.toFixed(3));
    document.documentElement.dataset.engineProgress = percent;
    // the bars app.js drew (role=progressbar) and their percentage, without a render
    for (const bar of document.querySelectorAll(".engine-progress")) bar.ariaValueNow = percent;
    for (const text of document.querySelectorAll(".engine-percent")) text.textContent = formatPercent(percent);
  }
}

// "42 %" in German, "42%" in English
export function formatPercent(percent) {
  return new Intl.NumberFormat(document.documentElement.lang || undefined, { style: "percent" })
    .format(Number(percent) / 100);
}

export function listen(onMessage, onError) {
  worker.onmessage = (event) => { watch(event); onMessage(event); };
  worker.onerror = (event) => { answered("failed"); onError(event); };
  for (const [kind, event] of early.splice(0)) {
    if (kind === "message") worker.onmessage(event);
    else worker.onerror(event);
  }
}
