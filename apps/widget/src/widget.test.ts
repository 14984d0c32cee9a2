import { describe, expect, it } from 'vitest';
import { BUDGET_GZIP_BYTES, buildWidget } from '../scripts/build.mjs';
import { pickLanguage, TEXTS } from './i18n.ts';

describe('widget bundle', () => {
  it('builds into one file within the gzip budget', async () => {
    const size = await buildWidget();
    console.log(`widget.js: ${(size / 1024).toFixed(1)} KB gzip`);
    expect(size).toBeGreaterThan(1_000);
    expect(size).toBeLessThanOrEqual(BUDGET_GZIP_BYTES);
  });

  it('speaks every language with the keys of pt_br, none empty', () => {
    const reference = Object.keys(TEXTS.pt_br).sort();
    for (const [language, texts] of Object.entries(TEXTS)) {
      expect(Object.keys(texts).sort(), language).toEqual(reference);
      for (const text of Object.values(texts)) expect(text.trim(), language).not.toBe('');
    }
  });

  it.each([
    [['pt-BR'], 'pt_br'],
    [['pt-PT', 'en'], 'pt_pt'],
    [['de-DE', 'fr-CA'], 'fr'],
    [['es-AR'], 'es'],
    [['en-US', 'pt-BR'], 'en'],
    // A language the widget does not speak: the product's default, as the company's own texts beside it.
    [['zh-CN'], 'pt_br'],
    [['de-DE', 'it'], 'pt_br'],
    [[], 'pt_br'],
  ])('browser languages %j → %s', (tags, language) => {
    expect(pickLanguage(tags)).toBe(language);
  });
});
