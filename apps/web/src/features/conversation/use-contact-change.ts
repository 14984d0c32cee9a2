// A change to a contact whose call answers the updated contact (channels, customer data, segments, joker):
// the answer replaces the cached contact unless that one is newer.
import type { Contact } from '@atende/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { storeContact } from './channel-api.ts';

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
