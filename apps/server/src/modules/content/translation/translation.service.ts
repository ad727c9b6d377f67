import type { Language } from '@ccms/contracts/constants';
import { holdsContent } from '@ccms/contracts/content/standard';
import {
  isContentLanguage,
  type StaleUnit,
  type TranslationExportQuery,
  type TranslationImportResult,
  type TranslationProgress,
  type TranslationSetting,
  type TranslationSettingBody,
} from '@ccms/contracts/content/translation';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change } from '../../../platform/git/git-repo';
import { AppError, badRequest, notFound } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import { findDocument, findDocumentByPath } from '../document/document.queries';
import { createBranch } from '../library/library-branch';
import type { LibraryGit } from '../library/library-git';
import { type DitaCheck, errorsIn } from '../shared/dita-validation';
import { standardOf } from '../standard/registry';
import { findSetting, mediaReferencedBy, memoryFor, rememberTranslations, saveSetting } from './translation.queries';
import { applyTranslations, type Segment, segmentsOf } from './translation-segment';
import { readXliff, writeXliff, type XliffFile, type XliffUnit } from './translation-xliff';

interface SourceFile {
  path: string;
  xml: string;
  segments: Segment[];
}

export interface TranslationDeps {
  db: Db;
  git: LibraryGit;
  runtime: CatalogRuntime;
  /** Which files the DTD checks (the document types table), as for a save. */
  /** A DITA text's check (the app's runs on the content threads). */
  ditaCheck: DitaCheck;
}

/**
 * Translation of a document (its map and every file the map reads) through XLIFF: export with the
 * memory's translations pre-filled, import checked against the current source, written to the
 * library's language layout and committed as the translator, the memory updated.
 */
export function translationService({ db, git, runtime, ditaCheck }: TranslationDeps) {
  const { catalog } = runtime;

  async function settingOf(libraryId: number): Promise<TranslationSetting> {
    const row = await findSetting(db, libraryId);
    return { libraryId, layout: row?.layout === 'branch' ? 'branch' : 'folder', sourceLang: row?.sourceLang ?? 'en-US' };
  }

  /** The document's files at the head of its branch, each with its units. */
  async function sourceOf(auth: AuthContext, documentId: number, need: 'read' | 'write') {
    const stored = await findDocument(db, documentId);
    if (!stored) throw notFound('translation.documentMissing', { id: documentId });
    const opened = await catalog.open(auth, stored.libraryId, stored.branch, need);
    // Indexing to the head may have changed what the map reads: read the row again.
    const current = await findDocumentByPath(db, stored.libraryId, stored.branch, stored.path);
    const doc = (current && (await findDocument(db, current.documentId))) ?? stored;
    const { repo } = await git.ready(opened.row);
    const commit = opened.index.commit;
    // What is translated is what holds content, as the library's standard reads the names (not images, not filter rules).
    const { files: standard } = standardOf(opened.row.libraryType);
    const paths = [...new Set([doc.path, ...(doc.files ?? [])])].filter((p) => holdsContent(standard, p));
    const texts = await repo.readFiles(commit, paths);
    const files: SourceFile[] = [];
    paths.forEach((p, i) => {
      const buf = texts[i];
      if (!buf) return;
      const xml = buf.toString('utf8');
      files.push({ path: p, xml, segments: segmentsOf(xml) });
    });
    return { doc, row: opened.row, branch: opened.branch, commit, files };
  }

  /** Every unit with what the memory holds for it. */
  async function unitsOf(libraryId: number, targetLang: string, files: SourceFile[]): Promise<XliffFile[]> {
    const memory = await memoryFor(
      db,
      libraryId,
      targetLang,
      files.flatMap((f) => f.segments.map((s) => s.hash)),
    );
    return files.map((f) => ({
      path: f.path,
      units: f.segments.map((s, i): XliffUnit => {
        const known = memory.get(s.hash);
        return {
          id: `u${i + 1}`,
          name: s.key,
          source: s.text,
          codes: s.codes,
          target: known?.target,
          state: known ? (known.state === 'translated' ? 'translated' : 'fuzzy') : 'new',
        };
      }),
    }));
  }

  const count = (documentId: number, targetLang: string, sourceCommit: string, files: XliffFile[]): TranslationProgress => {
    const units = files.flatMap((f) => f.units);
    return {
      documentId,
      targetLang,
      sourceCommit,
      files: files.length,
      total: units.length,
      translated: units.filter((u) => u.state === 'translated').length,
      fuzzy: units.filter((u) => u.state === 'fuzzy').length,
      new: units.filter((u) => u.state === 'new').length,
    };
  };

  /** Where a language's copy of a source file goes, and on which branch. */
  function placeOf(setting: TranslationSetting, branch: string, lang: string) {
    return setting.layout === 'branch' ? { branch: `${branch}-${lang}`, pathOf: (p: string) => p } : { branch, pathOf: (p: string) => `${lang}/${p}` };
  }

  return {
    setting: async (auth: AuthContext, libraryId: number) => {
      await catalog.access(auth, libraryId, 'read');
      return settingOf(libraryId);
    },

    async saveSetting(auth: AuthContext, body: TranslationSettingBody) {
      await catalog.access(auth, body.libraryId, 'write');
      await saveSetting(db, { libraryId: body.libraryId, layout: body.layout, sourceLang: body.sourceLang, updateBy: auth.userName });
    },

    async progress(auth: AuthContext, q: { documentId: number; targetLang: string }): Promise<TranslationProgress> {
      const src = await sourceOf(auth, q.documentId, 'read');
      return count(src.doc.documentId, q.targetLang, src.commit, await unitsOf(src.row.libraryId, q.targetLang, src.files));
    },

    /** The XLIFF text, its file name and the counts; the file is checked against its schema before it is answered. */
    async exportXliff(auth: AuthContext, q: TranslationExportQuery) {
      const src = await sourceOf(auth, q.documentId, 'read');
      const setting = await settingOf(src.row.libraryId);
      const files = await unitsOf(src.row.libraryId, q.targetLang, src.files);
      const xliff = writeXliff(
        q.version,
        {
          libraryId: src.row.libraryId,
          branch: src.branch,
          commit: src.commit,
          documentId: src.doc.documentId,
          mapPath: src.doc.path,
          srcLang: setting.sourceLang,
          trgLang: q.targetLang,
        },
        files,
      );
      const checked = await readXliff(xliff);
      if (!checked.ok) throw new Error(`exported XLIFF does not validate: ${checked.problem}`);
      const base = src.doc.path.slice(src.doc.path.lastIndexOf('/') + 1).replace(/\.[^.]+$/, '');
      return {
        xliff,
        filename: `${base}.${q.targetLang}.${q.version === '2.1' ? 'xlf' : 'xliff'}`,
        progress: count(src.doc.documentId, q.targetLang, src.commit, files),
      };
    },

    /**
     * Reads a translated XLIFF file back: refused when it does not validate, is for another
     * library or branch, or when a file it makes has a validation error its source does not have.
     * Units whose source changed since the export (or that the file lacks) are not imported but
     * listed as needing a new translation; the others are written in one commit as the caller and
     * the memory updated. The answer counts what was imported, unchanged and skipped.
     */
    async importXliff(auth: AuthContext, text: string, lang: Language): Promise<TranslationImportResult> {
      const parsed = await readXliff(text);
      if (!parsed.ok) throw badRequest('translation.invalidXliff', { detail: parsed.problem.slice(0, 300) });
      const { header } = parsed;
      const targetLang = header.trgLang;
      if (!isContentLanguage(targetLang)) throw badRequest('translation.langUnknown', { field: 'trgLang' });
      if (!header.documentId) throw badRequest('translation.notOurs');
      const src = await sourceOf(auth, header.documentId, 'write');
      if (src.row.libraryId !== header.libraryId) throw badRequest('translation.otherLibrary', { library: header.libraryId, id: header.documentId });
      if (src.branch !== header.branch) throw badRequest('translation.otherBranch', { branch: header.branch, id: header.documentId, current: src.branch });

      // Placeholders must all come back, each once: they are the markup of the sentence.
      for (const file of parsed.files) {
        for (const u of file.units) {
          if (u.target === undefined) continue;
          const want = u.codes.map((_, i) => `{${i + 1}}`).sort();
          const got = (u.target.match(/\{\d+\}/g) ?? []).sort();
          if (want.join() !== got.join()) throw badRequest('translation.placeholders', { unit: `${file.path} ${u.id}` });
        }
      }

      // Unit by unit against the current source: a unit whose source changed needs a new translation.
      const stale: StaleUnit[] = [];
      const byPath = new Map(src.files.map((f) => [f.path, f]));
      /** The translations that still describe the current source, per file, by segment key. */
      const fresh = new Map<string, Map<string, XliffUnit>>();
      for (const file of parsed.files) {
        const source = byPath.get(file.path);
        const segments = new Map(source?.segments.map((s) => [s.key, s]));
        const kept = fresh.get(file.path) ?? new Map<string, XliffUnit>();
        fresh.set(file.path, kept);
        for (const u of file.units) {
          const seg = segments.get(u.name);
          if (seg && seg.text === u.source && seg.codes.join('\u0001') === u.codes.join('\u0001')) kept.set(u.name, u);
          else stale.push({ path: file.path, unit: u.id, name: u.name, source: u.source, current: seg?.text ?? null });
        }
        const named = new Set(file.units.map((u) => u.name));
        for (const s of source?.segments ?? []) if (!named.has(s.key)) stale.push({ path: file.path, unit: '', name: s.key, source: null, current: s.text });
      }
      for (const f of src.files) {
        if (fresh.has(f.path)) continue;
        for (const s of f.segments) stale.push({ path: f.path, unit: '', name: s.key, source: null, current: s.text });
      }
      const units = parsed.files.reduce((n, f) => n + f.units.length, 0);
      const given = (u: XliffUnit) => u.target !== undefined && u.target.trim() !== '';
      const keptUnits = [...fresh.values()].flatMap((m) => [...m.values()]);
      const applied = keptUnits.filter(given);
      const translated = applied.filter((u) => u.state === 'translated').length;
      const skipped = keptUnits.length - applied.length;
      const setting = await settingOf(src.row.libraryId);
      const place = placeOf(setting, src.branch, targetLang);
      const report = { branch: place.branch, targetLang, units, translated, skipped, stale };
      if (applied.length === 0) return { ...report, commit: null, paths: [], imported: 0, unchanged: 0 };

      // What the memory already holds as it is counts as unchanged; the rest is imported.
      const hashOfUnit = new Map<XliffUnit, string>();
      for (const [p, kept] of fresh) {
        const segs = new Map(byPath.get(p)?.segments.map((s) => [s.key, s]));
        for (const [key, u] of kept) {
          const seg = segs.get(key);
          if (seg) hashOfUnit.set(u, seg.hash);
        }
      }
      const known = await memoryFor(db, src.row.libraryId, targetLang, [...hashOfUnit.values()]);
      const unchanged = applied.filter((u) => {
        const had = known.get(hashOfUnit.get(u) ?? '');
        return had !== undefined && had.target === u.target && had.state === (u.state === 'translated' ? 'translated' : 'fuzzy');
      }).length;

      const changes: Change[] = [];
      for (const file of parsed.files) {
        const source = byPath.get(file.path);
        if (!source) continue;
        const targets = new Map<string, string>();
        for (const [key, u] of fresh.get(file.path) ?? []) if (given(u) && u.target !== undefined) targets.set(key, u.target);
        const out = applyTranslations(source.xml, source.segments, targets, targetLang);
        const target = place.pathOf(file.path);
        // Validated like a save; a problem the source already has (e.g. a newer DITA attribute
        // than the installed DTDs) is not the translation's and does not refuse it.
        let errors = errorsIn((await ditaCheck(out, target, lang)).problems);
        if (errors.length > 0) {
          const inSource = new Set(errorsIn((await ditaCheck(source.xml, file.path, lang)).problems).map((p) => `${p.code}\u0000${p.message}`));
          errors = errors.filter((p) => !inSource.has(`${p.code}\u0000${p.message}`));
        }
        if (errors.length > 0) {
          const first = errors[0];
          throw badRequest('translation.invalidTarget', {
            path: target,
            detail: `${first?.line ?? 0}:${first?.column ?? 0} ${first?.message ?? ''}`.slice(0, 300),
          });
        }
        changes.push({ op: 'put', path: target, content: Buffer.from(out, 'utf8') });
      }
      // In a language folder the translated topics' relative image references point into the folder:
      // the images (and videos) they reference are copied there as they are at the source commit.
      // A language branch starts from the source branch and already holds them at the same paths.
      if (setting.layout === 'folder') {
        const translatedPaths = parsed.files.map((f) => f.path).filter((p) => byPath.has(p));
        const media = await mediaReferencedBy(db, src.row.libraryId, src.branch, translatedPaths);
        const { repo } = await git.ready(src.row);
        const bytes = await repo.readFiles(src.commit, media);
        media.forEach((p, i) => {
          const content = bytes[i];
          if (content) changes.push({ op: 'put', path: place.pathOf(p), content });
        });
      }
      if (place.branch !== src.branch) await createBranch(git, src.row, src.branch, place.branch, auth.userName);
      const message = `Translate ${src.doc.name || src.doc.path} into ${targetLang} (source ${src.commit.slice(0, 12)})`;
      // The same translations imported again write nothing: no commit, the report says so.
      const committed = await git.commit(src.row, auth, place.branch, changes, message).catch((err: unknown) => {
        if (err instanceof AppError && err.key === 'explorer.noChange') return null;
        throw err;
      });
      await rememberTranslations(
        db,
        [...fresh].flatMap(([p, kept]) => {
          const segs = new Map(byPath.get(p)?.segments.map((s) => [s.key, s]));
          return [...kept.values()].flatMap((u) => {
            const seg = segs.get(u.name);
            if (!seg || u.target === undefined || !given(u)) return [];
            return [
              {
                libraryId: src.row.libraryId,
                targetLang,
                sourceHash: seg.hash,
                source: seg.text,
                target: u.target,
                state: u.state === 'translated' ? 'translated' : 'fuzzy',
                createBy: auth.userName,
              },
            ];
          });
        }),
      );
      if (committed) await catalog.afterCommit(src.row, place.branch);
      return {
        ...report,
        commit: committed?.commit ?? null,
        paths: committed ? changes.map((c) => (c.op === 'move' ? c.to : c.path)) : [],
        imported: applied.length - unchanged,
        unchanged,
      };
    },
  };
}
