// Login form: spec §8 login errors, the Live/Center choice, and what a successful login does.
import { notifications } from '@mantine/notifications';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProviders } from '../../app/AppProviders.tsx';
import { demoResources, demoUser, stubApi } from '../../test/fixtures.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../lib/session-store.ts';
import { LoginPage } from './LoginPage.tsx';

const token = { access_token: 'new-token', token_type: 'Bearer', expires_at: '2026-12-01T00:00:00Z' };

const renderLogin = () => {
  const router = createMemoryRouter(
    [
      { path: '/', Component: LoginPage },
      { path: '/painel', element: <p>painel</p> },
      { path: '/center', element: <p>center</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};

const fillAndSubmit = async (password = 'demo1234') => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText(/Empresa/), 'demo');
  await user.type(screen.getByLabelText(/Usuário/), 'attendant');
  await user.type(screen.getByLabelText(/^Senha/), password);
  await user.click(screen.getByRole('button', { name: 'Entrar' }));
  return user;
};

const toasts = () => vi.mocked(notifications.show).mock.calls.map(([data]) => data.message);

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});

describe('LoginPage', () => {
  it('starts with the focus on the first field, so a keyboard user types at once', () => {
    renderLogin();
    expect(document.activeElement).toBe(screen.getByLabelText(/Empresa/));
  });

  it('logs in, keeps the token and goes to the panel', async () => {
    const { calls } = stubApi({
      'GET /resources': { body: demoResources() },
      'POST /login': { body: token },
      'GET /user': { body: demoUser() },
    });
    const router = renderLogin();
    await fillAndSubmit();
    expect(await screen.findByText('painel')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    expect(useSessionStore.getState().user?.name).toBe('Juliana Souza');
    expect(calls.find((call) => call.path === '/login')?.body).toEqual({
      company: 'demo',
      username: 'attendant',
      password: 'demo1234',
    });
  });

  it('the Center tab logs into the Center', async () => {
    stubApi({ 'POST /login': { body: token }, 'GET /user': { body: demoUser({ role: 'admin' }) } });
    const router = renderLogin();
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Center' }));
    await fillAndSubmit();
    expect(await screen.findByText('center')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/center');
  });

  it('400: shows the server message in the form, without a toast', async () => {
    stubApi({
      'POST /login': {
        status: 400,
        body: { message: 'Empresa, usuário ou senha inválidos.', code: 'invalid_credentials' },
      },
    });
    renderLogin();
    await fillAndSubmit('wrong');
    expect((await screen.findByRole('alert')).textContent).toBe('Empresa, usuário ou senha inválidos.');
    expect(toasts()).toEqual([]);
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('too many attempts: the server says when to try again, in the form', async () => {
    const message = 'Muitas tentativas de acesso. Tente novamente em 4 segundos.';
    stubApi({ 'POST /login': { status: 429, body: { message, code: 'too_many_attempts' } } });
    renderLogin();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(message);
    expect(toasts()).toEqual([]);
  });

  it('any other failure: "Algum erro ocorreu na tentativa de acessar sua conta."', async () => {
    stubApi({
      'POST /login': { status: 503, body: { message: 'Indisponível.', code: 'service_unavailable' } },
    });
    renderLogin();
    await fillAndSubmit();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Algum erro ocorreu na tentativa de acessar sua conta.',
    );
    expect(toasts()).toEqual([]);
  });

  it('account data failing after login: toast and no session', async () => {
    stubApi({ 'POST /login': { body: token }, 'GET /user': { status: 500, body: null } });
    const router = renderLogin();
    await fillAndSubmit();
    await vi.waitFor(() =>
      expect(toasts()).toEqual([
        'Ocorreu um erro ao receber os dados da sua conta, tente novamente mais tarde.',
      ]),
    );
    expect(router.state.location.pathname).toBe('/');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('asks for the missing fields before calling the server', async () => {
    const { calls } = stubApi({});
    renderLogin();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Entrar' }));
    expect(screen.getByText('Informe o nome da empresa')).toBeTruthy();
    expect(screen.getByText('Informe a senha')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/login')).toEqual([]);
  });
});
