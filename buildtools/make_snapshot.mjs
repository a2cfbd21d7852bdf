// Build step, two uses (build.py runs it through buildtools/snapshot.py):
//
//   node make_snapshot.mjs modules PYODIDE_DIR WHEEL LOCK.json EXTRA.json OUT.json INSTALLED.zip
//     start Pyodide as the page's worker does without a snapshot, install the engine's
//     wheel with micropip, import the engine, play a few games with every bot, import
//     EXTRA.json's modules (every module the engine's sources name); write the standard
//     library files Python has loaded (what the trimmed python_stdlib.zip keeps) and the
//     files micropip installed (INSTALLED.zip).
//   node make_snapshot.mjs snapshot PYODIDE_DIR INSTALLED.zip LOCK.json OUT.bin
//     start Pyodide with the (trimmed) stdlib in PYODIDE_DIR, put micropip's installed
//     files in site-packages, import the engine, and write the memory snapshot the worker
//     restores instead of starting Python and importing the engine (Pyodide's
//     experimental _makeSnapshot / _loadSnapshot). micropip itself cannot run in this
//     instance: a snapshot may hold no reference to a JavaScript object, and micropip's
//     event loop and package manager keep some.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [mode, pyodideDir, wheel, lockPath, ...rest] = process.argv.slice(2);
const indexURL = path.resolve(pyodideDir) + "/";
const { loadPyodide } = await import(pathToFileURL(path.join(indexURL, "pyodide.mjs")).href);
const lockFileContents = JSON.parse(readFileSync(lockPath, "utf8"));
const pyodide = await loadPyodide({
  indexURL,
  lockFileContents,
  packageBaseUrl: indexURL,
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
  // what micropip installed in the first run, file for file
  pyodide.FS.writeFile("/tmp/installed.zip", new Uint8Array(readFileSync(wheel)));
  pyodide.runPython(`
import sysconfig, zipfile
with zipfile.ZipFile("/tmp/installed.zip") as z:
    z.extractall(sysconfig.get_paths()["purelib"])
`);
}
// Everything the page can ask for: doko.search for the strong bot, doko.bench for the
// bench request, the demo games read into memory, the installed version.
pyodide.runPython(`
import importlib.metadata, doko.api, doko.search, doko.bench, doko.share
doko.share.load_demos()
importlib.metadata.version("doko")
`);

if (mode === "modules") {
  const [extraPath, out, installedOut] = rest;
  const extra = JSON.parse(readFileSync(extraPath, "utf8"));
  pyodide.globals.set("EXTRA", pyodide.toPy(extra));
  const files = pyodide.runPython(`
import importlib, json, sys, traceback, linecache, tokenize, zipfile, sysconfig, os
for name in EXTRA:
    try:
        importlib.import_module(name)
    except ImportError:
        pass
from doko.bench import run
run({"games": 3, "decisions": {"random": 3, "beginner": 3, "standard": 3, "strong": 1}})
try:
    raise ValueError("x")
except ValueError:
    traceback.format_exc()
zips = [p for p in sys.path if p.endswith(".zip")]
found = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    for z in zips:
        if origin.startswith(z + "/"):
            found.add(origin[len(z) + 1:])
json.dumps(sorted(found))
`);
  writeFileSync(out, files);
  // micropip's work: the package and its .dist-info (fixed times: a reproducible zip)
  pyodide.runPython(`
import os, sysconfig, zipfile
site = sysconfig.get_paths()["purelib"]
with zipfile.ZipFile("/tmp/installed.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for top in sorted(os.listdir(site)):
        if top == "doko" or (top.startswith("doko-") and top.endswith(".dist-info")):
            for folder, dirs, names in sorted(os.walk(os.path.join(site, top))):
                dirs.sort()
                for name in sorted(names):
                    full = os.path.join(folder, name)
                    if "__pycache__" in full:
                        continue
                    info = zipfile.ZipInfo(os.path.relpath(full, site), (2020, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    with open(full, "rb") as f:
                        z.writestr(info, f.read())
`);
  writeFileSync(installedOut, pyodide.FS.readFile("/tmp/installed.zip"));
} else {
  writeFileSync(rest[0], pyodide.makeMemorySnapshot());
}
