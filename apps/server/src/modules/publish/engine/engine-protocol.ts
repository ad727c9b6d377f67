import type { ContentStandardId } from '@ccms/contracts/content/standard';
import type { XmlProfileSpec } from '@ccms/contracts/content/xml-profile';
import type { Condition, Problem } from '@ccms/dita';

/** What the server asks the publish process to do: one build of one output. */
export interface EngineRequest {
  type: 'run';
  id: number;
  /** The build's identity (publication or document, and config): its previous build is reused when the fingerprint matches. */
  key: string;
  /** What must match for an incremental build: filters and formats. */
  fingerprint: string;
  srcDir: string;
  outDir: string;
  /** The library's content standard: which engine builds (DITA when absent). */
  standard?: ContentStandardId;
  /** The document to publish: a DITA map, or an S1000D publication module. */
  map: string;
  /** S1000D: the applicability selection (a PCT product, property values, values excluded by ident) the publication is filtered for; flight ops: product is the aircraft (MSN or registration). */
  applic?: { product?: string; assign?: Record<string, string>; exclude?: Record<string, string[]> };
  /** A library read by an XML profile: the profile the document is published by. */
  xmlProfile?: XmlProfileSpec;
  format: 'html5' | 'pdf';
  conditions: Condition[];
  ditaval?: { path: string; content: string };
  /** Files changed since the previous build of the key; null for a full build. */
  changed: string[] | null;
  chromium?: string;
  /** PDF: what the cover says of the build when the map does not: the commit (short) and the publish date (YYYY-MM-DD). */
  cover?: { revision?: string; date?: string };
  /** DITA: the publication's language (its config's), for generated text of content whose topics and map set no xml:lang. */
  lang?: string;
}

export type EngineReply =
  | { type: 'progress'; id: number; phase: string; done: number; total: number }
  | {
      type: 'done';
      id: number;
      pages: number;
      problems: Problem[];
      pdfFile?: string;
      incremental: boolean;
      /** When the process took the request up and when it sent this (epoch ms): the build's own time, apart from the process's start and the server's reading of the reply. */
      begun: number;
      ended: number;
    }
  | { type: 'error'; id: number; message: string };
