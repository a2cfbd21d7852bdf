// Module worker: runs the Python engine in Pyodide so the page never blocks.
// Protocol: {id, type, payload} in, {id, ok: true, result} or {id, ok: false, error} out.
// One unsolicited message {type: "ready"} or {type: "failed", error} reports start-up;
// {type: "installed", version} says the engine's files and metadata are in place, and
// {type: "progress", loaded, total} reports the start's downloads (both informative).
//
// The runtime's modules are imported dynamically: with static imports the worker would run
// nothing until they had arrived, a round trip that on a slow link delays the first bytes
// of the runtime (and the progress bar) by a tenth of a second or more.
// (pyodide.mjs is copied in by build.py: the type checker does not see it)
// @ts-ignore
const runtimeModules = Promise.all([import("./pyodide/pyodide.mjs"), import("./restore.js")]);

// Filled in by build.py: the engine (a zip of its compiled modules, in dist/), the lock
// file handed to Pyodide inline so it fetches no lock file and never reaches for a CDN,
// the snapshot and the sizes of the files each start fetches.
const BUILD = /*BUILD*/{
  "engine": null, "lock": null, "snapshot": true, "snapshotSize": 0, "loader": null,
  "extraBytes": { "br": 0, "gzip": 0 },
  "snapshotXor": false, "emptyStdlib": null, "firstStdlib": null, "lazyStdlib": null, "sizes": {},
  "maxText": null, "brotli": {}, "decoder": null,
}/*END*/;

// Which start to take depends on the link. The snapshot skips Python's start-up and the
// engine's import (about a second of CPU here, several on a phone) but downloads
// BUILD.extraBytes more than the plain start (the stdlib's first part and the engine,
// both compiled): 2 MB with gzip. The runtime's loader (needed either way) is fetched
// first and timed: the snapshot is taken when its extra bytes arrive within
// SNAPSHOT_WITHIN_MS at that speed (about 25 Mbit/s and faster, and always from the
// offline cache); on a phone's network the plain start keeps the first visit's bytes down.
const SNAPSHOT_WITHIN_MS = 500;

const here = (path) => new URL(path, import.meta.url).href;
// The service worker serves every file from its cache (boot.js names the worker so):
// nothing to save.
const offline = self.name === "offline";
// Start-up steps as epoch ms, sent with "ready" for the page's timing marks.
const steps = {};
const step = (name) => { steps[name] = performance.timeOrigin + performance.now(); };
step("start");

const FORGET_ZIPS = `
import sys, zipimport
zipimport._zip_directory_cache.clear()
for path in [p for p in sys.path_importer_cache if ".zip" in p]:
    del sys.path_importer_cache[path]
`;
const FRESH = `
import random
random.seed()
${FORGET_ZIPS}`;
const STDLIB_PATH = `import sys; next(p for p in sys.path if p.endswith(".zip"))`;
const SITE_PATH = `import sys; next(p for p in sys.path if p.endswith("site-packages"))`;
// A zip to import from, standing in for the folder `under`: on sys.path (first, or right
// after `under`), and in the __path__ of every package already imported from `under`
// (their submodules are looked for there, not on sys.path). The stdlib's second part
// joins its first; the engine's zip joins site-packages, where the snapshot's engine
// came from at build time.
const ADD_ZIP = (path, under, first) => `
import sys
sys.path.insert(${first ? "0" : `sys.path.index("${under}") + 1`}, "${path}")
for _module in list(sys.modules.values()):
    _paths = getattr(_module, "__path__", None)
    if isinstance(_paths, list):
        _paths += ["${path}" + p[len("${under}"):] for p in _paths if p.startswith("${under}/")]
del _module, _paths
`;
const VERSION = `import importlib.metadata; importlib.metadata.version("doko")`;

function fetchBytes(path) {
  return fetch(here(path)).then((r) => {
    if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
    return r.arrayBuffer();
  });
}

// Download progress of the start for the page's bar: the bytes of every file the chosen
// start fetches, as they arrive, each file weighted by its size on the wire (BUILD.sizes:
// name -> [bytes, bytes sent with Brotli, with gzip], from the build; the link probe tells
// which the host sends). Pyodide's own fetches are counted on a
// clone of the response, so it still gets the original (its URL keys the wasm code cache).
const sizes = BUILD.sizes ?? {};
const arrived = {};
let expected = [];
let told = -1;
let hostSendsGzip = false;
const START_FILES = () => [BUILD.loader, WASM, "snapshot.bin", BUILD.emptyStdlib];
const PLAIN_FILES = () => [BUILD.loader, WASM, BUILD.firstStdlib ?? "python_stdlib.zip", BUILD.engine];

function expect(names) {
  expected = names.filter((name) => sizes[name]);
  report();
}

function report() {
  let total = 0;
  let loaded = 0;
  for (const name of expected) {
    const [bytes, br, gzip] = sizes[name];
    const sent = hostSendsGzip && !(decoding && name in brotli) ? gzip : br;
    total += sent;
    loaded += sent * Math.min(1, (arrived[name] ?? 0) / bytes);
  }
  // in tenths of a percent: on a slow link the first whole percent takes a fifth of a second
  const permille = total ? Math.floor((1000 * loaded) / total) : 0;
  if (!total || permille === told) return;
  told = permille;
  self.postMessage({ type: "progress", loaded: Math.round(loaded), total });
}

async function count(name, body) {
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    arrived[name] = (arrived[name] ?? 0) + value.byteLength;
    if (expected.includes(name)) report();
  }
}

// Pyodide compiles its wasm only once the snapshot is in (it instantiates the module
// after awaiting the snapshot): compiled here as it arrives instead, from a clone of
// Pyodide's own response, and handed over when Pyodide instantiates that response.
let early = null;
const instantiateStreaming = WebAssembly.instantiateStreaming;
// @ts-ignore: hands back the module compiled early, as the original would
WebAssembly.instantiateStreaming = async (source, imports) => {
  const response = await source;
  if (early && early.response === response) {
    const module = await early.module.catch(() => null);
    if (module) return { module, instance: await WebAssembly.instantiate(module, imports) };
  }
  return instantiateStreaming(response, imports);
};

// The runtime's wasm, needed by either start, is fetched at once (the link would idle
// while the runtime's modules load and the start is chosen); Pyodide's own fetch of it is
// handed that response.
const WASM = "pyodide.asm.wasm";
let wasmEarly = null;

const realFetch = self.fetch.bind(self);
const nameOf = (input) => String(input instanceof Request ? input.url : input).split("?")[0].split("/").pop();
self.fetch = async (input, init) => {
  if (nameOf(input) === WASM && wasmEarly) {
    const fetched = await wasmEarly.catch(() => null);
    wasmEarly = null;
    if (fetched?.ok) return fetched;
  }
  return fetchFile(input, init);
};

// A file of the start: its Brotli copy decoded here where the host sends no Brotli; its
// bytes counted for the progress bar; the wasm compiled as it arrives.
async function fetchFile(input, init) {
  const name = nameOf(input);
  const response = name in brotli && !started && (await decodeHere)
    ? await fetchDecoded(String(input instanceof Request ? input.url : input), name)
    : await realFetch(input, init);
  if (response.ok && response.body && sizes[name] && !(name in arrived)) {
    arrived[name] = 0;
    count(name, response.clone().body).catch(() => {});
  }
  if (response.ok && name === WASM && !early && WebAssembly.compileStreaming) {
    early = { response, module: WebAssembly.compileStreaming(response.clone()) };
    early.module.catch(() => {}); // Pyodide then compiles it itself
  }
  return response;
}

// -- Brotli on hosts that send gzip ---------------------------------------------------
// Many static hosts compress with gzip only: the runtime's wasm, the stdlib's first zip,
// the engine's zip and the snapshot are a quarter smaller as Brotli. Where the host's
// first answer (the loader) came without Brotli and the files are not in the offline
// cache, the worker fetches their .br copies (BUILD.brotli) and decodes them as they
// arrive: with the browser's own DecompressionStream where it knows Brotli, else with a
// small decoder (BUILD.decoder, fetched only then). The decoded files are left for the
// service worker's offline copy.
// Only the start's files: what comes later (once idle) would race the service worker's
// own download, which then revalidates the gzip copy in the HTTP cache instead (a 304).
const brotli = BUILD.brotli ?? {};
let started = false;
const HANDED = "doko-handed"; // the cache sw.js takes them from (keyed by digest)
const DECODED_CHUNK = 1 << 16;
let decoding = false;
const loaderFetch = BUILD.loader ? fetchFile(here(`./pyodide/${BUILD.loader}`)) : null;
// how the host sends its files, from the loader's headers (null: not known)
const hostCoding = (loaderFetch ?? Promise.reject(new Error("no loader"))).then(
  (r) => (r.ok ? r.headers.get("content-encoding") ?? "identity" : null),
  () => null,
);
hostCoding.then((coding) => {
  hostSendsGzip = coding === "gzip";
  report();
});
const decodeHere = hostCoding.then((coding) => {
  decoding = !offline && !!BUILD.decoder && coding !== null && coding !== "br";
  return decoding;
});

async function fetchDecoded(url, name) {
  const [decoder, response] = await Promise.all([
    brotliDecoder().catch((err) => console.warn(`no Brotli decoder: ${lastLine(err)}`)),
    realFetch(`${url.split("?")[0]}.br`).catch(() => null),
  ]);
  // a host that marks .br files as Brotli-encoded has had the browser decode them
  const decoded = response?.headers.get("content-encoding") === "br";
  if (!response?.ok || !response.body || !(decoder || decoded)) {
    response?.body?.cancel().catch(() => {});
    return realFetch(url); // no copy there, or no decoder: the file itself
  }
  const body = decoded || !decoder ? response.body : response.body.pipeThrough(decoder);
  const type = name.endsWith(".wasm") ? "application/wasm" : "application/octet-stream";
  const file = new Response(body, { headers: { "Content-Type": type } });
  handOver(file.clone(), url, brotli[name]);
  return file;
}

let decoderModule = null;

async function brotliDecoder() {
  try {
    return new DecompressionStream(/** @type {CompressionFormat} */ ("brotli"));
  } catch {
    // this browser's DecompressionStream knows no Brotli: the decoder's wasm
  }
  decoderModule ??= import(here(`./${BUILD.decoder}`)).then(async (module) => {
    await module.default();
    return module;
  });
  const { DecompressStream, BrotliStreamResultCode } = await decoderModule;
  const stream = new DecompressStream();
  return new TransformStream({
    transform(chunk, controller) {
      let input = chunk;
      for (;;) {
        const result = stream.decompress(input, DECODED_CHUNK);
        const { buf, code } = result;
        const used = result.input_offset;
        result.free();
        if (buf.length) controller.enqueue(buf);
        if (code !== BrotliStreamResultCode.NeedsMoreOutput) return;
        input = input.subarray(used);
      }
    },
    flush() {
      stream.free();
    },
  });
}

function handOver(response, url, digest) {
  if (!self.caches) return;
  const key = `${url.split("?")[0]}?digest=${digest}`;
  caches.open(HANDED).then((cache) => cache.put(key, response)).catch(() => {});
}

wasmEarly = decodeHere.then(() => fetchFile(here(`./pyodide/${WASM}`)));
wasmEarly.catch(() => {}); // Pyodide's own fetch then tries again

// The snapshot, the largest download, read as it arrives into one buffer of its size.
async function fetchWithProgress(path, total) {
  const r = await fetch(here(path));
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status}`);
  if (!total || !r.body) return r.arrayBuffer();
  const out = new Uint8Array(total);
  const reader = r.body.getReader();
  let loaded = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (loaded + value.length > out.length) throw new Error(`${path}: larger than built`);
    out.set(value, loaded);
    loaded += value.length;
  }
  if (loaded !== total) throw new Error(`${path}: ${loaded} of ${total} bytes`);
  return out.buffer;
}

let linkKbps = null; // the measured speed, reported with "ready"

// The wasm's bytes on the wire per byte that arrives (counted decompressed), with Brotli:
// from a gzip host a little more, so the link is taken for a little slower than it is.
function shareOfWire() {
  const [bytes, br] = sizes[WASM] ?? [1, 1];
  return br / bytes;
}

// Times the loader's download (bytes over the response's own duration, so the request's
// round trip does not count), counting the wasm's bytes that arrived meanwhile; Pyodide's
// own load of the loader then comes from the HTTP cache. Its size on the wire also tells
// whether the host sent Brotli or gzip.
async function linkIsFast(indexURL) {
  const extra = BUILD.extraBytes;
  if (!BUILD.loader || !extra.br) return true;
  const url = `${indexURL}${BUILD.loader}`;
  let wasmBytes = 0; // the wasm's bytes that came meanwhile: the link carried both
  try {
    const response = await loaderFetch;
    if (!response?.ok) return true;
    const before = arrived[WASM] ?? 0;
    await response.arrayBuffer();
    wasmBytes = (arrived[WASM] ?? 0) - before;
  } catch {
    return true;
  }
  const entry = /** @type {PerformanceResourceTiming | undefined} */ (performance.getEntriesByName(url).pop());
  if (!entry || !entry.encodedBodySize) return true; // from a cache: fast
  const ms = Math.max(1, entry.responseEnd - entry.responseStart);
  const bytesPerMs = (entry.encodedBodySize + wasmBytes * shareOfWire()) / ms;
  linkKbps = Math.round(bytesPerMs * 8);
  if ((hostSendsGzip && !decoding ? extra.gzip : extra.br) / bytesPerMs < SNAPSHOT_WITHIN_MS) return true;
  step("slow");
  return false;
}

async function start() {
  // indexURL pins runtime and stdlib to our own copy; the inline lock file names no
  // package, so Pyodide fetches none.
  const indexURL = here("./pyodide/");
  // code objects without column positions, as in the build's stdlib and snapshot
  const options = { indexURL, env: { PYTHONNODEBUGRANGES: "1" } };
  if (BUILD.lock) Object.assign(options, { lockFileContents: BUILD.lock, packageBaseUrl: indexURL });
  // The engine's zip: needed before the import only without the snapshot; with it, it
  // is fetched once the worker is idle, so it never shares the link with the runtime.
  let engineBytes = null;
  const engineFile = () => (engineBytes ??= fetchBytes(`./${BUILD.engine}`));
  // build.py's memory snapshot: Python already started with the engine imported.
  // Pyodide starts fetching its wasm before it waits for the snapshot.
  let pyodide = null;
  // the bar counts the plain start's files until the probe has chosen: where the bar
  // is watched for seconds (a slow link) that is the start taken, so its total stays
  expect(PLAIN_FILES());
  // without the snapshot no probe reads the loader: read here, for the HTTP cache
  if (!BUILD.snapshot) loaderFetch?.then((r) => r.arrayBuffer()).catch(() => {});
  // the loader's download started with the worker, beside the runtime's modules
  const fast = BUILD.snapshot ? linkIsFast(indexURL) : Promise.resolve(false);
  const [{ loadPyodide }, { whenMemoryIsFresh, xorMemory }] = await runtimeModules;
  try {
    if (!BUILD.snapshot) throw new Error("built without a snapshot");
    if (!(await fast)) throw new Error("slow link");
    expect(START_FILES());
    let image = null;
    const snapshot = fetchWithProgress("./snapshot.bin", BUILD.snapshotSize).then((bytes) => {
      image = bytes;
      return bytes;
    });
    snapshot.catch(() => {}); // a missing snapshot is handled below
    // the build stored the memory as its difference from a fresh instance's
    // (without the snapshot, the plain start's instance is left alone)
    if (BUILD.snapshotXor) whenMemoryIsFresh((memory) => image && xorMemory(image, memory));
    // an empty stdlib: the snapshot holds what the first answers need, the rest (the lazy
    // zip) comes once the worker is idle
    const stdLibURL = `${indexURL}${BUILD.emptyStdlib ?? BUILD.lazyStdlib}`;
    pyodide = await loadPyodide({ ...options, stdLibURL, _loadSnapshot: snapshot });
    step("snapshot");
  } catch (err) {
    if (BUILD.snapshot && !steps.slow) {
      console.warn(`starting Pyodide without the snapshot: ${lastLine(err)}`);
    }
    expect(PLAIN_FILES());
    engineFile().catch(() => {}); // awaited before the import, which reports a failure
    // the stdlib files the engine's first answers need; the rest (the lazy zip) comes
    // once the worker is idle
    const first = BUILD.firstStdlib ? { stdLibURL: `${indexURL}${BUILD.firstStdlib}` } : {};
    pyodide = await loadPyodide({ ...options, ...first });
  }
  step("pyodide");
  // the stdlib's zip, and the folder the engine's and the lazy stdlib's zips go to
  const stdlib = pyodide.runPython(STDLIB_PATH);
  const folder = stdlib.replace(/[^/]*$/, "");
  // the engine's zip, importable
  const addEngine = async (first) => {
    const path = `${folder}${BUILD.engine}`;
    pyodide.FS.writeFile(path, new Uint8Array(await engineFile()));
    pyodide.runPython(ADD_ZIP(path, pyodide.runPython(SITE_PATH), first));
  };
  const installed = () => self.postMessage({ type: "installed", version: pyodide.runPython(VERSION) });
  // the rest of the trimmed stdlib, after the part loaded at the start (whose modules
  // the plain start has not all imported yet)
  const lazyStdlib = async () => {
    if (!BUILD.lazyStdlib) return;
    const lazy = await fetchBytes(`./pyodide/${BUILD.lazyStdlib}`);
    const path = `${folder}${BUILD.lazyStdlib}`;
    pyodide.FS.writeFile(path, new Uint8Array(lazy));
    pyodide.runPython(ADD_ZIP(path, stdlib, false));
  };
  if (steps.snapshot) {
    // The restored interpreter carries the build's random state: draw a fresh one; and
    // zipimport's index of the build's stdlib zip, which is not the one loaded here.
    pyodide.runPython(FRESH);
    // Every module and the demos are in the snapshot: the files can wait till idle.
    unpackWhenIdle = async () => {
      const lazy = lazyStdlib();
      await addEngine(false);
      await lazy;
      installed();
    };
  } else {
    await addEngine(true);
    step("unpacked");
    // the metadata's modules (for the version) are in the lazy part of the stdlib
    unpackWhenIdle = async () => {
      if (BUILD.firstStdlib) await lazyStdlib();
      installed();
    };
  }
  const handle = pyodide.pyimport("doko.api").handle;
  step("imported");
  return handle;
}

// The rest of the stdlib and, with a snapshot, the engine's files (modules imported later,
// demo games, its metadata) arrive once no request has come for a while, off the first
// answers' path.
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
    started = true;
    self.postMessage({ type: "ready", steps, resources: resources(), linkKbps });
    scheduleUnpack();
  },
  (err) => self.postMessage({ type: "failed", error: lastLine(err) }),
);

// What the worker fetched and when (epoch ms), for the bench's breakdown.
function resources() {
  const entries = /** @type {PerformanceResourceTiming[]} */ (performance.getEntriesByType("resource"));
  return entries.map((r) => ({
    name: r.name.split("/").pop(), start: performance.timeOrigin + r.startTime,
    end: performance.timeOrigin + r.responseEnd, size: r.encodedBodySize || 0,
  }));
}

// Python tracebacks are long; the last line names the error.
function lastLine(err) {
  const text = String(err && err.message ? err.message : err).trim();
  return text.split("\n").pop();
}

// A message the engine cannot be asked about still gets an answer in the protocol:
// {id, ok: false, error} with id null when none could be read. The engine checks the
// payload itself (size, nesting, content: doko.untrusted); the bound here only keeps a
// huge string out of the WebAssembly heap (the largest the page sends is an imported file).
const MAX_TYPE = 40; // characters of a request's type, and of an id that is a text
const MAX_TEXT = BUILD.maxText ?? 1_000_000; // doko.untrusted.MAX_TEXT, filled in by the build
const refusal = (code, message, params = {}) => ({ message, code, params });
const shapeRefusal = () =>
  refusal("request-shape", "a request is an object {id, type, payload} whose type is a short text");

function request(data) {
  const shaped = data !== null && typeof data === "object" && !Array.isArray(data);
  const id = shaped && goodId(data.id) ? data.id : null;
  if (!shaped || typeof data.type !== "string" || data.type.length > MAX_TYPE) {
    return { id, error: shapeRefusal() };
  }
  if (id === null) {
    // an id the page could not have sent: answered, but nothing of it is echoed
    return { id, error: refusal("request-id", "a request's id is a whole number or a short text") };
  }
  let text;
  try {
    text = JSON.stringify(data.payload ?? {}); // throws on a cycle, a BigInt, too deep a nesting
  } catch {
    text = undefined;
  }
  if (typeof text !== "string") {
    return { id, error: refusal("payload-not-json", "the request's payload cannot be written as JSON") };
  }
  if (text.length > MAX_TEXT) {
    return { id, error: refusal("input-too-large", `input too large (${text.length} characters, at most ${MAX_TEXT})`,
      { size: text.length, most: MAX_TEXT }) };
  }
  return { id, type: data.type, text };
}

// The ids the page sends are whole numbers; a short text is fine too. Anything else
// (an object, NaN, a long text) is not echoed back.
function goodId(id) {
  return Number.isSafeInteger(id) || (typeof id === "string" && id.length <= MAX_TYPE);
}

// A message the worker could not deserialize (no data, so no id either).
self.onmessageerror = () => {
  self.postMessage({ id: null, ok: false, error: shapeRefusal() });
};

self.onmessage = async (event) => {
  const { id, type, text, error } = request(event.data);
  if (error) {
    self.postMessage({ id, ok: false, error });
    return;
  }
  try {
    const handle = await engine;
    const result = JSON.parse(handle(type, text));
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
