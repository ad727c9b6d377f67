import { LibraryPerm } from '@ccms/contracts/content/library';
import {
  DataProperty,
  DataPropertyBody,
  DataPropertyUpdate,
  DitavalQuery,
  LibraryScopedQuery,
  LibrarySetting,
  PublishConfig,
  PublishConfigBody,
  PublishConfigUpdate,
  SettingBody,
  SettingQuery,
  SettingUpdate,
} from '@ccms/contracts/content/library-config';
import { IdList, OkEmpty, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { s1000dService } from '../s1000d/s1000d.service';
import { standardOf } from '../standard/registry';
import { libraryConfigService } from './library-config.service';

const log = (businessType: BusinessType) => ({ title: 'library config', businessType });
const Ids = z.object({ ids: IdList });

export const libraryConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const s1000d = s1000dService(app.db, app.content.git, app.content);
  const config = libraryConfigService(app.db, async (auth, libraryId) => {
    const library = await app.content.libraries.forCall(auth, libraryId, 'read');
    if (standardOf(library.libraryType).id !== 's1000d') return null;
    const { attributes } = await s1000d.applicability(auth, { libraryId });
    return new Set(attributes.map((a) => a.id));
  });

  // Variables and filters share one shape and differ by kind and allowed types.
  for (const kind of ['variable', 'filter'] as const) {
    const base = `/ccms/library/${kind}`;
    app.get(
      `${base}/list`,
      {
        config: { permission: LibraryPerm.query },
        schema: {
          summary: `List a library's ${kind}s`,
          tags: ['content/library-config'],
          querystring: SettingQuery,
          response: { 200: okOf(z.array(LibrarySetting)) },
        },
      },
      async (req) => ok(await config.listSettings(caller(req), kind, req.query)),
    );
    app.post(
      base,
      {
        config: { permission: LibraryPerm.edit, log: log(BusinessType.INSERT) },
        schema: { summary: `Add a library ${kind}`, tags: ['content/library-config'], body: SettingBody, response: { 200: OkEmpty } },
      },
      async (req) => {
        await config.addSetting(caller(req), kind, req.body);
        return done();
      },
    );
    app.put(
      base,
      {
        config: { permission: LibraryPerm.edit, log: log(BusinessType.UPDATE) },
        schema: { summary: `Update a library ${kind}`, tags: ['content/library-config'], body: SettingUpdate, response: { 200: OkEmpty } },
      },
      async (req) => {
        await config.editSetting(caller(req), kind, req.body);
        return done();
      },
    );
    app.delete(
      `${base}/:ids`,
      {
        config: { permission: LibraryPerm.edit, log: log(BusinessType.DELETE) },
        schema: { summary: `Delete library ${kind}s`, tags: ['content/library-config'], params: Ids, response: { 200: OkEmpty } },
      },
      async (req) => {
        await config.removeSettings(caller(req), kind, req.params.ids);
        return done();
      },
    );
  }

  app.get(
    '/ccms/library/filter/ditaval',
    {
      config: { permission: LibraryPerm.query },
      schema: {
        summary: 'Download a filter group as a DITAVAL file',
        tags: ['content/library-config'],
        querystring: DitavalQuery,
        response: { 200: z.unknown().describe('a DITAVAL file') },
      },
    },
    async (req, reply) => {
      const xml = await config.ditaval(caller(req), req.query.libraryId, req.query.group);
      const name = encodeURIComponent(`${req.query.group}.ditaval`);
      return reply
        .header('content-type', 'application/xml; charset=utf-8')
        .header('content-disposition', `attachment; filename*=UTF-8''${name}`)
        .header('download-filename', name)
        .send(xml);
    },
  );

  app.get(
    '/ccms/library/dataProperty/list',
    {
      config: { permission: LibraryPerm.query },
      schema: {
        summary: "List a library's data properties",
        tags: ['content/library-config'],
        querystring: LibraryScopedQuery,
        response: { 200: okOf(z.array(DataProperty)) },
      },
    },
    async (req) => ok(await config.listDataProperties(caller(req), req.query.libraryId)),
  );
  app.get(
    '/ccms/library/dataProperty',
    {
      config: { permission: LibraryPerm.query },
      schema: {
        summary: 'Get the data properties of one product in a library',
        tags: ['content/library-config'],
        querystring: LibraryScopedQuery.extend({ product: z.string().trim().min(1).max(100) }),
        response: { 200: okOf(DataProperty) },
      },
    },
    async (req) => ok(await config.dataPropertyOf(caller(req), req.query.libraryId, req.query.product)),
  );
  app.post(
    '/ccms/library/dataProperty',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.INSERT) },
      schema: { summary: 'Add a library data property', tags: ['content/library-config'], body: DataPropertyBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.addDataProperty(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/library/dataProperty',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a library data property', tags: ['content/library-config'], body: DataPropertyUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.editDataProperty(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/library/dataProperty/:ids',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete library data properties', tags: ['content/library-config'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.removeDataProperties(caller(req), req.params.ids);
      return done();
    },
  );

  app.get(
    '/ccms/library/publishConfig/list',
    {
      config: { permission: LibraryPerm.query },
      schema: {
        summary: "List a library's publish configurations",
        tags: ['content/library-config'],
        querystring: LibraryScopedQuery,
        response: { 200: okOf(z.array(PublishConfig)) },
      },
    },
    async (req) => ok(await config.listPublishConfigs(caller(req), req.query.libraryId)),
  );
  app.post(
    '/ccms/library/publishConfig',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.INSERT) },
      schema: { summary: 'Add a library publish configuration', tags: ['content/library-config'], body: PublishConfigBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.addPublishConfig(caller(req), req.body);
      return done();
    },
  );
  app.put(
    '/ccms/library/publishConfig',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update a library publish configuration', tags: ['content/library-config'], body: PublishConfigUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.editPublishConfig(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/library/publishConfig/:ids',
    {
      config: { permission: LibraryPerm.edit, log: log(BusinessType.DELETE) },
      schema: { summary: 'Delete library publish configurations', tags: ['content/library-config'], params: Ids, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.removePublishConfigs(caller(req), req.params.ids);
      return done();
    },
  );
};
