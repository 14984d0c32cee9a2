// Customer documents with their check digits: CPF (11) and CNPJ (14) in Brazil, CUIT (11) and DNI (7–8) in
// Argentina. Other identifiers (passports) are letters and digits, kept as typed without a check.
import { AppError } from '../../platform/errors.ts';
const digitsOf = (value: string) => [...value].map(Number);

function cpfValid(value: string): boolean {
  if (/^(\d)\1{10}$/.test(value)) return false;
  const d = digitsOf(value);
  for (const length of [9, 10]) {
    const sum = d.slice(0, length).reduce((acc, digit, i) => acc + digit * (length + 1 - i), 0);
    if (((sum * 10) % 11) % 10 !== d[length]) return false;
  }
  return true;
}

function cnpjValid(value: string): boolean {
  if (/^(\d)\1{13}$/.test(value)) return false;
  const d = digitsOf(value);
  const check = (length: number) => {
    const weights =
      length === 12 ? [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] : [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
    const rest = d.slice(0, length).reduce((acc, digit, i) => acc + digit * weights[i]!, 0) % 11;
    return rest < 2 ? 0 : 11 - rest;
  };
  return check(12) === d[12] && check(13) === d[13];
}

function cuitValid(value: string): boolean {
  const d = digitsOf(value);
  const weights = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
  const rest = 11 - (d.slice(0, 10).reduce((acc, digit, i) => acc + digit * weights[i]!, 0) % 11);
  const expected = rest === 11 ? 0 : rest === 10 ? 9 : rest;
  return expected === d[10];
}

/** Whether a normalised document (letters and digits, upper-case) passes its country's check. */
export function documentValid(document: string): boolean {
  if (!/^\d+$/.test(document)) return /^[A-Z0-9]{5,20}$/.test(document);
  if (document.length === 11) return cpfValid(document) || cuitValid(document);
  if (document.length === 14) return cnpjValid(document);
  return document.length === 7 || document.length === 8;
}

/** Letters and digits only, upper-case: "123.456.789-09" is stored and searched as "12345678909". */
export const normaliseDocument = (value: string) => value.replace(/[^0-9a-z]/gi, '').toUpperCase();

/** The stored form of a typed document; empty means none; a wrong check digit is refused. */
export function acceptDocument(value: string | null | undefined): string | null {
  const document = value ? normaliseDocument(value) : '';
  if (!document) return null;
  if (!documentValid(document)) throw new AppError('invalid_document', 400);
  return document;
}
