import {
  ArrowDownOutlined,
  ArrowLeftOutlined,
  ArrowRightOutlined,
  ArrowUpOutlined,
  CodeOutlined,
  DeleteOutlined,
  PlusOutlined,
  SaveOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import type { MapDocument, MapKeyRef, MapRef } from '@ccms/contracts/content/map-editor';
import type { EditorConflict, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { Alert, App, Button, Dropdown, Input, Space, Switch, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { useDebounced } from '../../../../shared/use-debounced';
import { formatTime } from '../../document/catalog-status';
import { StatusTag } from '../../document/components/StatusTag';
import { MergeView } from '../../topic-editor/components/MergeView';
import { PresenceBar } from '../../topic-editor/components/PresenceBar';
import { ProblemsList } from '../../topic-editor/components/ProblemsList';
import { SourceView, wellFormednessErrors } from '../../topic-editor/source/SourceView';
import { type Target, topicEditorApi } from '../../topic-editor/topic-editor-api';
import { mapEditorApi } from '../map-editor-api';
import { useSaveMap } from '../map-editor-queries';
import { folderOf, relativeHref, resolveHref } from '../model/hrefs';
import {
  DITA_VOCABULARY,
  type DropPosition,
  emptyPmEntries,
  MapModel,
  type MapTreeNode,
  type NewElement,
  PM_VOCABULARY,
  type PmRefSpec,
} from '../model/map-model';
import { AddDialog, type AddKind, type AddRequest, type TopicType } from './AddDialog';
import { MapPublish } from './MapPublish';
import { MapTree } from './MapTree';
import { NodeAttributes, type NodeChanges } from './NodeAttributes';
import { PmAddDialog, type PmAddKind, PmNodePanel } from './PmPanels';
import { RelTableEditor } from './RelTableEditor';

/** How often unsaved edits are kept on the server as a draft. */
const DRAFT_INTERVAL_MS = 3000;
/** Typing in the source view must pause this long before the tree follows. */
const SOURCE_SETTLE_MS = 400;
const TREE_HEIGHT = 640;

/** A topic the next save creates (its reference is already in the map). */
interface PendingTopic {
  href: string;
  path: string;
  type: TopicType;
  templateId: number | undefined;
  title: string;
  id: string;
}

const findNode = (nodes: readonly MapTreeNode[], id: string): MapTreeNode | null => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return null;
};

/** The map editor: the tree (drag and drop, keyboard moves), node attributes, relationship tables and the source view, saved as one commit. */
export function MapEditor({ target, document: opened }: { target: Target; document: MapDocument }) {
  const { t, i18n } = useTranslation('map-editor');
  const { message, modal } = App.useApp();
  const readOnly = !opened.canWrite;
  // An S1000D library's document is a publication module: its pmEntry tree is edited.
  const isPm = opened.standard === 's1000d';
  const vocabulary = isPm ? PM_VOCABULARY : DITA_VOCABULARY;
  const parse = useCallback((text: string) => MapModel.parse(text, vocabulary), [vocabulary]);
  const model = useRef(MapModel.parse(opened.content, vocabulary));
  const [pmAdding, setPmAdding] = useState<PmAddKind | null>(null);
  const [version, setVersion] = useState(0);
  // Edits counted at once (a save records the count it saved; the state follows on the next render).
  const counter = useRef(0);
  const [savedVersion, setSavedVersion] = useState(0);
  const [base, setBase] = useState({ commit: opened.baseCommit, blob: opened.baseBlob });
  const [selected, setSelected] = useState<string[]>([]);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [refs, setRefs] = useState<Map<string, MapRef>>(() => new Map(opened.refs.map((r) => [r.href, r])));
  const [keyRefs, setKeyRefs] = useState<Map<string, MapKeyRef>>(() => new Map(opened.keyRefs.map((k) => [k.keyref, k])));
  const [pending, setPending] = useState<PendingTopic[]>([]);
  const [deletions, setDeletions] = useState<string[]>([]);
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [showSource, setShowSource] = useState(true);
  const [source, setSource] = useState({ text: opened.content, seq: 0 });
  const sourceText = useRef(opened.content);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const [commitMessage, setCommitMessage] = useState('');
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const [mergedNotice, setMergedNotice] = useState(false);
  const history = useRef<string[]>([]);
  // A moved tree row loses the focus (the browser blurs a node taken out of the page): the keys stay with the tree.
  const treeKeys = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each edit's render
  useEffect(() => {
    const keys = treeKeys.current;
    if (!refocus.current || !keys) return;
    refocus.current = false;
    if (!keys.contains(document.activeElement)) keys.focus({ preventScroll: true });
  }, [version]);
  const save = useSaveMap();
  const dirty = version !== savedVersion;
  const mapFolder = folderOf(opened.path);
  const isBookmap = opened.rootName === 'bookmap';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the model is mutable; `version` says it changed
  const tree = useMemo(() => model.current.tree(), [version]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const relTables = useMemo(() => model.current.relTables(), [version]);
  const pendingHrefs = useMemo(() => new Set(pending.map((p) => p.href)), [pending]);
  const single = selected.length === 1 ? findNode(tree, selected[0] ?? '') : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: as above
  const singleMeta = useMemo(() => {
    const el = single ? model.current.element(single.id) : undefined;
    return { linktext: el ? model.current.metaText(el, 'linktext') : '', keywords: el ? model.current.metaText(el, 'keywords') : '' };
  }, [single, version]);

  /** After the tree changed: the source view shows the new text. */
  const changed = useCallback((reloadSource = true) => {
    counter.current += 1;
    setVersion(counter.current);
    if (reloadSource) {
      const text = model.current.toXml();
      sourceText.current = text;
      setSource((s) => ({ text, seq: s.seq + 1 }));
    }
  }, []);

  /** Runs one edit of the tree; an edit that changes nothing is not recorded. */
  const edit = useCallback(
    (op: (m: MapModel) => boolean | undefined | string) => {
      if (readOnly) return;
      const keys = treeKeys.current;
      refocus.current = !!keys && (keys.contains(document.activeElement) || document.activeElement === document.body);
      const before = model.current.toXml();
      const result = op(model.current);
      if (result === false) return;
      if (model.current.toXml() === before) return;
      history.current.push(before);
      if (history.current.length > 100) history.current.shift();
      changed();
    },
    [readOnly, changed],
  );

  const undo = useCallback(() => {
    const previous = history.current.pop();
    if (previous === undefined) return;
    model.current = parse(previous);
    setSelected([]);
    changed();
  }, [changed, parse]);

  // Typing in the source view: once it settles and is a well-formed map, the tree follows.
  const onSourceChange = useCallback((text: string) => {
    sourceText.current = text;
    setSourceEdits((n) => n + 1);
  }, []);
  const [sourceEdits, setSourceEdits] = useState(0);
  const settledEdits = useDebounced(sourceEdits, SOURCE_SETTLE_MS);
  useEffect(() => {
    if (settledEdits === 0) return;
    const text = sourceText.current;
    if (text === model.current.toXml()) return;
    const next = parse(text);
    if (next.errors.length > 0 || !next.isMap) return;
    history.current.push(model.current.toXml());
    model.current = next;
    setSelected([]);
    changed(false);
  }, [settledEdits, changed, parse]);

  // hrefs the editor has not resolved yet (added, or typed in the source view) are asked for.
  const settledVersion = useDebounced(version, 300);
  const askedFor = useRef(new Set<string>(opened.refs.map((r) => r.href)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the edits settle
  useEffect(() => {
    const missing = model.current.hrefs().filter((h) => !askedFor.current.has(h));
    if (missing.length === 0) return;
    for (const h of missing) askedFor.current.add(h);
    void mapEditorApi.resolve(target, missing).then((rows) =>
      setRefs((m) => {
        const next = new Map(m);
        for (const r of rows) next.set(r.href, r);
        return next;
      }),
    );
  }, [settledVersion, target]);

  // Likewise the @keyrefs of nodes without an href (their titles come from the key space).
  const keysAskedFor = useRef(new Set<string>(opened.keyRefs.map((k) => k.keyref)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the edits settle
  useEffect(() => {
    const missing = model.current.keyrefs().filter((k) => !keysAskedFor.current.has(k));
    if (missing.length === 0) return;
    for (const k of missing) keysAskedFor.current.add(k);
    void mapEditorApi.resolveKeys(target, missing).then((rows) =>
      setKeyRefs((m) => {
        const next = new Map(m);
        for (const r of rows) next.set(r.keyref, r);
        return next;
      }),
    );
  }, [settledVersion, target]);

  const refreshRefs = useCallback(() => {
    const hrefs = model.current.hrefs();
    askedFor.current = new Set(hrefs);
    void mapEditorApi.resolve(target, hrefs).then((rows) => setRefs(new Map(rows.map((r) => [r.href, r]))));
    const keyrefs = model.current.keyrefs();
    keysAskedFor.current = new Set(keyrefs);
    if (keyrefs.length > 0) void mapEditorApi.resolveKeys(target, keyrefs).then((rows) => setKeyRefs(new Map(rows.map((r) => [r.keyref, r]))));
  }, [target]);

  // A draft from an earlier session is offered back once (drafts are the topic editor's).
  const offered = useRef(false);
  useEffect(() => {
    const draft = opened.draft;
    if (offered.current || !draft || readOnly) return;
    offered.current = true;
    modal.confirm({
      title: t('draftTitle'),
      content: t('draftBody', { time: formatTime(draft.savedAt) }),
      okText: t('restore'),
      cancelText: t('discard'),
      onOk: () => {
        const next = parse(draft.content);
        if (!next.isMap) return;
        model.current = next;
        setBase({ commit: draft.baseCommit, blob: draft.baseBlob });
        changed();
      },
      onCancel: () => void topicEditorApi.dropDraft(target),
    });
  }, [opened, readOnly, modal, t, target, changed, parse]);

  const latest = useRef({ base, drafted: -1, version });
  latest.current.base = base;
  latest.current.version = version;
  useEffect(() => {
    if (!dirty || readOnly) return;
    const timer = setInterval(() => {
      const { base: b, version: v } = latest.current;
      if (latest.current.drafted === v) return;
      latest.current.drafted = v;
      void topicEditorApi
        .putDraft({ ...target, content: model.current.toXml(), baseCommit: b.commit, baseBlob: b.blob })
        .then(() => setDraftAt(new Date().toISOString()));
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dirty, readOnly, target]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({ title: t('leaveConfirm'), onOk: () => blocker.proceed(), onCancel: () => blocker.reset() });
  }, [blocker, modal, t]);

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
    let id = '';
    edit((m) => {
      id = m.add(spec, targetId, targetId ? position : 'inside');
      return true;
    });
    if (r.kind === 'new') setPending((p) => [...p, { href, path: r.path, type: r.type, templateId: r.templateId, title: r.title, id: r.id }]);
    if (id) setSelected([id]);
    if (targetId && position === 'inside') setCollapsed((c) => new Set([...c].filter((x) => x !== targetId)));
    setAdding(null);
  };

  /** A new pmEntry (after the selected entry, else at the end), or a dmRef into the selected entry (after a selected dmRef). */
  const addEntry = (title: string) => {
    const targetId = selected[selected.length - 1] ?? null;
    const at = targetId && model.current.canAdd('pmEntry', targetId, 'after') ? targetId : null;
    let id = '';
    edit((m) => {
      id = m.add({ name: 'pmEntry', title }, at, 'after');
      return true;
    });
    if (id) setSelected([id]);
    setPmAdding(null);
  };
  const addDm = (row: {
    dmCode: Record<string, string>;
    issueInfo: { issueNumber: string; inWork: string } | null;
    language: { languageIsoCode: string; countryIsoCode: string } | null;
  }) => {
    const targetId = selected[selected.length - 1] ?? null;
    if (!targetId || !model.current.canAdd('dmRef', targetId, 'inside')) {
      message.error(t('pm.dmNeedsEntry'));
      return;
    }
    let id = '';
    edit((m) => {
      id = m.add({ name: 'dmRef', dmRef: row }, targetId, 'inside');
      return true;
    });
    if (id) setSelected([id]);
    setCollapsed((c) => new Set([...c].filter((x) => x !== targetId)));
    setPmAdding(null);
  };
  /** A pmRef into the selected entry (after a selected dmRef or pmRef), as dmRefs are added. */
  const addPm = (row: PmRefSpec) => {
    const targetId = selected[selected.length - 1] ?? null;
    if (!targetId || !model.current.canAdd('pmRef', targetId, 'inside')) {
      message.error(t('pm.pmNeedsEntry'));
      return;
    }
    let id = '';
    edit((m) => {
      id = m.add({ name: 'pmRef', pmRef: { pmCode: row.pmCode, issueInfo: row.issueInfo ?? null, language: row.language ?? null } }, targetId, 'inside');
      return true;
    });
    if (id) setSelected([id]);
    setCollapsed((c) => new Set([...c].filter((x) => x !== targetId)));
    setPmAdding(null);
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

  const malformed = (xml: string): EditorProblem[] =>
    wellFormednessErrors(xml, i18n.language).map((e) => ({ line: e.line, column: e.column, severity: 'error', code: 'xml.notWellFormed', message: e.message }));

  const finishSave = (content: string, b: { commit: string; blob: string }) => {
    const at = counter.current;
    const hrefs = new Set(parse(content).hrefs());
    const newTopics = pending
      .filter((p) => hrefs.has(p.href))
      .map((p) => ({ path: p.path, type: p.type, title: p.title, id: p.id, ...(p.templateId ? { templateId: p.templateId } : {}) }));
    save.mutate(
      {
        ...target,
        content,
        baseCommit: b.commit,
        baseBlob: b.blob,
        ...(commitMessage.trim() ? { message: commitMessage.trim() } : {}),
        newTopics,
        deleteFiles: deletions,
      },
      {
        onSuccess: (outcome) => {
          if (outcome.kind === 'invalid') {
            setProblems(outcome.problems);
            return;
          }
          if (outcome.kind === 'conflict') {
            setConflict(outcome.conflict);
            return;
          }
          const r = outcome.result;
          setProblems(r.warnings);
          setConflict(null);
          setBase({ commit: r.commit, blob: r.blob });
          setPending([]);
          setDeletions([]);
          if (r.merged || r.content !== model.current.toXml()) {
            model.current = parse(r.content);
            setSelected([]);
            changed();
            setSavedVersion(counter.current);
          } else setSavedVersion(at);
          setMergedNotice(r.merged);
          refreshRefs();
          const old = r.warnings.filter((p) => p.preexisting).length;
          if (old > 0 && !r.unchanged) message.warning(t('savedWithOld', { commit: r.commit.slice(0, 8), count: old }));
          else message.success(r.unchanged ? t('unchanged') : t('saved', { commit: r.commit.slice(0, 8) }));
        },
      },
    );
  };

  const saveNow = () => {
    if (readOnly || save.isPending) return;
    const content = sourceText.current !== model.current.toXml() ? sourceText.current : model.current.toXml();
    const errors = malformed(content);
    if (errors.length > 0) {
      setProblems(errors);
      return;
    }
    // A pmEntry left holding nothing (the schema wants a dmRef, pmRef or entry in it) is said where it is before saving.
    const empty = isPm ? emptyPmEntries(content) : [];
    if (empty.length > 0) {
      setProblems(empty.map((at) => ({ ...at, severity: 'error', code: 'pm-empty-entry', message: t('pm.emptyEntry') })));
      setShowSource(true);
      return;
    }
    finishSave(content, base);
  };
  const saveRef = useRef(saveNow);
  saveRef.current = saveNow;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        saveRef.current();
      }
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, []);

  /** The tree's keys: Alt+arrows move, Tab / Shift+Tab indent and outdent, Delete removes references, Ctrl+Z undoes. */
  const onTreeKey = (e: React.KeyboardEvent) => {
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

  const none = selected.length === 0;
  // A new topic goes beside the selected node's topic (else in "topics").
  const selectedPath = single?.href ? (refs.get(single.href)?.path ?? resolveHref(mapFolder, single.href, single.attrs.scope)) : null;
  const newTopicFolder = selectedPath?.includes('/') ? folderOf(selectedPath) : 'topics';
  const canAddDm = single !== null && model.current.canAdd('dmRef', single.id, 'inside');
  const pmAddItems = [
    { key: 'pmEntry', label: t('pm.addEntry') },
    { key: 'dmRef', label: t('pm.addDm'), disabled: !canAddDm },
    { key: 'pmRef', label: t('pm.addPm'), disabled: !canAddDm },
  ];
  const addItems = [
    { key: 'ref', label: t('add.ref') },
    { key: 'new', label: t('add.new') },
    { key: 'head', label: isBookmap ? t('add.part') : t('add.head') },
    { key: 'mapref', label: t('add.mapref') },
    { key: 'keydef', label: t('add.keydef') },
  ];

  return (
    <div className="me-page" data-testid="map-editor">
      <div className="me-head">
        <Space wrap>
          <Typography.Text strong data-testid="map-title">
            {opened.title || opened.path}
          </Typography.Text>
          <Tag>{opened.rootName}</Tag>
          <Typography.Text type="secondary">
            {opened.branch} · {opened.path}
          </Typography.Text>
          <StatusTag status={opened.status} />
          {dirty ? (
            <Tag color="orange" data-testid="map-dirty">
              {t('unsaved')}
            </Tag>
          ) : (
            <Tag color="green" data-testid="map-clean">
              {t('allSaved')}
            </Tag>
          )}
          {draftAt && <Typography.Text type="secondary">{t('draftKept', { time: formatTime(draftAt) })}</Typography.Text>}
          <PresenceBar target={target} ticket={opened.ticket} />
        </Space>
        <Space wrap>
          <Space>
            <CodeOutlined />
            <Switch checked={showSource} onChange={setShowSource} aria-label={t('source')} data-testid="toggle-source" />
            {t('source')}
          </Space>
          <MapPublish libraryId={target.libraryId} branch={opened.branch} path={opened.path} dirty={dirty} />
          {!readOnly && (
            <>
              <Input
                style={{ width: 240 }}
                aria-label={t('commitMessage')}
                placeholder={t('commitMessage')}
                value={commitMessage}
                maxLength={2000}
                onChange={(e) => setCommitMessage(e.target.value)}
              />
              <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={saveNow} data-testid="map-save">
                {t('save')}
              </Button>
            </>
          )}
        </Space>
      </div>
      {readOnly && <Alert type="info" showIcon title={t('readOnly')} />}
      {mergedNotice && <Alert type="info" showIcon closable={{ onClose: () => setMergedNotice(false) }} title={t('mergedNotice')} />}
      {(pending.length > 0 || deletions.length > 0) && (
        <Alert
          type="warning"
          showIcon
          data-testid="map-pending"
          title={t('pendingFiles', { created: pending.map((p) => p.path).join(', ') || '-', deleted: deletions.join(', ') || '-' })}
        />
      )}
      <ProblemsList problems={problems} onJump={() => setShowSource(true)} onClose={() => setProblems([])} />
      <div className="me-body">
        <main className="me-tree">
          {!readOnly && (
            <Space wrap className="me-toolbar">
              <Dropdown
                trigger={['click']}
                menu={
                  isPm
                    ? { items: pmAddItems, onClick: ({ key }) => setPmAdding(key as PmAddKind) }
                    : { items: addItems, onClick: ({ key }) => setAdding(key as AddKind) }
                }
              >
                <Button type="primary" icon={<PlusOutlined />} data-testid="map-add">
                  {t('add.button')}
                </Button>
              </Dropdown>
              <Tooltip title="Alt+↑">
                <Button icon={<ArrowUpOutlined />} disabled={none} onClick={moveUp} aria-label={t('moveUp')} />
              </Tooltip>
              <Tooltip title="Alt+↓">
                <Button icon={<ArrowDownOutlined />} disabled={none} onClick={moveDown} aria-label={t('moveDown')} />
              </Tooltip>
              <Tooltip title="Shift+Tab / Alt+←">
                <Button icon={<ArrowLeftOutlined />} disabled={none} onClick={outdent} aria-label={t('outdent')} />
              </Tooltip>
              <Tooltip title="Tab / Alt+→">
                <Button icon={<ArrowRightOutlined />} disabled={none} onClick={indent} aria-label={t('indent')} />
              </Tooltip>
              <Tooltip title="Delete">
                <Button icon={<DeleteOutlined />} disabled={none} onClick={removeRefs} data-testid="map-remove">
                  {t('removeRef')}
                </Button>
              </Tooltip>
              {opened.canDelete && !isPm && (
                <Button danger disabled={!single?.href} onClick={() => void deleteFile()} data-testid="map-delete-file">
                  {t('deleteFile.button')}
                </Button>
              )}
              <Tooltip title="Ctrl+Z">
                <Button icon={<UndoOutlined />} disabled={history.current.length === 0} onClick={undo} aria-label={t('undo')} />
              </Tooltip>
            </Space>
          )}
          <Tabs
            items={[
              {
                key: 'tree',
                label: t('tabs.tree'),
                children: (
                  <div ref={treeKeys} className="me-tree-keys" tabIndex={-1} onKeyDownCapture={onTreeKey} data-testid="map-tree">
                    <MapTree
                      nodes={tree}
                      refs={refs}
                      keys={keyRefs}
                      pending={pendingHrefs}
                      selected={selected}
                      collapsed={collapsed}
                      readOnly={readOnly}
                      height={TREE_HEIGHT}
                      onSelect={setSelected}
                      onCollapse={setCollapsed}
                      onDrop={onDrop}
                    />
                  </div>
                ),
              },
              !isPm && {
                key: 'reltable',
                label: t('tabs.reltable', { count: relTables.length }),
                children: (
                  <RelTableEditor
                    tables={relTables}
                    readOnly={readOnly}
                    libraryId={target.libraryId}
                    branch={target.branch}
                    mapFolder={mapFolder}
                    refs={refs}
                    onChange={(id, grid) =>
                      edit((m) => {
                        m.setRelTable(id, grid);
                        return true;
                      })
                    }
                    onRemove={(id) =>
                      edit((m) => {
                        m.removeRelTable(id);
                        return true;
                      })
                    }
                  />
                ),
              },
            ].filter((x) => x !== false)}
          />
        </main>
        {showSource && (
          <section className="me-source" data-testid="map-source">
            <SourceView key={source.seq} value={source.text} lang={i18n.language} readOnly={readOnly} problems={problems} onChange={onSourceChange} />
          </section>
        )}
        <aside className="me-attrs">
          <Typography.Text strong>{t('attrs.title')}</Typography.Text>
          {isPm ? (
            <PmNodePanel node={single} refInfo={single?.href ? refs.get(single.href) : undefined} readOnly={readOnly} onTitle={retitle} />
          ) : (
            <NodeAttributes node={single} meta={singleMeta} libraryId={target.libraryId} readOnly={readOnly} onApply={applyAttrs} />
          )}
        </aside>
      </div>
      <AddDialog
        kind={adding}
        isBookmap={isBookmap}
        hasSelection={!none}
        libraryId={target.libraryId}
        branch={target.branch}
        folder={newTopicFolder}
        onAdd={add}
        onClose={() => setAdding(null)}
      />
      <PmAddDialog
        kind={pmAdding}
        libraryId={target.libraryId}
        branch={target.branch}
        onEntry={addEntry}
        onDm={addDm}
        onPm={addPm}
        onClose={() => setPmAdding(null)}
      />
      <MergeView
        conflict={conflict}
        saving={save.isPending}
        onCancel={() => setConflict(null)}
        onSave={(content, c) => {
          const next = parse(content);
          if (next.isMap) {
            model.current = next;
            changed();
          }
          finishSave(content, { commit: c.theirsCommit, blob: c.theirsBlob });
        }}
      />
    </div>
  );
}
