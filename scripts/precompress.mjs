// Brotli and gzip copies of the built front end's text files, written beside them (main.1a2b3c4d.js.br,
// main.1a2b3c4d.js.gz), so the gateway serves compressed bytes without compressing on each request
// (services/gateway/src/static-front-end.ts picks the copy from Accept-Encoding).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** The file types worth compressing: text. Fonts (woff2) and images are compressed already. */
export const COMPRESSIBLE_EXTENSIONS = new Set(['.js', '.mjs', '.css', '.html', '.json', '.svg', '.txt']);

/** The encodings written, each with the suffix of its copy. */
export const ENCODINGS = [
  {
    suffix: '.br',
    compress: (bytes) =>
      brotliCompressSync(bytes, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length,
        },
      }),
  },
  { suffix: '.gz', compress: (bytes) => gzipSync(bytes, { level: 9 }) },
];

function* filesUnder(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes a `.br` and a `.gz` copy beside every compressible file under `dir`, except where the copy would
 * not be smaller (a tiny file): the server then sends the file itself. Returns the bytes before and after.
 */
export function precompressDirectory(dir) {
  const totals = { files: 0, original: 0, br: 0, gz: 0 };
  for (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE_EXTENSIONS.has(extname(path))) continue;
    const bytes = readFileSync(path);
    totals.files += 1;
    totals.original += bytes.length;
    for (const { suffix, compress } of ENCODINGS) {
      const compressed = compress(bytes);
      const kept = compressed.length < bytes.length;
      if (kept) writeFileSync(path + suffix, compressed);
      totals[suffix.slice(1)] += kept ? compressed.length : bytes.length;
    }
  }
  return totals;
}
