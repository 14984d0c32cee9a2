// The guard and the route table, driven through the real routes (lazy pages included) in a memory router.
import { notifications } from '@mantine/notifications';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkStoredToken, clearAuth } from '../features/session/session.ts';
import { SwitchAccountModal } from '../features/session/handoff.ts';
import { takeTokenFromAddress } from '../lib/handoff-link.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../lib/session-store.ts';
import { useTabStore } from '../features/tab-lock/tab-lock.ts';
import { demoResources, demoUser, stubApi, type ApiCall } from '../test/fixtures.ts';
import { AppProviders } from './AppProviders.tsx';
import { appRoutes } from './router.tsx';

const list = (names: string[]) => ({
  body: { data: names.map((name, index) => ({ id: `id-${index}`, name })) },
});

/** The API of a healthy session whose token is `token` (`extra` adds or replaces answers). */
const api = (token = 'good-token', user = demoUser(), extra: Parameters<typeof stubApi>[0] = {}) =>
  stubApi({
    'GET /user': (call: ApiCall) =>
      call.headers.Authorization === `Bearer ${token}`
        ? { body: user }
        : { status: 401, body: { message: 'Sua sessão expirou. Entre novamente.', code: 'session_expired' } },
    'GET /resources': { body: demoResources() },
    'GET /channels': {
      body: { data: [{ id: 'c1', kind: 'whatsapp', name: 'WhatsApp', address: '+55 11' }] },
    },
    'GET /events/actions': list(['Venda']),
    'GET /wallets': list(['Varejo']),
    'GET /responsibles': { body: { data: [] } },
    'GET /v2/phrases': { body: { data: [] } },
    'GET /phone/reasons': list(['Dúvida']),
    'GET /pause/reasons': list(['Almoço']),
    'GET /pipeline': { body: { data: [] } },
    'POST /heartbeat': { body: { server_time: new Date().toISOString() } },
    ...QUEUE,
    ...extra,
  });

const REFUSAL = {
  message: 'Este link de acesso já foi usado ou não é mais válido. Entre novamente.',
  code: 'handoff_invalid',
};

/** The server's exchange of the link token `link-token` for `fresh` (anything else, or `used`: refused). */
const handoff = (fresh: string, used = false) => ({
  'POST /session/handoff': (call: ApiCall) =>
    !used && (call.body as { token?: string }).token === 'link-token'
      ? { body: { access_token: fresh, token_type: 'Bearer', expires_at: '2030-01-01T00:00:00.000Z' } }
      : { status: 401, body: REFUSAL },
});

/** An empty contact queue: the console's initial load reads the list, the waiting queue and the saved views. */
const QUEUE = {
  'GET /contacts': { body: { data: [], next_cursor: null } },
  'GET /conversations/waiting': { body: { count: 0, data: [] } },
  'GET /views': { body: { data: [] } },
};

const renderAt = (url: string) => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
      <SwitchAccountModal />
    </AppProviders>,
  );
  return router;
};

/** The app started from a console link to `path` (main.tsx takes the token out first), rendered there. */
const openLink = (path: string) => {
  const [pathname, search = ''] = path.split('?');
  window.history.replaceState(null, '', `${pathname}?access_token=link-token${search ? `&${search}` : ''}`);
  takeTokenFromAddress();
  expect(window.location.search).not.toContain('access_token');
  return renderAt(`${window.location.pathname}${window.location.search}`);
};

const signedIn = () => useSessionStore.getState().authenticate('good-token', demoUser());
const LONG = { timeout: 5_000 };

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
  useTabStore.setState({ status: 'idle' });
});

describe('guard', () => {
  it('sends visitors from an authenticated route to login', async () => {
    api();
    const router = renderAt('/painel/meu-perfil');
    expect(await screen.findByRole('button', { name: 'Entrar' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('sends signed-in users from a visitor route to the panel', async () => {
    api();
    signedIn();
    const router = renderAt('/');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel');
  });

  it('redirects unknown paths to the panel index (and visitors on to login)', async () => {
    api();
    signedIn();
    const router = renderAt('/nao/existe');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel');
  });

  it('exchanges the access_token of a link for a session', async () => {
    const { calls } = api('fresh-token', demoUser(), handoff('fresh-token'));
    const router = openLink('/');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel');
    expect(useSessionStore.getState().token).toBe('fresh-token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('fresh-token');
    const exchange = calls.find((call) => call.path === '/session/handoff');
    expect(exchange?.body).toEqual({ token: 'link-token' });
    expect(exchange?.headers.Authorization).toBeUndefined();
    expect(calls.some((call) => call.headers.Authorization === 'Bearer link-token')).toBe(false);
  });

  it('keeps the route when the link is accepted on an authenticated route', async () => {
    api('fresh-token', demoUser(), handoff('fresh-token'));
    const router = openLink('/painel/sugestoes?tab=2');
    expect(await screen.findByRole('heading', { name: 'Sugestões' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel/sugestoes');
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('sends an authenticated route to login, with the server’s message, when the link is refused', async () => {
    api('good-token', demoUser(), handoff('fresh-token', true));
    const router = openLink('/painel');
    expect(await screen.findByRole('button', { name: 'Entrar' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().status).toBe('anonymous');
    expect(vi.mocked(notifications.show).mock.calls.map(([data]) => data.message)).toEqual([REFUSAL.message]);
  });

  it('keeps whoever is signed in when the link is refused', async () => {
    api('good-token', demoUser(), handoff('fresh-token', true));
    signedIn();
    openLink('/painel');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('good-token');
    expect(vi.mocked(notifications.show).mock.calls.map(([data]) => data.message)).toEqual([REFUSAL.message]);
  });

  it('continues with the fresh session, without asking, when the link is of the same user', async () => {
    api('fresh-token', demoUser(), {
      ...handoff('fresh-token'),
      'GET /user': () => ({ body: demoUser() }),
    });
    signedIn();
    openLink('/painel');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    expect(useSessionStore.getState().token).toBe('fresh-token');
    expect(screen.queryByText('Trocar de conta?')).toBeNull();
  });

  describe('a link of another user than the one signed in', () => {
    const other = demoUser({ id: '01a201b8-77c6-726a-8fd7-da45649e4f02', name: 'Marcos Lima' });
    const twoAccounts = () =>
      api('good-token', demoUser(), {
        ...handoff('fresh-token'),
        'GET /user': (call: ApiCall) =>
          call.headers.Authorization === 'Bearer fresh-token' ? { body: other } : { body: demoUser() },
        'POST /logout': { body: { ok: true } },
      });
    const question = 'Você está conectado como Juliana Souza. Continuar como Marcos Lima?';

    it('asks, and keeps the current account when told so (the unused session is ended)', async () => {
      const { calls } = twoAccounts();
      signedIn();
      openLink('/painel');
      expect(await screen.findByText(question, {}, LONG)).toBeTruthy();
      fireEvent.click(screen.getByRole('button', { name: 'Manter a atual' }));
      expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
      expect(useSessionStore.getState().token).toBe('good-token');
      expect(calls.find((call) => call.path === '/logout')?.headers.Authorization).toBe('Bearer fresh-token');
    });

    it('asks, and switches when told so', async () => {
      twoAccounts();
      signedIn();
      openLink('/painel');
      fireEvent.click(await screen.findByRole('button', { name: 'Trocar' }, LONG));
      expect(await screen.findByText('Olá, Marcos!', {}, LONG)).toBeTruthy();
      expect(useSessionStore.getState().token).toBe('fresh-token');
    });
  });

  it('waits for the stored-token check before deciding', async () => {
    api('stored-token');
    useSessionStore.setState({ token: 'stored-token', status: 'unknown' });
    const router = renderAt('/painel');
    expect(router.state.location.pathname).toBe('/painel');
    await act(() => checkStoredToken());
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
  });

  it('rejects a missing stored token as "no storage token"', async () => {
    await expect(checkStoredToken()).rejects.toThrow('no storage token');
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('returns to login when the session ends mid-way', async () => {
    api();
    signedIn();
    const router = renderAt('/painel');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    act(() => clearAuth());
    expect(await screen.findByRole('button', { name: 'Entrar' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
  });

  it('shows open.page when another tab is the active one', async () => {
    api();
    signedIn();
    useTabStore.setState({ status: 'inactive' });
    const { FakeLockManager } = await import('../test/fake-locks.ts');
    const locks = new FakeLockManager();
    // Another tab holds the lock for as long as it lives.
    void locks.request('atende.active-tab', {}, () => new Promise(() => undefined));
    Object.defineProperty(navigator, 'locks', { configurable: true, value: locks });
    try {
      const router = renderAt('/painel');
      expect(await screen.findByRole('button', { name: 'Usar Aqui' }, LONG)).toBeTruthy();
      expect(router.state.location.pathname).toBe('/open-page');
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

/** Every call of the initial load answered, with empty catalogues. */
const EMPTY_INITIAL_DATA = {
  'GET /resources': { body: demoResources() },
  'GET /channels': { body: { data: [] } },
  'GET /events/actions': { body: { data: [] } },
  'GET /wallets': { body: { data: [] } },
  'GET /responsibles': { body: { data: [] } },
  'GET /v2/phrases': { body: { data: [] } },
  'GET /phone/reasons': { body: { data: [] } },
  'GET /pause/reasons': { body: { data: [] } },
  'GET /pipeline': { body: { data: [] } },
  ...QUEUE,
};

describe('initial load', () => {
  // Spec §7: call reasons 3 attempts 1 s apart, pipelines 2; neither keeps the console from opening.
  it.each([
    ['call reasons', 3, '/phone/reasons'],
    ['pipelines', 2, '/pipeline'],
  ])('asks for the %s %i times, 1 s apart, and still opens the console', async (_name, times, path) => {
    stubApi({
      ...EMPTY_INITIAL_DATA,
      [`GET ${path}`]: {
        status: 503,
        body: { message: 'Serviço indisponível.', code: 'service_unavailable' },
      },
    });
    signedIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/painel');
      expect(await screen.findByTestId('processing-overlay', {}, LONG)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(2_500));
      expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
      const attempts = vi
        .mocked(fetch)
        .mock.calls.filter(([url]) => new URL(String(url), 'http://x').pathname === `/api${path}`);
      expect(attempts).toHaveLength(times);
      expect(vi.mocked(notifications.show).mock.calls.map(([data]) => data.message)).toEqual([
        'Serviço indisponível.',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the session and returns to login when required data fails', async () => {
    stubApi({ ...EMPTY_INITIAL_DATA, 'GET /channels': { status: 500, body: null } });
    signedIn();
    const router = renderAt('/painel');
    expect(await screen.findByRole('button', { name: 'Entrar' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().token).toBeNull();
    expect(vi.mocked(notifications.show).mock.calls.map(([data]) => data.message)).toContain(
      'Ops. Algo de errado aconteceu...',
    );
  });
});
