// How the changelog is shown: each change type's colour, and a version's calendar date in the reader's language
// (it has no time, so no time zone may shift its day).
import type { ChangeType, Language } from '@atende/contract';
import { formatDateTime } from '../../lib/format.ts';

export const CHANGE_COLOURS: Record<ChangeType, string> = {
  feature: 'green',
  enhancement: 'blue',
  bugfix: 'orange',
};

export const versionDate = (date: string, language: Language) =>
  formatDateTime(
    `${date}T12:00:00Z`,
    { language, timeZone: 'UTC' },
    { day: 'numeric', month: 'long', year: 'numeric' },
  );
