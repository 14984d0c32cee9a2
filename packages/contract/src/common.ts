// Building blocks reused by the schemas of every area.
import { z } from 'zod';
import type { ErrorCode } from './errors.ts';

export const Id = z.uuid();
export const Timestamp = z.iso.datetime({ offset: true });
export const Ok = z.object({ ok: z.literal(true) });
export type Ok = z.infer<typeof Ok>;

/** A UTF-16 surrogate not paired with its other half: no character at all, stored as U+FFFD or refused. */
const LONE_SURROGATE = /\p{Cs}/u;
/** Shows nothing: whitespace, control characters and the zero-width ones (U+200B..U+200F, U+2060, U+FEFF…). */
const INVISIBLE = /^[\s\p{Cc}\p{Default_Ignorable_Code_Point}]*$/u;

/**
 * Any text the API accepts is free of NUL (PostgreSQL cannot store it and would answer a 500) and of lone
 * surrogates (the driver would silently store U+FFFD instead). Refused rather than stripped: a client sending
 * them has a bug worth seeing, and a stripped body is not what was sent.
 */
export const isStorableText = (value: string) => !value.includes('\u0000') && !LONE_SURROGATE.test(value);

/**
 * Text that reaches us from outside the API (a provider's message, a mail's subject or sender name) is made
 * storable instead: a customer's message is never lost for a stray NUL. NUL goes, a lone surrogate becomes
 * U+FFFD (what it shows as anyway), and the rest is NFC like the text of the API.
 */
export const storableText = (value: string) =>
  value
    .replaceAll('\u0000', '')
    .replace(/\p{Cs}/gu, '\uFFFD')
    .normalize('NFC');

const wellFormed = z.string().refine(isStorableText, { message: 'invalid_characters', abort: true });

// The schema factories are marked free of side effects so that a bundler can drop the schemas the web app
// imports along with a module's constants but never uses.

/** Passwords and opaque tokens: well formed, but every code point counts as given (not trimmed or normalised). */
export const encodedText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => wellFormed.max(max);

/**
 * Text people write (names, messages, searches): NFC, so "é" typed as e + accent is the same as "é" (equal for
 * search, uniqueness and length), and trimmed; the length bound counts what is stored. May be empty.
 */
export const text = /* @__NO_SIDE_EFFECTS__ */ (max: number) => wellFormed.normalize('NFC').trim().max(max);

/**
 * Text that must say something: refused when only whitespace or zero-width characters remain, with `empty` as
 * the error (the validation "required" by default; a message's own code for messages).
 */
export const requiredText = /* @__NO_SIDE_EFFECTS__ */ (
  max: number,
  empty: ErrorCode | 'required' = 'required',
) =>
  text(max)
    .min(1, { message: empty, abort: true })
    .refine((value) => !INVISIBLE.test(value), { message: empty });

/** The text of a message, a thread message or a widget message. */
export const messageText = /* @__NO_SIDE_EFFECTS__ */ (max: number) => requiredText(max, 'message_empty');
