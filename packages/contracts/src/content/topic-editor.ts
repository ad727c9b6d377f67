import { TOPIC_FILE_NAME_PATTERN } from '@ccms/dita/files';
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { OkEmpty, okOf, qInt } from '../http';
import { RepoPath } from './explorer';
import { EditorProblem } from './problem';
import { CONTENT_STANDARDS } from './standard';
import { TopicStatus } from './status';
import { XmlProfileVocabulary } from './xml-profile';

export { EditorProblem };

/**
 * The topic editor (issue 13): open a topic of a library branch, edit it visually or as XML,
 * save it as one commit by the signed-in user. Every save names the commit and blob it was
 * opened at; a change made since is merged three-way, or answered 409 with both versions.
 */
export const TopicEditorPerm = {
  /** Open a topic in the editor (read right on the library is needed as well). */
  open: 'ccms:topic:query',
  /** Save, keep drafts, create topics (write right on the library is needed as well). */
  edit: 'ccms:topic:edit',
  add: 'ccms:topic:add',
} as const;

const Sha = z
  .string()
  .regex(/^[0-9a-f]{40}$/, { message: 'field.invalidFormat' })
  .describe('40-hex git object id');

/** Which topic: a library, a branch (the default branch when absent) and a path inside it. */
export const EditorTarget = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)'),
  path: RepoPath.min(1).describe('path of the topic file inside the library, e.g. topics/intro.dita'),
});
export type EditorTarget = z.infer<typeof EditorTarget>;

/** An unsaved edit kept on the server (never committed), offered back on the next opening. */
export const EditorDraft = z.object({
  content: z.string(),
  baseCommit: z.string(),
  baseBlob: z.string(),
  savedAt: z.string().describe('ISO date-time'),
});
export type EditorDraft = z.infer<typeof EditorDraft>;

/** What the visual view of a file read by an XML profile models: the profile's roots (units and grouping files) and its element vocabulary. */
export const EditorProfileVocabulary = z.object({
  roots: z.array(z.string()).describe("the profile's unit and grouping-file roots"),
  vocabulary: XmlProfileVocabulary,
});
export type EditorProfileVocabulary = z.infer<typeof EditorProfileVocabulary>;

/** GET /ccms/topic-editor/open: the file as committed, plus the caller's draft if one is kept. */
export const EditorDocument = z.object({
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  content: z.string(),
  /** The commit of the branch the file was read at, and the file's blob there. */
  baseCommit: z.string(),
  baseBlob: z.string(),
  title: z.string(),
  docType: z
    .string()
    .describe('root element: topic, concept, task, reference, glossentry, troubleshooting; an S1000D data module’s schema: proced, descript, ...'),
  /** The content standard of the library (which editor vocabulary the views use). */
  standard: z.enum(CONTENT_STANDARDS),
  /** An XML profile library: the vocabulary of its profile (the visual view models it); absent for the other standards. */
  profile: EditorProfileVocabulary.optional(),
  status: TopicStatus,
  /** Whether the caller may save (library write right and ccms:topic:edit). */
  canWrite: z.boolean(),
  draft: EditorDraft.nullable(),
  /** Short-lived ticket for GET /ccms/topic-editor/presence (EventSource sends no Authorization header). */
  ticket: z.string(),
});
export type EditorDocument = z.infer<typeof EditorDocument>;

const Content = z
  .string()
  .max(20 * 1024 * 1024)
  .describe('the whole topic file, as XML text');

/** PUT /ccms/topic-editor/save */
export const EditorSaveBody = EditorTarget.extend({
  content: Content,
  baseCommit: Sha,
  baseBlob: Sha,
  message: z.string().trim().max(2000).optional().describe('commit message; "Update <title>" in the caller\'s language when absent'),
});
export type EditorSaveBody = z.infer<typeof EditorSaveBody>;

/**
 * 200 of a save. `unchanged` when the content equals the file at the branch head (nothing is
 * committed); `merged` when someone else's change since the base was merged in, `content` is
 * then the merged file the editor continues from.
 */
export const EditorSaveResult = z.object({
  commit: z.string(),
  blob: z.string(),
  unchanged: z.boolean(),
  merged: z.boolean(),
  content: z.string(),
  status: TopicStatus,
  /** Problems of the saved text that do not refuse it: errors the file already had (preexisting) and warnings. */
  warnings: z.array(EditorProblem),
});
export type EditorSaveResult = z.infer<typeof EditorSaveResult>;

/**
 * 400 of a save or a validate (code `editor.invalid`): `data.problems` lists what is wrong.
 * 409 of a save (code `editor.conflict`): `data` carries the three versions, so the editor can
 * show a side-by-side merge; the caller saves the resolved text with `theirsCommit`/`theirsBlob`
 * as the new base.
 */
export const EditorConflict = z.object({
  base: z.string(),
  theirs: z.string(),
  ours: z.string(),
  theirsCommit: z.string(),
  theirsBlob: z.string(),
  /** Who made the change it collides with, and when. */
  theirsAuthor: z.string(),
  theirsDate: z.string(),
});
export type EditorConflict = z.infer<typeof EditorConflict>;
export const EditorInvalid = z.object({ problems: z.array(EditorProblem) });

/** POST /ccms/topic-editor/validate: the source view's structure diagnostics (answers 200 with problems). */
export const EditorValidateBody = EditorTarget.extend({ content: Content });
export const EditorValidateResult = z.object({ problems: z.array(EditorProblem) });

/** POST /ccms/topic-editor/preview: the unsaved content rendered by the engine with the library's keys. */
export const EditorPreviewBody = EditorTarget.extend({
  content: Content,
  filterGroup: z.string().trim().max(100).optional().describe('data-property filter group of the library to apply'),
  applicAssignment: z
    .record(z.string().trim().min(1).max(200), z.string().max(500))
    .optional()
    .describe('S1000D: the property values of the product to preview for (content that does not apply is left out)'),
});
/**
 * A content reference of the posted content (conref or conkeyref, in document order), resolved by
 * the engine: the target's text to show read-only in place, where it lives (to open it), or why
 * it is broken.
 */
export const EditorConref = z.object({
  attr: z.enum(['conref', 'conkeyref']),
  value: z.string(),
  /** The target element's text with keys resolved (empty when broken). */
  text: z.string(),
  /** Library path of the file the content comes from, and the target element's id. */
  path: z.string().nullable(),
  elementId: z.string().nullable(),
  /** Why the reference does not resolve, in the caller's language (null when it does). */
  problem: z.string().nullable(),
});
export type EditorConref = z.infer<typeof EditorConref>;
/**
 * A cross-reference of the posted content (`<xref href>` or `<xref keyref>`), resolved by the
 * engine: the target topic's or element's title (what an xref without text shows), or why it is broken.
 */
export const EditorLink = z.object({
  attr: z.enum(['href', 'keyref']),
  value: z.string(),
  /** The target's title (a key without a target: its link text); empty for an external link or a broken one. */
  title: z.string(),
  /** Why the reference does not resolve, in the caller's language (null when it does). */
  problem: z.string().nullable(),
});
export type EditorLink = z.infer<typeof EditorLink>;
export const EditorPreview = z.object({ html: z.string(), problems: z.array(EditorProblem), conrefs: z.array(EditorConref), links: z.array(EditorLink) });
export type EditorPreview = z.infer<typeof EditorPreview>;

/** PUT /ccms/topic-editor/draft (every few seconds while there are unsaved edits); DELETE with EditorTarget drops it. */
export const EditorDraftBody = EditorTarget.extend({ content: Content, baseCommit: Sha, baseBlob: Sha });

/** GET /ccms/topic-editor/presence (SSE): the bearer token, or `ticket` from the open answer (EventSource sends no headers). */
export const EditorPresenceQuery = EditorTarget.extend({
  ticket: z.string().max(500).optional().describe('EditorDocument.ticket, when no Authorization header can be sent'),
});

/** GET /ccms/topic-editor/presence (SSE): each event's data is the list of who has the topic open. */
export const EditorPresence = z.array(z.object({ userId: z.number(), userName: z.string(), nickName: z.string(), since: z.string() }));
export type EditorPresence = z.infer<typeof EditorPresence>;

/** Topic types a new topic can be made from (the map editor issue adds template screens). */
export const TOPIC_TEMPLATE_TYPES = ['topic', 'concept', 'task', 'reference', 'glossentry', 'troubleshooting'] as const;
export const TopicTemplateType = z.enum(TOPIC_TEMPLATE_TYPES);

/** POST /ccms/topic-editor/new */
export const EditorNewBody = z.object({
  libraryId: z.number().int().positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)'),
  type: TopicTemplateType,
  templateId: z
    .number()
    .int()
    .positive()
    .optional()
    .describe('a topic template (GET /ccms/template/optionselect?kind=topic); the type’s built-in skeleton when absent'),
  title: z.string().trim().min(1).max(500).describe('topic title'),
  folder: RepoPath.default('').describe('folder inside the library'),
  fileName: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(TOPIC_FILE_NAME_PATTERN, { message: 'field.invalidFormat' })
    .describe('file name ending in .dita, derived from the title by default'),
  id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z_][A-Za-z0-9._-]*$/, { message: 'field.invalidFormat' })
    .describe('@id of the root element'),
  /** Add a topicref to this map (path inside the library) in the same commit. */
  mapPath: RepoPath.optional().describe('map to add a topicref to, in the same commit'),
});
export type EditorNewBody = z.infer<typeof EditorNewBody>;

/** 200 of POST /ccms/topic-editor/new: where the topic landed (open it with GET /ccms/topic-editor/open). */
export const EditorNewResult = z.object({
  libraryId: z.number(),
  branch: z.string(),
  path: z.string(),
  commit: z.string(),
  /** The map the topicref was added to, when one was asked for. */
  mapPath: z.string().nullable(),
});
export type EditorNewResult = z.infer<typeof EditorNewResult>;

const tag = 'content/topic-editor';

/** The topic editor API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TopicEditorApi = {
  open: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/open',
    access: { permission: TopicEditorPerm.open },
    summary: 'Open a topic in the editor: its text at the branch head, the base to save against, and the caller’s draft',
    tag,
    query: EditorTarget,
    response: okOf(EditorDocument),
  }),
  save: endpoint({
    method: 'PUT',
    url: '/ccms/topic-editor/save',
    access: { permission: TopicEditorPerm.edit },
    summary: 'Save a topic as one commit by the caller: validated, merged three-way with changes made since its base (409 when they overlap)',
    tag,
    body: EditorSaveBody,
    response: okOf(EditorSaveResult),
  }),
  validate: endpoint({
    method: 'POST',
    url: '/ccms/topic-editor/validate',
    access: { permission: TopicEditorPerm.open },
    summary: 'Check unsaved topic text: well-formedness, DITA structure and DTD, with line and column',
    tag,
    body: EditorValidateBody,
    response: okOf(EditorValidateResult),
  }),
  preview: endpoint({
    method: 'POST',
    url: '/ccms/topic-editor/preview',
    access: { permission: TopicEditorPerm.open },
    summary: 'Render unsaved topic text with the library’s keys and a filter group (HTML fragment of the topic)',
    tag,
    body: EditorPreviewBody,
    response: okOf(EditorPreview),
  }),
  putDraft: endpoint({
    method: 'PUT',
    url: '/ccms/topic-editor/draft',
    access: { permission: TopicEditorPerm.edit },
    summary: 'Keep the caller’s unsaved edit of a topic (not committed)',
    tag,
    body: EditorDraftBody,
    response: okOf(EditorDraft),
  }),
  dropDraft: endpoint({
    method: 'DELETE',
    url: '/ccms/topic-editor/draft',
    access: { permission: TopicEditorPerm.edit },
    summary: 'Drop the caller’s unsaved edit of a topic',
    tag,
    body: EditorTarget,
    response: OkEmpty,
  }),
  newTopic: endpoint({
    method: 'POST',
    url: '/ccms/topic-editor/new',
    access: { permission: TopicEditorPerm.add },
    summary: 'Create a topic from its type’s template, optionally adding a topicref to a map in the same commit',
    tag,
    body: EditorNewBody,
    response: okOf(EditorNewResult),
  }),
  presence: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/presence',
    access: { public: true },
    summary: 'Who has a topic open (Server-Sent Events; each event is the list; bearer token or ticket)',
    tag,
    query: EditorPresenceQuery,
    response: z.string().describe('text/event-stream: data: EditorPresence JSON'),
  }),
};
