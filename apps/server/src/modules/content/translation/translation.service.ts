import type { Language } from '@ccms/contracts/constants';
import { holdsContent } from '@ccms/contracts/content/standard';
import type {
  TranslationExportQuery,
  TranslationImportResult,
  TranslationProgress,
  TranslationSetting,
  TranslationSettingBody,
} from '@ccms/contracts/content/translation';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change } from '../../../platform/git/git-repo';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import { findDocument, findDocumentByPath } from '../document/document.queries';
import { createBranch } from '../library/library-branch';
import type { LibraryGit } from '../library/library-git';
import { standardOf } from '../standard/registry';
import { checkDita, errorsIn, type GrammarRules } from '../topic-editor/dita-validation';
import { findSetting, mediaReferencedBy, memoryFor, rememberTranslations, saveSetting } from './translation.queries';
import { applyTranslations, type Segment, segmentsOf } from './translation-segment';
import { readXliff, writeXliff, type XliffFile, type XliffUnit } from './translation-xliff';

/** How many mismatching segments a refusal names. */
const NAMED = 10;

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
  grammar: GrammarRules;
}

/**
 * Translation of a document (its map and every file the map reads) through XLIFF: export with the
 * memory's translations pre-filled, import checked against the current source, written to the
 * library's language layout and committed as the translator, the memory updated.
 */
export function translationService({ db, git, runtime, grammar }: TranslationDeps) {
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
     * Reads a translated XLIFF file back: refused when it does not validate, when its source no
     * longer matches the document's (the segments named), or when a file it makes has a
     * validation error its source does not have; otherwise one commit as the caller and the memory updated.
     */
    async importXliff(auth: AuthContext, text: string, lang: Language): Promise<TranslationImportResult> {
      const parsed = await readXliff(text);
      if (!parsed.ok) throw badRequest('translation.invalidXliff', { detail: parsed.problem.slice(0, 300) });
      const { header } = parsed;
      const targetLang = header.trgLang;
      if (!targetLang) throw badRequest('translation.langInvalid', { field: 'trgLang' });
      if (!header.documentId) throw badRequest('translation.notOurs');
      const src = await sourceOf(auth, header.documentId, 'write');
      if (src.row.libraryId !== header.libraryId) throw badRequest('translation.notOurs');

      // The file must describe the current source, unit by unit.
      const mismatches: string[] = [];
      const byPath = new Map(src.files.map((f) => [f.path, f]));
      const seen = new Set<string>();
      for (const file of parsed.files) {
        const source = byPath.get(file.path);
        seen.add(file.path);
        const segments = new Map(source?.segments.map((s) => [s.key, s]));
        const named = new Set<string>();
        for (const u of file.units) {
          const seg = segments.get(u.name);
          named.add(u.name);
          if (!seg || seg.text !== u.source || seg.codes.join('\u0001') !== u.codes.join('\u0001')) mismatches.push(`${file.path} ${u.id} (${u.name})`);
        }
        for (const s of source?.segments ?? []) if (!named.has(s.key)) mismatches.push(`${file.path} ${s.key}`);
      }
      for (const f of src.files) if (!seen.has(f.path) && f.segments.length > 0) mismatches.push(f.path);
      if (mismatches.length > 0) {
        const more = mismatches.length > NAMED ? ` (+${mismatches.length - NAMED})` : '';
        throw badRequest('translation.sourceChanged', { segments: mismatches.slice(0, NAMED).join('; ') + more });
      }

      // Placeholders must all come back, each once: they are the markup of the sentence.
      for (const file of parsed.files) {
        for (const u of file.units) {
          if (u.target === undefined) continue;
          const want = u.codes.map((_, i) => `{${i + 1}}`).sort();
          const got = (u.target.match(/\{\d+\}/g) ?? []).sort();
          if (want.join() !== got.join()) throw badRequest('translation.placeholders', { unit: `${file.path} ${u.id}` });
        }
      }
      const setting = await settingOf(src.row.libraryId);
      const place = placeOf(setting, src.branch, targetLang);
      const changes: Change[] = [];
      let translated = 0;
      let units = 0;
      for (const file of parsed.files) {
        const source = byPath.get(file.path);
        if (!source) continue;
        const targets = new Map<string, string>();
        for (const u of file.units) {
          units += 1;
          if (u.target !== undefined && u.target.trim() !== '') {
            targets.set(u.name, u.target);
            if (u.state === 'translated') translated += 1;
          }
        }
        const out = applyTranslations(source.xml, source.segments, targets, targetLang);
        const target = place.pathOf(file.path);
        // Validated like a save; a problem the source already has (e.g. a newer DITA attribute
        // than the installed DTDs) is not the translation's and does not refuse it.
        let errors = errorsIn((await checkDita(out, target, lang, grammar)).problems);
        if (errors.length > 0) {
          const inSource = new Set(errorsIn((await checkDita(source.xml, file.path, lang, grammar)).problems).map((p) => `${p.code}\u0000${p.message}`));
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
      const committed = await git.commit(src.row, auth, place.branch, changes, message);
      await rememberTranslations(
        db,
        parsed.files.flatMap((file) => {
          const segs = new Map(byPath.get(file.path)?.segments.map((s) => [s.key, s]));
          return file.units.flatMap((u) => {
            const seg = segs.get(u.name);
            if (!seg || u.target === undefined || u.target.trim() === '') return [];
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
      await catalog.afterCommit(src.row, place.branch);
      return { commit: committed.commit, branch: place.branch, targetLang, paths: changes.map((c) => (c.op === 'move' ? c.to : c.path)), units, translated };
    },
  };
}
