// Writes a brotli (.br) and a gzip (.gz) copy beside each built text asset, once at build time, so the server
// sends them as they are (@fastify/static's preCompressed, the widget's route) instead of compressing per
// request or sending them raw. Node's zlib only: no native dependency.
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const COMPRESSIBLE = /\.(js|mjs|css|svg|json|html|txt|map)$/i;
/** Below this, headers and the decoder's work outweigh the bytes saved. */
const MIN_BYTES = 1024;

/** Writes file.br and file.gz when each is smaller than the file; answers the sizes [raw, br, gzip]. */
export function precompressFile(path) {
  const raw = readFileSync(path);
  const br = brotliCompressSync(raw, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
    },
  });
  const gz = gzipSync(raw, { level: 9 });
  // A copy no smaller than the file is not kept (nor a stale one from an earlier build): the server then
  // sends the file itself.
  for (const [extension, copy] of [
    ['.br', br],
    ['.gz', gz],
  ]) {
    if (copy.length < raw.length) writeFileSync(path + extension, copy);
    else rmSync(path + extension, { force: true });
  }
  return [raw.length, br.length, gz.length];
}

/** Precompresses every text asset of `dir` (recursively) of at least MIN_BYTES. */
export function precompressDir(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const info = statSync(path);
    if (info.isDirectory()) precompressDir(path);
    else if (COMPRESSIBLE.test(name) && info.size >= MIN_BYTES) precompressFile(path);
  }
}
