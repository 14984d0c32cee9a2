import { describe, expect, it } from 'vitest';
import { catalogues, languageFromHeader, translate } from './i18n.ts';

const keysOf = (value: object, prefix = ''): string[] =>
  Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keysOf(inner, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

describe('server i18n', () => {
  it('every language has exactly the keys of pt_br, none empty', () => {
    const reference = keysOf(catalogues.pt_br).sort();
    for (const [language, catalogue] of Object.entries(catalogues)) {
      expect(keysOf(catalogue).sort(), language).toEqual(reference);
      for (const text of Object.values(catalogue).flatMap((section) => Object.values(section))) {
        expect(String(text).trim(), language).not.toBe('');
      }
    }
  });

  it.each([
    [undefined, 'pt_br'],
    ['pt-BR', 'pt_br'],
    ['pt', 'pt_br'],
    ['pt-PT', 'pt_pt'],
    ['en-GB', 'en'],
    ['es-AR,es;q=0.9', 'es'],
    ['fr-CA', 'fr'],
    ['de, fr;q=0.3, en;q=0.7', 'en'],
    ['zh', 'pt_br'],
    ['en;q=0', 'pt_br'],
  ])('Accept-Language %s → %s', (header, language) => {
    expect(languageFromHeader(header)).toBe(language);
  });

  it('fills parameters', () => {
    expect(translate('en', 'errors', 'body_too_large', { limit: '1 MB' })).toBe(
      'The content sent is too large (limit 1 MB).',
    );
  });

  it.each([
    ['en', 5, 'Too many sign-in attempts. Try again in 5 seconds.'],
    ['en', 61, 'Too many sign-in attempts. Try again in 2 minutes.'],
    ['pt_br', 900, 'Muitas tentativas de acesso. Tente novamente em 15 minutos.'],
    ['pt_pt', 1, 'Demasiadas tentativas de acesso. Tente novamente dentro de 1 segundo.'],
    ['es', 30, 'Demasiados intentos de acceso. Vuelva a intentarlo en 30 segundos.'],
    ['fr', 120, 'Trop de tentatives de connexion. Réessayez dans 2 minutes.'],
  ] as const)('tells a wait in the reader’s words (%s, %i s)', (language, seconds, text) => {
    expect(translate(language, 'errors', 'too_many_attempts', { wait: { seconds } })).toBe(text);
  });
});
