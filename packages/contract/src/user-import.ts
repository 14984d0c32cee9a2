// Importing users from a CSV file (issue 21 item 1): the file is previewed row by row (each row's values and the
// translated errors of each field, nothing written), then the rows are sent back as JSON and the server, checking
// them all again, creates the valid ones as invitations whose temporary passwords are answered once.
import { z } from 'zod';
import { CenterUser } from './center-users.ts';
import { text } from './common.ts';
import { FieldError } from './errors.ts';

/**
 * The file's columns, in the template's order; `segments` and `teams` hold names separated by `|`. `teams`
 * came later: a file without it (written from the older template) is still read, its users in no team.
 */
export const USER_IMPORT_COLUMNS = [
  'name',
  'username',
  'email',
  'role',
  'language',
  'timezone',
  'segments',
  'teams',
] as const;
export type UserImportColumn = (typeof USER_IMPORT_COLUMNS)[number];
export const USER_IMPORT_OPTIONAL_COLUMNS: readonly UserImportColumn[] = ['teams'];
/** Hashing each temporary password takes tens of milliseconds: 500 keep a full import within seconds. */
export const USER_IMPORT_MAX_ROWS = 500;
export const USER_IMPORT_MAX_BYTES = 256 * 1024;
export const USER_IMPORT_SEGMENT_SEPARATOR = '|';

/** A row's shape; `cell` says what its cells may hold. */
const rowOf = <Cell extends z.ZodType<string>>(cell: Cell) =>
  z.object({
    /** The row's line in the file (the header is line 1), to point the administrator at it. */
    line: z.number().int().min(2).max(100_000),
    name: cell,
    username: cell,
    email: cell,
    role: cell,
    language: cell,
    timezone: cell,
    segments: z.array(cell).max(200),
    teams: z.array(cell).max(200).default([]),
  });

/** A row sent to be imported: well-formed text (what cannot be stored is refused before any check). */
export const UserImportRow = rowOf(text(1000));
export type UserImportRow = z.infer<typeof UserImportRow>;

/**
 * A row as the preview answers it, with what is wrong with it field by field (none: it will be created); its
 * cells are whatever the file held, a NUL included (then an error of its row).
 */
export const UserImportRowCheck = rowOf(z.string().max(1000)).extend({ errors: z.array(FieldError) });
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
