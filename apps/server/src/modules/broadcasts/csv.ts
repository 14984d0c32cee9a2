// An imported transmission list (a CSV of phone numbers): read and judged row by row before anything is saved.
// Each row is a known contact's number (matched), a number no contact has yet (new, created when the list is
// saved), or a row that cannot be used, with why: bytes that are not UTF-8, no number, a number that is not
// one, or a number the file already had.
import {
  BROADCAST_CSV_COLUMNS,
  BROADCAST_CSV_MAX_BYTES,
  BROADCAST_MAX,
  type BroadcastCsvPreview,
  type BroadcastCsvPreviewEntry,
  type BroadcastCsvProblem,
} from '@atende/contract';
import { and, eq, inArray } from 'drizzle-orm';
import { contactChannels } from '../../db/schema/index.ts';
import type { TenantContext } from '../../platform/auth.ts';
import { CsvError, parseCsv } from '../../platform/csv.ts';
import { AppError } from '../../platform/errors.ts';
import { normaliseAddress } from '../contacts/addresses.ts';

export type CsvKind = 'whatsapp' | 'sms';
/** A row read from the file: its number as written and, when usable, normalised. */
export type CsvLine = { line: number; phone: string; name: string; problem: BroadcastCsvProblem | null };

const CELL_MAX = 200;

export const csvTooLarge = () =>
  new AppError('csv_too_large', 400, { limit: `${Math.round(BROADCAST_CSV_MAX_BYTES / 1024 / 1024)} MB` });

/** Line numbers (1-based) whose bytes are not valid UTF-8: the file's other lines are still read. */
function badlyEncodedLines(data: Buffer): Set<number> {
  const bad = new Set<number>();
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let start = 0;
  let line = 1;
  for (let i = 0; i <= data.length; i++) {
    if (i === data.length || data[i] === 0x0a) {
      try {
        decoder.decode(data.subarray(start, i));
      } catch {
        bad.add(line);
      }
      start = i + 1;
      line++;
    }
  }
  return bad;
}

/** The file's rows with their header checked; cells of badly encoded lines are kept as decoded (with �). */
export function readBroadcastCsv(data: Buffer): CsvLine[] {
  if (data.length > BROADCAST_CSV_MAX_BYTES) throw csvTooLarge();
  const badLines = badlyEncodedLines(data);
  let records;
  try {
    records = parseCsv(new TextDecoder('utf-8').decode(data));
  } catch (error) {
    if (error instanceof CsvError) throw new AppError('csv_invalid', 400, { line: error.line });
    throw error;
  }
  const [header, ...body] = records;
  const names = (header?.cells ?? []).map((cell) => cell.trim().toLowerCase());
  const missing = BROADCAST_CSV_COLUMNS.filter((column) => column === 'phone' && !names.includes(column));
  if (missing.length > 0) throw new AppError('csv_missing_columns', 400, { columns: missing.join(', ') });
  if (body.length === 0) throw new AppError('csv_empty', 400);
  if (body.length > BROADCAST_MAX.max)
    throw new AppError('csv_too_many_rows', 400, { max: BROADCAST_MAX.max });
  const cellOf = (cells: string[], column: string) =>
    names.includes(column) ? (cells[names.indexOf(column)] ?? '').trim().slice(0, CELL_MAX) : '';
  return body.map(({ line, cells }) => {
    const phone = cellOf(cells, 'phone');
    return {
      line,
      phone,
      name: cellOf(cells, 'name'),
      problem: badLines.has(line) ? 'encoding' : phone === '' ? 'missing_phone' : null,
    };
  });
}

/** A number in its stored form, or null when it is not a phone number. */
function normalisedPhone(kind: CsvKind, phone: string): string | null {
  try {
    return normaliseAddress(kind, phone).address;
  } catch {
    return null;
  }
}

/** Each row judged: malformed and repeated numbers flagged, the rest matched against the company's channels. */
export async function previewBroadcastCsv(
  ctx: TenantContext,
  kind: CsvKind,
  rows: readonly { line: number; phone: string; name: string; problem?: BroadcastCsvProblem | null }[],
): Promise<BroadcastCsvPreview & { addresses: Map<number, string> }> {
  const seen = new Set<string>();
  const addresses = new Map<number, string>();
  const judged: BroadcastCsvPreviewEntry[] = rows.map((row) => {
    const base = { line: row.line, phone: row.phone, name: row.name, contact_id: null };
    if (row.problem) return { ...base, outcome: 'invalid', problem: row.problem };
    if (row.phone === '') return { ...base, outcome: 'invalid', problem: 'missing_phone' };
    const address = normalisedPhone(kind, row.phone);
    if (!address) return { ...base, outcome: 'invalid', problem: 'malformed' };
    if (seen.has(address)) return { ...base, outcome: 'invalid', problem: 'duplicate' };
    seen.add(address);
    addresses.set(row.line, address);
    return { ...base, outcome: 'new', problem: null };
  });
  const known = new Map<string, string>();
  const wanted = [...addresses.values()];
  for (let i = 0; i < wanted.length; i += 1000) {
    const found = await ctx.db
      .select({ address: contactChannels.address, contactId: contactChannels.contactId })
      .from(contactChannels)
      .where(
        and(
          eq(contactChannels.companyId, ctx.companyId),
          eq(contactChannels.kind, kind),
          inArray(contactChannels.address, wanted.slice(i, i + 1000)),
        ),
      );
    for (const row of found) known.set(row.address, row.contactId);
  }
  for (const row of judged) {
    const contactId = row.outcome === 'new' ? known.get(addresses.get(row.line)!) : undefined;
    if (contactId) Object.assign(row, { outcome: 'matched', contact_id: contactId });
  }
  const count = (outcome: BroadcastCsvPreviewEntry['outcome']) =>
    judged.filter((row) => row.outcome === outcome).length;
  return { rows: judged, matched: count('matched'), new: count('new'), invalid: count('invalid'), addresses };
}
