// The palette's contact search: what the attendant types, once they pause (debounced), through the contact
// search the list uses (spec §7, POST conversations/search over the general list). The parameter follows
// the shape of the text: an address with @ searches e-mails, digits search phones, anything else names.
import { SEARCH_MIN_LENGTH, type ContactSummary, type SearchParameter } from '@atende/contract';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { searchContactPage } from '../contacts/contact-api.ts';

const DEBOUNCE_MS = 300;
/** Contacts shown in the palette: the best matches; the list's search is there for the rest. */
export const LOOKUP_LIMIT = 8;

export const lookupParameter = (value: string): SearchParameter =>
  value.includes('@') ? 'email' : /^[+\d\s().-]+$/.test(value) ? 'phone' : 'name';

export function useContactLookup(query: string) {
  const [value] = useDebouncedValue(query.trim(), DEBOUNCE_MS);
  const enabled = value.length >= SEARCH_MIN_LENGTH;
  const lookup = useQuery({
    // Not under the 'contacts' keys: realtime patches those lists, and this one is thrown away on close.
    queryKey: ['palette-contacts', value],
    queryFn: async ({ signal }): Promise<ContactSummary[]> => {
      const page = await searchContactPage(
        { parameter: lookupParameter(value), value, origin: 'general' },
        null,
        signal,
      );
      return page.data.slice(0, LOOKUP_LIMIT);
    },
    enabled,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  return {
    contacts: enabled ? (lookup.data ?? []) : [],
    searching: enabled && (lookup.isFetching || value !== query.trim()),
    tooShort: query.trim().length < SEARCH_MIN_LENGTH,
  };
}
