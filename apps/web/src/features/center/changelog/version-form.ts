// The form of a changelog version: its values, the checks of the contract's own schema (spec §5: date, version,
// every field filled) turned into texts on their fields, and the input it sends.
import {
  ChangelogVersionRequest,
  type ChangelogLanguage,
  type ChangelogVersion,
  type ChangeType,
} from '@atende/contract';

export type ChangeForm = { type: ChangeType; descriptions: Record<ChangelogLanguage, string> };
export type VersionForm = { date: string; version: string; changes: ChangeForm[] };

export const emptyChange = (): ChangeForm => ({ type: 'feature', descriptions: { pt: '', en: '', es: '' } });

export const versionForm = (version: ChangelogVersion | null, today: string): VersionForm =>
  version
    ? {
        date: version.date,
        version: version.version,
        changes: version.changes.map((change) => ({ ...change })),
      }
    : { date: today, version: '', changes: [emptyChange()] };

/** The message keys of the contract's refusals, as the form shows them. */
const MESSAGES = {
  changelog_date_required: 'centerChangelog.errors.dateRequired',
  changelog_date_invalid: 'centerChangelog.errors.dateInvalid',
  changelog_version_required: 'centerChangelog.errors.versionRequired',
  changelog_fields_required: 'centerChangelog.errors.fieldsRequired',
} as const;
export type VersionMessage = (typeof MESSAGES)[keyof typeof MESSAGES] | 'centerChangelog.errors.tooLong';

/** Problems by field path ("date", "version", "changes", "changes.0.descriptions.es"…). */
export type VersionProblems = Record<string, VersionMessage>;

export function checkVersion(
  form: VersionForm,
): { input: ChangelogVersionRequest } | { problems: VersionProblems } {
  const checked = ChangelogVersionRequest.safeParse(form);
  if (checked.success) return { input: checked.data };
  const problems: VersionProblems = {};
  for (const issue of checked.error.issues) {
    const path = issue.path.map(String).join('.');
    const message: VersionMessage =
      issue.code === 'too_big'
        ? 'centerChangelog.errors.tooLong'
        : (MESSAGES[issue.message as keyof typeof MESSAGES] ?? 'centerChangelog.errors.fieldsRequired');
    problems[path || 'changes'] ??= message;
  }
  return { problems };
}
