// Typed translation keys: every `t('…')` must name a key of the locale files (every part, see lib/i18n.ts).
import 'i18next';
import type analyticsMessages from './locales/analytics/pt_br.json';
import type callsMessages from './locales/calls/pt_br.json';
import type centerMessages from './locales/center/pt_br.json';
import type consoleMessages from './locales/console/pt_br.json';
import type baseMessages from './locales/pt_br.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: {
      translation: typeof baseMessages &
        typeof consoleMessages &
        typeof centerMessages &
        typeof callsMessages &
        typeof analyticsMessages;
    };
  }
}
