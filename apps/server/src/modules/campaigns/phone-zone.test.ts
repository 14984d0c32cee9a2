import { describe, expect, it } from 'vitest';
import { timeZoneOfNumber } from './phone-zone.ts';

describe('timeZoneOfNumber', () => {
  it.each([
    ['5568999990000', 'America/Rio_Branco'], // AC
    ['+55 92 99999-0000', 'America/Manaus'], // AM
    ['5597999990000', 'America/Manaus'],
    ['5595999990000', 'America/Boa_Vista'], // RR
    ['5569999990000', 'America/Porto_Velho'], // RO
    ['5565999990000', 'America/Cuiaba'], // MT
    ['556633330000', 'America/Cuiaba'], // a landline
    ['5567999990000', 'America/Campo_Grande'], // MS
    ['5511999990000', 'America/Sao_Paulo'],
    ['5581999990000', 'America/Sao_Paulo'], // PE: Brasília's time
    ['+351 912 345 678', 'Europe/Lisbon'],
    ['0034612345678', 'Europe/Madrid'],
    ['+33612345678', 'Europe/Paris'],
    ['+244923000000', 'Africa/Luanda'],
  ])('%s is on %s', (number, zone) => {
    expect(timeZoneOfNumber(number)).toBe(zone);
  });

  it('tells nothing of a country spanning zones, an unknown code or a Brazilian number with no DDD', () => {
    expect(timeZoneOfNumber('+12125550100')).toBeNull();
    expect(timeZoneOfNumber('+9999999999999')).toBeNull();
    expect(timeZoneOfNumber('+550999990000')).toBeNull();
    expect(timeZoneOfNumber('')).toBeNull();
  });

  it('reads a national number as Brazilian only for a company in Brazil', () => {
    expect(timeZoneOfNumber('68999990000', 'America/Sao_Paulo')).toBe('America/Rio_Branco');
    expect(timeZoneOfNumber('(11) 3333-4444', 'America/Manaus')).toBe('America/Sao_Paulo');
    expect(timeZoneOfNumber('68999990000', 'Europe/Lisbon')).toBeNull();
    expect(timeZoneOfNumber('68999990000')).toBeNull();
  });
});
