// Direct calls to the server under test, for set-up steps the browser flow does not need to repeat.
import type { Language, LoginResponse } from '@atende/contract';
import type { Credentials } from './browser.ts';

export async function apiLogin(baseUrl: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const body = (await response.json()) as LoginResponse;
  return body.access_token;
}

export async function apiLogout(baseUrl: string, token: string): Promise<void> {
  const response = await fetch(`${baseUrl}/api/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`logout failed: ${response.status}`);
}

export async function apiSetLanguage(baseUrl: string, token: string, language: Language): Promise<void> {
  const response = await fetch(`${baseUrl}/api/user`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ language }),
  });
  if (!response.ok) throw new Error(`profile update failed: ${response.status} ${await response.text()}`);
}
