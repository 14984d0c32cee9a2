// Builds the widget into one minified file (dist/widget.js, with its .br and .gz copies) served by the server
// at /widget.js, and reports its gzip size against the budget. Usage: node apps/widget/scripts/build.mjs
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { precompressFile } from '../../../scripts/precompress.mjs';

export const BUDGET_GZIP_BYTES = 40 * 1024;
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
export const OUTPUT = here('../dist/widget.js');

export async function buildWidget() {
  await build({
    entryPoints: [here('../src/main.ts')],
    outfile: OUTPUT,
    bundle: true,
    minify: true,
    format: 'iife',
    target: ['es2020'],
    platform: 'browser',
    legalComments: 'none',
    logLevel: 'warning',
  });
  // widget.js.br and widget.js.gz, which the server sends to browsers that accept them.
  precompressFile(OUTPUT);
  return gzipSync(readFileSync(OUTPUT), { level: 9 }).length;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = await buildWidget();
  console.log(`widget.js: ${(size / 1024).toFixed(1)} KB gzip (budget ${BUDGET_GZIP_BYTES / 1024} KB)`);
  if (size > BUDGET_GZIP_BYTES) process.exit(1);
}
