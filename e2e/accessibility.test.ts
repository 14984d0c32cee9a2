// Accessibility (issue 20, item 7): axe-core on every page — login, the forced new password, /health-check, the
// other tab's open-page, the panel (home, a conversation and its side pages, profile, the user menu, the
// "feature unavailable" routes), its dialogs (command palette, shortcuts help, assign, snooze until a chosen
// time, contact filters, saved views), the Center (users and the CSV import, channels, catalogues, audit,
// branding, teams, company, and product as the super administrator) and the widget on its demo page (open,
// pre-chat form) — in the light and the dark theme. Any serious or critical violation fails, listed readably. The
// console follows the system's colour scheme until the user picks one, so each theme is a browser context
// emulating that scheme.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  admin,
  attendant,
  type Credentials,
  DESKTOP,
  launchBrowser,
  loginThroughForm,
  supervisor,
  signIn as signInThroughForm,
} from './support/browser.ts';
import { apiCall, apiLogin } from './support/api.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
/** The product's super administrator of the demo. */
const root: Credentials = { company: 'demo', username: 'root', password: 'demo1234' };
const dataDir = inject('dataDir');
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const BLOCKING = new Set(['serious', 'critical']);
/** Mantine's transitions (menus, modals, tabs) last up to ~200 ms: axe must see the settled colours. */
const SETTLE_MS = 400;

interface AxeNode {
  target: unknown[];
  html: string;
  failureSummary?: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

type Check = (page: Page, label: string) => Promise<unknown>;

let browser: Browser;
let contactId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const suffix = Date.now() % 100_000;
  ({ contactId } = await customerWrites(dataDir, {
    address: `55119${String(suffix).padStart(8, '0')}`,
    name: `Acessível ${suffix}`,
    text: 'Preciso de ajuda com meu pedido',
  }));
});
afterAll(async () => {
  await browser?.close();
});

/** Runs axe on the page as it is now; answers the serious and critical violations, one readable line each. */
async function violations(page: Page, label: string): Promise<string[]> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page.waitForTimeout(SETTLE_MS);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  const found = (await page.evaluate(async () => {
    type Run = (context: Document, options: { resultTypes: string[] }) => Promise<{ violations: unknown[] }>;
    const axe = (window as unknown as { axe: { run: Run } }).axe;
    // Only violations are read: axe then skips detailing every passing node, a good part of its time.
    return (await axe.run(document, { resultTypes: ['violations'] })).violations;
  })) as AxeViolation[];
  return found
    .filter((violation) => BLOCKING.has(violation.impact ?? ''))
    .map((violation) => {
      const nodes = violation.nodes
        .slice(0, 5)
        .map(
          (node) =>
            `    ${JSON.stringify(node.target)} ${node.html.slice(0, 160)}\n      ${node.failureSummary?.split('\n').slice(1).join(' ').trim()}`,
        )
        .join('\n');
      const more = violation.nodes.length > 5 ? `\n    … and ${violation.nodes.length - 5} more` : '';
      return `${label} — [${violation.impact}] ${violation.id}: ${violation.help} (${violation.helpUrl})\n${nodes}${more}`;
    });
}

async function signIn(context: BrowserContext, credentials: Credentials): Promise<Page> {
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, credentials);
  return page;
}

describe.each(['light', 'dark'] as const)('accessibility, %s theme', (scheme) => {
  // bypassCSP: the server's policy forbids inline scripts, which is how axe's source is put into the page.
  const themedContext = () =>
    browser.newContext({ viewport: DESKTOP, locale: 'pt-BR', colorScheme: scheme, bypassCSP: true });

  /**
   * Runs `visit` in a fresh context of this theme, `check` putting axe on the page at each step, and fails with
   * every serious or critical violation found along the way.
   */
  async function audit(visit: (context: BrowserContext, check: Check) => Promise<void>): Promise<void> {
    const found: string[] = [];
    const context = await themedContext();
    try {
      await visit(context, async (page, label) => found.push(...(await violations(page, label))));
    } finally {
      await context.close();
    }
    if (found.length > 0) console.error(found.join('\n\n'));
    expect(found, found.join('\n\n')).toEqual([]);
  }

  it('login and the widget (pre-chat form, conversation)', () =>
    audit(async (context, check) => {
      const login = await context.newPage();
      await login.goto(`${baseUrl}/`);
      await login.locator('input[name=company]').waitFor();
      expect(await login.locator('html').getAttribute('data-mantine-color-scheme')).toBe(scheme);
      await check(login, 'login');

      const site = await context.newPage();
      await site.goto(`${baseUrl}/widget-demo`);
      await site.locator('.launcher').click();
      await site.locator('form.prechat input[name=name]').waitFor();
      await check(site, 'widget: pre-chat form');
      await site.locator('form.prechat input[name=name]').fill('Visitante Acessível');
      await site
        .locator('form.prechat input[name=email]')
        .fill(`acessivel-${scheme}${Date.now()}@example.com`);
      await site.locator('form.prechat button[type=submit]').click();
      await site.locator('form.compose textarea').fill('Olá');
      await site.locator('form.compose textarea').press('Enter');
      await site.locator('.msg.in:not(.pending)').waitFor();
      await check(site, 'widget: conversation');
    }));

  it(
    'the panel: home, user menu, a conversation and its side pages, profile',
    () =>
      audit(async (context, check) => {
        const page = await signIn(context, attendant);
        await check(page, 'panel home');
        await page.getByTestId('user-menu').click();
        await page.getByRole('menu').waitFor();
        await check(page, 'panel home: user menu');
        await page.keyboard.press('Escape');
        await page.goto(`${baseUrl}/painel/conversa/${contactId}`);
        await page.getByTestId('conversation').waitFor();
        await check(page, 'conversation');
        for (const [tab, path] of [
          ['customer.information', 'informacoes'],
          ['campaign.information', 'campanha'],
          ['conversation.events', 'eventos'],
          ['ready.phrases', 'frases'],
        ] as const) {
          await page.getByTestId(`tab-${tab}`).click();
          await page.waitForURL(`${baseUrl}/painel/conversa/${contactId}/${path}`);
          // On a desktop the page opens in the side panel, beside the messages (and its resize handle).
          await page.getByTestId('side-panel').waitFor();
          await check(page, `conversation beside: ${tab}`);
        }
        // Closed, so the attendant (shared by other files) opens conversations without a panel; on a narrow
        // screen the same page replaces the messages.
        await page.getByTestId('side-panel-close').click();
        await page.getByTestId('side-panel').waitFor({ state: 'detached' });
        await page.setViewportSize({ width: 900, height: 800 });
        await page.getByTestId('tab-ready.phrases').click();
        await page.getByTestId('phrases').waitFor();
        await check(page, 'conversation (narrow): ready.phrases');
        await page.setViewportSize(DESKTOP);
        await page.goto(`${baseUrl}/painel/meu-perfil`);
        await check(page, 'profile');
      }),
    180_000,
  );

  it(
    "the panel's dialogs: command palette, shortcuts help, assign, snooze until a time, filters, saved views",
    () =>
      audit(async (context, check) => {
        const page = await signIn(context, attendant);
        await page.goto(`${baseUrl}/painel/conversa/${contactId}`);
        await page.getByTestId('conversation').waitFor();
        await page.keyboard.press('Control+k');
        await page.getByTestId('command-palette').waitFor();
        await check(page, 'command palette');
        await page.keyboard.press('Escape');
        await page.getByTestId('command-palette').waitFor({ state: 'detached' });
        // `?` is a bare key: it types into the composer, which has the focus, so the focus leaves it first.
        await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
        await page.keyboard.press('?');
        await page.getByTestId('shortcuts-help').waitFor();
        await check(page, 'shortcuts help');
        await page.keyboard.press('Escape');
        await page.getByTestId('shortcuts-help').waitFor({ state: 'hidden' });
        await page.getByTestId('assign').click();
        await page.getByTestId('assign-form').waitFor();
        await check(page, 'assign dialog');
        await page.keyboard.press('Escape');
        await page.getByTestId('assign-form').waitFor({ state: 'detached' });
        await page.getByTestId('snooze').click();
        await page.getByTestId('snooze-custom').click();
        await page.getByTestId('snooze-custom-form').waitFor();
        await check(page, 'snooze until a chosen time');
        await page.keyboard.press('Escape');
        await page.getByTestId('snooze-custom-form').waitFor({ state: 'detached' });
        await page.getByTestId('filters-button').click();
        await page.getByTestId('filters-popover').waitFor();
        await check(page, 'contact filters');
        await page.keyboard.press('Escape');
        await page.getByTestId('filters-popover').waitFor({ state: 'hidden' });
        await page.getByTestId('views-button').click();
        await page.getByTestId('views-popover').waitFor();
        await check(page, 'saved views');
      }),
    180_000,
  );

  it(
    "outside the console: health check, the other tab's open-page, the contacts analytics, the wishlist, the forced new password",
    () =>
      audit(async (context, check) => {
        const health = await context.newPage();
        await health.goto(`${baseUrl}/health-check`);
        await health.getByRole('heading', { level: 1 }).waitFor();
        await check(health, 'health check');
        await health.close();

        const page = await signIn(context, attendant);
        await page.goto(`${baseUrl}/painel/contacts-analytics`);
        await page.getByTestId('analytics-heatmap').waitFor();
        await page.getByTestId('kpi-attended').waitFor();
        await check(page, 'contacts analytics');
        await page.goto(`${baseUrl}/painel/sugestoes`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await check(page, 'wishlist');

        const other = await context.newPage();
        await other.goto(`${baseUrl}/painel`);
        await other.waitForURL(`${baseUrl}/open-page`);
        await other.getByRole('button', { name: 'Usar Aqui' }).waitFor();
        await check(other, 'open-page (the console is open in another tab)');
        await other.close();

        const username = `a11y.${scheme}.${Date.now() % 1_000_000}`;
        const token = await apiLogin(baseUrl, admin);
        await apiCall(baseUrl, token, 'POST', '/center/users', {
          name: 'Senha Nova',
          username,
          role: 'attendant',
          timezone: 'America/Sao_Paulo',
          password: 'senha-inicial-1',
        });
        // Another person: a context of their own, not the attendant's session.
        const fresh = await themedContext();
        try {
          const login = await fresh.newPage();
          await login.goto(`${baseUrl}/`);
          await loginThroughForm(login, { company: 'demo', username, password: 'senha-inicial-1' });
          await login.getByTestId('new-password-form').waitFor();
          await check(login, 'forced new password');
        } finally {
          await fresh.close();
        }
      }),
    180_000,
  );

  it(
    'the pipelines board, a card, and the broadcasts page with its new-broadcast dialog',
    () =>
      audit(async (context, check) => {
        const page = await signIn(context, supervisor);
        await page.goto(`${baseUrl}/painel/pipelines`);
        await page.getByTestId('pipeline-board').waitFor();
        await page.getByTestId('pipeline-card').first().waitFor();
        await check(page, 'pipelines board');
        await page.getByTestId('pipeline-card').first().click();
        await page.getByRole('dialog').getByTestId('card-name').waitFor();
        await check(page, 'pipeline card dialog');
        await page.keyboard.press('Escape');

        await page.goto(`${baseUrl}/painel/transmissoes`);
        await page.getByRole('button', { name: 'Nova transmissão' }).waitFor();
        await check(page, 'broadcasts');
        await page.getByRole('button', { name: 'Nova transmissão' }).click();
        await page.getByRole('dialog').getByLabel('Nome da lista').waitFor();
        await check(page, 'new broadcast dialog');
      }),
    180_000,
  );

  it(
    'the Center: users, channels, catalogues, audit, branding, teams, company, monitor, the CSV import; product as root',
    () =>
      audit(async (context, check) => {
        const page = await signIn(context, admin);
        for (const [label, path] of [
          ['center: users', '/center'],
          ['center: channels', '/center/channels'],
          ['center: catalogues', '/center/catalogues'],
          ['center: audit', '/center/audit'],
          ['center: branding', '/center/branding'],
          ['center: teams', '/center/teams'],
          ['center: company', '/center/company'],
          ['center: monitor', '/center/monitor'],
        ] as const) {
          await page.goto(`${baseUrl}${path}`);
          await page.getByTestId('center-nav-center').waitFor();
          await check(page, label);
        }
        await page.goto(`${baseUrl}/center`);
        await page.getByTestId('users-import').click();
        const dialog = page.getByRole('dialog');
        const csv = [
          'name;username;email;role;language;timezone;segments',
          `Importada Ana;a11y.csv.${scheme};;attendant;pt_br;America/Sao_Paulo;`,
          `Chefe Errado;a11y.csv.x${scheme};;chefe;;America/Sao_Paulo;`,
        ].join('\r\n');
        await dialog
          .locator('input[type="file"]')
          .setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
        await dialog.getByTestId('import-row').nth(1).waitFor();
        await check(page, 'center: CSV import preview');

        const rootContext = await themedContext();
        try {
          const product = await signIn(rootContext, root);
          await product.goto(`${baseUrl}/center/product`);
          await product.getByTestId('center-nav-center.product').waitFor();
          await check(product, 'center: product (super administrator)');
        } finally {
          await rootContext.close();
        }
      }),
    180_000,
  );
});
