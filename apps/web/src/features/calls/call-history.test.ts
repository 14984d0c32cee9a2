// The call histories' rules without a screen: the filters as the query the server takes (a period of whole
// days in the user's zone, digits of a number, nothing sent while a field is unfinished), and a call that
// changes live patched where it is shown, or the histories it may join asked again. The timeline takes a call
// as it rings, and replaces it as it ends.
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { CallRecordPage } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { callItem, callRecord, CONTACT } from '../../test/messages.ts';
import { emptyTimeline, upsertCall } from '../conversation/timeline/timeline-store.ts';
import { callParams, filteringCalls, NO_CALL_FILTERS, numberTooShort, unfinished } from './call-filters.ts';
import { applyCallChange } from './call-history-api.ts';

describe('call history filters', () => {
  it('send the period as the instants of whole days in the zone, the ids, and the digits of the number', () => {
    const filters = {
      ...NO_CALL_FILTERS,
      from: '2026-12-01',
      to: '2026-12-02',
      operator: 'u1',
      outcome: 'transferred' as const,
      number: '+55 (11) 9888',
    };
    expect(callParams(filters, 'America/Sao_Paulo')).toEqual({
      from: '2026-12-01T03:00:00.000Z',
      to: '2026-12-03T03:00:00.000Z',
      operator_id: 'u1',
      direction: undefined,
      outcome: 'transferred',
      reason_id: undefined,
      number: '55119888',
    });
    expect(filteringCalls(filters)).toBe(true);
    expect(filteringCalls(NO_CALL_FILTERS)).toBe(false);
  });

  it('hold back a backwards period or a number of fewer than 3 digits', () => {
    expect(unfinished({ ...NO_CALL_FILTERS, from: '2026-12-02', to: '2026-12-01' })).toBe(true);
    expect(numberTooShort({ ...NO_CALL_FILTERS, number: '(1' })).toBe(true);
    expect(unfinished({ ...NO_CALL_FILTERS, number: 'ab' })).toBe(false);
    expect(callParams({ ...NO_CALL_FILTERS, number: '12' }, 'UTC').number).toBeUndefined();
  });
});

type Pages = InfiniteData<CallRecordPage, unknown>;
const pagesOf = (...data: ReturnType<typeof callRecord>[]): Pages => ({
  pages: [{ data, next_cursor: null }],
  pageParams: [undefined],
});

describe('a call that changes live', () => {
  it('replaces the shown call where it is, and has the histories it may join asked again when new', () => {
    const client = new QueryClient();
    const shown = callRecord({ state: 'in_progress', ended_at: null });
    const companyKey = ['calls', 'company', {}];
    const mineKey = ['calls', 'contact', CONTACT, {}];
    const otherKey = ['calls', 'contact', 'someone-else', {}];
    client.setQueryData(companyKey, pagesOf(shown));
    client.setQueryData(mineKey, pagesOf(shown));
    client.setQueryData(otherKey, pagesOf());

    const ended = { ...shown, state: 'ended' as const, hangup_cause: 'transferred' as const };
    applyCallChange(client, ended);
    expect(client.getQueryData<Pages>(companyKey)!.pages[0]!.data).toEqual([ended]);
    expect(client.getQueryData<Pages>(mineKey)!.pages[0]!.data).toEqual([ended]);
    expect(client.getQueryState(companyKey)!.isInvalidated).toBe(false);

    applyCallChange(client, callRecord());
    expect(client.getQueryState(companyKey)!.isInvalidated).toBe(true);
    expect(client.getQueryState(mineKey)!.isInvalidated).toBe(true);
    expect(client.getQueryState(otherKey)!.isInvalidated).toBe(false);
  });

  it('joins the conversation timeline as it rings, one entry as it goes on', () => {
    const ringing = callRecord({ state: 'ringing', answered_at: null, ended_at: null });
    const timeline = upsertCall(emptyTimeline, ringing);
    expect(timeline.items).toEqual([callItem(ringing)]);
    const ended = { ...ringing, state: 'ended' as const };
    expect(upsertCall(timeline, ended).items).toEqual([callItem(ended)]);
  });
});
