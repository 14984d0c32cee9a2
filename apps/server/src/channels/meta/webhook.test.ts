import { describe, expect, it } from 'vitest';
import { WebhookRefusal, type ChannelAccountRecord, type WebhookRequest } from '../adapter.ts';
import { metaHandshake, metaSignature, verifyMetaSignature } from './webhook.ts';

const account: ChannelAccountRecord = {
  id: 'a',
  companyId: 'c',
  kind: 'whatsapp',
  name: 'WA',
  address: null,
  enabled: true,
  settings: {},
  credentials: { app_secret: 'secret', verify_token: 'tok' },
  updatedAt: new Date(),
};
const request = (over: Partial<WebhookRequest>): WebhookRequest => ({
  method: 'POST',
  url: 'https://example.test/api/webhooks/whatsapp/a',
  headers: {},
  query: {},
  rawBody: Buffer.from('test'),
  ...over,
});

describe('Meta webhooks', () => {
  it('signs with the CHANNELS.md test vector', () => {
    expect(metaSignature('secret', 'test')).toBe(
      'sha256=0329a06b62cd16b33eb6792be8c60b158d89a2ee3a876fce9a881ebb488c0914',
    );
  });

  it('accepts the exact bytes signed and refuses a missing or different signature', () => {
    const signed = metaSignature('secret', 'test');
    expect(() =>
      verifyMetaSignature(account, request({ headers: { 'x-hub-signature-256': signed } })),
    ).not.toThrow();
    expect(() => verifyMetaSignature(account, request({}))).toThrow(WebhookRefusal);
    const other = request({ headers: { 'x-hub-signature-256': signed }, rawBody: Buffer.from('test ') });
    expect(() => verifyMetaSignature(account, other)).toThrow(/mismatch/);
  });

  it('answers the handshake with the challenge only for the account token', () => {
    const query = { 'hub.mode': 'subscribe', 'hub.verify_token': 'tok', 'hub.challenge': '42' };
    expect(metaHandshake(account, request({ method: 'GET', query }))).toMatchObject({
      status: 200,
      body: '42',
    });
    const wrong = { ...query, 'hub.verify_token': 'nope' };
    expect(() => metaHandshake(account, request({ method: 'GET', query: wrong }))).toThrow(WebhookRefusal);
  });
});
