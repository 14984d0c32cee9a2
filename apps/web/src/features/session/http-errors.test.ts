// The error catalogue of spec §8, through the real HTTP client.
import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { http } from '../../lib/http.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../lib/session-store.ts';

const shown = () =>
  vi.mocked(notifications.show).mock.calls.map(([data]) => ({ message: data.message, ms: data.autoClose }));

const signIn = () => {
  useSessionStore.getState().authenticate('token-1', demoUser());
  expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('token-1');
};

beforeEach(() => {
  vi.spyOn(notifications, 'show').mockReturnValue('toast');
});

afterEach(() => {
  vi.useRealTimers();
});

describe('HTTP error handling', () => {
  it('400: shows the response message', async () => {
    stubApi({
      'GET /wallets': { status: 400, body: { message: 'Filtro inválido.', code: 'validation_failed' } },
    });
    await expect(http.get('/wallets')).rejects.toMatchObject({ status: 400, code: 'validation_failed' });
    expect(shown()).toEqual([{ message: 'Filtro inválido.', ms: 5000 }]);
  });

  it('404: shows the response message', async () => {
    stubApi({});
    await expect(http.get('/nothing')).rejects.toMatchObject({ status: 404 });
    expect(shown()).toEqual([{ message: 'Rota não encontrada.', ms: 5000 }]);
  });

  it('no message: "Ops. Algo de errado aconteceu..." for 5000 ms', async () => {
    stubApi({ 'GET /wallets': { status: 500, body: null } });
    await expect(http.get('/wallets')).rejects.toMatchObject({ status: 500 });
    expect(shown()).toEqual([{ message: 'Ops. Algo de errado aconteceu...', ms: 5000 }]);
  });

  it('a network failure counts as a failure without a message', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(http.get('/wallets')).rejects.toMatchObject({ status: 0 });
    expect(shown()).toEqual([{ message: 'Ops. Algo de errado aconteceu...', ms: 5000 }]);
  });

  it('calls that present their own errors do not toast', async () => {
    stubApi({
      'POST /login': { status: 400, body: { message: 'Empresa, usuário ou senha inválidos.', code: 'x' } },
    });
    await expect(http.post('/login', {}, { notify: false })).rejects.toMatchObject({ status: 400 });
    expect(shown()).toEqual([]);
  });

  it('401: clears the session and token, says so once, then stays quiet for 5 s', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    signIn();
    const unauthorized = {
      status: 401,
      body: { message: 'Sua sessão expirou. Entre novamente.', code: 'session_expired' },
    };
    stubApi({ 'GET /channels': unauthorized, 'GET /wallets': unauthorized, 'POST /heartbeat': unauthorized });

    await Promise.allSettled([
      http.get('/channels'),
      http.get('/wallets'),
      http.post('/heartbeat', undefined),
    ]);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(shown()).toEqual([{ message: 'Sua sessão expirou. Entre novamente.', ms: 5000 }]);

    // Other errors inside the window are suppressed too.
    stubApi({ 'GET /wallets': { status: 400, body: { message: 'Filtro inválido.', code: 'x' } } });
    await expect(http.get('/wallets')).rejects.toMatchObject({ status: 400 });
    expect(shown()).toHaveLength(1);

    vi.advanceTimersByTime(5_001);
    await expect(http.get('/wallets')).rejects.toMatchObject({ status: 400 });
    expect(shown()).toHaveLength(2);
  });

  it('sends the Bearer token and the interface language', async () => {
    signIn();
    const { calls } = stubApi({ 'GET /wallets': { body: { data: [] } } });
    await http.get('/wallets');
    expect(calls[0]?.headers).toMatchObject({ Authorization: 'Bearer token-1', 'Accept-Language': 'pt-BR' });
  });
});
