// Importing users from a CSV file (issue 21 item 1): the file is previewed row by row (each row's values and the
// translated errors of each field, nothing written), then the rows are sent back as JSON and the server, checking
// them all again, creates the valid ones as invitations whose temporary passwords are answered once.
import { z } from 'zod';
import { CenterUser } from './center-users.ts';
import { FieldError } from './errors.ts';

/** The file's columns, in the template's order; `segments` holds segment names separated by `|`. */
export const USER_IMPORT_COLUMNS = [
  'name',
  'username',
  'email',
  'role',
  'language',
  'timezone',
  'segments',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
/** Hashing each temporary password takes tens of milliseconds: 500 keep a full import within seconds. */
export const USER_IMPORT_MAX_ROWS = 500;
export const USER_IMPORT_MAX_BYTES = 256 * 1024;
export const USER_IMPORT_SEGMENT_SEPARATOR = '|';

/** One row as read from the file: the cells as written (checked by the preview, not here). */
export const UserImportRow = z.object({
  /** The row's line in the file (the header is line 1), to point the administrator at it. */
  line: z.number().int().min(2).max(100_000),
  name: z.string().max(1000),
  username: z.string().max(1000),
  email: z.string().max(1000),
  role: z.string().max(1000),
  language: z.string().max(1000),
  timezone: z.string().max(1000),
  segments: z.array(z.string().max(1000)).max(200),
});
export type UserImportRow = z.infer<typeof UserImportRow>;

/** A row and what is wrong with it, field by field (none: it will be created). */
export const UserImportRowCheck = UserImportRow.extend({ errors: z.array(FieldError) });
export type UserImportRowCheck = z.infer<typeof UserImportRowCheck>;

export const UserImportPreview = z.object({
  rows: z.array(UserImportRowCheck),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type UserImportPreview = z.infer<typeof UserImportPreview>;

export const UserImportRequest = z.object({
  rows: z.array(UserImportRow).min(1).max(USER_IMPORT_MAX_ROWS),
});
export type UserImportRequest = z.infer<typeof UserImportRequest>;

/** The users created, each with their temporary password (shown once), and the rows refused on the recheck. */
export const UserImportResult = z.object({
  created: z.array(z.object({ user: CenterUser, temporary_password: z.string() })),
  rejected: z.array(UserImportRowCheck),
});
export type UserImportResult = z.infer<typeof UserImportResult>;
