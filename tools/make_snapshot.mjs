// Build step (node tools/make_snapshot.mjs PYODIDE_DIR DOKO_ZIP OUT): start Pyodide with
// the engine imported and write its memory snapshot, so the page's worker can restore
// it instead of initialising Python and importing the engine (experimental Pyodide API).
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
import path from "node:path";

const [pyodideDir, engineZip, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", _makeSnapshot: true });
const site = pyodide.runPython("import sysconfig; sysconfig.get_paths()['purelib']");
pyodide.unpackArchive(new Uint8Array(readFileSync(engineZip)), "zip", { extractDir: site });
// Everything the page can ask for: doko.search for the strong bot, doko.bench for the
// bench request, and the demo games read into memory. The worker then needs no engine
// file before its first answer (it unpacks them later, when idle).
pyodide.runPython("import doko.api, doko.search, doko.bench, doko.share; doko.share.load_demos()");
writeFileSync(out, pyodide.makeMemorySnapshot());
