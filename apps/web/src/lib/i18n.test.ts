import { describe, expect, it } from 'vitest';
import { applyLanguage, currentLanguage, i18n } from './i18n.ts';

describe('applyLanguage', () => {
  it('switches the texts and the document language', async () => {
    await applyLanguage('es');
    expect(currentLanguage()).toBe('es');
    expect(document.documentElement.lang).toBe('es');
    expect(i18n.t('auth.submit')).toBe('Ingresar');

    await applyLanguage('pt_pt');
    expect(document.documentElement.lang).toBe('pt-PT');
    expect(i18n.t('auth.password')).toBe('Palavra-passe');

    await applyLanguage('pt_br');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(i18n.t('auth.submit')).toBe('Entrar');
  });
});
