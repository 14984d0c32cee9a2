// The `/` shortcut of the message footer: typing `/` at the start of a word lists the ready phrases matching
// what follows it; ArrowUp/ArrowDown choose, Enter or Tab (or a click) inserts the phrase with its placeholders
// filled, Escape closes. It listens on the footer's textarea itself, before the footer's own Enter-to-send, so
// the footer needs only to call the hook and render <PhraseShortcut>. Phrases picked on the phrases page are
// inserted here when the conversation opens.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useParams } from 'react-router';
import type { Phrase } from '@atende/contract';
import { phrasesQuery } from '../../lib/catalogues.ts';
import { usePhraseInsertion } from './phrase-insertion.ts';
import { matchPhrases, replaceShortcut, shortcutQueryAt, type ShortcutQuery } from './shortcut-query.ts';
import { usePhraseFiller } from './use-phrase-values.ts';

/** How many phrases the list shows at once. */
export const SHORTCUT_LIMIT = 8;

export interface PhraseShortcutState {
  open: boolean;
  query: string;
  matches: Phrase[];
  active: number;
  choose: (phrase: Phrase) => void;
  close: () => void;
}

export function usePhraseShortcut(
  textarea: RefObject<HTMLTextAreaElement | null>,
  text: string,
  setText: (text: string) => void,
): PhraseShortcutState {
  const { contactId = '' } = useParams();
  const fill = usePhraseFiller(contactId);
  const [caret, setCaret] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);

  const shortcut: ShortcutQuery | null = caret === null ? null : shortcutQueryAt(text, caret);
  // The console loaded the phrases at start (initial data); asked again only if that failed.
  const phrases = useQuery({ ...phrasesQuery, enabled: shortcut !== null }).data?.data ?? [];
  const matches = shortcut ? matchPhrases(phrases, shortcut.query, SHORTCUT_LIMIT) : [];
  const open = shortcut !== null && dismissedAt !== shortcut.start;
  const current = { open, shortcut, matches, active: Math.min(active, Math.max(matches.length - 1, 0)) };
  const latest = useRef({ current, text, caret, fill, setText });
  latest.current = { current, text, caret, fill, setText };

  function place(nextText: string, nextCaret: number) {
    latest.current.setText(nextText);
    setCaret(nextCaret);
    requestAnimationFrame(() => {
      const element = textarea.current;
      element?.focus();
      element?.setSelectionRange(nextCaret, nextCaret);
    });
  }

  function choose(phrase: Phrase) {
    const { current: state, text: value, caret: at, fill: filler } = latest.current;
    if (!state.shortcut || at === null) return;
    const next = replaceShortcut(value, state.shortcut, at, filler(phrase.text));
    setActive(0);
    place(next.text, next.caret);
  }
  const chooseRef = useRef(choose);
  chooseRef.current = choose;

  // The caret decides whether a shortcut is being typed: follow it through typing (keyup), clicks and selection.
  // Not on 'input': a state change there re-renders the controlled textarea before React's onChange has read
  // the typed character, and the character is lost.
  useEffect(() => {
    const element = textarea.current;
    if (!element) return undefined;
    const follow = () =>
      setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
    const forget = () => setCaret(null);
    const handleKeyDown = (event: KeyboardEvent) => {
      const state = latest.current.current;
      if (!state.open || event.isComposing) return;
      const stop = () => {
        event.preventDefault();
        event.stopPropagation();
      };
      if (event.key === 'Escape') {
        stop();
        setDismissedAt(state.shortcut?.start ?? null);
      } else if (state.matches.length === 0) {
        return;
      } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        stop();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((state.active + step + state.matches.length) % state.matches.length);
      } else if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Tab') {
        stop();
        const phrase = state.matches[state.active];
        if (phrase) chooseRef.current(phrase);
      }
    };
    element.addEventListener('click', follow);
    element.addEventListener('keyup', follow);
    element.addEventListener('select', follow);
    element.addEventListener('blur', forget);
    element.addEventListener('keydown', handleKeyDown);
    return () => {
      element.removeEventListener('click', follow);
      element.removeEventListener('keyup', follow);
      element.removeEventListener('select', follow);
      element.removeEventListener('blur', forget);
      element.removeEventListener('keydown', handleKeyDown);
    };
  }, [textarea]);

  // A phrase picked on the phrases page for this conversation goes in at the end of what is typed.
  const take = usePhraseInsertion((state) => state.take);
  const pending = usePhraseInsertion((state) => state.pending);
  useEffect(() => {
    if (!contactId || pending?.contactId !== contactId) return;
    const inserted = take(contactId);
    if (inserted === null) return;
    const value = latest.current.text;
    const joined = value && !/\s$/.test(value) ? `${value} ${inserted}` : value + inserted;
    place(joined, joined.length);
    // place() only touches refs and setters.
  }, [contactId, pending, take]);

  return {
    open,
    query: shortcut?.query ?? '',
    matches,
    active: current.active,
    choose,
    close: () => setDismissedAt(shortcut?.start ?? null),
  };
}
