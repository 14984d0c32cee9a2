// The fast row decoder against PGlite 0.5.16's own protocol.Parser: byte for byte on hand-made output in
// every chunking, and through a real PGlite.
import { PGlite, protocol } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { concatBytes } from './bytes.ts';
import { originalParse, useFastDataRows } from './rows.ts';

const encoder = new TextEncoder();

function message(code: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = code.charCodeAt(0);
  new DataView(out.buffer).setUint32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

function dataRow(fields: (string | null)[]): Uint8Array {
  const parts = fields.map((field) => (field === null ? null : encoder.encode(field)));
  const body = new Uint8Array(2 + parts.reduce((size, part) => size + 4 + (part?.length ?? 0), 0));
  const view = new DataView(body.buffer);
  view.setInt16(0, fields.length);
  let at = 2;
  for (const part of parts) {
    view.setInt32(at, part ? part.length : -1);
    at += 4;
    if (part) {
      body.set(part, at);
      at += part.length;
    }
  }
  return message('D', body);
}

const stream = (...parts: Uint8Array[]) => concatBytes(parts);

describe('fast data rows on PGlite', () => {
  beforeAll(() => useFastDataRows());

  // Rows with nulls, empty strings, accents, emoji, a leading byte-order mark and a long value; then the
  // messages that end a query, which PGlite's own parser reads.
  const output = stream(
    dataRow(['1', 'Olá, São Paulo', null, '']),
    dataRow(['\uFEFFcom BOM', '👋🏽 emoji', 'x'.repeat(70_000), null]),
    dataRow([]),
    message('C', encoder.encode('SELECT 3\0')),
    message('Z', encoder.encode('I')),
  );

  /** The messages of `output` handed over in chunks of `size` bytes, each from a buffer then overwritten. */
  const parsedInChunks = (size: number) => {
    const messages: unknown[] = [];
    const parser = new protocol.Parser();
    const reused = new Uint8Array(size);
    for (let at = 0; at < output.length; at += size) {
      const chunk = output.subarray(at, at + size);
      reused.set(chunk);
      parser.parse(reused.subarray(0, chunk.length), (m) => void messages.push(m));
      reused.fill(0);
    }
    return messages;
  };

  it('answers what PGlite’s parser answers, whatever the chunks the output comes in', () => {
    const expected: unknown[] = [];
    originalParse()!.call(new protocol.Parser(), output.slice(), (m) => void expected.push(m));
    expect(expected).toHaveLength(5);
    for (const size of [output.length, 1, 3, 5, 7, 64, 4096, 65_536]) {
      expect(parsedInChunks(size)).toStrictEqual(expected);
    }
  });

  describe('through a real PGlite', () => {
    let pglite: PGlite;
    beforeAll(async () => (pglite = await PGlite.create()));
    afterAll(() => pglite.close());

    it('reads rows, nulls and errors as before', async () => {
      const { rows } = await pglite.query<{ n: number; text: string | null; at: Date }>(
        `select n, case when n % 3 = 0 then null else repeat('ação ', n) end as text,
           timestamptz '2026-01-02 03:04:05.123456+00' as at
         from generate_series(1, 300) n`,
      );
      expect(rows).toHaveLength(300);
      expect(rows[1]).toEqual({ n: 2, text: 'ação ação ', at: new Date('2026-01-02T03:04:05.123Z') });
      expect(rows[2]!.text).toBeNull();
      expect(rows[298]!.text).toHaveLength(5 * 299);
      await expect(pglite.query('select 1 / 0')).rejects.toMatchObject({ code: '22012' });
      expect((await pglite.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    });
  });
});
