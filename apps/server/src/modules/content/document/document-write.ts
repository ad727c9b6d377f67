import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastCreateBody, ImportFields } from '@ccms/contracts/content/document';
import { parseXml } from '@ccms/dita';
import { isDitaMap, TOPIC_EXTENSION } from '@ccms/dita/files';
import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsCatalogTopic } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';
import type { CatalogRuntime } from '../catalog/catalog.service';
import { isMapElement } from '../catalog/extract';
import type { LibraryGit } from '../library/library-git';
import { joinPath, parentOf, repoPath } from '../shared/repo-path';
import { listZip, withUnpackedZip } from '../shared/zip';
import type { TemplateService } from '../template/template.service';
import { findDocumentByPath } from './document.queries';

/** An uploaded file: its name and the temp file holding it (see platform/http/multipart). */
export interface UploadedFile {
  filename: string;
  path: string;
}

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The one zip of an import form; anything else is "Please choose exactly one zip file". */
function theZip(files: UploadedFile[]): UploadedFile {
  const [file] = files;
  if (!file || files.length !== 1 || !file.filename.toLowerCase().endsWith('.zip')) throw badRequest('import.oneZip');
  return file;
}

/** Why a root map cannot be used, or null when it parses as a DITA map. */
function mapProblem(file: string, content: Buffer): string | null {
  const parsed = parseXml(content.toString('utf8'), file);
  const fatal = parsed.problems.find((p) => p.severity === 'error');
  if (!parsed.root) return fatal?.message ?? 'not XML';
  if (!isMapElement(parsed.root)) return `<${parsed.root.name}> is not a map`;
  return fatal ? fatal.message : null;
}

export interface OutlineNode {
  line: number;
  title: string;
  /** Existing topic (id or path) the node points at; empty: a new topic is made. */
  ref: string;
  children: OutlineNode[];
}

/** Reads an indented outline: leading tabs set the level, at most one deeper than the line above. */
export function parseOutline(outline: string): OutlineNode[] {
  const roots: OutlineNode[] = [];
  const stack: OutlineNode[] = [];
  outline.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    if (raw.trim() === '') return;
    const depth = /^\t*/.exec(raw)?.[0].length ?? 0;
    if (depth > stack.length) throw badRequest('fastCreate.badIndent', { line });
    const text = raw.slice(depth).trim();
    const bar = text.lastIndexOf('|');
    const title = (bar < 0 ? text : text.slice(0, bar)).trim();
    const ref = bar < 0 ? '' : text.slice(bar + 1).trim();
    if (title === '') throw badRequest('fastCreate.emptyTitle', { line });
    const node: OutlineNode = { line, title: title.slice(0, 500), ref, children: [] };
    stack.length = depth;
    const parent = stack[depth - 1];
    if (parent) parent.children.push(node);
    else roots.push(node);
    stack.push(node);
  });
  if (roots.length === 0) throw badRequest('fastCreate.empty');
  return roots;
}

/** A file name (no extension) from a title: its words (any script) joined by dashes, "topic" when none. */
function slugOf(title: string): string {
  const slug = title
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug || 'topic';
}

/** The minimal DITA topic new toc nodes start from. */
export function topicTemplate(id: string, title: string, lang: string): string {
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<!DOCTYPE topic PUBLIC "-//OASIS//DTD DITA Topic//EN" "topic.dtd">',
    `<topic id="${escapeXml(id)}"${lang ? ` xml:lang="${escapeXml(lang)}"` : ''}>`,
    `  <title>${escapeXml(title)}</title>`,
    '  <body>',
    '    <p></p>',
    '  </body>',
    '</topic>',
    '',
  ].join('\n');
}

/** Import of a zip package and toc fast create: one commit each through the library write path, then indexed. */
export function documentWriteService(db: Db, git: LibraryGit, { catalog }: CatalogRuntime, templates: TemplateService) {
  async function writable(auth: AuthContext, libraryId: number, branchName: string | undefined) {
    const { row } = await catalog.access(auth, libraryId, 'write');
    return { row, branch: catalog.branchOf(row, branchName) };
  }

  return {
    /** The write check alone: an import runs it before its file is read. */
    async assertWritable(auth: AuthContext, libraryId: number) {
      await catalog.access(auth, libraryId, 'write');
    },

    /** The maps in a (DITA) package, for choosing the root file. Writes nothing. */
    async inspect(files: UploadedFile[]) {
      const paths = await listZip(theZip(files).path);
      return { files: paths.length, maps: paths.filter(isDitaMap).sort() };
    },

    /**
     * Every check before anything is written: exactly one zip, no entry escaping the folder,
     * the root map in the package and parseable as a map. Then one commit and the index.
     */
    async importPackage(auth: AuthContext, fields: ImportFields, files: UploadedFile[]) {
      const { row, branch } = await writable(auth, fields.libraryId, fields.branch);
      const zip = theZip(files);
      const folder = repoPath(fields.path, 'path', { root: true });
      const rootMap = repoPath(fields.rootMap, 'rootMap');
      const { committed, paths } = await withUnpackedZip(zip.path, async (entries) => {
        const root = entries.find((e) => e.path === rootMap);
        if (!root) throw badRequest('import.rootMissing', { path: rootMap });
        const problem = mapProblem(rootMap, await readFile(root.file));
        if (problem) throw badRequest('import.rootInvalid', { path: rootMap, reason: problem.slice(0, 200) });
        const changes: Change[] = entries.map((e) => ({ op: 'put', path: joinPath(folder, e.path), file: e.file }));
        const message = fields.message || `Import ${zip.filename}`;
        return { committed: await git.commit(row, auth, branch, changes, message), paths: changes.map((c) => (c.op === 'move' ? c.to : c.path)) };
      });
      const index = await catalog.afterCommit(row, branch);
      const mapPath = joinPath(folder, rootMap);
      const doc = await findDocumentByPath(db, row.libraryId, branch, mapPath);
      return { commit: committed.commit, branch, documentId: doc?.documentId ?? 0, mapPath, paths, index };
    },

    /** An indented outline as a new map; nodes without a topic get one from the template. One commit. */
    async fastCreate(auth: AuthContext, body: FastCreateBody) {
      const { row, branch } = await writable(auth, body.libraryId, body.branch);
      const nodes = parseOutline(body.outline);
      const mapPath = repoPath(body.path, 'path');
      const mapDir = parentOf(mapPath);
      const topicDir =
        body.topicFolder !== undefined && body.topicFolder !== '' ? repoPath(body.topicFolder, 'topicFolder', { root: true }) : joinPath(mapDir, 'topics');
      const { repo } = await git.ready(row);
      const head = await repo.resolve(branch);
      if (!head) throw badRequest('library.refMissing', { ref: branch });
      if (await repo.typeOf(head, mapPath)) throw badRequest('explorer.exists', { path: mapPath });

      // Existing topics named in the outline, by id or path, in this branch's index.
      const refs: string[] = [];
      const walk = (list: OutlineNode[]) => {
        for (const n of list) {
          if (n.ref) refs.push(n.ref);
          walk(n.children);
        }
      };
      walk(nodes);
      await catalog.open(auth, row.libraryId, branch);
      const ids = refs.filter((r) => /^\d+$/.test(r)).map(Number);
      const T = ccmsCatalogTopic;
      const known =
        refs.length === 0
          ? []
          : await db
              .select({ topicId: T.topicId, path: T.path, no: T.no, title: T.title })
              .from(T)
              .where(
                and(
                  eq(T.libraryId, row.libraryId),
                  eq(T.branch, branch),
                  // A topic number as the topic list shows it (the topic's @id), a path, or a topic id.
                  or(ids.length > 0 ? inArray(T.topicId, ids) : undefined, inArray(T.path, refs), inArray(T.no, refs)),
                ),
              );
      const topicFor = (ref: string) =>
        known.find((t) => t.path === ref) ?? known.find((t) => t.no === ref) ?? (/^\d+$/.test(ref) ? known.find((t) => t.topicId === Number(ref)) : undefined);

      // The chosen template filled for each new topic; nothing is written before the commit below.
      const date = new Date().toISOString().slice(0, 10);
      const newTopicText = async (id: string, title: string) => {
        if (!body.templateId) return topicTemplate(id, title, '');
        const filled = await templates.instantiate(body.templateId, { title, id, author: auth.userName, date, product: '' });
        if (filled.kind !== 'topic') throw badRequest('template.notTopic');
        return filled.text;
      };

      const taken = new Set<string>();
      const changes: Change[] = [];
      const created: string[] = [];
      const usedIds = new Set<string>();
      const render = async (list: OutlineNode[], indent: string): Promise<string> => {
        let out = '';
        for (const n of list) {
          let target: string;
          let navtitle = '';
          if (n.ref) {
            const topic = topicFor(n.ref);
            if (!topic) throw badRequest('fastCreate.topicMissing', { line: n.line, topic: n.ref });
            target = topic.path;
            if (topic.title !== n.title) navtitle = n.title;
          } else {
            const slug = slugOf(n.title);
            let name = `${slug}${TOPIC_EXTENSION}`;
            for (let k = 2; taken.has(joinPath(topicDir, name)) || (await repo.typeOf(head, joinPath(topicDir, name))); k++)
              name = `${slug}-${k}${TOPIC_EXTENSION}`;
            target = joinPath(topicDir, name);
            taken.add(target);
            // An XML id starts with a letter (any script) or '_'.
            const idStem = /^[\p{L}_]/u.test(slug) ? slug : `topic-${slug}`;
            let id = idStem;
            for (let k = 2; usedIds.has(id); k++) id = `${idStem}-${k}`;
            usedIds.add(id);
            changes.push({ op: 'put', path: target, content: Buffer.from(await newTopicText(id, n.title), 'utf8') });
            created.push(target);
          }
          const href = escapeXml(encodeURI(path.posix.relative(mapDir || '.', target)).replace(/#/g, '%23'));
          const attrs = `href="${href}"${navtitle ? ` navtitle="${escapeXml(navtitle)}"` : ''}`;
          if (n.children.length === 0) out += `${indent}<topicref ${attrs}/>\n`;
          else out += `${indent}<topicref ${attrs}>\n${await render(n.children, `${indent}  `)}${indent}</topicref>\n`;
        }
        return out;
      };
      const tocXml = await render(nodes, '  ');
      const map = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        '<!DOCTYPE map PUBLIC "-//OASIS//DTD DITA Map//EN" "map.dtd">',
        '<map>',
        `  <title>${escapeXml(body.title)}</title>`,
        tocXml.trimEnd(),
        '</map>',
        '',
      ].join('\n');
      changes.unshift({ op: 'put', path: mapPath, content: Buffer.from(map, 'utf8') });
      const committed = await git.commit(row, auth, branch, changes, body.message || `Create ${body.title}`);
      const index = await catalog.afterCommit(row, branch);
      const doc = await findDocumentByPath(db, row.libraryId, branch, mapPath);
      return { commit: committed.commit, branch, documentId: doc?.documentId ?? 0, mapPath, createdTopics: created, index };
    },
  };
}
