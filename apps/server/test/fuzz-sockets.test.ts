// Property test of the socket events (issue 19, finding 2): any payload, hostile strings included, sent to any
// event of the console's namespace or the widget's is refused or served, never an internal error, never a
// dropped connection; a refused widget request changes nothing in the database.
import { ChatVisitor } from '@atende/simulators/chat-visitor';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app.ts';
import { makeActor, makeChatWidget, makeContact, type Actor } from './factories.ts';
import { fingerprint, FUZZ_SEED, fuzzRuns, hostileString } from './fuzz.ts';
import { connectSocket, type TestSocket } from './realtime-client.ts';

let t: TestApp;
let admin: Actor;
let contactId: string;
let attendant: TestSocket;
const visitor = { current: null as ChatVisitor | null };

beforeAll(async () => {
  t = await createTestApp({ env: { ROLE: 'api' } });
  const baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  admin = await makeActor(t.app, t.database.db, 'admin');
  contactId = (await makeContact(t.database.db, admin.company, { onQueue: true })).id;
  await makeChatWidget(t.database.db, admin.company.id, 'fuzz-sockets', {
    credentials: t.app.deps.credentials.seal({ identity_secret: 'secret' }),
  });
  visitor.current = new ChatVisitor({ baseUrl, widgetKey: 'fuzz-sockets', language: 'en' });
  await visitor.current.start({ name: 'Ana' });
  await visitor.current.connect();
  attendant = await connectSocket(baseUrl, admin.token);
});
afterAll(async () => {
  attendant?.close();
  visitor.current?.disconnect();
  await t?.close();
});

const text = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 30 }), hostileString);
const clientId = fc.oneof(
  { weight: 3, arbitrary: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/) },
  { weight: 1, arbitrary: hostileString },
);
/** Anything at all, for payloads of the wrong shape. */
const anything = fc.oneof(hostileString, fc.jsonValue({ maxDepth: 2 }));
/** Each event's payload: mostly of its own shape with hostile fields, sometimes anything. */
const shaped = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 4, arbitrary }, { weight: 1, arbitrary: anything });
const widgetRequests = fc.oneof(
  fc.tuple(fc.constant('message.send' as const), shaped(fc.record({ client_id: clientId, text }))),
  fc.tuple(
    fc.constant('sync' as const),
    shaped(fc.record({ after: fc.oneof(fc.uuid(), fc.constant(null), text) })),
  ),
  fc.tuple(
    fc.constant('receipt' as const),
    shaped(
      fc.record({
        status: fc.oneof(fc.constantFrom('delivered', 'read'), text),
        ids: fc.array(fc.oneof(fc.uuid(), text), { maxLength: 3 }),
      }),
    ),
  ),
  fc.tuple(fc.constant('typing' as const), anything),
);

describe('socket events under hostile input (issue 19, finding 2)', () => {
  it('the widget refuses or serves every request, never with an internal error', async () => {
    const socket = visitor.current!.socket!;
    const property = fc.asyncProperty(widgetRequests, async ([event, input]) => {
      const before = await fingerprint(t.database.raw);
      if (event === 'message.send' || event === 'sync') {
        const result = (await socket.timeout(5_000).emitWithAck(event as 'sync', input as never)) as {
          ok: boolean;
          code?: string;
        };
        expect(result.code, JSON.stringify(input)).not.toBe('internal_error');
        if (!result.ok) expect(await fingerprint(t.database.raw)).toBe(before);
      } else {
        socket.emit(event as 'receipt', input as never);
      }
      // Still connected and answering.
      expect(await socket.timeout(5_000).emitWithAck('presence')).toMatchObject({ online: true });
    });
    await fc.assert(property, { numRuns: fuzzRuns(60), seed: FUZZ_SEED });
  }, 60_000);

  it("the console's events answer every payload, and only a real contact may be watched", async () => {
    const property = fc.asyncProperty(
      fc.constantFrom('contact.watch', 'contact.unwatch', 'contact.typing'),
      fc.oneof(anything, fc.uuid(), fc.constant(contactId)),
      async (event, input) => {
        if (event === 'contact.watch') {
          const joined = await attendant.timeout(5_000).emitWithAck('contact.watch', input as string);
          expect(joined).toBe(input === contactId);
        } else {
          attendant.emit(event as 'contact.typing', input as string);
        }
        expect(typeof (await attendant.timeout(5_000).emitWithAck('ping'))).toBe('number');
      },
    );
    await fc.assert(property, { numRuns: fuzzRuns(60), seed: FUZZ_SEED });
  }, 60_000);
});
