// i18next setup: one locale file per language, loaded on demand; `<html lang>` follows the language in use.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@atende/contract';
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type messages from '../locales/pt_br.json';
import { isLanguage, toLanguageTag } from './language.ts';

export type Messages = typeof messages;

const LOADERS: Readonly<Record<Language, () => Promise<{ default: Messages }>>> = {
  pt_br: () => import('../locales/pt_br.json'),
  pt_pt: () => import('../locales/pt_pt.json'),
  en: () => import('../locales/en.json'),
  es: () => import('../locales/es.json'),
  fr: () => import('../locales/fr.json'),
};

export const i18n = i18next.createInstance();

let initialised: Promise<unknown> | null = null;

const ensureInitialised = (language: Language): Promise<unknown> => {
  initialised ??= i18n.init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    resources: {},
    partialBundledLanguages: true,
    interpolation: { escapeValue: false },
    returnNull: false,
  });
  return initialised;
};

export const currentLanguage = (): Language => (isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE);

/** Loads the language's messages when needed, switches to it and marks the document with its tag. */
export async function applyLanguage(language: Language): Promise<void> {
  await ensureInitialised(language);
  if (!i18n.hasResourceBundle(language, 'translation')) {
    const loaded = await LOADERS[language]();
    i18n.addResourceBundle(language, 'translation', loaded.default, true, true);
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = toLanguageTag(language);
}

const subscribeToLanguage = (onChange: () => void): (() => void) => {
  i18n.on('languageChanged', onChange);
  return () => i18n.off('languageChanged', onChange);
};

const languageSnapshot = (): string => i18n.language;

/**
 * `t` for the language in use; the component re-renders when the language changes. (A few lines instead of
 * react-i18next: the app needs nothing else from it, and the login route stays within its JS budget.)
 */
export function useTranslation() {
  const language = useSyncExternalStore(subscribeToLanguage, languageSnapshot);
  const t = useMemo(() => i18n.getFixedT(language), [language]);
  return { t, language: currentLanguage() };
}
