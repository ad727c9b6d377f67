import {
  EditorCirQuery,
  EditorCirRow,
  EditorDmRefQuery,
  EditorDmRefRow,
  EditorDocument,
  EditorDraft,
  EditorDraftBody,
  EditorGrammar,
  EditorKeyRow,
  EditorKeysQuery,
  EditorNewBody,
  EditorNewResult,
  EditorPresenceQuery,
  EditorPreview,
  EditorPreviewBody,
  EditorSaveBody,
  EditorSaveResult,
  EditorTarget,
  EditorTargetRow,
  EditorTargetsQuery,
  EditorValidateBody,
  EditorValidateResult,
  TopicEditorPerm,
} from '@ccms/contracts/content/topic-editor';
import { OkEmpty, okOf } from '@ccms/contracts/http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { caller } from '../../../platform/auth/guard';
import { mediaAccess } from '../../../platform/auth/media-access';
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

const tags = ['content/topic-editor'];
const log = (businessType: BusinessType) => ({ title: 'topic-editor', businessType });
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
    grammar: app.content.grammar,
  };
  const editor = topicEditorService(deps);
  const creator = newTopicService(deps, editor, templateService(app.db, app.content.grammar));
  const pickers = editorPickers(app.db, app.content);
  const preview = editorPreview(app.db, app.content.git, editor, app.content.grammar);
  const presence = editorPresence(app.db);
  const s1000dGrammar = s1000dEditorGrammar(editor, app.content.grammars);
  const dmRefs = s1000dPickers(app.db, app.content);
  app.addHook('onClose', async () => presence.closeAll());

  app.get(
    '/ccms/topic-editor/open',
    {
      config: { permission: TopicEditorPerm.open },
      schema: {
        summary: 'Open a topic in the editor: its text at the branch head, the base to save against, and the caller’s draft',
        tags,
        querystring: EditorTarget,
        response: { 200: okOf(EditorDocument) },
      },
    },
    async (req) => ok(await editor.open(caller(req), req.query)),
  );
  app.put(
    '/ccms/topic-editor/save',
    {
      config: { permission: TopicEditorPerm.edit, log: log(BusinessType.UPDATE) },
      schema: {
        summary: 'Save a topic as one commit by the caller: validated, merged three-way with changes made since its base (409 when they overlap)',
        tags,
        body: EditorSaveBody,
        response: { 200: okOf(EditorSaveResult) },
      },
    },
    async (req) => ok(await editor.save(caller(req), req.body, req.lang)),
  );
  app.post(
    '/ccms/topic-editor/validate',
    {
      config: { permission: TopicEditorPerm.open, log: READ_ONLY_LOG },
      schema: {
        summary: 'Check unsaved topic text: well-formedness, DITA structure and DTD, with line and column',
        tags,
        body: EditorValidateBody,
        response: { 200: okOf(EditorValidateResult) },
      },
    },
    async (req) => ok(await editor.validate(caller(req), req.body, req.lang)),
  );
  app.post(
    '/ccms/topic-editor/preview',
    {
      config: { permission: TopicEditorPerm.open, log: READ_ONLY_LOG },
      schema: {
        summary: 'Render unsaved topic text with the library’s keys and a filter group (HTML fragment of the topic)',
        tags,
        body: EditorPreviewBody,
        response: { 200: okOf(EditorPreview) },
      },
    },
    async (req) => ok(await preview.render(caller(req), req.body, req.lang)),
  );
  app.put(
    '/ccms/topic-editor/draft',
    {
      config: { permission: TopicEditorPerm.edit, log: DRAFT_LOG },
      schema: { summary: 'Keep the caller’s unsaved edit of a topic (not committed)', tags, body: EditorDraftBody, response: { 200: okOf(EditorDraft) } },
    },
    async (req) => ok(await editor.putDraft(caller(req), req.body)),
  );
  app.delete(
    '/ccms/topic-editor/draft',
    {
      config: { permission: TopicEditorPerm.edit, log: DRAFT_LOG },
      schema: { summary: 'Drop the caller’s unsaved edit of a topic', tags, body: EditorTarget, response: { 200: OkEmpty } },
    },
    async (req) => {
      await editor.dropDraft(caller(req), req.body);
      return done();
    },
  );
  app.post(
    '/ccms/topic-editor/new',
    {
      config: { permission: TopicEditorPerm.add, log: log(BusinessType.INSERT) },
      schema: {
        summary: 'Create a topic from its type’s template, optionally adding a topicref to a map in the same commit',
        tags,
        body: EditorNewBody,
        response: { 200: okOf(EditorNewResult) },
      },
    },
    async (req) => ok(await creator.create(caller(req), req.body, req.lang)),
  );
  app.get(
    '/ccms/topic-editor/targets',
    {
      config: { permission: TopicEditorPerm.open },
      schema: {
        summary: 'Find topics and elements with an id to reference (xref, conref)',
        tags,
        querystring: EditorTargetsQuery,
        response: { 200: okOf(z.array(EditorTargetRow)) },
      },
    },
    async (req) => ok(await pickers.targets(caller(req), req.query)),
  );
  app.get(
    '/ccms/topic-editor/dm-refs',
    {
      config: { permission: TopicEditorPerm.open },
      schema: {
        summary: 'Find data modules of an S1000D library to reference (dmRef picker), by data module code or title, with their dmCode, issue and language',
        tags,
        querystring: EditorDmRefQuery,
        response: { 200: okOf(z.array(EditorDmRefRow)) },
      },
    },
    async (req) => ok(await dmRefs.dmRefs(caller(req), req.query)),
  );
  app.get(
    '/ccms/topic-editor/cir-items',
    {
      config: { permission: TopicEditorPerm.open },
      schema: {
        summary: 'Find items of an S1000D library’s common information repositories (CIR picker): functional items, parts, tools, supplies, zones, ... by key',
        tags,
        querystring: EditorCirQuery,
        response: { 200: okOf(z.array(EditorCirRow)) },
      },
    },
    async (req) => ok(await dmRefs.cirItems(caller(req), req.query)),
  );
  app.get(
    '/ccms/topic-editor/grammar',
    {
      config: { permission: TopicEditorPerm.open },
      schema: {
        summary:
          'What the source view completes in an S1000D object: each element’s children and attributes, from the installed schema of its issue (else the newest installed)',
        tags,
        querystring: EditorTarget,
        response: { 200: okOf(EditorGrammar) },
      },
    },
    async (req) => ok(await s1000dGrammar.grammar(caller(req), req.query)),
  );
  app.get(
    '/ccms/topic-editor/keys',
    {
      config: { permission: TopicEditorPerm.open },
      schema: { summary: 'List the keys the branch’s maps define', tags, querystring: EditorKeysQuery, response: { 200: okOf(z.array(EditorKeyRow)) } },
    },
    async (req) => ok(await pickers.keys(caller(req), req.query)),
  );

  // Public to the guard because EventSource sends no bearer token: the handler takes the token
  // or the ticket of the open answer, then checks ccms:topic:query and the library's read level.
  app.get(
    '/ccms/topic-editor/presence',
    {
      config: { public: true },
      schema: {
        summary: 'Who has a topic open (Server-Sent Events; each event is the list; bearer token or ticket)',
        tags,
        querystring: EditorPresenceQuery,
        response: { 200: z.string().describe('text/event-stream: data: EditorPresence JSON') },
      },
    },
    async (req, reply) => {
      const auth = await media.callerOf(req, req.query, TopicEditorPerm.open);
      const file = await editor.fileOf(auth, req.query, 'read');
      await presence.serve(auth, { libraryId: file.libraryId, branch: file.branch, path: file.path }, openEventStream(reply, 'presence'));
    },
  );
};
