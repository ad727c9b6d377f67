import type { Language } from '@ccms/contracts/constants';
import {
  type MapDocument,
  MapEditorPerm,
  type MapKeyRef,
  type MapNewTopic,
  type MapPmRefRow,
  type MapRef,
  type MapSaveBody,
  type MapSaveResult,
  type MapUsage,
} from '@ccms/contracts/content/map-editor';
import { INITIAL_STATUS, TopicStatus } from '@ccms/contracts/content/status';
import type { EditorTarget } from '@ccms/contracts/content/topic-editor';
import { Code } from '@ccms/contracts/http';
import { translate } from '@ccms/contracts/messages';
import { parseXml, type XmlElement } from '@ccms/dita';
import { isDitaContent, isDitaMap } from '@ccms/dita/files';
import { firstChild, normText, parseXml as parseS1000d, pmCodeString, type XmlElement as S1000dElement, XmlSyntaxError } from '@ccms/s1000d';
import { type AuthContext, hasPermission } from '../../../platform/auth/access';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { AppError, badRequest } from '../../../platform/http/errors';
import { assertValidDita, invalid } from '../shared/dita-validation';
import { parentOf, repoPath } from '../shared/repo-path';
import { standardOf } from '../standard/registry';
import type { TemplateService } from '../template/template.service';
import { topicTemplate } from '../topic-editor/new-topic';
import type { EditorDeps, OpenedFile, TopicEditorService } from '../topic-editor/topic-editor.service';
import { keyDefinitionsOf, mapsUsing, objectsByCode, pmsMatching, statusesOf, titlesOf } from './map-editor.queries';
import { EXTERNAL, emptyEntriesOf, hrefsOf, keyrefsOf, pmCodesOf, targetOf } from './map-refs';

const MAP_ROOTS = new Set(['map', 'bookmap']);

const kindOf = (path: string): MapRef['kind'] => (isDitaMap(path) ? 'map' : isDitaContent(path) ? 'topic' : 'other');

const asStatus = (status: string | undefined) => {
  const parsed = TopicStatus.safeParse(status ?? INITIAL_STATUS);
  return parsed.success ? parsed.data : INITIAL_STATUS;
};

/** The map editor: a map opened and saved with the topic editor's rules, its hrefs resolved, new topics and deletions in the save's commit. */
export function mapEditorService(deps: EditorDeps, editor: TopicEditorService, templates: TemplateService) {
  const { db, git, ditaCheck } = deps;
  const { catalog } = deps.runtime;

  /** The catalogue of the file's branch at its head (after any index run a save queued): titles, status, keys and uses are read from it. */
  const indexed = (file: OpenedFile) => catalog.refresh(file.row, file.branch);

  function mapRoot(text: string, path: string): XmlElement {
    const root = parseXml(text, path).root;
    if (!root || !MAP_ROOTS.has(root.name)) throw badRequest('mapEditor.notMap', { path });
    return root;
  }

  /** A library whose documents are S1000D publication modules: the editor edits their pmEntry tree. */
  const isS1000d = (file: OpenedFile) => standardOf(file.row.libraryType).id === 's1000d';

  /** The pm root of a publication module's text (a refusal naming the file otherwise; the schema check on save says the rest). */
  function pmRoot(text: string, path: string, malformed: 'refuse' | 'allow' = 'refuse'): S1000dElement | undefined {
    let root: S1000dElement | undefined;
    try {
      root = parseS1000d(text).root;
    } catch (err) {
      if (!(err instanceof XmlSyntaxError)) throw err;
      // Text that is not well-formed is refused by the save's check, naming the line and column.
      if (malformed === 'allow') return undefined;
    }
    if (root?.name !== 'pm') throw badRequest('mapEditor.notPm', { path });
    return root;
  }

  /** The data and publication modules a PM references, by code, as the branch's catalogue knows them. */
  async function resolveCodes(file: OpenedFile, codes: readonly string[]): Promise<MapRef[]> {
    const found = await objectsByCode(db, file.libraryId, file.branch, [...codes]);
    const paths = [...found.values()].map((f) => f.path);
    const statuses = await statusesOf(db, file.libraryId, file.branch, paths);
    return codes.map((code) => {
      const hit = found.get(code);
      const kind = code.startsWith('PMC-') ? 'map' : 'topic';
      if (!hit) return { href: code, path: '', kind, title: '', status: null, broken: true };
      return { href: code, path: hit.path, kind, title: hit.title, status: asStatus(statuses.get(hit.path)), broken: false };
    });
  }

  /** Files of the branch at a commit (one tree listing). */
  async function filesAt(repo: GitRepo, commit: string): Promise<Set<string>> {
    return new Set(await repo.filePaths(commit));
  }

  async function resolveAt(
    file: OpenedFile,
    repo: GitRepo,
    commit: string,
    hrefs: readonly string[],
    scopes: Map<string, string> = new Map(),
  ): Promise<MapRef[]> {
    const folder = parentOf(file.path);
    const targets = hrefs.map((href) => ({ href, path: targetOf(folder, href, scopes.get(href)) }));
    const paths = [...new Set(targets.map((t) => t.path).filter((p): p is string => p !== null))];
    const [files, titles, statuses] = await Promise.all([
      filesAt(repo, commit),
      titlesOf(db, file.libraryId, file.branch, paths),
      statusesOf(db, file.libraryId, file.branch, paths),
    ]);
    return targets.map(({ href, path }) => {
      if (path === null) {
        const external = scopes.get(href) === 'external' || EXTERNAL.test(href);
        return { href, path: '', kind: external ? 'external' : 'other', title: '', status: null, broken: !external };
      }
      const exists = files.has(path);
      return { href, path, kind: kindOf(path), title: titles.get(path) ?? '', status: exists ? asStatus(statuses.get(path)) : null, broken: !exists };
    });
  }

  /**
   * @keyrefs in the branch's key space, as the topic editor's keys picker reads it (the catalogue's
   * keys, the first definition of a key winning), a definition by this map itself first.
   */
  async function resolveKeys(file: OpenedFile, repo: GitRepo, commit: string, keyrefs: readonly string[]): Promise<MapKeyRef[]> {
    const nameOf = (keyref: string) => keyref.split('/')[0] ?? keyref;
    const defs = await keyDefinitionsOf(db, file.libraryId, file.branch, [...new Set(keyrefs.map(nameOf))]);
    const chosen = new Map<string, (typeof defs)[number]>();
    for (const def of defs) {
      const held = chosen.get(def.key);
      if (!held || (def.mapPath === file.path && held.mapPath !== file.path)) chosen.set(def.key, def);
    }
    const local = (def: (typeof defs)[number]) => (def.targetPath && def.scope !== 'external' && !EXTERNAL.test(def.targetPath) ? def.targetPath : '');
    const paths = [...new Set([...chosen.values()].map(local).filter(Boolean))];
    const [files, titles] = await Promise.all([paths.length > 0 ? filesAt(repo, commit) : new Set<string>(), titlesOf(db, file.libraryId, file.branch, paths)]);
    return keyrefs.map((keyref) => {
      const def = chosen.get(nameOf(keyref));
      if (!def) return { keyref, path: '', title: '', broken: true };
      const path = local(def);
      return { keyref, path, title: (path && titles.get(path)) || def.text, broken: path !== '' && !files.has(path) };
    });
  }

  /** hrefs with scope="external" written on them (so a relative-looking external href is not marked broken). */
  function scopesOf(root: XmlElement): Map<string, string> {
    const out = new Map<string, string>();
    const walk = (el: XmlElement) => {
      if (el.attrs.href && el.attrs.scope) out.set(el.attrs.href, el.attrs.scope);
      for (const c of el.children) if (c.type === 'element') walk(c);
    };
    walk(root);
    return out;
  }

  async function newTopicText(auth: AuthContext, topic: MapNewTopic): Promise<string> {
    if (!topic.templateId) return topicTemplate(topic.type, topic.id, topic.title);
    const filled = await templates.instantiate(topic.templateId, {
      title: topic.title,
      id: topic.id,
      author: auth.userName,
      date: new Date().toISOString().slice(0, 10),
      product: '',
    });
    if (filled.kind !== 'topic') throw badRequest('template.notTopic');
    return filled.text;
  }

  return {
    async open(auth: AuthContext, target: EditorTarget): Promise<MapDocument> {
      const doc = await editor.open(auth, target);
      const file = await editor.fileOf(auth, target, 'read');
      if (isS1000d(file)) {
        const pm = pmRoot(doc.content, doc.path) as S1000dElement;
        await indexed(file);
        const refs = await resolveCodes(file, pmCodesOf(pm));
        return { ...doc, rootName: pm.name, refs, keyRefs: [], canDelete: false };
      }
      const root = mapRoot(doc.content, doc.path);
      const repo = git.repoOf(file.libraryId);
      await indexed(file);
      const [refs, keyRefs] = await Promise.all([
        resolveAt(file, repo, doc.baseCommit, hrefsOf(root), scopesOf(root)),
        resolveKeys(file, repo, doc.baseCommit, keyrefsOf(root)),
      ]);
      return { ...doc, rootName: root.name, refs, keyRefs, canDelete: doc.canWrite && hasPermission(auth, MapEditorPerm.remove) };
    },

    /** Titles, status and broken marks of hrefs, against the branch as last fetched. */
    async resolve(auth: AuthContext, body: EditorTarget & { hrefs: string[] }): Promise<MapRef[]> {
      const file = await editor.fileOf(auth, body, 'read');
      const repo = git.repoOf(file.libraryId);
      await indexed(file);
      if (isS1000d(file)) return resolveCodes(file, [...new Set(body.hrefs)]);
      const head = await repo.resolve(file.branch);
      if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: file.branch });
      return resolveAt(file, repo, head, [...new Set(body.hrefs)]);
    },

    /** What @keyrefs added in the editor stand for, against the branch as last fetched. */
    /**
     * Publication modules of an S1000D library to reference from a PM (pmRef), by PMC, title or path:
     * each with the attributes of its pmCode, issueInfo and language read from its file at the indexed commit.
     */
    async pmRefs(auth: AuthContext, q: { libraryId: number; branch?: string | undefined; q: string; limit: number }): Promise<MapPmRefRow[]> {
      const { row, index } = await catalog.open(auth, q.libraryId, q.branch);
      if (standardOf(row.libraryType).id !== 's1000d') throw badRequest('editor.notS1000dLibrary', { field: 'libraryId' });
      const pms = await pmsMatching(db, index.libraryId, index.branch, q.q, q.limit);
      const { repo } = await git.ready(row);
      const bodies = await repo.readFiles(
        index.commit,
        pms.map((p) => p.path),
      );
      const out: MapPmRefRow[] = [];
      pms.forEach((pm, i) => {
        const body = bodies[i];
        if (!body) return;
        let pmIdent: S1000dElement | undefined;
        try {
          pmIdent = firstChild(firstChild(firstChild(parseS1000d(body).root, 'identAndStatusSection'), 'pmAddress'), 'pmIdent');
        } catch (err) {
          if (err instanceof XmlSyntaxError) return;
          throw err;
        }
        const pmCode = firstChild(pmIdent, 'pmCode');
        if (!pmCode) return;
        const issue = firstChild(pmIdent, 'issueInfo')?.attrs;
        const language = firstChild(pmIdent, 'language')?.attrs;
        out.push({
          path: pm.path,
          code: pmCodeString(pmCode),
          title: pm.title,
          pmCode: { ...pmCode.attrs },
          issueInfo: issue?.issueNumber ? { issueNumber: issue.issueNumber, inWork: issue.inWork ?? '00' } : null,
          language: language?.languageIsoCode ? { languageIsoCode: language.languageIsoCode, countryIsoCode: language.countryIsoCode ?? '' } : null,
        });
      });
      return out;
    },

    async resolveKeys(auth: AuthContext, body: EditorTarget & { keyrefs: string[] }): Promise<MapKeyRef[]> {
      const file = await editor.fileOf(auth, body, 'read');
      const repo = git.repoOf(file.libraryId);
      await indexed(file);
      const head = await repo.resolve(file.branch);
      if (!head) throw new AppError(Code.NOT_FOUND, 'library.refMissing', { ref: file.branch });
      return resolveKeys(file, repo, head, [...new Set(body.keyrefs.map((k) => k.trim()).filter(Boolean))]);
    },

    /** The other maps that use a file: a file still used by one is not deleted. */
    async usage(auth: AuthContext, q: EditorTarget & { file: string }): Promise<MapUsage> {
      const file = await editor.fileOf(auth, q, 'read');
      const target = repoPath(q.file, 'file');
      await indexed(file);
      return { file: target, maps: await mapsUsing(db, file.libraryId, file.branch, target, file.path) };
    },

    /**
     * The map as one commit by the caller, with the topics it creates and the files it deletes:
     * the map and every new topic validated, a new topic only where nothing is, a deleted file only
     * when no map (this one included, as saved) still uses it. Nothing is committed on a refusal.
     */
    async save(auth: AuthContext, body: MapSaveBody, lang: Language): Promise<MapSaveResult> {
      const file = await editor.fileOf(auth, body, 'write');
      if (isS1000d(file)) {
        // The topic editor's save checks the PM against its schema and the branch's BREX, merges and commits.
        if (body.newTopics.length > 0) throw badRequest('mapEditor.pmNoFiles', { field: 'newTopics' });
        if (body.deleteFiles.length > 0) throw badRequest('mapEditor.pmNoFiles', { field: 'deleteFiles' });
        const pm = pmRoot(body.content, file.path, 'allow');
        const empty = emptyEntriesOf(pm);
        if (empty.length > 0)
          throw invalid(
            empty.map((e) => ({
              line: e.line,
              column: e.column,
              severity: 'error',
              code: 'pm-empty-entry',
              message: translate(lang, 'mapEditor.pmEmptyEntry'),
            })),
          );
        const named = normText(firstChild(firstChild(firstChild(firstChild(pm, 'identAndStatusSection'), 'pmAddress'), 'pmAddressItems'), 'pmTitle'));
        const message = body.message || translate(lang, 'mapEditor.pmDefaultMessage', { title: named || file.path });
        const result = await editor.save(auth, { ...body, message }, lang);
        return { ...result, created: [], deleted: [] };
      }
      const root = mapRoot(body.content, file.path);
      if (body.newTopics.length > 0 && !hasPermission(auth, MapEditorPerm.add))
        throw new AppError(Code.FORBIDDEN, 'mapEditor.needsPermission', { field: 'newTopics', perm: MapEditorPerm.add });
      if (body.deleteFiles.length > 0 && !hasPermission(auth, MapEditorPerm.remove))
        throw new AppError(Code.FORBIDDEN, 'mapEditor.needsPermission', { field: 'deleteFiles', perm: MapEditorPerm.remove });
      const folder = parentOf(file.path);
      const referenced = new Set(hrefsOf(root).map((h) => targetOf(folder, h)));
      const changes: Change[] = [];
      const created: string[] = [];
      for (const [i, topic] of body.newTopics.entries()) {
        const path = repoPath(topic.path, `newTopics[${i}].path`);
        if (!referenced.has(path)) throw badRequest('mapEditor.newTopicUnused', { field: `newTopics[${i}].path`, path });
        const text = await newTopicText(auth, topic);
        await assertValidDita(text, path, lang, ditaCheck);
        changes.push({ op: 'put', path, content: Buffer.from(text, 'utf8') });
        created.push(path);
      }
      const deleted: string[] = [];
      if (body.deleteFiles.length > 0) await indexed(file);
      for (const [i, raw] of body.deleteFiles.entries()) {
        const path = repoPath(raw, `deleteFiles[${i}]`);
        if (path === file.path || referenced.has(path)) throw badRequest('mapEditor.fileStillUsed', { field: `deleteFiles[${i}]`, path, maps: file.path });
        const maps = await mapsUsing(db, file.libraryId, file.branch, path, file.path);
        if (maps.length > 0) throw badRequest('mapEditor.fileStillUsed', { field: `deleteFiles[${i}]`, path, maps: maps.join(', ') });
        changes.push({ op: 'delete', path });
        deleted.push(path);
      }
      const check = async (locked: GitRepo, head: string) => {
        for (const path of created) if (await locked.typeOf(head, path)) throw badRequest('explorer.exists', { path });
        for (const path of deleted) if ((await locked.typeOf(head, path)) !== 'blob') throw badRequest('explorer.notFound', { path });
      };
      const title = root.children.find((c): c is XmlElement => c.type === 'element' && (c.name === 'title' || c.name === 'booktitle'));
      const named = title
        ? title.children
            .map((c) => (c.type === 'text' ? c.text : ''))
            .join('')
            .trim()
        : '';
      const message = body.message || translate(lang, 'mapEditor.defaultMessage', { title: named || file.path });
      const result = await editor.save(auth, { ...body, message }, lang, { changes, check });
      return { ...result, created, deleted };
    },
  };
}
