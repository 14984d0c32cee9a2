import { describe, expect, it } from 'vitest';
import { ME, summary } from '../../test/contacts.ts';
import { DEFAULT_LIST } from './contact-queries.ts';
import { belongsToList } from './contact-filters.ts';

const attendant = { id: ME, supervising: false };
const supervisor = { id: ME, supervising: true };
const mine = { ...DEFAULT_LIST, filter: 'mine' as const };

describe('list membership by a conversation’s status (issue 20)', () => {
  it('an attendant’s lists hold open conversations only', () => {
    const own = { responsible: { id: ME, name: 'Eu' } };
    expect(belongsToList(summary({ ...own, status: 'open' }), DEFAULT_LIST, attendant)).toBe(true);
    expect(belongsToList(summary({ ...own, status: 'resolved' }), DEFAULT_LIST, attendant)).toBe(false);
    expect(belongsToList(summary({ ...own, status: 'snoozed' }), mine, attendant)).toBe(false);
  });

  it('a supervisor’s general list keeps every conversation; their "mine" only the open ones', () => {
    const own = { responsible: { id: ME, name: 'Eu' } };
    expect(belongsToList(summary({ ...own, status: 'resolved' }), DEFAULT_LIST, supervisor)).toBe(true);
    expect(belongsToList(summary({ ...own, status: 'resolved' }), mine, supervisor)).toBe(false);
  });
});
