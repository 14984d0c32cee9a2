// Builds the web app when its build is missing or older than any of its sources (used by `npm start` and
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
];
const BUILD_MARKER = 'apps/web/dist/index.html';

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

export function webBuildIsStale() {
  const marker = join(root, BUILD_MARKER);
  if (!existsSync(marker)) return true;
  const built = statSync(marker).mtimeMs;
  return SOURCES.some((source) => newestMtime(join(root, source)) > built);
}

export function ensureWebBuild() {
  if (!webBuildIsStale()) return false;
  console.log('Building the web app (missing or older than its sources)...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@atende/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) throw new Error(`web build failed with exit code ${result.status}`);
  return true;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) ensureWebBuild();
