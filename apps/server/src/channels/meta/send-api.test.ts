import { describe, expect, it } from 'vitest';
import { metaDeliveryError } from './send-api.ts';

const refusal = (status: number, error: Record<string, unknown>, headers: Record<string, string> = {}) =>
  metaDeliveryError(new Response(null, { status, headers }), { error: { type: 'OAuthException', ...error } });

describe('Meta Send API errors', () => {
  it('fails a bad token, an unreachable person and a closed window for good', () => {
    expect(refusal(401, { code: 190, message: 'Error validating access token' })).toMatchObject({
      permanent: true,
      message: 'Error validating access token',
    });
    expect(refusal(400, { code: 551, message: "This person isn't available right now." })).toMatchObject({
      permanent: true,
      message: "This person isn't available right now.",
    });
    for (const subcode of [2018278, 2534022]) {
      expect(
        refusal(400, { code: 10, error_subcode: subcode, message: '(#10) outside window' }),
      ).toMatchObject({
        permanent: true,
        message: 'meta_window_closed',
      });
    }
    // Code 10 for anything else is a permission refusal in Meta's words.
    expect(refusal(400, { code: 10, error_subcode: 2018065, message: 'No permission' }).message).toBe(
      'No permission',
    );
  });

  it('waits out rate limits (codes 4, 32, 613) as told, or a minute', () => {
    expect(refusal(429, { code: 613, message: 'rate' }, { 'retry-after': '2' })).toMatchObject({
      permanent: false,
      retryAfterMs: 2000,
    });
    for (const code of [4, 32]) {
      expect(refusal(400, { code, message: 'limit' })).toMatchObject({
        permanent: false,
        retryAfterMs: 60_000,
      });
    }
  });

  it('reads other answers by their HTTP status', () => {
    expect(refusal(500, { code: 2, message: 'transient' })).toMatchObject({
      permanent: false,
      retryAfterMs: null,
    });
    expect(refusal(400, { code: 100, message: 'Invalid parameter' })).toMatchObject({ permanent: true });
    expect(metaDeliveryError(new Response(null, { status: 502 }), null)).toMatchObject({
      permanent: false,
      message: 'HTTP 502',
    });
  });
});
