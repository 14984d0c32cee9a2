// i18next setup: locale files per language, loaded on demand; `<html lang>` follows the language in use.
// Texts come in three parts: locales/<language>.json (everything up to and around login),
// locales/console/<language>.json (the Live console's work area), loaded only when the console or the Center
// opens so the login route does not carry it (login route JS budget), and locales/center/<language>.json (the
// Center's pages), loaded only when the Center opens so the console does not carry it (panel route JS budget),
// and locales/calls/<language>.json (the call histories) and locales/analytics/<language>.json (the contacts
// analytics page), loaded with them. All parts fill the one
// `translation` namespace.
import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@atende/contract';
import i18next from 'i18next';
import { useMemo, useSyncExternalStore } from 'react';
import type analyticsMessages from '../locales/analytics/pt_br.json';
import type callsMessages from '../locales/calls/pt_br.json';
import type centerMessages from '../locales/center/pt_br.json';
import type consoleMessages from '../locales/console/pt_br.json';
import type baseMessages from '../locales/pt_br.json';
import { isLanguage, toLanguageTag } from './language.ts';

export type Messages = typeof baseMessages &
  typeof consoleMessages &
  typeof centerMessages &
  typeof callsMessages &
  typeof analyticsMessages;

type Part = 'base' | 'console' | 'center' | 'calls' | 'analytics';
type Loader = () => Promise<{ default: Partial<Messages> }>;

const LOADERS: Readonly<Record<Part, Readonly<Record<Language, Loader>>>> = {
  base: {
    pt_br: () => import('../locales/pt_br.json'),
    pt_pt: () => import('../locales/pt_pt.json'),
    en: () => import('../locales/en.json'),
    es: () => import('../locales/es.json'),
    fr: () => import('../locales/fr.json'),
  },
  console: {
    pt_br: () => import('../locales/console/pt_br.json'),
    pt_pt: () => import('../locales/console/pt_pt.json'),
    en: () => import('../locales/console/en.json'),
    es: () => import('../locales/console/es.json'),
    fr: () => import('../locales/console/fr.json'),
  },
  center: {
    pt_br: () => import('../locales/center/pt_br.json'),
    pt_pt: () => import('../locales/center/pt_pt.json'),
    en: () => import('../locales/center/en.json'),
    es: () => import('../locales/center/es.json'),
    fr: () => import('../locales/center/fr.json'),
  },
  analytics: {
    pt_br: () => import('../locales/analytics/pt_br.json'),
    pt_pt: () => import('../locales/analytics/pt_pt.json'),
    en: () => import('../locales/analytics/en.json'),
    es: () => import('../locales/analytics/es.json'),
    fr: () => import('../locales/analytics/fr.json'),
  },
  calls: {
    pt_br: () => import('../locales/calls/pt_br.json'),
    pt_pt: () => import('../locales/calls/pt_pt.json'),
    en: () => import('../locales/calls/en.json'),
    es: () => import('../locales/calls/es.json'),
    fr: () => import('../locales/calls/fr.json'),
  },
};

/** The parts the app has needed so far: a language switch loads each of them in the new language. */
const wantedParts = new Set<Part>(['base']);
const loadedParts = new Map<Language, Set<Part>>();

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

async function loadParts(language: Language): Promise<void> {
  const loaded = loadedParts.get(language) ?? new Set<Part>();
  loadedParts.set(language, loaded);
  const missing = [...wantedParts].filter((part) => !loaded.has(part));
  const bundles = await Promise.all(missing.map((part) => LOADERS[part][language]()));
  bundles.forEach((bundle, index) => {
    i18n.addResourceBundle(language, 'translation', bundle.default, true, true);
    loaded.add(missing[index] ?? 'base');
  });
}

/** Loads the language's messages when needed, switches to it and marks the document with its tag. */
export async function applyLanguage(language: Language): Promise<void> {
  await ensureInitialised(language);
  await loadParts(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = toLanguageTag(language);
}

/** Loads the console's texts (in the language in use, and in any language switched to later). */
export async function loadConsoleTexts(): Promise<void> {
  wantedParts.add('console');
  await ensureInitialised(currentLanguage());
  await loadParts(currentLanguage());
}

/** Loads the Center's texts and the console's, which its pages share. */
export async function loadCenterTexts(): Promise<void> {
  wantedParts.add('center');
  await loadConsoleTexts();
}

/** Loads the contacts analytics' texts (its page). */
export async function loadAnalyticsTexts(): Promise<void> {
  wantedParts.add('analytics');
  await loadConsoleTexts();
}

/** Loads the call histories' texts (the company's page, the customer's section). */
export async function loadCallTexts(): Promise<void> {
  wantedParts.add('calls');
  await loadConsoleTexts();
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
