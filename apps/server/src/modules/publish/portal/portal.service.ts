import type { Language } from '@ccms/contracts/constants';
import type { PortalHit, PortalListQuery, PortalOpen, PortalOutput, PortalPublication } from '@ccms/contracts/publish/portal';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { MediaTickets } from '../../../platform/auth/media-ticket';
import { badRequest, forbidden, notFound } from '../../../platform/http/errors';
import type { Storage } from '../../../platform/storage/storage';
import { levelOf, levelsOf } from '../../content/library/library-access';
import { findOutput } from '../output/output.queries';
import { mayRead } from '../output/output.service';
import { type LatestOutput, latestOutputs, outputNames, releaseVersions } from './portal.queries';
import type { OutputPages } from './portal-pages';
import { snippetOf, wordsOf } from './portal-pages';

const API = '/prod-api';
/** Most hits a search answers (the best first). */
export const PORTAL_MAX_HITS = 50;

export interface PortalServiceDeps {
  db: Db;
  tickets: MediaTickets;
  /** Where outputs are kept (the store's publish/outputs scope). */
  outputs: Storage;
  pages: OutputPages;
}

/** An output's language is the reader's when its primary subtag is (zh-CN for zh). */
const speaks = (outputLang: string, lang: Language) => outputLang.toLowerCase().split(/[-_]/)[0] === lang;

/** The reader's language first, then HTML5 before PDF, then by config name. */
function byPreference(lang: Language) {
  return (a: LatestOutput, b: LatestOutput) =>
    Number(speaks(b.output.lang, lang)) - Number(speaks(a.output.lang, lang)) ||
    Number(b.output.format === 'html5') - Number(a.output.format === 'html5') ||
    a.output.configName.localeCompare(b.output.configName);
}

/** The portal: what a reader may read of the latest outputs, a search across their pages, and one opened in place. */
export function portalService({ db, tickets, outputs, pages }: PortalServiceDeps) {
  /** The latest outputs the caller may read. */
  async function readableLatest(auth: AuthContext): Promise<LatestOutput[]> {
    const latest = await latestOutputs(db);
    const levels = await levelsOf(db, auth, [...new Set(latest.map((l) => l.output.libraryId))]);
    return latest.filter((l) => mayRead(auth, l.output, levels.get(l.output.libraryId) ?? null));
  }

  const presentOutput = (l: LatestOutput, versions: Map<number, string>): PortalOutput => ({
    outputId: l.output.outputId,
    format: l.output.format,
    lang: l.output.lang,
    configName: l.output.configName,
    commit: l.output.commit,
    version: versions.get(l.output.outputId) ?? '',
    endTime: l.output.endTime ?? l.output.createTime,
  });

  return {
    /** The publications with their latest outputs the caller may read, grouped by publication, the reader's language first. */
    async list(auth: AuthContext, q: PortalListQuery, lang: Language): Promise<{ rows: PortalPublication[]; total: number }> {
      const readable = await readableLatest(auth);
      const versions = await releaseVersions(
        db,
        readable.map((l) => l.output.outputId),
      );
      const groups = new Map<string, LatestOutput[]>();
      for (const l of readable) groups.set(l.key, [...(groups.get(l.key) ?? []), l]);
      const keyword = q.keyword?.toLowerCase();
      const rows: PortalPublication[] = [];
      for (const [key, outputs] of groups) {
        outputs.sort(byPreference(lang));
        const first = outputs[0];
        if (!first) continue;
        const product = outputs.find((o) => o.product)?.product ?? '';
        if (keyword && ![first.title, first.libraryName, product, first.output.path].some((s) => s.toLowerCase().includes(keyword))) continue;
        rows.push({
          key,
          title: first.title,
          libraryId: first.output.libraryId,
          libraryName: first.libraryName,
          product,
          path: first.output.path,
          outputs: outputs.map((o) => presentOutput(o, versions)),
        });
      }
      rows.sort((a, b) => a.libraryName.localeCompare(b.libraryName) || a.title.localeCompare(b.title));
      return { rows, total: rows.length };
    },

    /** Pages of the latest HTML5 outputs the caller may read that hold every word of `q`: title hits first, the reader's language next. */
    async search(auth: AuthContext, q: string, lang: Language): Promise<{ rows: PortalHit[]; total: number }> {
      const words = wordsOf(q);
      const readable = (await readableLatest(auth)).filter((l) => l.output.format === 'html5' && l.output.outputDir);
      readable.sort(byPreference(lang));
      const hits: (PortalHit & { rank: number })[] = [];
      for (const l of readable) {
        for (const p of await pages.of(l.output.outputId, outputs.scoped(String(l.output.outputId)))) {
          if (!words.every((w) => p.haystack.includes(w))) continue;
          const inTitle = words.every((w) => p.title.toLowerCase().includes(w));
          hits.push({
            outputId: l.output.outputId,
            publication: l.title,
            libraryName: l.libraryName,
            lang: l.output.lang,
            page: p.page,
            title: p.title || p.page,
            snippet: snippetOf(p.text, words),
            rank: (inTitle ? 0 : 2) + (speaks(l.output.lang, lang) ? 0 : 1),
          });
        }
      }
      hits.sort((a, b) => a.rank - b.rank);
      return { rows: hits.slice(0, PORTAL_MAX_HITS).map(({ rank: _rank, ...hit }) => hit), total: hits.length };
    },

    /** An output the caller may read, at its entry page or at `page`, with the other latest outputs of its publication. */
    async open(auth: AuthContext, outputId: number, page: string | undefined, lang: Language): Promise<PortalOpen> {
      const row = await findOutput(db, outputId);
      if (!row) throw notFound('output.notFound', { id: outputId });
      if (!mayRead(auth, row, await levelOf(db, auth, row.libraryId))) throw forbidden('noRelevantPermissions');
      if (row.status !== 'success' || !row.outputDir) throw badRequest('portal.notReady', { id: outputId });
      if (page !== undefined && (page.startsWith('/') || page.includes('\\') || page.split('/').some((s) => s === '..' || s === '.' || s === ''))) {
        throw badRequest('portal.pageInvalid', { page });
      }
      const readable = await readableLatest(auth);
      const self = readable.find((l) => l.output.outputId === outputId);
      const key = self?.key ?? (row.publicationId ? `p${row.publicationId}` : `d${row.libraryId}-${row.branch}-${row.path}`);
      const siblings = readable.filter((l) => l.key === key && l.output.outputId !== outputId).sort(byPreference(lang));
      const versions = await releaseVersions(db, [outputId, ...siblings.map((l) => l.output.outputId)]);
      const me: LatestOutput = self ?? { output: row, key, product: '', ...(await outputNames(db, row)) };
      const file = page ?? row.entryFile;
      return {
        title: me.title,
        libraryName: me.libraryName,
        output: presentOutput(me, versions),
        viewUrl: `${API}/ccms/output/view/${row.outputId}/${tickets.mint(auth, row.libraryId)}/${file.split('/').map(encodeURIComponent).join('/')}`,
        others: siblings.map((l) => presentOutput(l, versions)),
      };
    },
  };
}

export type PortalService = ReturnType<typeof portalService>;
