// The page's first module: starts the engine's worker (Pyodide takes seconds) before the
// rest of the page has loaded. app.js takes the worker and any message that came early.
export const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
performance.mark("doko:worker-created");

const early = [];
worker.onmessage = (event) => early.push(["message", event]);
worker.onerror = (event) => early.push(["error", event]);

export function listen(onMessage, onError) {
  worker.onmessage = onMessage;
  worker.onerror = onError;
  for (const [kind, event] of early.splice(0)) (kind === "message" ? onMessage : onError)(event);
}
