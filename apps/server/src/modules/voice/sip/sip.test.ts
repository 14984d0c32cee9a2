import { describe, expect, it } from 'vitest';
import { digestAuth, digestResponse, parseDigest } from './digest.ts';
import { addressUri, header, headerParam, parseSip, parseUri, responseTo, serializeSip } from './message.ts';

describe('SIP messages', () => {
  it('parse compact and folded headers, split lists, and serialise with the body length', () => {
    const raw = [
      'INVITE sip:1002@demo.atende.sip SIP/2.0',
      'v: SIP/2.0/WSS a.invalid;branch=z9hG4bK1, SIP/2.0/WS b.invalid;branch=z9hG4bK2',
      'Max-Forwards: 70',
      't: <sip:1002@demo.atende.sip>',
      'f: "Ana, a operadora" <sip:1001@demo.atende.sip>;tag=x1',
      'i: abc@a.invalid',
      'CSeq: 2 INVITE',
      'Subject: um assunto',
      '  dobrado',
      'c: application/sdp',
      'l: 8',
      '',
      'v=0\r\no=x',
    ].join('\r\n');
    const message = parseSip(raw);
    expect(message.kind).toBe('request');
    expect(message.headers.get('via')).toHaveLength(2);
    expect(header(message, 'subject')).toBe('um assunto dobrado');
    expect(headerParam(header(message, 'from'), 'tag')).toBe('x1');
    expect(addressUri(header(message, 'from'))).toBe('sip:1001@demo.atende.sip');
    expect(parseUri('sip:%2B5511@Demo.Atende.Sip:5060;transport=ws')).toEqual({
      user: '+5511',
      host: 'demo.atende.sip',
      params: ';transport=ws',
    });
    const written = serializeSip(message);
    expect(written).toContain('Call-ID: abc@a.invalid\r\n');
    expect(written).toContain('Content-Length: 8\r\n\r\nv=0\r\no=x');
    const answer = responseTo(message as never, 486, 'Busy Here', [], 'tt');
    expect(header(answer, 'to')).toBe('<sip:1002@demo.atende.sip>;tag=tt');
    expect(serializeSip(answer)).toMatch(/^SIP\/2\.0 486 Busy Here\r\n/);
    expect(() => parseSip('HELLO')).toThrow();
    expect(() => parseSip('OPTIONS sip:x SIP/2.0\r\nVia: SIP/2.0/WS a\r\n\r\n')).toThrow(/missing/);
  });
});

describe('digest', () => {
  it('computes RFC 2617’s example response', () => {
    expect(
      digestResponse({
        username: 'Mufasa',
        realm: 'testrealm@host.com',
        password: 'Circle Of Life',
        method: 'GET',
        uri: '/dir/index.html',
        nonce: 'dcd98b7102dd2f0e8b11d0f600bfb0c093',
        nc: '00000001',
        cnonce: '0a4f113b',
      }),
    ).toBe('6629fae49393a05397450978507c4ef1');
  });

  it('accepts an answer to its own nonce only, with the right password, and says when it went stale', () => {
    const auth = digestAuth('segredo');
    const challenge = parseDigest(auth.challenge('demo.atende.sip'))!;
    const answer = (password: string, nonce = challenge.nonce!) => ({
      username: '1001',
      realm: 'demo.atende.sip',
      nonce,
      uri: 'sip:demo.atende.sip',
      qop: 'auth',
      nc: '00000001',
      cnonce: 'c1',
      response: digestResponse({
        username: '1001',
        realm: 'demo.atende.sip',
        password,
        method: 'REGISTER',
        uri: 'sip:demo.atende.sip',
        nonce,
        nc: '00000001',
        cnonce: 'c1',
      }),
    });
    const input = { method: 'REGISTER', realm: 'demo.atende.sip', password: 'senha-1001' };
    expect(auth.verify(answer('senha-1001'), input)).toBe('ok');
    expect(auth.verify(answer('outra'), input)).toBe('invalid');
    expect(auth.verify(answer('senha-1001'), { ...input, realm: 'other.atende.sip' })).toBe('invalid');
    const forged = `${challenge.nonce!.split('.').slice(0, 2).join('.')}.AAAAAAAAAAAAAAAAAAAAAA`;
    expect(auth.verify(answer('senha-1001', forged), input)).toBe('invalid');
    expect(digestAuth('outro').verify(answer('senha-1001'), input)).toBe('invalid');
    expect(auth.verify(answer('senha-1001'), input, Date.now() + 6 * 60_000)).toBe('stale');
  });
});
