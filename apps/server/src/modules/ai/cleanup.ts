// The rule-based half of the embedded "spelling only" fix: spaces, punctuation spacing and capitals after a
// sentence ends. Addresses (links, e-mails, @handles) and placeholders ({{first_name}}) are left as typed.
import type { Language } from '@atende/contract';

/** Pieces never touched: links, e-mail addresses, handles and template placeholders. */
const PROTECTED = /(?:https?:\/\/|www\.)\S+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+|@\w+|\{\{[^}]*\}\}/giu;

function capitalise(text: string): string {
  return text.replace(
    /(^|[.!?…]\s+|\n\s*)(\p{Ll})/gu,
    (_, before: string, letter: string) => `${before}${letter.toUpperCase()}`,
  );
}

function tidy(text: string, language: Language): string {
  let result = text
    .replace(/[ \t\u00a0]+/g, ' ')
    .replace(/ +\n/g, '\n')
    .replace(/\n +/g, '\n')
    .replace(/\n{3,}/g, '\n\n');
  // French sets a space before ; : ! ? — the other languages none.
  result = language === 'fr' ? result.replace(/ +([,.])/g, '$1') : result.replace(/ +([,.;:!?])/g, '$1');
  result = result
    // A space after a comma, semicolon, exclamation or question mark that runs into a word.
    .replace(/([,;!?])(?=\p{L})/gu, '$1 ')
    // After a full stop only when a sentence starts (a capital), so 3.5 and e.g. stay.
    .replace(/(\p{Ll}{2,})\.(?=\p{Lu})/gu, '$1. ');
  if (language === 'en') result = result.replace(/(^|\s)i(?=['’\s,.!?]|$)/g, '$1I');
  return capitalise(result.trim());
}

/** Protected pieces stand aside as private-use marks (never typed in a message) while the rules run. */
export function cleanUp(text: string, language: Language): string {
  const kept: string[] = [];
  const masked = text.replace(PROTECTED, (piece) => {
    kept.push(piece);
    return `\uE000${kept.length - 1}\uE001`;
  });
  return tidy(masked, language).replace(/\uE000(\d+)\uE001/g, (_, index: string) => kept[Number(index)]!);
}
