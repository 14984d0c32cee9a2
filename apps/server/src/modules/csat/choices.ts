// CSAT's native form on messaging channels (issue 28): a request carries the five ratings as the message's
// choices (ids `csat:<token>:<rating>`, at most 39 bytes: within Telegram's 64 for callback data); choose.ts
// reads them back. The channels only carry the ids.
import type { Language } from '@atende/contract';
import type { MessageChoices } from '../../channels/adapter.ts';
import { translate } from '../../platform/i18n/i18n.ts';

const RATINGS = [5, 4, 3, 2, 1] as const;

export const csatChoiceId = (token: string, rating: number) => `csat:${token}:${rating}`;

/** The request's options, best first, in the company's language. */
export function csatChoices(language: Language, token: string): MessageChoices {
  return {
    label: translate(language, 'csat', 'button'),
    options: RATINGS.map((rating) => ({
      id: csatChoiceId(token, rating),
      title: translate(language, 'csat', `option${rating}`),
    })),
  };
}
