// The attendant's profile (issue 23, item 2) on /painel/meu-perfil: name and language saved and applied at
// once, an avatar uploaded through the cropper, seen in the user menu and removed, the change-password modal's
// refusals (mismatched confirmation before any call, a wrong current password from the server) and its success;
// then an administrator's one-time reset link, opened in a fresh browser, sets a password the user signs in
// with, and a second use of the link is refused. The users are made for this test, so no other test's user
// changes name, language or password.
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { apiCall, apiLogin, makeAttendant } from './support/api.ts';
import {
  admin,
  launchBrowser,
  loginThroughForm,
  newContext,
  toasts,
  signIn as signInThroughForm,
} from './support/browser.ts';

const baseUrl = inject('baseUrl');
/** Where to save screenshots of the profile and the reset page (for a person to look at), when set. */
const SCREENSHOTS = process.env.E2E_SCREENSHOT_DIR;
const suffix = Date.now() % 1_000_000;
let browser: Browser;
let adminToken: string;

async function signIn(username: string, password: string): Promise<Page> {
  const page = await (await newContext(browser)).newPage();
  await signInThroughForm(page, baseUrl, { company: 'demo', username, password });
  return page;
}

/** The avatar image the user menu shows, once it has loaded (Mantine falls back to initials otherwise). */
const menuAvatar = (page: Page) => page.getByTestId('user-menu').locator('img');

beforeAll(async () => {
  browser = await launchBrowser();
  adminToken = await apiLogin(baseUrl, admin);
});
afterAll(async () => {
  await browser.close();
});

describe('profile', () => {
  it('changes name and language at once, uploads and removes an avatar, and changes the password', async () => {
    const username = `perfil.${suffix}`;
    await makeAttendant(baseUrl, adminToken, { name: 'Paulo Perfil', username, password: 'perfil-senha-1' });
    const page = await signIn(username, 'perfil-senha-1');
    await page.goto(`${baseUrl}/painel/meu-perfil`);
    await page.getByRole('heading', { name: 'Meu perfil' }).waitFor();

    // Name and language: the page is in English as soon as the profile is saved, without a reload.
    await page.getByRole('textbox', { name: 'Nome' }).fill('Paulo Renomeado');
    await page.getByRole('textbox', { name: 'Idioma' }).click();
    await page.getByRole('option', { name: 'English' }).click();
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await page.getByRole('heading', { name: 'My profile' }).waitFor();
    await page.getByTestId('user-menu').locator('p', { hasText: 'Paulo Renomeado' }).waitFor();
    const me = await apiCall<{ name: string; language: string }>(
      baseUrl,
      await apiLogin(baseUrl, { company: 'demo', username, password: 'perfil-senha-1' }),
      'GET',
      '/user',
    );
    expect(me).toMatchObject({ name: 'Paulo Renomeado', language: 'en' });
    // Back to Portuguese for the spec's texts below.
    await page.getByRole('textbox', { name: 'Language' }).click();
    await page.getByRole('option', { name: 'Português (Brasil)' }).click();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByRole('heading', { name: 'Meu perfil' }).waitFor();

    // An avatar: a PNG made here, through the cropper, then in the user menu.
    expect(await menuAvatar(page).count()).toBe(0);
    // Drawn, not a flat colour, so the crop and the two stored sizes are visible in a screenshot.
    const face = `<svg xmlns="http://www.w3.org/2000/svg" width="240" height="180">
      <rect width="240" height="180" fill="#1f8c6e"/><circle cx="120" cy="80" r="42" fill="#ffd7a8"/>
      <rect x="60" y="120" width="120" height="60" rx="30" fill="#0b4f6c"/></svg>`;
    const png = await sharp(Buffer.from(face)).png().toBuffer();
    await page.getByRole('button', { name: 'Alterar foto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Foto do perfil' });
    const chooser = page.waitForEvent('filechooser');
    await dialog.getByTestId('avatar-pick').click();
    await (await chooser).setFiles({ name: 'rosto.png', mimeType: 'image/png', buffer: png });
    await dialog.getByRole('slider').waitFor();
    await dialog.getByRole('button', { name: 'Salvar foto' }).click();
    await page.getByText('Foto atualizada.').waitFor();
    await expect
      .poll(() => menuAvatar(page).evaluate((image: HTMLImageElement) => image.naturalWidth))
      .toBeGreaterThan(0);
    expect(await menuAvatar(page).getAttribute('src')).toMatch(/\/api\/users\/[\w-]+\/avatar\?/);
    if (SCREENSHOTS) {
      // The toasts would cover the user menu.
      for (const close of await toasts(page).locator('button').all()) await close.click();
      await toasts(page).first().waitFor({ state: 'detached' });
      await page.screenshot({ path: `${SCREENSHOTS}/profile-avatar.png` });
    }
    await page.getByRole('button', { name: 'Remover foto' }).click();
    await page.getByText('Foto removida.').waitFor();
    await expect.poll(() => menuAvatar(page).count()).toBe(0);

    // The change-password modal: a mismatched confirmation is refused before any call, a wrong current
    // password by the server, then the change succeeds and the new password signs in.
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const modal = page.getByRole('dialog', { name: 'Alterar senha' });
    const current = modal.locator('input[autocomplete=current-password]');
    const [next, confirmation] = [0, 1].map((index) =>
      modal.locator('input[autocomplete=new-password]').nth(index),
    );
    await current.fill('perfil-senha-1');
    await next!.fill('nova-senha-forte-1');
    await confirmation!.fill('nova-senha-forte-2');
    await modal.getByRole('button', { name: 'Alterar senha' }).click();
    await modal.getByText('Confirmação da senha inválida').waitFor();
    await confirmation!.fill('nova-senha-forte-1');
    await current.fill('senha-errada-1');
    await modal.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('A senha atual está incorreta.').waitFor();
    await current.fill('perfil-senha-1');
    await modal.getByRole('button', { name: 'Alterar senha' }).click();
    await page.getByText('Senha alterada.').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await expect(
      apiLogin(baseUrl, { company: 'demo', username, password: 'perfil-senha-1' }),
    ).rejects.toThrow();
    await apiLogin(baseUrl, { company: 'demo', username, password: 'nova-senha-forte-1' });
    await page.context().close();
  });

  it('an administrator’s one-time reset link sets a password in a fresh browser, once', async () => {
    const username = `link.${suffix}`;
    await makeAttendant(baseUrl, adminToken, { name: 'Lia Link', username, password: 'link-senha-antiga-1' });
    const center = await signIn(admin.username, admin.password);
    await center.goto(`${baseUrl}/center`);
    const row = center.locator(`[data-testid=user-row][data-username="${username}"]`);
    await center.getByTestId('users-search').fill(username);
    await row.getByTestId('user-actions').click();
    await center.getByTestId('user-reset-link').click();
    await center
      .getByRole('dialog', { name: 'Gerar um link de redefinição de senha para Lia Link?' })
      .waitFor();
    await center.getByRole('button', { name: 'Gerar link' }).click();
    const url = (await center.getByTestId('user-reset-link-url').textContent()) ?? '';
    expect(url).toMatch(new RegExp(`^${baseUrl}/redefinir-senha/[\\w-]{43}$`));

    const stranger = await (await newContext(browser)).newPage();
    await stranger.goto(url);
    await stranger.getByText('Escolha uma nova senha para Lia Link (usuário').waitFor();
    await stranger.getByTestId('reset-link').fill('link-senha-nova-1');
    await stranger.getByTestId('reset-link-confirmation').fill('link-senha-nova-2');
    await stranger.getByTestId('reset-link-submit').click();
    await stranger.getByText('Confirmação da senha inválida').waitFor();
    await stranger.getByTestId('reset-link-confirmation').fill('link-senha-nova-1');
    if (SCREENSHOTS) await stranger.screenshot({ path: `${SCREENSHOTS}/reset-password-page.png` });
    await stranger.getByTestId('reset-link-submit').click();
    await stranger.getByTestId('reset-link-done').waitFor();
    await stranger.getByTestId('reset-link-sign-in').click();
    await loginThroughForm(stranger, { company: 'demo', username, password: 'link-senha-nova-1' });
    await stranger.waitForURL(`${baseUrl}/painel`);
    await stranger.getByTestId('user-menu').locator('p', { hasText: 'Lia Link' }).waitFor();

    // The link is spent: opening it again says so, without the form.
    const again = await (await newContext(browser)).newPage();
    await again.goto(url);
    await again
      .getByTestId('reset-link-invalid')
      .getByText('Este link de redefinição de senha já foi usado, expirou ou não é válido.', { exact: false })
      .waitFor();
    expect(await again.getByTestId('reset-link-form').count()).toBe(0);
    await Promise.all([center, stranger, again].map((page) => page.context().close()));
  });
});
