import type { AvatarResult, ProfileBody, ProfileResult, UpdatePwdBody } from '@ccms/contracts/system/profile';
import type { z } from 'zod';
import { type ApiEnvelope, api } from '../../../api/client';

export type Profile = z.infer<typeof ProfileResult>;

/** The signed-in user's own record (server: modules/system/profile). */
export const profileApi = {
  get: () => api.get<Profile>('/system/user/profile'),
  update: (body: ProfileBody) => api.put<ApiEnvelope>('/system/user/profile', body),
  updatePassword: (body: UpdatePwdBody) => api.put<ApiEnvelope>('/system/user/profile/updatePwd', body),
  uploadAvatar: (file: Blob, name = 'avatar.png') => {
    const form = new FormData();
    form.append('avatarfile', file, name);
    return api.post<z.infer<typeof AvatarResult>>('/system/user/profile/avatar', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  },
};
