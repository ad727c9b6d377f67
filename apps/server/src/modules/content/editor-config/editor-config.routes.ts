import {
  DefaultEditor,
  DefaultEditorBody,
  EditorConfigPerm,
  EditorLink,
  EditorLinkBody,
  EditorLinkOption,
  EditorLinkQuery,
  EditorLinkUpdate,
  EditorResolution,
  EditorResolveQuery,
  FileSuffixList,
} from '@ccms/contracts/content/editor-config';
import { IdList, IdParam, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { BusinessType } from '../../../platform/types';
import { editorConfigService } from './editor-config.service';

const tags = ['content/editor-config'];
const log = (businessType: BusinessType) => ({ title: 'editorConfig', businessType });

export const editorConfigRoutes: FastifyPluginAsyncZod = async (app) => {
  const config = editorConfigService(app.db, app.content.libraries);

  app.get(
    '/ccms/editorConfig/link/list',
    {
      config: { permission: EditorConfigPerm.list },
      schema: { summary: 'List editor links by page', tags, querystring: EditorLinkQuery, response: { 200: rowsOf(EditorLink) } },
    },
    async (req) => rows(await config.listLinks(req.query)),
  );
  app.get(
    '/ccms/editorConfig/link/optionselect',
    {
      config: { permission: [EditorConfigPerm.list, EditorConfigPerm.query] },
      schema: { summary: 'List the enabled editor links, for pickers', tags, response: { 200: okOf(z.array(EditorLinkOption)) } },
    },
    async () => ok(await config.linkOptions()),
  );
  app.get(
    '/ccms/editorConfig/link/:id',
    { config: { permission: EditorConfigPerm.query }, schema: { summary: 'Get an editor link', tags, params: IdParam, response: { 200: okOf(EditorLink) } } },
    async (req) => ok(await config.getLink(req.params.id)),
  );
  app.post(
    '/ccms/editorConfig/link',
    {
      config: { permission: EditorConfigPerm.add, log: log(BusinessType.INSERT) },
      schema: { summary: 'Create an editor link', tags, body: EditorLinkBody, response: { 200: okOf(z.object({ linkId: z.number() })) } },
    },
    async (req) => ok(await config.createLink(caller(req), req.body)),
  );
  app.put(
    '/ccms/editorConfig/link',
    {
      config: { permission: EditorConfigPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Update an editor link', tags, body: EditorLinkUpdate, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.updateLink(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/editorConfig/link/:ids',
    {
      config: { permission: EditorConfigPerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Delete editor links (their suffixes fall back to the document type’s editor)',
        tags,
        params: z.object({ ids: IdList }),
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await config.removeLinks(req.params.ids);
      return done();
    },
  );
  app.get(
    '/ccms/editorConfig/default/list',
    {
      config: { permission: EditorConfigPerm.list },
      schema: { summary: 'List the default editor of each file suffix', tags, response: { 200: okOf(z.array(DefaultEditor)) } },
    },
    async () => ok(await config.listDefaults()),
  );
  app.put(
    '/ccms/editorConfig/default',
    {
      config: { permission: EditorConfigPerm.edit, log: log(BusinessType.UPDATE) },
      schema: { summary: 'Set the editor a file suffix opens in', tags, body: DefaultEditorBody, response: { 200: OkEmpty } },
    },
    async (req) => {
      await config.setDefault(caller(req), req.body);
      return done();
    },
  );
  app.delete(
    '/ccms/editorConfig/default/:suffixes',
    {
      config: { permission: EditorConfigPerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Remove default editors (the suffixes open in their document type’s editor)',
        tags,
        params: z.object({ suffixes: FileSuffixList }),
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await config.removeDefaults(req.params.suffixes);
      return done();
    },
  );
  app.get(
    '/ccms/editorConfig/resolve',
    {
      config: { authenticated: true },
      schema: {
        summary: 'How a file opens for the caller: a built-in editor or an editor link’s URL',
        tags,
        querystring: EditorResolveQuery,
        response: { 200: okOf(EditorResolution) },
      },
    },
    async (req) => ok(await config.resolve(caller(req), req.query, { origin: `${req.protocol}://${req.host}`, lang: req.lang })),
  );
};
