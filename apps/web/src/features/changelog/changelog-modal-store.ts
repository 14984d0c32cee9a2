// Whether the changelog modal is open: the sidebar entry and the user menu open the one modal the shell renders.
import { create } from 'zustand';

interface ChangelogModalState {
  opened: boolean;
  open: () => void;
  close: () => void;
}

export const useChangelogModal = create<ChangelogModalState>()((set) => ({
  opened: false,
  open: () => set({ opened: true }),
  close: () => set({ opened: false }),
}));
