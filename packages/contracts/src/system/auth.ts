import { z } from 'zod';
import { PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from '../constants';
import { endpoint } from '../endpoint';
import { DateTime, OkEmpty, okOf } from '../http';

/** Sign-in form and call (spec 5: username 3-10, password 6-15, with its messages). */
export const LoginBody = z.object({
  username: z
    .string({ message: 'login.username.required' })
    .trim()
    .min(1, { message: 'login.username.required' })
    .min(USERNAME_MIN, { message: 'login.username.length' })
    .max(USERNAME_MAX, { message: 'login.username.length' })
    .describe('sign-in name'),
  password: z
    .string({ message: 'login.password.required' })
    .min(1, { message: 'login.password.required' })
    .min(PASSWORD_MIN, { message: 'login.password.length' })
    .max(PASSWORD_MAX, { message: 'login.password.length' }),
  code: z.string().max(16).optional().describe('captcha answer'),
  uuid: z.string().max(64).optional().describe('captcha id from /captchaImage'),
});
export type LoginBody = z.infer<typeof LoginBody>;

export const LoginResult = z.object({ code: z.number(), msg: z.string(), token: z.string() });

export const CaptchaResult = z.object({
  code: z.number(),
  msg: z.string(),
  captchaEnabled: z.boolean(),
  uuid: z.string().optional(),
  /** Base64 of a PNG image, without a data: prefix (RuoYi's client shows it as an image data URL). */
  img: z.string().optional(),
});

/** Self registration: the sign-in rules, the password typed twice, and the captcha when it is on. */
export const RegisterBody = z
  .object({
    username: LoginBody.shape.username.describe('sign-in name'),
    password: LoginBody.shape.password,
    confirmPassword: z
      .string({ message: 'register.confirmPassword.required' })
      .min(1, { message: 'register.confirmPassword.required' })
      .max(PASSWORD_MAX, { message: 'register.passwordMismatch' }),
    code: z.string().max(16).optional().describe('captcha answer'),
    uuid: z.string().max(64).optional().describe('captcha id from /captchaImage'),
  })
  .refine((b) => b.password === b.confirmPassword, { message: 'register.passwordMismatch', path: ['confirmPassword'] });
export type RegisterBody = z.infer<typeof RegisterBody>;

export const SessionUser = z.object({
  userId: z.number(),
  userName: z.string(),
  nickName: z.string(),
  avatar: z.string(),
  email: z.string(),
  phonenumber: z.string(),
  sex: z.string(),
  deptId: z.number().nullable(),
  deptName: z.string(),
  /** Free text shown in the personal centre (the spec's "introduction"). */
  remark: z.string(),
  /** The password is older than the configured limit (0 = never): the web asks to change it. */
  pwdChrtype: z.string().optional(),
  /** The rest of RuoYi's SysUser that its client may show of the signed-in user. */
  status: z.string().optional(),
  loginIp: z.string().optional(),
  loginDate: DateTime.optional(),
  pwdUpdateDate: DateTime.optional(),
  createTime: DateTime.optional(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const InfoResult = z.object({
  code: z.number(),
  msg: z.string(),
  user: SessionUser,
  roles: z.array(z.string()),
  permissions: z.array(z.string()),
  /** Someone else chose the password (import, initial password, reset): it must change before anything else. */
  pwdChangeRequired: z.boolean(),
  /** RuoYi's name for pwdChangeRequired: its client asks the user to change the initial password. */
  isDefaultModifyPwd: z.boolean(),
  /** The password is older than sys.account.passwordValidateDays (0 = never): RuoYi's client asks for a new one. */
  isPasswordExpired: z.boolean(),
  /**
   * Where the user's pages are: the reader's portal for a user who only reads outputs (they see
   * nothing of the administration), null for the whole app. Said by the server so the first
   * screen need not carry the job-role tables to work it out.
   */
  home: z.string().nullable(),
});

export interface RouterMeta {
  title: string;
  /** Both titles, so the web can switch language without reloading routes. */
  titles: { zh: string; en: string };
  icon: string;
  noCache: boolean;
  link: string | null;
  affix?: boolean;
  activeMenu?: string;
}

export interface RouterNode {
  name: string;
  path: string;
  hidden: boolean;
  redirect?: string;
  component: string;
  alwaysShow?: boolean;
  query?: string;
  meta: RouterMeta | null;
  children?: RouterNode[];
}

const RouterMetaSchema = z.object({
  title: z.string(),
  titles: z.object({ zh: z.string(), en: z.string() }),
  icon: z.string(),
  noCache: z.boolean(),
  link: z.string().nullable(),
  affix: z.boolean().optional(),
  activeMenu: z.string().optional(),
});

export const RouterNodeSchema: z.ZodType<RouterNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    hidden: z.boolean(),
    redirect: z.string().optional(),
    component: z.string(),
    alwaysShow: z.boolean().optional(),
    query: z.string().optional(),
    meta: RouterMetaSchema.nullable(),
    children: z.array(RouterNodeSchema).optional(),
  }),
);

const tag = 'system/auth';

/**
 * The sign-in API (spec section 7: sign-in and out, captcha, registration, the caller's info and
 * menu): each endpoint's URL, method, access and schemas, for the server's routes and the web's
 * calls.
 */
export const AuthApi = {
  captcha: endpoint({
    method: 'GET',
    url: '/captchaImage',
    access: { public: true },
    summary: 'Get a captcha image for the sign-in form (when captcha is on)',
    tag,
    response: CaptchaResult,
  }),
  login: endpoint({
    method: 'POST',
    url: '/login',
    access: { public: true },
    summary: 'Sign in with user name and password; returns a bearer token',
    tag,
    body: LoginBody,
    response: LoginResult,
  }),
  logout: endpoint({
    method: 'POST',
    url: '/logout',
    access: { public: true },
    summary: 'Sign the current session out',
    tag,
    response: OkEmpty,
  }),
  register: endpoint({
    method: 'POST',
    url: '/register',
    access: { public: true },
    summary: 'Register a new user (when self-registration is on)',
    tag,
    body: RegisterBody,
    response: OkEmpty,
  }),
  info: endpoint({
    method: 'GET',
    url: '/getInfo',
    access: { authenticated: true },
    summary: 'Get the signed-in user with roles and permissions',
    tag,
    response: InfoResult,
  }),
  routers: endpoint({
    method: 'GET',
    url: '/getRouters',
    access: { authenticated: true },
    summary: "Get the signed-in user's menu tree as web routes",
    tag,
    response: okOf(z.array(RouterNodeSchema)),
  }),
};
