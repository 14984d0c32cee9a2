// A message's choices (adapter.ts MessageChoices) as Messenger / Instagram Direct quick replies: buttons under
// the text, each a `text` quick reply whose payload is the option's id; the customer's tap comes back as a
// message carrying `quick_reply.payload` (messaging.ts). Meta's limits: 13 quick replies, title ≤ 20
// characters, payload ≤ 1000.
import { DeliveryError, type MessageChoices } from '../adapter.ts';

const REPLIES_MAX = 13;
const TITLE_MAX = 20;
const PAYLOAD_MAX = 1000;

/** The `quick_replies` of a Send API message offering these choices. */
export function quickReplies(choices: MessageChoices): Record<string, unknown>[] {
  const options = choices.options.slice(0, REPLIES_MAX);
  if (options.some((option) => option.id.length > PAYLOAD_MAX)) {
    throw new DeliveryError(`choice id longer than ${PAYLOAD_MAX} characters`, true);
  }
  return options.map((option) => ({
    content_type: 'text',
    title: option.title.slice(0, TITLE_MAX),
    payload: option.id,
  }));
}
