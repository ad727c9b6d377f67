import { z } from 'zod';
import { LIBRARY_TYPES } from '../constants';
import { endpoint } from '../endpoint';
import { DateTime, IdList, IdParam, OkEmpty, okOf } from '../http';
import { DoctypePerm, XmlName } from './doctype';

/**
 * An XML profile (System Manager → Doctypes → XML profiles): a generic XML standard an
 * administrator configures per library type, without code. It says which files of a library
 * belong (a name pattern and root elements), what makes a unit and a document (the grouping file
 * and its toc), their identity and title (XPath-lite), the reference attributes and what they
 * point at, an optional grammar (one XSD or DTD), the element vocabulary the editor and the
 * HTML/PDF output use, and the output's CSS. FTID ships as one (docs/ftid-profile.md).
 * Permissions are the document types'.
 */

/**
 * XPath-lite: steps of element names (or `*`) separated by `/`, relative to the root element
 * (a leading `/` starts at the document, naming the root), `//` for any depth, and a last step
 * `@attribute` or `text()`: `@id`, `head/title`, `//meta/@code`.
 */
export const XPATH_LITE = /^(\/\/?)?(?:(?:[A-Za-z_][\w.-]*|\*)\/\/?)*(?:[A-Za-z_][\w.-]*|\*|@[A-Za-z_][\w.:-]*|text\(\))$/;
export const XPathLite = z.string().trim().min(1).max(200).regex(XPATH_LITE, { message: 'xmlProfile.badXPath' });

/** A file name pattern: `*` any name part, `**` any folders, `?` one character, `{a,b}` alternatives; e.g. `**\/*.xml`. */
export const FILE_PATTERN = /^[\w.*?{},/ -]+$/;
export const FilePattern = z.string().trim().min(1).max(200).regex(FILE_PATTERN, { message: 'xmlProfile.badPattern' });

/** A library type a profile can be written for: FTID, or a new name (not a built-in standard's). */
export const PROFILE_LIBRARY_TYPE = /^[A-Za-z][\w-]{1,31}$/;
const BUILT_IN_TYPES: readonly string[] = LIBRARY_TYPES.filter((t) => t !== 'FTID');
export const ProfileLibraryType = z
  .string()
  .trim()
  .regex(PROFILE_LIBRARY_TYPE, { message: 'field.invalidFormat' })
  .refine((t) => !BUILT_IN_TYPES.includes(t), { message: 'xmlProfile.builtInType' })
  .describe('the library type the profile reads (FTID, or a new type name)');

/** What a reference points at: a unit or a document by its identity, or a file by its path relative to the referring file. */
export const REFERENCE_TARGETS = ['id', 'path'] as const;

export const XmlProfileReference = z
  .object({
    element: XmlName.describe('the element that refers (ingredient)'),
    attribute: XmlName.describe('its attribute holding the target (ref)'),
    target: z.enum(REFERENCE_TARGETS).describe('id: the identity of a unit or document; path: a file path relative to the referring file'),
  })
  .strict();
export type XmlProfileReference = z.infer<typeof XmlProfileReference>;

/** The editor's and the output's reading of elements: what each element is. */
export const XmlProfileVocabulary = z
  .object({
    blocks: z.array(XmlName).max(200).describe('block elements (paragraphs, notes, sections): p, step'),
    lists: z.array(XmlName).max(50).describe('list elements: steps'),
    listItems: z.array(XmlName).max(50).describe('list items: step'),
    tables: z.array(XmlName).max(20).describe('table elements'),
    rows: z.array(XmlName).max(20).describe('table rows'),
    cells: z.array(XmlName).max(20).describe('table cells'),
    inline: z.array(XmlName).max(200).describe('inline elements: b, i, term'),
    titles: z.array(XmlName).max(20).describe('title elements, shown as headings'),
  })
  .strict();
export type XmlProfileVocabulary = z.infer<typeof XmlProfileVocabulary>;

export const XML_PROFILE_GRAMMARS = ['none', 'xsd', 'dtd'] as const;

/** The profile as written: everything the engine needs to read, check and publish the files. */
export const XmlProfileSpec = z
  .object({
    filePattern: FilePattern.describe('which files of the library belong, by path (**/*.xml)'),
    unitRoots: z.array(XmlName).min(1).max(50).describe('root elements that make a file a unit (recipe)'),
    documentRoots: z.array(XmlName).max(20).describe('root elements of grouping files: a document with a toc (book)'),
    idPath: XPathLite.describe("the unit's or document's identity, from its root (@id)"),
    titlePath: XPathLite.describe('its title, from its root (title)'),
    references: z.array(XmlProfileReference).max(50).describe('reference attributes and what they point at'),
    tocGroups: z
      .array(XmlName)
      .max(20)
      .describe('elements of a grouping file that make a toc heading (with the title the title path gives) around the references inside'),
    vocabulary: XmlProfileVocabulary,
    css: z.string().max(100_000).describe('the stylesheet of HTML5 and PDF output'),
    grammarKind: z.enum(XML_PROFILE_GRAMMARS).describe('none, or the grammar files are checked against on save'),
    grammarName: z.string().trim().max(200).describe('the grammar file name (recipe.xsd)'),
    grammar: z.string().max(2_000_000).describe('the grammar file as uploaded (XSD or DTD text)'),
  })
  .strict();
export type XmlProfileSpec = z.infer<typeof XmlProfileSpec>;

export const XmlProfileBody = XmlProfileSpec.extend({
  libraryType: ProfileLibraryType,
  description: z.string().trim().max(500).describe('what the profile is for'),
}).strict();
export type XmlProfileBody = z.infer<typeof XmlProfileBody>;

export const XmlProfileUpdate = XmlProfileBody.extend({
  profileId: z.number().int().positive().describe('id of an XML profile (GET /ccms/xmlProfile/list)'),
}).strict();
export type XmlProfileUpdate = z.infer<typeof XmlProfileUpdate>;

export const XmlProfile = XmlProfileBody.extend({
  profileId: z.number(),
  createBy: z.string(),
  createTime: DateTime,
  updateBy: z.string(),
  updateTime: DateTime.nullable(),
});
export type XmlProfile = z.infer<typeof XmlProfile>;

/** A profile in the list: without its grammar text and CSS. */
export const XmlProfileRow = XmlProfile.omit({ grammar: true, css: true }).extend({
  libraryCount: z.number().describe('libraries of the type'),
});
export type XmlProfileRow = z.infer<typeof XmlProfileRow>;

export const XmlProfileSaved = z.object({ profileId: z.number(), reindexed: z.number().describe('libraries whose full re-index was queued') });

const tag = 'content/xmlProfile';

/** The XML profiles API: each endpoint's URL, method, access and schemas, for the server's routes and the web's calls. */
export const XmlProfileApi = {
  list: endpoint({
    method: 'GET',
    url: '/ccms/xmlProfile/list',
    access: { permission: DoctypePerm.list },
    summary: 'List the XML profiles (without grammar and CSS)',
    tag,
    response: okOf(z.array(XmlProfileRow)),
  }),
  types: endpoint({
    method: 'GET',
    url: '/ccms/xmlProfile/types',
    access: { authenticated: true },
    summary: 'The library types XML profiles define, for the library form',
    tag,
    response: okOf(z.array(z.string())),
  }),
  get: endpoint({
    method: 'GET',
    url: '/ccms/xmlProfile/:id',
    access: { permission: DoctypePerm.query },
    summary: 'Get an XML profile',
    tag,
    params: IdParam,
    response: okOf(XmlProfile),
  }),
  add: endpoint({
    method: 'POST',
    url: '/ccms/xmlProfile',
    access: { permission: DoctypePerm.add },
    summary: 'Create an XML profile (queues a full re-index of the libraries of its type)',
    tag,
    body: XmlProfileBody,
    response: okOf(XmlProfileSaved),
  }),
  edit: endpoint({
    method: 'PUT',
    url: '/ccms/xmlProfile',
    access: { permission: DoctypePerm.edit },
    summary: 'Update an XML profile (queues a full re-index of the libraries of its type)',
    tag,
    body: XmlProfileUpdate,
    response: okOf(XmlProfileSaved),
  }),
  remove: endpoint({
    method: 'DELETE',
    url: '/ccms/xmlProfile/:ids',
    access: { permission: DoctypePerm.remove },
    summary: 'Delete XML profiles (refused while libraries of the type exist)',
    tag,
    params: z.object({ ids: IdList }),
    response: OkEmpty,
  }),
};
