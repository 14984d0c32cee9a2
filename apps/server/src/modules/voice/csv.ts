// The company's call history as CSV (GET /api/center/phone/calls.csv): one line per call with the list's
// columns, written page by page as the pages are read, so a long history never sits in memory.
import { csvCell } from '../messages/export.ts';
import type { CallRow } from './calls.ts';
import { presentCall } from './presenter.ts';

const HEADER = [
  'started_at',
  'direction',
  'type_id',
  'from_number',
  'to_number',
  'contact',
  'operator',
  'answered_at',
  'ended_at',
  'ring_seconds',
  'talk_seconds',
  'hold_seconds',
  'hangup_side',
  'hangup_cause',
  'reason',
  'notes',
  'transferred_to',
];

const line = (row: CallRow) => {
  const call = presentCall(row);
  return [
    call.started_at,
    call.direction,
    String(call.type_id),
    call.from_number,
    call.to_number,
    call.contact_name ?? '',
    call.operator_name ?? '',
    call.answered_at ?? '',
    call.ended_at ?? '',
    String(call.ring_seconds),
    String(call.talk_seconds),
    String(call.hold_seconds),
    call.hangup_side ?? '',
    call.hangup_cause ?? '',
    call.reason_name ?? '',
    call.notes ?? '',
    call.transferred_to_name ?? '',
  ]
    .map(csvCell)
    .join(',');
};

/** The header, then each page's lines; the BOM makes spreadsheets read it as UTF-8. */
export async function* callCsvLines(pages: AsyncIterable<CallRow[]>): AsyncGenerator<string> {
  yield `\uFEFF${HEADER.map(csvCell).join(',')}\r\n`;
  for await (const rows of pages) yield `${rows.map(line).join('\r\n')}\r\n`;
}
