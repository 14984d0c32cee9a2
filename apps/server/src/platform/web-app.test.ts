import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressFile } from '../../../../scripts/precompress.mjs';
import { buildWidget, OUTPUT as WIDGET_BUNDLE } from '../../../widget/scripts/build.mjs';
import { createTestApp, type TestApp } from '../../test/app.ts';

/** A bundle large enough to be worth compressing, compressed the way the build does it. */
const BUNDLE = `export const texts = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `texto ${i} do painel`))};`;

let t: TestApp;
beforeAll(async () => {
  // The web build is faked by files in WEB_DIR before the app starts: the server decides at boot what it serves.
  const { mkdtemp } = await import('node:fs/promises');
  const { tmpdir } = await import('node:os');
  const webDir = await mkdtemp(join(tmpdir(), 'atende-web-'));
  await mkdir(join(webDir, 'assets'));
  await writeFile(join(webDir, 'index.html'), '<!doctype html><title>Atende</title>');
  await writeFile(join(webDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  await writeFile(join(webDir, 'assets', 'panel-abc123.js'), BUNDLE);
  precompressFile(join(webDir, 'assets', 'panel-abc123.js'));
  t = await createTestApp({ env: { WEB_DIR: webDir } });
});
afterAll(() => t.close());

describe('web app hosting', () => {
  it.each(['/', '/painel', '/painel/conversa/123/eventos', '/center'])('%s gets index.html', async (url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.body).toContain('<title>Atende</title>');
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('serves hashed assets as immutable and 404s missing ones instead of HTML', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/gone-000.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).not.toContain('<title>');
  });

  it.each([
    ['br', 'br', brotliDecompressSync],
    ['gzip', 'gzip', gunzipSync],
    ['br;q=0, gzip', 'gzip', gunzipSync],
    ['gzip;q=0.5, br', 'br', brotliDecompressSync],
  ])('sends a bundle precompressed for accept-encoding %s (%s)', async (accepted, encoding, decompress) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/panel-abc123.js',
      headers: { 'accept-encoding': accepted },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe(encoding);
    expect(response.headers['content-type']).toContain('javascript');
    expect(response.headers.vary).toContain('accept-encoding');
    expect(response.headers['cache-control']).toContain('immutable');
    expect(response.rawPayload.length).toBeLessThan(BUNDLE.length / 3);
    expect(decompress(response.rawPayload).toString()).toBe(BUNDLE);
  });

  it.each([undefined, 'identity', 'deflate'])(
    'sends the bundle as it is for accept-encoding %s',
    async (accepted) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/assets/panel-abc123.js',
        headers: accepted ? { 'accept-encoding': accepted } : {},
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.headers.vary).toContain('accept-encoding');
      expect(response.body).toBe(await readFile(join(t.config.webDir, 'assets', 'panel-abc123.js'), 'utf8'));
    },
  );

  it('sends a small file, which has no compressed copy, as it is to a client accepting br', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.body).toBe('console.log(1)');
  });

  it('sends the chat widget built and precompressed, or as it is to a client that takes neither', async () => {
    await buildWidget();
    const raw = await readFile(WIDGET_BUNDLE);
    const get = (accepted?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/widget.js',
        headers: accepted ? { 'accept-encoding': accepted } : {},
      });
    const [br, gzip, plain] = await Promise.all([get('gzip, deflate, br'), get('gzip'), get()]);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload)).toEqual(raw);
    expect(br.rawPayload.length).toBeLessThan(raw.length / 2);
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload)).toEqual(raw);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(raw);
    for (const response of [br, gzip, plain]) {
      expect(response.headers['content-type']).toContain('javascript');
      expect(response.headers.vary).toContain('accept-encoding');
    }
  });

  it('serves a file built after the server started (a rebuild needs no restart)', async () => {
    await writeFile(join(t.config.webDir, 'assets', 'later-def456.js'), 'console.log(2)');
    const response = await t.app.inject({ method: 'GET', url: '/assets/later-def456.js' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe('console.log(2)');
  });

  it('sends a strict content security policy', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
  });

  it('sends HSTS only on requests that came over HTTPS', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    // Without TRUST_PROXY a client's own X-Forwarded-Proto is not believed.
    const claimed = await t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(claimed.headers['strict-transport-security']).toBeUndefined();
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'true' } });
    try {
      const https = await proxied.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
      const http = await proxied.app.inject({ method: 'GET', url: '/api/health' });
      expect(http.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it('sends the security headers on API answers too, refusals included', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user' });
    expect(response.statusCode).toBe(401);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
  });

  it('documents the API as OpenAPI and serves the docs UI without login', async () => {
    const spec = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(spec.statusCode).toBe(200);
    expect(Object.keys(spec.json().paths)).toContain('/api/login');
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBeLessThan(400);
  });
});
