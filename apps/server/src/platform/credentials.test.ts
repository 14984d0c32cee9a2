import { describe, expect, it } from 'vitest';
import { credentialsBox } from './credentials.ts';

describe('credentials at rest', () => {
  const box = credentialsBox('k'.repeat(40));

  it('round-trips and never stores the plain value', () => {
    const sealed = box.seal({ password: 'hunter2-secret' });
    expect(sealed).not.toContain('hunter2');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed)).toEqual({ password: 'hunter2-secret' });
  });

  it('seals the same value differently each time (random IV)', () => {
    expect(box.seal({ a: 1 })).not.toBe(box.seal({ a: 1 }));
  });

  it('refuses a tampered value and another key', () => {
    const sealed = box.seal({ token: 'abc' });
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3]!, 'base64url');
    body[0] = body[0]! ^ 1;
    const tampered = [...parts.slice(0, 3), body.toString('base64url')].join('.');
    expect(() => box.open(tampered)).toThrow();
    expect(() => credentialsBox('x'.repeat(40)).open(sealed)).toThrow();
  });
});
