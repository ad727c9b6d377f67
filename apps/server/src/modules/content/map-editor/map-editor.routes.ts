import {
  MapDocument,
  MapEditorPerm,
  MapKeyRef,
  MapPmRefQuery,
  MapPmRefRow,
  MapRef,
  MapResolveBody,
  MapResolveKeysBody,
  MapSaveBody,
  MapSaveResult,
  MapUsage,
  MapUsageQuery,
} from '@ccms/contracts/content/map-editor';
import { EditorTarget } from '@ccms/contracts/content/topic-editor';
import { okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { templateService } from '../template/template.service';
import { topicEditorService } from '../topic-editor/topic-editor.service';
import { mapEditorService } from './map-editor.service';

const tags = ['content/map-editor'];
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
    grammar: app.content.grammar,
  };
  const maps = mapEditorService(deps, topicEditorService(deps), templateService(app.db, app.content.grammar));

  app.get(
    '/ccms/map-editor/open',
    {
      config: { permission: MapEditorPerm.open },
      schema: {
        summary: 'Open a map or bookmap in the map editor: its text at the branch head, the base to save against, the caller’s draft and every href resolved',
        tags,
        querystring: EditorTarget,
        response: { 200: okOf(MapDocument) },
      },
    },
    async (req) => ok(await maps.open(caller(req), req.query)),
  );
  app.post(
    '/ccms/map-editor/resolve',
    {
      config: { permission: MapEditorPerm.open, log: READ_ONLY_LOG },
      schema: {
        summary: 'Titles, status and broken marks of hrefs written in a map (relative to it)',
        tags,
        body: MapResolveBody,
        response: { 200: okOf(z.array(MapRef)) },
      },
    },
    async (req) => ok(await maps.resolve(caller(req), req.body)),
  );
  app.post(
    '/ccms/map-editor/resolve-keys',
    {
      config: { permission: MapEditorPerm.open, log: { skip: 'resolves the posted keyrefs; writes nothing' } },
      schema: {
        summary: 'What @keyrefs written without an href stand for in the branch’s key space: title, target file and broken mark',
        tags,
        body: MapResolveKeysBody,
        response: { 200: okOf(z.array(MapKeyRef)) },
      },
    },
    async (req) => ok(await maps.resolveKeys(caller(req), req.body)),
  );
  app.get(
    '/ccms/map-editor/pm-refs',
    {
      config: { permission: MapEditorPerm.open },
      schema: {
        summary: 'Publication modules of an S1000D library to reference from a PM (pmRef), by PMC, title or path, with their pmCode, issueInfo and language',
        tags,
        querystring: MapPmRefQuery,
        response: { 200: okOf(z.array(MapPmRefRow)) },
      },
    },
    async (req) => ok(await maps.pmRefs(caller(req), req.query)),
  );
  app.get(
    '/ccms/map-editor/usage',
    {
      config: { permission: MapEditorPerm.open },
      schema: {
        summary: 'The other maps of the branch that use a file (a file in use is not deleted)',
        tags,
        querystring: MapUsageQuery,
        response: { 200: okOf(MapUsage) },
      },
    },
    async (req) => ok(await maps.usage(caller(req), req.query)),
  );
  app.put(
    '/ccms/map-editor/save',
    {
      config: { permission: MapEditorPerm.edit, log: { title: 'map-editor', businessType: BusinessType.UPDATE } },
      schema: {
        summary:
          'Save a map as one commit by the caller, with the topics it creates from templates and the files it deletes: validated, merged three-way with changes made since its base (409 when they overlap)',
        tags,
        body: MapSaveBody,
        response: { 200: okOf(MapSaveResult) },
      },
    },
    async (req) => ok(await maps.save(caller(req), req.body, req.lang)),
  );
};
