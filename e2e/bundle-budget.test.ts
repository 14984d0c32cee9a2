// The web app's size budgets (issue: login route ≤ 150 KB gzip JS, the panel ≤ 350 KB), checked on the
// production build the end-to-end setup serves, with the same measurement `npm run bench` reports.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const BUDGETS_KB = { 'login route JS': 150, 'panel route JS': 350 };
const script = fileURLToPath(new URL('../apps/web/scripts/bundle-size.mjs', import.meta.url));

describe('web bundle budgets', () => {
  it('keeps the login route and the panel within their gzip budgets', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [script]);
    const sizes = Object.fromEntries(
      [...stdout.matchAll(/^(.+) \(gzip\): ([\d.]+) KB$/gm)].map((match) => [match[1], Number(match[2])]),
    );
    for (const [route, budget] of Object.entries(BUDGETS_KB)) {
      expect(sizes[route], `${route} is measured`).toBeGreaterThan(0);
      expect(sizes[route], `${route}: ${sizes[route]} KB of ${budget} KB`).toBeLessThanOrEqual(budget);
    }
  });
});
