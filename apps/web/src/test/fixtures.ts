// Test data shaped by the contract, and a fetch stand-in that answers like the API.
import { abilitiesOf, defaultPermissions, type Resources, type User } from '@atende/contract';
import { vi } from 'vitest';

/** A user as GET /api/user answers it: its abilities follow its role and flags, as the server's table says. */
export function demoUser(overrides: Partial<User> = {}): User {
  const user = { ...userFields, ...overrides };
  return { abilities: abilitiesOf(user), ...user };
}

const userFields: Omit<User, 'abilities'> = {
  id: '01a201b8-77c6-726a-8fd7-da45649e4f01',
  username: 'attendant',
  name: 'Juliana Souza',
  email: null,
  instagram: null,
  avatar: null,
  timezone: 'America/Sao_Paulo',
  language: 'pt_br',
  sound_notification: true,
  require_new_password: false,
  pause: { pause_at: null, reason_id: null },
  permissions: defaultPermissions('attendant'),
  role: 'attendant',
  company: { id: '01a201b8-7760-71e4-bcfb-5e5b0d8710b8', name: 'Demo' },
};

export const demoResources = (): Resources => ({
  company: { id: '01a201b8-7760-71e4-bcfb-5e5b0d8710b8', name: 'Demo' },
  favicon: '/favicon.svg',
  live_url: 'http://localhost:3000',
  accounts_url: null,
  logo: '/brand/logo.svg',
  logo_inverted: '/brand/logo-inverted.svg',
  logo_monochrome_light: '/brand/logo-monochrome-light.svg',
  logo_monochrome_dark: '/brand/logo-monochrome-dark.svg',
  color_light: '#29a4ff',
  color_dark: '#448aff',
  product_name: 'Atende',
  live_defaults: { language: 'pt_br', timezone: 'America/Sao_Paulo', currency: 'BRL' },
});

export interface ApiCall {
  method: string;
  path: string;
  /** The query string's parameters (a paged list's cursor). */
  query: Record<string, string>;
  headers: Record<string, string>;
  body: unknown;
}

type Answer = { status?: number; body?: unknown } | ((call: ApiCall) => { status?: number; body?: unknown });

/** Replaces fetch: `routes['GET /user']` answers that call; unknown calls answer 404 route_not_found. */
export function stubApi(routes: Record<string, Answer>) {
  const calls: ApiCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const method = (init.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/api/, '');
    const headers = Object.fromEntries(Object.entries((init.headers ?? {}) as Record<string, string>));
    const call: ApiCall = {
      method,
      path,
      query: Object.fromEntries(url.searchParams),
      headers,
      // An upload's form is kept as sent; every other body is JSON.
      body: init.body instanceof FormData ? init.body : init.body ? JSON.parse(String(init.body)) : undefined,
    };
    calls.push(call);
    const answer = routes[`${method} ${path}`];
    const { status = 200, body = null } =
      typeof answer === 'function'
        ? answer(call)
        : (answer ?? { status: 404, body: { message: 'Rota não encontrada.', code: 'route_not_found' } });
    return new Response(body === null ? '' : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetchStub };
}
