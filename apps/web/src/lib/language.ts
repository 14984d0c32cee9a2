// Which interface language applies: the host's top-level domain before login (spec §1), then the user's setting.
import { DEFAULT_LANGUAGE, LANGUAGE_TAGS, LANGUAGES, type Language } from '@atende/contract';

const LANGUAGE_BY_TLD: Readonly<Record<string, Language>> = {
  ar: 'es',
  es: 'es',
  com: 'en',
  global: 'en',
  fr: 'fr',
  pt: 'pt_pt',
};

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/** The language a host name implies: es for .ar/.es, en for .com/.global, fr for .fr, pt_pt for .pt, else pt_br. */
export const languageFromHost = (hostname: string): Language => {
  const tld = hostname.toLowerCase().replace(/\.$/, '').split('.').pop() ?? '';
  return LANGUAGE_BY_TLD[tld] ?? DEFAULT_LANGUAGE;
};

/** The language of a signed-in user: their own setting, or the host's when they follow it (null). */
export const userLanguage = (preference: Language | null, hostname = window.location.hostname): Language =>
  preference ?? languageFromHost(hostname);

/** The BCP 47 tag used for `<html lang>`, Intl and the Accept-Language header. */
export const toLanguageTag = (language: Language): string => LANGUAGE_TAGS[language];
