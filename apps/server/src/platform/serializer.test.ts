import { ContactPage } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { serializableForm, serializerCompiler, toSerializableSchema } from './serializer.ts';

const compile = (schema: z.ZodType, check: boolean) =>
  serializerCompiler(check)({ schema, method: 'GET', url: '/test', httpStatus: '200' });

const summary = {
  id: '01a2035e-fd88-703e-b82f-7cd88a9ed8e5',
  name: 'Maria',
  priority: 'high',
  critical: false,
  online: true,
  on_queue: false,
  chatbot: false,
  first_response_pending: true,
  status: 'open',
  snoozed_until: null,
  unread_messages: { count: 2 },
  responsible: null,
  main_channel: 'whatsapp',
  last_message: {
    text: 'Olá',
    direction: 'in',
    channel: 'whatsapp',
    created_at: '2026-11-22T13:17:42.086Z',
  },
  unanswered_since: null,
  last_event: null,
  updated_at: '2026-11-22T13:17:42.086Z',
};

describe('response serializer', () => {
  it('writes nullable objects directly, not as a union resolved per call', () => {
    const nullableObject = z.object({ by: z.object({ id: z.string() }).nullable() });
    const schema = z.toJSONSchema(nullableObject, { target: 'draft-7' });
    expect(JSON.stringify(schema)).toContain('anyOf');
    expect(serializableForm(schema)).toMatchObject({
      properties: { by: { type: 'object', properties: { id: { type: 'string' } }, nullable: true } },
    });
    expect(JSON.stringify(serializableForm(schema))).not.toContain('anyOf');
    expect(compile(nullableObject, true)({ by: null })).toBe('{"by":null}');
  });

  it('tells the branches of a discriminated union apart by their tag alone', () => {
    const shape = z.discriminatedUnion('type', [
      z.object({ type: z.literal('circle'), radius: z.number() }),
      z.object({ type: z.literal('square'), side: z.number() }),
      z.object({ type: z.literal('dot') }),
    ]);
    const schema = z.object({ shapes: z.array(shape) });
    expect(JSON.stringify(toSerializableSchema(schema))).not.toMatch(/oneOf|anyOf/);
    const shapes = [{ type: 'square', side: 2, radius: 9 }, { type: 'circle', radius: 1 }, { type: 'dot' }];
    expect(JSON.parse(compile(schema, true)({ shapes }))).toEqual({
      shapes: [{ type: 'square', side: 2 }, { type: 'circle', radius: 1 }, { type: 'dot' }],
    });
  });

  it('writes what zod writes, and only the schema fields', () => {
    const page = { data: [{ ...summary, passwordHash: 'secret' }], next_cursor: null };
    for (const check of [false, true]) {
      const json = compile(ContactPage, check)(page);
      expect(JSON.parse(json)).toEqual(z.encode(ContactPage, page as never));
      expect(json).not.toContain('secret');
    }
  });

  it('with checks, refuses a response outside the contract that the fast writer would let through', () => {
    const page = { data: [{ ...summary, priority: 'urgent' }], next_cursor: null };
    expect(() => compile(ContactPage, false)(page)).not.toThrow();
    expect(() => compile(ContactPage, true)(page)).toThrow(ResponseSerializationError);
  });

  it('with checks, refuses output that differs from what zod encodes (a codec the writer cannot apply)', () => {
    const cents = z.codec(z.string(), z.number(), { decode: Number, encode: String });
    const schema = z.object({ amount: cents });
    expect(JSON.stringify(z.encode(schema, { amount: 7 }))).toBe('{"amount":"7"}');
    expect(compile(schema, false)({ amount: 7 })).toBe('{"amount":7}');
    expect(() => compile(schema, true)({ amount: 7 })).toThrow(ResponseSerializationError);
  });
});
