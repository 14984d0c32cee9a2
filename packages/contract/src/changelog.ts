// The changelog (spec §3 Changelog version, §4 CRUD, §5 rules): versions with a date, a version number and
// changes (bugfix, feature, enhancement) described in pt, en and es, every field required. Product versions
// (scope product) are written by super administrators for every company; an administrator writes versions of
// their own company (scope company), read by that company only. A reader sees both, newest first.
import { z } from 'zod';
import { Id, requiredText, Timestamp } from './common.ts';
import type { Language } from './enums.ts';

export const CHANGE_TYPES = ['feature', 'enhancement', 'bugfix'] as const;
export const ChangeType = z.enum(CHANGE_TYPES);
export type ChangeType = z.infer<typeof ChangeType>;

/** The languages a change is described in (spec §3). */
export const CHANGELOG_LANGUAGES = ['pt', 'en', 'es'] as const;
export type ChangelogLanguage = (typeof CHANGELOG_LANGUAGES)[number];

export const CHANGELOG_VERSION_MAX = 30;
export const CHANGELOG_DESCRIPTION_MAX = 500;
export const CHANGELOG_CHANGES_MAX = 50;
/** Versions a reader is shown, newest first. */
export const CHANGELOG_LIST_MAX = 100;

/** Required text whose absence, emptiness or wrong type is told with the changelog's own error (spec §5). */
const filled = (max: number, code: 'changelog_fields_required' | 'changelog_version_required') =>
  z.string(code).pipe(requiredText(max, code));
const description = filled(CHANGELOG_DESCRIPTION_MAX, 'changelog_fields_required');

export const ChangelogChange = z.object({
  type: ChangeType,
  descriptions: z.object({ pt: description, en: description, es: description }, 'changelog_fields_required'),
});
export type ChangelogChange = z.infer<typeof ChangelogChange>;

export const ChangelogScope = z.enum(['product', 'company']);
export type ChangelogScope = z.infer<typeof ChangelogScope>;

/** A calendar date, YYYY-MM-DD, that exists. */
export const ChangelogDate = z
  .string('changelog_date_required')
  .trim()
  .min(1, 'changelog_date_required')
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'changelog_date_invalid')
  .refine((value) => {
    const date = new Date(`${value}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
  }, 'changelog_date_invalid');

export const ChangelogVersionRequest = z.object({
  date: ChangelogDate,
  version: filled(CHANGELOG_VERSION_MAX, 'changelog_version_required'),
  changes: z
    .array(ChangelogChange, 'changelog_fields_required')
    .min(1, 'changelog_fields_required')
    .max(CHANGELOG_CHANGES_MAX),
});
export type ChangelogVersionRequest = z.infer<typeof ChangelogVersionRequest>;

export const ChangelogVersion = z.object({
  id: Id,
  date: z.string(),
  version: z.string(),
  changes: z.array(ChangelogChange),
  scope: ChangelogScope,
  /** Whether the reader may change or delete it. */
  editable: z.boolean(),
  published_at: Timestamp,
  updated_at: Timestamp,
});
export type ChangelogVersion = z.infer<typeof ChangelogVersion>;

export const ChangelogList = z.object({ data: z.array(ChangelogVersion) });
export type ChangelogList = z.infer<typeof ChangelogList>;

/** The "what's new" badge: whether the reader sees the changelog and how many versions came since they last looked. */
export const ChangelogStatus = z.object({ visible: z.boolean(), unseen: z.number().int() });
export type ChangelogStatus = z.infer<typeof ChangelogStatus>;

/** To the readers: a version was published (its scope's company, or everyone): badges load again. */
export const ChangelogPublished = z.object({ id: Id, published_at: Timestamp });
export type ChangelogPublished = z.infer<typeof ChangelogPublished>;

/** Which description a reader of each language is shown: Portuguese for both, English for French. */
const CHANGELOG_LANGUAGE_OF: Record<Language, ChangelogLanguage> = {
  pt_br: 'pt',
  pt_pt: 'pt',
  en: 'en',
  es: 'es',
  fr: 'en',
};

export const changelogDescription = (change: ChangelogChange, language: Language): string =>
  change.descriptions[CHANGELOG_LANGUAGE_OF[language]];
