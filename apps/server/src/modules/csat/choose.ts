// A customer's pick among a CSAT request's native options (choices.ts), handed over by a channel's webhook:
// recorded by the same rule as the public page's answer (answerCsat: once, within the link's lifetime), then
// the customer is asked whether they want to add a comment (comment.ts).
import type { Choose, ChoiceOutcome } from '../../channels/adapter.ts';
import { AppError } from '../../platform/errors.ts';
import { translate } from '../../platform/i18n/i18n.ts';
import { findCompanyById } from '../companies/service.ts';
import { settingsOf } from '../company-settings/settings.ts';
import { askForComment } from './comment.ts';
import { answerCsat, csatByToken, type CsatDeps } from './service.ts';

const CHOICE_ID = /^csat:([A-Za-z0-9_-]{1,64}):([1-5])$/;

/**
 * Records a picked rating of the account's company. An id that is not CSAT's is nobody's here (null reply); an
 * unknown or expired token, another company's, or a second answer change nothing and are answered politely.
 */
export async function chooseCsat(
  deps: Pick<CsatDeps, 'db' | 'bus' | 'jobs' | 'urls'>,
  choice: Parameters<Choose>[0],
): Promise<ChoiceOutcome> {
  const match = CHOICE_ID.exec(choice.id);
  if (!match) return { accepted: false, reply: null };
  const [, token, rating] = match as unknown as [string, string, string];
  const company = await findCompanyById(deps.db, choice.companyId);
  const language = settingsOf(company ?? { settings: {} }).language;
  const found = await csatByToken(deps.db, token);
  if (found?.row.companyId !== choice.companyId) {
    return { accepted: false, reply: translate(language, 'csat', 'expired') };
  }
  try {
    await answerCsat(deps, token, { rating: Number(rating), comment: '' });
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    const key = error.code === 'csat_already_answered' ? 'already' : 'expired';
    return { accepted: false, reply: translate(language, 'csat', key) };
  }
  await askForComment(deps, found.row, language);
  return { accepted: true, reply: translate(language, 'csat', 'thanks') };
}
