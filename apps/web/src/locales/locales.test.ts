// Every language has every key (spec: five languages, identical key sets) and the spec's pt_br texts verbatim,
// in every part of the texts: locales/<language>.json, locales/console/<language>.json,
// locales/center/<language>.json and locales/calls/<language>.json (lib/i18n.ts).
import { LANGUAGES } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import callsEn from './calls/en.json';
import callsEs from './calls/es.json';
import callsFr from './calls/fr.json';
import callsPtBr from './calls/pt_br.json';
import callsPtPt from './calls/pt_pt.json';
import centerEn from './center/en.json';
import centerEs from './center/es.json';
import centerFr from './center/fr.json';
import centerPtBr from './center/pt_br.json';
import centerPtPt from './center/pt_pt.json';
import consoleEn from './console/en.json';
import consoleEs from './console/es.json';
import consoleFr from './console/fr.json';
import consolePtBr from './console/pt_br.json';
import consolePtPt from './console/pt_pt.json';
import en from './en.json';
import es from './es.json';
import fr from './fr.json';
import ptBr from './pt_br.json';
import ptPt from './pt_pt.json';

const BASE: Record<string, unknown> = { en, es, fr, pt_br: ptBr, pt_pt: ptPt };
const CONSOLE: Record<string, unknown> = {
  en: consoleEn,
  es: consoleEs,
  fr: consoleFr,
  pt_br: consolePtBr,
  pt_pt: consolePtPt,
};
const CENTER: Record<string, unknown> = {
  en: centerEn,
  es: centerEs,
  fr: centerFr,
  pt_br: centerPtBr,
  pt_pt: centerPtPt,
};
const CALLS: Record<string, unknown> = {
  en: callsEn,
  es: callsEs,
  fr: callsFr,
  pt_br: callsPtBr,
  pt_pt: callsPtPt,
};
/** The parts fill one namespace: a language's texts are the four files together. */
const LOCALES: Record<string, unknown> = Object.fromEntries(
  Object.keys(BASE).map((language) => [
    language,
    {
      ...(BASE[language] as object),
      ...(CONSOLE[language] as object),
      ...(CENTER[language] as object),
      ...(CALLS[language] as object),
    },
  ]),
);

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

const reference = flatten(LOCALES.pt_br);

describe('locale files', () => {
  it('exist for every supported language', () => {
    expect(Object.keys(BASE).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(CONSOLE).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(CENTER).sort()).toEqual([...LANGUAGES].sort());
  });

  it('keep the parts apart (no top-level section in two of them)', () => {
    const sections = [ptBr, consolePtBr, centerPtBr].flatMap((part) => Object.keys(part));
    expect(sections.filter((section, index) => sections.indexOf(section) !== index)).toEqual([]);
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
    expect(reference['contacts.search.tooShort']).toBe(
      'O termo de pesquisa deve conter 3 caractéres ou mais.',
    );
  });

  it('translates the other languages instead of copying pt_br', () => {
    for (const language of ['en', 'es', 'fr']) {
      const messages = flatten(LOCALES[language]);
      expect(messages['auth.submit']).not.toBe(reference['auth.submit']);
      expect(messages['errors.generic']).not.toBe(reference['errors.generic']);
      expect(messages['session.accountDataError']).not.toBe(reference['session.accountDataError']);
      expect(messages['conversation.noneSelected']).not.toBe(reference['conversation.noneSelected']);
    }
  });
});
