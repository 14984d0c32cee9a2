// The tab title: "(N) …" with the unread total, the subject on screen, reset at logout.
import { afterEach, describe, expect, it } from 'vitest';
import { resetTitleCounter, setTitleCounter, setTitleProduct, setTitleSubject } from './document-title.ts';

afterEach(resetTitleCounter);

describe('document title', () => {
  it('puts the unread total in front and hides it at zero', () => {
    setTitleCounter(7);
    expect(document.title).toBe('(7) Atende');
    setTitleCounter(0);
    expect(document.title).toBe('Atende');
    setTitleCounter(-3);
    expect(document.title).toBe('Atende');
  });

  it('names the contact on screen, and logout resets both', () => {
    setTitleCounter(2);
    setTitleSubject('Maria Souza');
    expect(document.title).toBe('(2) Maria Souza · Atende');
    setTitleSubject(null);
    expect(document.title).toBe('(2) Atende');
    setTitleSubject('Maria Souza');
    resetTitleCounter();
    expect(document.title).toBe('Atende');
  });

  it('says the company’s product name once the white-label gives one', () => {
    setTitleSubject('Maria Souza');
    setTitleProduct('Acme Suporte');
    expect(document.title).toBe('Maria Souza · Acme Suporte');
    setTitleProduct('Atende');
    expect(document.title).toBe('Maria Souza · Atende');
  });
});
