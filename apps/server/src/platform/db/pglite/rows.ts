// Faster result rows on PGlite. Its protocol parser copies every field of every row into a new ArrayBuffer
// before decoding it (BufferReader.bytes → ArrayBuffer.slice): on the contact list, 50 rows of 22 fields, that
// copying alone was 14 % of the embedded server's CPU. PGlite's own parser is the exported protocol.Parser, so
// its parse() is wrapped here, once per process: data rows are decoded straight from the backend's output
// (same strings, same DataRowMessage), every other message goes to PGlite's parser unchanged.
// Depends on @electric-sql/pglite 0.5.16 (pinned): protocol.Parser.prototype.parse being what PGlite calls, per
// call, on its parser instance with the backend's output of one execProtocolRaw (whole in one tick), and
// messages.DataRowMessage's shape.
import { messages, protocol } from '@electric-sql/pglite';
import { concatBytes } from './bytes.ts';

type Callback = (message: unknown) => void;
type Parse = (buffer: ArrayBuffer | ArrayBufferView, callback: Callback) => void;
type ParserPrototype = { parse: Parse; [WRAPPED]?: Parse };

const WRAPPED = Symbol('PGlite parse before fast data rows');
/** Message code (1 byte) then its length (4 bytes, counting themselves but not the code). */
const HEADER = 5;
const DATA_ROW = 0x44; // 'D'
// PGlite's reader decodes with a default TextDecoder; the same here gives the same strings.
const decoder = new TextDecoder();

/** The bytes of a message not complete yet, per parser: the backend's output may arrive in several chunks. */
const partial = new WeakMap<object, Uint8Array>();

/** Wraps PGlite's parser (idempotent). */
export function useFastDataRows(): void {
  const prototype = protocol.Parser.prototype as unknown as ParserPrototype;
  if (prototype[WRAPPED]) return;
  const parseOther = prototype.parse;
  prototype[WRAPPED] = parseOther;
  prototype.parse = function parse(this: object, buffer, callback) {
    let bytes = asBytes(buffer);
    const before = partial.get(this);
    if (before) {
      partial.delete(this);
      bytes = concatBytes([before, bytes]);
    }
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    let offset = 0;
    while (offset + HEADER <= bytes.length) {
      const length = view.getUint32(offset + 1);
      const end = offset + 1 + length;
      if (length < 4 || end > bytes.length) break;
      if (bytes[offset] === DATA_ROW) callback(dataRow(bytes, view, offset + HEADER, length));
      else parseOther.call(this, bytes.subarray(offset, end), callback);
      offset = end;
    }
    // Kept as a copy: the backend reuses the memory behind `buffer`.
    if (offset < bytes.length) partial.set(this, bytes.slice(offset));
  };
}

/** PGlite's parse as it was, for comparison in tests. */
export const originalParse = (): Parse | undefined =>
  (protocol.Parser.prototype as unknown as ParserPrototype)[WRAPPED];

function dataRow(bytes: Uint8Array, view: DataView, start: number, length: number) {
  const count = view.getInt16(start);
  const fields = new Array<string | null>(count);
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const size = view.getInt32(at);
    at += 4;
    if (size === -1) {
      fields[i] = null;
    } else {
      fields[i] = decoder.decode(bytes.subarray(at, at + size));
      at += size;
    }
  }
  return new messages.DataRowMessage(length, fields as string[]);
}

function asBytes(buffer: ArrayBuffer | ArrayBufferView): Uint8Array {
  return ArrayBuffer.isView(buffer)
    ? new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength)
    : new Uint8Array(buffer);
}
