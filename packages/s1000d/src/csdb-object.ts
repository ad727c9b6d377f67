/** A described CSDB object (describe.ts makes one per file) and what it references and lists. */
import type { Applic, CrossRefTables } from './applic.js';
import type { IssueInfo, Language, ObjectKind } from './codes.js';
import type { Problem } from './problem.js';
import type { XmlDocument } from './xml.js';

export type RefKind = 'dm' | 'pm' | 'icn' | 'internal' | 'cir' | 'dml' | 'comment';

export interface Reference {
  kind: RefKind;
  /** The referenced code: DMC-..., PMC-..., ICN-..., an id (internal), or `type:key` (cir). */
  target: string;
  issue?: IssueInfo;
  language?: Language;
  /** Element that carries the reference (dmRef, pmRef, graphic, internalRef, partRef, ...). */
  element: string;
  /** Where the reference sits: the identification and status section, or the content. */
  section: 'status' | 'content';
  /** Name of the parent element (brexDmRef, applicCrossRefTableRef, pmEntry, dmlEntry, para, ...). */
  parent?: string;
  /** A dmRef among a container data module's alternatives. */
  inContainer?: boolean;
  line: number;
  column: number;
}

export type TocItem = { kind: 'entry'; title: string; line: number; items: TocItem[] } | { kind: 'dmRef' | 'pmRef'; ref: Reference };

export interface ListEntry {
  ref?: Reference;
  /** dmlEntry/@issueType (new, changed, deleted, ...) or the delivery item's file name. */
  issueType?: string;
  dispatchFileName?: string;
  entityControlNumber?: string;
  issue?: IssueInfo;
  line: number;
}

export type QualityAssurance = 'unverified' | 'firstVerification' | 'secondVerification';

export interface CsdbObject {
  file: string;
  kind: ObjectKind;
  /** The code from the content (the file name for an ICN); never taken from the name when the content has one. */
  code: string;
  issue?: IssueInfo;
  language?: Language;
  /** Issue-inWork, e.g. 008-00. */
  revision?: string;
  /** S1000D issue of the schema (4.1, 4.2, 5.0, 6), when the object names one. */
  s1000dIssue?: string;
  /** Root element (dmodule, pm, dml, ddn, comment, dataUpdateFile). */
  root?: string;
  /** Schema name from xsi:noNamespaceSchemaLocation (proced, descript, ...). */
  schema?: string;
  title: string;
  infoCode?: string;
  issueType?: string;
  qualityAssurance?: QualityAssurance;
  /** Whole-module applicability (dmStatus/applic, pmStatus/applic). */
  applic?: Applic;
  applicText?: string;
  /** Inline applicability (referencedApplicGroup) by id. */
  applicGroup: Map<string, Applic>;
  references: Reference[];
  /** ENTITY declarations of the internal subset (ICN entities), by name. */
  entities: Map<string, { systemId?: string; notation?: string; line: number }>;
  toc?: TocItem[];
  entries?: ListEntry[];
  /** ACT, CCT, PCT contents when the module is one. */
  tables?: CrossRefTables;
  /** CIR items this module defines (type:key). */
  cirItems?: string[];
  /** ICN file format (extension) for graphics. */
  format?: string;
  problems: Problem[];
  /** The parsed document, kept to produce filtered instances without parsing again. */
  xml?: XmlDocument;
  /** True when the object was refused (Issue 3.0 or older, not well-formed): only kind, code and problems are set. */
  refused?: boolean;
}
