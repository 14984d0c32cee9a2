// Server-side translation of error texts, by the request's Accept-Language (pt_br when nothing matches).
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, languageOfTag, type Language } from '@atende/contract';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { pt_br, type Catalogue } from './locales/pt_br.ts';
import { pt_pt } from './locales/pt_pt.ts';

export const catalogues: Record<Language, Catalogue> = { pt_br, pt_pt, en, es, fr };

type Section = keyof Catalogue;
/** A wait told in the reader's words: seconds under a minute, whole minutes (rounded up) from then on. */
export type Wait = { seconds: number };
export type Params = Record<string, string | number | Wait>;

export function translate<S extends Section>(
  language: Language,
  section: S,
  key: keyof Catalogue[S] & string,
  params: Params = {},
): string {
  const template = (catalogues[language][section] as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => {
    const value = params[name];
    if (value === undefined) return match;
    return typeof value === 'object' ? formatWait(language, value) : String(value);
  });
}

function formatWait(language: Language, { seconds }: Wait): string {
  const [amount, unit] = seconds < 60 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return new Intl.NumberFormat(LANGUAGE_TAGS[language], { style: 'unit', unit, unitDisplay: 'long' }).format(
    amount,
  );
}

/** The label of a request field in words a person understands; unknown fields keep their own name. */
export function fieldLabel(language: Language, field: string): string {
  const labels = catalogues[language].fields as Record<string, string>;
  return labels[field] ?? field;
}

/** Picks the best supported language from an Accept-Language header, honouring q-values. */
export function languageFromHeader(header: string | undefined): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part) => {
      const [tag = '', ...attributes] = part.trim().split(';');
      const q = attributes.map((a) => a.trim()).find((a) => a.startsWith('q='));
      return { tag: tag.toLowerCase().replace('_', '-'), q: q ? Number(q.slice(2)) || 0 : 1 };
    })
    .filter((entry) => entry.tag && entry.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { tag } of ranked) {
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}
