import type { FastifyPluginAsync } from 'fastify';
import { commonRoutes } from './common/common.routes';
import { catalogRoutes } from './content/catalog/catalog.routes';
import { documentRoutes } from './content/document/document.routes';
import { explorerRoutes } from './content/explorer/explorer.routes';
import { abbreviationRoutes, termRoutes } from './content/glossary/glossary.routes';
import { graphicRoutes } from './content/graphic/graphic.routes';
import { libraryRoutes } from './content/library/library.routes';
import { libraryConfigRoutes } from './content/library-config/library-config.routes';
import { libraryPermissionRoutes } from './content/library-permission/library-permission.routes';
import { productRoutes } from './content/product/product.routes';
import { searchRoutes } from './content/search/search.routes';
import { tagRoutes } from './content/tag/tag.routes';
import { topicRoutes } from './content/topic/topic.routes';
import { videoRoutes } from './content/video/video.routes';
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
import { dashboardRoutes } from './work/dashboard/dashboard.routes';
import { planRoutes } from './work/plan/plan.routes';
import { projectRoutes } from './work/project/project.routes';
import { projectCategoryRoutes } from './work/project-category/project-category.routes';
import { projectConfigRoutes } from './work/project-config/project-config.routes';
import { releaseRoutes } from './work/release/release.routes';
import { releaseLogRoutes } from './work/release-log/release-log.routes';
import { taskRoutes } from './work/task/task.routes';
import { workItemRoutes } from './work/work-item/work-item.routes';

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
  catalogRoutes,
  documentRoutes,
  topicRoutes,
  searchRoutes,
  graphicRoutes,
  videoRoutes,
  abbreviationRoutes,
  termRoutes,
  tagRoutes,
  workItemRoutes,
  releaseLogRoutes,
  dashboardRoutes,
  projectRoutes,
  projectCategoryRoutes,
  projectConfigRoutes,
  releaseRoutes,
  planRoutes,
  taskRoutes,
];
