// The signed-in user's avatar address is renewed a little before it expires, never when far from it.
import { act, renderHook, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../lib/session-store.ts';
import { demoUser, stubApi } from '../../test/fixtures.ts';
import { useFreshAvatar } from './use-fresh-avatar.ts';

const avatarExpiringIn = (ms: number, tag: string) =>
  `/api/user/avatar/file?v=${tag}&exp=${Math.floor((Date.now() + ms) / 1000)}&sig=x`;

beforeEach(() => {
  useSessionStore.setState({ user: demoUser(), token: 'token' });
});

describe('useFreshAvatar', () => {
  it('reads the account again when the avatar address is about to expire, and keeps the fresh one', async () => {
    const fresh = avatarExpiringIn(4 * 3_600_000, 'fresh');
    const { calls } = stubApi({ 'GET /user': { body: demoUser({ avatar: fresh }) } });
    const old = avatarExpiringIn(60_000, 'old');
    useSessionStore.setState({ user: demoUser({ avatar: old }) });
    renderHook(() => useFreshAvatar(useSessionStore.getState().user?.avatar));
    await waitFor(() => expect(useSessionStore.getState().user?.avatar).toBe(fresh));
    expect(calls.filter((call) => call.path === '/user')).toHaveLength(1);
  });

  it('asks nothing for an address far from expiry, or no avatar', async () => {
    const { calls } = stubApi({});
    renderHook(() => useFreshAvatar(avatarExpiringIn(3 * 3_600_000, 'far')));
    renderHook(() => useFreshAvatar(null));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(calls).toHaveLength(0);
  });
});
