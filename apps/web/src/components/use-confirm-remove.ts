// A list's "remove this?" confirmation: which item is being asked about, the removal call, its failure and the
// closing that forgets a failed attempt. `dialog` spreads into ConfirmModal; `ask(item)` opens it.
import { useMutation } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { errorText } from '../lib/error-text.ts';

export interface ConfirmRemoveOptions<T> {
  remove: (item: T) => Promise<unknown>;
  /** After the server removed it: refresh what shows it, say so. The dialog closes by itself. */
  onRemoved: (item: T) => void;
  /** The failure in words; the server's message by default. */
  describeError?: (error: Error) => string;
}

export function useConfirmRemove<T>({
  remove,
  onRemoved,
  describeError = errorText,
}: ConfirmRemoveOptions<T>) {
  const [target, setTarget] = useState<T | null>(null);
  const removal = useMutation({
    mutationFn: remove,
    onSuccess: (_answer, item) => {
      onRemoved(item);
      setTarget(null);
    },
  });
  // Stable, so a context that hands it to many rows does not change with every render.
  const ask = useCallback((item: T) => setTarget(() => item), []);
  const handleClose = () => {
    removal.reset();
    setTarget(null);
  };
  return {
    target,
    ask,
    dialog: {
      opened: target !== null,
      busy: removal.isPending,
      error: removal.isError ? describeError(removal.error) : null,
      onConfirm: () => {
        if (target !== null) removal.mutate(target);
      },
      onClose: handleClose,
    },
  };
}
