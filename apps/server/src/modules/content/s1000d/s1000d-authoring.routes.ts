import { S1000dAuthoringApi } from '@ccms/contracts/content/s1000d-authoring';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { s1000dAuthoringService } from './s1000d-authoring.service';

const log = (businessType: BusinessType) => ({ log: { title: 's1000d', businessType } });

/** S1000D authoring: the DMC builder's options, new modules, the issue cycle, change marks, issues and their comparison. */
export const s1000dAuthoringRoutes: FastifyPluginAsyncZod = async (app) => {
  const authoring = s1000dAuthoringService(app.db, app.content.git, app.content, () => app.content.grammars.s1000d());

  app.route({ ...routeOf(S1000dAuthoringApi.dmcOptions), handler: async (req) => ok(await authoring.options(caller(req), req.query)) });
  app.route({
    ...routeOf(S1000dAuthoringApi.newModule, log(BusinessType.INSERT)),
    handler: async (req) => ok(await authoring.create(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(S1000dAuthoringApi.newPm, log(BusinessType.INSERT)),
    handler: async (req) => ok(await authoring.createPm(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(S1000dAuthoringApi.addDmrlEntry, log(BusinessType.INSERT)),
    handler: async (req) => ok(await authoring.addDmrlEntry(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(S1000dAuthoringApi.inWork, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await authoring.inWork(caller(req), req.body, req.lang)),
  });
  app.route({
    ...routeOf(S1000dAuthoringApi.issue, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await authoring.issue(caller(req), req.body, req.lang)),
  });
  app.route({ ...routeOf(S1000dAuthoringApi.issues), handler: async (req) => ok(await authoring.issues(caller(req), req.query)) });
  app.route({ ...routeOf(S1000dAuthoringApi.changeMarks), handler: async (req) => ok(await authoring.changeMarks(caller(req), req.query)) });
  app.route({ ...routeOf(S1000dAuthoringApi.compareIssues), handler: async (req) => ok(await authoring.compare(caller(req), req.query)) });
  app.route({ ...routeOf(S1000dAuthoringApi.settings), handler: async (req) => ok(await authoring.settings(caller(req), req.query.libraryId)) });
  app.route({
    ...routeOf(S1000dAuthoringApi.saveSettings, log(BusinessType.UPDATE)),
    handler: async (req) => ok(await authoring.saveSettings(caller(req), req.body)),
  });
};
