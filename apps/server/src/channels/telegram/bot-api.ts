// One call to the Telegram Bot API (`<root>/bot<token>/<method>`) read as Telegram answers it — `{ok:true,
// result}` or `{ok:false, error_code, description, parameters:{retry_after}}` — and those failures as delivery
// errors: a rate limit waits `retry_after`, a refused token or a user who blocked the bot cannot be retried.
import { DeliveryError, type ChannelAccountRecord } from '../adapter.ts';
import { apiRoot, callProvider, jsonOf, retryAfterMs, settingOf } from '../http.ts';

export const TELEGRAM_API_ROOT = 'https://api.telegram.org';

export type BotAnswer =
  { ok: true; result: unknown } | { ok: false; code: number; description: string; retryAfter: unknown };

export type BotCall = { json?: Record<string, unknown>; form?: FormData };

const botToken = (account: ChannelAccountRecord) => settingOf(account, 'bot_token');

/** The bot's own id: the digits before the token's colon (what getMe answers as its id). */
export const botIdOf = (account: ChannelAccountRecord) => botToken(account).split(':')[0] ?? '';

/** The address of a file Telegram keeps for the bot (getFile's `file_path`). */
export const botFileUrl = (account: ChannelAccountRecord, filePath: string) =>
  `${apiRoot(account, TELEGRAM_API_ROOT)}/file/bot${botToken(account)}/${filePath}`;

/** Calls a method; network failures throw a transient DeliveryError (callProvider), answers are returned. */
export async function callBot(
  account: ChannelAccountRecord,
  method: string,
  call: BotCall = {},
): Promise<BotAnswer> {
  const url = `${apiRoot(account, TELEGRAM_API_ROOT)}/bot${botToken(account)}/${method}`;
  const response = await callProvider(url, call.form ? { body: call.form } : { json: call.json ?? {} });
  const body = (await jsonOf(response)) as {
    ok?: unknown;
    result?: unknown;
    error_code?: unknown;
    description?: unknown;
    parameters?: { retry_after?: unknown };
  } | null;
  if (response.ok && body?.ok === true) return { ok: true, result: body.result };
  return {
    ok: false,
    code: typeof body?.error_code === 'number' ? body.error_code : response.status,
    description:
      typeof body?.description === 'string' && body.description !== ''
        ? body.description
        : `HTTP ${response.status}`,
    retryAfter: body?.parameters?.retry_after ?? response.headers.get('retry-after'),
  };
}

/**
 * A refused call as a delivery error: 429 waits what Telegram asks; 401 (the token was revoked or is wrong) is
 * the product's own reason; 400/403 (chat not found, bot blocked by the user, kicked) pass on Telegram's words
 * and are not retried; 5xx are.
 */
export function botDeliveryError(answer: Extract<BotAnswer, { ok: false }>): DeliveryError {
  if (answer.code === 429) {
    return new DeliveryError(
      answer.description,
      false,
      retryAfterMs(null, Number(answer.retryAfter)) ?? 1000,
    );
  }
  if (answer.code === 401) return new DeliveryError('provider_token_invalid', true);
  return new DeliveryError(answer.description, answer.code >= 400 && answer.code < 500);
}

/** The result of a call that must succeed, or the delivery error its refusal means. */
export async function botResult(
  account: ChannelAccountRecord,
  method: string,
  call: BotCall = {},
): Promise<unknown> {
  const answer = await callBot(account, method, call);
  if (!answer.ok) throw botDeliveryError(answer);
  return answer.result;
}
