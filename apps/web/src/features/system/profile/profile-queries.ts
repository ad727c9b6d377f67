import type { ProfileBody, UpdatePwdBody } from '@ccms/contracts/system/profile';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../../state/session-store';
import { profileApi } from './profile-api';

/** The signed-in user's own record (see shared/form/README.md); one key, no list. */
export const profileKeys = { all: ['system', 'profile'] as const };

export const profileQueries = {
  detail: () => ({ queryKey: profileKeys.all, queryFn: profileApi.get }),
};

export const useProfile = () => useQuery(profileQueries.detail());

/** Saves the basic information; the profile and the session's name read again. */
export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ProfileBody) => profileApi.update(body),
    onSuccess: () => {
      useSession.getState().getInfo();
      return client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}

export const useUpdatePassword = () => useMutation({ mutationFn: (body: UpdatePwdBody) => profileApi.updatePassword(body) });

/** Uploads a cropped avatar; the session shows it at once. */
export function useUploadAvatar() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (blob: Blob) => profileApi.uploadAvatar(blob),
    onSuccess: (res) => {
      useSession.getState().setAvatar(res.imgUrl);
      return client.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
