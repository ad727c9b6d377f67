import type { AvatarResult, ProfileBody, ProfileResult, UpdatePwdBody } from '@ccms/contracts/system/profile';
import type { z } from 'zod';
import { type ApiEnvelope, byUrl } from '../../../api/client';

export type Profile = z.infer<typeof ProfileResult>;

/** The signed-in user's own record (server: modules/system/profile). */
export const profileApi = {
  get: () => byUrl.get<Profile>('/system/user/profile'),
  update: (body: ProfileBody) => byUrl.put<ApiEnvelope>('/system/user/profile', body),
  updatePassword: (body: UpdatePwdBody) => byUrl.put<ApiEnvelope>('/system/user/profile/updatePwd', body),
  uploadAvatar: (file: Blob, name = 'avatar.png') => {
    const form = new FormData();
    form.append('avatarfile', file, name);
    return byUrl.post<z.infer<typeof AvatarResult>>('/system/user/profile/avatar', form, { headers: { 'Content-Type': 'multipart/form-data' } });
  },
};
