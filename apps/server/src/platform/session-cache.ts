// The sessions this process checked recently, so that a request need not read its session row again: that
// read was half of the statements of most requests (a contact-list page: the session, then the page). The
// database tells every process when a session or its user changes (triggers of migration 0020 notify
// `atende_auth` at commit), and the cache forgets them; while that channel is down it keeps nothing.
import type { AuthContext } from './auth.ts';

/** How long a checked session is trusted without a notification: a bound, should one ever go missing. */
export const SESSION_CACHE_TTL_MS = 60_000;
/** Sessions kept at most; the oldest go first (a shift's sessions of a large contact centre fit). */
export const SESSION_CACHE_MAX = 20_000;

/** The channel the triggers of migration 0020 notify, with payloads `session:<id>` or `user:<id>`. */
export const AUTH_CHANNEL = 'atende_auth';

type Entry = { auth: AuthContext; expiresAt: number; checkedAt: number };

export type SessionCache = {
  /** The session's context if it was checked less than SESSION_CACHE_TTL_MS ago and has not expired. */
  get(sessionId: string, now: number): AuthContext | undefined;
  /**
   * Taken before reading a session, handed to `remember` with what was read: a change notified while the read
   * was in flight makes `remember` keep nothing (the read may predate the change).
   */
  version(): number;
  remember(version: number, auth: AuthContext, expiresAt: number, now: number): void;
  /** A payload of AUTH_CHANNEL: forgets the session, or every session of the user. */
  changed(payload: string): void;
  forgetSessions(sessionIds: readonly string[]): void;
  /** Whether changes are being heard: until they are again, nothing is kept (a change may have been missed). */
  listening(live: boolean): void;
  readonly size: number;
};

export function createSessionCache(): SessionCache {
  const entries = new Map<string, Entry>();
  let version = 0;
  let live = false;
  const forgetAll = () => {
    version += 1;
    entries.clear();
  };
  const forgetSessions = (ids: readonly string[]) => {
    version += 1;
    for (const id of ids) entries.delete(id);
  };
  const forgetUser = (userId: string) => {
    version += 1;
    for (const [id, entry] of entries) if (entry.auth.userId === userId) entries.delete(id);
  };
  return {
    get(sessionId, now) {
      const entry = entries.get(sessionId);
      if (!entry) return undefined;
      if (entry.expiresAt > now && now - entry.checkedAt < SESSION_CACHE_TTL_MS) return entry.auth;
      entries.delete(sessionId);
      return undefined;
    },
    version: () => version,
    remember(at, auth, expiresAt, now) {
      if (!live || at !== version) return;
      entries.delete(auth.sessionId);
      if (entries.size >= SESSION_CACHE_MAX) entries.delete(entries.keys().next().value!);
      // Shared by every request of the session from now on: none may change it for the others.
      Object.freeze(auth.permissions);
      entries.set(auth.sessionId, { auth: Object.freeze(auth), expiresAt, checkedAt: now });
    },
    changed(payload) {
      const [kind, id] = payload.split(':', 2);
      if (kind === 'session' && id) forgetSessions([id]);
      else if (kind === 'user' && id) forgetUser(id);
      else forgetAll();
    },
    forgetSessions,
    listening(next) {
      live = next;
      forgetAll();
    },
    get size() {
      return entries.size;
    },
  };
}
