// Rows of `changelog_versions` as the contract's ChangelogVersion, with whether the reader may change it.
import type { ChangelogChange, ChangelogList, ChangelogVersion } from '@atende/contract';
import { changelogVersions } from '../../db/schema/index.ts';
import type { AuthContext } from '../../platform/auth.ts';
import { isoTimestamp } from '../../platform/db/timestamps.ts';
import { mayEditVersion } from './policy.ts';

export const versionColumns = {
  id: changelogVersions.id,
  companyId: changelogVersions.companyId,
  date: changelogVersions.date,
  version: changelogVersions.version,
  changes: changelogVersions.changes,
  createdAt: changelogVersions.createdAt,
  updatedAt: changelogVersions.updatedAt,
};
export type VersionRow = {
  id: string;
  companyId: string | null;
  date: string;
  version: string;
  changes: ChangelogChange[];
  createdAt: Date;
  updatedAt: Date;
};

export const presentVersion = (reader: AuthContext, row: VersionRow): ChangelogVersion => ({
  id: row.id,
  date: row.date,
  version: row.version,
  changes: row.changes,
  scope: row.companyId === null ? 'product' : 'company',
  editable: mayEditVersion(reader, row),
  published_at: isoTimestamp(row.createdAt),
  updated_at: isoTimestamp(row.updatedAt),
});

export const presentVersionList = (reader: AuthContext, rows: VersionRow[]): ChangelogList => ({
  data: rows.map((row) => presentVersion(reader, row)),
});
