import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { RevisionConflict, RevisionLoadFields, RevisionLoadResult, RevisionResolveBody } from '@ccms/contracts/content/flightops';
import { type ChangeKind, flightopsFiles } from '@ccms/flightops';
import type { Db } from '../../../db/client';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import type { UploadedFile } from '../document/document-write';
import { createBranch } from '../library/library-branch';
import type { LibraryGit } from '../library/library-git';
import { repoPath } from '../shared/repo-path';
import { withUnpackedZip } from '../shared/zip';
import { mergeRevision } from './revision-merge';

/** Text is merged line by line; a file with a NUL byte in its first 8,000 (git's test: images, PDFs) is compared whole. */
const isBinary = (bytes: Buffer) => bytes.subarray(0, 8000).includes(0);
const DIGEST = 'sha256:';
const digestOf = (b: Buffer) => `${DIGEST}${createHash('sha256').update(b).digest('hex')}`;

/** A side's files as merge values (text, or a digest for a binary file) and the bytes behind each value. */
class Side {
  readonly values = new Map<string, string>();
  constructor(private readonly blobs: Map<string, Buffer>) {}
  add(path: string, bytes: Buffer) {
    const binary = isBinary(bytes);
    const value = binary ? digestOf(bytes) : bytes.toString('utf8');
    if (binary) this.blobs.set(value, bytes);
    this.values.set(path, value);
  }
}

const joinPath = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** highlights.xml of a revision (docs/flightops-profile.md): each DU the merge touched, by id (its file name), with what happened to it. */
function highlightsXml(revision: string, report: ReturnType<typeof mergeRevision>['report']): string | null {
  const lists: [ChangeKind, string[]][] = [
    ['added', report.added],
    ['revised', report.revised],
    ['deleted', report.deleted],
    ['merged', report.merged],
    ['airlineKept', report.airlineKept],
    ['conflict', report.conflicts.map((c) => c.path)],
  ];
  const rows = lists.flatMap(([kind, paths]) =>
    paths
      .filter((p) => flightopsFiles.roleOf(p) === 'unit')
      .map((p) => `  <change du="${escapeAttr(p.slice(p.lastIndexOf('/') + 1).replace(/\.xml$/i, ''))}" path="${escapeAttr(p)}" kind="${kind}"/>`),
  );
  if (rows.length === 0) return null;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<highlights revision="${escapeAttr(revision)}">\n${rows.join('\n')}\n</highlights>\n`;
}

/**
 * A manufacturer revision of a flight-operations manual loaded onto the airline's branch: the
 * package committed on the manufacturer branch as delivered, then each DU merged three-way (the
 * manufacturer branch's previous head, the package, the airline branch) onto a new branch
 * `revision/<name>` made from the airline branch, in one commit whose message is the report.
 */
export function revisionService(_db: Db, git: LibraryGit, { catalog }: CatalogRuntime) {
  return {
    async assertWritable(auth: AuthContext, libraryId: number) {
      await catalog.access(auth, libraryId, 'write');
    },

    /** A conflict resolved on the revision branch: the chosen or written text committed (or the file removed). */
    async resolve(auth: AuthContext, body: RevisionResolveBody): Promise<{ commit: string }> {
      const { row } = await catalog.access(auth, body.libraryId, 'write');
      const path = repoPath(body.path, 'path');
      const { repo } = await git.readyBranch(row, body.branch);
      if (!(await repo.resolve(body.branch))) throw badRequest('flightops.branchMissing', { field: 'branch', branch: body.branch });
      const change: Change = body.content === null ? { op: 'delete', path } : { op: 'put', path, content: Buffer.from(body.content, 'utf8') };
      const done = await git.commit(row, auth, body.branch, [change], `Resolve ${path} (${body.branch})`);
      return { commit: done.commit };
    },

    async load(auth: AuthContext, fields: RevisionLoadFields, files: UploadedFile[]): Promise<RevisionLoadResult> {
      const { row } = await catalog.access(auth, fields.libraryId, 'write');
      const folder = fields.folder ? repoPath(fields.folder, 'folder', { root: true }) : '';
      const zip = files[0];
      if (!zip || files.length !== 1 || !zip.filename.toLowerCase().endsWith('.zip')) throw badRequest('import.oneZip');
      const airlineBranch = fields.branch ?? row.defaultBranch;
      const revisionBranch = `revision/${fields.revision}`;
      const { repo } = await git.readyBranch(row, airlineBranch);
      await git.fetchNow(row);
      const airlineHead = await repo.resolve(airlineBranch);
      if (!airlineHead) throw badRequest('flightops.branchMissing', { field: 'branch', branch: airlineBranch });
      const baseHead = await repo.resolve(fields.manufacturerBranch);
      if (!baseHead) throw badRequest('flightops.manufacturerBranchMissing', { field: 'manufacturerBranch', branch: fields.manufacturerBranch });
      if (await repo.resolve(revisionBranch)) throw badRequest('flightops.revisionExists', { field: 'revision', branch: revisionBranch });

      const blobs = new Map<string, Buffer>();
      const sideAt = async (commit: string) => {
        const side = new Side(blobs);
        const entries = (await repo.filesUnder(commit, folder)).filter((e) => e.type === 'blob');
        const contents = await repo.readFiles(
          commit,
          entries.map((e) => e.path),
        );
        entries.forEach((e, i) => {
          const bytes = contents[i];
          if (bytes) side.add(e.path, bytes);
        });
        return side;
      };
      const [base, airline] = await Promise.all([sideAt(baseHead), sideAt(airlineHead)]);
      const manufacturer = new Side(blobs);
      const packageFiles = new Map<string, string>();
      await withUnpackedZip(zip.path, async (entries) => {
        for (const entry of entries) {
          const path = joinPath(folder, repoPath(entry.path, 'file'));
          manufacturer.add(path, await readFile(entry.file));
          packageFiles.set(path, entry.file);
        }
      });
      if (packageFiles.size === 0) throw badRequest('flightops.emptyPackage', { field: 'file' });

      const { files: merged, report } = mergeRevision(base.values, manufacturer.values, airline.values);
      const bytesOf = (value: string) => blobs.get(value) ?? Buffer.from(value, 'utf8');

      // The package as delivered, on the manufacturer branch.
      const delivered: Change[] = [];
      for (const [path, value] of manufacturer.values) if (base.values.get(path) !== value) delivered.push({ op: 'put', path, content: bytesOf(value) });
      for (const path of base.values.keys()) if (!manufacturer.values.has(path)) delivered.push({ op: 'delete', path });
      const manufacturerCommit =
        delivered.length > 0 ? (await git.commit(row, auth, fields.manufacturerBranch, delivered, `Manufacturer revision ${fields.revision}`)).commit : null;

      // The merge, on the revision branch made from the airline's.
      await createBranch(git, row, airlineBranch, revisionBranch, auth.userName);
      const changes: Change[] = [];
      for (const [path, value] of merged) if (airline.values.get(path) !== value) changes.push({ op: 'put', path, content: bytesOf(value) });
      for (const path of airline.values.keys()) if (!merged.has(path)) changes.push({ op: 'delete', path });
      const summary = [
        `Revision ${fields.revision} onto ${airlineBranch}`,
        '',
        `added ${report.added.length}, revised ${report.revised.length}, deleted ${report.deleted.length}, merged ${report.merged.length}, airline kept ${report.airlineKept.length}, conflicts ${report.conflicts.length}`,
        ...report.conflicts.map((c) => `conflict: ${c.path} (${c.reason})`),
      ].join('\n');
      // The revision's highlights (the DUs the merge changed and how), published with the manual when it is dispatched.
      const highlights = highlightsXml(fields.revision, report);
      if (highlights) changes.push({ op: 'put', path: joinPath(folder, 'highlights.xml'), content: Buffer.from(highlights, 'utf8') });
      const commit = changes.length > 0 ? (await git.commit(row, auth, revisionBranch, changes, summary)).commit : null;

      const conflicts: RevisionConflict[] = report.conflicts.map((c) => {
        const binary = [c.base, c.manufacturer, c.airline].some((v) => v !== undefined && blobs.has(v));
        return {
          path: c.path,
          reason: c.reason,
          binary,
          ...(binary
            ? {}
            : {
                ...(c.base !== undefined ? { base: c.base } : {}),
                ...(c.manufacturer !== undefined ? { manufacturer: c.manufacturer } : {}),
                ...(c.airline !== undefined ? { airline: c.airline } : {}),
              }),
          ...(c.lines ? { lines: c.lines } : {}),
        };
      });
      return {
        revisionBranch,
        manufacturerCommit,
        commit,
        added: report.added,
        revised: report.revised,
        deleted: report.deleted,
        merged: report.merged,
        airlineKept: report.airlineKept,
        conflicts,
      };
    },
  };
}
