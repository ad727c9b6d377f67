import path from 'node:path';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogDocument, ccmsDocumentOutput, ccmsLibrary, ccmsPublication, ccmsPublishConfig, ccmsReleaseLog } from '../../../db/schema';
import type { OutputRow } from '../output/output.queries';

/** A successful output with the names the viewer and the portal show. */
export interface LatestOutput {
  output: OutputRow;
  /** p<publicationId>, or d<library>-<branch>-<path> for a map published without a publication. */
  key: string;
  title: string;
  libraryName: string;
  product: string;
}

const keyOf = (o: OutputRow) => (o.publicationId ? `p${o.publicationId}` : `d${o.libraryId}-${o.branch}-${o.path}`);

/**
 * The latest successful output of each publication (or map published without one) and publish
 * config, newest first, in libraries not deleted. Failed, canceled and running outputs never count.
 */
export async function latestOutputs(db: Db): Promise<LatestOutput[]> {
  const all = await db
    .select({
      output: ccmsDocumentOutput,
      libraryName: ccmsLibrary.name,
      publicationName: ccmsPublication.name,
      documentName: ccmsCatalogDocument.name,
      product: ccmsPublishConfig.product,
    })
    .from(ccmsDocumentOutput)
    .innerJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsDocumentOutput.libraryId))
    .leftJoin(ccmsPublication, eq(ccmsPublication.publicationId, ccmsDocumentOutput.publicationId))
    .leftJoin(ccmsPublishConfig, eq(ccmsPublishConfig.configId, ccmsDocumentOutput.configId))
    .leftJoin(
      ccmsCatalogDocument,
      and(
        eq(ccmsCatalogDocument.libraryId, ccmsDocumentOutput.libraryId),
        eq(ccmsCatalogDocument.branch, ccmsDocumentOutput.branch),
        eq(ccmsCatalogDocument.path, ccmsDocumentOutput.path),
      ),
    )
    .where(and(eq(ccmsDocumentOutput.status, 'success'), eq(ccmsLibrary.delFlag, '0')))
    .orderBy(desc(ccmsDocumentOutput.outputId));
  const seen = new Set<string>();
  const latest: LatestOutput[] = [];
  for (const r of all) {
    const o = r.output;
    const key = keyOf(o);
    const perConfig = `${key}|${o.configId ?? o.configName}`;
    if (seen.has(perConfig)) continue;
    seen.add(perConfig);
    latest.push({ output: o, key, title: r.publicationName ?? r.documentName ?? path.basename(o.path), libraryName: r.libraryName, product: r.product ?? '' });
  }
  return latest;
}

/** The release version each output was archived to (the newest archive when several). */
export async function releaseVersions(db: Db, outputIds: number[]): Promise<Map<number, string>> {
  if (outputIds.length === 0) return new Map();
  const rows = await db
    .select({ outputId: ccmsReleaseLog.outputId, version: ccmsReleaseLog.version })
    .from(ccmsReleaseLog)
    .where(and(inArray(ccmsReleaseLog.outputId, outputIds), eq(ccmsReleaseLog.delFlag, '0')))
    .orderBy(desc(ccmsReleaseLog.logId));
  const versions = new Map<number, string>();
  for (const r of rows) if (r.outputId !== null && !versions.has(r.outputId)) versions.set(r.outputId, r.version);
  return versions;
}

/** The title and library name of any output (an older one opened by its link). */
export async function outputNames(db: Db, o: OutputRow): Promise<{ title: string; libraryName: string }> {
  const [r] = await db
    .select({ libraryName: ccmsLibrary.name, publicationName: ccmsPublication.name, documentName: ccmsCatalogDocument.name })
    .from(ccmsDocumentOutput)
    .innerJoin(ccmsLibrary, eq(ccmsLibrary.libraryId, ccmsDocumentOutput.libraryId))
    .leftJoin(ccmsPublication, eq(ccmsPublication.publicationId, ccmsDocumentOutput.publicationId))
    .leftJoin(
      ccmsCatalogDocument,
      and(
        eq(ccmsCatalogDocument.libraryId, ccmsDocumentOutput.libraryId),
        eq(ccmsCatalogDocument.branch, ccmsDocumentOutput.branch),
        eq(ccmsCatalogDocument.path, ccmsDocumentOutput.path),
      ),
    )
    .where(eq(ccmsDocumentOutput.outputId, o.outputId));
  return { title: r?.publicationName ?? r?.documentName ?? path.basename(o.path), libraryName: r?.libraryName ?? '' };
}
