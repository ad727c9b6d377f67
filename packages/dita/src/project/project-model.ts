import { createHash } from 'node:crypto';
import type { Condition, ConditionFilter } from '../ditaval/ditaval.js';
import type { KeyScope } from '../keys/key-space.js';
import type { RawReference, Reference } from '../links/link-graph.js';
import { mapMetadataOf } from '../map/map-metadata.js';
import type { MapNode, ResolvedMap } from '../map/map-model.js';
import { walkNodes } from '../map/map-model.js';
import { resolvedProlog } from '../map/move-meta.js';
import type { DitaDocument } from '../model/dita-document.js';
import type { TopicMetadata } from '../model/topic-metadata.js';
import { topicMetadata } from '../model/topic-metadata.js';
import type { Problem } from '../problems/problem.js';
import type { FileSource } from '../source/file-source.js';
import type { XmlElement } from '../xml/xml-dom.js';

export interface LoadOptions {
  source: FileSource;
  /** Root map path inside the source. */
  map: string;
  /** Filter conditions (a filter group) applied with or instead of a DITAVAL file. */
  conditions?: Condition[];
  /** A DITAVAL file: its path (for messages, flag images) and content. */
  ditaval?: { path: string; content: string | Buffer };
  /** Reuse unchanged parsed files of a previous load. */
  previous?: DitaProject;
  changed?: readonly string[];
  /** The publication's language: generated text of content without xml:lang (neither its topic nor its map sets one). */
  lang?: string;
}

/** Files the engine parses as XML (a reference's fragment is looked for in these only). */
export const XML_EXT = /\.(dita|ditamap|xml|ditaval)$/i;
/** Problems of a file that stand while the file is carried over unchanged (found parsing it or pulling content into it). */
export const CARRIED_CODES = /^(xml-|conref|conkeyref|conaction|subject-)/;
/** Problems found while resolving the map itself (kept when the map is reused). */
export const MAP_CODES = /^(map-|key-undefined$)/;

/** A file's text, with its hash worked out only when asked for. */
export class RawFile {
  private digest: string | undefined;
  constructor(readonly text: string) {}
  get hash(): string {
    this.digest ??= hashText(this.text);
    return this.digest;
  }
}

/** Everything the engine knows about a map after reading, filtering and resolving it. */
export class DitaProject {
  readonly source: FileSource;
  readonly map: ResolvedMap;
  readonly docs: Map<string, DitaDocument>;
  readonly problems: Problem[];
  /** References per file, in document order. */
  readonly referencesByFile: Map<string, Reference[]>;
  /** Key scope of each topic file (the scope of the first topicref to it). */
  readonly scopes: Map<string, KeyScope>;
  /** file -> files it pulled content from (conref, conkeyref, pushes). */
  readonly conrefDependencies: Map<string, Set<string>>;
  readonly raw: Map<string, RawFile>;
  readonly filter: ConditionFilter;
  /** References as written, per file (reused by incremental loads). */
  readonly rawRefs: Map<string, RawReference[]>;
  /** Local DITA files each file links to or pulls from (the reading frontier). */
  readonly fileTargets: Map<string, string[]>;
  /** Files that push content (@conaction) or receive pushed content. */
  readonly pushFiles: Set<string>;
  /** Incremental load: files re-read and re-resolved, and key names whose definition changed. */
  readonly dirty: Set<string> | undefined;
  readonly changedKeys: Set<string> | undefined;
  /** Options the project was loaded with (for incremental reloads). */
  readonly options: LoadOptions;

  constructor(init: {
    source: FileSource;
    map: ResolvedMap;
    docs: Map<string, DitaDocument>;
    problems: Problem[];
    referencesByFile: Map<string, Reference[]>;
    scopes: Map<string, KeyScope>;
    conrefDependencies: Map<string, Set<string>>;
    raw: Map<string, RawFile>;
    filter: ConditionFilter;
    rawRefs: Map<string, RawReference[]>;
    fileTargets: Map<string, string[]>;
    pushFiles: Set<string>;
    dirty: Set<string> | undefined;
    changedKeys: Set<string> | undefined;
    options: LoadOptions;
  }) {
    this.source = init.source;
    this.map = init.map;
    this.docs = init.docs;
    this.problems = init.problems;
    this.referencesByFile = init.referencesByFile;
    this.scopes = init.scopes;
    this.conrefDependencies = init.conrefDependencies;
    this.raw = init.raw;
    this.filter = init.filter;
    this.rawRefs = init.rawRefs;
    this.fileTargets = init.fileTargets;
    this.pushFiles = init.pushFiles;
    this.dirty = init.dirty;
    this.changedKeys = init.changedKeys;
    this.options = init.options;
  }

  /** Every reference (topicref, xref, link, conref, conkeyref, keyref, image, object, coderef). */
  get references(): Reference[] {
    return [...this.referencesByFile.values()].flat();
  }

  scopeOf(file: string): KeyScope {
    return this.scopes.get(file) ?? this.map.keyScope;
  }

  /** The first topicref to each file, built on first use. */
  private firstNodes: Map<string, MapNode> | undefined;

  /** Prolog metadata (authors, dates, keywords, othermeta) of a topic: the file's first topic, or the one with topicId. */
  metadataOf(file: string, topicId?: string): TopicMetadata | undefined {
    const topic = this.topicOf(file, topicId);
    return topic === undefined ? undefined : topicMetadata(topic, this.scopeOf(file), this.mapMetaOf(file));
  }

  /** A topic's resolved prolog: its own with the map metadata of the first topicref to its file merged in (map/move-meta.ts). */
  prologOf(file: string, topicId?: string): XmlElement | undefined {
    const topic = this.topicOf(file, topicId);
    return topic === undefined ? undefined : resolvedProlog(topic, this.mapMetaOf(file));
  }

  private topicOf(file: string, topicId?: string): XmlElement | undefined {
    const doc = this.docs.get(file);
    return topicId !== undefined ? doc?.topic(topicId) : doc?.firstTopic;
  }

  /** The map metadata of the first topicref to the file (as on its page), nearest first. */
  private mapMetaOf(file: string): XmlElement[] {
    this.firstNodes ??= new Map(this.topicNodes.flatMap((n) => (n.href !== undefined ? [[n.href, n] as const] : [])).reverse());
    const node = this.firstNodes.get(file);
    return node !== undefined ? mapMetadataOf(node) : [];
  }

  /** Topicrefs in map order that produce output (normal role, local DITA topics). */
  get topicNodes(): MapNode[] {
    return [...walkNodes(this.map.nodes)].filter((n) => n.href !== undefined && n.scope === 'local' && n.format === 'dita' && n.processingRole === 'normal');
  }
}

function hashText(text: string): string {
  return createHash('sha1').update(text).digest('hex');
}
