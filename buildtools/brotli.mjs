// Build step (node buildtools/brotli.mjs JOBS.json): Brotli-compress files with Node's
// built-in zlib. JOBS.json lists [source, target] pairs; quality 11 (the best; build.py
// caches the results by content, so the slow large files are compressed once).
import { readFileSync, writeFileSync } from "node:fs";
import zlib from "node:zlib";

const jobs = JSON.parse(readFileSync(process.argv[2], "utf8"));
for (const [source, target] of jobs) {
  const data = readFileSync(source);
  const packed = zlib.brotliCompressSync(data, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
      [zlib.constants.BROTLI_PARAM_LGWIN]: 22,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(target, packed);
}
