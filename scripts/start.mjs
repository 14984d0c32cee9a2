// `npm start`: builds the web app if needed, then runs the server (PGlite in ./data unless DATABASE_URL).
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild();

const server = spawn(resolve(root, 'node_modules/.bin/tsx'), [resolve(root, 'apps/server/src/main.ts')], {
  stdio: 'inherit',
  env: process.env,
});
// Forward stop signals so the server drains requests and closes the database before exiting.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
