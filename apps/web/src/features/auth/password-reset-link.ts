// The public calls of a one-time password reset link (issue 23): the token travels in the body, never with the
// session token of whoever happens to be signed in on this browser.
import type { CompletePasswordResetRequest, Ok, PasswordResetLinkOwner } from '@atende/contract';
import type { Infer } from '../../lib/contract-types.ts';
import { http } from '../../lib/http.ts';

const publicCall = { token: null, notify: false, unauthorized: 'ignore' } as const;

export const inspectResetLink = (token: string) =>
  http.post<PasswordResetLinkOwner>('/password-reset/inspect', { token }, publicCall);

export const completeResetLink = (body: CompletePasswordResetRequest) =>
  http.post<Infer<typeof Ok>>('/password-reset', body, publicCall);
