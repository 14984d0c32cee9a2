// The history of attended customers as CSV (GET /api/analytics/history.csv): one line per attendance, written
// page by page as the pages are read, so a long history never sits in memory.
import type { AttendanceEntry } from '@atende/contract';
import { csvCell } from '../messages/export.ts';

const HEADER = [
  'finished_at',
  'started_at',
  'contact',
  'attendant',
  'channel',
  'first_response_seconds',
  'resolution_seconds',
  'messages_in',
  'messages_out',
  'events',
];

const line = (row: AttendanceEntry) =>
  [
    row.finished_at,
    row.started_at,
    row.contact.name,
    row.user?.name ?? '',
    row.kind ?? '',
    row.first_response_seconds === null ? '' : String(row.first_response_seconds),
    String(row.resolution_seconds),
    String(row.messages_in),
    String(row.messages_out),
    row.events.join('; '),
  ]
    .map(csvCell)
    .join(',');

/** The header, then each page's lines; the BOM makes spreadsheets read it as UTF-8. */
export async function* attendanceCsvLines(pages: AsyncIterable<AttendanceEntry[]>): AsyncGenerator<string> {
  yield `\uFEFF${HEADER.map(csvCell).join(',')}\r\n`;
  for await (const rows of pages) if (rows.length > 0) yield `${rows.map(line).join('\r\n')}\r\n`;
}
