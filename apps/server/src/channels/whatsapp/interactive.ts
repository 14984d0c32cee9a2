// A message's choices (adapter.ts MessageChoices) as a WhatsApp Cloud interactive list: the text as its body,
// the label as the button that opens the list, one row per option whose id comes back in the customer's
// `list_reply`. Meta's limits: body ≤ 1024 characters, button ≤ 20, row title ≤ 24, row id ≤ 200, 10 rows.
import { DeliveryError, type MessageChoices } from '../adapter.ts';

const BODY_MAX = 1024;
const BUTTON_MAX = 20;
const ROW_TITLE_MAX = 24;
const ROW_ID_MAX = 200;
const ROWS_MAX = 10;

/** The `interactive` message content for `text` with these choices. */
export function interactiveList(text: string, choices: MessageChoices): Record<string, unknown> {
  if (text.length > BODY_MAX) throw new DeliveryError(`text longer than ${BODY_MAX} characters`, true);
  const options = choices.options.slice(0, ROWS_MAX);
  if (options.some((option) => option.id.length > ROW_ID_MAX)) {
    throw new DeliveryError(`choice id longer than ${ROW_ID_MAX} characters`, true);
  }
  return {
    type: 'interactive',
    interactive: {
      type: 'list',
      body: { text },
      action: {
        button: choices.label.slice(0, BUTTON_MAX),
        sections: [
          { rows: options.map((option) => ({ id: option.id, title: option.title.slice(0, ROW_TITLE_MAX) })) },
        ],
      },
    },
  };
}
