import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty } from '../http';
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

const tag = 'system/profile';

/**
 * The signed-in user's own record API (RuoYi's SysProfileController) and the avatar files it
 * points to: each endpoint's URL, method, access and schemas, for the server's routes and the
 * web's calls.
 */
export const ProfileApi = {
  get: endpoint({
    method: 'GET',
    url: '/system/user/profile',
    access: { authenticated: true },
    summary: "Get the caller's own profile",
    tag,
    response: ProfileResult,
  }),
  update: endpoint({
    method: 'PUT',
    url: '/system/user/profile',
    access: { authenticated: true },
    summary: "Update the caller's own profile",
    tag,
    body: ProfileBody,
    response: OkEmpty,
  }),
  updatePwd: endpoint({
    method: 'PUT',
    url: '/system/user/profile/updatePwd',
    access: { authenticated: true },
    summary: "Change the caller's own password",
    tag,
    body: UpdatePwdBody,
    response: OkEmpty,
  }),
  avatar: endpoint({
    method: 'POST',
    url: '/system/user/profile/avatar',
    access: { authenticated: true },
    summary: "Upload the caller's avatar image (multipart)",
    tag,
    response: AvatarResult,
  }),
  avatarFile: endpoint({
    method: 'GET',
    url: '/profile/avatar/*',
    access: { public: true },
    summary: 'Serve an avatar image by its stored path',
    tag,
    params: z.object({ '*': z.string().max(200) }),
    response: z.unknown().describe('a png or jpeg image'),
  }),
};
