import { describe, expect, it } from 'vitest';
import { documentValid } from './documents.ts';
describe('documents', () => {
  it.each([
    ['12345678909', true],
    ['11111111111', false],
    ['12345678900', false],
    ['11222333000181', true],
    ['11222333000180', false],
    ['20123456786', true],
    ['20123456780', false],
    ['12345678', true],
    ['1234567', true],
    ['123456', false],
    ['AB123456', true],
    ['A1', false],
  ])('%s → %s', (document, valid) => {
    expect(documentValid(document)).toBe(valid);
  });
});
