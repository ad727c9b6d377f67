import { ProfileApi, type ProfileBody, type ProfileResult, type UpdatePwdBody } from '@ccms/contracts/system/profile';
import type { z } from 'zod';
import { api } from '../../../api/client';

export type Profile = z.infer<typeof ProfileResult>;

/** The signed-in user's own record (server: modules/system/profile). */
export const profileApi = {
  get: () => api.call(ProfileApi.get),
  update: (body: ProfileBody) => api.call(ProfileApi.update, { body }),
  updatePassword: (body: UpdatePwdBody) => api.call(ProfileApi.updatePwd, { body }),
  uploadAvatar: (file: Blob, name = 'avatar.png') => {
    const form = new FormData();
    form.append('avatarfile', file, name);
    return api.call(ProfileApi.avatar, { body: form }, { headers: { 'Content-Type': 'multipart/form-data' } });
  },
};
