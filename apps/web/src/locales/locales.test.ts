// Every language has every key (spec: five languages, identical key sets) and the spec's pt_br texts verbatim.
import { LANGUAGES } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ptBr from './pt_br.json';
import ptPt from './pt_pt.json';

const LOCALES: Record<string, unknown> = { en, es, fr, pt_br: ptBr, pt_pt: ptPt };

const flatten = (value: unknown, prefix = ''): Record<string, string> => {
  if (typeof value === 'string') return { [prefix]: value };
  if (typeof value !== 'object' || value === null) throw new Error(`${prefix} is not text`);
  return Object.assign(
    {},
    ...Object.entries(value).map(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key)),
  );
};

const variables = (text: string): string[] =>
  [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((match) => match[1] ?? '').sort();

const reference = flatten(ptBr);

describe('locale files', () => {
  it('exist for every supported language', () => {
    expect(Object.keys(LOCALES).sort()).toEqual([...LANGUAGES].sort());
  });

  it.each(Object.keys(LOCALES))('%s has exactly the keys of pt_br, none empty', (language) => {
    const messages = flatten(LOCALES[language]);
    const missing = Object.keys(reference).filter((key) => !(key in messages));
    const extra = Object.keys(messages).filter((key) => !(key in reference));
    expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    for (const [key, text] of Object.entries(messages)) {
      expect(text.trim(), `${language}: ${key}`).not.toBe('');
      expect(variables(text), `${language}: ${key}`).toEqual(variables(reference[key] ?? ''));
    }
  });

  it('uses the pt_br texts of the specification verbatim', () => {
    expect(reference['auth.submit']).toBe('Entrar');
    expect(reference['openPage.useHere']).toBe('Usar Aqui');
    expect(reference['auth.loginFailed']).toBe('Algum erro ocorreu na tentativa de acessar sua conta.');
    expect(reference['session.accountDataError']).toBe(
      'Ocorreu um erro ao receber os dados da sua conta, tente novamente mais tarde.',
    );
    expect(reference['errors.generic']).toBe('Ops. Algo de errado aconteceu...');
    expect(reference['password.mismatch']).toBe('Confirmação da senha inválida');
  });

  it('translates the other languages instead of copying pt_br', () => {
    for (const language of ['en', 'es', 'fr']) {
      const messages = flatten(LOCALES[language]);
      expect(messages['auth.submit']).not.toBe(reference['auth.submit']);
      expect(messages['errors.generic']).not.toBe(reference['errors.generic']);
      expect(messages['session.accountDataError']).not.toBe(reference['session.accountDataError']);
    }
  });
});
