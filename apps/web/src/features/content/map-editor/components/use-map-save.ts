import type { MapDocument } from '@ccms/contracts/content/map-editor';
import type { EditorConflict, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { App } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../shared/catalog-status';
import { useSaveShortcut } from '../../topic-editor/components/editor-guards';
import { type Base, DRAFT_INTERVAL_MS } from '../../topic-editor/components/use-topic-drafts';
import { wellFormednessProblems } from '../../topic-editor/source/SourceView';
import { type Target, topicEditorApi } from '../../topic-editor/topic-editor-api';
import { useSaveMap } from '../map-editor-queries';
import { emptyPmEntries } from '../model/map-vocabulary';
import type { TopicType } from './AddDialog';
import type { useMapModel } from './use-map-model';

/** A topic the next save creates (its reference is already in the map). */
export interface PendingTopic {
  href: string;
  path: string;
  type: TopicType;
  templateId: number | undefined;
  title: string;
  id: string;
}

interface SaveOptions {
  target: Target;
  opened: MapDocument;
  readOnly: boolean;
  map: ReturnType<typeof useMapModel>;
  /** The topics the save creates and the files it deletes, with the map in one commit. */
  pending: PendingTopic[];
  deletions: string[];
  /** They were committed. */
  onFilesSaved: () => void;
  commitMessage: string;
  /** The references are asked for again (what a save created or deleted). */
  refreshRefs: () => void;
  /** Shows the source view (where the problems a save found are). */
  showSource: () => void;
}

/**
 * The map's drafts and save: a draft from an earlier session is offered back once (drafts are
 * the topic editor's), unsaved edits are kept as a draft every few seconds; a save sends the map
 * with the topics to create and the files to delete, and ends refused with the server's problems,
 * in a conflict (the merge view), or committed, the editor continuing from what was committed.
 * Ctrl+S saves too.
 */
export function useMapSave({ target, opened, readOnly, map, pending, deletions, onFilesSaved, commitMessage, refreshRefs, showSource }: SaveOptions) {
  const { t, i18n } = useTranslation('map-editor');
  const { message, modal } = App.useApp();
  const save = useSaveMap();
  const [base, setBase] = useState<Base>({ commit: opened.baseCommit, blob: opened.baseBlob });
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const [draftAt, setDraftAt] = useState<string | null>(null);
  const [mergedNotice, setMergedNotice] = useState(false);
  const { model, parse, replace, dirty, version } = map;

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
        setBase({ commit: draft.baseCommit, blob: draft.baseBlob });
        replace(next);
      },
      onCancel: () => void topicEditorApi.dropDraft(target),
    });
  }, [opened, readOnly, modal, t, target, replace, parse]);

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
  }, [dirty, readOnly, target, model]);

  const saveContent = (content: string, b: Base) => {
    const at = map.current();
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
          onFilesSaved();
          if (r.merged || r.content !== model.current.toXml()) {
            map.setSelected([]);
            replace(parse(r.content));
            map.savedAt(map.current());
          } else map.savedAt(at);
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
    const content = map.sourceText.current !== model.current.toXml() ? map.sourceText.current : model.current.toXml();
    const errors = wellFormednessProblems(content, i18n.language);
    if (errors.length > 0) {
      setProblems(errors);
      return;
    }
    // A pmEntry left holding nothing (the schema wants a dmRef, pmRef or entry in it) is said where it is before saving.
    const empty = map.isPm ? emptyPmEntries(content) : [];
    if (empty.length > 0) {
      setProblems(empty.map((at) => ({ ...at, severity: 'error', code: 'pm-empty-entry', message: t('pm.emptyEntry') })));
      showSource();
      return;
    }
    saveContent(content, base);
  };
  useSaveShortcut(saveNow);

  return {
    saving: save.isPending,
    draftAt,
    problems,
    setProblems,
    conflict,
    setConflict,
    mergedNotice,
    setMergedNotice,
    saveNow,
    /** Saves `content` on `b` (a resolved conflict on the other change). */
    saveContent,
  };
}
