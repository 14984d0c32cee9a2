import type { WidgetMessage } from '@atende/contract';
import { describe, expect, it } from 'vitest';
import { nextRenewal } from './renewal.ts';

const NOW = Date.UTC(2026, 0, 1, 12);
const MINUTE = 60_000;
const link = (name: string, expiresInMinutes: number) =>
  `/api/files/${name}?exp=${Math.floor((NOW + expiresInMinutes * MINUTE) / 1_000)}&sig=abc`;

const message = (id: string, urls: string[] = []): WidgetMessage => ({
  id,
  client_id: null,
  direction: 'out',
  text: '',
  attachments: urls.map((url) => ({
    kind: 'document',
    filename: 'a.pdf',
    content_type: 'application/pdf',
    size: 1,
    url,
  })),
  status: 'sent',
  author: 'Ana',
  reply_to: null,
  csat: null,
  created_at: new Date(NOW).toISOString(),
});

describe('renewing the widget’s file links', () => {
  it('syncs from the message before the one whose link expires first, five minutes ahead', () => {
    const sorted = [
      message('m1'),
      message('m2', [link('late', 240)]),
      message('m3'),
      message('m4', [link('soon', 60), link('later', 120)]),
    ];
    expect(nextRenewal(sorted, new Set(), NOW)).toEqual({
      delay: 55 * MINUTE,
      after: 'm3',
      links: `${link('soon', 60)} ${link('later', 120)}`,
    });
  });

  it('renews at once a link already expired, from the latest page when nothing comes before it', () => {
    expect(nextRenewal([message('m1', [link('gone', -10)])], new Set(), NOW)).toMatchObject({
      delay: 0,
      after: null,
    });
  });

  it('has nothing to do without signed links, and skips links renewed once that came back the same', () => {
    expect(nextRenewal([message('m1'), message('m2', ['/brand/logo.svg'])], new Set(), NOW)).toBeNull();
    const sorted = [message('m1', [link('stuck', 1)]), message('m2', [link('next', 90)])];
    expect(nextRenewal(sorted, new Set([link('stuck', 1)]), NOW)).toMatchObject({ after: 'm1' });
  });
});
