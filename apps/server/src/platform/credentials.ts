// Channel credentials at rest: AES-256-GCM under a key derived from CREDENTIALS_KEY, so a database dump alone
// reveals no mailbox password or provider token. The stored form names its version, leaving room to rotate.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

const VERSION = 'v1';

export type CredentialsBox = {
  seal(value: Record<string, unknown>): string;
  open<T = Record<string, unknown>>(sealed: string): T;
};

export function credentialsBox(secret: string): CredentialsBox {
  const key = createHash('sha256').update(`atende-credentials:${secret}`).digest();
  return {
    seal(value) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open<T>(sealed: string) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || !body) {
        throw new Error('Unknown credentials format');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]);
      return JSON.parse(plain.toString('utf8')) as T;
    },
  };
}
