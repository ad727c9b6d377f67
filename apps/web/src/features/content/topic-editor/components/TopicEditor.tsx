import type { EditorDocument } from '@ccms/contracts/content/topic-editor';
import { Alert, Typography } from 'antd';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { slot, useLoaded } from '../../../../shared/slots/slots';
import { useRenderedLater } from '../../../../shared/use-rendered-later';
import { useStableCallback } from '../../../../shared/use-stable-callback';
import { AircraftPreviewSelect } from '../../flightops/components/AircraftPreviewSelect';
import { StatusTag } from '../../shared/StatusTag';
import { addApplicToModule } from '../model/applic-new';
import { type IcnFile, syncIcnEntities } from '../model/icn-entities';
import { SourceView } from '../source/SourceView';
import { s1000dElementSpecs } from '../source/s1000d-grammar';
import type { Target } from '../topic-editor-api';
import { useS1000dGrammar } from '../topic-editor-queries';
import { ApplicPreviewSelect } from './ApplicPreviewSelect';
import { AttributesPanel, type SelectedElement } from './AttributesPanel';
import { EditorControls, type EditorMode, EditorTitle } from './EditorHead';
import { EditorPicker } from './EditorPicker';
import { EditorToolbar } from './EditorToolbar';
import { useLeaveGuard } from './editor-guards';
import type { PickerKind } from './InsertPicker';
import { type Insertion, insertionXml } from './insertions';
import { LeftTabs } from './LeftTabs';
import { MergeView } from './MergeView';
import { PresenceBar } from './PresenceBar';
import { PreviewPane } from './PreviewPane';
import { ProblemsList } from './ProblemsList';
import { S1000dAttributesPanel } from './S1000dAttributesPanel';
import { useEditCount } from './use-edit-count';
import { useElementActions } from './use-element-actions';
import { useTextAnswers } from './use-text-answers';
import { type Base, useTopicDrafts } from './use-topic-drafts';
import { useTopicSave } from './use-topic-save';
import { useTopicViews } from './use-topic-views';
import { VisualView } from './VisualView';

/** Unsaved edits of a topic kept while the writer works on another topic of the document. */
export interface Stash {
  content: string;
  baseCommit: string;
  baseBlob: string;
}

export interface TopicEditorProps {
  target: Target;
  document: EditorDocument;
  initialMode: EditorMode;
  documentId: number | undefined;
  stash: Stash | null;
  onStash: (path: string, stash: Stash | null) => void;
  unsavedPaths: ReadonlySet<string>;
  onOpenTopic: (path: string) => void;
}

/**
 * One opened topic: the two views, the side panes, drafts (use-topic-drafts), presence and the
 * save with its outcomes (use-topic-save).
 */
export function TopicEditor({ target, document: opened, initialMode, documentId, stash, onStash, unsavedPaths, onOpenTopic }: TopicEditorProps) {
  const { t, i18n } = useTranslation('topic-editor');
  const readOnly = !opened.canWrite;
  // A standard with no visual vocabulary yet (flight-ops DUs) is edited in the source view only; an XML profile's file
  // is visual with its profile's vocabulary (the open answer carries it).
  const profile = opened.standard === 'xmlprofile' ? opened.profile : undefined;
  const sourceOnly = opened.standard === 'flightops' || (opened.standard === 'xmlprofile' && !profile);
  // The source view wraps long lines unless the writer turns it off (then they scroll sideways).
  const [wrapSource, setWrapSource] = useState(true);
  const [base, setBase] = useState<Base>({ commit: stash?.baseCommit ?? opened.baseCommit, blob: stash?.baseBlob ?? opened.baseBlob });
  const edits = useEditCount(stash ? 1 : 0);
  const { version, dirty, pause, changed, unsavedNow } = edits;
  const views = useTopicViews(stash?.content ?? opened.content, sourceOnly ? 'source' : initialMode, changed);
  const { mode, loaded, visual, source, readContent, readNow, load, malformed } = views;
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
  const [commitMessage, setCommitMessage] = useState('');
  const s1000d = opened.standard === 's1000d';
  // A flight-ops DU is previewed for an aircraft of the fleet as an S1000D module for a product.
  const flightops = opened.standard === 'flightops';
  const grammar = useS1000dGrammar(target, s1000d);
  const [applicProduct, setApplicProduct] = useState<{ key: string; assignment: Record<string, string> } | null>(null);
  const sourceElements = useMemo(() => (s1000d ? s1000dElementSpecs(grammar.data) : undefined), [s1000d, grammar.data]);

  const restore = useCallback(
    (b: Base, content: string) => {
      setBase(b);
      load(content);
    },
    [load],
  );
  const draftAt = useTopicDrafts({ target, opened, stashed: !!stash, readOnly, base, restore, readContent: readNow, edits });

  // Leaving with unsaved edits asks first (a jump inside the document keeps them instead).
  const jumping = useRef(false);
  useLeaveGuard(unsavedNow, t('leaveConfirm'), () => jumping.current);
  const jump = useStableCallback((path: string) => {
    onStash(target.path, unsavedNow() ? { content: readContent(), baseCommit: base.commit, baseBlob: base.blob } : null);
    jumping.current = true;
    onOpenTopic(path);
  });

  const saving = useTopicSave({
    target,
    readOnly,
    base,
    setBase,
    readContent,
    malformedNow: (content) => (mode === 'source' ? malformed(content) : []),
    commitMessage,
    load,
    onSaved: () => onStash(target.path, null),
    edits,
  });
  const { setProblems, saveContent } = saving;

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

  const { topicId, actionProps } = useElementActions({
    target,
    opened,
    readOnly,
    readContent,
    cursorPath: views.cursorPathIn,
    unsavedNow,
    loadEdited: (xml, cursor) => {
      load(xml, cursor);
      changed();
    },
    saveContent: (content) => saveContent(content, base),
  });

  const visualEditor = useCallback(() => visual.current?.editor() ?? null, [visual]);
  // Review comments: selections become the review tab's quote, threads' places are marked (issue 38, item 6).
  const useEditorAnchors = useLoaded(slot('editorAnchors'));
  const previewFrame = useEditorAnchors({ target, editor: visualEditor, readXml: readNow, viewSeq: `${mode}:${loaded.seq}`, baseCommit: base.commit });
  const answers = useTextAnswers({
    target,
    version,
    pause,
    readContent,
    applic: s1000d || flightops ? (applicProduct?.assignment ?? null) : null,
    ticket: opened.ticket,
    onOpenSource: (path) => {
      if (path !== target.path) jump(path);
    },
  });
  const { filterGroup, setFilterGroup, previewState } = answers;
  const scope = useMemo(() => ({ libraryId: target.libraryId, branch: target.branch, path: target.path }), [target]);

  // The panes are made again only when what they show changes: the page renders after each pause
  // in typing, each check and preview answer and each draft, and none of that redraws them.
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
    [target, previewState, filterGroup, setFilterGroup, s1000d, flightops, applicProduct, previewFrame, opened.ticket],
  );
  const applyAttributes = useCallback((attrs: Record<string, string>) => visual.current?.setAttributes(attrs), [visual]);
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
  const onToggle = useStableCallback(views.toggle);
  const onSave = useStableCallback(saving.saveNow);
  const controls = useMemo(
    () => (
      <EditorControls
        actionProps={actionProps}
        mode={mode}
        onMode={onToggle}
        sourceOnly={sourceOnly}
        wrapSource={wrapSource}
        onWrapSource={setWrapSource}
        readOnly={readOnly}
        commitMessage={commitMessage}
        onCommitMessage={setCommitMessage}
        title={opened.title || opened.path}
        saving={saving.saving}
        onSave={onSave}
      />
    ),
    [actionProps, mode, onToggle, sourceOnly, wrapSource, readOnly, commitMessage, opened, saving.saving, onSave],
  );
  const applicability = s1000d
    ? mode === 'visual' && (
        <ApplicPreviewSelect libraryId={target.libraryId} branch={target.branch} value={applicProduct?.key ?? null} onChange={setApplicProduct} />
      )
    : flightops && <AircraftPreviewSelect libraryId={target.libraryId} branch={target.branch} value={applicProduct?.key ?? null} onChange={setApplicProduct} />;

  return (
    <div className="te-page" data-testid="topic-editor">
      <div className="te-head">
        <EditorTitle opened={opened} status={statusTag} dirty={dirty} draftAt={draftAt} presence={presence} applicability={applicability} />
        {controls}
      </div>
      {readOnly && <Alert type="info" showIcon title={t('readOnly')} />}
      {saving.mergedNotice && (
        <Alert type="info" showIcon closable={{ onClose: () => saving.setMergedNotice(false) }} title={t('mergedNotice')} data-testid="merged-notice" />
      )}
      <ProblemsList problems={saving.problems} onJump={views.goToProblem} onClose={() => setProblems([])} />
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
                resolvers={answers.resolvers}
                resolversVersion={answers.shownResolversVersion}
                problems={answers.shownVisualProblems}
                links={previewState.data?.links}
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
                problems={answers.shownSourceProblems}
                onChange={views.sourceChanged}
              />
            )}
          </div>
        </main>
        <aside className="te-right">
          {panesShown && previewPane}
          {panesShown && attributesPane}
        </aside>
      </div>
      <EditorPicker picker={picker} mode={mode} visual={visual} source={source} scope={scope} readContent={readNow} onInsert={insert} onClose={closePicker} />
      <MergeView
        conflict={saving.conflict}
        saving={saving.saving}
        onCancel={() => saving.setConflict(null)}
        onSave={(content, c) => {
          load(content);
          void saveContent(content, { commit: c.theirsCommit, blob: c.theirsBlob });
        }}
      />
    </div>
  );
}
