// Build step (node buildtools/bundle.mjs WEB ENTRY EXTERNAL): esbuild's own API bundles
// WEB/ENTRY and every module it imports (EXTERNAL stays a module of its own) in memory,
// as if written beside the entry, so the paths it writes are right for dist/ too.
// Prints {code, inputs}: the bundle and the files it took in (relative to WEB).
import { build } from "esbuild";
import { join } from "node:path";

const [web, entry, external] = process.argv.slice(2);
const result = await build({
  absWorkingDir: web,
  entryPoints: [entry],
  bundle: true,
  format: "esm",
  external: [external],
  charset: "utf8", // readable output (no minifying: it measured no faster, and it is compressed)
  outfile: join(web, `bundle-of-${entry}`), // never written (write: false)
  write: false,
  metafile: true,
  logLevel: "warning",
});
process.stdout.write(JSON.stringify({ code: result.outputFiles[0].text, inputs: Object.keys(result.metafile.inputs) }));
