// The page a one-time reset link opens: whose password it resets, the local checks (length, confirmation with
// the spec's text) before any call, the token sent in the body without the session's token, the success, and a
// spent link's translated refusal instead of the form.
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConsoleTexts } from '../../lib/i18n.ts';
import { useSessionStore } from '../../lib/session-store.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { renderWithClient } from '../../test/render.tsx';
import { PasswordResetLinkPage } from './PasswordResetLinkPage.tsx';

const TOKEN = 'x7Gm2_link-token';
const OWNER = { name: 'Ana Lima', username: 'ana', company: 'Demo', expires_at: '2026-11-29T12:00:00.000Z' };

beforeAll(async () => {
  await loadConsoleTexts();
});
beforeEach(() => {
  // Someone else signed in on this browser: their token must not go with the link's calls.
  useSessionStore.setState({ user: demoUser({ username: 'someone' }), token: 'other-session' });
});

const open = () =>
  renderWithClient(
    <MemoryRouter initialEntries={[`/redefinir-senha/${TOKEN}`]}>
      <Routes>
        <Route path="/redefinir-senha/:token" element={<PasswordResetLinkPage />} />
      </Routes>
    </MemoryRouter>,
  );
const type = (testId: string, value: string) =>
  fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('password reset link page', () => {
  it('checks the new password locally, then sets it with the link’s token', async () => {
    const { calls } = stubApi({
      'POST /password-reset/inspect': { status: 200, body: OWNER },
      'POST /password-reset': { status: 200, body: { ok: true } },
    });
    open();
    expect(
      await screen.findByText('Escolha uma nova senha para Ana Lima (usuário ana) em Demo.'),
    ).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/password-reset/inspect', body: { token: TOKEN } });
    expect(calls[0]!.headers.Authorization).toBeUndefined();

    type('reset-link', 'short');
    type('reset-link-confirmation', 'short');
    await userEvent.click(screen.getByTestId('reset-link-submit'));
    expect(await screen.findByText('A senha deve ter pelo menos 8 caracteres')).toBeTruthy();
    type('reset-link', 'brand-new-secret');
    type('reset-link-confirmation', 'brand-new-secreT');
    await userEvent.click(screen.getByTestId('reset-link-submit'));
    expect(await screen.findByText('Confirmação da senha inválida')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/password-reset')).toHaveLength(0);

    type('reset-link-confirmation', 'brand-new-secret');
    await userEvent.click(screen.getByTestId('reset-link-submit'));
    expect(await screen.findByTestId('reset-link-done')).toBeTruthy();
    const sent = calls.find((call) => call.path === '/password-reset');
    expect(sent?.body).toEqual({
      token: TOKEN,
      password: 'brand-new-secret',
      password_confirmation: 'brand-new-secret',
    });
    expect(sent?.headers.Authorization).toBeUndefined();
    expect(screen.getByTestId('reset-link-sign-in').getAttribute('href')).toBe('/');
  });

  it('shows a spent link’s refusal instead of the form', async () => {
    const message = 'Este link de redefinição de senha já foi usado, expirou ou não é válido.';
    stubApi({
      'POST /password-reset/inspect': { status: 410, body: { code: 'reset_link_invalid', message } },
    });
    open();
    expect((await screen.findByTestId('reset-link-invalid')).textContent).toBe(message);
    expect(screen.queryByTestId('reset-link-form')).toBeNull();
    await waitFor(() => expect(useSessionStore.getState().token).toBe('other-session'));
  });
});
