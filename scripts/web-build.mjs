// Builds the web app (and the chat widget) when its build is missing or older than any of its sources (used by `npm start` and
// the end-to-end tests' setup), so a fresh clone or a pulled change never serves a stale app.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/contract/src',
  // Writes the bundles' .br and .gz copies.
  'scripts/precompress.mjs',
];
const BUILD_MARKER = 'apps/web/dist/index.html';
/** The chat widget (/widget.js), built the same way when missing or stale. */
const WIDGET_SOURCES = [
  'apps/widget/src',
  'apps/widget/scripts',
  'apps/widget/package.json',
  'packages/contract/src',
  'scripts/precompress.mjs',
];
const WIDGET_MARKER = 'apps/widget/dist/widget.js';

/** Tests and their helpers are not part of the built app. */
const isTestFile = (path) => /\.test\.tsx?$/.test(path) || /[\\/]src[\\/]test$/.test(path);

function newestMtime(path) {
  if (!existsSync(path) || isTestFile(path)) return 0;
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    info.mtimeMs,
  );
}

function isStale(markerPath, sources) {
  const marker = join(root, markerPath);
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return sources.some((source) => newestMtime(join(root, source)) > built);
}

export const webBuildIsStale = () => isStale(BUILD_MARKER, SOURCES);

function build(workspace, what) {
  console.log(`Building ${what} (missing or older than its sources)...`);
  const result = spawnSync('npm', ['run', 'build', '-w', workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`${what} build failed with exit code ${result.status}`);
}

/** Builds the web app and the chat widget where needed; answers whether anything was built. */
export function ensureWebBuild() {
  const web = webBuildIsStale();
  if (web) build('@atende/web', 'the web app');
  const widget = isStale(WIDGET_MARKER, WIDGET_SOURCES);
  if (widget) build('@atende/widget', 'the chat widget');
  return web || widget;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild();
