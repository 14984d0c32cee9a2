// Every string a client sends goes through the text rules of common.ts (issue 19, finding 2): a plain
// z.string() in a request lets a NUL through to PostgreSQL, which answers a 500. This walks every request
// schema of the contract (bodies, queries, parameters and the widget's socket payloads, by their names) down to
// its string fields and feeds each one a NUL.
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as contract from './index.ts';

/** The contract's names for what a client sends. */
const INPUT = /(Request|Query|Input|Fields|Params|Row|Move|Send|Sync|Receipt|Filters)$|^Update/;

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  getter?: () => z.ZodType;
};
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** A pipe whose first stage takes a string. */
const parsesString = (schema: z.ZodType): boolean => {
  const def = defOf(schema);
  return def.type === 'string' || (def.type === 'pipe' && !!def.in && parsesString(def.in));
};

/** The string fields of a schema, each with its path. */
function stringFields(schema: z.ZodType, path: string, seen = new Set<z.ZodType>()): [string, z.ZodType][] {
  if (seen.has(schema)) return [];
  seen.add(schema);
  const def = defOf(schema);
  const walk = (child: z.ZodType | undefined, at = path) => (child ? stringFields(child, at, seen) : []);
  switch (def.type) {
    case 'string':
      return [[path, schema]];
    case 'object':
      return Object.entries(def.shape ?? {}).flatMap(([name, child]) => walk(child, `${path}.${name}`));
    case 'array':
      return walk(def.element, `${path}[]`);
    case 'union':
      return (def.options ?? []).flatMap((option) => walk(option));
    case 'record':
      return [...walk(def.keyType, `${path}{key}`), ...walk(def.valueType, `${path}{}`)];
    case 'intersection':
      return [...walk(def.left), ...walk(def.right)];
    case 'pipe':
      // A string parsed further (a comma-separated list of ids, a lowercased username): judged as a whole.
      return parsesString(schema) ? [[path, schema]] : walk(def.in);
    case 'lazy':
      return walk(def.getter?.());
    default:
      return walk(def.innerType);
  }
}

const inputs = Object.entries(contract).filter(
  ([name, value]) => INPUT.test(name) && typeof value === 'object' && value !== null && '_zod' in value,
) as [string, z.ZodType][];

describe('the text of requests', () => {
  it('finds the request schemas, among them the ones that once took any string', () => {
    const names = inputs.map(([name]) => name);
    expect(names).toEqual(
      expect.arrayContaining(['CompaniesQuery', 'CreateUserRequest', 'HandoffRequest', 'LoginRequest']),
    );
    expect(names.length).toBeGreaterThan(60);
  });

  it('refuses a NUL in every string field of every request', () => {
    const open = inputs.flatMap(([name, schema]) =>
      stringFields(schema, name).filter(([, field]) => {
        const min = (field as unknown as { minLength: number | null }).minLength ?? 0;
        return field.safeParse(`a\u0000${'b'.repeat(Math.max(min, 1))}`).success;
      }),
    );
    expect(open.map(([path]) => path)).toEqual([]);
  });
});
