// Outbound Telegram: text by sendMessage (its choices as an inline keyboard, one option a row), each file
// uploaded (multipart) by the method of its kind with the text as caption, answering the customer's message
// (reply_parameters) the attendant quoted, else their last one.
// Telegram tells bots nothing of delivery or reading, so a sent message stays `sent` (no status.ts here).
import type { ChannelAdapter, OutboundAttachment, OutboundMessage } from '../adapter.ts';
import { botIdOf, botResult } from './bot-api.ts';
import { telegramProvider } from './inbound.ts';

/** Telegram's longest caption; a longer text goes first as a message of its own. */
const CAPTION_MAX = 1024;

/** The upload method and its file field for a file, by content type (Telegram's own kinds). */
function uploadMethod(file: OutboundAttachment): { method: string; field: string } {
  const type = file.contentType.toLowerCase();
  if (/^image\/(jpeg|png|webp)$/.test(type)) return { method: 'sendPhoto', field: 'photo' };
  if (/^video\/mp4$/.test(type)) return { method: 'sendVideo', field: 'video' };
  if (/^audio\/(ogg|opus)$/.test(type)) return { method: 'sendVoice', field: 'voice' };
  if (/^audio\/(mpeg|mp4|aac)$/.test(type)) return { method: 'sendAudio', field: 'audio' };
  return { method: 'sendDocument', field: 'document' };
}

/**
 * Our id of a customer's message is `<bot id>:<chat id>:<message id>[:edit:…]`: Telegram wants the message id
 * alone, of a message of this bot's chat with the customer.
 */
function replyParameters(message: OutboundMessage): Record<string, unknown> | null {
  const [botId, chatId, messageId] = message.replyTo?.providerMessageId.split(':') ?? [];
  const ours = botId === botIdOf(message.account!) && chatId === message.to;
  if (!ours || !messageId || !/^\d+$/.test(messageId)) return null;
  // A message the customer deleted meanwhile must not stop the answer.
  return { message_id: Number(messageId), allow_sending_without_reply: true };
}

/** The message's choices as buttons whose callback data is the option's id (Telegram allows 1–64 bytes). */
const keyboardOf = (message: OutboundMessage) =>
  message.choices?.options.length
    ? {
        reply_markup: {
          inline_keyboard: message.choices.options.map((option) => [
            { text: option.title, callback_data: option.id },
          ]),
        },
      }
    : {};

const sentId = (message: OutboundMessage, result: unknown) =>
  `${botIdOf(message.account!)}:${message.to}:${(result as { message_id: number }).message_id}`;

async function send(message: OutboundMessage) {
  const account = message.account!;
  const reply = replyParameters(message);
  const files = message.attachments;
  // Choices go with the text's own message (a keyboard under a caption is not worth the special case).
  const captioned = files.length > 0 && message.text.length <= CAPTION_MAX && !message.choices;
  const ids: string[] = [];
  const replyOnce = () => (ids.length === 0 ? reply : null);

  if (message.text.trim() !== '' && !captioned) {
    const parameters = replyOnce();
    const result = await botResult(account, 'sendMessage', {
      json: {
        chat_id: message.to,
        text: message.text,
        ...(parameters ? { reply_parameters: parameters } : {}),
        ...keyboardOf(message),
      },
    });
    ids.push(sentId(message, result));
  }
  for (const [index, file] of files.entries()) {
    const { method, field } = uploadMethod(file);
    const form = new FormData();
    form.append('chat_id', message.to);
    if (captioned && index === 0 && message.text.trim() !== '') form.append('caption', message.text);
    const parameters = replyOnce();
    if (parameters) form.append('reply_parameters', JSON.stringify(parameters));
    form.append(
      field,
      new Blob([new Uint8Array(await file.read())], { type: file.contentType }),
      file.filename,
    );
    ids.push(sentId(message, await botResult(account, method, { form })));
  }
  return { providerMessageId: ids[0]! };
}

export const telegramAdapter: ChannelAdapter = {
  send,
  replyContext: true,
  // Bots may delete their messages only within 48 hours: not offered (yet).
  deleteForEveryone: null,
  // Inline keyboard / interactive list (CSAT).
  choices: true,
  provider: telegramProvider,
};
