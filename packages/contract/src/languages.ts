// The product's interface languages and how a browser's or a request's language tag maps onto them. Imports
// nothing of zod (the Language schema is in enums.ts), so the widget's bundle may use it and stay small.

export const LANGUAGES = ['pt_br', 'pt_pt', 'en', 'es', 'fr'] as const;
type LanguageCode = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: LanguageCode = 'pt_br';

/** BCP 47 tags of the languages, for Intl, <html lang> and Accept-Language. */
export const LANGUAGE_TAGS: Record<LanguageCode, string> = {
  pt_br: 'pt-BR',
  pt_pt: 'pt-PT',
  en: 'en',
  es: 'es',
  fr: 'fr',
};

/** The language a BCP 47 tag asks for (pt-PT apart from the other Portuguese), if it is one of ours. */
export function languageOfTag(tag: string): LanguageCode | undefined {
  const lower = tag.trim().toLowerCase().replace('_', '-');
  if (lower === 'pt-pt') return 'pt_pt';
  const primary = lower.split('-')[0];
  if (primary === 'pt') return 'pt_br';
  if (primary === 'en' || primary === 'es' || primary === 'fr') return primary;
  return undefined;
}
