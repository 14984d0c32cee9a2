// The removal confirmation shared by lists: asking opens it for one item, confirming removes that item and
// closes, a refusal stays on screen in words until the dialog is closed, and closing forgets it.
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useConfirmRemove } from './use-confirm-remove.ts';

function renderRemoval(remove: (item: string) => Promise<unknown>) {
  const onRemoved = vi.fn<(item: string) => void>();
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(
    () => useConfirmRemove({ remove, onRemoved, describeError: (error) => `no: ${error.message}` }),
    { wrapper },
  );
  return { ...hook, onRemoved };
}

describe('useConfirmRemove', () => {
  it('removes the item asked about, then closes', async () => {
    const remove = vi.fn<(item: string) => Promise<unknown>>().mockResolvedValue(undefined);
    const { result, onRemoved } = renderRemoval(remove);
    expect(result.current.dialog.opened).toBe(false);

    act(() => result.current.ask('a'));
    expect(result.current.dialog.opened).toBe(true);
    expect(result.current.target).toBe('a');

    act(() => result.current.dialog.onConfirm());
    await waitFor(() => expect(result.current.dialog.opened).toBe(false));
    expect(remove).toHaveBeenCalledWith('a', expect.anything());
    expect(onRemoved).toHaveBeenCalledWith('a');
  });

  it('keeps a refusal on screen until closed, and forgets it then', async () => {
    const { result, onRemoved } = renderRemoval(() => Promise.reject(new Error('in use')));
    act(() => result.current.ask('a'));
    act(() => result.current.dialog.onConfirm());
    await waitFor(() => expect(result.current.dialog.error).toBe('no: in use'));
    expect(result.current.dialog.opened).toBe(true);
    expect(onRemoved).not.toHaveBeenCalled();

    act(() => result.current.dialog.onClose());
    expect(result.current.dialog.opened).toBe(false);
    act(() => result.current.ask('b'));
    expect(result.current.dialog.error).toBeNull();
  });
});
