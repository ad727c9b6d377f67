import { CodeOutlined, EyeOutlined, SaveOutlined } from '@ant-design/icons';
import type { EditorConflict, EditorDocument, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { useQuery } from '@tanstack/react-query';
import { Alert, App, Button, Input, Segmented, Space, Switch, Tag, Typography } from 'antd';
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router';
import { type PickedElement, slot, useLoaded } from '../../../../shared/slots/slots';
import { useDebounced } from '../../../../shared/use-debounced';
import { useRenderedLater } from '../../../../shared/use-rendered-later';
import { formatTime } from '../../document/catalog-status';
import { StatusTag } from '../../document/components/StatusTag';
import { AircraftPreviewSelect } from '../../flightops/components/AircraftPreviewSelect';
import { topicQueries } from '../../topic/topic-queries';
import { addApplicToModule } from '../model/applic-new';
import { linkableElement, withElementId } from '../model/element-id';
import type { ElementPath } from '../model/element-path';
import { type IcnFile, syncIcnEntities } from '../model/icn-entities';
import { SourceView, type SourceViewHandle, wellFormednessErrors } from '../source/SourceView';
import { s1000dElementSpecs } from '../source/s1000d-grammar';
import { type Target, topicEditorApi } from '../topic-editor-api';
import { usePreview, useProblems, useS1000dGrammar, useSaveTopic } from '../topic-editor-queries';
import { ApplicPreviewSelect } from './ApplicPreviewSelect';
import { AttributesPanel, type SelectedElement } from './AttributesPanel';
import { type ConrefFit, sourceConrefFit, visualConrefFit } from './conref-fit';
import { EditorToolbar } from './EditorToolbar';
import { InsertPicker, isS1000dPicker, type PickerKind } from './InsertPicker';
import { type Insertion, insertionXml } from './insertions';
import { LeftTabs } from './LeftTabs';
import { MergeView } from './MergeView';
import { PresenceBar } from './PresenceBar';
import { PreviewPane } from './PreviewPane';
import { ProblemsList } from './ProblemsList';
import { S1000dAttributesPanel } from './S1000dAttributesPanel';
import { S1000dPicker } from './S1000dPicker';
import { afterNextFrame, TypingPause, useShownAtPause } from './typing-pause';
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
/** Edits must have been passed on this long before the structure check runs again. */
const CHECK_DEBOUNCE_MS = 1000;
/**
 * Edits are passed on to the page (checks, preview) once typing pauses this long: the page does
 * not render while the writer types (the first edit shows the unsaved marker at once).
 */
const VERSION_PUBLISH_MS = 250;
/** One empty list, so a render without problems does not look like new problems to the views. */
const NO_PROBLEMS: EditorProblem[] = [];
/** Edits must have been passed on this long before the preview (and the conref display) is rendered again. */
const PREVIEW_DEBOUNCE_MS = 400;

/**
 * A function of unchanging identity that runs the latest `fn`: the memoised parts of the page
 * take it without rendering again when the page does.
 */
function useStableCallback<A extends unknown[], R>(fn: (...args: A) => R): (...args: A) => R {
  const latest = useRef(fn);
  latest.current = fn;
  return useCallback((...args: A) => latest.current(...args), []);
}

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

/** One opened topic: the two views, the side panes, drafts, presence and the save with its outcomes. */
export function TopicEditor({ target, document: opened, initialMode, documentId, stash, onStash, unsavedPaths, onOpenTopic }: TopicEditorProps) {
  const { t, i18n } = useTranslation('topic-editor');
  const { message, modal } = App.useApp();
  const readOnly = !opened.canWrite;
  // A standard with no visual vocabulary yet (flight-ops DUs) is edited in the source view only; an XML profile's file
  // is visual with its profile's vocabulary (the open answer carries it).
  const profile = opened.standard === 'xmlprofile' ? opened.profile : undefined;
  const sourceOnly = opened.standard === 'flightops' || (opened.standard === 'xmlprofile' && !profile);
  const [mode, setMode] = useState<Mode>(sourceOnly ? 'source' : initialMode);
  // The source view wraps long lines unless the writer turns it off (then they scroll sideways).
  const [wrapSource, setWrapSource] = useState(true);
  const [base, setBase] = useState({ commit: stash?.baseCommit ?? opened.baseCommit, blob: stash?.baseBlob ?? opened.baseBlob });
  // What the views load: changes when a draft is restored or a merged save comes back (`seq` remounts the view).
  const [loaded, setLoaded] = useState({ xml: stash?.content ?? opened.content, seq: 0, cursor: undefined as ElementPath | undefined });
  const [version, setVersion] = useState(stash ? 1 : 0);
  const versionRef = useRef(version);
  const [savedVersion, setSavedVersion] = useState(0);
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const [selected, setSelectedState] = useState<SelectedElement | null>(null);
  // The cursor moves on every keystroke; the attributes panel follows only when the element changes.
  const selectedKey = useRef('');
  const setSelected = useCallback((element: SelectedElement | null) => {
    const key = element ? JSON.stringify([element.name, element.attrs]) : '';
    if (key === selectedKey.current) return;
    selectedKey.current = key;
    setSelectedState(element);
  }, []);
  const [picker, setPicker] = useState<PickerKind | null>(null);
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const [commitMessage, setCommitMessage] = useState('');
  const [mergedNotice, setMergedNotice] = useState(false);
  const visual = useRef<VisualHandle>(null);
  const source = useRef<SourceViewHandle>(null);
  const sourceText = useRef(loaded.xml);
  const dirty = version !== savedVersion;
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  const savedRef = useRef(savedVersion);
  savedRef.current = savedVersion;
  /** Unsaved edits now, counting those the page has not rendered yet (a jump or a leave must not miss them). */
  const unsavedNow = useCallback(() => versionRef.current !== savedRef.current, []);
  const save = useSaveTopic();
  const s1000d = opened.standard === 's1000d';
  // A flight-ops DU is previewed for an aircraft of the fleet as an S1000D module for a product.
  const flightops = opened.standard === 'flightops';
  const grammar = useS1000dGrammar(target, s1000d);
  const [applicProduct, setApplicProduct] = useState<{ key: string; assignment: Record<string, string> } | null>(null);
  const sourceElements = useMemo(() => (s1000d ? s1000dElementSpecs(grammar.data) : undefined), [s1000d, grammar.data]);

  const readContent = useCallback((): string => {
    if (mode === 'visual' && visual.current) return visual.current.getXml();
    return sourceText.current;
  }, [mode]);
  const readRef = useRef(readContent);
  readRef.current = readContent;
  // Each edit counts at once (drafts and saves read the count). The page hears of the first edit
  // after opening or saving right after the frame that shows it (the unsaved marker), of later
  // ones when typing pauses for VERSION_PUBLISH_MS: a render of the page never lands between two
  // keystrokes, nor does other work an edit sets off (drafts, answers of the check and preview).
  const [pause] = useState(() => new TypingPause(VERSION_PUBLISH_MS));
  const publishing = useRef<(() => void) | null>(null);
  const publish = useCallback(() => {
    publishing.current = null;
    setVersion(versionRef.current);
  }, []);
  const publishAtPause = useCallback(() => pause.whenQuiet(publish), [pause, publish]);
  const changed = useCallback(() => {
    versionRef.current += 1;
    pause.edited();
    // One publish on its way at a time, not one per keystroke.
    if (publishing.current) return;
    if (!dirtyRef.current) {
      publishing.current = afterNextFrame(publish);
      return;
    }
    publishing.current = () => undefined;
    publishAtPause();
  }, [pause, publish, publishAtPause]);
  useEffect(
    () => () => {
      publishing.current?.();
      pause.dispose();
    },
    [pause],
  );
  const sourceChanged = useCallback(
    (xml: string) => {
      sourceText.current = xml;
      changed();
    },
    [changed],
  );

  const load = useCallback((xml: string, cursor?: ElementPath) => {
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
  const keepDraft = useStableCallback(() => {
    const at = versionRef.current;
    if (latest.current.drafted === at) return;
    latest.current.drafted = at;
    const { base: b } = latest.current;
    void topicEditorApi.putDraft({ ...target, content: readRef.current(), baseCommit: b.commit, baseBlob: b.blob }).then(() => {
      const kept = new Date().toISOString();
      pause.whenQuiet(() => setDraftAt(kept));
    });
  });
  useEffect(() => {
    if (!dirty || readOnly) return;
    const timer = setInterval(() => {
      // Written out at the next pause in typing (the whole topic is serialised).
      pause.whenQuiet(keepDraft);
    }, DRAFT_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [dirty, readOnly, pause, keepDraft]);

  // Leaving with unsaved edits asks first (a jump inside the document keeps them instead).
  const jumping = useRef(false);
  useEffect(() => {
    const warn = (e: BeforeUnloadEvent) => {
      if (unsavedNow()) e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsavedNow]);
  const blocker = useBlocker(({ currentLocation, nextLocation }) => unsavedNow() && !jumping.current && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({ title: t('leaveConfirm'), onOk: () => blocker.proceed(), onCancel: () => blocker.reset() });
  }, [blocker, modal, t]);

  const jump = useStableCallback((path: string) => {
    onStash(target.path, unsavedNow() ? { content: readContent(), baseCommit: base.commit, baseBlob: base.blob } : null);
    jumping.current = true;
    onOpenTopic(path);
  });

  /** The text's well-formedness errors as located problems (what the source view underlines). */
  const malformed = (xml: string): EditorProblem[] =>
    wellFormednessErrors(xml, i18n.language).map((e) => ({ line: e.line, column: e.column, severity: 'error', code: 'xml.notWellFormed', message: e.message }));

  const toggle = (next: Mode) => {
    if (next === mode) return;
    if (next === 'source') {
      const xml = visual.current?.getXml() ?? sourceText.current;
      const path = visual.current?.cursorPath();
      sourceText.current = xml;
      setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: path }));
      setMode('source');
      return;
    }
    const xml = sourceText.current;
    if (malformed(xml).length > 0) {
      message.warning(t('notWellFormed'));
      return;
    }
    setLoaded((l) => ({ xml, seq: l.seq + 1, cursor: source.current?.cursorPath() }));
    setMode('visual');
  };

  const settled = useDebounced(version, CHECK_DEBOUNCE_MS);
  const check = useProblems(target, settled, readContent, true);
  const liveProblems = check.data?.problems ?? NO_PROBLEMS;

  /** Saves; answers whether the content was committed (refused or in conflict: false, and shown). */
  /** Without a typed message the server writes its default ("Update <title>") in the writer's language, as the placeholder shows. */
  const finishSave = (content: string, b: { commit: string; blob: string }, msg: string | undefined) =>
    new Promise<boolean>((resolve) => {
      const at = versionRef.current;
      save.mutate(
        { ...target, content, baseCommit: b.commit, baseBlob: b.blob, message: msg },
        {
          onError: () => resolve(false),
          onSuccess: (outcome) => {
            if (outcome.kind === 'invalid') {
              setProblems(outcome.problems);
              resolve(false);
              return;
            }
            if (outcome.kind === 'conflict') {
              setConflict(outcome.conflict);
              resolve(false);
              return;
            }
            const r = outcome.result;
            setProblems(r.warnings);
            setConflict(null);
            setBase({ commit: r.commit, blob: r.blob });
            savedRef.current = at;
            setSavedVersion(at);
            onStash(target.path, null);
            if (r.merged || r.content !== content) {
              // The editor continues from what was committed; it counts as saved.
              load(r.content);
              versionRef.current += 1;
              setVersion(versionRef.current);
              savedRef.current = versionRef.current;
              setSavedVersion(versionRef.current);
            }
            setMergedNotice(r.merged);
            const old = r.warnings.filter((p) => p.preexisting).length;
            if (old > 0 && !r.unchanged) message.warning(t('savedWithOld', { commit: r.commit.slice(0, 8), count: old }));
            else message.success(r.unchanged ? t('unchanged') : t('saved', { commit: r.commit.slice(0, 8) }));
            resolve(true);
          },
        },
      );
    });

  const saveNow = () => {
    if (readOnly || save.isPending) return;
    const content = readContent();
    // Text that is not well-formed is refused here, located as the source view shows it; nothing is sent.
    const errors = mode === 'source' ? malformed(content) : [];
    if (errors.length > 0) {
      setProblems(errors);
      return;
    }
    void finishSave(content, base, commitMessage.trim() || undefined);
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

  // ICN graphics inserted in the source view: their ENTITY declarations are written into the internal subset at once.
  const sourceIcns = useRef(new Map<string, IcnFile>());
  const insert = useStableCallback((insertion: Insertion) => {
    if (mode === 'visual') visual.current?.insert(insertion);
    else {
      source.current?.insert(insertionXml(insertion));
      // A new applic goes into the module's referencedApplicGroup (made when missing).
      const made = insertion.kind === 'applic' ? insertion.newApplic : undefined;
      if (made) source.current?.transform((text) => addApplicToModule(text, made));
      if (insertion.kind === 'graphic') {
        sourceIcns.current.set(insertion.icn, { icn: insertion.icn, file: insertion.file });
        source.current?.transform((text) => syncIcnEntities(text, loaded.xml, sourceIcns.current));
      }
    }
  });

  // Actions other areas add to the toolbar (compliance: "link to regulation") act on the cursor's
  // element, given an id when it has none. A link service checks the id in the saved (indexed)
  // topic, so a new id, or any unsaved edit, is saved first.
  const topicRow = useQuery(topicQueries.detail({ kind: 'path', libraryId: target.libraryId, path: target.path, branch: target.branch || undefined }));
  const pickedPath = useRef<ElementPath>([]);
  const pickElement = useStableCallback((): PickedElement | 'none' | null => {
    const xml = readContent();
    if (mode === 'source' && malformed(xml).length > 0) {
      message.warning(t('notWellFormed'));
      return null;
    }
    const path = (mode === 'visual' ? visual.current?.cursorPath() : source.current?.cursorPath()) ?? [];
    const element = path.length > 0 ? linkableElement(xml, path) : null;
    if (!element) return 'none';
    pickedPath.current = path;
    return { ...element, mustSave: element.isNew || unsavedNow() };
  });
  const topicOf = useStableCallback(async () => {
    const topic = topicRow.data ?? (await topicRow.refetch()).data;
    return topic ? { topicId: topic.topicId, libraryId: target.libraryId, title: opened.title || opened.path } : undefined;
  });
  const refuseReadOnly = useStableCallback((element: PickedElement) => {
    if (!element.mustSave || !readOnly) return false;
    message.warning(t('readOnly'));
    return true;
  });
  const saveFirst = useStableCallback(async (element: PickedElement) => {
    let content = readContent();
    if (element.isNew) {
      content = withElementId(content, pickedPath.current, element.id);
      load(content, pickedPath.current);
      changed();
    }
    return finishSave(content, base, commitMessage.trim() || undefined);
  });
  const editorActions = slot('editorActions');

  const readNow = useStableCallback(() => readRef.current());
  const visualEditor = useCallback(() => visual.current?.editor() ?? null, []);
  // Review comments: selections become the review tab's quote, threads' places are marked (issue 38, item 6).
  const useEditorAnchors = useLoaded(slot('editorAnchors'));
  const previewFrame = useEditorAnchors({ target, editor: visualEditor, readXml: readNow, viewSeq: `${mode}:${loaded.seq}`, baseCommit: base.commit });
  const [filterGroup, setFilterGroup] = useState<string | undefined>(undefined);
  const previewVersion = useDebounced(version, PREVIEW_DEBOUNCE_MS);
  const preview = usePreview(target, previewVersion, filterGroup, readContent, s1000d || flightops ? (applicProduct?.assignment ?? null) : null);
  const openSourceRef = useRef<(path: string) => void>(() => undefined);
  const references = useReferenceResolvers(target, preview.data?.conrefs, (path) => openSourceRef.current(path), opened.ticket);
  openSourceRef.current = (path) => {
    if (path !== target.path) jump(path);
  };
  // Structure problems, and the references the engine could not follow (underlined in the visual view).
  const previewProblems = preview.data?.problems;
  const visualProblems = useMemo(() => [...liveProblems, ...(previewProblems ?? []).filter((p) => p.code === 'ref.broken')], [liveProblems, previewProblems]);
  // Answers that come while the writer types are shown at the next pause: each redraws a pane or
  // walks the document (underlines, conref display), which would cost the keystroke it lands on.
  const shownVisualProblems = useShownAtPause(visualProblems, pause);
  const shownSourceProblems = useShownAtPause(liveProblems, pause);
  const shownResolversVersion = useShownAtPause(references.version, pause);
  const shownPreview = useShownAtPause(preview.data, pause);
  const shownFetching = useShownAtPause(preview.isFetching, pause);
  const scope = useMemo(() => ({ libraryId: target.libraryId, branch: target.branch, path: target.path }), [target]);

  // The panes are made again only when what they show changes: the page renders after each pause
  // in typing, each check and preview answer and each draft, and none of that redraws them.
  const topicId = topicRow.data?.topicId;
  const leftPane = useMemo(
    () => (
      <LeftTabs
        libraryId={target.libraryId}
        branch={target.branch}
        path={target.path}
        documentId={documentId}
        unsavedPaths={unsavedPaths}
        onOpenTopic={jump}
        onInsert={insert}
        content={loaded.xml}
        topicId={topicId}
      />
    ),
    [target, documentId, unsavedPaths, jump, insert, loaded.xml, topicId],
  );
  const toolbar = useMemo(
    () => (
      <EditorToolbar
        mode={mode}
        readOnly={readOnly}
        editor={visualEditor}
        onPick={setPicker}
        standard={opened.standard}
        grammar={grammar.data}
        profile={profile}
      />
    ),
    [mode, readOnly, visualEditor, opened.standard, grammar.data, profile],
  );
  const previewState = useMemo(() => ({ data: shownPreview, isFetching: shownFetching }), [shownPreview, shownFetching]);
  const previewPane = useMemo(
    () => (
      <PreviewPane
        target={target}
        preview={previewState}
        filterGroup={filterGroup}
        onFilterGroup={setFilterGroup}
        ticket={opened.ticket}
        {...(s1000d || flightops ? { applicProduct: applicProduct?.key ?? null } : {})}
        frameRef={previewFrame}
      />
    ),
    [target, previewState, filterGroup, s1000d, flightops, applicProduct, previewFrame, opened.ticket],
  );
  const applyAttributes = useCallback((attrs: Record<string, string>) => visual.current?.setAttributes(attrs), []);
  const attributesPane = useMemo(
    () =>
      // The panel's attributes are DITA's (conditions, outputclass): an XML profile's file sets attributes in the source view.
      mode === 'visual' &&
      !profile && (
        <div className="te-attrs" data-testid="editor-attributes">
          <Typography.Text strong>{t('attrs.title')}</Typography.Text>
          {s1000d ? (
            <S1000dAttributesPanel
              element={selected}
              grammar={grammar.data?.elements}
              readContent={readContent}
              readOnly={readOnly}
              onApply={applyAttributes}
            />
          ) : (
            <AttributesPanel element={selected} libraryId={target.libraryId} readOnly={readOnly} onApply={applyAttributes} />
          )}
        </div>
      ),
    [mode, t, selected, target.libraryId, readOnly, applyAttributes, s1000d, grammar.data, readContent, profile],
  );
  // The side panes (tabs, preview, attributes) render after the topic's view is up.
  const panesShown = useRenderedLater();
  const closePicker = useCallback(() => setPicker(null), []);
  const statusTag = useMemo(() => <StatusTag status={opened.status} />, [opened.status]);
  const presence = useMemo(() => <PresenceBar target={target} ticket={opened.ticket} />, [target, opened.ticket]);
  const onToggle = useStableCallback(toggle);
  const onSave = useStableCallback(saveNow);
  const saving = save.isPending;
  const controls = useMemo(
    () => (
      <Space wrap>
        {editorActions.map(({ key, Action }) => (
          <Suspense key={key} fallback={null}>
            <Action topic={topicOf} pickElement={pickElement} refuseReadOnly={refuseReadOnly} saveFirst={saveFirst} />
          </Suspense>
        ))}
        <Segmented<Mode>
          value={mode}
          onChange={onToggle}
          options={[
            { value: 'visual', label: t('visual'), icon: <EyeOutlined />, disabled: sourceOnly },
            { value: 'source', label: t('source'), icon: <CodeOutlined /> },
          ]}
          data-testid="editor-mode"
        />
        {mode === 'source' && (
          <Space size={4}>
            <Switch size="small" checked={wrapSource} onChange={setWrapSource} aria-label={t('wrapLines')} data-testid="editor-wrap" />
            <Typography.Text type="secondary">{t('wrapLines')}</Typography.Text>
          </Space>
        )}
        {!readOnly && (
          <>
            <Input
              style={{ width: 260 }}
              aria-label={t('commitMessage')}
              placeholder={t('defaultMessage', { title: opened.title || opened.path })}
              value={commitMessage}
              maxLength={2000}
              onChange={(e) => setCommitMessage(e.target.value)}
            />
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={onSave} data-testid="editor-save">
              {t('save')}
            </Button>
          </>
        )}
      </Space>
    ),
    [
      editorActions,
      topicOf,
      pickElement,
      refuseReadOnly,
      saveFirst,
      t,
      mode,
      readOnly,
      opened,
      commitMessage,
      saving,
      onToggle,
      onSave,
      sourceOnly,
      wrapSource,
    ],
  );
  // What a content reference may be at the cursor, asked as the conref picker opens (the cursor stays put while it is open).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the picker opening is the trigger; mode and the views are read then
  const conrefFit = useMemo((): ConrefFit | undefined => {
    if (picker !== 'conref') return undefined;
    const e = mode === 'visual' ? visual.current?.editor() : null;
    if (e) return visualConrefFit(e);
    if (mode === 'source') return sourceConrefFit(source.current?.cursorPath().at(-1)?.name);
    return undefined;
  }, [picker]);
  const insertPicker = useMemo(
    () =>
      isS1000dPicker(picker) ? (
        <S1000dPicker kind={picker} scope={scope} readContent={readNow} onInsert={insert} onClose={closePicker} />
      ) : (
        <InsertPicker kind={picker} scope={scope} onInsert={insert} onClose={closePicker} conrefFit={conrefFit} />
      ),
    [picker, scope, insert, closePicker, readNow, conrefFit],
  );

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
          {statusTag}
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
          {presence}
          {s1000d && mode === 'visual' && (
            <ApplicPreviewSelect libraryId={target.libraryId} branch={target.branch} value={applicProduct?.key ?? null} onChange={setApplicProduct} />
          )}
          {flightops && (
            <AircraftPreviewSelect libraryId={target.libraryId} branch={target.branch} value={applicProduct?.key ?? null} onChange={setApplicProduct} />
          )}
        </Space>
        {controls}
      </div>
      {readOnly && <Alert type="info" showIcon title={t('readOnly')} />}
      {mergedNotice && (
        <Alert type="info" showIcon closable={{ onClose: () => setMergedNotice(false) }} title={t('mergedNotice')} data-testid="merged-notice" />
      )}
      <ProblemsList problems={problems} onJump={jumpToProblem} onClose={() => setProblems([])} />
      <div className="te-body">
        <aside className="te-left">{panesShown && leftPane}</aside>
        <main className="te-main">
          {toolbar}
          <div className="te-surface">
            {mode === 'visual' ? (
              <VisualView
                key={loaded.seq}
                ref={visual}
                standard={opened.standard}
                profile={profile}
                applicAssignment={s1000d ? (applicProduct?.assignment ?? null) : undefined}
                xml={loaded.xml}
                cursorPath={loaded.cursor}
                readOnly={readOnly}
                resolvers={references.resolvers}
                resolversVersion={shownResolversVersion}
                problems={shownVisualProblems}
                links={shownPreview?.links}
                onChange={changed}
                onSelect={setSelected}
              />
            ) : (
              <SourceView
                key={loaded.seq}
                ref={source}
                value={loaded.xml}
                cursorPath={loaded.cursor}
                lang={i18n.language}
                readOnly={readOnly}
                elements={sourceElements}
                wrap={wrapSource}
                problems={shownSourceProblems}
                onChange={sourceChanged}
              />
            )}
          </div>
        </main>
        <aside className="te-right">
          {panesShown && previewPane}
          {panesShown && attributesPane}
        </aside>
      </div>
      {insertPicker}
      <MergeView
        conflict={conflict}
        saving={save.isPending}
        onCancel={() => setConflict(null)}
        onSave={(content, c) => {
          load(content);
          void finishSave(content, { commit: c.theirsCommit, blob: c.theirsBlob }, commitMessage.trim() || undefined);
        }}
      />
    </div>
  );
}
