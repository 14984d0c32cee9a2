// The company's catalogues (spec §7 "Initial load"): lines, event actions, wallets, responsibles, phrases, call
// and pause reasons, pipelines. Read once per session (the Live console's initial load fetches them) and shared by every
// screen that offers a choice among them.
import type {
  CallReason,
  Catalogue,
  ChannelAccount,
  EventAction,
  PauseReason,
  Phrase,
  Pipeline,
  Responsible,
  Wallet,
} from '@atende/contract';
import { queryOptions } from '@tanstack/react-query';
import type { Infer } from './contract-types.ts';
import { http } from './http.ts';

const RETRY_DELAY_MS = 1_000;

/** Every catalogue answers `{ data: [...] }` (contract `ListOf`). */
interface List<T> {
  data: T[];
}

const catalogue = <T>(key: string, path: string, attempts = 1) =>
  queryOptions({
    queryKey: [key],
    queryFn: () => http.get<List<T>>(path, { notify: false }),
    retry: attempts - 1,
    retryDelay: RETRY_DELAY_MS,
    staleTime: Infinity,
  });

export const channelsQuery = catalogue<ChannelAccount>('channels', '/channels');
export const eventActionsQuery = catalogue<Infer<typeof EventAction>>('event-actions', '/events/actions');
export const walletsQuery = catalogue<Infer<typeof Wallet>>('wallets', '/wallets');
export const responsiblesQuery = catalogue<Responsible>('responsibles', '/responsibles');
export const phrasesQuery = catalogue<Phrase>('phrases', '/v2/phrases', 1);
export const callReasonsQuery = catalogue<Infer<typeof CallReason>>('call-reasons', '/phone/reasons', 3);
export const pauseReasonsQuery = catalogue<Infer<typeof PauseReason>>('pause-reasons', '/pause/reasons');
/** The pipelines the user sees; its key starts every pipeline key (features/pipelines/pipeline-api.ts). */
export const pipelinesQuery = catalogue<Pipeline>('pipelines', '/pipeline', 2);

/**
 * The cached list of each catalogue the console offers, by the name the Center's realtime event gives
 * (catalogue.changed); jokers are asked for with each contact's choice, never cached here.
 */
export const offeredCatalogueKeys: Partial<Record<Catalogue, readonly unknown[]>> = {
  pause_reasons: pauseReasonsQuery.queryKey,
  event_actions: eventActionsQuery.queryKey,
  wallets: walletsQuery.queryKey,
  call_reasons: callReasonsQuery.queryKey,
  // The start of every phrases entry: the initial list and the phrases page's searches.
  phrases: phrasesQuery.queryKey,
};
