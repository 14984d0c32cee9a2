// The checks of the channel account forms, mirroring the contract's schemas (packages/contract/src/
// channel-accounts.ts) so most mistakes show on their field before any call; the server checks again.
import type { ParseKeys } from 'i18next';

/** A problem with a field: the translation key of its text and the values the text names. */
export type Problem = { key: ParseKeys; values?: Record<string, number> };
export type Problems<Field extends string> = Partial<Record<Field, Problem>>;

const HOST = /^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;
// The server runs zod's e-mail check; this catches what a person mistypes (missing @ or domain).
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkText(value: string, max: number, required = true): Problem | undefined {
  const text = value.trim();
  if (required && text === '') return { key: 'centerChannels.problems.required' };
  if (text.length > max) return { key: 'centerChannels.problems.tooLong', values: { max } };
  return undefined;
}

export const checkHost = (value: string): Problem | undefined =>
  checkText(value, 255) ??
  (HOST.test(value.trim()) ? undefined : { key: 'centerChannels.problems.invalidHost' });

export function checkPort(value: number | string): Problem | undefined {
  if (value === '') return { key: 'centerChannels.problems.required' };
  const port = Number(value);
  return Number.isInteger(port) && port >= 1 && port <= 65535
    ? undefined
    : { key: 'centerChannels.problems.invalidPort' };
}

export const checkEmailAddress = (value: string): Problem | undefined =>
  checkText(value, Number.POSITIVE_INFINITY) ??
  (EMAIL.test(value.trim()) ? undefined : { key: 'centerChannels.problems.invalidEmail' });

export const checkColor = (value: string): Problem | undefined =>
  HEX_COLOR.test(value) ? undefined : { key: 'centerChannels.problems.invalidColor' };

/** Only the problems found, so an empty object means the form may be sent. */
export const found = <Field extends string>(checks: Record<Field, Problem | undefined>): Problems<Field> =>
  Object.fromEntries(Object.entries(checks).filter(([, problem]) => problem)) as Problems<Field>;
