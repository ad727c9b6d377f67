import { readFile } from 'node:fs/promises';
import type { TransferExportBody, TransferImportFields, TransferImportResult } from '@ccms/contracts/content/s1000d-transfer';
import {
  brexDmRefOf,
  type CsdbObject,
  ddnCodeOf,
  ddnItemOf,
  describeFile,
  issueString,
  parseFileName,
  pmTransferSet,
  transferChanges,
  writeDdn,
} from '@ccms/s1000d';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import { findDocument } from '../document/document.queries';
import { documentMissing } from '../document/document.service';
import type { UploadedFile } from '../document/document-write';
import type { LibraryGit } from '../library/library-git';
import { repoPath } from '../shared/repo-path';
import { withUnpackedZip, writeZip } from '../shared/zip';
import { s1000dSetOf } from './s1000d-set';

const baseName = (p: string) => p.slice(p.lastIndexOf('/') + 1);
const folderOf = (p: string) => (p.includes('/') ? p.slice(0, p.lastIndexOf('/')) : '');
const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);

/** The second part of a code (DMC-<model>-..., PMC-<model>-...): the model ident code a DDN names. */
const modelOf = (code: string) => code.split('-')[1] ?? 'UNKNOWN';

/** The folder most of a set's objects are in: where a package's files go by default. */
function homeFolder(objects: CsdbObject[]): string {
  const counts = new Map<string, number>();
  for (const o of objects) counts.set(folderOf(o.file), (counts.get(folderOf(o.file)) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]?.[0] ?? '';
}

/** The one zip of an upload form. */
function theZip(files: UploadedFile[]): UploadedFile {
  const [file] = files;
  if (!file || files.length !== 1 || !file.filename.toLowerCase().endsWith('.zip')) throw badRequest('import.oneZip');
  return file;
}

/**
 * Transfer packages of an S1000D library: a DDN and the files it lists, sent as a zip (a PM with
 * what it takes along, or what changed since a day), and a received package taken in as one commit
 * that says, by code and issue, what it added, which issues it brought and what it left as it was.
 */
export function transferService(db: Db, git: LibraryGit, { catalog, indexer }: CatalogRuntime) {
  return {
    async exportPackage(auth: AuthContext, body: TransferExportBody): Promise<{ fileName: string; zip: Buffer; files: number }> {
      const scope = await catalog.open(auth, body.libraryId, body.branch);
      const csdb = await s1000dSetOf(indexer, git, scope);
      let objects: CsdbObject[];
      let pm: CsdbObject | undefined;
      if (body.documentId !== undefined) {
        const doc = await findDocument(db, body.documentId);
        if (!doc || doc.libraryId !== scope.row.libraryId || doc.branch !== scope.branch) throw documentMissing();
        pm = csdb.objects.find((o) => o.file === doc.path);
        if (pm?.kind !== 'pm') throw badRequest('s1000d.notPm', { field: 'documentId', path: doc.path });
        objects = pmTransferSet(csdb, pm);
      } else {
        const since = body.since ?? '';
        const changed = new Set(await git.repoOf(scope.row.libraryId).pathsChangedSince(scope.index.commit, since));
        objects = csdb.objects.filter((o) => changed.has(o.file) && o.kind !== 'ddn');
        if (objects.length === 0) throw badRequest('transfer.nothingSince', { field: 'since', since });
      }
      const now = new Date();
      const first = pm ?? objects[0];
      const options = {
        modelIdentCode: modelOf(first?.code ?? ''),
        senderIdent: body.senderIdent,
        receiverIdent: body.receiverIdent,
        year: String(now.getUTCFullYear()),
        seqNumber: '',
        date: now,
        from: body.from,
        to: body.to,
        authorization: body.authorization,
        brexDmRef: brexDmRefOf(first),
        items: objects.map(ddnItemOf),
      };
      // The next sequence number of this sender, receiver and year among the DDNs the library keeps.
      const prefix = ddnCodeOf({ ...options, seqNumber: '' });
      const used = csdb.objects.filter((o) => o.kind === 'ddn' && o.code.startsWith(prefix)).map((o) => Number(o.code.slice(prefix.length)) || 0);
      options.seqNumber = String(Math.max(0, ...used) + 1).padStart(5, '0');
      const ddnName = `${ddnCodeOf(options)}.XML`;
      const contents = await git.repoOf(scope.row.libraryId).readFiles(
        scope.index.commit,
        objects.map((o) => o.file),
      );
      const files: Array<{ path: string; content: Buffer }> = [{ path: ddnName, content: Buffer.from(writeDdn(options), 'utf8') }];
      objects.forEach((o, i) => {
        const content = contents[i];
        if (content) files.push({ path: baseName(o.file), content });
      });
      return { fileName: `${ddnCodeOf(options)}.zip`, zip: await writeZip(files), files: files.length };
    },

    async assertWritable(auth: AuthContext, libraryId: number) {
      await catalog.access(auth, libraryId, 'write');
    },

    async importPackage(auth: AuthContext, fields: TransferImportFields, files: UploadedFile[]): Promise<TransferImportResult> {
      const { row } = await catalog.access(auth, fields.libraryId, 'write');
      const scope = await catalog.open(auth, fields.libraryId, fields.branch);
      const branch = scope.branch;
      const csdb = await s1000dSetOf(indexer, git, scope);
      const zip = theZip(files);
      const folder = fields.folder !== undefined && fields.folder !== '' ? repoPath(fields.folder, 'folder', { root: true }) : homeFolder(csdb.objects);
      return withUnpackedZip(zip.path, async (entries) => {
        const arriving: Array<{ path: string; object: CsdbObject; sameBytes: boolean; file: string }> = [];
        const current = git.repoOf(row.libraryId);
        for (const entry of entries) {
          const name = baseName(entry.path);
          const parsed = parseFileName(name);
          if (parsed === undefined) throw badRequest('transfer.notS1000dFile', { file: entry.path });
          const bytes = await readFile(entry.file);
          const object = parsed.kind === 'icn' ? describeFile(name) : describeFile(name, bytes);
          if (object.refused) throw badRequest('transfer.badFile', { file: entry.path, reason: (object.problems[0]?.message ?? '').slice(0, 200) });
          const target = joinPath(folder, name);
          const held = await current.readFile(scope.index.commit, target);
          arriving.push({ path: target, object: { ...object, file: target }, sameBytes: held?.equals(bytes) === true, file: entry.file });
        }
        if (arriving.length === 0) throw badRequest('transfer.emptyPackage');
        // The same object twice (code, issue and language) cannot be taken in.
        const seen = new Map<string, string>();
        for (const a of arriving) {
          const key = `${a.object.code}|${issueString(a.object.issue) ?? ''}|${a.object.language?.languageIsoCode ?? ''}-${a.object.language?.countryIsoCode ?? ''}`;
          const had = seen.get(key);
          if (had !== undefined)
            throw badRequest('transfer.twice', { code: a.object.code, issue: issueString(a.object.issue) ?? '-', first: had, second: a.path });
          seen.set(key, a.path);
        }
        const ddnArrived = arriving.find((a) => a.object.kind === 'ddn');
        const sent = new Set(arriving.map((a) => baseName(a.path)));
        const listed = new Set((ddnArrived?.object.entries ?? []).flatMap((e) => (e.dispatchFileName ? [e.dispatchFileName] : [])));
        const ddn = ddnArrived
          ? {
              code: ddnArrived.object.code,
              items: listed.size,
              listedNotSent: [...listed].filter((n) => !sent.has(n)).sort(),
              sentNotListed: [...sent].filter((n) => !listed.has(n) && n !== baseName(ddnArrived.path)).sort(),
            }
          : null;
        const changes = transferChanges(csdb, arriving);
        const gitChanges: Change[] = [];
        changes.forEach((c, i) => {
          const a = arriving[i];
          if (!a || c.action === 'unchanged') return;
          gitChanges.push({ op: 'put', path: c.path, file: a.file });
          if (c.replaces !== null && c.replaces !== c.path) gitChanges.push({ op: 'delete', path: c.replaces });
        });
        if (gitChanges.length === 0) return { commit: null, branch, changes, ddn, index: null };
        const committed = await git.commit(row, auth, branch, gitChanges, fields.message || `Take in transfer package ${zip.filename}`);
        const index = await catalog.afterCommit(row, branch);
        return { commit: committed.commit, branch, changes, ddn, index };
      });
    },
  };
}
