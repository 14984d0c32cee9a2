// Login throttling (issue 19, finding 6): it slows whoever guesses passwords and never locks the owner out.
// A lock per account let anyone lock anyone (five wrong passwords), and a lock per address locked a whole
// call centre behind one NAT. Instead:
// - failures are counted per account *and* client (the client is the address, or the device cookie when the
//   device is known to the account: device.ts); after LOGIN_FREE_FAILURES, that client waits 1 s, 2 s, 4 s…
//   up to LOGIN_MAX_DELAY_MS before its next try — other clients of the same account are not slowed;
// - an account failing LOGIN_ATTACK_FAILURES times across all clients is under attack: every client but its
//   known devices then tries at most once per LOGIN_ATTACK_INTERVAL_MS, while a client with no recent failure
//   (the owner at a new computer) still gets its first try at once;
// - an address failing more than the configured ceiling (LOGIN_FAILURES_PER_IP, high enough for a NATed
//   contact centre) in LOGIN_IP_WINDOW_MS is refused for the rest of the window, except on known devices.
// Counts live in the rate limiter: in memory on one process, in Redis across a distributed deployment.
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../platform/errors.ts';
import type { RateLimiter } from '../../platform/rate-limit.ts';
import { companySlug } from '../companies/service.ts';

export const LOGIN_FREE_FAILURES = 3;
export const LOGIN_FIRST_DELAY_MS = 1_000;
export const LOGIN_MAX_DELAY_MS = 15 * 60_000;
/** Failures are forgotten this long after the last one (of the client, of the account). */
export const LOGIN_FAILURE_MEMORY_MS = 60 * 60_000;
export const LOGIN_ATTACK_FAILURES = 20;
export const LOGIN_ATTACK_INTERVAL_MS = 10_000;
export const LOGIN_IP_WINDOW_MS = 15 * 60_000;

/** Who tries which account: `knownDevice` is the device id when the device cookie knows this account. */
export type LoginAttempt = { account: string; ip: string; knownDevice: string | null };

/** What an account's throttling looked like when it started (the audit event's details). */
export type ThrottleEpisode = {
  client: 'device' | 'address';
  failures: number;
  accountFailures: number;
  retryAfterSeconds: number;
  underAttack: boolean;
};

export type LoginThrottle = ReturnType<typeof loginThrottle>;

/** The key an account is throttled (and known to devices) by: its company and username as login reads them. */
export const accountKey = (company: string, username: string) =>
  `${companySlug(company)}:${username.trim().toLowerCase()}`;

/** The wait after a client's `failures`-th failure of an account, before any attack pacing. */
export const backoffMs = (failures: number) =>
  failures < LOGIN_FREE_FAILURES
    ? 0
    : Math.min(LOGIN_FIRST_DELAY_MS * 2 ** (failures - LOGIN_FREE_FAILURES), LOGIN_MAX_DELAY_MS);

export function loginThrottle(deps: {
  limiter: RateLimiter;
  ipFailureLimit: number;
  log: FastifyBaseLogger;
}) {
  const { limiter } = deps;
  const client = (attempt: LoginAttempt) =>
    attempt.knownDevice ? `device:${attempt.knownDevice}` : `ip:${attempt.ip}`;
  const keys = (attempt: LoginAttempt) => ({
    ip: `login:ip:${attempt.ip}`,
    failures: `login:fails:${attempt.account}:${client(attempt)}`,
    wait: `login:wait:${attempt.account}:${client(attempt)}`,
    account: `login:account:${attempt.account}`,
    episode: `login:episode:${attempt.account}`,
  });

  return {
    /** Refuses the attempt (429, Retry-After) while its client must wait; before any password is checked. */
    async check(attempt: LoginAttempt): Promise<void> {
      const key = keys(attempt);
      if (!attempt.knownDevice) {
        const address = await limiter.peek(key.ip);
        if (address.count >= deps.ipFailureLimit) refuse(address.resetInMs);
      }
      const wait = await limiter.peek(key.wait);
      if (wait.count > 0) refuse(wait.resetInMs);
    },

    /** Counts a failed attempt; answers the episode when this failure started the account's throttling. */
    async failed(attempt: LoginAttempt): Promise<ThrottleEpisode | null> {
      const key = keys(attempt);
      const [fromAddress, failures, accountFailures] = await Promise.all([
        limiter.increment(key.ip, LOGIN_IP_WINDOW_MS),
        limiter.hit(key.failures, LOGIN_FAILURE_MEMORY_MS),
        limiter.hit(key.account, LOGIN_FAILURE_MEMORY_MS),
      ]);
      if (fromAddress === deps.ipFailureLimit) {
        deps.log.warn(
          { ip: attempt.ip, failures: fromAddress },
          'login failures from one address reached the ceiling',
        );
      }
      const underAttack = accountFailures >= LOGIN_ATTACK_FAILURES && !attempt.knownDevice;
      const waitMs = Math.max(backoffMs(failures), underAttack ? LOGIN_ATTACK_INTERVAL_MS : 0);
      if (waitMs === 0) return null;
      await limiter.hold(key.wait, waitMs);
      const episode: ThrottleEpisode = {
        client: attempt.knownDevice ? 'device' : 'address',
        failures,
        accountFailures,
        retryAfterSeconds: seconds(waitMs),
        underAttack,
      };
      // One episode per account while throttling goes on; it ends after a quiet failure memory.
      const started = await limiter.claim(key.episode, LOGIN_FAILURE_MEMORY_MS);
      deps.log[started ? 'warn' : 'debug'](
        { account: attempt.account, ip: attempt.ip, ...episode },
        started ? 'login throttling started for an account' : 'login throttled',
      );
      return started ? episode : null;
    },

    /** The client got in: its own failures are forgotten (an attacker's elsewhere are not). */
    async succeeded(attempt: LoginAttempt): Promise<void> {
      const key = keys(attempt);
      await Promise.all([limiter.reset(key.failures), limiter.reset(key.wait)]);
    },
  };
}

const seconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

function refuse(resetInMs: number): never {
  const wait = seconds(resetInMs);
  throw new AppError('too_many_attempts', 429, { wait: { seconds: wait } }, { 'retry-after': String(wait) });
}
