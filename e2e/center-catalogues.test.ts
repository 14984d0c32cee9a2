// The Center's catalogues driven by an administrator while an attendant's console stays open: a pause reason
// with a maximum duration and an event action that requires an annotation are created, the action moved up,
// the pause reason archived (gone from the console, listed again with "show archived"); the attendant's open
// events page offers the new action without a reload and refuses registering it without the annotation.
import type { AuditPage, CatalogueEntry, CataloguePage } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import { admin, attendant, launchBrowser, newContext, signIn } from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const suffix = Date.now() % 100_000;
const pauseName = `Pausa E2E ${suffix}`;
const actionName = `Ação E2E ${suffix}`;

let browser: Browser;
let adminContext: BrowserContext;
let consoleContext: BrowserContext;
let center: Page;
let live: Page;
let adminToken: string;
let attendantToken: string;
let contactId: string;

const entries = async (catalogue: string) =>
  (
    await apiCall<CataloguePage>(
      baseUrl,
      adminToken,
      'GET',
      `/center/catalogues/${catalogue}?archived=true&limit=200`,
    )
  ).data;
const entryNamed = async (catalogue: string, name: string): Promise<CatalogueEntry> => {
  const found = (await entries(catalogue)).find((entry) => entry.name === name);
  if (!found) throw new Error(`no ${catalogue} entry named ${name}`);
  return found;
};
const rowOf = (name: string) => center.locator(`[data-testid=catalogue-row][data-name="${name}"]`);

async function createEntry(name: string, fill: () => Promise<void>): Promise<void> {
  await center.getByTestId('catalogue-new').click();
  await center.getByTestId('catalogue-name').fill(name);
  await fill();
  await center.getByTestId('catalogue-save').click();
  await center.getByTestId('catalogue-form').waitFor({ state: 'detached' });
  await rowOf(name).waitFor();
}

beforeAll(async () => {
  [browser, adminToken, attendantToken] = await Promise.all([
    launchBrowser(),
    apiLogin(baseUrl, admin),
    apiLogin(baseUrl, attendant),
  ]);
  contactId = (
    await customerWrites(dataDir, {
      address: `55119${String(suffix).padStart(8, '0')}`,
      name: `Carla Catálogo ${suffix}`,
      text: 'Quero fechar a compra',
    })
  ).contactId;

  // The attendant's console is open on the customer's events page before anything changes in the Center.
  consoleContext = await newContext(browser);
  live = await consoleContext.newPage();
  await signIn(live, baseUrl, attendant);
  await live.goto(`${baseUrl}/painel/conversa/${contactId}/eventos`);
  await live.getByTestId('event-form').waitFor();

  adminContext = await newContext(browser);
  center = await adminContext.newPage();
  await signIn(center, baseUrl, admin);
  await center.goto(`${baseUrl}/center`);
  await center.getByTestId('center-nav-center.catalogues').click();
  await center.waitForURL(`${baseUrl}/center/catalogues`);
});

afterAll(async () => {
  await adminContext?.close();
  await consoleContext?.close();
  await browser?.close();
});

describe('Center catalogues', () => {
  it('creates a pause reason with a maximum duration, and refuses a duplicate name on its field', async () => {
    await center.getByTestId('catalogue-tab-pause_reasons').click();
    await createEntry(pauseName, () => center.getByTestId('catalogue-max-minutes').fill('15'));
    expect(await rowOf(pauseName).innerText()).toContain('Até 15 min');
    expect(await entryNamed('pause_reasons', pauseName)).toMatchObject({ max_minutes: 15 });

    await center.getByTestId('catalogue-new').click();
    await center.getByTestId('catalogue-name').fill(pauseName.toUpperCase());
    await center.getByTestId('catalogue-save').click();
    await expect.poll(() => center.getByTestId('catalogue-name').getAttribute('aria-invalid')).toBe('true');
    await center.getByText('já existe nesta lista').waitFor();
    await center.keyboard.press('Escape');
    await center.getByTestId('catalogue-form').waitFor({ state: 'detached' });
  });

  it('creates an event action that requires an annotation and moves it up with the keyboard', async () => {
    await center.getByTestId('catalogue-tab-event_actions').click();
    await center.getByTestId('catalogue-row').first().waitFor();
    await createEntry(actionName, () => center.getByTestId('catalogue-annotation-required').check());
    const created = await entryNamed('event_actions', actionName);
    expect(created).toMatchObject({ amount: 'optional', annotation_required: true });

    await rowOf(actionName).getByTestId('catalogue-move-up').focus();
    await center.keyboard.press('Enter');
    await expect
      .poll(async () => (await entryNamed('event_actions', actionName)).position)
      .toBe(created.position - 1);
  });

  it('archives the pause reason: the console no longer offers it, "show archived" lists it', async () => {
    await center.getByTestId('catalogue-tab-pause_reasons').click();
    await rowOf(pauseName).getByTestId('catalogue-archive').click();
    await center.getByTestId('catalogue-confirm').click();
    await rowOf(pauseName).waitFor({ state: 'detached' });
    await center.getByTestId('catalogue-show-archived').check();
    await rowOf(pauseName).getByTestId('catalogue-archived').waitFor();

    const offered = await apiCall<{ data: { name: string }[] }>(
      baseUrl,
      attendantToken,
      'GET',
      '/pause/reasons',
    );
    expect(offered.data.map((reason) => reason.name)).not.toContain(pauseName);
    const audit = await apiCall<AuditPage>(baseUrl, adminToken, 'GET', '/center/audit?limit=20');
    const kinds = audit.data.filter((event) => event.subject === pauseName).map((event) => event.kind);
    expect(kinds).toEqual(['catalogue_archived', 'catalogue_created']);
  });

  it('the open console offers the new action and refuses registering it without the annotation', async () => {
    // No reload: the Center's change reached the console through the realtime catalogue.changed.
    await live.getByTestId('event-action').click();
    await live.locator('[role=listbox] [role=option]').filter({ hasText: actionName }).click();
    await live.getByTestId('event-submit').click();
    await expect.poll(() => live.getByTestId('event-annotation').getAttribute('aria-invalid')).toBe('true');
    await live.getByText('Escreva uma anotação: esta ação exige uma').waitFor();
    expect(await live.getByTestId('event-card').filter({ hasText: actionName }).count()).toBe(0);

    // The server holds the rule too, whatever the client.
    const action = await entryNamed('event_actions', actionName);
    const refused = await fetch(`${baseUrl}/api/conversation/${contactId}/events`, {
      method: 'POST',
      headers: { authorization: `Bearer ${attendantToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ action_id: action.id }),
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: 'event_annotation_required' });

    await live.getByTestId('event-annotation').fill(`Plano anual ${suffix}`);
    await live.getByTestId('event-submit').click();
    await live
      .getByTestId('event-card')
      .filter({ hasText: `Plano anual ${suffix}` })
      .waitFor();
  });
});
