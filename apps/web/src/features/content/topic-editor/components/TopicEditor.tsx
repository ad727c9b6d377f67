import { CodeOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import type { EditorConflict, EditorDocument, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { Alert, App, Button, Input, Segmented, Space, Tag, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { formatTime } from '../../document/catalog-status';
import { StatusTag } from '../../document/components/StatusTag';
import { useDebounced } from '../../search/use-debounced';
import { type Target, topicEditorApi } from '../topic-editor-api';
import { useProblems, useSaveTopic } from '../topic-editor-queries';
import { AttributesPanel, type SelectedElement } from './AttributesPanel';
import { EditorToolbar } from './EditorToolbar';
import { isWellFormed, offsetOfPath } from './element-path';
import { InsertPicker, type PickerKind } from './InsertPicker';
import { type Insertion, insertionXml } from './insertions';
import { LeftTabs } from './LeftTabs';
import { MergeView } from './MergeView';
import { PresenceBar } from './PresenceBar';
import { PreviewPane } from './PreviewPane';
import { ProblemsList } from './ProblemsList';
import { SourcePane, type SourcePaneHandle } from './SourcePane';
import { useReferenceResolvers } from './use-reference-resolvers';
import { type VisualHandle, VisualView } from './VisualView';

type Mode = 'visual' | 'source';

/** Unsaved edits of a topic kept while the writer works on another topic of the document. */
export interface Stash {
  content: string;
  baseCommit: string;
  baseBlob: string;
}

/** How often unsaved edits are kept on the server as a draft. */
export const DRAFT_INTERVAL_MS = 3000;
/** Typing must pause this long before the structure check runs again. */
const CHECK_DEBOUNCE_MS = 1200;

export interface TopicEditorProps {
  target: Target;
  document: EditorDocument;
  initialMode: Mode;
  documentId: number | undefined;
  stash: Stash | null;
  onStash: (path: string, stash: Stash | null) => void;
  unsavedPaths: ReadonlySet<string>;
  onOpenTopic: (path: string) => void;
}

/** The commit message a save carries unless the writer types another (the server's default too). */
const defaultMessage = (title: string) => `Update ${title}`;

/** One opened topic: the two views, the side panes, drafts, presence and the save with its outcomes. */
export function TopicEditor({ target, document: opened, initialMode, documentId, stash, onStash, unsavedPaths, onOpenTopic }: TopicEditorProps) {
  const { t } = useTranslation('editor');
  const { message, modal } = App.useApp();
  const readOnly = !opened.canWrite;
  const [mode, setMode] = useState<Mode>(initialMode);
  const [base, setBase] = useState({ commit: stash?.baseCommit ?? opened.baseCommit, blob: stash?.baseBlob ?? opened.baseBlob });
  // What the views load: changes when a draft is restored or a merged save comes back (`seq` remounts the view).
  const [loaded, setLoaded] = useState({ xml: stash?.content ?? opened.content, seq: 0, cursor: undefined as number | undefined });
  const [version, setVersion] = useState(stash ? 1 : 0);
  const versionRef = useRef(version);
  const [savedVersion, setSavedVersion] = useState(0);
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const [selected, setSelected] = useState<SelectedElement | null>(null);
  const [picker, setPicker] = useState<PickerKind | null>(null);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const [commitMessage, setCommitMessage] = useState('');
  const [mergedNotice, setMergedNotice] = useState(false);
  const visual = useRef<VisualHandle>(null);
  const source = useRef<SourcePaneHandle>(null);
  const sourceText = useRef(loaded.xml);
  const dirty = version !== savedVersion;
  const save = useSaveTopic();

  const readContent = useCallback((): string => {
    if (mode === 'visual' && visual.current) return visual.current.getXml();
    return sourceText.current;
  }, [mode]);
  const readRef = useRef(readContent);
  readRef.current = readContent;
  const changed = useCallback(() => {
    versionRef.current += 1;
    setVersion(versionRef.current);
  }, []);

  const load = useCallback((xml: string, cursor?: number) => {
    sourceText.current = xml;
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor }));
  }, []);

  // A draft from an earlier session (crash, another machine) is offered back once.
  const offered = useRef(false);
  useEffect(() => {
    const draft = opened.draft;
    if (offered.current || !draft || stash || readOnly) return;
    offered.current = true;
    modal.confirm({
      title: t('draftTitle'),
      content: (
        <>
          <p>{t('draftBody', { time: formatTime(draft.savedAt) })}</p>
          {draft.baseCommit !== opened.baseCommit && <Alert type="info" showIcon title={t('draftBaseMoved')} />}
        </>
      ),
      okText: t('restore'),
      cancelText: t('discard'),
      okButtonProps: { 'data-testid': 'draft-restore' } as never,
      onOk: () => {
        setBase({ commit: draft.baseCommit, blob: draft.baseBlob });
        load(draft.content);
        changed();
      },
      onCancel: () => void topicEditorApi.dropDraft(target),
    });
  }, [opened, stash, readOnly, modal, t, load, target, changed]);

  // Unsaved edits go to the server every few seconds while there are new ones (never committed).
  const latest = useRef({ base, drafted: 0 });
  latest.current.base = base;
  useEffect(() => {
    if (!dirty || readOnly) return;
    const timer = setInterval(() => {
      const at = versionRef.current;
      if (latest.current.drafted === at) return;
      latest.current.drafted = at;
      const { base: b } = latest.current;
      void topicEditorApi
        .putDraft({ ...target, content: readRef.current(), baseCommit: b.commit, baseBlob: b.blob })
        .then(() => setDraftAt(new Date().toISOString()));
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dirty, readOnly, target]);

  // Leaving with unsaved edits asks first (a jump inside the document keeps them instead).
  const jumping = useRef(false);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && !jumping.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({ title: t('leaveConfirm'), onOk: () => blocker.proceed(), onCancel: () => blocker.reset() });
  }, [blocker, modal, t]);

  const jump = (path: string) => {
    onStash(target.path, dirty ? { content: readContent(), baseCommit: base.commit, baseBlob: base.blob } : null);
    jumping.current = true;
    onOpenTopic(path);
  };

  const toggle = (next: Mode) => {
    if (next === mode) return;
    if (next === 'source') {
      const xml = visual.current?.getXml() ?? sourceText.current;
      const path = visual.current?.cursorPath() ?? [];
      sourceText.current = xml;
      setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: offsetOfPath(xml, path) }));
      setMode('source');
      return;
    }
    const xml = sourceText.current;
    if (!isWellFormed(xml)) {
      message.warning(t('notWellFormed'));
      return;
    }
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: source.current?.cursorOffset() }));
    setMode('visual');
  };

  const settled = useDebounced(version, CHECK_DEBOUNCE_MS);
  const check = useProblems(target, settled, readContent, true);
  const liveProblems = check.data?.problems ?? [];

  const finishSave = (content: string, b: { commit: string; blob: string }, msg: string) => {
    const at = versionRef.current;
    save.mutate(
      { ...target, content, baseCommit: b.commit, baseBlob: b.blob, message: msg },
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
          setProblems([]);
          setConflict(null);
          setBase({ commit: r.commit, blob: r.blob });
          setSavedVersion(at);
          onStash(target.path, null);
          if (r.merged || r.content !== content) {
            // The editor continues from what was committed; it counts as saved.
            load(r.content);
            versionRef.current += 1;
            setVersion(versionRef.current);
            setSavedVersion(versionRef.current);
          }
          setMergedNotice(r.merged);
          message.success(r.unchanged ? t('unchanged') : t('saved', { commit: r.commit.slice(0, 8) }));
        },
      },
    );
  };

  const saveNow = () => {
    if (readOnly || save.isPending) return;
    finishSave(readContent(), base, commitMessage.trim() || defaultMessage(opened.title || opened.path));
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

  const jumpToProblem = (p: EditorProblem) => {
    if (mode === 'source') {
      source.current?.goTo(p.line, p.column);
      return;
    }
    const xml = visual.current?.getXml() ?? sourceText.current;
    sourceText.current = xml;
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: undefined }));
    setMode('source');
    pendingGoTo.current = p;
  };
  const pendingGoTo = useRef<EditorProblem | null>(null);
  useEffect(() => {
    const p = pendingGoTo.current;
    if (mode === 'source' && p && source.current) {
      pendingGoTo.current = null;
      source.current.goTo(p.line, p.column);
    }
  });

  const insert = (insertion: Insertion) => {
    if (mode === 'visual') visual.current?.insert(insertion);
    else source.current?.insert(insertionXml(insertion));
  };

  const resolvers = useReferenceResolvers(target);
  const scope = useMemo(() => ({ libraryId: target.libraryId, branch: target.branch, path: target.path }), [target]);

  return (
    <div className="te-page" data-testid="topic-editor">
      <div className="te-head">
        <Space wrap>
          <Typography.Text strong data-testid="editor-title">
            {opened.title || opened.path}
          </Typography.Text>
          <Typography.Text type="secondary">
            {opened.branch} · {opened.path}
          </Typography.Text>
          <StatusTag status={opened.status} />
          {dirty ? (
            <Tag color="orange" data-testid="editor-dirty">
              {t('unsaved')}
            </Tag>
          ) : (
            <Tag color="green">{t('allSaved')}</Tag>
          )}
          {draftAt && (
            <Typography.Text type="secondary" data-testid="draft-kept">
              {t('draftKept', { time: formatTime(draftAt) })}
            </Typography.Text>
          )}
          <PresenceBar target={target} ticket={opened.ticket} />
        </Space>
        <Space wrap>
          <Segmented<Mode>
            value={mode}
            onChange={toggle}
            options={[
              { value: 'visual', label: t('visual'), icon: <EyeOutlined /> },
              { value: 'source', label: t('source'), icon: <CodeOutlined /> },
            ]}
            data-testid="editor-mode"
          />
          {!readOnly && (
            <>
              <Input
                style={{ width: 260 }}
                aria-label={t('commitMessage')}
                placeholder={defaultMessage(opened.title || opened.path)}
                value={commitMessage}
                maxLength={2000}
                onChange={(e) => setCommitMessage(e.target.value)}
              />
              <Button type="primary" icon={<SaveOutlined />} loading={save.isPending} onClick={saveNow} data-testid="editor-save">
                {t('save')}
              </Button>
            </>
          )}
        </Space>
      </div>
      {readOnly && <Alert type="info" showIcon title={t('readOnly')} />}
      {mergedNotice && (
        <Alert type="info" showIcon closable={{ onClose: () => setMergedNotice(false) }} title={t('mergedNotice')} data-testid="merged-notice" />
      )}
      <ProblemsList problems={problems} onJump={jumpToProblem} onClose={() => setProblems([])} />
      <div className="te-body">
        <aside className="te-left">
          <LeftTabs
            libraryId={target.libraryId}
            branch={target.branch}
            path={target.path}
            documentId={documentId}
            unsavedPaths={unsavedPaths}
            onOpenTopic={jump}
            onInsert={insert}
            content={loaded.xml}
          />
        </aside>
        <main className="te-main">
          <EditorToolbar mode={mode} readOnly={readOnly} editor={() => visual.current?.editor() ?? null} onPick={setPicker} />
          <div className="te-surface">
            {mode === 'visual' ? (
              <VisualView
                key={loaded.seq}
                ref={visual}
                xml={loaded.xml}
                cursorOffset={loaded.cursor}
                readOnly={readOnly}
                resolvers={resolvers}
                problems={liveProblems}
                onChange={changed}
                onSelect={setSelected}
              />
            ) : (
              <SourcePane
                key={loaded.seq}
                ref={source}
                value={loaded.xml}
                cursorOffset={loaded.cursor}
                readOnly={readOnly}
                problems={liveProblems}
                onChange={(xml: string) => {
                  sourceText.current = xml;
                  changed();
                }}
              />
            )}
          </div>
        </main>
        <aside className="te-right">
          <PreviewPane target={target} version={version} readContent={readContent} />
          {mode === 'visual' && (
            <div className="te-attrs">
              <Typography.Text strong>{t('attrs.title')}</Typography.Text>
              <AttributesPanel element={selected} libraryId={target.libraryId} readOnly={readOnly} onApply={(attrs) => visual.current?.setAttributes(attrs)} />
            </div>
          )}
        </aside>
      </div>
      <InsertPicker kind={picker} scope={scope} onInsert={insert} onClose={() => setPicker(null)} />
      <MergeView
        conflict={conflict}
        saving={save.isPending}
        onCancel={() => setConflict(null)}
        onSave={(content, c) => {
          load(content);
          finishSave(content, { commit: c.theirsCommit, blob: c.theirsBlob }, commitMessage.trim() || defaultMessage(opened.title || opened.path));
        }}
      />
    </div>
  );
}
