// Changes to the signed-in user's account: profile fields, password, avatar removal.
import type { ChangePasswordRequest, Language, Ok, User } from '@atende/contract';
import { useMutation } from '@tanstack/react-query';
import type { Infer } from '../../lib/contract-types.ts';
import { http } from '../../lib/http.ts';
import { applyLanguage } from '../../lib/i18n.ts';
import { userLanguage } from '../../lib/language.ts';
import { useSessionStore } from '../../lib/session-store.ts';

/** The fields POST /api/user accepts; empty strings clear optional ones. */
export interface ProfileChanges {
  name?: string;
  email?: string;
  instagram?: string;
  timezone?: string;
  language?: Language | null;
  sound_notification?: boolean;
}

const storeUser = async (user: User): Promise<void> => {
  useSessionStore.getState().setUser(user);
  await applyLanguage(userLanguage(user.language));
};

export const useUpdateProfile = () =>
  useMutation({
    mutationFn: (changes: ProfileChanges) => http.post<User>('/user', changes),
    onSuccess: storeUser,
  });

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: ChangePasswordRequest) => http.post<Infer<typeof Ok>>('/user/password', body),
  });

export const useDeleteAvatar = () =>
  useMutation({
    mutationFn: () => http.post<User>('/user/avatar/delete', undefined),
    onSuccess: storeUser,
  });

/** The cropped photo as one multipart file; the server answers the user with the new avatar's URL. */
export const useUploadAvatar = () =>
  useMutation({
    mutationFn: (image: Blob) => {
      const form = new FormData();
      form.append('file', image, 'avatar.jpg');
      return http.post<User>('/user/avatar', form);
    },
    onSuccess: storeUser,
  });
