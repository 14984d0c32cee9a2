// The Center's users driven by an administrator: an attendant created with a segment and a chosen password
// signs in, must set their own password first, and with "only my segments" sees only that segment's contacts;
// deactivating a signed-in user logs their open console out within seconds (their socket is closed by the
// server, the console's reconnect is refused, and it returns to login); a CSV of three users (one invalid) is
// previewed and its two valid users imported.
import type { CenterUserPage, ContactPage, NamedItem } from '@atende/contract';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin } from './support/api.ts';
import {
  admin,
  launchBrowser,
  loginThroughForm,
  newContext,
  type Credentials,
  signIn,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
const suffix = Date.now() % 100_000;
const segmentName = `Carteira E2E ${suffix}`;
const username = `e2e.atendente${suffix}`;

let browser: Browser;
let adminToken: string;
let center: Page;

const userRow = (page: Page, name: string) => page.locator(`[data-testid=user-row][data-username="${name}"]`);

async function usersPage(): Promise<Page> {
  const context = await newContext(browser);
  const page = await context.newPage();
  await signIn(page, baseUrl, admin);
  await page.goto(`${baseUrl}/center`);
  await page.getByTestId('user-new').waitFor();
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiLogin(baseUrl, admin);
  center = await usersPage();
});
afterAll(async () => {
  await browser.close();
});

describe('center users', () => {
  it('an admin creates an attendant with a segment; they set a password and see only that segment', async () => {
    // A segment given to two waiting contacts of the demo queue.
    const segment = await apiCall<NamedItem>(baseUrl, adminToken, 'POST', '/center/catalogues/wallets', {
      name: segmentName,
    });
    const queue = await apiCall<ContactPage>(baseUrl, adminToken, 'GET', '/contacts?filter=general&limit=40');
    const inSegment = queue.data.filter((contact) => contact.responsible === null).slice(0, 2);
    expect(inSegment).toHaveLength(2);
    for (const contact of inSegment)
      await apiCall(baseUrl, adminToken, 'POST', `/conversation/${contact.id}/wallets`, {
        wallet_id: segment.id,
      });

    await center.getByTestId('user-new').click();
    await center.getByTestId('user-name').fill('Atendente E2E');
    await center.getByTestId('user-username').fill(username);
    await center.getByTestId('user-segments').click();
    await center.getByRole('option', { name: segmentName }).click();
    await center.keyboard.press('Escape');
    // The flags show the role's defaults; one set apart is marked.
    expect(await center.getByTestId('user-flag-broadcast-overridden').count()).toBe(0);
    await center.getByTestId('user-flag-broadcast').click();
    await center.getByTestId('user-flag-broadcast-overridden').waitFor();
    await center.getByTestId('user-access').getByText('Definir senha').click();
    await center.getByTestId('user-password').fill('senha-inicial-1');
    await center.getByTestId('user-save').click();
    await userRow(center, username).waitFor();
    expect(await userRow(center, username).textContent()).toContain(segmentName);

    const context = await newContext(browser);
    const live = await context.newPage();
    await live.goto(`${baseUrl}/`);
    const credentials: Credentials = { company: 'demo', username, password: 'senha-inicial-1' };
    await loginThroughForm(live, credentials);
    // Before anything else: a password of their own.
    await live.getByTestId('new-password-form').waitFor();
    await live.getByTestId('new-password').fill('minha-senha-1');
    await live.getByTestId('new-password-confirmation').fill('minha-senha-1');
    await live.getByTestId('new-password-submit').click();
    await live.getByTestId('contact-row').first().waitFor();

    await live.getByRole('button', { name: 'Ordenação e segmentos' }).click();
    await live.getByRole('switch', { name: 'Somente meus segmentos' }).click({ force: true });
    await live.keyboard.press('Escape');
    const names = inSegment.map((contact) => contact.name);
    await expect
      .poll(async () => (await live.getByTestId('contact-name').allTextContents()).sort(), {
        timeout: 10_000,
      })
      .toEqual([...names].sort());
    await context.close();
  });

  it('deactivating a user logs out their open console within seconds', async () => {
    const page = await apiCall<CenterUserPage>(
      baseUrl,
      adminToken,
      'GET',
      `/center/users?search=${username}`,
    );
    const target = page.data[0]!;
    const context = await newContext(browser);
    const live = await context.newPage();
    await live.goto(`${baseUrl}/`);
    await loginThroughForm(live, { company: 'demo', username, password: 'minha-senha-1' });
    await live.getByTestId('contact-row').first().waitFor();

    await center.reload();
    await userRow(center, username).getByTestId('user-actions').click();
    await center.getByTestId('user-deactivate').click();
    await center.getByRole('dialog').getByRole('button', { name: 'Desativar' }).click();
    await expect
      .poll(() => userRow(center, username).getByTestId('user-status').textContent())
      .toBe('Desativado');

    const started = Date.now();
    await live.waitForURL(`${baseUrl}/`, { timeout: 10_000 });
    await live.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(Date.now() - started).toBeLessThan(10_000);
    // And they cannot sign back in.
    await loginThroughForm(live, { company: 'demo', username, password: 'minha-senha-1' });
    await live.getByText('Empresa, usuário ou senha inválidos.').waitFor();
    expect(target.active).toBe(true);
    await context.close();
  });

  it('an admin imports users from a CSV file: preview, two of three imported, both in the list', async () => {
    const imported = [`e2e.csv.a${suffix}`, `e2e.csv.b${suffix}`];
    const csv = [
      'name;username;email;role;language;timezone;segments',
      `"Importada, Ana";${imported[0]};ana${suffix}@example.com;attendant;pt_br;America/Sao_Paulo;`,
      `Importado Bruno;${imported[1]};;supervisor;;America/Fortaleza;`,
      `Chefe Errado;e2e.csv.c${suffix};;chefe;;America/Sao_Paulo;`,
    ].join('\r\n');
    await center.reload();
    await center.getByTestId('users-import').click();
    const dialog = center.getByRole('dialog');
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'usuarios.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
    await dialog.getByTestId('import-row').nth(2).waitFor();
    expect(await dialog.getByTestId('import-valid-count').textContent()).toBe('2 válida(s)');
    expect(await dialog.getByTestId('import-invalid-count').textContent()).toBe('1 com erros');
    expect(await dialog.getByTestId('import-error-role').textContent()).toBe(
      'O campo “perfil” tem um valor não aceito.',
    );
    await dialog.getByRole('button', { name: 'Importar 2 usuário(s)' }).click();
    await dialog.getByTestId('import-password-row').nth(1).waitFor();
    const passwords = await dialog.getByTestId('import-password').allTextContents();
    expect(passwords).toHaveLength(2);
    for (const password of passwords) expect(password).toMatch(/^[a-zA-Z0-9]{12}$/);
    await dialog.getByTestId('import-done').click();
    for (const name of imported) await userRow(center, name).waitFor();
    expect(await userRow(center, `e2e.csv.c${suffix}`).count()).toBe(0);
  });
});
