// SIP messages (RFC 3261 §7) as the embedded PBX reads and writes them over WebSocket (RFC 7118: one message
// per WebSocket message, so no Content-Length framing is needed to split them). Header names are kept in
// their canonical long form; repeated headers (and comma-joined ones such as Via) become lists.

export type SipHeaders = Map<string, string[]>;

export type SipRequest = {
  kind: 'request';
  method: string;
  uri: string;
  headers: SipHeaders;
  body: string;
};
export type SipResponse = {
  kind: 'response';
  status: number;
  reason: string;
  headers: SipHeaders;
  body: string;
};
export type SipMessage = SipRequest | SipResponse;

/** Compact forms (RFC 3261 §7.3.3 and extensions) to their long names. */
const COMPACT: Record<string, string> = {
  i: 'call-id',
  m: 'contact',
  e: 'content-encoding',
  l: 'content-length',
  c: 'content-type',
  f: 'from',
  s: 'subject',
  k: 'supported',
  t: 'to',
  v: 'via',
};
/** Headers whose values may be joined by commas; split so each hop's Via or each Route stands alone. */
const LISTS = new Set(['via', 'route', 'record-route', 'contact']);

const canonical = (name: string) => {
  const lower = name.trim().toLowerCase();
  return COMPACT[lower] ?? lower;
};

/** Splits a header value at commas outside quotes and angle brackets. */
function splitList(value: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    const char = value[i];
    if (char === '"' && value[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && char === '<') depth++;
    else if (!quoted && char === '>') depth--;
    else if (!quoted && depth === 0 && char === ',') {
      parts.push(value.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(value.slice(start).trim());
  return parts.filter(Boolean);
}

export class SipParseError extends Error {}

export function parseSip(raw: string): SipMessage {
  const split = raw.indexOf('\r\n\r\n');
  const head = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split + 4);
  // Folded header lines (a line starting with whitespace) continue the previous one.
  const lines = head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
  const start = lines.shift() ?? '';
  const headers: SipHeaders = new Map();
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new SipParseError(`bad header line: ${line}`);
    const name = canonical(line.slice(0, colon));
    const value = line.slice(colon + 1).trim();
    const values = LISTS.has(name) ? splitList(value) : [value];
    headers.set(name, [...(headers.get(name) ?? []), ...values]);
  }
  const response = /^SIP\/2\.0 (\d{3}) ?(.*)$/.exec(start);
  if (response)
    return { kind: 'response', status: Number(response[1]), reason: response[2] ?? '', headers, body };
  const request = /^([A-Z]+) (\S+) SIP\/2\.0$/.exec(start);
  if (!request) throw new SipParseError(`bad start line: ${start}`);
  for (const required of ['via', 'from', 'to', 'call-id', 'cseq']) {
    if (!headers.has(required)) throw new SipParseError(`missing ${required}`);
  }
  return { kind: 'request', method: request[1]!, uri: request[2]!, headers, body };
}

/** Header names as written on the wire. */
const WIRE_NAMES: Record<string, string> = {
  'call-id': 'Call-ID',
  cseq: 'CSeq',
  'www-authenticate': 'WWW-Authenticate',
  'content-length': 'Content-Length',
};
const wireName = (name: string) =>
  WIRE_NAMES[name] ??
  name.replace(/(^|-)([a-z])/g, (_, dash: string, letter: string) => dash + letter.toUpperCase());

export function serializeSip(message: SipMessage): string {
  const start =
    message.kind === 'request'
      ? `${message.method} ${message.uri} SIP/2.0`
      : `SIP/2.0 ${message.status} ${message.reason}`;
  const lines = [start];
  for (const [name, values] of message.headers) {
    if (name === 'content-length') continue;
    for (const value of values) lines.push(`${wireName(name)}: ${value}`);
  }
  lines.push(`Content-Length: ${Buffer.byteLength(message.body)}`);
  return `${lines.join('\r\n')}\r\n\r\n${message.body}`;
}

export const header = (message: SipMessage, name: string): string | undefined =>
  message.headers.get(name)?.[0];

export const cloneHeaders = (headers: SipHeaders): SipHeaders =>
  new Map([...headers].map(([name, values]) => [name, [...values]]));

/** A `;name=value` parameter of a header value (outside its URI's angle brackets). */
export function headerParam(value: string | undefined, name: string): string | undefined {
  if (!value) return undefined;
  const tail = value.includes('>') ? value.slice(value.lastIndexOf('>') + 1) : value;
  const match = new RegExp(`;\\s*${name}=("[^"]*"|[^;,\\s]+)`, 'i').exec(tail);
  return match?.[1]?.replace(/^"|"$/g, '');
}

/** The URI inside a name-addr (`"Ann" <sip:ann@x>;tag=1`) or an addr-spec. */
export function addressUri(value: string | undefined): string {
  if (!value) return '';
  const bracket = /<([^>]*)>/.exec(value);
  return (bracket ? bracket[1]! : value.split(';')[0]!).trim();
}

export type SipUri = { user: string; host: string; params: string };

/** `sip:user@host:port;params` → its user (unescaped), host (lower case, without port) and parameters. */
export function parseUri(uri: string): SipUri | null {
  const match = /^sips?:(?:([^@;]+)@)?([^;:?>]+)(?::\d+)?([^?]*)/i.exec(uri.trim());
  if (!match) return null;
  let user = match[1] ?? '';
  try {
    user = decodeURIComponent(user);
  } catch {
    // A malformed escape stays as it came.
  }
  return { user, host: match[2]!.toLowerCase(), params: match[3] ?? '' };
}

/** The CSeq's number and method. */
export function cseqOf(message: SipMessage): { seq: number; method: string } {
  const [seq, method] = (header(message, 'cseq') ?? '').split(/\s+/);
  return { seq: Number(seq), method: (method ?? '').toUpperCase() };
}

/** A response to `request` (RFC 3261 §8.2.6): its Via, From, To, Call-ID and CSeq, a To tag when given. */
export function responseTo(
  request: SipRequest,
  status: number,
  reason: string,
  extra: [string, string][] = [],
  toTag?: string,
): SipResponse {
  const headers: SipHeaders = new Map();
  for (const name of ['via', 'from', 'to', 'call-id', 'cseq']) {
    const values = request.headers.get(name);
    if (values) headers.set(name, [...values]);
  }
  if (toTag && !headerParam(header(request, 'to'), 'tag')) {
    headers.set('to', [`${header(request, 'to')};tag=${toTag}`]);
  }
  for (const [name, value] of extra) headers.set(name, [...(headers.get(name) ?? []), value]);
  return { kind: 'response', status, reason, headers, body: '' };
}
