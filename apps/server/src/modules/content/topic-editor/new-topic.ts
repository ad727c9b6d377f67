import type { Language } from '@ccms/contracts/constants';
import type { EditorNewBody, EditorNewResult } from '@ccms/contracts/content/topic-editor';
import { translate } from '@ccms/contracts/messages';
import { parseXml } from '@ccms/dita';
import type { AuthContext } from '../../../platform/auth/access';
import type { Change, GitRepo } from '../../../platform/git/git-repo';
import { badRequest } from '../../../platform/http/errors';
import { assertValidDita, assertValidEdit } from '../shared/dita-validation';
import { joinPath, parentOf, repoPath } from '../shared/repo-path';
import type { TemplateService } from '../template/template.service';
import type { EditorDeps, TopicEditorService } from './topic-editor.service';

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

type TemplateType = EditorNewBody['type'];

/** DOCTYPE public ids (the DTD catalog validates the types it knows) and the body of each type. */
const TEMPLATES: Record<TemplateType, { publicId: string; system: string; body: string }> = {
  topic: { publicId: '-//OASIS//DTD DITA Topic//EN', system: 'topic.dtd', body: '  <body>\n    <p></p>\n  </body>\n' },
  concept: { publicId: '-//OASIS//DTD DITA Concept//EN', system: 'concept.dtd', body: '  <conbody>\n    <p></p>\n  </conbody>\n' },
  task: {
    publicId: '-//OASIS//DTD DITA Task//EN',
    system: 'task.dtd',
    body: '  <taskbody>\n    <steps>\n      <step>\n        <cmd></cmd>\n      </step>\n    </steps>\n  </taskbody>\n',
  },
  reference: {
    publicId: '-//OASIS//DTD DITA Reference//EN',
    system: 'reference.dtd',
    body: '  <refbody>\n    <section>\n      <p></p>\n    </section>\n  </refbody>\n',
  },
  glossentry: { publicId: '-//OASIS//DTD DITA Glossary Entry//EN', system: 'glossentry.dtd', body: '  <glossdef></glossdef>\n' },
  troubleshooting: {
    publicId: '-//OASIS//DTD DITA 1.3 Troubleshooting//EN',
    system: 'troubleshooting.dtd',
    body: '  <troublebody>\n    <condition>\n      <p></p>\n    </condition>\n    <troubleSolution>\n      <cause>\n        <p></p>\n      </cause>\n      <remedy>\n        <steps>\n          <step>\n            <cmd></cmd>\n          </step>\n        </steps>\n      </remedy>\n    </troubleSolution>\n  </troublebody>\n',
  },
};

/** A new topic's text: DOCTYPE, root with its id, title (glossterm for a glossary entry), empty shortdesc and body. */
export function topicTemplate(type: TemplateType, id: string, title: string): string {
  const t = TEMPLATES[type];
  const heading =
    type === 'glossentry' ? `  <glossterm>${escapeXml(title)}</glossterm>\n` : `  <title>${escapeXml(title)}</title>\n  <shortdesc></shortdesc>\n`;
  return `<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE ${type} PUBLIC "${t.publicId}" "${t.system}">\n<${type} id="${escapeXml(id)}">\n${heading}${t.body}</${type}>\n`;
}

/** `to` as an href written in a file of folder `fromFolder`. */
export function relativeHref(fromFolder: string, to: string): string {
  const from = fromFolder === '' ? [] : fromFolder.split('/');
  const target = to.split('/');
  let common = 0;
  while (common < from.length && common < target.length - 1 && from[common] === target[common]) common++;
  return [...from.slice(common).map(() => '..'), ...target.slice(common)].join('/');
}

const MAP_ROOTS = new Set(['map', 'bookmap']);

/** The map's text with a topicref to `href` added as the root's last child (the rest of the file untouched). */
export function withTopicref(mapText: string, rootName: string, href: string, navtitle: string): string {
  const ref = `<topicref href="${escapeXml(href)}" navtitle="${escapeXml(navtitle)}"/>`;
  const close = mapText.lastIndexOf(`</${rootName}>`);
  if (close >= 0) {
    const lineStart = mapText.lastIndexOf('\n', close - 1) + 1;
    const beforeClose = mapText.slice(lineStart, close);
    // The closing tag alone on its line: the topicref goes on a line of its own above it.
    if (beforeClose.trim() === '') return `${mapText.slice(0, lineStart)}${beforeClose}  ${ref}\n${mapText.slice(lineStart)}`;
    return `${mapText.slice(0, close)}${ref}${mapText.slice(close)}`;
  }
  // A self-closing root (<map/>): opened up around the topicref.
  return mapText.replace(new RegExp(`<${rootName}(\\s[^>]*)?/>`), (_m, attrs: string | undefined) => `<${rootName}${attrs ?? ''}>\n  ${ref}\n</${rootName}>`);
}

/** New topics from a template of their type, with an optional topicref added to a map in the same commit. */
export function newTopicService({ git, runtime, ditaCheck }: EditorDeps, editor: TopicEditorService, templates: TemplateService) {
  async function mapChange(repo: GitRepo, head: string, mapPath: string, topicPath: string, title: string, lang: Language): Promise<Change> {
    const text = (await repo.readFile(head, mapPath))?.toString('utf8');
    const root = text === undefined ? undefined : parseXml(text, mapPath).root;
    if (text === undefined || !root || !MAP_ROOTS.has(root.name)) throw badRequest('editor.mapMissing', { path: mapPath });
    const updated = withTopicref(text, root.name, relativeHref(parentOf(mapPath), topicPath), title);
    // The map may already have had errors (a grammar not installed, say): only new ones refuse the topicref.
    await assertValidEdit(updated, mapPath, lang, ditaCheck, async () => [text]);
    return { op: 'put', path: mapPath, content: Buffer.from(updated, 'utf8') };
  }

  /** A topic template filled for this topic (a map template is refused). */
  async function fromTemplate(auth: AuthContext, templateId: number, body: EditorNewBody) {
    const filled = await templates.instantiate(templateId, {
      title: body.title,
      id: body.id,
      author: auth.userName,
      date: new Date().toISOString().slice(0, 10),
      product: '',
    });
    if (filled.kind !== 'topic') throw badRequest('template.notTopic');
    // The dialog offers the chosen type's templates; another type's would make a file of a type nobody asked for.
    if (filled.doctype !== body.type) throw badRequest('editor.templateType', { name: filled.name, doctype: filled.doctype, type: body.type });
    return filled.text;
  }

  return {
    async create(auth: AuthContext, body: EditorNewBody, lang: Language): Promise<EditorNewResult> {
      const folder = repoPath(body.folder, 'folder', { root: true });
      const path = joinPath(folder, body.fileName);
      const file = await editor.fileOf(auth, { libraryId: body.libraryId, branch: body.branch, path }, 'write');
      const mapPath = body.mapPath ? repoPath(body.mapPath, 'mapPath') : null;
      const text = body.templateId ? await fromTemplate(auth, body.templateId, body) : topicTemplate(body.type, body.id, body.title);
      await assertValidDita(text, path, lang, ditaCheck);
      const { repo, head } = await editor.headOf(file);
      if (await repo.typeOf(head, path)) throw badRequest('explorer.exists', { path });
      const topic: Change = { op: 'put', path, content: Buffer.from(text, 'utf8') };
      const message = translate(lang, 'editor.newMessage', { title: body.title });
      // Under the lock, on the head the commit is built on: the file must still be absent, and the topicref goes into
      // the map as it is there (a map changed meanwhile, by another new topic say, is not a refusal).
      const changesOn = async (locked: GitRepo, lockedHead: string): Promise<Change[]> => {
        if (await locked.typeOf(lockedHead, path)) throw badRequest('explorer.exists', { path });
        return mapPath ? [topic, await mapChange(locked, lockedHead, mapPath, path, body.title, lang)] : [topic];
      };
      const { commit } = await git.commit(file.row, auth, file.branch, changesOn, message);
      await runtime.catalog.afterCommit(file.row, file.branch);
      return { libraryId: file.libraryId, branch: file.branch, path, commit, mapPath };
    },
  };
}
