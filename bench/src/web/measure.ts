// Web performance for the report: the production build's sizes per route (apps/web/scripts/bundle-size.mjs,
// the one measurement of them), and Chromium driving the real console on the benchmark data: login → panel
// interactive, opening a conversation of ~5 000 items and scrolling up through it, and scrolling a list of
// 10 000 contacts — with long tasks and frame times.
import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page, Response } from 'playwright-core';
import { launchBrowser, loginThroughForm, newContext } from '../../../e2e/support/browser.ts';
import { BENCH_COMPANY, BENCH_PASSWORD } from '../dataset/generate.ts';
import { REPO_DIR } from '../runner/process.ts';
import { summarise, type Latency } from '../runner/stats.ts';

export type Interaction = {
  name: string;
  durationMs: number;
  longTasks: number;
  longTaskMs: number;
  frames: Latency;
};

export type WebReport = {
  bundles: { route: string; kb: number; budgetKb: number | null }[];
  interactions: Interaction[];
};

/** The budgets: the login route and the panel, JavaScript gzip. */
const BUDGETS_KB: Record<string, number> = { 'login route JS': 150, 'panel route JS': 350 };
const LIST_ROWS = 10_000;

/**
 * The bench's own production build of the console (apps/web/dist may be rebuilt by others meanwhile), in a
 * `dist` folder so ESLint and Prettier pass it over as they do every build.
 */
const OWN_BUILD_DIR = join(REPO_DIR, 'bench/results/tmp/dist');
const SHARED_BUILD_DIR = join(REPO_DIR, 'apps/web/dist');

/** Builds the console for the run; when the working tree does not build, measures apps/web/dist instead. */
export async function buildWeb(): Promise<{ dir: string; note: string | null }> {
  try {
    await promisify(execFile)(
      join(REPO_DIR, 'node_modules/.bin/vite'),
      ['build', '--outDir', OWN_BUILD_DIR, '--emptyOutDir', '--logLevel', 'error'],
      { cwd: join(REPO_DIR, 'apps/web') },
    );
    return { dir: OWN_BUILD_DIR, note: null };
  } catch (error) {
    const reason = error instanceof Error ? error.message.split('\n').slice(0, 2).join(' ') : String(error);
    return { dir: SHARED_BUILD_DIR, note: `web build failed (${reason}); measured apps/web/dist as it was` };
  }
}

export async function bundleSizes(dir: string): Promise<WebReport['bundles']> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    join(REPO_DIR, 'apps/web/scripts/bundle-size.mjs'),
    dir,
  ]);
  return [...stdout.matchAll(/^(.+) \(gzip\): ([\d.]+) KB$/gm)].map(([, route, kb]) => ({
    route: route!,
    kb: Number(kb),
    budgetKb: BUDGETS_KB[route!] ?? null,
  }));
}

/** Collects long tasks from the page's first script on, so a measurement can read and reset them. */
const LONG_TASK_OBSERVER = `
  // tsx compiles this file keeping function names through a __name helper that the page does not have.
  window.__name = (target) => target;
  window.__longTasks = [];
  new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__longTasks.push(entry.duration); })
    .observe({ type: 'longtask', buffered: true });
`;

type LongTasks = { count: number; total: number };
const takeLongTasks = (page: Page): Promise<LongTasks> =>
  page.evaluate(() => {
    const store = window as unknown as { __longTasks: number[] };
    const tasks = store.__longTasks.splice(0);
    return { count: tasks.length, total: tasks.reduce((sum, duration) => sum + duration, 0) };
  });

/**
 * Scrolls `selector` by `stepPx` per animation frame for `steps` frames (negative: up), returning each frame's
 * duration; it stops early at the top or bottom once nothing more loads there.
 */
const scrollFrames = (page: Page, selector: string, stepPx: number, steps: number) =>
  page.evaluate(
    async ({ selector, stepPx, steps }) => {
      const scroller = document.querySelector<HTMLElement>(selector);
      if (!scroller) throw new Error(`nothing matches ${selector}`);
      const frames: number[] = [];
      await new Promise<void>((done) => {
        let previous = performance.now();
        let step = 0;
        const tick = (now: number) => {
          frames.push(now - previous);
          previous = now;
          scroller.scrollTop += stepPx;
          step += 1;
          if (step < steps) requestAnimationFrame(tick);
          else done();
        };
        requestAnimationFrame(tick);
      });
      return frames.slice(1);
    },
    { selector, stepPx, steps },
  );

const interaction = (name: string, durationMs: number, tasks: LongTasks, frames: number[]): Interaction => ({
  name,
  durationMs: Math.round(durationMs),
  longTasks: tasks.count,
  longTaskMs: Math.round(tasks.total),
  frames: summarise(frames),
});

/** Down the supervisor's list (every contact of the company) until row 10 000, then frames back up. */
async function scrollContactList(page: Page, profileDir: string | undefined): Promise<Interaction> {
  const list = '[data-testid="contact-list"]';
  const loading = performance.now();
  for (let lastIndex = -1; lastIndex < LIST_ROWS - 1;) {
    if (performance.now() - loading > 300_000) throw new Error(`contact list stuck at row ${lastIndex}`);
    await page.evaluate((selector) => {
      const scroller = document.querySelector<HTMLElement>(selector);
      scroller?.scrollTo({ top: scroller.scrollHeight });
    }, list);
    await page.waitForTimeout(40);
    lastIndex = await page.evaluate(
      (selector) =>
        Math.max(
          -1,
          ...[...document.querySelectorAll<HTMLElement>(`${selector} [data-index]`)].map((item) =>
            Number(item.dataset.index),
          ),
        ),
      list,
    );
  }
  const loaded = performance.now() - loading;
  await takeLongTasks(page);
  const height = await page.evaluate((selector) => document.querySelector(selector)?.scrollHeight ?? 0, list);
  const listFrames = await profiled(page, profileDir, 'contact-list-up', () =>
    scrollFrames(page, list, -height / 180, 180),
  );
  return interaction(
    `scroll ${LIST_ROWS} contacts (load by scrolling, then 180 frames up)`,
    loaded,
    await takeLongTasks(page),
    listFrames,
  );
}

export type WebOptions = {
  /** Skip the 10 000-contact list (to look at the conversation alone). */
  skipList?: boolean;
  /** Write a Chromium CPU profile of each scroll to this folder (open it in DevTools' Performance panel). */
  profileDir?: string;
};

/** Runs `work` under Chromium's sampling profiler when a folder is given, saving `<name>.cpuprofile` there. */
async function profiled<T>(page: Page, dir: string | undefined, name: string, work: () => Promise<T>) {
  if (!dir) return work();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const result = await work();
  const { profile } = await cdp.send('Profiler.stop');
  await writeFile(join(dir, `${name}.cpuprofile`), JSON.stringify(profile));
  await cdp.detach();
  return result;
}

export async function measureWeb(
  baseUrl: string,
  buildDir: string,
  longConversation: string | undefined,
  options: WebOptions = {},
): Promise<WebReport> {
  const bundles = await bundleSizes(buildDir);
  const browser = await launchBrowser();
  const interactions: Interaction[] = [];
  try {
    const context = await newContext(browser);
    await context.addInitScript(LONG_TASK_OBSERVER);
    const page = await context.newPage();
    await page.goto(`${baseUrl}/`);
    await page.locator('input[name=company]').waitFor();
    await takeLongTasks(page);
    const loginStarted = performance.now();
    await loginThroughForm(page, {
      company: BENCH_COMPANY,
      username: 'supervisor',
      password: BENCH_PASSWORD,
    });
    await page.getByTestId('contact-row').first().waitFor();
    interactions.push(
      interaction(
        'login → panel interactive',
        performance.now() - loginStarted,
        await takeLongTasks(page),
        [],
      ),
    );

    if (!options.skipList) interactions.push(await scrollContactList(page, options.profileDir));

    if (longConversation) {
      const opening = performance.now();
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, `/painel/conversa/${longConversation}`);
      await page.getByTestId('message').first().waitFor();
      const opened = performance.now() - opening;
      const openTasks = await takeLongTasks(page);
      interactions.push(interaction('open a ~5 000-item conversation', opened, openTasks, []));
      // Up through older pages for 300 frames (pages load ahead of the top), counting the items of the
      // older pages that answered meanwhile (Virtuoso's data-index counts from the first row of its data, so
      // rows on screen cannot tell how many came in above).
      const timeline = '[data-testid="timeline"] [data-testid="virtuoso-scroller"]';
      const olderPages: Promise<number>[] = [];
      const countOlderPage = (response: Response) => {
        if (!/\/items\?.*before_id=/.test(response.url()) || !response.ok()) return;
        olderPages.push(response.json().then((body: { data: unknown[] }) => body.data.length));
      };
      page.on('response', countOlderPage);
      const frames = await profiled(page, options.profileDir, 'conversation-up', () =>
        scrollFrames(page, timeline, -400, 300),
      );
      page.off('response', countOlderPage);
      const loadedAbove = (await Promise.all(olderPages)).reduce((sum, count) => sum + count, 0);
      interactions.push(
        interaction(
          `scroll up the conversation (300 frames, ${loadedAbove} older items came in)`,
          frames.reduce((a, b) => a + b, 0),
          await takeLongTasks(page),
          frames,
        ),
      );
    }
    await context.close();
  } finally {
    await browser.close();
  }
  return { bundles, interactions };
}
