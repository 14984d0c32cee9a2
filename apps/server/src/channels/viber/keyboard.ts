// A message's choices (adapter.ts MessageChoices) as a Viber keyboard: one full-width `reply` button per option,
// its ActionBody the option's id. Viber sends a tapped button's ActionBody back as the customer's text message
// (inbound.ts hands every text to `io.choose` first); Silent keeps the id out of the customer's own chat.
// Viber's limits: ActionBody and Text ≤ 250 characters, 24 buttons on a keyboard.
import { DeliveryError, type MessageChoices } from '../adapter.ts';

const BUTTONS_MAX = 24;
const ACTION_BODY_MAX = 250;
const TEXT_MAX = 250;
/** A keyboard row is 6 columns wide: one option per row. */
const FULL_WIDTH = 6;

/** The `keyboard` of a send_message body offering these choices. */
export function viberKeyboard(choices: MessageChoices): Record<string, unknown> {
  const options = choices.options.slice(0, BUTTONS_MAX);
  if (options.some((option) => option.id.length > ACTION_BODY_MAX)) {
    throw new DeliveryError(`choice id longer than ${ACTION_BODY_MAX} characters`, true);
  }
  return {
    Type: 'keyboard',
    DefaultHeight: false,
    Buttons: options.map((option) => ({
      Columns: FULL_WIDTH,
      Rows: 1,
      ActionType: 'reply',
      ActionBody: option.id,
      Text: option.title.slice(0, TEXT_MAX),
      Silent: true,
    })),
  };
}
