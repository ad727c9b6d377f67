import type { MapRef } from '@ccms/contracts/content/map-editor';
import { App } from 'antd';
import { type Dispatch, type KeyboardEvent, type SetStateAction, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { Target } from '../../topic-editor/topic-editor-api';
import { mapEditorApi } from '../map-editor-api';
import { folderOf, relativeHref, resolveHref } from '../model/hrefs';
import type { MapModel } from '../model/map-model';
import type { DropPosition, MapTreeNode } from '../model/map-tree';
import type { NewElement, PmRefSpec } from '../model/map-vocabulary';
import type { AddRequest } from './AddDialog';
import type { NodeChanges } from './NodeAttributes';
import type { useMapModel } from './use-map-model';
import type { PendingTopic } from './use-map-save';

/** A data module picked to be referenced: its code, and its issue and language when they are to be written. */
interface DmRow {
  dmCode: Record<string, string>;
  issueInfo: { issueNumber: string; inWork: string } | null;
  language: { languageIsoCode: string; countryIsoCode: string } | null;
}

interface OperationOptions {
  target: Target;
  readOnly: boolean;
  map: ReturnType<typeof useMapModel>;
  /** The one selected node, else null. */
  single: MapTreeNode | null;
  refs: ReadonlyMap<string, MapRef>;
  /** The map's folder in the library (hrefs are relative to it). */
  mapFolder: string;
  pendingHrefs: ReadonlySet<string>;
  setPending: Dispatch<SetStateAction<PendingTopic[]>>;
  setDeletions: Dispatch<SetStateAction<string[]>>;
  /** Opens a collapsed node (it was given a child). */
  expand: (id: string) => void;
  /** The add dialogs close (what they asked for was added). */
  closeAdding: () => void;
}

/**
 * The map editor's operations on the selection: moves (buttons, keys, drag and drop), removing
 * references, deleting a topic file with the next save, adding elements (a DITA map's references,
 * headings, maps and keys; a publication module's entries, data module and publication module
 * references), and setting a node's title and attributes.
 */
export function useMapOperations({
  target,
  readOnly,
  map,
  single,
  refs,
  mapFolder,
  pendingHrefs,
  setPending,
  setDeletions,
  expand,
  closeAdding,
}: OperationOptions) {
  const { t } = useTranslation('map-editor');
  const { message, modal } = App.useApp();
  const { edit, selected, setSelected, model, undo } = map;

  const moveUp = () => edit((m) => m.moveUp(selected));
  const moveDown = () => edit((m) => m.moveDown(selected));
  const indent = () => edit((m) => m.indent(selected));
  const outdent = () => edit((m) => m.outdent(selected));
  const removeRefs = () => {
    edit((m) => {
      m.remove(selected);
      return true;
    });
    setSelected([]);
  };
  const onDrop = useCallback((ids: string[], targetId: string, position: DropPosition) => edit((m) => m.moveTo(ids, targetId, position)), [edit]);

  /** Deletes the selected node's topic file with the next save: refused while other maps use it. */
  const deleteFile = async () => {
    const node = single;
    const ref = node?.href ? refs.get(node.href) : undefined;
    const path = ref?.path || (node?.href ? resolveHref(mapFolder, node.href, node.attrs.scope) : null);
    if (!node || !path) return;
    if (node.href && pendingHrefs.has(node.href)) {
      setPending((p) => p.filter((x) => x.href !== node.href));
      removeRefs();
      return;
    }
    const usage = await mapEditorApi.usage(target, path);
    if (usage.maps.length > 0) {
      modal.error({
        title: t('deleteFile.refused', { path }),
        content: <div data-testid="delete-refused">{t('deleteFile.usedBy', { maps: usage.maps.join(', ') })}</div>,
      });
      return;
    }
    modal.confirm({
      title: t('deleteFile.confirm', { path }),
      content: t('deleteFile.onSave'),
      okButtonProps: { danger: true, 'data-testid': 'delete-file-ok' } as never,
      onOk: () => {
        edit((m) => {
          const all = (nodes: MapTreeNode[]): MapTreeNode[] => nodes.flatMap((n) => [n, ...all(n.children)]);
          const same = all(m.tree()).filter((n) => n.href && resolveHref(mapFolder, n.href, n.attrs.scope) === path);
          m.remove(same.map((n) => n.id));
          return true;
        });
        setSelected([]);
        setDeletions((d) => (d.includes(path) ? d : [...d, path]));
      },
    });
  };

  /** Adds what `make` adds to the model, and selects it. */
  const addAndSelect = (make: (m: MapModel) => string) => {
    let id = '';
    edit((m) => {
      id = make(m);
      return true;
    });
    if (id) setSelected([id]);
  };

  const add = (r: AddRequest) => {
    const targetId = selected[selected.length - 1] ?? null;
    const position: DropPosition = r.position === 'inside' ? 'inside' : 'after';
    const href = r.path ? relativeHref(mapFolder, r.path) : '';
    let spec: NewElement;
    if (r.kind === 'ref') spec = { name: r.element, attrs: { href, ...(r.navtitle ? { navtitle: r.navtitle } : {}) } };
    else if (r.kind === 'new') spec = { name: r.element, attrs: { href, navtitle: r.title } };
    else if (r.kind === 'head') {
      const titled = r.element === 'topichead' || r.element === 'part';
      spec = {
        name: r.element,
        attrs: titled && r.navtitle ? { navtitle: r.navtitle } : {},
        ...(!titled && r.navtitle ? { meta: { navtitle: r.navtitle } } : {}),
      };
    } else if (r.kind === 'mapref') spec = { name: 'mapref', attrs: { href, format: 'ditamap', ...(r.navtitle ? { navtitle: r.navtitle } : {}) } };
    else {
      const external: Record<string, string> = !r.path && r.url ? { href: r.url, scope: 'external', format: 'html' } : href ? { href } : {};
      spec = { name: 'keydef', attrs: { keys: r.keys, ...external }, meta: { navtitle: r.navtitle, linktext: r.linktext, keywords: r.keywords } };
    }
    addAndSelect((m) => m.add(spec, targetId, targetId ? position : 'inside'));
    if (r.kind === 'new') setPending((p) => [...p, { href, path: r.path, type: r.type, templateId: r.templateId, title: r.title, id: r.id }]);
    if (targetId && position === 'inside') expand(targetId);
    closeAdding();
  };

  /** A new pmEntry (after the selected entry, else at the end), or a dmRef into the selected entry (after a selected dmRef). */
  const addEntry = (title: string) => {
    const targetId = selected[selected.length - 1] ?? null;
    const at = targetId && model.current.canAdd('pmEntry', targetId, 'after') ? targetId : null;
    addAndSelect((m) => m.add({ name: 'pmEntry', title }, at, 'after'));
    closeAdding();
  };
  const addDm = (row: DmRow) => {
    const targetId = selected[selected.length - 1] ?? null;
    if (!targetId || !model.current.canAdd('dmRef', targetId, 'inside')) {
      message.error(t('pm.dmNeedsEntry'));
      return;
    }
    addAndSelect((m) => m.add({ name: 'dmRef', dmRef: row }, targetId, 'inside'));
    expand(targetId);
    closeAdding();
  };
  /** A pmRef into the selected entry (after a selected dmRef or pmRef), as dmRefs are added. */
  const addPm = (row: PmRefSpec) => {
    const targetId = selected[selected.length - 1] ?? null;
    if (!targetId || !model.current.canAdd('pmRef', targetId, 'inside')) {
      message.error(t('pm.pmNeedsEntry'));
      return;
    }
    const pmRef = { pmCode: row.pmCode, issueInfo: row.issueInfo ?? null, language: row.language ?? null };
    addAndSelect((m) => m.add({ name: 'pmRef', pmRef }, targetId, 'inside'));
    expand(targetId);
    closeAdding();
  };
  const retitle = (title: string) => {
    if (!single) return;
    edit((m) => {
      m.setTitle(single.id, title);
      return true;
    });
  };

  const applyAttrs = (changes: NodeChanges) => {
    if (!single) return;
    edit((m) => {
      const el = m.element(single.id);
      if (!el) return false;
      const metaTitle = m.metaText(el, 'navtitle');
      m.setAttributes(single.id, changes.attrs);
      if (metaTitle) m.setMetaText(single.id, 'navtitle', changes.navtitle);
      else m.setAttributes(single.id, { navtitle: changes.navtitle || null });
      if (single.name === 'keydef') {
        m.setMetaText(single.id, 'linktext', changes.linktext);
        m.setMetaText(single.id, 'keywords', changes.keywords);
      }
      return true;
    });
  };

  /** The tree's keys: Alt+arrows move, Tab / Shift+Tab indent and outdent, Delete removes references, Ctrl+Z undoes. */
  const onTreeKey = (e: KeyboardEvent) => {
    if (readOnly) return;
    const run = (f: () => void) => {
      e.preventDefault();
      e.stopPropagation();
      f();
    };
    if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'z') return run(undo);
    if (selected.length === 0) return;
    if (e.altKey && e.key === 'ArrowUp') return run(moveUp);
    if (e.altKey && e.key === 'ArrowDown') return run(moveDown);
    if ((e.altKey && e.key === 'ArrowRight') || (e.key === 'Tab' && !e.shiftKey)) return run(indent);
    if ((e.altKey && e.key === 'ArrowLeft') || (e.key === 'Tab' && e.shiftKey)) return run(outdent);
    if (e.key === 'Delete') return run(removeRefs);
  };

  // A new topic goes beside the selected node's topic (else in "topics").
  const selectedPath = single?.href ? (refs.get(single.href)?.path ?? resolveHref(mapFolder, single.href, single.attrs.scope)) : null;
  const newTopicFolder = selectedPath?.includes('/') ? folderOf(selectedPath) : 'topics';

  return { moveUp, moveDown, indent, outdent, removeRefs, onDrop, deleteFile, add, addEntry, addDm, addPm, retitle, applyAttrs, onTreeKey, newTopicFolder };
}
