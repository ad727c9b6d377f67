import type { FastifyPluginAsync } from 'fastify';
import { commonRoutes } from './common/common.routes';
import { explorerRoutes } from './content/explorer/explorer.routes';
import { libraryRoutes } from './content/library/library.routes';
import { libraryConfigRoutes } from './content/library-config/library-config.routes';
import { libraryPermissionRoutes } from './content/library-permission/library-permission.routes';
import { productRoutes } from './content/product/product.routes';
import { cacheRoutes } from './monitor/cache/cache.routes';
import { jobRoutes } from './monitor/job/job.routes';
import { jobLogRoutes } from './monitor/job/job-log.routes';
import { loginInfoRoutes } from './monitor/logininfor/logininfor.routes';
import { onlineRoutes } from './monitor/online/online.routes';
import { operLogRoutes } from './monitor/operlog/operlog.routes';
import { serverRoutes } from './monitor/server/server.routes';
import { authRoutes } from './system/auth/auth.routes';
import { configRoutes } from './system/config/config.routes';
import { deptRoutes } from './system/dept/dept.routes';
import { dictRoutes } from './system/dict/dict.routes';
import { menuRoutes } from './system/menu/menu.routes';
import { noticeRoutes } from './system/notice/notice.routes';
import { postRoutes } from './system/post/post.routes';
import { profileRoutes } from './system/profile/profile.routes';
import { roleRoutes } from './system/role/role.routes';
import { userRoutes } from './system/user/user.routes';

/** Every module's routes, mounted under /prod-api. Add a module here and nowhere else. */
export const modules: FastifyPluginAsync[] = [
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
  onlineRoutes,
  operLogRoutes,
  loginInfoRoutes,
  jobRoutes,
  jobLogRoutes,
  serverRoutes,
  cacheRoutes,
  commonRoutes,
  libraryRoutes,
  explorerRoutes,
  libraryPermissionRoutes,
  libraryConfigRoutes,
  productRoutes,
];
