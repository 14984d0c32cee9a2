// Viber's JSON as our server must read it: `message_token` is a 64-bit integer (beyond 2^53, where JSON.parse
// would round it), so its digits are quoted in the raw text before parsing and every token stays a string.
/** A raw `"message_token": 5741311803571721087` becomes `"message_token":"5741311803571721087"`. */
const TOKEN = /"message_token"\s*:\s*(-?\d+)/g;

/** The body parsed with every message_token kept as its exact digits; null when it is not JSON. */
export function parseViberJson(raw: string): unknown {
  try {
    return JSON.parse(raw.replace(TOKEN, '"message_token":"$1"')) as unknown;
  } catch {
    return null;
  }
}

/** The same text written with the tokens as Viber writes them: bare integers (what the simulator sends). */
export const rawTokens = (json: string) => json.replace(/"message_token":"(-?\d+)"/g, '"message_token":$1');
