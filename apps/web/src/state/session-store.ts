import { DEFAULT_ROLE } from '@ccms/contracts/constants';
import { create } from 'zustand';
import { authApi, type UserInfo } from '../api/auth';
import { resourceUrl } from '../api/client';
import { getToken, removeToken, setToken } from '../api/token';
import defaultAvatar from '../assets/default-avatar.svg';

export interface LoginForm {
  username: string;
  password: string;
  code?: string | undefined;
  uuid?: string | undefined;
}

/** The signed-in user (spec section 3, session user). */
export interface SessionState {
  token: string;
  userId: number | null;
  /** The user name used to sign in. */
  name: string;
  nickName: string;
  avatar: string;
  introduction: string;
  roles: string[];
  permissions: string[];
  /** Where the user's pages are (the server says): the portal for a reader, null for the whole app. */
  home: string | null;
  login(form: LoginForm): Promise<void>;
  getInfo(): Promise<UserInfo>;
  logout(): Promise<void>;
  /** Forgets the session locally (no call). */
  resetToken(): void;
  setAvatar(path: string): void;
}

/** A missing avatar shows the default image; a stored one is served under the API base. */
export const avatarUrl = (path: string | null | undefined) => (path ? resourceUrl(path) : defaultAvatar);

const signedOut = { token: '', userId: null, name: '', nickName: '', avatar: '', introduction: '', roles: [], permissions: [], home: null };

export const useSession = create<SessionState>()((set) => ({
  ...signedOut,
  token: getToken() ?? '',

  async login(form) {
    const res = await authApi.login({ username: form.username.trim(), password: form.password, code: form.code, uuid: form.uuid });
    setToken(res.token);
    set({ token: res.token });
  },

  async getInfo() {
    const res = await authApi.getInfo();
    const user = res.user;
    set({
      userId: user.userId,
      name: user.userName,
      nickName: user.nickName,
      avatar: avatarUrl(user.avatar),
      introduction: user.remark,
      // No roles assigned gives ROLE_DEFAULT (spec section 4).
      roles: res.roles.length > 0 ? res.roles : [DEFAULT_ROLE],
      permissions: res.roles.length > 0 ? res.permissions : [],
      home: res.home,
    });
    return res;
  },

  async logout() {
    try {
      await authApi.logout();
    } finally {
      removeToken();
      set({ ...signedOut });
    }
  },

  resetToken() {
    removeToken();
    set({ ...signedOut });
  },

  setAvatar(path) {
    set({ avatar: avatarUrl(path) });
  },
}));
