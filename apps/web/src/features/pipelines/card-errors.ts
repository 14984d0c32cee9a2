// What a card dialog says when a call fails: the server's reason for a refused input (it speaks the user's
// language: a label of another pipeline, a cover that is not an image), else the spec's "card update problem".
import { HttpError } from '../../lib/http.ts';
import { i18n } from '../../lib/i18n.ts';

export const cardErrorText = (error: unknown): string =>
  error instanceof HttpError && error.status === 400 && error.serverMessage
    ? error.serverMessage
    : i18n.t('pipelines.errors.update');
