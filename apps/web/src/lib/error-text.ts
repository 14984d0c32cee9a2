// What to tell the user about a failed call: the server's message (it speaks the user's language), else "Ops…".
import { HttpError } from './http.ts';
import { i18n } from './i18n.ts';

export const errorText = (error: unknown): string =>
  (error instanceof HttpError && error.serverMessage) || i18n.t('errors.generic');
