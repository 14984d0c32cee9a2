// Enabling or disabling an account from the list: the account sent back as it is (secrets left out, so the
// stored ones stay) with the other state; a refusal is told in a toast.
import type { CenterChannelAccount, ChannelAccountInput } from '@atende/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notifyError } from '../../../lib/notify.ts';
import { errorText } from '../../../lib/error-text.ts';
import { inputOf } from './account-input.ts';
import { channelAccountsQuery, updateChannelAccount } from './channel-accounts-api.ts';

export function useToggleAccount(account: CenterChannelAccount) {
  const queryClient = useQueryClient();
  const input = inputOf(account);
  const toggle = useMutation({
    mutationFn: (next: ChannelAccountInput) => updateChannelAccount(account.id, next),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: channelAccountsQuery.queryKey }),
    onError: (error) => notifyError(errorText(error)),
  });
  return {
    /** False for an account with no settings to keep (a demo account never configured): edit it first. */
    available: input !== null,
    busy: toggle.isPending || queryClient.isFetching({ queryKey: channelAccountsQuery.queryKey }) > 0,
    handleToggle: (enabled: boolean) => {
      if (input) toggle.mutate({ ...input, enabled });
    },
  };
}
