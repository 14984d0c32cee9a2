// The embedded spelling fix: real Hunspell (hunspell-asm, WebAssembly) over the dictionaries that the
// `dictionary-*` packages ship (pt_BR, pt_PT, en, es, fr). A dictionary takes up to a second to load and tens of
// megabytes, so each is loaded once, on first use or when the server starts listening (warm), and kept.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Language } from '@atende/contract';
import { loadModule, type Hunspell, type HunspellFactory } from 'hunspell-asm';
import { cleanUp } from './cleanup.ts';

const PACKAGES: Record<Language, string> = {
  pt_br: 'dictionary-pt',
  pt_pt: 'dictionary-pt-pt',
  en: 'dictionary-en',
  es: 'dictionary-es',
  fr: 'dictionary-fr',
};

/** Suggestions cost tens of milliseconds a word: a draft with more unknown words than this keeps the rest. */
const MAX_CORRECTIONS = 60;
/** Suggesting stops after this long: the rest of a long or strange draft is kept as typed. */
const SUGGEST_BUDGET_MS = 1500;
/** Longer "words" are no prose (codes, keyboard mashing) and cost Hunspell seconds to suggest for. */
const MAX_WORD = 30;

const WORD = /\p{L}+(?:['’-]\p{L}+)*/gu;
/** Tokens that are not prose: links, addresses, handles, placeholders, anything with digits. */
const NOT_PROSE = /^(?:\S*(?:\/\/|www\.|@|\{\{|\d)\S*)$/u;

const require = createRequire(import.meta.url);
let factory: Promise<HunspellFactory> | null = null;
const spellers = new Map<Language, Promise<Hunspell>>();

async function load(language: Language): Promise<Hunspell> {
  factory ??= loadModule();
  const hunspell = await factory;
  const folder = dirname(require.resolve(PACKAGES[language]));
  const [aff, dic] = await Promise.all([
    readFile(join(folder, 'index.aff')),
    readFile(join(folder, 'index.dic')),
  ]);
  return hunspell.create(
    hunspell.mountBuffer(aff, `${language}.aff`),
    hunspell.mountBuffer(dic, `${language}.dic`),
  );
}

export function speller(language: Language): Promise<Hunspell> {
  let loading = spellers.get(language);
  if (!loading) {
    loading = load(language);
    // A failed load is tried again next time rather than remembered.
    loading.catch(() => spellers.delete(language));
    spellers.set(language, loading);
  }
  return loading;
}

/** Keeps the typed word's capitals: "Voce" → "Você", "VOCE" → "VOCÊ". */
function sameCase(typed: string, suggestion: string): string {
  if (typed.length > 1 && typed === typed.toUpperCase()) return suggestion.toUpperCase();
  if (typed[0] === typed[0]!.toUpperCase()) return suggestion[0]!.toUpperCase() + suggestion.slice(1);
  return suggestion;
}

function correctWords(text: string, hunspell: Hunspell): string {
  let corrections = 0;
  const until = performance.now() + SUGGEST_BUDGET_MS;
  return text
    .split(/(\s+)/)
    .map((token) => {
      if (NOT_PROSE.test(token)) return token;
      return token.replace(WORD, (word) => {
        if (corrections >= MAX_CORRECTIONS || word.length > MAX_WORD || performance.now() > until)
          return word;
        if (hunspell.spell(word)) return word;
        // An all-capitals word is likely an acronym or a name: kept.
        if (word.length > 1 && word === word.toUpperCase()) return word;
        const [best] = hunspell.suggest(word);
        if (!best) return word;
        corrections += 1;
        return sameCase(word, best);
      });
    })
    .join('');
}

/** The draft with its misspelt words replaced by the dictionary's first suggestion, then tidied. */
export async function fixSpelling(text: string, language: Language): Promise<string> {
  const hunspell = await speller(language);
  return cleanUp(correctWords(text, hunspell), language);
}
