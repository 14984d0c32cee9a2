// Channel addresses in one canonical form, so the same customer is found whichever way the number is typed.
import { PHONE_KINDS, type ChannelKind } from '@atende/contract';
import { z } from 'zod';
import { AppError } from '../../platform/errors.ts';

const isPhoneKind = (kind: ChannelKind) => (PHONE_KINDS as readonly ChannelKind[]).includes(kind);
const digitsOf = (value: string) => value.replace(/\D/g, '');
const emailFormat = z.email();

export type NormalisedAddress = { address: string; digitsReversed: string | null };

export function normaliseAddress(kind: ChannelKind, raw: string): NormalisedAddress {
  const value = raw.trim();
  if (isPhoneKind(kind)) {
    const digits = digitsOf(value);
    if (digits.length < 8 || digits.length > 15 || /[a-z]/i.test(value)) {
      throw new AppError('invalid_channel_address', 400);
    }
    return { address: digits, digitsReversed: reverse(digits) };
  }
  if (kind === 'email') {
    const email = value.toLowerCase();
    if (!emailFormat.safeParse(email).success) throw new AppError('invalid_channel_address', 400);
    return { address: email, digitsReversed: null };
  }
  if (!value) throw new AppError('invalid_channel_address', 400);
  return { address: value, digitsReversed: null };
}

export const reverse = (value: string) => [...value].reverse().join('');

/** The reversed digits a phone search looks for: a number typed without country code is a suffix. */
export const phoneSearchPrefix = (value: string) => reverse(digitsOf(value));
