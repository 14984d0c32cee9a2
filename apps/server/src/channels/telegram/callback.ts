// A tap on a button of our inline keyboards (a `callback_query` update): the button's data is the id of one of
// the message's choices (adapter.ts MessageChoices), handed to `io.choose`. Telegram is then told the product's
// reply (answerCallbackQuery, which also stops the button's spinner), and an accepted choice takes the keyboard
// off the message (editMessageReplyMarkup) so it is not pressed again. Both calls are courtesy: the choice is
// already recorded, so their failure is logged, never a reason for Telegram to send the update again.
import { WebhookRefusal, type ChannelAccountRecord, type WebhookIo } from '../adapter.ts';
import { callBot } from './bot-api.ts';

type CallbackQuery = {
  id: string;
  from: { id: number };
  data?: string;
  message?: { message_id: number; chat: { id: number } };
};

const isCallbackQuery = (value: unknown): value is CallbackQuery => {
  const query = value as CallbackQuery | null;
  return (
    typeof query === 'object' &&
    query !== null &&
    typeof query.id === 'string' &&
    typeof query.from === 'object' &&
    query.from !== null &&
    Number.isInteger(query.from.id) &&
    (query.data === undefined || typeof query.data === 'string') &&
    (query.message === undefined ||
      (Number.isInteger(query.message?.message_id) && Number.isInteger(query.message?.chat?.id)))
  );
};

/** Telegram shows at most 200 characters of a callback answer. */
const ANSWER_MAX = 200;

async function courtesy(
  account: ChannelAccountRecord,
  io: WebhookIo,
  method: string,
  json: Record<string, unknown>,
): Promise<void> {
  try {
    const answer = await callBot(account, method, { json });
    if (!answer.ok)
      io.log.warn({ channelAccountId: account.id, method, reason: answer.description }, 'telegram refused');
  } catch (error) {
    io.log.warn({ channelAccountId: account.id, method, err: error }, 'telegram call failed');
  }
}

export async function handleCallbackQuery(
  account: ChannelAccountRecord,
  value: unknown,
  io: WebhookIo,
): Promise<void> {
  if (!isCallbackQuery(value)) throw new WebhookRefusal(400, 'malformed callback_query');
  // The customer's chat with the bot (a private chat's id is the user's).
  const chatId = value.message?.chat.id ?? value.from.id;
  const outcome = value.data
    ? await io.choose({ id: value.data, address: String(chatId) })
    : { accepted: false, reply: null };
  await courtesy(account, io, 'answerCallbackQuery', {
    callback_query_id: value.id,
    ...(outcome.reply ? { text: outcome.reply.slice(0, ANSWER_MAX) } : {}),
  });
  if (outcome.accepted && value.message) {
    await courtesy(account, io, 'editMessageReplyMarkup', {
      chat_id: value.message.chat.id,
      message_id: value.message.message_id,
      reply_markup: { inline_keyboard: [] },
    });
  }
}
