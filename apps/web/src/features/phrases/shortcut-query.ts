// The `/` shortcut of the message footer: a `/` at the start of a word opens the ready phrases, filtered by what
// follows it up to the caret. Pure functions, so the footer's behaviour is tested without a browser.
import type { Phrase } from '@atende/contract';

/** Where the typed shortcut starts (the `/`) and what was typed after it, or null when the caret is not in one. */
export interface ShortcutQuery {
  start: number;
  query: string;
}

export function shortcutQueryAt(text: string, caret: number): ShortcutQuery | null {
  const before = text.slice(0, caret);
  const match = /(^|\s)\/([^\s/]*)$/.exec(before);
  if (!match) return null;
  const query = match[2] ?? '';
  return { start: caret - query.length - 1, query };
}

/** Case- and accent-insensitive form, so "promocao" finds "Promoção". */
const folded = (value: string): string =>
  value
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

/**
 * Phrases whose title and text together contain every word typed, in their order (the user's own, then the
 * company's); at most `limit`.
 */
export function matchPhrases(phrases: readonly Phrase[], query: string, limit: number): Phrase[] {
  const words = folded(query).split(/\s+/).filter(Boolean);
  const matches = phrases.filter((phrase) => {
    const text = folded(`${phrase.title ?? ''} ${phrase.text}`);
    return words.every((word) => text.includes(word));
  });
  return matches.slice(0, limit);
}

/** The text with the shortcut (from its `/` to the caret) replaced by `insert`, and where the caret goes. */
export function replaceShortcut(
  text: string,
  shortcut: ShortcutQuery,
  caret: number,
  insert: string,
): { text: string; caret: number } {
  return {
    text: text.slice(0, shortcut.start) + insert + text.slice(caret),
    caret: shortcut.start + insert.length,
  };
}
