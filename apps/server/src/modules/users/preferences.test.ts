import { SIDE_PANEL_WIDTH } from '@atende/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, makeUser, loginAs, type Actor } from '../../../test/factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const rowOf = async (id: string) => (await t.database.db.select().from(users).where(eq(users.id, id)))[0]!;
const read = (actor: Actor) => injectAs(t.app, actor, { method: 'GET', url: '/api/user/preferences' });
const save = (actor: Actor, payload: unknown) =>
  injectAs(t.app, actor, { method: 'POST', url: '/api/user/preferences', payload: payload as object });

describe('/api/user/preferences', () => {
  it('answers the defaults, then keeps what each user sets, one field at a time', async () => {
    const actor = await makeActor(t.app, t.database.db);
    expect((await read(actor)).json()).toEqual({
      side_panel: null,
      side_panel_width: SIDE_PANEL_WIDTH.default,
    });
    const before = await rowOf(actor.user.id);

    const opened = await save(actor, { side_panel: 'phrases' });
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toEqual({ side_panel: 'phrases', side_panel_width: SIDE_PANEL_WIDTH.default });
    // A width alone keeps the panel saved before it (merged, not replaced).
    expect((await save(actor, { side_panel_width: 512 })).json()).toEqual({
      side_panel: 'phrases',
      side_panel_width: 512,
    });
    expect((await read(actor)).json()).toEqual({ side_panel: 'phrases', side_panel_width: 512 });
    expect((await save(actor, { side_panel: null })).json()).toEqual({
      side_panel: null,
      side_panel_width: 512,
    });
    // The avatar's URL is versioned by updated_at: remembering a width must not renew it.
    expect((await rowOf(actor.user.id)).updatedAt).toEqual(before.updatedAt);

    // Per user: a colleague of the same company keeps their own.
    const colleague = await makeUser(t.database.db, actor.company, { role: 'attendant' });
    const other: Actor = {
      user: colleague,
      company: actor.company,
      token: await loginAs(t.app, actor.company, colleague),
    };
    expect((await read(other)).json()).toEqual({
      side_panel: null,
      side_panel_width: SIDE_PANEL_WIDTH.default,
    });
    await save(other, { side_panel: 'events', side_panel_width: 300 });
    expect((await read(actor)).json()).toEqual({ side_panel: null, side_panel_width: 512 });
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const actor = await makeActor(t.app, t.database.db);
    await save(actor, { side_panel: 'customer', side_panel_width: 400 });
    const before = await rowOf(actor.user.id);
    const cases: [unknown, string, string][] = [
      [
        { side_panel_width: 100 },
        'side_panel_width',
        'O campo “largura do painel lateral” deve ser no mínimo 280.',
      ],
      [
        { side_panel_width: 5000 },
        'side_panel_width',
        'O campo “largura do painel lateral” deve ser no máximo 960.',
      ],
      [
        { side_panel_width: 400.5 },
        'side_panel_width',
        'O campo “largura do painel lateral” tem um tipo de valor inválido.',
      ],
      [{ side_panel: 'threads' }, 'side_panel', 'O campo “painel lateral” tem um valor não aceito.'],
      [{}, '', 'Informe ao menos um campo para alterar.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await save(actor, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'validation_failed', message });
      if (field) expect(response.json().field).toBe(field);
    }
    // Only known preferences are stored: an unknown key is refused, not kept.
    const unknown = await save(actor, { side_panel: 'events', theme: 'dark' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().code).toBe('validation_failed');
    const english = await injectAs(t.app, actor, {
      method: 'POST',
      url: '/api/user/preferences',
      payload: { side_panel_width: 100 },
      headers: { 'accept-language': 'en' },
    });
    expect(english.json().message).toBe('The “side panel width” field must be at least 280.');
    expect(await rowOf(actor.user.id)).toEqual(before);
  });

  it('answers the default for a stored value the contract no longer accepts', async () => {
    const actor = await makeActor(t.app, t.database.db);
    await t.database.db
      .update(users)
      .set({ preferences: { side_panel: 'retired', side_panel_width: 12 } as never })
      .where(eq(users.id, actor.user.id));
    expect((await read(actor)).json()).toEqual({
      side_panel: null,
      side_panel_width: SIDE_PANEL_WIDTH.default,
    });
  });
});
