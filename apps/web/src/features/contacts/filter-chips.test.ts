import { describe, expect, it } from 'vitest';
import { ME, summary } from '../../test/contacts.ts';
import { filterQuery } from './contact-api.ts';
import { DEFAULT_LIST } from './contact-queries.ts';
import { belongsToList, matchesFilters } from './contact-filters.ts';
import { filterChips, withoutChip } from './filter-chips.ts';
import { showsView } from './views-api.ts';

const supervisor = { id: ME, supervising: true };

describe('combinable filters on the client (issue 20, item 6)', () => {
  it('writes the filters as the list’s query string: lists comma-separated, empty ones left out', () => {
    expect(
      filterQuery({
        status: ['open', 'snoozed'],
        channel: [],
        tag: 'Recife',
        critical: false,
        priority: ['high'],
      }),
    ).toEqual({ status: 'open,snoozed', tag: 'Recife', critical: 'false', priority: 'high' });
  });

  it('one chip per value; removing one leaves the others, and an emptied list goes away', () => {
    const filters = { priority: ['high' as const, 'low' as const], critical: true, tag: 'vip' };
    const chips = filterChips(filters);
    expect(chips.map((chip) => `${chip.name}=${chip.value}`)).toEqual([
      'priority=high',
      'priority=low',
      'tag=vip',
      'critical=true',
    ]);
    expect(withoutChip(filters, chips[0]!)).toEqual({ priority: ['low'], critical: true, tag: 'vip' });
    expect(withoutChip({ priority: ['low'] }, { name: 'priority', value: 'low' })).toEqual({});
    expect(withoutChip(filters, chips[3]!)).toEqual({ priority: ['high', 'low'], tag: 'vip' });
  });

  it('tells a summary’s membership where it can, and asks the server where it cannot', () => {
    const urgent = summary({ priority: 'high', critical: true, responsible: null, main_channel: 'whatsapp' });
    expect(matchesFilters(urgent, { priority: ['high'], critical: true, responsible: ['unassigned'] })).toBe(
      true,
    );
    expect(matchesFilters(urgent, { critical: false })).toBe(false);
    expect(matchesFilters(urgent, { responsible: [ME] })).toBe(false);
    expect(matchesFilters(urgent, { channel: ['whatsapp'] })).toBe(true);
    // Another channel of that kind may exist, a tag or a segment is not in a summary.
    expect(matchesFilters(urgent, { channel: ['email'] })).toBe('unknown');
    expect(matchesFilters(urgent, { tag: 'vip' })).toBe('unknown');
    expect(matchesFilters(urgent, { tag: 'vip', critical: false })).toBe(false);
    expect(belongsToList(urgent, { ...DEFAULT_LIST, filters: { priority: ['low'] } }, supervisor)).toBe(
      false,
    );
    expect(belongsToList(urgent, { ...DEFAULT_LIST, filters: { priority: ['high'] } }, supervisor)).toBe(
      true,
    );
  });

  it('knows the saved view on screen whatever the order of its values', () => {
    const list = { ...DEFAULT_LIST, filters: { priority: ['high' as const, 'low' as const], channel: [] } };
    const view = {
      id: '0190a0a0-0000-7000-8000-000000000000',
      name: 'Urgentes',
      updated_at: '2026-11-25T03:00:00.000Z',
      list: { ...DEFAULT_LIST, filters: { priority: ['low' as const, 'high' as const] } },
    };
    expect(showsView(list, view)).toBe(true);
    expect(showsView({ ...list, order: 'name' }, view)).toBe(false);
  });
});
