import type { AuditPage, CenterBranding, Resources } from '@atende/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/app.ts';
import { injectAs, makeActor, multipartBody, SAMPLE_PNG, type Actor } from '../../../test/factories.ts';
import { findCompanyById } from '../companies/service.ts';

let t: TestApp;
let admin: Actor;
let supervisor: Actor;
let attendant: Actor;
let other: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await makeActor(t.app, t.database.db, 'admin');
  supervisor = await makeActor(t.app, t.database.db, 'supervisor', admin.company);
  attendant = await makeActor(t.app, t.database.db, 'attendant', admin.company);
  other = await makeActor(t.app, t.database.db, 'admin');
});
afterAll(() => t.close());

const LOGO_SVG = Buffer.from(
  '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">' +
    '<sodipodi:namedview pagecolor="#fff"/><defs><linearGradient id="g"/></defs>' +
    '<rect width="10" height="10" fill="url(#g)"/></svg>',
);
const svg = (body: string) =>
  Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`);

const upload = (actor: Actor, kind: string, data: Buffer, filename = 'logo.svg', type = 'image/svg+xml') =>
  injectAs(t.app, actor, {
    method: 'POST',
    url: `/api/center/branding/${kind}`,
    ...multipartBody([{ name: 'file', filename, type, data }]),
  });
const settings = (actor: Actor, payload: object, headers: Record<string, string> = {}) =>
  injectAs(t.app, actor, { method: 'PUT', url: '/api/center/branding', payload, headers });
const resourcesOf = async (actor: Actor) =>
  (await injectAs(t.app, actor, { method: 'GET', url: '/api/resources' })).json<Resources>();
const publicResources = async (company: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/resources?company=${company}` })).json<Resources>();
const brandingRow = async (actor: Actor) =>
  (await findCompanyById(t.database.db, actor.company.id))!.branding;

describe('the Center’s white-label', () => {
  it('sets the colours and product name; GET resources answers them at once, before and after login', async () => {
    const saved = await settings(admin, {
      color_light: '#aa3300',
      color_dark: '#ffaa88',
      product_name: 'Acme',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<CenterBranding>().branding).toMatchObject({
      color_light: '#aa3300',
      product_name: 'Acme',
    });
    expect(await resourcesOf(admin)).toMatchObject({
      color_light: '#aa3300',
      color_dark: '#ffaa88',
      product_name: 'Acme',
    });
    expect(await publicResources(admin.company.slug)).toMatchObject({
      color_light: '#aa3300',
      product_name: 'Acme',
    });
    // Another company keeps the product's own.
    expect(await resourcesOf(other)).toMatchObject({ color_light: '#29a4ff', product_name: 'Atende' });
  });

  it('uploads each file kind (PNG as is, SVG cleaned), serves it publicly and immutably, removes it', async () => {
    const png = await upload(admin, 'favicon', SAMPLE_PNG, 'icon.ico', 'image/x-icon');
    expect(png.statusCode, png.body).toBe(200);
    expect(png.json<CenterBranding>().custom_files).toEqual(['favicon']);
    const logo = await upload(admin, 'logo', LOGO_SVG);
    expect(logo.statusCode, logo.body).toBe(200);
    const resources = await publicResources(admin.company.slug);
    expect(resources.logo).toMatch(/^\/api\/branding\/logo\.[0-9a-f]{32}\.svg$/);
    expect(resources.favicon).toMatch(/^\/api\/branding\/favicon\.[0-9a-f]{32}\.png$/);
    // Before login nothing in the answer names the company (issue 19, finding 7): not its id, not in a file's address.
    const raw = (await t.app.inject({ method: 'GET', url: `/api/resources?company=${admin.company.slug}` }))
      .body;
    expect(raw).not.toContain(admin.company.id);
    expect(JSON.parse(raw)).toMatchObject({ company: null });

    const served = await t.app.inject({ method: 'GET', url: resources.logo });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/svg+xml');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['content-security-policy']).toContain("default-src 'none'");
    expect(served.body).toContain('<rect');
    expect(served.body).not.toContain('namedview');
    const icon = await t.app.inject({ method: 'GET', url: resources.favicon });
    expect(icon.headers['content-type']).toBe('image/png');
    expect(icon.rawPayload.equals(SAMPLE_PNG)).toBe(true);

    // A new logo gets a new address; the old one is gone.
    const replaced = await upload(admin, 'logo', svg('<circle r="4"/>'));
    expect(replaced.statusCode).toBe(200);
    const next = (await publicResources(admin.company.slug)).logo;
    expect(next).not.toBe(resources.logo);
    expect((await t.app.inject({ method: 'GET', url: resources.logo })).statusCode).toBe(404);

    const removed = await injectAs(t.app, admin, { method: 'DELETE', url: '/api/center/branding/logo' });
    expect(removed.json<CenterBranding>()).toMatchObject({
      branding: { logo: '/brand/logo.svg' },
      custom_files: ['favicon'],
    });
    expect((await t.app.inject({ method: 'GET', url: next })).statusCode).toBe(404);
    expect((await publicResources(admin.company.slug)).logo).toBe('/brand/logo.svg');
  });

  it('still serves a file uploaded under its company before random names, until it is replaced', async () => {
    const key = `${admin.company.id}/logo.0123456789abcdef.png`;
    await t.app.deps.storage.put(`branding/${key}`, SAMPLE_PNG);
    const served = await t.app.inject({ method: 'GET', url: `/api/branding/${key}` });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(SAMPLE_PNG)).toBe(true);
    const other = await t.app.inject({ method: 'GET', url: `/api/branding/${admin.company.id}/../x.png` });
    expect([400, 404]).toContain(other.statusCode);
  });

  it('refuses bad input with a translated 400 and changes nothing', async () => {
    const before = await brandingRow(admin);
    const refusals: [Awaited<ReturnType<typeof upload>>, string, string][] = [
      [
        await upload(admin, 'logo', svg('<script>alert(1)</script><rect/>')),
        'brand_svg_unsafe',
        'This SVG contains scripts',
      ],
      [
        await upload(admin, 'logo', svg('<rect onload="alert(1)"/>')),
        'brand_svg_unsafe',
        'This SVG contains',
      ],
      [
        await upload(admin, 'logo', svg('<foreignObject><div/></foreignObject>')),
        'brand_svg_unsafe',
        'This SVG',
      ],
      [
        await upload(admin, 'logo', svg('<image href="https://evil.test/x.png"/>')),
        'brand_svg_unsafe',
        'This SVG',
      ],
      [
        await upload(admin, 'logo', svg('<style>@import url(https://evil.test/a.css);</style>')),
        'brand_svg_unsafe',
        'This SVG',
      ],
      [
        await upload(admin, 'logo', Buffer.from('<html><body>hi</body></html>')),
        'brand_file_type',
        'must be a PNG or an SVG',
      ],
      [
        await upload(
          admin,
          'logo',
          Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;'),
          'logo.png',
          'image/png',
        ),
        'brand_file_type',
        'PNG or an SVG',
      ],
      [
        await upload(
          admin,
          'favicon',
          Buffer.concat([SAMPLE_PNG, Buffer.alloc(130 * 1024)]),
          'f.png',
          'image/png',
        ),
        'brand_file_too_large',
        '128 KB',
      ],
      [
        await upload(
          admin,
          'logo',
          Buffer.concat([SAMPLE_PNG, Buffer.alloc(600 * 1024)]),
          'l.png',
          'image/png',
        ),
        'brand_file_too_large',
        '512 KB',
      ],
    ];
    for (const [response, code] of refusals) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().code).toBe(code);
    }
    const script = multipartBody([
      { name: 'file', filename: 'x.svg', type: 'image/svg+xml', data: svg('<script/>') },
    ]);
    const english = await injectAs(t.app, admin, {
      method: 'POST',
      url: '/api/center/branding/logo',
      payload: script.payload,
      headers: { ...script.headers, 'accept-language': 'en' },
    });
    expect(english.json().message).toMatch(/^This SVG contains scripts/);
    expect((await upload(admin, 'banner', SAMPLE_PNG)).statusCode).toBe(400);
    for (const parts of [
      [{ name: 'note', value: 'x' }],
      [{ name: 'other', filename: 'b.png', type: 'image/png', data: SAMPLE_PNG }],
    ]) {
      const extra = await injectAs(t.app, admin, {
        method: 'POST',
        url: '/api/center/branding/logo',
        ...multipartBody([
          { name: 'file', filename: 'a.png', type: 'image/png', data: SAMPLE_PNG },
          ...parts,
        ]),
      });
      expect(extra.statusCode, extra.body).toBe(400);
    }

    const colour = await settings(
      admin,
      { color_light: 'red', color_dark: '#ffaa88', product_name: 'Acme' },
      { 'accept-language': 'en' },
    );
    expect(colour.statusCode).toBe(400);
    expect(colour.json()).toMatchObject({ code: 'validation_failed', field: 'color_light' });
    expect(colour.json().message).toBe('The “light theme colour” field has an invalid format.');
    expect(
      (await settings(admin, { color_light: '#aa3300', color_dark: '#ffaa88', product_name: ' ' }))
        .statusCode,
    ).toBe(400);
    expect(await brandingRow(admin)).toEqual(before);
  });

  it('is for administrators: supervisors and attendants get 403 on every route, and nothing changes', async () => {
    const before = await brandingRow(admin);
    for (const actor of [supervisor, attendant]) {
      const answers = [
        await injectAs(t.app, actor, { method: 'GET', url: '/api/center/branding' }),
        await settings(actor, { color_light: '#000000', color_dark: '#000000', product_name: 'X' }),
        await upload(actor, 'logo', svg('<rect/>')),
        await injectAs(t.app, actor, { method: 'DELETE', url: '/api/center/branding/favicon' }),
      ];
      expect(answers.map((answer) => answer.statusCode)).toEqual([403, 403, 403, 403]);
    }
    expect(await brandingRow(admin)).toEqual(before);
  });

  it('never touches another company: the admin of B changes only B', async () => {
    const before = await brandingRow(admin);
    expect((await upload(other, 'logo', svg('<rect/>'))).statusCode).toBe(200);
    expect(
      (await settings(other, { color_light: '#010203', color_dark: '#040506', product_name: 'B' }))
        .statusCode,
    ).toBe(200);
    expect(await brandingRow(admin)).toEqual(before);
    // The same content uploaded by a third company gets an address of its own, which it alone replaces or removes.
    const third = await makeActor(t.app, t.database.db, 'admin');
    const theirs = (await publicResources(other.company.slug)).logo;
    expect((await upload(third, 'logo', svg('<rect/>'))).statusCode).toBe(200);
    const ours = (await publicResources(third.company.slug)).logo;
    expect(ours).not.toBe(theirs);
    await injectAs(t.app, third, { method: 'DELETE', url: '/api/center/branding/logo' });
    expect((await t.app.inject({ method: 'GET', url: theirs })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: ours })).statusCode).toBe(404);
    // An address not drawn by the server is not found.
    const guessed = '/api/branding/logo.00000000000000000000000000000000.svg';
    expect((await t.app.inject({ method: 'GET', url: guessed })).statusCode).toBe(404);
  });

  it('writes who changed what to the audit log, field by field', async () => {
    const page = (
      await injectAs(t.app, admin, { method: 'GET', url: '/api/center/audit' })
    ).json<AuditPage>();
    const changes = page.data.filter((event) => event.kind === 'branding_changed');
    expect(changes.every((event) => event.actor_id === admin.user.id)).toBe(true);
    expect(changes.every((event) => event.subject === admin.user.username)).toBe(true);
    expect(changes.map((event) => event.details.field).reverse()).toEqual([
      'color_light',
      'color_dark',
      'product_name',
      'favicon',
      'logo',
      'logo',
      'logo',
    ]);
    expect(changes.at(-1)!.details).toEqual({ field: 'color_light', from: '#29a4ff', to: '#aa3300' });
    expect(changes[0]!.details).toMatchObject({ field: 'logo', to: null });
  });
});
