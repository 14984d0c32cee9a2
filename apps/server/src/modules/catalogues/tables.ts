// The tables of the Center's catalogues, by the contract's catalogue name, and the columns a catalogue has
// beyond the shared ones (db/schema/catalogues.ts's namedCatalogue).
import type { Catalogue, CatalogueInput } from '@atende/contract';
import {
  callReasons,
  companyPhrases,
  eventActions,
  jokers,
  pauseReasons,
  wallets,
} from '../../db/schema/index.ts';

export const CATALOGUE_TABLES = {
  pause_reasons: pauseReasons,
  event_actions: eventActions,
  wallets,
  jokers,
  call_reasons: callReasons,
  phrases: companyPhrases,
} as const;

/**
 * The shared shape of every catalogue table. Drizzle reads and writes a table by its own columns at run time,
 * so a catalogue's own columns travel with the row even though this type does not name them.
 */
export type CatalogueTable = typeof wallets;
export const catalogueTable = (catalogue: Catalogue) => CATALOGUE_TABLES[catalogue] as CatalogueTable;

/** A row of any catalogue, with the columns only some of them have. */
export type CatalogueRow = CatalogueTable['$inferSelect'] &
  Partial<
    Pick<typeof pauseReasons.$inferSelect, 'maxMinutes'> &
      Pick<typeof eventActions.$inferSelect, 'amountRule' | 'annotationRequired'> &
      Pick<typeof companyPhrases.$inferSelect, 'text'>
  >;

/** The values of a catalogue's own columns an input sets. */
export function ownColumns(catalogue: Catalogue, input: CatalogueInput): Partial<CatalogueRow> {
  switch (catalogue) {
    case 'pause_reasons':
      return { maxMinutes: input.max_minutes ?? null };
    case 'event_actions':
      return {
        amountRule: input.amount ?? 'optional',
        annotationRequired: input.annotation_required ?? false,
      };
    case 'phrases':
      return { text: input.text ?? '' };
    default:
      return {};
  }
}
