import type { KeyDefinition, KeyScope, LinkScope } from '../keys/key-space.js';
import { splitHref } from '../links/href.js';
import type { XmlElement } from '../xml/xml-dom.js';

/** A topicref (or specialisation) after maprefs are expanded and keyrefs resolved. */
export interface MapNode {
  element: XmlElement;
  name: string;
  mapFile: string;
  /** Root-relative path (local scope) or URL (peer/external). */
  href?: string;
  fragment?: string;
  keyref?: string;
  /** The key definition a @keyref resolved to. */
  keyDef?: KeyDefinition;
  keys: string[];
  format: string;
  scope: LinkScope;
  processingRole: 'normal' | 'resource-only';
  toc: boolean;
  linking?: string;
  chunk?: string;
  copyTo?: string;
  navtitle?: string;
  locktitle: boolean;
  collectionType?: string;
  type?: string;
  children: MapNode[];
  parent: MapNode | undefined;
  keyScope: KeyScope;
  /** Nesting depth of the map file this element came from (root map = 0). */
  mapDepth: number;
  /** Map metadata that cascades to this topicref from enclosing topicrefs, maprefs and maps, nearest first. */
  inheritedMeta: XmlElement[];
  /** With @keyref: the key definition's topicmeta children this topicref takes (map-metadata.ts keyTopicmeta). */
  keyMeta?: XmlElement[];
}

export interface Reltable {
  element: XmlElement;
  /** Per column: relcolspec attributes (type, linking). */
  columns: Array<{ type?: string; linking?: string }>;
  /** rows[r][c] = topicrefs in that cell. */
  rows: MapNode[][][];
}

export interface SubjectDef {
  keys: string[];
  navtitle?: string;
  children: SubjectDef[];
}

/** A subjectScheme map read as metadata: subject trees and attribute bindings. */
export interface SubjectScheme {
  file: string;
  subjects: SubjectDef[];
  /** attribute name -> allowed values (from enumerationdef), all elements together. */
  enumerations: Map<string, string[]>;
  /** Each enumerationdef: the attribute, the element it is limited to (elementdef), the allowed values. */
  enumerationRules: Array<{ attribute: string; element?: string; values: string[] }>;
}

export interface ResolvedMap {
  rootFile: string;
  root: XmlElement | undefined;
  title: XmlElement | undefined;
  titleText: string;
  lang: string;
  /** Top-level topicrefs of the root map, maprefs expanded. */
  nodes: MapNode[];
  reltables: Reltable[];
  keyScope: KeyScope;
  subjectSchemes: SubjectScheme[];
  /** Every map file read. */
  maps: string[];
  /** bookmeta/topicmeta of the root map, if any. */
  meta: XmlElement | undefined;
  isBookmap: boolean;
  /** The key scope each map element (topicref, keydef, mapref, reltable topicref) resolves its @keyref in. */
  elementScopes: WeakMap<XmlElement, KeyScope>;
}

export function* walkNodes(nodes: readonly MapNode[]): Generator<MapNode> {
  for (const n of nodes) {
    yield n;
    yield* walkNodes(n.children);
  }
}

/** The DITA format of a topicref: @format, else from the file extension. */
export function formatOf(el: XmlElement, href: string | undefined): string {
  if (el.attrs.format) return el.attrs.format;
  if (el.name === 'mapref') return 'ditamap';
  if (href === undefined) return 'dita';
  const p = splitHref(href).path.toLowerCase();
  if (p === '') return 'dita';
  if (p.endsWith('.ditamap')) return 'ditamap';
  if (p.endsWith('.dita') || p.endsWith('.xml')) return 'dita';
  const ext = p.slice(p.lastIndexOf('.') + 1);
  return ext || 'dita';
}
