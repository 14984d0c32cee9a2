// `npm run web -w @atende/bench -- --url URL --conversation ID`: the browser measurements alone, against a
// server that is already running (started by hand on the benchmark data), so a change to the console can be
// measured again in a minute. Options: --build-dir DIR (the build the server serves, for bundle sizes; default
// apps/web/dist), --skip-list (the conversation only), --profile DIR (a CPU profile of each scroll).
import { mkdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { REPO_DIR } from '../runner/process.ts';
import { measureWeb } from '../web/measure.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    conversation: { type: 'string' },
    'build-dir': { type: 'string' },
    'skip-list': { type: 'boolean', default: false },
    profile: { type: 'string' },
  },
});
if (!values.url) throw new Error('--url of a running server is required');

const cwd = process.env.INIT_CWD ?? process.cwd();
const profileDir = values.profile ? resolve(cwd, values.profile) : undefined;
if (profileDir) await mkdir(profileDir, { recursive: true });
const report = await measureWeb(
  values.url,
  values['build-dir'] ? resolve(cwd, values['build-dir']) : join(REPO_DIR, 'apps/web/dist'),
  values.conversation,
  { skipList: values['skip-list'], profileDir },
);
console.log(JSON.stringify(report, null, 2));
