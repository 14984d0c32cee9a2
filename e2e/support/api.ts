// Direct calls to the server under test, for set-up steps the browser flow does not need to repeat.
import type { Language } from '@atende/contract';
import { apiCall, apiLogin } from '../../apps/server/test/http-api.ts';

export { apiCall, apiLogin } from '../../apps/server/test/http-api.ts';

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

/** Takes every waiting customer with `token` (next-in-queue until the queue is empty); answers how many. */
export async function apiDrainWaiting(baseUrl: string, token: string): Promise<number> {
  for (let taken = 0; ; taken++) {
    const response = await fetch(`${baseUrl}/api/conversations/waiting/conversation`, {
      headers: { authorization: `Bearer ${token}` },
    });
    if (response.status === 404) return taken;
    if (!response.ok) throw new Error(`take-next failed: ${response.status} ${await response.text()}`);
  }
}

export async function apiWaitingCount(baseUrl: string, token: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/conversations/waiting`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new Error(`waiting failed: ${response.status}`);
  return ((await response.json()) as { count: number }).count;
}

/** The contact holding an e-mail address (a widget visitor who gave it in the pre-chat form). */
export async function contactByEmail(baseUrl: string, token: string, email: string): Promise<string> {
  const page = await apiCall<{ data: { id: string }[] }>(baseUrl, token, 'POST', '/conversations/search', {
    parameter: 'email',
    value: email,
  });
  const id = page.data[0]?.id;
  if (!id) throw new Error(`no contact with ${email}`);
  return id;
}

/**
 * A new attendant of the demo company who already chose their own password (the forced first change, made here
 * through the API, is not what the calling test is about).
 */
export async function makeAttendant(
  baseUrl: string,
  adminToken: string,
  attendant: { name: string; username: string; password: string },
): Promise<void> {
  const initial = 'senha-inicial-1';
  await apiCall(baseUrl, adminToken, 'POST', '/center/users', {
    name: attendant.name,
    username: attendant.username,
    role: 'attendant',
    timezone: 'America/Sao_Paulo',
    password: initial,
  });
  const first = await apiLogin(baseUrl, { company: 'demo', username: attendant.username, password: initial });
  await apiCall(baseUrl, first, 'POST', '/user/reset-password', {
    password: attendant.password,
    password_confirmation: attendant.password,
  });
}
