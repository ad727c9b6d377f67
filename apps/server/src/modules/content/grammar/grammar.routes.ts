import { DoctypePerm } from '@ccms/contracts/content/doctype';
import { Grammar, GrammarInstalled, GrammarInstallFields, GrammarPerm, GrammarQuery, GrammarStatus } from '@ccms/contracts/content/grammar';
import { IdList, OkEmpty, okOf, rowsOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { grammarService } from './grammar.service';

const tags = ['content/grammar'];
const log = (businessType: BusinessType) => ({ title: 'grammar', businessType });

/** The install form's text fields checked like a body: the first problem names its field. */
function installFields(raw: Record<string, string>) {
  const parsed = GrammarInstallFields.safeParse({ name: raw.name || undefined });
  if (!parsed.success) throw badRequest('field.invalidFormat', { field: parsed.error.issues[0]?.path.join('.') || 'name' });
  return parsed.data;
}

export const grammarRoutes: FastifyPluginAsyncZod = async (app) => {
  const grammars = grammarService(app.db, app.storage, app.content.grammars);

  app.get(
    '/ccms/grammar/list',
    {
      config: { permission: GrammarPerm.list },
      schema: { summary: 'List the installed grammar packages by page', tags, querystring: GrammarQuery, response: { 200: rowsOf(Grammar) } },
    },
    async (req) => rows(await grammars.list(req.query)),
  );
  app.get(
    '/ccms/grammar/status',
    {
      config: { permission: [GrammarPerm.list, DoctypePerm.list] },
      schema: {
        summary: "How many DITA grammar packages are installed, and the DITA version of the machine's catalog used without one",
        tags,
        response: { 200: okOf(GrammarStatus) },
      },
    },
    async () => ok(await grammars.status()),
  );
  app.post(
    '/ccms/grammar',
    {
      config: { permission: GrammarPerm.add, log: log(BusinessType.IMPORT) },
      schema: {
        summary:
          'Install a grammar package (multipart: optional "name", the zip as "file"), recognised by what it holds: a DITA DTD folder with an OASIS catalog.xml at its top or one folder down, S1000D schemas (xml_schema_flat, or the flat XSDs at the top) or S1000D default BREX data modules; checked before anything is kept',
        tags,
        response: { 200: okOf(GrammarInstalled) },
      },
    },
    async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: async (raw) => void installFields(raw) });
      const fields = installFields(form.fields);
      const [file] = form.files;
      if (!file || form.files.length > 1) throw badRequest('grammar.noFile', { field: 'file' });
      return ok(await grammars.install(auth, file, fields));
    },
  );
  app.delete(
    '/ccms/grammar/:ids',
    {
      config: { permission: GrammarPerm.remove, log: log(BusinessType.DELETE) },
      schema: {
        summary: 'Delete grammar packages (validation falls back to another package, the machine catalog for DITA)',
        tags,
        params: z.object({ ids: IdList }),
        response: { 200: OkEmpty },
      },
    },
    async (req) => {
      await grammars.remove(req.params.ids);
      return done();
    },
  );
};
