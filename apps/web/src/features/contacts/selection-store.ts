// The contacts a supervisor selected in the list for a bulk action (issue 20, item 2): client-only state.
import { create } from 'zustand';

interface SelectionState {
  ids: ReadonlySet<string>;
  toggle(id: string): void;
  clear(): void;
}

export const useSelection = create<SelectionState>()((set) => ({
  ids: new Set(),
  toggle: (id) =>
    set(({ ids }) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return { ids: next };
    }),
  clear: () => set({ ids: new Set() }),
}));
