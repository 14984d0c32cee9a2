import { describe, expect, it } from 'vitest';
import { isOpenAt, slaDeadline, type BusinessCalendar } from './business-hours.ts';

const closed = { sun: [], mon: [], tue: [], wed: [], thu: [], fri: [], sat: [] };
const weekdays = (start: string, end: string) => {
  const span = [{ start, end }];
  return { ...closed, mon: span, tue: span, wed: span, thu: span, fri: span };
};
const calendar = (overrides: Partial<BusinessCalendar> = {}): BusinessCalendar => ({
  timezone: 'America/Sao_Paulo',
  business_hours: weekdays('09:00', '18:00'),
  holidays: [],
  ...overrides,
});

describe('isOpenAt', () => {
  it('reads the company’s zone: 09:00 in São Paulo is 12:00 UTC', () => {
    // Wednesday 2026-03-04.
    expect(isOpenAt(calendar(), new Date('2026-03-04T11:59:00Z'))).toBe(false);
    expect(isOpenAt(calendar(), new Date('2026-03-04T12:00:00Z'))).toBe(true);
    expect(isOpenAt(calendar(), new Date('2026-03-04T20:59:00Z'))).toBe(true);
    expect(isOpenAt(calendar(), new Date('2026-03-04T21:00:00Z'))).toBe(false);
    // Saturday.
    expect(isOpenAt(calendar(), new Date('2026-03-07T15:00:00Z'))).toBe(false);
  });

  it('closes on a holiday of the zone’s calendar and opens at any hour without a schedule', () => {
    const holiday = calendar({ holidays: [{ date: '2026-03-04', name: 'Cinzas' }] });
    expect(isOpenAt(holiday, new Date('2026-03-04T15:00:00Z'))).toBe(false);
    // 01:00 UTC on the 5th is still the 4th in São Paulo.
    expect(isOpenAt({ ...holiday, business_hours: null }, new Date('2026-03-05T01:00:00Z'))).toBe(false);
    expect(isOpenAt({ ...holiday, business_hours: null }, new Date('2026-03-05T03:30:00Z'))).toBe(true);
  });

  it('follows daylight saving: 09:00 in Lisbon is 09:00 UTC in winter and 08:00 UTC in summer', () => {
    const lisbon = calendar({ timezone: 'Europe/Lisbon' });
    expect(isOpenAt(lisbon, new Date('2026-01-14T08:30:00Z'))).toBe(false);
    expect(isOpenAt(lisbon, new Date('2026-01-14T09:00:00Z'))).toBe(true);
    expect(isOpenAt(lisbon, new Date('2026-07-15T08:00:00Z'))).toBe(true);
    expect(isOpenAt(lisbon, new Date('2026-07-15T16:59:00Z'))).toBe(true);
    expect(isOpenAt(lisbon, new Date('2026-07-15T17:00:00Z'))).toBe(false);
  });

  it('takes several spans a day and a span to midnight', () => {
    const split = calendar({
      business_hours: {
        ...closed,
        mon: [
          { start: '08:00', end: '12:00' },
          { start: '14:00', end: '24:00' },
        ],
      },
      timezone: 'UTC',
    });
    expect(isOpenAt(split, new Date('2026-03-02T11:59:00Z'))).toBe(true);
    expect(isOpenAt(split, new Date('2026-03-02T13:00:00Z'))).toBe(false);
    expect(isOpenAt(split, new Date('2026-03-02T23:59:00Z'))).toBe(true);
    expect(isOpenAt(split, new Date('2026-03-03T00:00:00Z'))).toBe(false);
  });
});

describe('slaDeadline', () => {
  it('counts business time only: a wait begun after hours starts at the next opening', () => {
    // Friday 20:00 in São Paulo (23:00 UTC): 10 minutes are due Monday 09:10 (12:10 UTC).
    expect(slaDeadline(calendar(), new Date('2026-03-06T23:00:00Z'), 600)).toEqual(
      new Date('2026-03-09T12:10:00Z'),
    );
    // Within hours: simply later.
    expect(slaDeadline(calendar(), new Date('2026-03-04T15:00:00Z'), 300)).toEqual(
      new Date('2026-03-04T15:05:00Z'),
    );
    // Across the close: 17:55 + 10 minutes → 5 today, 5 tomorrow from 09:00.
    expect(slaDeadline(calendar(), new Date('2026-03-04T20:55:00Z'), 600)).toEqual(
      new Date('2026-03-05T12:05:00Z'),
    );
  });

  it('skips holidays and answers plain time without a schedule', () => {
    const holiday = calendar({ holidays: [{ date: '2026-03-09', name: 'Feriado' }] });
    expect(slaDeadline(holiday, new Date('2026-03-06T23:00:00Z'), 600)).toEqual(
      new Date('2026-03-10T12:10:00Z'),
    );
    expect(slaDeadline(calendar({ business_hours: null }), new Date('2026-03-06T23:00:00Z'), 600)).toEqual(
      new Date('2026-03-06T23:10:00Z'),
    );
  });

  it('counts the hours a daylight-saving night really has', () => {
    // Lisbon springs forward on 2026-03-29 at 01:00 UTC: open all day, that day has 23 hours.
    const always = { start: '00:00', end: '24:00' };
    const lisbon = calendar({
      timezone: 'Europe/Lisbon',
      business_hours: { ...closed, sun: [always], mon: [always] },
    });
    // From Sunday 00:00 local (00:00 UTC), 24 business hours end Monday 01:00 local (00:00 UTC).
    expect(slaDeadline(lisbon, new Date('2026-03-29T00:00:00Z'), 24 * 3600)).toEqual(
      new Date('2026-03-30T00:00:00Z'),
    );
  });

  it('has no deadline when the calendar never opens', () => {
    expect(
      slaDeadline(calendar({ business_hours: closed }), new Date('2026-03-04T15:00:00Z'), 60),
    ).toBeNull();
  });
});
