// Module worker: runs the Python engine in Pyodide so the page never blocks.
// Protocol: {id, type, payload} in, {id, ok: true, result} or {id, ok: false, error} out.
// One unsolicited message {type: "ready"} or {type: "failed", error} reports start-up.
import { loadPyodide } from "./pyodide/pyodide.mjs";

const here = (path) => new URL(path, import.meta.url).href;
// Start-up steps as epoch ms, sent with "ready" for the page's timing marks.
const steps = {};
const step = (name) => { steps[name] = performance.timeOrigin + performance.now(); };
step("start");

// Only site-packages' finder forgets its listing: importlib.invalidate_caches() would
// also re-read the standard library's zip index (most of a second).
const UNPACK = `
import os, sys, sysconfig, zipfile
site = sysconfig.get_paths()["purelib"]
with zipfile.ZipFile("/tmp/doko.zip") as z:
    z.extractall(site)
os.remove("/tmp/doko.zip")
if sys.path_importer_cache.get(site) is not None:
    sys.path_importer_cache[site].invalidate_caches()
`;

function fetchBytes(path) {
  return fetch(here(path)).then((r) => {
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
}

async function start() {
  // indexURL pins runtime, stdlib and lock file to our own copy; no packages are
  // requested, so Pyodide never reaches for its CDN.
  const indexURL = here("./pyodide/");
  const engineZip = fetchBytes("./doko.zip");
  engineZip.catch(() => {}); // awaited when unpacking, which reports a failure itself
  // build.py's memory snapshot: Python already started with the engine imported.
  // Pyodide starts fetching its wasm before it waits for the snapshot.
  const snapshot = fetchBytes("./snapshot.bin");
  snapshot.catch(() => {}); // a missing snapshot is handled below
  let pyodide = null;
  try {
    pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
    step("snapshot");
  } catch (err) {
    console.warn(`starting Pyodide without the snapshot: ${lastLine(err)}`);
    pyodide = await loadPyodide({ indexURL });
  }
  step("pyodide");
  const unpack = async () => {
    pyodide.FS.writeFile("/tmp/doko.zip", new Uint8Array(await engineZip));
    pyodide.runPython(UNPACK);
  };
  if (steps.snapshot) {
    // The restored interpreter carries the build's random state: draw a fresh one.
    pyodide.runPython("import random; random.seed()");
    // Every module and the demos are in the snapshot: the files can wait till idle.
    unpackWhenIdle = unpack;
  } else {
    await unpack();
    step("unpacked");
  }
  const handle = pyodide.pyimport("doko.api").handle;
  step("imported");
  return handle;
}

// The engine's files (modules imported later, demo games) go to site-packages; plain
// zipfile, since pyodide.unpackArchive also scans for native libraries (slower). With a
// snapshot this runs once no request has come for a while, off the first answers' path.
let unpackWhenIdle = null;
let idleTimer = 0;
const IDLE_MS = 500;

function scheduleUnpack() {
  if (!unpackWhenIdle) return;
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    const unpack = unpackWhenIdle;
    unpackWhenIdle = null;
    unpack().catch((err) => console.warn(`engine files not unpacked: ${lastLine(err)}`));
  }, IDLE_MS);
}

const engine = start();
engine.then(
  () => {
    self.postMessage({ type: "ready", steps, resources: resources() });
    scheduleUnpack();
  },
  (err) => self.postMessage({ type: "failed", error: lastLine(err) }),
);

// What the worker fetched and when (epoch ms), for the bench's breakdown.
function resources() {
  return performance.getEntriesByType("resource").map((r) => ({
    name: r.name.split("/").pop(), start: performance.timeOrigin + r.startTime,
    end: performance.timeOrigin + r.responseEnd, size: r.encodedBodySize || 0,
  }));
}

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
      // the page translates a refusal by its code; the English text is for logs
      self.postMessage({ id, ok: false, error: { message: result.error, code: result.code ?? null,
        params: result.params ?? {} } });
    } else {
      self.postMessage({ id, ok: true, result });
    }
  } catch (err) {
    self.postMessage({ id, ok: false, error: { message: lastLine(err), code: "engine-failure",
      params: {} } });
  }
  scheduleUnpack();
};
