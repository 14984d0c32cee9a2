// A throttling episode of an account, written to its company's audit log (once per episode: throttle.ts
// says when one starts). An unknown company has no log to write to; an unknown username of a known company
// is recorded as typed, since guessing usernames is what the administrator should see.
import type { Db } from '../../platform/db/database.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { findCompanyBySlug } from '../companies/service.ts';
import type { ThrottleEpisode } from './throttle.ts';

export async function recordThrottling(
  db: Db,
  attempt: { company: string; username: string; ip: string },
  episode: ThrottleEpisode,
): Promise<void> {
  const company = await findCompanyBySlug(db, attempt.company);
  if (!company) return;
  await recordAuditEvent(db, {
    companyId: company.id,
    kind: 'login_throttled',
    subject: attempt.username.trim().toLowerCase(),
    clientIp: attempt.ip,
    details: {
      client: episode.client,
      failures: episode.failures,
      account_failures: episode.accountFailures,
      retry_after_seconds: episode.retryAfterSeconds,
      under_attack: episode.underAttack,
    },
  });
}
