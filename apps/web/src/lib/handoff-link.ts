// The console link's access_token (spec §2: the admin Center sends users here with one). It leaves the address
// the moment the app starts, before anything renders or loads, so it stays in no history entry or bookmark and
// no request's Referer; it is held here until the guard exchanges it, once, for a session of the console's own
// (features/session/session.ts, settleHandoff). A link followed inside the running app opens it anew
// (app/guards.ts), so a token is only ever taken here.
export const ACCESS_TOKEN_PARAM = 'access_token';

let held: string | null = null;
let started = false;

/** Start-up (main.tsx, first thing): takes the token out of the address the browser opened, in place. */
export function takeTokenFromAddress(): void {
  const url = new URL(window.location.href);
  const token = url.searchParams.get(ACCESS_TOKEN_PARAM);
  if (token === null) return;
  url.searchParams.delete(ACCESS_TOKEN_PARAM);
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
  // An empty parameter is no token.
  held = token || null;
  started = true;
}

/** Whether the app opened from a link: only then is the handoff's code (and its question) loaded. */
export const startedFromLink = (): boolean => started;

/** The held token, handed over once. */
export const takeLinkToken = (): string | null => {
  const token = held;
  held = null;
  return token;
};
