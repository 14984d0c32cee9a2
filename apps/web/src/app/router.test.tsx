// The guard and the route table, driven through the real routes (lazy pages included) in a memory router.
import { notifications } from '@mantine/notifications';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { checkStoredToken, clearAuth } from '../features/session/session.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../lib/session-store.ts';
import { useTabStore } from '../features/tab-lock/tab-lock.ts';
import { demoResources, demoUser, stubApi, type ApiCall } from '../test/fixtures.ts';
import { AppProviders } from './AppProviders.tsx';
import { appRoutes } from './router.tsx';

const list = (names: string[]) => ({
  body: { data: names.map((name, index) => ({ id: `id-${index}`, name })) },
});

/** The API of a healthy session whose token is `token`. */
const api = (token = 'good-token', user = demoUser()) =>
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
    'POST /heartbeat': { body: { server_time: new Date().toISOString() } },
    ...QUEUE,
  });

/** An empty contact queue: the console's initial load reads the list and the waiting queue. */
const QUEUE = {
  'GET /contacts': { body: { data: [], next_cursor: null } },
  'GET /conversations/waiting': { body: { count: 0, data: [] } },
};

const renderAt = (url: string) => {
  const router = createMemoryRouter(appRoutes, { initialEntries: [url] });
  render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
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

  it('accepts an access_token query parameter and removes it from the address', async () => {
    const { calls } = api('url-token');
    const router = renderAt('/?access_token=url-token');
    expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel');
    expect(router.state.location.search).toBe('');
    expect(useSessionStore.getState().token).toBe('url-token');
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('url-token');
    expect(calls.find((call) => call.path === '/user')?.headers.Authorization).toBe('Bearer url-token');
  });

  it('keeps the route when the token is accepted on an authenticated route', async () => {
    api('url-token');
    const router = renderAt('/painel/sugestoes?access_token=url-token&tab=2');
    expect(await screen.findByText('Esta área ainda não está disponível', {}, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/painel/sugestoes');
    expect(router.state.location.search).toBe('?tab=2');
  });

  it('sends an authenticated route to login when the access_token fails', async () => {
    api('good-token');
    const router = renderAt('/painel?access_token=stolen');
    expect(await screen.findByRole('button', { name: 'Entrar' }, LONG)).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(useSessionStore.getState().status).toBe('anonymous');
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

describe('initial load', () => {
  it('retries call reasons 3 times, 1 s apart, and still opens the console', async () => {
    stubApi({
      'GET /resources': { body: demoResources() },
      'GET /channels': { body: { data: [] } },
      'GET /events/actions': { body: { data: [] } },
      'GET /wallets': { body: { data: [] } },
      'GET /responsibles': { body: { data: [] } },
      'GET /v2/phrases': { body: { data: [] } },
      'GET /phone/reasons': {
        status: 503,
        body: { message: 'Serviço indisponível.', code: 'service_unavailable' },
      },
      'GET /pause/reasons': { body: { data: [] } },
      ...QUEUE,
    });
    signedIn();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      renderAt('/painel');
      expect(await screen.findByTestId('processing-overlay', {}, LONG)).toBeTruthy();
      await act(() => vi.advanceTimersByTimeAsync(2_500));
      expect(await screen.findByText('Olá, Juliana!', {}, LONG)).toBeTruthy();
      const attempts = vi.mocked(fetch).mock.calls.filter(([url]) => String(url).endsWith('/phone/reasons'));
      expect(attempts).toHaveLength(3);
      expect(vi.mocked(notifications.show).mock.calls.map(([data]) => data.message)).toEqual([
        'Serviço indisponível.',
      ]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('clears the session and returns to login when required data fails', async () => {
    stubApi({
      'GET /resources': { body: demoResources() },
      'GET /channels': { status: 500, body: null },
      'GET /events/actions': { body: { data: [] } },
      'GET /wallets': { body: { data: [] } },
      'GET /responsibles': { body: { data: [] } },
      'GET /v2/phrases': { body: { data: [] } },
      'GET /phone/reasons': { body: { data: [] } },
      'GET /pause/reasons': { body: { data: [] } },
      ...QUEUE,
    });
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
