// Delivery failure reasons: the product's codes in the user's words, a provider's own words as they came.
import { DELIVERY_FAILURE_CODES } from '@atende/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, loadConsoleTexts } from '../../../lib/i18n.ts';
import { failureReasonText } from './failure-reason.ts';

beforeAll(async () => {
  await loadConsoleTexts();
});

describe('failure reason text', () => {
  it('translates every code the product states itself', () => {
    const t = i18n.getFixedT('pt_br');
    expect(failureReasonText('blacklisted', t)).toBe('O cliente está na lista de restrição.');
    for (const code of DELIVERY_FAILURE_CODES) {
      expect(failureReasonText(code, t)).not.toBe(code);
      expect(failureReasonText(code, t)).not.toContain('failureReasons.');
    }
  });

  it('shows a provider’s own words as they came', () => {
    const t = i18n.getFixedT('pt_br');
    expect(failureReasonText('550 5.1.1 <x@acme.example>: Recipient address rejected', t)).toBe(
      '550 5.1.1 <x@acme.example>: Recipient address rejected',
    );
  });
});
