// Logout and the accounts-site redirect of spec §4.
import { describe, expect, it } from 'vitest';
import { setTitleCounter } from '../../lib/document-title.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { accountsRedirectUrl, signOut } from './session.ts';
import { TOKEN_STORAGE_KEY, useSessionStore } from '../../lib/session-store.ts';

describe('logout', () => {
  it('tells the server, then clears the token, the account and the title counter', async () => {
    useSessionStore.getState().authenticate('token-1', demoUser());
    setTitleCounter(3);
    expect(document.title).toBe('(3) Atende');
    const { calls } = stubApi({ 'POST /logout': { body: { ok: true } } });

    await signOut(null);

    expect(calls.map((call) => `${call.method} ${call.path} ${call.headers.Authorization}`)).toEqual([
      'POST /logout Bearer token-1',
    ]);
    expect(useSessionStore.getState()).toMatchObject({ status: 'anonymous', token: null, user: null });
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(document.title).toBe('Atende');
  });

  it('still ends the session locally when the server already forgot it', async () => {
    useSessionStore.getState().authenticate('revoked', demoUser());
    stubApi({
      'POST /logout': { status: 401, body: { message: 'Sessão expirada.', code: 'session_expired' } },
    });
    await signOut(null);
    expect(useSessionStore.getState().status).toBe('anonymous');
  });

  it('sends the browser to the accounts site with the current origin in `o`', () => {
    expect(accountsRedirectUrl('https://accounts.example.com/entrar', 'https://demo.atende.com.br')).toBe(
      'https://accounts.example.com/entrar?o=https%3A%2F%2Fdemo.atende.com.br',
    );
    expect(accountsRedirectUrl('https://accounts.example.com/?x=1', 'http://localhost:3000')).toBe(
      'https://accounts.example.com/?x=1&o=http%3A%2F%2Flocalhost%3A3000',
    );
  });
});
