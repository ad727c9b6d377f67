import { MapEditorApi } from '@ccms/contracts/content/map-editor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { routeOf } from '../../../platform/http/endpoint-route';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { templateService } from '../template/template.service';
import { topicEditorService } from '../topic-editor/topic-editor.service';
import { mapEditorService } from './map-editor.service';

const READ_ONLY_LOG = { skip: 'resolves the posted hrefs; writes nothing' };

/**
 * The map editor's server: open a map with its hrefs resolved, save it (with new topics and
 * deleted files) as one commit. Drafts and presence are the topic editor's (/ccms/topic-editor/draft,
 * /ccms/topic-editor/presence), which take maps as well.
 */
export const mapEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = {
    db: app.db,
    git: app.content.git,
    libraries: app.content.libraries,
    runtime: app.content,
    tickets: mediaAccess(app).tickets,
    ditaCheck: app.content.ditaCheck,
    standardCheck: app.content.standardCheck,
    describeTopic: app.content.describeTopic,
  };
  const maps = mapEditorService(deps, topicEditorService(deps), templateService(app.db, app.content.grammar));

  app.route({ ...routeOf(MapEditorApi.open), handler: async (req) => ok(await maps.open(caller(req), req.query)) });
  app.route({ ...routeOf(MapEditorApi.resolve, { log: READ_ONLY_LOG }), handler: async (req) => ok(await maps.resolve(caller(req), req.body)) });
  app.route({
    ...routeOf(MapEditorApi.resolveKeys, { log: { skip: 'resolves the posted keyrefs; writes nothing' } }),
    handler: async (req) => ok(await maps.resolveKeys(caller(req), req.body)),
  });
  app.route({ ...routeOf(MapEditorApi.pmRefs), handler: async (req) => ok(await maps.pmRefs(caller(req), req.query)) });
  app.route({ ...routeOf(MapEditorApi.usage), handler: async (req) => ok(await maps.usage(caller(req), req.query)) });
  app.route({
    ...routeOf(MapEditorApi.save, { log: { title: 'map-editor', businessType: BusinessType.UPDATE } }),
    handler: async (req) => ok(await maps.save(caller(req), req.body, req.lang)),
  });
};
