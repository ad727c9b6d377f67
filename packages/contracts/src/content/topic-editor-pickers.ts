import { z } from 'zod';
import { endpoint } from '../endpoint';
import { okOf, qInt } from '../http';
import { EditorTarget, TopicEditorPerm } from './topic-editor';

/**
 * What the topic editor's insert pickers list: xref and conref targets, keys, the S1000D data
 * module references and CIR items, and the grammar of what may go where (server: editor-pickers.ts,
 * s1000d-pickers.ts, s1000d-grammar.ts).
 */

/** GET /ccms/topic-editor/targets: topics and elements with an id, for xref and conref pickers. */
const LibraryIdQuery = qInt.positive().describe('id of a library (GET /ccms/library/list)');
const BranchQuery = z.string().trim().max(200).optional().describe('git branch of the library (its default branch when absent)');

export const EditorTargetsQuery = z.object({
  libraryId: LibraryIdQuery,
  branch: BranchQuery,
  q: z.string().trim().max(200).default('').describe('part of a title, file path, topic id or element id'),
  kind: z.enum(['xref', 'conref']).default('xref'),
  limit: qInt.min(1).max(200).default(50),
});
export const EditorTargetRow = z.object({
  path: z.string(),
  /** Topic id, and for an element: the element id (href is path#topicId/elementId). */
  topicId: z.string(),
  elementId: z.string().nullable(),
  element: z.string().describe('element name'),
  title: z.string().describe('topic title, or the element text (shortened)'),
});
export type EditorTargetRow = z.infer<typeof EditorTargetRow>;

/** GET /ccms/topic-editor/keys: the keys the library's maps define (variables, glossary terms, images). */
export const EditorKeysQuery = z.object({ libraryId: LibraryIdQuery, branch: BranchQuery });
export const EditorKeyRow = z.object({
  key: z.string(),
  /** What the key is for: a text variable, a glossentry, an image, a topic or another resource. */
  kind: z.enum(['variable', 'glossentry', 'image', 'topic', 'other']),
  text: z.string().describe('resolved text (keyword, term) or the target path'),
  href: z.string().nullable(),
});
export type EditorKeyRow = z.infer<typeof EditorKeyRow>;

/** GET /ccms/topic-editor/grammar: what the source view completes in an S1000D object, from the installed schema of its issue. */
export const EditorGrammarAttribute = z.object({
  name: z.string(),
  values: z.array(z.string()).optional().describe('the enumeration of its type'),
  required: z.boolean().optional(),
});
export const EditorGrammarElement = z.object({
  children: z.array(z.string()).describe('elements allowed as its children, in the order the content model names them'),
  attributes: z.array(EditorGrammarAttribute),
  text: z.boolean().describe('text allowed directly in it'),
});
export const EditorGrammar = z.object({
  /** The schema the object names (proced.xsd), and the S1000D issue it names (4.1). */
  schema: z.string(),
  issue: z.string(),
  /** The issue of the package the grammar was read from: the object's own, else the newest installed (null: none installed). */
  servedIssue: z.string().nullable(),
  roots: z.array(z.string()),
  elements: z.record(z.string(), EditorGrammarElement),
});
export type EditorGrammar = z.infer<typeof EditorGrammar>;

/** GET /ccms/topic-editor/dm-refs: data modules of an S1000D library to reference (dmRef picker), by DMC or title. */
export const EditorDmRefQuery = z.object({
  libraryId: LibraryIdQuery,
  branch: BranchQuery,
  q: z.string().trim().max(200).default('').describe('part of a data module code (DMC-…) or title'),
  limit: qInt.min(1).max(100).default(30),
});
export const EditorDmRefRow = z.object({
  path: z.string(),
  code: z.string().describe('DMC-…'),
  title: z.string(),
  /** The attributes of its dmCode, issueInfo and language, as a dmRef writes them. */
  dmCode: z.record(z.string(), z.string()),
  issueInfo: z.object({ issueNumber: z.string(), inWork: z.string() }).nullable(),
  language: z.object({ languageIsoCode: z.string(), countryIsoCode: z.string() }).nullable(),
});
export type EditorDmRefRow = z.infer<typeof EditorDmRefRow>;

/** GET /ccms/topic-editor/cir-items: items of the library's common information repositories (CIR picker), by key. */
export const EditorCirQuery = z.object({
  libraryId: LibraryIdQuery,
  branch: BranchQuery,
  q: z.string().trim().max(200).default('').describe('part of an item key (functional item number, part number, ...)'),
  limit: qInt.min(1).max(200).default(50),
});
export const EditorCirRow = z.object({
  /** The reference element that names the item (functionalItemRef, partRef, toolRef, ...) and its attributes. */
  ref: z.string(),
  attrs: z.record(z.string(), z.string()),
  /** The repository data module that defines it. */
  source: z.string(),
});
export type EditorCirRow = z.infer<typeof EditorCirRow>;

const tag = 'content/topic-editor';

/** The topic editor's picker API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const TopicEditorPickerApi = {
  targets: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/targets',
    access: { permission: TopicEditorPerm.open },
    summary: 'Find topics and elements with an id to reference (xref, conref)',
    tag,
    query: EditorTargetsQuery,
    response: okOf(z.array(EditorTargetRow)),
  }),
  dmRefs: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/dm-refs',
    access: { permission: TopicEditorPerm.open },
    summary: 'Find data modules of an S1000D library to reference (dmRef picker), by data module code or title, with their dmCode, issue and language',
    tag,
    query: EditorDmRefQuery,
    response: okOf(z.array(EditorDmRefRow)),
  }),
  cirItems: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/cir-items',
    access: { permission: TopicEditorPerm.open },
    summary: 'Find items of an S1000D library’s common information repositories (CIR picker): functional items, parts, tools, supplies, zones, ... by key',
    tag,
    query: EditorCirQuery,
    response: okOf(z.array(EditorCirRow)),
  }),
  grammar: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/grammar',
    access: { permission: TopicEditorPerm.open },
    summary:
      'What the source view completes in an S1000D object: each element’s children and attributes, from the installed schema of its issue (else the newest installed)',
    tag,
    query: EditorTarget,
    response: okOf(EditorGrammar),
  }),
  keys: endpoint({
    method: 'GET',
    url: '/ccms/topic-editor/keys',
    access: { permission: TopicEditorPerm.open },
    summary: 'List the keys the branch’s maps define',
    tag,
    query: EditorKeysQuery,
    response: okOf(z.array(EditorKeyRow)),
  }),
};
