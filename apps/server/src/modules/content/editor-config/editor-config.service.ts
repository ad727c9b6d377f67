import type { Language } from '@ccms/contracts/constants';
import { BUILT_IN_EDITORS, type BuiltInEditor } from '@ccms/contracts/content/doctype';
import {
  type DefaultEditorBody,
  EDITOR_LINK_ICON_LIMIT,
  EDITOR_LINK_MAX_TYPES,
  type EditorLinkBody,
  type EditorLinkQuery,
  type EditorLinkUpdate,
  type EditorResolution,
  type EditorResolveQuery,
} from '@ccms/contracts/content/editor-config';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ccmsDefaultEditor, ccmsEditorLink } from '../../../db/schema';
import type { AuthContext } from '../../../platform/auth/access';
import { badRequest, notFound } from '../../../platform/http/errors';
import type { LibraryService } from '../library/library.service';
import { repoPath } from '../shared/repo-path';
import { allDefaults, defaultOf, doctypeEditorOf, enabledLinks, findLink, listLinks } from './editor-config.queries';
import { editorLinkUrl, unknownVariables } from './editor-link-url';

const linkChoice = (linkId: number) => `link:${linkId}`;
const suffixOf = (path: string) => {
  const dot = path.lastIndexOf('.');
  return dot > path.lastIndexOf('/') ? path.slice(dot).toLowerCase() : '';
};

/** Editor links, the default editor of each suffix, and how one file opens for a caller. */
export function editorConfigService(db: Db, libraries: LibraryService) {
  /** The spec's checks of an editor link (types once each, at most EDITOR_LINK_MAX_TYPES, one icon, known variables). */
  function check(body: EditorLinkBody) {
    const seen = new Set<string>();
    for (const type of body.associationTypes) {
      if (seen.has(type)) throw badRequest('editorLink.duplicateType', { type });
      seen.add(type);
    }
    if (body.associationTypes.length > EDITOR_LINK_MAX_TYPES) throw badRequest('editorLink.tooManyTypes', { max: EDITOR_LINK_MAX_TYPES });
    if (body.icon.split(',').filter((s) => s.trim()).length > EDITOR_LINK_ICON_LIMIT) throw badRequest('editorLink.iconLimit', { max: EDITOR_LINK_ICON_LIMIT });
    const [unknown] = unknownVariables(body.parameter);
    if (unknown !== undefined) throw badRequest('editorLink.variable', { name: `\${${unknown}}` });
  }

  async function linkOf(linkId: number) {
    const row = await findLink(db, linkId);
    if (!row) throw notFound('editorLink.notFound', { id: linkId });
    return row;
  }

  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
  /** A default link becomes the default editor of its types; a link that stops being one hands them back. */
  async function syncDefaults(tx: Tx, linkId: number, body: EditorLinkBody, userName: string) {
    const choice = linkChoice(linkId);
    await tx.delete(ccmsDefaultEditor).where(eq(ccmsDefaultEditor.open, choice));
    if (body.isDefault !== 'Y' || body.status !== '0') return;
    for (const suffix of body.associationTypes)
      await tx
        .insert(ccmsDefaultEditor)
        .values({ suffix, open: choice, updateBy: userName })
        .onConflictDoUpdate({ target: ccmsDefaultEditor.suffix, set: { open: choice, updateBy: userName, updateTime: new Date() } });
  }

  return {
    listLinks: (q: EditorLinkQuery) => listLinks(db, q),
    getLink: linkOf,
    async linkOptions() {
      return (await enabledLinks(db)).map(({ linkId, label, associationTypes }) => ({ linkId, label, associationTypes }));
    },

    async createLink(auth: AuthContext, body: EditorLinkBody) {
      check(body);
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(ccmsEditorLink)
          .values({ ...body, createBy: auth.userName })
          .returning({ linkId: ccmsEditorLink.linkId });
        const linkId = row?.linkId ?? 0;
        await syncDefaults(tx, linkId, body, auth.userName);
        return { linkId };
      });
    },

    async updateLink(auth: AuthContext, body: EditorLinkUpdate) {
      await linkOf(body.linkId);
      check(body);
      const { linkId, ...fields } = body;
      await db.transaction(async (tx) => {
        await tx
          .update(ccmsEditorLink)
          .set({ ...fields, updateBy: auth.userName, updateTime: new Date() })
          .where(eq(ccmsEditorLink.linkId, linkId));
        await syncDefaults(tx, linkId, body, auth.userName);
      });
    },

    /** The suffixes a deleted link opened fall back to their document type's editor. */
    async removeLinks(ids: number[]) {
      for (const id of ids) await linkOf(id);
      await db.transaction(async (tx) => {
        await tx.delete(ccmsDefaultEditor).where(inArray(ccmsDefaultEditor.open, ids.map(linkChoice)));
        await tx.delete(ccmsEditorLink).where(inArray(ccmsEditorLink.linkId, ids));
      });
    },

    async listDefaults() {
      const [defaults, links] = await Promise.all([
        allDefaults(db),
        db.select({ linkId: ccmsEditorLink.linkId, label: ccmsEditorLink.label }).from(ccmsEditorLink),
      ]);
      return defaults.map((d) => ({ ...d, linkLabel: links.find((l) => linkChoice(l.linkId) === d.open)?.label ?? null }));
    },

    async setDefault(auth: AuthContext, body: DefaultEditorBody) {
      if (body.open.startsWith('link:')) {
        const link = await findLink(db, Number(body.open.slice(5)));
        if (link?.status !== '0') throw badRequest('defaultEditor.linkMissing', { id: body.open.slice(5) });
        if (!link.associationTypes.includes(body.suffix)) throw badRequest('defaultEditor.linkType', { label: link.label, suffix: body.suffix });
      }
      await db
        .insert(ccmsDefaultEditor)
        .values({ ...body, updateBy: auth.userName })
        .onConflictDoUpdate({ target: ccmsDefaultEditor.suffix, set: { open: body.open, updateBy: auth.userName, updateTime: new Date() } });
    },

    async removeDefaults(suffixes: string[]) {
      await db.delete(ccmsDefaultEditor).where(inArray(ccmsDefaultEditor.suffix, suffixes));
    },

    /**
     * How a file opens for the caller: its suffix's default editor, else its document type's, else
     * the read-only view. A link answers its URL with the file's variables filled in.
     */
    async resolve(auth: AuthContext, q: EditorResolveQuery, ctx: { origin: string; lang: Language }): Promise<EditorResolution> {
      const row = await libraries.forCall(auth, q.libraryId, 'read');
      const path = repoPath(q.path, 'path');
      const branch = q.branch || row.defaultBranch;
      const suffix = suffixOf(path);
      const choice = (await defaultOf(db, suffix))?.open ?? (await doctypeEditorOf(db, suffix)) ?? 'view';
      if (!choice.startsWith('link:')) {
        const editor = (BUILT_IN_EDITORS as readonly string[]).includes(choice) ? (choice as BuiltInEditor) : 'view';
        return { editor, url: null, target: null, label: null };
      }
      const link = await findLink(db, Number(choice.slice(5)));
      if (link?.status !== '0') return { editor: 'view', url: null, target: null, label: null };
      const raw = new URL(`${ctx.origin}/prod-api/ccms/explorer/download`);
      raw.search = new URLSearchParams({ libraryId: String(row.libraryId), branch, path, inline: 'true' }).toString();
      const url = editorLinkUrl(link.serverAddress, link.parameter, {
        libraryId: String(row.libraryId),
        library: row.name,
        branch,
        path,
        rawUrl: raw.toString(),
        user: auth.userName,
        lang: ctx.lang,
      });
      return { editor: 'link', url, target: link.target, label: link.label };
    },
  };
}
