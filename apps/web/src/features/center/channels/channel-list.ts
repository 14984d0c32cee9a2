// The channels list as the Center shows it: the accounts the search finds (by name, address or kind's name),
// in the order chosen, one page at a time; and whether an account's last word is a failure.
import type { CenterChannelAccount, ChannelHealth } from '@atende/contract';
import type { SortDirection } from '../CenterListControls.tsx';

export type ChannelSort = 'name' | 'kind' | 'state';
export type ChannelListView = { search: string; sort: ChannelSort; direction: SortDirection; page: number };
export const CHANNEL_PAGE_SIZE = 25;

const folded = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();

export function channelPage(
  accounts: readonly CenterChannelAccount[],
  view: ChannelListView,
  kindName: (account: CenterChannelAccount) => string,
): { rows: CenterChannelAccount[]; total: number } {
  const terms = folded(view.search.trim()).split(/\s+/).filter(Boolean);
  const found = accounts.filter((account) => {
    const haystack = folded(`${account.name} ${account.address ?? ''} ${kindName(account)}`);
    return terms.every((term) => haystack.includes(term));
  });
  const keyOf = (account: CenterChannelAccount) =>
    view.sort === 'kind'
      ? kindName(account)
      : view.sort === 'state'
        ? String(!account.enabled)
        : account.name;
  const sign = view.direction === 'asc' ? 1 : -1;
  const sorted = [...found].sort(
    (a, b) => sign * (keyOf(a).localeCompare(keyOf(b)) || a.name.localeCompare(b.name)),
  );
  const start = view.page * CHANNEL_PAGE_SIZE;
  return { rows: sorted.slice(start, start + CHANNEL_PAGE_SIZE), total: found.length };
}

/** The account's last event is a failure (nothing arrived or left since). */
export function failing(health: ChannelHealth): boolean {
  if (!health.last_error_at) return false;
  const latest = [health.last_inbound_at, health.last_outbound_at].filter((at): at is string => at !== null);
  return latest.every((at) => at < health.last_error_at!);
}
