// Faster result rows on PGlite. Its protocol parser copies every field of every row into a new ArrayBuffer
// before decoding it (BufferReader.bytes → ArrayBuffer.slice): on the contact list, 50 rows of 22 fields, that
// copying alone was 14 % of the embedded server's CPU. PGlite's own parser is the exported protocol.Parser, so
// its parse() is wrapped here, once per process and only after self-check.ts found it reads as PGlite's does:
// data rows are decoded straight from the backend's output (same strings, same DataRowMessage), every other
// message goes to PGlite's parser unchanged.
// Depends on @electric-sql/pglite 0.5.16 (pinned): protocol.Parser.prototype.parse being what PGlite calls, per
// call, on its parser instance with the backend's output of one execProtocolRaw (whole in one tick), and
// messages.DataRowMessage's shape.
import { messages, protocol } from '@electric-sql/pglite';
import { concatBytes } from './bytes.ts';

type Callback = (message: unknown) => void;
type Parse = (buffer: ArrayBuffer | ArrayBufferView, callback: Callback) => void;
type ParserPrototype = { parse: Parse; [WRAPPED]?: Parse };
/** A field's text from its bytes: the seam through which the self-check's tests corrupt the decoder. */
export type DecodeField = (bytes: Uint8Array) => string;

const WRAPPED = Symbol('PGlite parse before fast data rows');
/** Message code (1 byte) then its length (4 bytes, counting themselves but not the code). */
const HEADER = 5;
const DATA_ROW = 0x44; // 'D'
// PGlite's reader decodes with a default TextDecoder; the same here gives the same strings.
const decoder = new TextDecoder();
const decodeUtf8: DecodeField = (bytes) => decoder.decode(bytes);

/** The bytes of a message not complete yet, per parser: the backend's output may arrive in several chunks. */
const partial = new WeakMap<object, Uint8Array>();

const parserPrototype = () => protocol.Parser.prototype as unknown as ParserPrototype;

/**
 * Wraps PGlite's parser, process-wide (again with `decodeField` if already wrapped). Only self-check.ts calls
 * it outside tests, once the same statement has read the same through it as through PGlite's own parser.
 */
export function useFastDataRows(decodeField: DecodeField = decodeUtf8): void {
  const prototype = parserPrototype();
  const parseOther = prototype[WRAPPED] ?? prototype.parse;
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
      if (bytes[offset] === DATA_ROW) callback(dataRow(bytes, view, offset + HEADER, length, decodeField));
      else parseOther.call(this, bytes.subarray(offset, end), callback);
      offset = end;
    }
    // Kept as a copy: the backend reuses the memory behind `buffer`.
    if (offset < bytes.length) partial.set(this, bytes.slice(offset));
  };
}

/**
 * Puts PGlite's own parse back. Safe between two statements: PGlite parses a call's whole output in one tick
 * (execProtocolRawSync), which ends with ReadyForQuery, so no parser holds a partial message then.
 */
export function stopFastDataRows(): void {
  const prototype = parserPrototype();
  const original = prototype[WRAPPED];
  if (!original) return;
  prototype.parse = original;
  delete prototype[WRAPPED];
}

/** Whether PGlite's parser is wrapped at the moment. */
export const fastDataRowsInUse = (): boolean => parserPrototype()[WRAPPED] !== undefined;

/** PGlite's parse as it was, for comparison in tests. */
export const originalParse = (): Parse | undefined => parserPrototype()[WRAPPED];

function dataRow(bytes: Uint8Array, view: DataView, start: number, length: number, decodeField: DecodeField) {
  const count = view.getInt16(start);
  const fields = new Array<string | null>(count);
  let at = start + 2;
  for (let i = 0; i < count; i++) {
    const size = view.getInt32(at);
    at += 4;
    if (size === -1) {
      fields[i] = null;
    } else {
      fields[i] = decodeField(bytes.subarray(at, at + size));
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
