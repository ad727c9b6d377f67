import { z } from 'zod';
import { Email, NickName, Password, Phone, Sex, User } from './user';

/** The signed-in user's own record with role and post names, like RuoYi's profile page. */
export const ProfileResult = z.object({
  code: z.number(),
  msg: z.string(),
  data: User,
  /** Role names, comma separated. */
  roleGroup: z.string(),
  /** Post names, comma separated. */
  postGroup: z.string(),
});

export const ProfileBody = z.object({
  nickName: NickName,
  email: Email.default(''),
  phonenumber: Phone.default(''),
  sex: Sex.default('2').describe("'0' male, '1' female, '2' unknown"),
});
export type ProfileBody = z.infer<typeof ProfileBody>;

export const UpdatePwdBody = z.object({
  oldPassword: z.string().min(1).max(100),
  newPassword: Password,
});
export type UpdatePwdBody = z.infer<typeof UpdatePwdBody>;

/** Image types an avatar may be, and its size limit. */
export const AVATAR_TYPES = ['png', 'jpg', 'jpeg'] as const;
export const AVATAR_MAX_MB = 5;

export const AvatarResult = z.object({
  code: z.number(),
  msg: z.string(),
  imgUrl: z.string().describe('path under the API base, e.g. /profile/avatar/1/x.png'),
});
