// The time zone a phone number's customer most likely lives in (contacts carry none), for calling hours read on
// the customer's clock: the country code, and in Brazil the DDD area code (the states west of Brasília's time).
// Null when the number does not tell (a country spanning several zones, an unknown code): the caller falls back
// to the company's zone. Numbers are stored as digits with their country code ("5511…"); a national number
// (10–11 digits, no country code) is read as Brazilian when the company itself is in Brazil.
const BRAZIL = 'America/Sao_Paulo';

/** DDDs off Brasília's time; every other DDD (two digits 1–9) is on it. Fernando de Noronha (UTC-2) is left on it. */
const BRAZIL_DDD: Record<string, string> = {
  '68': 'America/Rio_Branco', // AC, UTC-5
  '92': 'America/Manaus', // AM, UTC-4
  '97': 'America/Manaus',
  '95': 'America/Boa_Vista', // RR
  '69': 'America/Porto_Velho', // RO
  '65': 'America/Cuiaba', // MT
  '66': 'America/Cuiaba',
  '67': 'America/Campo_Grande', // MS
};

/** Countries on one zone (by calling code), among the product's markets and neighbours. */
const COUNTRY: Record<string, string> = {
  '351': 'Europe/Lisbon', // Madeira shares it; the Azores are not told apart
  '34': 'Europe/Madrid',
  '33': 'Europe/Paris',
  '44': 'Europe/London',
  '54': 'America/Argentina/Buenos_Aires',
  '598': 'America/Montevideo',
  '595': 'America/Asuncion',
  '56': 'America/Santiago',
  '57': 'America/Bogota',
  '51': 'America/Lima',
  '244': 'Africa/Luanda',
  '258': 'Africa/Maputo',
};

const brazilian = (national: string): string | null => {
  const ddd = national.slice(0, 2);
  if (!/^[1-9]{2}$/.test(ddd) || national.length < 10 || national.length > 11) return null;
  return BRAZIL_DDD[ddd] ?? BRAZIL;
};

/** Zones a company in Brazil may have: its national numbers are Brazilian. */
const BRAZIL_ZONES = new Set([
  BRAZIL,
  ...Object.values(BRAZIL_DDD),
  'America/Fortaleza',
  'America/Recife',
  'America/Bahia',
  'America/Belem',
]);

export function timeZoneOfNumber(number: string, companyZone?: string): string | null {
  const international = number.trim().startsWith('+') || number.trim().startsWith('00');
  const digits = number.replace(/\D/g, '').replace(/^00/, '');
  if (!international && digits.length <= 11) {
    return companyZone && BRAZIL_ZONES.has(companyZone) ? brazilian(digits) : null;
  }
  if (digits.startsWith('55')) return brazilian(digits.slice(2));
  for (const length of [3, 2]) {
    const zone = COUNTRY[digits.slice(0, length)];
    if (zone) return zone;
  }
  return null;
}
