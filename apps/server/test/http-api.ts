// The API of a running server called over HTTP as a client would: a login and authenticated JSON calls that
// throw on any non-2xx answer. Used by the tests that start the server as its own process (server-process.ts)
// and by the end-to-end tests' set-up steps.
import type { LoginResponse } from '@atende/contract';

export interface LoginCredentials {
  company: string;
  username: string;
  password: string;
}

/** Signs in and answers the access token. */
export async function apiLogin(baseUrl: string, credentials: LoginCredentials): Promise<string> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as LoginResponse).access_token;
}

/** Signs a user of the demo company in (its demo password). */
export const demoLogin = (baseUrl: string, username: string) =>
  apiLogin(baseUrl, { company: 'demo', username, password: 'demo1234' });

/** Calls `/api<path>` as the holder of `token`, with a JSON body if given; answers the JSON, throws otherwise. */
export async function apiCall<T>(
  baseUrl: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const response = await fetch(`${baseUrl}/api${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}
