// Messages as the widget shows them to a visitor: the console's message reduced to what a customer may see
// (no notes, no internal ids beyond the message's own, the visitor's own client id on their messages).
import type { Message, WidgetCsat, WidgetMessage } from '@atende/contract';

/** A message of the conversation as the widget shows it; `clientId` is the visitor's id of their own. */
export const widgetMessage = (
  message: Message,
  clientId: string | null,
  csat: WidgetCsat | null = null,
): WidgetMessage => ({
  id: message.id,
  client_id: clientId,
  direction: message.direction,
  text: message.text,
  attachments: message.attachments.map(({ kind, filename, content_type, size, url }) => ({
    kind,
    filename,
    content_type,
    size,
    url,
  })),
  status: message.status,
  author: message.sender.name,
  reply_to: message.reply_to && {
    id: message.reply_to.id,
    text: message.reply_to.text,
    deleted: message.reply_to.deleted,
  },
  csat,
  created_at: message.created_at,
});
