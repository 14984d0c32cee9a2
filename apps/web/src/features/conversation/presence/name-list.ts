// Names joined as the language writes a list ("Ana, Bruno e Carla"), for presence texts.
import type { Language } from '@atende/contract';
import { toLanguageTag } from '../../../lib/language.ts';

export const nameList = (names: readonly string[], language: Language): string =>
  new Intl.ListFormat(toLanguageTag(language), { type: 'conjunction' }).format(names);
