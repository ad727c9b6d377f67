import { TopicEditorApi, TopicEditorPerm } from '@ccms/contracts/content/topic-editor';
import { TopicEditorPickerApi } from '@ccms/contracts/content/topic-editor-pickers';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
import { routeOf } from '../../../platform/http/endpoint-route';
import { done, ok } from '../../../platform/http/envelope';
import { openEventStream } from '../../../platform/http/sse';
import { BusinessType } from '../../../platform/types';
import { templateService } from '../template/template.service';
import { editorPickers } from './editor-pickers';
import { editorPresence } from './editor-presence';
import { editorPreview } from './editor-preview';
import { newTopicService } from './new-topic';
import { s1000dEditorGrammar } from './s1000d-grammar';
import { s1000dPickers } from './s1000d-pickers';
import { topicEditorService } from './topic-editor.service';

const log = (businessType: BusinessType) => ({ log: { title: 'topic-editor', businessType } });
const DRAFT_LOG = { skip: 'keeps an unsaved draft for its author; commits nothing' };
const READ_ONLY_LOG = { skip: 'checks or renders the posted content; writes nothing' };

export const topicEditorRoutes: FastifyPluginAsyncZod = async (app) => {
  const media = mediaAccess(app);
  const deps = {
    db: app.db,
    git: app.content.git,
    libraries: app.content.libraries,
    runtime: app.content,
    tickets: media.tickets,
    ditaCheck: app.content.ditaCheck,
    standardCheck: app.content.standardCheck,
    describeTopic: app.content.describeTopic,
  };
  const editor = topicEditorService(deps);
  const creator = newTopicService(deps, editor, templateService(app.db, app.content.grammar));
  const pickers = editorPickers(app.db, app.content);
  const preview = editorPreview(app.db, app.content.git, editor, app.content.grammar, app.content.threads);
  const presence = editorPresence(app.db);
  const s1000dGrammar = s1000dEditorGrammar(editor, app.content.grammars);
  const dmRefs = s1000dPickers(app.db, app.content);
  app.addHook('onClose', async () => presence.closeAll());

  app.route({ ...routeOf(TopicEditorApi.open), handler: async (req) => ok(await editor.open(caller(req), req.query)) });
  app.route({ ...routeOf(TopicEditorApi.save, log(BusinessType.UPDATE)), handler: async (req) => ok(await editor.save(caller(req), req.body, req.lang)) });
  app.route({
    ...routeOf(TopicEditorApi.validate, { log: READ_ONLY_LOG }),
    handler: async (req) => ok(await editor.validate(caller(req), req.body, req.lang)),
  });
  app.route({ ...routeOf(TopicEditorApi.preview, { log: READ_ONLY_LOG }), handler: async (req) => ok(await preview.render(caller(req), req.body, req.lang)) });
  app.route({ ...routeOf(TopicEditorApi.putDraft, { log: DRAFT_LOG }), handler: async (req) => ok(await editor.putDraft(caller(req), req.body)) });
  app.route({
    ...routeOf(TopicEditorApi.dropDraft, { log: DRAFT_LOG }),
    handler: async (req) => {
      await editor.dropDraft(caller(req), req.body);
      return done();
    },
  });
  app.route({
    ...routeOf(TopicEditorApi.newTopic, log(BusinessType.INSERT)),
    handler: async (req) => ok(await creator.create(caller(req), req.body, req.lang)),
  });
  app.route({ ...routeOf(TopicEditorPickerApi.targets), handler: async (req) => ok(await pickers.targets(caller(req), req.query)) });
  app.route({ ...routeOf(TopicEditorPickerApi.dmRefs), handler: async (req) => ok(await dmRefs.dmRefs(caller(req), req.query)) });
  app.route({ ...routeOf(TopicEditorPickerApi.cirItems), handler: async (req) => ok(await dmRefs.cirItems(caller(req), req.query)) });
  app.route({ ...routeOf(TopicEditorPickerApi.grammar), handler: async (req) => ok(await s1000dGrammar.grammar(caller(req), req.query)) });
  app.route({ ...routeOf(TopicEditorPickerApi.keys), handler: async (req) => ok(await pickers.keys(caller(req), req.query)) });

  // Public to the guard because EventSource sends no bearer token: the handler takes the token
  // or the ticket of the open answer, then checks ccms:topic:query and the library's read level.
  app.route({
    ...routeOf(TopicEditorApi.presence),
    handler: async (req, reply) => {
      const auth = await media.callerOf(req, req.query, TopicEditorPerm.open);
      const file = await editor.fileOf(auth, req.query, 'read');
      await presence.serve(auth, { libraryId: file.libraryId, branch: file.branch, path: file.path }, openEventStream(reply, 'presence'));
    },
  });
};
