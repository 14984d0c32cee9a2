// Pausing and resuming (POST /api/pause): the answer is the user's pause, stored on the signed-in user so the
// sidebar shows it at once; the realtime `pause.changed` keeps the user's other tabs in step (use-pause-sync).
import type { UserPause } from '@atende/contract';
import { useMutation } from '@tanstack/react-query';
import { http } from '../../lib/http.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** Puts `pause` on the signed-in user, if it is still `userId`. */
export function storePause(userId: string, pause: UserPause): void {
  const { user, setUser } = useSessionStore.getState();
  if (user?.id === userId) setUser({ ...user, pause });
}

/** Pauses with a reason (the pause window shows a refusal itself), or resumes with null (a toast). */
export const usePauseMutation = () =>
  useMutation({
    mutationFn: (reasonId: string | null) =>
      http.post<UserPause>('/pause', { reason_id: reasonId }, { notify: reasonId === null }),
    onSuccess: (pause) => {
      const user = useSessionStore.getState().user;
      if (user) storePause(user.id, pause);
    },
  });
