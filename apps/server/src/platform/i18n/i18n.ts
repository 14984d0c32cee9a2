// Server-side translation of error texts, by the request's Accept-Language (pt_br when nothing matches).
import { DEFAULT_LANGUAGE, type Language } from '@atende/contract';
import { en } from './locales/en.ts';
import { es } from './locales/es.ts';
import { fr } from './locales/fr.ts';
import { pt_br, type Catalogue } from './locales/pt_br.ts';
import { pt_pt } from './locales/pt_pt.ts';

export const catalogues: Record<Language, Catalogue> = { pt_br, pt_pt, en, es, fr };

type Section = keyof Catalogue;
export type Params = Record<string, string | number>;

export function translate<S extends Section>(
  language: Language,
  section: S,
  key: keyof Catalogue[S] & string,
  params: Params = {},
): string {
  const template = (catalogues[language][section] as Record<string, string>)[key] ?? key;
  return template.replace(/\{(\w+)\}/g, (match, name: string) => String(params[name] ?? match));
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
    const language = languageFromTag(tag);
    if (language) return language;
  }
  return DEFAULT_LANGUAGE;
}

function languageFromTag(tag: string): Language | undefined {
  if (tag === 'pt-pt') return 'pt_pt';
  const primary = tag.split('-')[0];
  if (primary === 'pt') return 'pt_br';
  if (primary === 'en' || primary === 'es' || primary === 'fr') return primary;
  return undefined;
}
