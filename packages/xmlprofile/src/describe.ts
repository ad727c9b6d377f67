import type { XmlProfileReference, XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import { parseXml, type XmlElement, XmlSyntaxError } from '@ccms/s1000d';
import { type ProfileProblem, profileProblem } from './problem.js';
import { firstValue, parseXPathLite, selectElements, type XPathLite } from './xpath.js';

/** A reference a file makes, by the profile's reference attributes. */
export interface ProfileRef {
  element: string;
  attribute: string;
  target: XmlProfileReference['target'];
  value: string;
  line: number;
  column: number;
}

/** A grouping file's toc: headings (tocGroups) around references, in document order. */
export type ProfileTocItem = { kind: 'group'; element: string; title: string; items: ProfileTocItem[] } | { kind: 'ref'; element: string; ref: ProfileRef };

export interface ProfileObject {
  file: string;
  /** unit: its root is one of unitRoots; document: one of documentRoots; none: neither (or not well-formed). */
  kind: 'unit' | 'document' | 'none';
  root: string;
  id: string;
  title: string;
  refs: ProfileRef[];
  toc: ProfileTocItem[];
  /** The text of the unit for search. */
  text: string;
  problems: ProfileProblem[];
}

/** A profile ready to read files: its XPaths parsed once. */
export interface CompiledProfile {
  spec: XmlProfileSpec;
  idPath: XPathLite;
  titlePath: XPathLite;
  /** Reference attributes by element name. */
  refsByElement: Map<string, XmlProfileReference[]>;
}

export function compileProfile(spec: XmlProfileSpec): CompiledProfile {
  const refsByElement = new Map<string, XmlProfileReference[]>();
  for (const r of spec.references) refsByElement.set(r.element, [...(refsByElement.get(r.element) ?? []), r]);
  return { spec, idPath: parseXPathLite(spec.idPath), titlePath: parseXPathLite(spec.titlePath), refsByElement };
}

function refsIn(el: XmlElement, profile: CompiledProfile): ProfileRef[] {
  const out: ProfileRef[] = [];
  for (const r of profile.refsByElement.get(el.name) ?? []) {
    const value = el.attrs[r.attribute];
    if (value !== undefined && value.trim() !== '')
      out.push({ element: el.name, attribute: r.attribute, target: r.target, value: value.trim(), line: el.line, column: el.column });
  }
  return out;
}

function walk(el: XmlElement, visit: (el: XmlElement) => void) {
  visit(el);
  for (const c of el.children) if (c.type === 'element') walk(c, visit);
}

function tocOf(el: XmlElement, profile: CompiledProfile): ProfileTocItem[] {
  const items: ProfileTocItem[] = [];
  for (const c of el.children) {
    if (c.type !== 'element') continue;
    if (profile.spec.tocGroups.includes(c.name)) {
      items.push({ kind: 'group', element: c.name, title: firstValue(profile.titlePath, c), items: tocOf(c, profile) });
      continue;
    }
    const refs = refsIn(c, profile);
    for (const ref of refs) items.push({ kind: 'ref', element: c.name, ref });
    if (refs.length === 0) items.push(...tocOf(c, profile));
  }
  return items;
}

const bodyText = (root: XmlElement) => {
  let out = '';
  walk(root, (e) => {
    for (const c of e.children) if (c.type === 'text') out += ` ${c.text}`;
  });
  return out.replace(/\s+/g, ' ').trim();
};

/** What a file is to the profile: unit, document or neither; its identity, title, references, a document's toc, and its problems. */
export function describeProfileFile(file: string, content: string | Uint8Array, profile: CompiledProfile): ProfileObject {
  const none = { file, kind: 'none' as const, root: '', id: '', title: '', refs: [], toc: [], text: '' };
  let root: XmlElement;
  try {
    root = parseXml(content).root;
  } catch (e) {
    if (!(e instanceof XmlSyntaxError)) throw e;
    return {
      ...none,
      problems: [profileProblem('error', 'xml-syntax', e, { zh: `XML 格式错误：${e.reason}`, en: `The XML is not well-formed: ${e.reason}` })],
    };
  }
  const { spec } = profile;
  const kind = spec.unitRoots.includes(root.name) ? 'unit' : spec.documentRoots.includes(root.name) ? 'document' : 'none';
  const problems: ProfileProblem[] = [];
  if (kind === 'none') {
    problems.push(
      profileProblem('warning', 'profile-root', root, {
        zh: `根元素 <${root.name}> 既不是单元也不是分组文件的根元素：文件不编入目录`,
        en: `The root element <${root.name}> is neither a unit's nor a grouping file's: the file is not catalogued`,
      }),
    );
    return { ...none, root: root.name, problems };
  }
  const id = firstValue(profile.idPath, root).trim();
  if (id === '')
    problems.push(
      profileProblem('warning', 'profile-no-id', root, {
        zh: `标识路径 ${spec.idPath} 在此文件中没有值：按路径引用`,
        en: `The identity path ${spec.idPath} has no value in this file: it is referred to by path only`,
      }),
    );
  const refs: ProfileRef[] = [];
  walk(root, (e) => refs.push(...refsIn(e, profile)));
  return {
    file,
    kind,
    root: root.name,
    id,
    title: firstValue(profile.titlePath, root),
    refs,
    toc: kind === 'document' ? tocOf(root, profile) : [],
    text: kind === 'unit' ? bodyText(root).slice(0, 200_000) : '',
    problems,
  };
}

/** The folder of a path ('' at the top). */
export const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');

/** A path reference resolved against the referring file's folder (`..` and `.` applied; a fragment dropped). */
export function resolvePath(from: string, href: string): string {
  const clean = href.split('#')[0] ?? '';
  const parts = clean.startsWith('/') ? [] : folderOf(from).split('/').filter(Boolean);
  for (const seg of clean.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return parts.join('/');
}

/** Resolves references over a set of described files: by identity (the first holder), or by path. */
export function profileResolver(objects: readonly ProfileObject[]) {
  const byId = new Map<string, ProfileObject>();
  const byPath = new Map<string, ProfileObject>();
  for (const o of objects) {
    if (o.id && !byId.has(o.id)) byId.set(o.id, o);
    byPath.set(o.file, o);
  }
  return {
    /** The target file of a reference; undefined when the set holds none (`exists` says whether a path names a file that is not described, an image). */
    resolve(ref: ProfileRef, from: string, exists: (path: string) => boolean = () => false): string | undefined {
      if (ref.target === 'id') return byId.get(ref.value.split('#')[0] ?? '')?.file;
      const p = resolvePath(from, ref.value);
      return byPath.has(p) || exists(p) ? p : undefined;
    },
    byId,
    byPath,
  };
}

export { selectElements };
