// The Center's teams, server to browser: an administrator creates a team with a supervisor, an attendant and
// a segment while the attendant's console shows the waiting queue; the queue reorders at once (team.changed)
// to offer the waiting customer of the team's segment first, ahead of one who waited longer, and "next"
// hands it over; then the supervisor signs in and edits that team in the Center.
import type { Team, TeamPage } from '@atende/contract';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiDrainWaiting, apiLogin } from './support/api.ts';
import {
  admin,
  attendant,
  launchBrowser,
  newContext,
  supervisor,
  type Credentials,
  signIn as signInThroughForm,
} from './support/browser.ts';
import { customerWrites } from './support/control.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const suffix = Date.now() % 100_000;
const teamName = `Equipe E2E ${suffix}`;
const segmentName = `Carteira E2E ${suffix}`;
const earlier = `Cliente Antigo ${suffix}`;
const routed = `Cliente da Equipe ${suffix}`;

let browser: Browser;
const contexts: BrowserContext[] = [];
let adminToken: string;

async function signIn(credentials: Credentials, path: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, credentials);
  if (path !== '/painel') await page.goto(`${baseUrl}${path}`);
  return page;
}

/** Picks `name` in the select of `testId` (the list that input controls). */
async function pick(page: Page, testId: string, name: string) {
  await page.getByTestId(testId).click();
  const list = page.locator(`#${await page.getByTestId(testId).getAttribute('aria-controls')}`);
  await list.getByRole('option', { name, exact: true }).click();
  await page.keyboard.press('Escape');
}

const waitingNames = (page: Page) =>
  page.getByTestId('waiting-queue').getByTestId('contact-row').allTextContents();

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiLogin(baseUrl, admin);
  // Nobody else waiting; then a customer with no segment writes first, and one of the new segment after.
  await apiDrainWaiting(baseUrl, await apiLogin(baseUrl, supervisor));
  const segment = await apiCall<{ id: string }>(baseUrl, adminToken, 'POST', '/center/catalogues/wallets', {
    name: segmentName,
  });
  await customerWrites(dataDir, {
    address: `55118${String(suffix).padStart(8, '0')}`,
    name: earlier,
    text: 'Oi',
  });
  await new Promise((resolve) => setTimeout(resolve, 50));
  const { contactId } = await customerWrites(dataDir, {
    address: `55117${String(suffix).padStart(8, '0')}`,
    name: routed,
    text: 'Quero renegociar',
  });
  await apiCall(baseUrl, adminToken, 'POST', `/conversation/${contactId}/wallets`, { wallet_id: segment.id });
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('teams in the Center', () => {
  it('routes a team’s segment to its attendant’s queue, and its supervisor edits it', async () => {
    // The attendant watches the waiting queue: the customer who waited longer comes first.
    const live = await signIn(attendant, '/painel');
    await live.getByText('Fila', { exact: true }).click();
    await expect.poll(() => waitingNames(live)).toHaveLength(2);
    expect((await waitingNames(live))[0]).toContain(earlier);

    // The administrator creates the team in the Center.
    const center = await signIn(admin, '/center/teams');
    await center.getByTestId('team-new').click();
    await center.getByTestId('team-name').fill(teamName);
    await pick(center, 'team-supervisors', 'Ricardo Alves');
    await pick(center, 'team-members', 'Juliana Souza');
    await pick(center, 'team-segments', segmentName);
    await center.getByTestId('team-save').click();
    await center.getByTestId('team-form').waitFor({ state: 'detached' });
    const row = center.locator(`[data-testid=team-row][data-name="${teamName}"]`);
    await row.waitFor();
    expect(await row.textContent()).toContain('Juliana Souza');

    // The attendant's open queue reorders without a reload: the team's customer first; "next" takes it.
    await expect.poll(async () => (await waitingNames(live))[0], { timeout: 5_000 }).toContain(routed);
    await live.getByTestId('next-in-queue').click();
    await live.getByRole('heading', { name: routed }).waitFor();

    // The supervisor sees the team they supervise and edits it (a new member), without choosing supervisors.
    const supervising = await signIn(supervisor, '/center');
    await supervising.getByTestId('center-nav-center.teams').click();
    const own = supervising.locator(`[data-testid=team-row][data-name="${teamName}"]`);
    await own.getByTestId('team-edit').click();
    expect(await supervising.getByTestId('team-supervisors').isDisabled()).toBe(true);
    await pick(supervising, 'team-members', 'Pedro Oliveira');
    await supervising.getByTestId('team-save').click();
    await supervising.getByTestId('team-form').waitFor({ state: 'detached' });
    await expect.poll(async () => own.textContent()).toContain('Pedro Oliveira');

    const teams = await apiCall<TeamPage>(baseUrl, adminToken, 'GET', `/center/teams?search=${suffix}`);
    const saved = teams.data.find((team: Team) => team.name === teamName)!;
    expect(saved.supervisors.map((person) => person.name)).toEqual(['Ricardo Alves']);
    expect(saved.members.map((person) => person.name).sort()).toEqual(['Juliana Souza', 'Pedro Oliveira']);
    expect(saved.segments.map((segment) => segment.name)).toEqual([segmentName]);
  });
});
