// The error catalogue of spec §8 applied to every failed API call.
import { UNAUTHORIZED_SUPPRESSION_MS } from '@atende/contract';
import type { FailedRequest, HttpError } from '../../lib/http.ts';
import { i18n } from '../../lib/i18n.ts';
import { areNotificationsSuppressed, notifyError, suppressNotifications } from '../../lib/notify.ts';
import { clearAuth } from './session.ts';

export function handleHttpError(error: HttpError, request: FailedRequest): void {
  if (error.status === 401 && request.unauthorized === 'sign-out') {
    // Clear the session (the guards then return the user to login), say why once, then stay quiet for 5 s.
    clearAuth();
    if (!areNotificationsSuppressed()) {
      notifyError(error.serverMessage ?? i18n.t('errors.generic'));
      suppressNotifications(UNAUTHORIZED_SUPPRESSION_MS);
    }
    return;
  }
  if (!request.notify) return;
  // 400 and 404 show the server's message; so does any other status that carries one. No message: "Ops…".
  notifyError(error.serverMessage ?? i18n.t('errors.generic'));
}
