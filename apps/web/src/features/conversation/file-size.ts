// A file size as people read it, in the user's language (KB, MB).
import type { Language } from '@atende/contract';
import { toLanguageTag } from '../../lib/language.ts';

export function formatFileSize(bytes: number, language: Language): string {
  const tag = toLanguageTag(language);
  const [value, unit] =
    bytes >= 1024 * 1024
      ? [bytes / (1024 * 1024), 'megabyte']
      : bytes >= 1024
        ? [bytes / 1024, 'kilobyte']
        : [bytes, 'byte'];
  return new Intl.NumberFormat(tag, {
    style: 'unit',
    unit,
    unitDisplay: 'short',
    maximumFractionDigits: 1,
  }).format(value);
}
