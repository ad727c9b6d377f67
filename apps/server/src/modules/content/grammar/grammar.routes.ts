import { GrammarApi, GrammarInstallFields } from '@ccms/contracts/content/grammar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok, rows } from '../../../platform/http/envelope';
import { badRequest } from '../../../platform/http/errors';
import { readForm } from '../../../platform/http/multipart-form';
import { BusinessType } from '../../../platform/types';
import { grammarService } from './grammar.service';

const log = (businessType: BusinessType) => ({ log: { title: 'grammar', businessType } });

/** The install form's text fields checked like a body: the first problem names its field. */
function installFields(raw: Record<string, string>) {
  const parsed = GrammarInstallFields.safeParse({ name: raw.name || undefined });
  if (!parsed.success) throw badRequest('field.invalidFormat', { field: parsed.error.issues[0]?.path.join('.') || 'name' });
  return parsed.data;
}

export const grammarRoutes: FastifyPluginAsyncZod = async (app) => {
  const grammars = grammarService(app.db, app.storage, app.content.grammars);

  app.route({ ...routeOf(GrammarApi.list), handler: async (req) => rows(await grammars.list(req.query)) });
  app.route({ ...routeOf(GrammarApi.status), handler: async () => ok(await grammars.status()) });
  app.route({
    ...routeOf(GrammarApi.install, log(BusinessType.IMPORT)),
    handler: async (req) => {
      const auth = caller(req);
      const form = await readForm(req, { beforeFiles: async (raw) => void installFields(raw) });
      const fields = installFields(form.fields);
      const [file] = form.files;
      if (!file || form.files.length > 1) throw badRequest('grammar.noFile', { field: 'file' });
      return ok(await grammars.install(auth, file, fields));
    },
  });
  app.route({
    ...routeOf(GrammarApi.remove, log(BusinessType.DELETE)),
    handler: async (req) => {
      await grammars.remove(req.params.ids);
      return done();
    },
  });
};
