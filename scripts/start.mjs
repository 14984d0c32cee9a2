// `npm start`: builds the web app if needed, then runs the server (PGlite in ./data unless DATABASE_URL).
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureWebBuild } from './web-build.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
ensureWebBuild();

// Node itself with tsx's loader, not the tsx command: the command relays a stop signal and, when the server
// has not acknowledged it within ~60 ms (a busy machine), kills it outright, cutting the drain short.
const server = spawn(process.execPath, ['--import', 'tsx', resolve(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
// Forward stop signals so the server drains requests and closes the database before exiting.
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
