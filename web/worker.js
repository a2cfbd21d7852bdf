// Module worker: runs the Python engine in Pyodide so the page never blocks.
// Protocol: {id, type, payload} in, {id, ok: true, result} or {id, ok: false, error} out.
// One unsolicited message {type: "ready"} or {type: "failed", error} reports start-up.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;

async function start() {
  // indexURL pins runtime, stdlib and lock file to our own copy; no packages are
  // requested, so Pyodide never reaches for its CDN.
  const [pyodide, engineZip] = await Promise.all([
    loadPyodide({ indexURL: here("./pyodide/") }),
    fetch(here("./doko.zip")).then((r) => {
      if (!r.ok) throw new Error(`doko.zip: HTTP ${r.status}`);
      return r.arrayBuffer();
    }),
  ]);
  const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
  pyodide.unpackArchive(engineZip, "zip", { extractDir: site });
  return pyodide.pyimport("doko.api").handle;
}

const engine = start();
engine.then(
  () => self.postMessage({ type: "ready" }),
  (err) => self.postMessage({ type: "failed", error: lastLine(err) }),
);

// Python tracebacks are long; the last line names the error.
function lastLine(err) {
  const text = String(err && err.message ? err.message : err).trim();
  return text.split("\n").pop();
}

self.onmessage = async (event) => {
  const { id, type, payload } = event.data;
  try {
    const handle = await engine;
    const result = JSON.parse(handle(type, JSON.stringify(payload ?? {})));
    if (result && typeof result === "object" && typeof result.error === "string") {
      self.postMessage({ id, ok: false, error: result.error });
    } else {
      self.postMessage({ id, ok: true, result });
    }
  } catch (err) {
    self.postMessage({ id, ok: false, error: lastLine(err) });
  }
};
