// The text rules every string field of the API inherits (issue 19, finding 2).
import { describe, expect, it } from 'vitest';
import { encodedText, isStorableText, messageText, requiredText, storableText, text } from './common.ts';

const issues = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('text', () => {
  it('refuses NUL, in every flavour of text', () => {
    for (const schema of [text(50), requiredText(50), messageText(50), encodedText(50)]) {
      expect(issues(schema.safeParse('ab\u0000cd'))).toEqual(['invalid_characters']);
    }
  });

  it('refuses a lone surrogate but keeps a paired one (an emoji)', () => {
    expect(issues(text(50).safeParse('ab\ud800cd'))).toEqual(['invalid_characters']);
    expect(issues(text(50).safeParse('ab\udc00'))).toEqual(['invalid_characters']);
    expect(issues(encodedText(50).safeParse('\ud83d'))).toEqual(['invalid_characters']);
    expect(text(50).parse('ok 😀')).toBe('ok 😀');
  });

  it('normalises to NFC and trims, then counts the stored length', () => {
    expect(text(50).parse('  Cafe\u0301  ')).toBe('Caf\u00e9');
    expect(text(3).safeParse('e\u0301e\u0301e\u0301').success).toBe(true);
    expect(text(3).safeParse('abcd').success).toBe(false);
  });

  it('leaves passwords and tokens exactly as given', () => {
    expect(encodedText(50).parse(' Cafe\u0301 ')).toBe(' Cafe\u0301 ');
  });

  it('refuses a message of only whitespace or zero-width characters as empty', () => {
    for (const invisible of [
      '',
      '   ',
      '\u200b',
      '\u200c\u200d',
      '\u2060',
      '\ufeff',
      '\u00a0\u3000',
      '\u200b \n',
    ]) {
      expect(issues(messageText(50).safeParse(invisible))).toEqual(['message_empty']);
      expect(issues(requiredText(50).safeParse(invisible))).toEqual(['required']);
    }
    expect(messageText(50).parse(' \u200bolá ')).toBe('\u200bolá');
    expect(text(50).parse('\u200b')).toBe('\u200b');
  });

  it("makes a provider's text storable instead of refusing it: no NUL, U+FFFD for a lone surrogate, NFC", () => {
    const made = storableText('a\u0000b \ud800 \udc00x e\u0301 😀');
    expect(made).toBe('ab \ufffd \ufffdx \u00e9 😀');
    expect(isStorableText(made)).toBe(true);
  });
});
