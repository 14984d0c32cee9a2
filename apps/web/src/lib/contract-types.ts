// The type a contract schema describes, for schemas the contract exports without a named type. Type-only:
// the web app imports the contract's types and constants, never its zod schemas at runtime.
export type Infer<Schema extends { parse: (value: unknown) => unknown }> = ReturnType<Schema['parse']>;
