// Build step, two uses (build.py runs it through buildtools/snapshot.py):
//
//   node make_snapshot.mjs modules PYODIDE_DIR WHEEL LOCK.json EXTRA.json OUT.json INSTALLED.json ENGINE.zip
//     start Pyodide as the page's worker does without a snapshot, install the engine's
//     wheel with micropip, import the engine, play a few games with every bot, import
//     EXTRA.json's modules (every module the engine's sources name); write the standard
//     library files Python has loaded (what the trimmed python_stdlib.zip keeps), the
//     files micropip installed (INSTALLED.json) and the same files with each module
//     compiled by this Python (ENGINE.zip: what the worker's start without the snapshot
//     imports from, so that it compiles nothing).
//   node make_snapshot.mjs snapshot PYODIDE_DIR INSTALLED.json LOCK.json EXTRA.json OUT.bin OUT.json
//     start Pyodide with the (trimmed) stdlib in PYODIDE_DIR, put micropip's installed
//     files in site-packages, import the engine, play a few games, list the stdlib
//     files now in memory (OUT.json: the worker's lazy stdlib zip holds the rest of the
//     trimmed one), and write the memory
//     snapshot the worker restores instead of starting Python and importing the engine
//     (Pyodide's experimental _makeSnapshot / _loadSnapshot). micropip itself cannot run
//     in this instance: a snapshot may hold no reference to a JavaScript object, and
//     micropip's event loop and package manager keep some. Free memory is zeroed first
//     and the memory is written as its XOR with a fresh instance's (web/restore.js), so
//     what compresses is only what Python changed.
//   node make_snapshot.mjs check PYODIDE_DIR SNAPSHOT.bin LOCK.json
//     restore the snapshot as the worker does and ask the engine for a game.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";
import { whenMemoryIsFresh, xorMemory } from "../web/restore.js";

const [mode, pyodideDir, wheel, lockPath, ...rest] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
if (mode === "check") {
  // wheel is the snapshot here: restored the worker's way, with the fresh memory
  const image = new Uint8Array(readFileSync(wheel));
  whenMemoryIsFresh((memory) => xorMemory(image, memory));
  const lockFileContents = JSON.parse(readFileSync(lockPath, "utf8"));
  const restored = await loadPyodide({ indexURL, lockFileContents, _loadSnapshot: image });
  const answer = restored.runPython(`
import doko.api, json
doko.api.handle("new_game", json.dumps({"rules": "ddv", "seed": 1}))
`);
  // a step answer: {view, events, save}
  if (!JSON.parse(answer).view?.legal) throw new Error(`restored snapshot answered ${answer.slice(0, 200)}`);
  process.exit(0);
}
let fresh = null; // the memory as a fresh instance starts, for the difference
if (mode === "snapshot") whenMemoryIsFresh((memory) => { fresh = memory.slice(); });
const lockFileContents = JSON.parse(readFileSync(lockPath, "utf8"));
// Code objects without column positions (PYTHONNODEBUGRANGES): the stdlib's .pyc compiled
// here and the engine's modules in the snapshot are smaller (the snapshot by a tenth);
// tracebacks still name the line.
const env = { PYTHONNODEBUGRANGES: "1" };
const pyodide = await loadPyodide({
  indexURL,
  lockFileContents,
  packageBaseUrl: indexURL,
  env,
  _makeSnapshot: mode === "snapshot",
});
if (mode === "modules") {
  // micropip (self-hosted, checked against the lock's sha256) installs the engine's wheel
  await pyodide.loadPackage("micropip", { messageCallback: () => {} });
  const name = path.basename(wheel);
  pyodide.FS.writeFile(`/tmp/${name}`, new Uint8Array(readFileSync(wheel)));
  await pyodide.runPythonAsync(`
import micropip
await micropip.install("emfs:/tmp/${name}", deps=False)
`);
} else {
  // what micropip installed in the first run, file for file (written from here: a
  // zipfile import would stay in the snapshot)
  const site = pyodide.runPython(`import sysconfig; sysconfig.get_paths()["purelib"]`);
  for (const [name, data] of Object.entries(JSON.parse(readFileSync(wheel, "utf8")))) {
    const full = `${site}/${name}`;
    pyodide.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    pyodide.FS.writeFile(full, Buffer.from(data, "base64"));
  }
}
// Everything the page can ask for: the search bots (doko.bots.botregistry imports them when a
// spec first asks; here all at once), doko.bots.bench for the bench request, the demo games
// read into memory. (Not importlib.metadata: with it the snapshot was 0.4 MB larger; the
// worker reads the version once it is idle.)
// encodings.cp437: zipfile reads the names in the engine's zip with it when
// importlib.metadata looks there for the engine's version.
pyodide.runPython(`
import doko.api, doko.bots.strong, doko.bots.search, doko.bots.ismcts, doko.bots.bench, doko.page.share
import encodings.cp437
doko.page.share.load_demos()
`);
if (mode === "modules") pyodide.runPython(`import importlib.metadata; importlib.metadata.version("doko")`);

const [extraPath, out, second, engineZip] = rest;
const extra = JSON.parse(readFileSync(extraPath, "utf8"));
// The snapshot imports only what playing needs: the rest of what the engine's sources
// name (the command line's argparse, multiprocessing, ...) made it 0.6 MB larger
// compressed, more than the lazy stdlib zip holding those files.
pyodide.globals.set("EXTRA", pyodide.toPy(mode === "snapshot" ? [] : extra));
// Import every module the engine's sources name, play a few games with every bot (what
// that loads, the page may load too).
pyodide.runPython(`
import importlib, traceback
for name in EXTRA:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
from doko.bots.bench import run
run({"games": 3, "decisions": {"random": 3, "beginner": 3, "standard": 3, "strong": 1}})
try:
    raise ValueError("x")
except ValueError:
    traceback.format_exc()
del EXTRA, run
globals().pop('name', None)
`);

if (mode === "modules") {
  writeFileSync(out, compiled(filesLoaded()));
  // micropip's work: the package and its .dist-info, {path: base64}
  const installed = pyodide.runPython(`
import base64, json, os, sysconfig
site = sysconfig.get_paths()["purelib"]
files = {}
for top in sorted(os.listdir(site)):
    if top == "doko" or (top.startswith("doko-") and top.endswith(".dist-info")):
        for folder, dirs, names in os.walk(os.path.join(site, top)):
            for name in names:
                full = os.path.join(folder, name)
                if "__pycache__" not in full:
                    with open(full, "rb") as f:
                        files[os.path.relpath(full, site)] = base64.b64encode(f.read()).decode()
json.dumps(files, sort_keys=True)
`);
  writeFileSync(second, installed);
  writeFileSync(engineZip, compiledEngine(JSON.parse(installed)));
} else {
  writeFileSync(second, JSON.stringify(filesLoaded()));
  pyodide.runPython("import gc; gc.collect()");
  zeroFreeMemory(pyodide._module);
  const snapshot = pyodide.makeMemorySnapshot();
  xorMemory(snapshot, fresh);
  writeFileSync(out, snapshot);
}

// Freed memory still holds what was there (games played, files read) and compresses
// poorly: zero every free malloc chunk (allocate them all without growing the heap,
// zero them, free them), the heap's unused top and the stack below its pointer.
function zeroFreeMemory(Module) {
  const malloc = Module._malloc ?? Module.___libc_malloc;
  const free = Module._free ?? Module.___libc_free;
  const size = Module.HEAPU8.length;
  let top = Module._sbrk(0);
  const held = [];
  for (let bytes = 1 << 18; bytes >= 8; bytes >>= 1) {
    for (;;) {
      const at = malloc(bytes);
      if (!at) break;
      if (Module._sbrk(0) !== top) { // no free chunk this large: the heap grew instead
        free(at);
        top = Module._sbrk(0);
        break;
      }
      Module.HEAPU8.fill(0, at, at + bytes);
      held.push(at);
    }
  }
  for (const at of held) free(at);
  if (Module.HEAPU8.length !== size) throw new Error("memory grew while zeroing");
  Module.HEAPU8.fill(0, Module._sbrk(0), size);
  const stackEnd = Module._emscripten_stack_get_end();
  Module.HEAPU8.fill(0, stackEnd, Module._emscripten_stack_get_current() - 64);
}

// {file: base64 or null}: each .py file compiled by this Python into the .pyc that
// replaces it in the trimmed zip (its code object as an import from the zip would
// make it), so a start without the snapshot does not compile the stdlib (seconds of CPU).
// Without docstrings and asserts (optimize=2, 15% fewer bytes, in the snapshot too),
// but Pyodide's own packages, which build their JavaScript API's docs from docstrings.
function compiled(files) {
  pyodide.globals.set("FILES", pyodide.toPy(files));
  const out = pyodide.runPython(`
import base64, json, sys, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc
_zip = next(p for p in sys.path if p.endswith(".zip"))
_out = {}
with zipfile.ZipFile(_zip) as _z:
    for _name in FILES:
        _out[_name] = None
        if _name.endswith(".py"):
            _level = 0 if _name.startswith(("_pyodide/", "pyodide/")) else 2
            _code = compile(_z.read(_name), f"{_zip}/{_name}", "exec", dont_inherit=True,
                            optimize=_level)
            _out[_name] = base64.b64encode(_code_to_timestamp_pyc(_code, 0, 0)).decode()
del FILES
json.dumps(_out, sort_keys=True)
`);
  return out;
}

// The engine's files as a zip to import from: each module as the .pyc this Python
// compiles (without docstrings and asserts, like the stdlib), the demo games and the
// package's metadata as they are; stored, with fixed times (the host compresses it).
function compiledEngine(files) {
  pyodide.globals.set("FILES", pyodide.toPy(files));
  pyodide.runPython(`
import base64, io, zipfile
from importlib._bootstrap_external import _code_to_timestamp_pyc
_out = io.BytesIO()
with zipfile.ZipFile(_out, "w", zipfile.ZIP_STORED) as _z:
    for _name in sorted(FILES):
        _data = base64.b64decode(FILES[_name])
        if _name.endswith(".py"):
            _code = compile(_data, _name, "exec", dont_inherit=True, optimize=2)
            _name, _data = _name + "c", _code_to_timestamp_pyc(_code, 0, 0)
        _z.writestr(zipfile.ZipInfo(_name, (2020, 1, 1, 0, 0, 0)), _data)
ENGINE = _out.getvalue()
del FILES, _out, _z, _name, _data
`);
  const bytes = pyodide.globals.get("ENGINE").toJs();
  pyodide.runPython("del ENGINE");
  return bytes;
}

// The standard library files behind the modules Python has loaded.
function filesLoaded() {
  return JSON.parse(pyodide.runPython(`
import json as _json, sys as _sys
_zips = [p for p in _sys.path if p.endswith(".zip")]
_found = set()
for _m in list(_sys.modules.values()):
    _origin = getattr(getattr(_m, "__spec__", None), "origin", None) or ""
    for _z in _zips:
        if _origin.startswith(_z + "/"):
            _found.add(_origin[len(_z) + 1:])
_json.dumps(sorted(_found))
`));
}
