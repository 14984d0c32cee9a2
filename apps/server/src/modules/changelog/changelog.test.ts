import { changelogDescription, type ChangelogList, type ChangelogVersion } from '@atende/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { changelogVersions, productSettings } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, type Actor } from '../../../test/factories.ts';
import { connectSocket } from '../../../test/realtime-client.ts';

let t: TestApp;
let baseUrl: string;
let root: Actor;
let admin: Actor;
let attendant: Actor;
let supervisor: Actor;
let otherAdmin: Actor;
let otherAttendant: Actor;

beforeAll(async () => {
  t = await createTestApp();
  baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' });
  root = await makeActor(t.app, t.database.db, 'super_admin');
  admin = await makeActor(t.app, t.database.db, 'admin');
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  otherAdmin = await makeActor(t.app, t.database.db, 'admin');
  otherAttendant = await makeActor(t.app, t.database.db, 'attendant', otherAdmin.company);
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.database.db.delete(changelogVersions);
  await t.database.db
    .update(productSettings)
    .set({ changelogEnabled: true, changelogRoles: ['super_admin', 'admin', 'supervisor', 'attendant'] });
});

const call = (
  actor: Actor,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url = '',
  payload?: unknown,
  language = 'pt-BR',
) =>
  injectAs(t.app, actor, {
    method,
    url: `/api/changelog${url}`,
    payload: payload as object,
    headers: { 'accept-language': language },
  });

const change = (type: string, pt: string) => ({
  type,
  descriptions: { pt, en: `${pt} (en)`, es: `${pt} (es)` },
});
const version = (overrides: object = {}) => ({
  date: '2026-11-20',
  version: '2.3.0',
  changes: [
    change('feature', 'Lista de desejos com votação'),
    change('bugfix', 'Contador de espera corrigido'),
  ],
  ...overrides,
});
const publish = async (actor: Actor, body: object = version()) => {
  const response = await call(actor, 'POST', '', body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ChangelogVersion>();
};
const list = async (actor: Actor) => (await call(actor, 'GET')).json<ChangelogList>().data;
const status = async (actor: Actor) => (await call(actor, 'GET', '/status')).json();

describe('changelog versions', () => {
  it('of the product are published by a super administrator and read by every company', async () => {
    const published = await publish(root);
    expect(published).toMatchObject({
      date: '2026-11-20',
      version: '2.3.0',
      scope: 'product',
      editable: true,
      changes: version().changes,
    });
    for (const reader of [admin, attendant, otherAttendant]) {
      expect(await list(reader)).toEqual([{ ...published, editable: false }]);
    }
  });

  it('of a company are written by its administrators and read by that company only', async () => {
    const product = await publish(root, version({ date: '2026-11-01', version: '2.2.0' }));
    const own = await publish(admin, version({ date: '2026-11-10', version: 'Fluxos internos' }));
    expect(own).toMatchObject({ scope: 'company', editable: true });
    // Newest date first, the product's beside the company's.
    expect((await list(attendant)).map((item) => item.id)).toEqual([own.id, product.id]);
    expect((await list(admin)).map((item) => [item.id, item.editable])).toEqual([
      [own.id, true],
      [product.id, false],
    ]);
    expect((await list(otherAttendant)).map((item) => item.id)).toEqual([product.id]);
    expect((await list(otherAdmin)).map((item) => item.id)).toEqual([product.id]);
  });

  it('are changed and deleted by who may: a product version by super administrators only', async () => {
    const product = await publish(root);
    const own = await publish(admin, version({ version: 'Interna 1' }));
    const renamed = version({ version: '2.3.1', changes: [change('enhancement', 'Mais rápido')] });

    // An administrator reads the product's version but may not change it; another company's is not found.
    expect((await call(admin, 'PUT', `/${product.id}`, renamed)).statusCode).toBe(403);
    expect((await call(admin, 'DELETE', `/${product.id}`)).statusCode).toBe(403);
    expect((await call(otherAdmin, 'PUT', `/${own.id}`, renamed)).statusCode).toBe(404);
    expect((await call(otherAdmin, 'DELETE', `/${own.id}`)).statusCode).toBe(404);
    for (const actor of [attendant, supervisor]) {
      expect((await call(actor, 'POST', '', version())).statusCode).toBe(403);
      expect((await call(actor, 'PUT', `/${own.id}`, renamed)).statusCode).toBe(403);
      expect((await call(actor, 'DELETE', `/${own.id}`)).statusCode).toBe(403);
    }
    expect((await list(attendant)).map((item) => item.version).sort()).toEqual(['2.3.0', 'Interna 1']);

    const updated = await call(root, 'PUT', `/${product.id}`, renamed);
    expect(updated.json()).toMatchObject({ version: '2.3.1', changes: renamed.changes });
    expect((await call(admin, 'PUT', `/${own.id}`, renamed)).json()).toMatchObject({ version: '2.3.1' });
    expect((await call(root, 'DELETE', `/${product.id}`)).json()).toEqual({ ok: true });
    expect((await call(admin, 'DELETE', `/${own.id}`)).json()).toEqual({ ok: true });
    expect(await list(attendant)).toEqual([]);
    expect((await call(root, 'DELETE', `/${product.id}`)).statusCode).toBe(404);
  });

  it('refuse a version without a date, a version, a change or a language, with the spec’s texts', async () => {
    const refusals: [object, string, string][] = [
      [version({ date: '' }), 'changelog_date_required', 'Informe a data da versão.'],
      [
        { version: '2.4.0', changes: version().changes },
        'changelog_date_required',
        'Informe a data da versão.',
      ],
      [version({ date: '2026-02-30' }), 'changelog_date_invalid', 'Informe uma data válida para a versão.'],
      [version({ version: '  ' }), 'changelog_version_required', 'Informe a versão.'],
      [{ date: '2026-11-20', changes: version().changes }, 'changelog_version_required', 'Informe a versão.'],
      [version({ changes: [] }), 'changelog_fields_required', ''],
      [
        version({ changes: [{ type: 'feature', descriptions: { pt: 'Só português', en: 'Only English' } }] }),
        'changelog_fields_required',
        '',
      ],
      [
        version({ changes: [{ type: 'feature', descriptions: { pt: 'a', en: 'b', es: ' ' } }] }),
        'changelog_fields_required',
        '',
      ],
      [version({ changes: [{ type: 'feature' }] }), 'changelog_fields_required', ''],
    ];
    for (const [body, code, message] of refusals) {
      const refused = await call(root, 'POST', '', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
      expect(refused.json(), JSON.stringify(body)).toMatchObject({ code });
      if (message) expect(refused.json().message).toBe(message);
    }
    const missingSpanish = await call(
      root,
      'POST',
      '',
      version({ changes: [{ type: 'feature', descriptions: { pt: 'Só português', en: 'Only English' } }] }),
      'es',
    );
    expect(missingSpanish.json()).toMatchObject({
      code: 'changelog_fields_required',
      field: 'changes.0.descriptions.es',
      message:
        'Complete todos los campos: cada cambio necesita un tipo y una descripción en portugués, inglés y español.',
    });
    const badType = await call(root, 'POST', '', version({ changes: [change('refactor', 'x')] }));
    expect(badType.json()).toMatchObject({ field: 'changes.0.type' });
    // An update is held to the same rules, and a refusal changes nothing.
    const kept = await publish(root);
    expect((await call(root, 'PUT', `/${kept.id}`, version({ version: '' }))).statusCode).toBe(400);
    expect(await list(attendant)).toEqual([{ ...kept, editable: false }]);
  });
});

describe('the what’s new badge', () => {
  it('counts the versions published since the reader last opened the changelog', async () => {
    const reader = await makeActor(t.app, t.database.db, 'attendant', admin.company);
    expect(await status(reader)).toEqual({ visible: true, unseen: 0 });
    await publish(root);
    await publish(admin, version({ version: 'Interna' }));
    await publish(otherAdmin, version({ version: 'De outra empresa' }));
    expect(await status(reader)).toEqual({ visible: true, unseen: 2 });
    expect((await call(reader, 'POST', '/seen')).json()).toEqual({ ok: true });
    expect(await status(reader)).toEqual({ visible: true, unseen: 0 });
    // Another reader's look is theirs alone.
    expect((await status(attendant)).unseen).toBe(2);
    await publish(root, version({ version: '2.4.0' }));
    expect(await status(reader)).toEqual({ visible: true, unseen: 1 });
  });

  it('and the changelog follow the product settings: hidden from the roles left out, never from managers', async () => {
    await publish(root);
    await t.database.db.update(productSettings).set({ changelogRoles: ['admin', 'supervisor'] });
    expect(await status(attendant)).toEqual({ visible: false, unseen: 0 });
    expect((await call(attendant, 'GET')).statusCode).toBe(403);
    expect((await call(attendant, 'POST', '/seen')).statusCode).toBe(403);
    expect((await status(supervisor)).visible).toBe(true);
    await t.database.db.update(productSettings).set({ changelogEnabled: false });
    expect((await status(supervisor)).visible).toBe(false);
    expect((await status(admin)).visible).toBe(true);
    expect(await list(admin)).toHaveLength(1);
  });

  it('is told to every console on a product publication, to the company’s on its own', async () => {
    const here = await connectSocket(baseUrl, attendant.token);
    const there = await connectSocket(baseUrl, otherAttendant.token);
    try {
      const product = await publish(root);
      await here.next<{ id: string }>('changelog.published', (event) => event.id === product.id);
      await there.next<{ id: string }>('changelog.published', (event) => event.id === product.id);
      const own = await publish(admin, version({ version: 'Interna' }));
      await here.next<{ id: string }>('changelog.published', (event) => event.id === own.id);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(there.received.some((entry) => (entry.payload as { id?: string }).id === own.id)).toBe(false);
    } finally {
      here.close();
      there.close();
    }
  });
});

describe('descriptions in the reader’s language', () => {
  it('fall back to Portuguese for both Portuguese and to English for French', () => {
    const item = {
      type: 'feature' as const,
      descriptions: { pt: 'Novidade', en: 'Novidade (en)', es: 'Novidade (es)' },
    };
    expect(changelogDescription(item, 'pt_br')).toBe('Novidade');
    expect(changelogDescription(item, 'pt_pt')).toBe('Novidade');
    expect(changelogDescription(item, 'en')).toBe('Novidade (en)');
    expect(changelogDescription(item, 'es')).toBe('Novidade (es)');
    expect(changelogDescription(item, 'fr')).toBe('Novidade (en)');
  });
});
