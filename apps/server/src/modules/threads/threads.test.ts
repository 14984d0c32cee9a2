import type { Thread, ThreadMessage } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeContact, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let author: Actor;
let colleague: Actor;
let supervisor: Actor;
let baseUrl: string;
let contactId: string;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  author = await makeActor(t.app, t.database.db, 'attendant');
  colleague = await makeActor(t.app, t.database.db, 'attendant', author.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', author.company);
  // Waiting in the queue: both attendants may see the contact.
  contactId = (await makeContact(t.database.db, author.company, { onQueue: true })).id;
});
afterAll(() => t.close());

const call = (actor: Actor, method: 'GET' | 'POST' | 'PUT', path: string, payload?: object) =>
  injectAs(t.app, actor, { method, url: `/api/conversation/${contactId}/threads${path}`, payload });
const names = async (actor: Actor) =>
  ((await call(actor, 'GET', '')).json().data as Thread[]).map((th) => th.name);

describe('threads', () => {
  it('public threads are shared; private ones are seen by their author and supervisors only', async () => {
    const open = await call(author, 'POST', '', { name: 'Troca do produto', text: 'Cliente pediu troca' });
    expect(open.statusCode).toBe(201);
    expect(open.json()).toMatchObject({
      name: 'Troca do produto',
      privacy: 'public',
      messages_count: 1,
      author: { id: author.user.id },
    });
    const hidden: Thread = (
      await call(author, 'POST', '', { name: 'Suspeita de fraude', privacy: 'private' })
    ).json();

    expect(await names(author)).toEqual(['Suspeita de fraude', 'Troca do produto']);
    expect(await names(supervisor)).toEqual(['Suspeita de fraude', 'Troca do produto']);
    expect(await names(colleague)).toEqual(['Troca do produto']);
    expect((await call(colleague, 'GET', `/${hidden.id}/messages`)).statusCode).toBe(404);
    expect((await call(colleague, 'POST', `/${hidden.id}/messages`, { text: 'oi' })).statusCode).toBe(404);
    expect((await call(colleague, 'PUT', `/${hidden.id}/privacy`, { privacy: 'public' })).statusCode).toBe(
      404,
    );
  });

  it('messages are listed newest first and counted; empty names and texts are refused', async () => {
    const thread: Thread = (await call(author, 'POST', '', { name: 'Cobrança' })).json();
    expect(
      (await call(colleague, 'POST', `/${thread.id}/messages`, { text: 'Verifiquei o boleto' })).statusCode,
    ).toBe(201);
    await call(author, 'POST', `/${thread.id}/messages`, { text: 'Obrigado!' });
    const page = (await call(supervisor, 'GET', `/${thread.id}/messages`)).json();
    expect(page.data.map((m: ThreadMessage) => m.text)).toEqual(['Obrigado!', 'Verifiquei o boleto']);
    const listed = ((await call(author, 'GET', '')).json().data as Thread[]).find(
      (th) => th.id === thread.id,
    );
    expect(listed?.messages_count).toBe(2);
    expect((await call(author, 'POST', '', { name: '  ' })).json()).toMatchObject({ field: 'name' });
    expect((await call(author, 'POST', `/${thread.id}/messages`, { text: '' })).json()).toMatchObject({
      field: 'text',
    });
  });

  it('only the author or a supervisor changes privacy', async () => {
    const thread: Thread = (await call(author, 'POST', '', { name: 'Escalonamento' })).json();
    expect((await call(colleague, 'PUT', `/${thread.id}/privacy`, { privacy: 'private' })).statusCode).toBe(
      403,
    );
    const privateNow = await call(author, 'PUT', `/${thread.id}/privacy`, { privacy: 'private' });
    expect(privateNow.json().privacy).toBe('private');
    expect(await names(colleague)).not.toContain('Escalonamento');
    const back = await call(supervisor, 'PUT', `/${thread.id}/privacy`, { privacy: 'public' });
    expect(back.json().privacy).toBe('public');
    expect(await names(colleague)).toContain('Escalonamento');
  });

  it('delivers thread messages live to whoever may see them', async () => {
    const watcher = await connectSocket(baseUrl, colleague.token);
    const boss = await connectSocket(baseUrl, supervisor.token);
    expect(await watcher.timeout(2000).emitWithAck('contact.watch', contactId)).toBe(true);
    const shared: Thread = (await call(author, 'POST', '', { name: 'Ao vivo' })).json();
    await call(author, 'POST', `/${shared.id}/messages`, { text: 'mensagem pública' });
    await watcher.next<ThreadMessage>('thread.message', (m) => m.text === 'mensagem pública');

    const secret: Thread = (await call(author, 'POST', '', { name: 'Sigilo', privacy: 'private' })).json();
    await call(author, 'POST', `/${secret.id}/messages`, { text: 'mensagem privada' });
    await boss.next<ThreadMessage>('thread.message', (m) => m.text === 'mensagem privada');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(
      watcher.received.some(
        (e) => JSON.stringify(e.payload).includes('privada') || JSON.stringify(e.payload).includes('Sigilo'),
      ),
    ).toBe(false);
    watcher.close();
    boss.close();
  });
});
