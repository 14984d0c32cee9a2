// Placeholders of ready phrases and the `/` shortcut's matching.
import type { Phrase } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './placeholders.ts';
import { matchPhrases, replaceShortcut, shortcutQueryAt } from './shortcut-query.ts';

const values = { contactName: '  Maria  da Silva ', attendantName: 'Ana Souza' };

describe('fillPlaceholders', () => {
  it('fills the customer first name, full name and the attendant', () => {
    expect(fillPlaceholders('Olá {{first_name}}, aqui é {{attendant}}.', values)).toBe(
      'Olá Maria, aqui é Ana Souza.',
    );
    expect(fillPlaceholders('Cliente: {{ name }}', values)).toBe('Cliente: Maria  da Silva');
    expect(fillPlaceholders('{{first_name}} {{first_name}}', values)).toBe('Maria Maria');
  });

  it('keeps unknown placeholders and those without a value as typed', () => {
    expect(fillPlaceholders('{{protocol}} {{FIRST_NAME}}', values)).toBe('{{protocol}} {{FIRST_NAME}}');
    expect(fillPlaceholders('Sou {{attendant}}', { contactName: null, attendantName: ' ' })).toBe(
      'Sou {{attendant}}',
    );
    expect(fillPlaceholders('Oi {{first_name}}', { contactName: null, attendantName: null })).toBe(
      'Oi {{first_name}}',
    );
  });
});

describe('the / shortcut', () => {
  it('opens only at the start of a word and reads up to the caret', () => {
    expect(shortcutQueryAt('/', 1)).toEqual({ start: 0, query: '' });
    expect(shortcutQueryAt('Bom dia /boa', 12)).toEqual({ start: 8, query: 'boa' });
    expect(shortcutQueryAt('Bom dia /boa tarde', 12)).toEqual({ start: 8, query: 'boa' });
    expect(shortcutQueryAt('e/ou', 4)).toBeNull();
    expect(shortcutQueryAt('/boa tarde', 10)).toBeNull();
    expect(shortcutQueryAt('http://x', 8)).toBeNull();
  });

  it('matches phrases by every typed word, ignoring case and accents', () => {
    const phrase = (text: string, title: string | null = null): Phrase => ({
      id: text,
      text,
      author_id: null,
      editable: title === null,
      scope: title === null ? 'own' : 'company',
      title,
    });
    const phrases = [phrase('Promoção de Natal'), phrase('Boa tarde!'), phrase('Boa noite, promoção')];
    expect(matchPhrases(phrases, 'PROMOCAO', 10).map((entry) => entry.text)).toEqual([
      'Promoção de Natal',
      'Boa noite, promoção',
    ]);
    expect(matchPhrases(phrases, 'boa', 1)).toHaveLength(1);
    // A company phrase is found by its title too, and by words of title and text together.
    const shared = phrase('Nossa chave é o CNPJ.', 'Pagamento via Pix');
    expect(matchPhrases([...phrases, shared], 'pix', 10)).toEqual([shared]);
    expect(matchPhrases([...phrases, shared], 'pix cnpj', 10)).toEqual([shared]);
    expect(matchPhrases(phrases, '', 10)).toHaveLength(3);
  });

  it('replaces the shortcut with the phrase and puts the caret after it', () => {
    const text = 'Oi /boa ok';
    const shortcut = shortcutQueryAt(text, 7)!;
    expect(replaceShortcut(text, shortcut, 7, 'Boa tarde!')).toEqual({ text: 'Oi Boa tarde! ok', caret: 13 });
  });
});
