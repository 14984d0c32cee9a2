// The wishlist and the changelog, server to browser. Two attendants have the wishlist open: a colleague's new
// suggestion appears for both, each votes, and the other's count changes at once (suggestion.changed); a second
// vote is not offered. Then an attendant who has read the changelog sees the "what's new" badge appear when an
// administrator publishes a version in the Center (changelog.published), in another session, without a reload;
// opening the changelog shows the version in the reader's language and clears the badge.
import type { Suggestion } from '@atende/contract';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import {
  admin,
  attendant,
  attendant2,
  launchBrowser,
  newContext,
  supervisor,
  type Credentials,
  signIn as signInThroughForm,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Date.now() % 100_000;
const title = `Sugestão E2E ${suffix}`;
const versionName = `E2E ${suffix}`;

let browser: Browser;
const contexts: BrowserContext[] = [];

async function signIn(credentials: Credentials, path: string): Promise<Page> {
  const context = await newContext(browser);
  contexts.push(context);
  const page = await context.newPage();
  await signInThroughForm(page, baseUrl, credentials);
  if (path !== '/painel') await page.goto(`${baseUrl}${path}`);
  return page;
}

const card = (page: Page, id: string): Locator => page.locator(`[data-suggestion="${id}"]`);
const voteButton = (page: Page, id: string, vote: 'yes' | 'no') =>
  card(page, id).getByTestId(`suggestion-vote-${vote}`);

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const context of contexts) await context.close();
  await browser.close();
});

describe('wishlist', () => {
  it('shows a vote in one session at once in another', async () => {
    const first = await signIn(attendant, '/painel/sugestoes');
    const second = await signIn(attendant2, '/painel/sugestoes');
    await first.getByRole('heading', { name: 'Sugestões' }).waitFor();
    await second.getByRole('heading', { name: 'Sugestões' }).waitFor();

    // A colleague suggests: both open lists show it without a reload.
    const token = await apiLogin(baseUrl, supervisor);
    const suggestion = await apiCall<Suggestion>(baseUrl, token, 'POST', '/suggestions', {
      title,
      body: 'Um atalho para encerrar a conversa.',
    });
    await card(first, suggestion.id).waitFor();
    await card(second, suggestion.id).waitFor();
    expect(await voteButton(second, suggestion.id, 'yes').textContent()).toContain('Sim · 0');

    await voteButton(first, suggestion.id, 'yes').click();
    await voteButton(second, suggestion.id, 'yes').filter({ hasText: 'Sim · 1' }).waitFor();
    // The vote is final: neither button is offered again to who voted.
    await card(first, suggestion.id).getByText('Você já votou').waitFor();
    expect(await voteButton(first, suggestion.id, 'no').isDisabled()).toBe(true);
    expect(await voteButton(first, suggestion.id, 'yes').getAttribute('aria-pressed')).toBe('true');

    await voteButton(second, suggestion.id, 'no').click();
    await voteButton(first, suggestion.id, 'no').filter({ hasText: 'Não · 1' }).waitFor();
    expect(await voteButton(first, suggestion.id, 'yes').textContent()).toContain('Sim · 1');
  });

  it('creates a suggestion through the modal, refusing an empty one first', async () => {
    const page = await signIn(attendant, '/painel/sugestoes');
    await page.getByTestId('suggestion-new').click();
    await page.getByTestId('suggestion-submit').click();
    await page.getByText('Informe o título da sugestão.').waitFor();
    await page.getByText('Descreva a sua sugestão.').waitFor();
    await page.getByTestId('suggestion-title').fill(`${title} anônima`);
    await page.getByTestId('suggestion-body').fill('Enviada sem nome.');
    await page.getByTestId('suggestion-anonymous').check();
    await page.getByTestId('suggestion-submit').click();
    const created = page.getByTestId('suggestion-card').filter({ hasText: `${title} anônima` });
    await created.waitFor();
    expect(await created.textContent()).toContain('anonimamente');
    // A colleague sees it unsigned.
    const colleague = await signIn(attendant2, '/painel/sugestoes');
    const seen = colleague.getByTestId('suggestion-card').filter({ hasText: `${title} anônima` });
    await seen.getByText(/Sugestão anônima/).waitFor();
    expect(await seen.textContent()).not.toContain('Juliana');
  });
});

describe('changelog', () => {
  it('shows the what’s-new badge in another session when a version is published', async () => {
    const reader = await signIn(attendant, '/painel');
    // Read what is there: no badge left.
    await reader.getByTestId('nav-changelog').click();
    const modal = reader.getByRole('dialog', { name: 'Novidades' });
    await modal.getByTestId('changelog-version').first().waitFor();
    await reader.keyboard.press('Escape');
    await reader.getByTestId('changelog-badge').waitFor({ state: 'detached' });

    const publisher = await signIn(admin, '/center/changelog');
    await publisher.getByTestId('version-new').click();
    await publisher.getByTestId('version-number').fill(versionName);
    await publisher.getByTestId('version-change-pt').fill('Atalho para encerrar a conversa');
    await publisher.getByTestId('version-change-en').fill('Shortcut to close the conversation');
    // Without the Spanish description the version is refused, and nothing is published.
    await publisher.getByTestId('version-save').click();
    await publisher.getByText('Preencha todos os campos.').waitFor();
    expect(await reader.getByTestId('changelog-badge').count()).toBe(0);

    await publisher.getByTestId('version-change-es').fill('Atajo para cerrar la conversación');
    await publisher.getByTestId('version-save').click();
    await publisher.getByTestId('version-row').filter({ hasText: versionName }).waitFor();

    // The other session's badge appears without a reload.
    const badge = reader.getByTestId('changelog-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('1');
    await reader.getByTestId('nav-changelog').click();
    const entry = reader.getByTestId('changelog-version').filter({ hasText: versionName });
    await entry.getByText('Atalho para encerrar a conversa').waitFor();
    await reader.keyboard.press('Escape');
    await badge.waitFor({ state: 'detached' });
  });
});
