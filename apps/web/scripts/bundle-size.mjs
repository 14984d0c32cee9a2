// Measures the built app: gzip size of the JavaScript the login route loads (entry, its static imports, the
// login page chunk and the pt_br locale), of what the Live console's home loads after login (the panel route:
// entry, query layout, panel layout with the contact column, its home page and both pt_br text parts), and of
// the whole build; and the panel route's JS as the server sends it (the build's brotli copies, raw without them).
// Usage: node apps/web/scripts/bundle-size.mjs [build dir, apps/web/dist by default]
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = process.argv[2] ? resolve(process.argv[2]) : fileURLToPath(new URL('../dist/', import.meta.url));
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const gzipSize = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
/** What the server sends a browser that accepts brotli: the build's .br copy, else the file itself. */
const sentSize = (file) =>
  readFileSync(join(dist, existsSync(join(dist, `${file}.br`)) ? `${file}.br` : file)).length;

/** The chunk files a manifest entry loads before it runs: itself and its static imports, transitively. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(chunk.file)) return seen;
  seen.add(chunk.file);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

export function loginRouteFiles() {
  const files = staticClosure('index.html');
  staticClosure('src/features/auth/LoginPage.tsx', files);
  staticClosure('src/locales/pt_br.json', files);
  return [...files].filter((file) => file.endsWith('.js'));
}

export function panelRouteFiles() {
  const files = staticClosure('index.html');
  for (const key of [
    'src/app/QueryLayout.tsx',
    'src/features/shell/PanelLayout.tsx',
    'src/features/panel/PanelHome.tsx',
    'src/locales/pt_br.json',
    'src/locales/console/pt_br.json',
  ]) {
    staticClosure(key, files);
  }
  return [...files].filter((file) => file.endsWith('.js'));
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const login = loginRouteFiles().reduce((total, file) => total + gzipSize(file), 0);
const panel = panelRouteFiles().reduce((total, file) => total + gzipSize(file), 0);
const assets = readdirSync(join(dist, 'assets'));
const allJs = assets.filter((file) => file.endsWith('.js')).reduce((t, f) => t + gzipSize(`assets/${f}`), 0);
const allCss = assets
  .filter((file) => file.endsWith('.css'))
  .reduce((t, f) => t + gzipSize(`assets/${f}`), 0);

console.log(`login route JS (gzip): ${kb(login)}`);
console.log(`panel route JS (gzip): ${kb(panel)}`);
console.log(
  `panel route JS (sent, brotli): ${kb(panelRouteFiles().reduce((total, file) => total + sentSize(file), 0))}`,
);
console.log(`whole build JS (gzip): ${kb(allJs)}`);
console.log(`whole build CSS (gzip): ${kb(allCss)}`);
