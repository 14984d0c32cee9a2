// Response serialisation. Each route's response schemas (the contract's zod types) are compiled once into
// fast-json-stringify functions, which write only the schema's fields in the schema's types. Zod's encode
// before JSON.stringify cost 0.3 ms per contact-list page, a sixth of the loaded server's CPU; with `check`
// (tests) every response is still encoded by zod too, and must serialise to exactly what zod accepts.
import { isDeepStrictEqual } from 'node:util';
import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * zod writes `T | null` as `anyOf: [T, {type: 'null'}]`, which fast-json-stringify can only resolve by
 * validating the value against each branch on every call; `nullable: true` on T says the same and is direct.
 */
function nullableDirect(node: JsonSchema): JsonSchema {
  const branches = node.anyOf;
  if (!Array.isArray(branches) || branches.length !== 2) return node;
  const nullAt = branches.findIndex((branch: JsonSchema) => branch.type === 'null');
  const other = branches[1 - nullAt] as JsonSchema | undefined;
  if (nullAt < 0 || !other || typeof other.type !== 'string') return node;
  const { anyOf: _union, ...rest } = node;
  return { ...rest, ...other, nullable: true };
}

/** The property whose `const` tells the object branches of a union apart (zod's discriminated unions). */
function discriminator(branches: JsonSchema[]): string | undefined {
  const [first] = branches;
  const properties = (branch: JsonSchema) => (branch.properties ?? {}) as Record<string, JsonSchema>;
  return Object.keys(first ? properties(first) : {}).find((key) =>
    branches.every(
      (branch) =>
        branch.type === 'object' &&
        properties(branch)[key]?.const !== undefined &&
        (branch.required as string[] | undefined)?.includes(key),
    ),
  );
}

/**
 * A discriminated union would be resolved by validating the whole value against each branch (every message
 * of a conversation page, formats and patterns included); an if/then/else chain on the discriminator checks
 * one property instead.
 */
function discriminatedDirect(node: JsonSchema): JsonSchema {
  const key = node.oneOf ? 'oneOf' : 'anyOf';
  const branches = node[key] as JsonSchema[] | undefined;
  const by = Array.isArray(branches) && branches.length > 1 ? discriminator(branches) : undefined;
  if (!branches || !by) return node;
  const { [key]: _union, ...rest } = node;
  const chain = (at: number): JsonSchema => {
    const branch = branches[at]!;
    if (at === branches.length - 1) return branch;
    const tag = (branch.properties as Record<string, JsonSchema>)[by]!.const;
    return {
      if: { type: 'object', properties: { [by]: { const: tag } } },
      then: branch,
      else: chain(at + 1),
    };
  };
  return { ...rest, ...chain(0) };
}

/** The schema rewritten into the forms fast-json-stringify writes without validating values. */
export function serializableForm(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(serializableForm);
  if (!schema || typeof schema !== 'object') return schema;
  const node: JsonSchema = Object.fromEntries(
    Object.entries(schema).map(([key, value]) => [key, serializableForm(value)]),
  );
  return discriminatedDirect(nullableDirect(node));
}

export const toSerializableSchema = (schema: ZodType) =>
  serializableForm(z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }));

/** The serializer compiler of the app; `check` adds zod's encode of every response and a comparison. */
export function serializerCompiler(check: boolean): FastifySerializerCompiler<ZodType> {
  // One writer per schema: every route declares the same error responses.
  const writers = new WeakMap<ZodType, (data: unknown) => string>();
  const writerOf = (schema: ZodType) => {
    let write = writers.get(schema);
    if (!write) {
      write = fastJson(toSerializableSchema(schema) as Parameters<typeof fastJson>[0]);
      writers.set(schema, write);
    }
    return write;
  };
  return ({ schema, method, url }) => {
    const write = writerOf(schema);
    if (!check) return write;
    return (data) => {
      const encoded = z.safeEncode(schema, data);
      if (encoded.error) throw new ResponseSerializationError(method, url, { cause: encoded.error });
      const json = write(data);
      if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(JSON.stringify(encoded.data)))) {
        const message = `the fast serializer wrote ${json}, zod ${JSON.stringify(encoded.data)}`;
        const cause = new z.ZodError([{ code: 'custom', message, path: [], input: data }]);
        throw new ResponseSerializationError(method, url, { cause });
      }
      return json;
    };
  };
}
