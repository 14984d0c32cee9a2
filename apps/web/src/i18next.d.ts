// Typed translation keys: every `t('…')` must name a key of the locale files.
import 'i18next';
import type messages from './locales/pt_br.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof messages };
  }
}
