// rtpengine's ng control protocol: a cookie and a bencoded dictionary per UDP datagram, answered the same way.
// Enough of it for the tests to ask rtpengine what it relayed (`query`, `list`) and whether it is up (`ping`).
import { randomBytes } from 'node:crypto';
import { createSocket } from 'node:dgram';

export type Bencoded = number | Buffer | Bencoded[] | { [key: string]: Bencoded };

export function bencode(value: unknown): Buffer {
  if (typeof value === 'number') return Buffer.from(`i${Math.trunc(value)}e`);
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const bytes = Buffer.isBuffer(value) ? value : Buffer.from(value);
    return Buffer.concat([Buffer.from(`${bytes.length}:`), bytes]);
  }
  if (Array.isArray(value)) return Buffer.concat([Buffer.from('l'), ...value.map(bencode), Buffer.from('e')]);
  if (value && typeof value === 'object') {
    const keys = Object.keys(value).sort();
    return Buffer.concat([
      Buffer.from('d'),
      ...keys.flatMap((key) => [bencode(key), bencode((value as Record<string, unknown>)[key])]),
      Buffer.from('e'),
    ]);
  }
  throw new TypeError(`cannot bencode ${typeof value}`);
}

/** Decodes one bencoded value at `at`; strings stay bytes (rtpengine's SDPs are not always UTF-8). */
export function bdecode(bytes: Buffer, at = 0): { value: Bencoded; next: number } {
  const kind = String.fromCharCode(bytes[at]!);
  if (kind === 'i') {
    const end = bytes.indexOf('e', at);
    return { value: Number(bytes.subarray(at + 1, end).toString()), next: end + 1 };
  }
  if (kind === 'l' || kind === 'd') {
    const items: Bencoded[] = [];
    let next = at + 1;
    while (bytes[next] !== 0x65 /* e */) {
      const item = bdecode(bytes, next);
      items.push(item.value);
      next = item.next;
    }
    if (kind === 'l') return { value: items, next: next + 1 };
    const dict: Record<string, Bencoded> = {};
    for (let index = 0; index < items.length; index += 2) dict[String(items[index])] = items[index + 1]!;
    return { value: dict, next: next + 1 };
  }
  const colon = bytes.indexOf(':', at);
  const length = Number(bytes.subarray(at, colon).toString());
  if (!Number.isInteger(length) || colon < 0) throw new Error(`not bencode at ${at}`);
  return { value: bytes.subarray(colon + 1, colon + 1 + length), next: colon + 1 + length };
}

/** A decoded value with its byte strings as text, for reading replies. */
export const asText = (value: Bencoded): unknown =>
  Buffer.isBuffer(value)
    ? value.toString()
    : Array.isArray(value)
      ? value.map(asText)
      : typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([key, item]) => [key, asText(item)]))
        : value;

/** One ng command to rtpengine at host:port, its reply as text (rejects on timeout or an `error` result). */
export function ngCommand(
  address: { host: string; port: number },
  command: Record<string, unknown>,
  timeoutMs = 2_000,
): Promise<Record<string, unknown>> {
  const cookie = randomBytes(6).toString('hex');
  const socket = createSocket('udp4');
  return new Promise<Record<string, unknown>>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`rtpengine: no answer to ${command.command}`)),
      timeoutMs,
    );
    socket.on('message', (message) => {
      const space = message.indexOf(' ');
      if (message.subarray(0, space).toString() !== cookie) return;
      clearTimeout(timer);
      const reply = asText(bdecode(message, space + 1).value) as Record<string, unknown>;
      if (reply.result === 'error') reject(new Error(`rtpengine: ${String(reply['error-reason'])}`));
      else resolve(reply);
    });
    socket.on('error', (error) => {
      clearTimeout(timer);
      reject(error);
    });
    socket.send(Buffer.concat([Buffer.from(`${cookie} `), bencode(command)]), address.port, address.host);
  }).finally(() => socket.close());
}
