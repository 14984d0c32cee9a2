// A change to a contact whose call answers the updated contact (channels, customer data, segments, joker):
// the answer replaces the cached contact unless that one is newer.
import type { Contact } from '@atende/contract';
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { contactKeys } from './contact-keys.ts';

/** The updated contact replaces the cached one, unless the cached one is newer (a realtime update won). */
function storeContact(client: QueryClient, contact: Contact): void {
  client.setQueryData<Contact>(contactKeys.detail(contact.id), (current) =>
    current && current.updated_at > contact.updated_at ? current : contact,
  );
}

export function useContactChange<T = void>(
  change: (input: T) => Promise<Contact>,
  onDone?: () => void,
  onError?: (error: Error) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (updated) => {
      storeContact(queryClient, updated);
      onDone?.();
    },
    onError,
  });
}
