import { createReadStream } from 'node:fs';
import type { Grammar, GrammarInstalled, GrammarQuery, GrammarStatus } from '@ccms/contracts/content/grammar';
import { GrammarKind, GrammarName } from '@ccms/contracts/content/grammar';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import { isUniqueViolation } from '../../../platform/db/errors';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { UploadedFile } from '../../../platform/http/multipart';
import type { Storage } from '../../../platform/storage/storage';
import { deleteGrammars, type GrammarRow, grammarNameTaken, grammarsById, insertGrammar, listGrammars } from './grammar.queries';
import { freeGrammar, inspectPackage, unpackZip } from './grammar-package';
import type { GrammarRegistry } from './grammar-registry';

const present = (r: GrammarRow): Grammar => ({
  grammarId: r.grammarId,
  name: r.name,
  standard: r.standard,
  kind: GrammarKind.catch('dtd').parse(r.kind),
  version: r.version,
  fileCount: r.fileCount,
  catalogPath: r.catalogPath,
  fileName: r.fileName,
  size: r.size,
  createBy: r.createBy,
  createTime: r.createTime,
});

/** The package's name: the one given, else the zip's file name without .zip; refused (naming `name`) when it is no valid name. */
function nameOf(given: string | undefined, fileName: string): string {
  const raw = given?.trim() || fileName.replace(/^.*[\\/]/, '').replace(/\.zip$/i, '');
  const parsed = GrammarName.safeParse(raw);
  if (!parsed.success) throw badRequest(raw === '' ? 'field.required' : 'field.invalidFormat', { field: 'name' });
  return parsed.data;
}

/**
 * Grammar packages: installed from an uploaded zip after its check (nothing is kept of a refused
 * one), stored in file storage, listed and deleted. Validation reads them through the registry.
 */
export function grammarService(db: Db, storage: Storage, registry: GrammarRegistry) {
  return {
    async list(q: GrammarQuery) {
      const { rows, total } = await listGrammars(db, q);
      return { rows: rows.map(present), total };
    },

    status: (): Promise<GrammarStatus> => registry.status(),

    /**
     * Recognises the zip (DITA DTDs with their catalog, S1000D schemas, S1000D default BREX), checks
     * it (DTDs or XSDs that compile, BREX that read), stores it and records it; a refusal changes nothing.
     */
    async install(auth: AuthContext, file: UploadedFile, fields: { name?: string }): Promise<GrammarInstalled> {
      const name = nameOf(fields.name, file.filename);
      if (!/\.zip$/i.test(file.filename)) throw badRequest('grammar.zipOnly', { field: 'file' });
      if (await grammarNameTaken(db, name)) throw badRequest('grammar.nameExists', { field: 'name', name });
      const { storageKey, dir } = registry.beginInstall();
      let stored = false;
      try {
        const paths = await unpackZip(file.path, dir);
        const checked = await inspectPackage(dir, paths, file.filename);
        try {
          await storage.put(storageKey, createReadStream(file.path));
          stored = true;
          const grammarId = await insertGrammar(db, {
            name,
            standard: checked.standard,
            kind: checked.kind,
            version: checked.version,
            fileCount: checked.fileCount,
            catalogPath: checked.catalogPath,
            storageKey,
            fileName: file.filename.slice(0, 255),
            size: file.size,
            createBy: auth.userName,
          });
          registry.adopt(storageKey, checked.loaded);
          return { grammarId, standard: checked.standard, kind: checked.kind, version: checked.version };
        } catch (err) {
          freeGrammar(checked.loaded);
          if (isUniqueViolation(err)) throw badRequest('grammar.nameExists', { field: 'name', name });
          throw err;
        }
      } catch (err) {
        await registry.forget(storageKey);
        if (stored) await storage.remove(storageKey);
        throw err;
      }
    },

    /** Deletes packages: their rows, their stored zips and this node's copies (other nodes drop theirs at their next check). */
    async remove(ids: number[]) {
      const rows = await grammarsById(db, ids);
      const missing = ids.find((id) => !rows.some((r) => r.grammarId === id));
      if (missing !== undefined) throw notFound('grammar.notFound', { id: missing });
      await deleteGrammars(db, ids);
      for (const r of rows) {
        await registry.forget(r.storageKey);
        await storage.remove(r.storageKey);
      }
    },
  };
}
