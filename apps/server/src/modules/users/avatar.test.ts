// Profile images through the real app: a JPG or PNG up to 3 MB is kept in two sizes and served through signed
// URLs; an SVG, a GIF, an executable renamed .png or 3 MB + 1 byte is refused and changes nothing. And a wrong
// current password on the change-password call is counted by the login throttle.
import { AVATAR_MAX_BYTES, AVATAR_SIZES, type User } from '@atende/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, multipartBody, type Actor } from '../../../test/factories.ts';
import { users } from '../../db/schema/index.ts';
import { LOGIN_FREE_FAILURES } from '../auth/throttle.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uploadPart = (actor: Actor, data: Buffer, filename: string, type: string) => {
  const body = multipartBody([{ name: 'file', filename, type, data }]);
  return injectAs(t.app, actor, {
    method: 'POST',
    url: '/api/user/avatar',
    payload: body.payload,
    headers: { ...body.headers, 'accept-language': 'pt-BR' },
  });
};
const avatarPath = async (actor: Actor) =>
  (await t.database.db.select().from(users).where(eq(users.id, actor.user.id)))[0]!.avatarPath;
const photo = (format: 'png' | 'jpeg') => {
  const canvas = sharp({ create: { width: 640, height: 480, channels: 3, background: '#3366aa' } });
  return (format === 'png' ? canvas.png() : canvas.jpeg()).toBuffer();
};

describe('POST /api/user/avatar', () => {
  it('keeps a PNG or a JPG in two square sizes, served through signed URLs; deleting removes both', async () => {
    const actor = await makeActor(t.app, t.database.db);
    for (const format of ['png', 'jpeg'] as const) {
      const response = await uploadPart(actor, await photo(format), `me.${format}`, `image/${format}`);
      expect(response.statusCode, response.body).toBe(200);
      const user = response.json<User>();
      expect(user.avatar).toMatch(new RegExp(`^/api/users/${actor.user.id}/avatar\\?v=\\d+&exp=`));
      const large = await t.app.inject({ method: 'GET', url: user.avatar! });
      expect(large.headers['content-type']).toBe('image/webp');
      expect(await sharp(large.rawPayload).metadata()).toMatchObject({
        width: AVATAR_SIZES.large,
        height: AVATAR_SIZES.large,
      });
      const small = await t.app.inject({
        method: 'GET',
        url: user.avatar!.replace('?v=', '?size=small&v='),
      });
      expect(await sharp(small.rawPayload).metadata()).toMatchObject({ width: AVATAR_SIZES.small });
    }
    const path = (await avatarPath(actor))!;
    expect(await t.app.deps.storage.read(path)).not.toBeNull();
    const deleted = await injectAs(t.app, actor, { method: 'POST', url: '/api/user/avatar/delete' });
    expect(deleted.json<User>().avatar).toBeNull();
    expect(await t.app.deps.storage.read(path)).toBeNull();
    expect(await t.app.deps.storage.read(path.replace('.webp', '.small.webp'))).toBeNull();
  });

  it('refuses an SVG, a GIF, a renamed executable and 3 MB + 1 byte, changing nothing', async () => {
    const actor = await makeActor(t.app, t.database.db);
    expect((await uploadPart(actor, await photo('png'), 'a.png', 'image/png')).statusCode).toBe(200);
    const before = await avatarPath(actor);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: 'red' } })
      .gif()
      .toBuffer();
    // An ELF executable's header, named and typed as a PNG.
    const exe = Buffer.concat([Buffer.from('7f454c46020101000000000000000000', 'hex'), Buffer.alloc(2000)]);
    const cases: [Buffer, string, string][] = [
      [svg, 'me.svg', 'image/svg+xml'],
      [svg, 'me.png', 'image/png'],
      [gif, 'me.gif', 'image/gif'],
      [exe, 'me.png', 'image/png'],
    ];
    for (const [data, name, type] of cases) {
      const response = await uploadPart(actor, data, name, type);
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'image_unsupported',
        message: 'Imagem não suportada: envie um arquivo JPG ou PNG.',
      });
    }
    // A real PNG header followed by padding to exactly the limit, then one byte more.
    const png = await photo('png');
    const atLimit = Buffer.concat([png, Buffer.alloc(AVATAR_MAX_BYTES - png.length)]);
    const tooLarge = await uploadPart(
      actor,
      Buffer.concat([atLimit, Buffer.alloc(1)]),
      'big.png',
      'image/png',
    );
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.json()).toMatchObject({
      code: 'avatar_too_large',
      message: 'A imagem é maior que o limite de 3 MB.',
    });
    expect(await avatarPath(actor)).toBe(before);
    // Exactly 3 MB is taken (the trailing bytes after IEND are ignored by the decoder).
    expect((await uploadPart(actor, atLimit, 'limit.png', 'image/png')).statusCode).toBe(200);
  });

  it('shows the small avatar in the responsibles list', async () => {
    const actor = await makeActor(t.app, t.database.db);
    await uploadPart(actor, await photo('jpeg'), 'me.jpg', 'image/jpeg');
    const list = await injectAs(t.app, actor, { method: 'GET', url: '/api/responsibles' });
    const mine = list
      .json<{ data: { id: string; avatar: string | null }[] }>()
      .data.find((r) => r.id === actor.user.id);
    expect(mine?.avatar).toContain('size=small');
    const served = await t.app.inject({ method: 'GET', url: mine!.avatar! });
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: AVATAR_SIZES.small });
  });
});

describe('a wrong current password is counted by the login throttle', () => {
  it('after the free failures the change is paced (429) like a login, and the login is too', async () => {
    const actor = await makeActor(t.app, t.database.db);
    const change = (current: string) =>
      injectAs(t.app, actor, {
        method: 'POST',
        url: '/api/user/password',
        payload: {
          current_password: current,
          password: 'brand-new-pass',
          password_confirmation: 'brand-new-pass',
        },
      });
    for (let i = 0; i < LOGIN_FREE_FAILURES; i += 1) {
      expect((await change('wrong-guess')).statusCode).toBe(400);
    }
    const paced = await change('wrong-guess');
    expect(paced.statusCode).toBe(429);
    expect(paced.headers['retry-after']).toBeDefined();
    // The same account from the same address at the login form waits too: one count for both.
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { company: actor.company.slug, username: actor.user.username, password: 'wrong-guess' },
    });
    expect(login.statusCode).toBe(429);
    expect(
      (await t.database.db.select().from(users).where(eq(users.id, actor.user.id)))[0]!.passwordHash,
    ).toBe(actor.user.passwordHash);
  });
});
