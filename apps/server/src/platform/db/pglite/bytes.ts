// Byte concatenation for the PGlite fast path: the protocol messages of one call (statements.ts) and a row
// message split across chunks of the backend's output (rows.ts). Plain TypedArray code, no PGlite internal.
/** The parts one after another in a new Uint8Array (a copy: nothing of the parts' memory is kept). */
export function concatBytes(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}
