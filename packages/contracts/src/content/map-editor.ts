import { TOPIC_EXTENSION } from '@ccms/dita/files';
import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { RepoPath } from './explorer';
import { TopicStatus } from './status';
import { EditorDocument, EditorSaveBody, EditorSaveResult, EditorTarget, TopicTemplateType } from './topic-editor';

/**
 * The map editor (issue 14): the tree of a map or bookmap of a library branch, edited and saved
 * with the topic editor's rules (validation, base commit, three-way merge, one commit per save
 * by the user, drafts, presence). New topics from templates and file deletions go in the same
 * commit as the map.
 */
export const MapEditorPerm = {
  /** Open a map in the editor (read right on the library is needed as well). */
  open: 'ccms:topic:query',
  /** Save the map, keep drafts (write right on the library is needed as well). */
  edit: 'ccms:topic:edit',
  /** Create topics from templates with the save. */
  add: 'ccms:topic:add',
  /** Delete a topic file with the save. */
  remove: 'ccms:topic:remove',
} as const;

/** What an href of the map points at, as the tree shows it. */
export const MapRef = z.object({
  href: z.string(),
  /** Library path of the target (empty for an external or unresolvable href). */
  path: z.string(),
  kind: z.enum(['topic', 'map', 'external', 'other']),
  /** Title of the topic, or name of the map (empty when unknown). */
  title: z.string(),
  status: TopicStatus.nullable(),
  /** The target is missing at the branch head: the tree marks it as a broken link. */
  broken: z.boolean(),
});
export type MapRef = z.infer<typeof MapRef>;

/** What a @keyref written without an href stands for, in the branch's key space. */
export const MapKeyRef = z.object({
  keyref: z.string().describe('the @keyref as written (a key, or key/element)'),
  /** Library path the key points at (empty for a key with text only, an external or undefined key). */
  path: z.string(),
  /** Title of the topic the key points at, else the key's text (navtitle, linktext, keyword); empty when undefined. */
  title: z.string(),
  /** No map of the branch defines the key, or it points at a missing file. */
  broken: z.boolean(),
});
export type MapKeyRef = z.infer<typeof MapKeyRef>;

/** GET /ccms/map-editor/open: the map as the topic editor opens a file, plus its root and resolved hrefs. */
export const MapDocument = EditorDocument.extend({
  rootName: z.string().describe('map or bookmap'),
  refs: z.array(MapRef),
  keyRefs: z.array(MapKeyRef).describe('nodes with a @keyref and no href, resolved in the branch’s key space'),
  /** Whether the caller may delete topic files with a save (ccms:topic:remove). */
  canDelete: z.boolean(),
});
export type MapDocument = z.infer<typeof MapDocument>;

/** POST /ccms/map-editor/resolve: titles, status and broken marks of hrefs written in the map. */
export const MapResolveBody = EditorTarget.extend({
  hrefs: z.array(z.string().max(2000)).max(50000).describe('hrefs as written in the map (relative to it)'),
});

/** POST /ccms/map-editor/resolve-keys: what @keyrefs written without an href stand for. */
export const MapResolveKeysBody = EditorTarget.extend({
  keyrefs: z.array(z.string().max(1000)).max(50000).describe('@keyref values as written in the map'),
});

/** A topic to create with the save, from a template (or its type's skeleton). */
export const MapNewTopic = z.object({
  path: RepoPath.min(1)
    .refine((path) => path.endsWith(TOPIC_EXTENSION), { message: 'field.invalidFormat' })
    .describe('library path of the new topic file (.dita)'),
  type: TopicTemplateType,
  templateId: z.number().int().positive().optional().describe('a topic template (GET /ccms/template/optionselect?kind=topic)'),
  title: z.string().trim().min(1).max(500),
  id: z
    .string()
    .trim()
    .min(1)
    .max(200)
    .regex(/^[A-Za-z_][\w.-]*$/, { message: 'field.invalidFormat' })
    .describe('root @id of the new topic'),
});
export type MapNewTopic = z.infer<typeof MapNewTopic>;

/** PUT /ccms/map-editor/save: the map's text, the topics to create and the files to delete, in one commit. */
export const MapSaveBody = EditorSaveBody.extend({
  newTopics: z.array(MapNewTopic).max(100).default([]),
  deleteFiles: z.array(RepoPath.min(1)).max(200).default([]).describe('topic files to delete (refused while another map uses one)'),
});
export type MapSaveBody = z.infer<typeof MapSaveBody>;

export const MapSaveResult = EditorSaveResult.extend({
  created: z.array(z.string()),
  deleted: z.array(z.string()),
});
export type MapSaveResult = z.infer<typeof MapSaveResult>;

/** GET /ccms/map-editor/usage: the maps of the branch, other than this one, that reference a file. */
export const MapUsageQuery = EditorTarget.extend({
  file: RepoPath.min(1).describe('library path of the topic file'),
});
export const MapUsage = z.object({ file: z.string(), maps: z.array(z.string()) });
export type MapUsage = z.infer<typeof MapUsage>;

/** GET /ccms/map-editor/pm-refs: publication modules of an S1000D library to reference (pmRef in a PM), by PMC or title. */
export const MapPmRefQuery = z.object({
  libraryId: qInt.positive().describe('id of a library (GET /ccms/library/list)'),
  branch: z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)'),
  q: z.string().trim().max(200).default('').describe('part of a publication module code (PMC-…), title or path'),
  limit: qInt.min(1).max(100).default(30),
});
export const MapPmRefRow = z.object({
  path: z.string(),
  code: z.string().describe('PMC-…'),
  title: z.string(),
  /** The attributes of its pmCode, issueInfo and language, as a pmRef writes them. */
  pmCode: z.record(z.string(), z.string()),
  issueInfo: z.object({ issueNumber: z.string(), inWork: z.string() }).nullable(),
  language: z.object({ languageIsoCode: z.string(), countryIsoCode: z.string() }).nullable(),
});
export type MapPmRefRow = z.infer<typeof MapPmRefRow>;

const tag = 'content/map-editor';

/** The map editor API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const MapEditorApi = {
  open: endpoint({
    method: 'GET',
    url: '/ccms/map-editor/open',
    access: { permission: MapEditorPerm.open },
    summary: 'Open a map or bookmap in the map editor: its text at the branch head, the base to save against, the caller’s draft and every href resolved',
    tag,
    query: EditorTarget,
    response: okOf(MapDocument),
  }),
  resolve: endpoint({
    method: 'POST',
    url: '/ccms/map-editor/resolve',
    access: { permission: MapEditorPerm.open },
    summary: 'Titles, status and broken marks of hrefs written in a map (relative to it)',
    tag,
    body: MapResolveBody,
    response: okOf(z.array(MapRef)),
  }),
  resolveKeys: endpoint({
    method: 'POST',
    url: '/ccms/map-editor/resolve-keys',
    access: { permission: MapEditorPerm.open },
    summary: 'What @keyrefs written without an href stand for in the branch’s key space: title, target file and broken mark',
    tag,
    body: MapResolveKeysBody,
    response: okOf(z.array(MapKeyRef)),
  }),
  pmRefs: endpoint({
    method: 'GET',
    url: '/ccms/map-editor/pm-refs',
    access: { permission: MapEditorPerm.open },
    summary: 'Publication modules of an S1000D library to reference from a PM (pmRef), by PMC, title or path, with their pmCode, issueInfo and language',
    tag,
    query: MapPmRefQuery,
    response: okOf(z.array(MapPmRefRow)),
  }),
  usage: endpoint({
    method: 'GET',
    url: '/ccms/map-editor/usage',
    access: { permission: MapEditorPerm.open },
    summary: 'The other maps of the branch that use a file (a file in use is not deleted)',
    tag,
    query: MapUsageQuery,
    response: okOf(MapUsage),
  }),
  save: endpoint({
    method: 'PUT',
    url: '/ccms/map-editor/save',
    access: { permission: MapEditorPerm.edit },
    summary:
      'Save a map as one commit by the caller, with the topics it creates from templates and the files it deletes: validated, merged three-way with changes made since its base (409 when they overlap)',
    tag,
    body: MapSaveBody,
    response: okOf(MapSaveResult),
  }),
};
