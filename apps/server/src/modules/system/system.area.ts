import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';
import { authRoutes } from './auth/auth.routes';
import { configRoutes } from './config/config.routes';
import { deptRoutes } from './dept/dept.routes';
import { dictRoutes } from './dict/dict.routes';
import { informationRoutes } from './information/information.routes';
import { lockScreenRoutes } from './lock-screen/lock-screen.routes';
import { menuRoutes } from './menu/menu.routes';
import { noticeRoutes } from './notice/notice.routes';
import { postRoutes } from './post/post.routes';
import { profileRoutes } from './profile/profile.routes';
import { roleRoutes } from './role/role.routes';
import { ssoRoutes } from './sso/sso.routes';
import { userRoutes } from './user/user.routes';

/** The area's route plugins, in registration order. */
const routes: FastifyPluginAsync[] = [
  authRoutes,
  postRoutes,
  menuRoutes,
  deptRoutes,
  dictRoutes,
  configRoutes,
  noticeRoutes,
  userRoutes,
  roleRoutes,
  profileRoutes,
  informationRoutes,
  ssoRoutes,
  lockScreenRoutes,
];

/** The system area: sign-in, users, roles, menus, departments, posts, dictionaries, settings, notices, profile. */
export const systemArea = fp(
  async (app) => {
    for (const plugin of routes) await app.register(plugin);
  },
  { name: 'system', encapsulate: true },
);
