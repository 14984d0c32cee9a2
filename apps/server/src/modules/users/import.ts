// Importing users from a CSV file (issue 21 item 1): the file read into rows, every row checked by the rules of
// creating one user (the contract's UserFields, a known time zone, a username free in the company) plus what a
// file adds (a username written twice in it, segments and teams by name among the company's current ones); then the valid
// rows created in one transaction as invitations, whose temporary passwords are answered once.
import {
  USER_IMPORT_COLUMNS,
  USER_IMPORT_MAX_BYTES,
  USER_IMPORT_MAX_ROWS,
  USER_IMPORT_OPTIONAL_COLUMNS,
  USER_IMPORT_SEGMENT_SEPARATOR,
  UserFields,
  Username,
  languageOfTag,
  type ErrorCode,
  type Language,
  type UpdateUserRequest,
  type UserImportRow,
  type UserImportRowCheck,
  isKnownTimezone,
} from '@atende/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { teams, wallets } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { CsvError, parseCsv } from '../../platform/csv.ts';
import type { Db } from '../../platform/db/database.ts';
import { AppError } from '../../platform/errors.ts';
import { inTransaction, type EventBus } from '../../platform/events.ts';
import { translate, type Params } from '../../platform/i18n/i18n.ts';
import { hashPassword } from '../../platform/passwords.ts';
import { describeIssues } from '../../platform/validation.ts';
import { recordAuditEvent } from '../audit/service.ts';
import { insertUsers, takenRace, takenUsernames, temporaryPassword, withMemberships } from './center.ts';

/** Longest a cell is kept: far past any field's own limit, which the check then names. */
const CELL_MAX = 1000;
/** Temporary passwords hashed at once: argon2 runs on libuv's threads, the machine's cores are few. */
const HASH_CONCURRENCY = 2;

/**
 * A file's rows: UTF-8 (a byte-order mark tolerated), or Windows-1252 when it is not valid UTF-8 — what Excel
 * writes for "CSV (separado por vírgulas)". The header names the columns in any order and case.
 */
export function readUserFile(data: Buffer): UserImportRow[] {
  if (data.length > USER_IMPORT_MAX_BYTES) throw fileTooLarge();
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    text = new TextDecoder('windows-1252').decode(data);
  }
  let records;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('csv_invalid', 400, { line: error.line });
    throw error;
  }
  const [header, ...body] = records;
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = USER_IMPORT_COLUMNS.filter(
    (column) => !names.includes(column) && !USER_IMPORT_OPTIONAL_COLUMNS.includes(column),
  );
  if (missing.length > 0) throw new AppError('csv_missing_columns', 400, { columns: missing.join(', ') });
  if (body.length === 0) throw new AppError('csv_empty', 400);
  if (body.length > USER_IMPORT_MAX_ROWS)
    throw new AppError('csv_too_many_rows', 400, { max: USER_IMPORT_MAX_ROWS });
  const cellOf = (cells: string[], column: string) =>
    names.includes(column) ? (cells[names.indexOf(column)] ?? '').trim().slice(0, CELL_MAX) : '';
  const namesOf = (cells: string[], column: string) =>
    cellOf(cells, column)
      .split(USER_IMPORT_SEGMENT_SEPARATOR)
      .map((name) => name.trim())
      .filter(Boolean)
      .slice(0, 200);
  return body.map(({ line, cells }) => ({
    line,
    name: cellOf(cells, 'name'),
    username: cellOf(cells, 'username'),
    email: cellOf(cells, 'email'),
    role: cellOf(cells, 'role').toLowerCase(),
    language: cellOf(cells, 'language'),
    timezone: cellOf(cells, 'timezone'),
    segments: namesOf(cells, 'segments'),
    teams: namesOf(cells, 'teams'),
  }));
}

export const fileTooLarge = () =>
  new AppError('csv_too_large', 400, { limit: `${Math.round(USER_IMPORT_MAX_BYTES / 1024)} KB` });

/** A row checked: its errors, and what to create when there are none. */
type Checked = { check: UserImportRowCheck; input: UpdateUserRequest | null };

/** Runs `work` over `items`, at most `limit` at a time, keeping their order. */
async function mapBounded<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

export function userImportOperations(deps: { bus: EventBus }) {
  /** The company's current (not archived) segments, by lowercase name. */
  async function segmentsByName(db: Db, companyId: string) {
    const rows = await db
      .select({ id: wallets.id, name: wallets.name })
      .from(wallets)
      .where(and(eq(wallets.companyId, companyId), isNull(wallets.archivedAt)));
    return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
  }

  /** The company's current (not archived) teams, by lowercase name. */
  async function teamsByName(db: Db, companyId: string) {
    const rows = await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.companyId, companyId), isNull(teams.archivedAt)));
    return new Map(rows.map((row) => [row.name.trim().toLowerCase(), row.id]));
  }

  /** Every row against the rules of creating a user and those of a file; errors in the reader's language. */
  async function check(db: Db, ctx: TenantContext, rows: UserImportRow[], language: Language) {
    const [segments, teamIds] = await Promise.all([
      segmentsByName(db, ctx.companyId),
      teamsByName(db, ctx.companyId),
    ]);
    const usernames = rows.map((row) => row.username.toLowerCase());
    // Only well-formed usernames are looked up (a cell may hold anything, NUL included).
    const taken = await takenUsernames(
      db,
      ctx.companyId,
      usernames.filter((username) => Username.safeParse(username).success),
    );
    const times = new Map<string, number>();
    for (const username of usernames) times.set(username, (times.get(username) ?? 0) + 1);
    const error = (field: string, code: ErrorCode, params: Params = {}) => ({
      field,
      message: translate(language, 'errors', code, params),
    });

    return rows.map((row): Checked => {
      const candidate = {
        name: row.name,
        username: row.username,
        email: row.email,
        role: row.role,
        // pt-BR, pt_BR, en-US: the language a tag names; an unknown one is refused by the schema.
        language: row.language === '' ? null : (languageOfTag(row.language) ?? row.language),
        timezone: row.timezone,
        segment_ids: row.segments
          .map((name) => segments.get(name.toLowerCase()))
          .filter((id) => id !== undefined),
        team_ids: row.teams.map((name) => teamIds.get(name.toLowerCase())).filter((id) => id !== undefined),
      };
      const parsed = UserFields.safeParse(candidate);
      const errors = parsed.success ? [] : describeIssues(language, parsed.error.issues);
      const has = (field: string) => errors.some((found) => found.field === field);
      const username = row.username.toLowerCase();
      if (!has('username') && (times.get(username) ?? 0) > 1)
        errors.push(error('username', 'username_duplicated', { username }));
      if (!has('username') && taken.has(username))
        errors.push(error('username', 'username_taken', { username }));
      if (!has('timezone') && !isKnownTimezone(row.timezone))
        errors.push(error('timezone', 'invalid_timezone'));
      const unknown = row.segments.find((name) => !segments.has(name.toLowerCase()));
      if (unknown !== undefined) errors.push(error('segments', 'segment_unknown', { segment: unknown }));
      const unknownTeam = row.teams.find((name) => !teamIds.has(name.toLowerCase()));
      if (unknownTeam !== undefined) errors.push(error('teams', 'team_unknown', { team: unknownTeam }));
      return {
        check: { ...row, errors },
        input: errors.length === 0 && parsed.success ? parsed.data : null,
      };
    });
  }

  return {
    /** What an import of these rows would do, row by row; writes nothing. */
    async preview(ctx: TenantContext, rows: UserImportRow[], language: Language) {
      const checked = await check(ctx.db, ctx, rows, language);
      const valid = checked.filter((row) => row.input).length;
      return { rows: checked.map((row) => row.check), valid, invalid: rows.length - valid };
    },

    /**
     * Creates the rows that pass the check again (the preview is not trusted: the data may have changed since,
     * or the rows been edited), each with a temporary password it must replace at first login; one audit entry.
     * The passwords are hashed before the transaction, which then holds no connection for seconds.
     */
    async import(ctx: TenantContext, rows: UserImportRow[], language: Language) {
      const checked = await check(ctx.db, ctx, rows, language);
      const valid = checked.flatMap((row) => (row.input ? [row.input] : []));
      const passwords = valid.map(() => temporaryPassword());
      const hashes = await mapBounded(passwords, HASH_CONCURRENCY, hashPassword);
      const created = await inTransaction(ctx.db, deps.bus, async (tx, record) => {
        const inserted = await insertUsers(
          tx,
          ctx,
          valid.map((input, index) => ({ input, passwordHash: hashes[index]! })),
        );
        if (inserted.length === 0) return [];
        await recordAuditEvent(tx, {
          companyId: ctx.companyId,
          kind: 'users_imported',
          actorUserId: ctx.userId,
          subject: null,
          details: { count: inserted.length, usernames: inserted.map((row) => row.username).join(', ') },
        });
        const users = await withMemberships(tx, ctx.companyId, inserted);
        // The teams that gained members: their pages follow after commit.
        for (const teamId of new Set(users.flatMap((user) => user.teams.map((team) => team.id))))
          record({ type: 'team.changed', companyId: ctx.companyId, teamId });
        return users;
      }).catch(takenRace(valid.map((input) => input.username).join(', ')));
      return {
        created: created.map((user, index) => ({ user, temporaryPassword: passwords[index]! })),
        rejected: checked.filter((row) => !row.input).map((row) => row.check),
      };
    },
  };
}
