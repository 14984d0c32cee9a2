// Password hashing with argon2id (OWASP's recommended parameters: 19 MiB, 2 iterations).
import { hash, verify } from '@node-rs/argon2';

const OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, OPTIONS);

export const verifyPassword = (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

let decoy: Promise<string> | undefined;
/** Spends the time of a real verification, so an unknown user answers as slowly as a wrong password. */
export async function verifyDecoy(password: string): Promise<false> {
  decoy ??= hashPassword('decoy-password-for-timing');
  await verifyPassword(await decoy, password);
  return false;
}
