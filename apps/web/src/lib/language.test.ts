import { describe, expect, it } from 'vitest';
import { isLanguage, languageFromHost, toLanguageTag } from './language.ts';

describe('languageFromHost', () => {
  it.each([
    ['demo.atende.com.ar', 'es'],
    ['atende.es', 'es'],
    ['demo.atende.com', 'en'],
    ['atende.global', 'en'],
    ['demo.atende.fr', 'fr'],
    ['demo.atende.pt', 'pt_pt'],
    ['demo.atende.com.br', 'pt_br'],
    ['localhost', 'pt_br'],
    ['127.0.0.1', 'pt_br'],
    ['DEMO.ATENDE.FR.', 'fr'],
  ])('%s → %s', (host, language) => {
    expect(languageFromHost(host)).toBe(language);
  });
});

describe('toLanguageTag', () => {
  it('maps every language to its BCP 47 tag', () => {
    expect(toLanguageTag('pt_br')).toBe('pt-BR');
    expect(toLanguageTag('pt_pt')).toBe('pt-PT');
    expect(toLanguageTag('en')).toBe('en');
    expect(toLanguageTag('es')).toBe('es');
    expect(toLanguageTag('fr')).toBe('fr');
  });

  it('recognises only supported languages', () => {
    expect(isLanguage('es')).toBe(true);
    expect(isLanguage('de')).toBe(false);
    expect(isLanguage(undefined)).toBe(false);
  });
});
