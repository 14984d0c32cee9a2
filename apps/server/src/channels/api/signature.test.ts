import { describe, expect, it } from 'vitest';
import { WebhookRefusal, type WebhookRequest } from '../adapter.ts';
import { apiSignature, signedHeaders, verifyApiSignature } from './signature.ts';

// The worked example of README.md beside this file.
const SECRET = 'whsec_example';
const TIMESTAMP = '1767225600';
const BODY =
  '{"type":"message","id":"msg-1001","contact":{"identifier":"customer-42","name":"Maria Souza"},"text":"Hello"}';
const SIGNATURE = 'sha256=ce33ed7942b3a4aded082e06f45a1b86c9f41ecf2fae2c31662743c467a31a98';
const AT = Number(TIMESTAMP) * 1000;

const request = (headers: Record<string, string>, body = BODY): WebhookRequest => ({
  method: 'POST',
  url: 'https://atende.example/api/webhooks/api/x',
  headers,
  query: {},
  rawBody: Buffer.from(body),
});

describe('the channel API signature', () => {
  it('matches the README’s worked example', () => {
    expect(apiSignature(SECRET, TIMESTAMP, BODY)).toBe(SIGNATURE);
    expect(signedHeaders(SECRET, BODY, AT + 999)).toEqual({
      'x-atende-timestamp': TIMESTAMP,
      'x-atende-signature': SIGNATURE,
    });
  });

  it('accepts the example within 5 minutes either way, and nothing else', () => {
    const headers = { 'x-atende-timestamp': TIMESTAMP, 'x-atende-signature': SIGNATURE };
    expect(() => verifyApiSignature(SECRET, request(headers), AT + 300_000)).not.toThrow();
    expect(() => verifyApiSignature(SECRET, request(headers), AT - 300_000)).not.toThrow();
    expect(() => verifyApiSignature(SECRET, request(headers), AT + 301_000)).toThrow(/window/);
    expect(() => verifyApiSignature(SECRET, request(headers), AT - 301_000)).toThrow(/window/);
    expect(() => verifyApiSignature('other', request(headers), AT)).toThrow(/mismatch/);
    expect(() => verifyApiSignature(SECRET, request(headers, `${BODY} `), AT)).toThrow(/mismatch/);
    // The timestamp is signed: moving it into the window breaks the signature.
    const moved = { ...headers, 'x-atende-timestamp': String(Number(TIMESTAMP) + 1) };
    expect(() => verifyApiSignature(SECRET, request(moved), AT)).toThrow(/mismatch/);
    expect(() => verifyApiSignature(SECRET, request({}), AT)).toThrow(WebhookRefusal);
    expect(() => verifyApiSignature('', request(headers), AT)).toThrow(/mismatch/);
  });
});
