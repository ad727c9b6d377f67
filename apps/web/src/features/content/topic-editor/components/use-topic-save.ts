import type { EditorConflict, EditorProblem } from '@ccms/contracts/content/topic-editor';
import { App } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Target } from '../topic-editor-api';
import { useSaveTopic } from '../topic-editor-queries';
import { useSaveShortcut } from './editor-guards';
import type { EditCount } from './use-edit-count';
import type { Base } from './use-topic-drafts';

interface SaveOptions {
  target: Target;
  readOnly: boolean;
  base: Base;
  setBase: (base: Base) => void;
  /** The topic's text now. */
  readContent: () => string;
  /** The well-formedness errors save refuses before sending (the source view's; none from the visual view). */
  malformedNow: (content: string) => EditorProblem[];
  commitMessage: string;
  /** The editor continues from this text (what was committed, when the server changed or merged it). */
  load: (xml: string) => void;
  /** The topic's unsaved edits are gone (saved): the page forgets what it kept of them. */
  onSaved: () => void;
  edits: EditCount;
}

/**
 * The topic's save and what comes of it: the server's problems (refused, or warnings of a saved
 * topic), a conflict with a change made meanwhile (the merge view), or the commit, after which
 * the editor continues from what was committed. Ctrl+S saves too.
 */
export function useTopicSave({ target, readOnly, base, setBase, readContent, malformedNow, commitMessage, load, onSaved, edits }: SaveOptions) {
  const { t } = useTranslation('topic-editor');
  const { message } = App.useApp();
  const save = useSaveTopic();
  const [problems, setProblems] = useState<EditorProblem[]>([]);
  const [conflict, setConflict] = useState<EditorConflict | null>(null);
  const [mergedNotice, setMergedNotice] = useState(false);
  const typedMessage = () => commitMessage.trim() || undefined;

  /**
   * Saves; answers whether the content was committed (refused or in conflict: false, and shown).
   * Without a typed message the server writes its default ("Update <title>") in the writer's language, as the placeholder shows.
   */
  const finishSave = (content: string, b: Base, msg: string | undefined) =>
    new Promise<boolean>((resolve) => {
      const at = edits.current();
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
            edits.savedAt(at);
            onSaved();
            if (r.merged || r.content !== content) {
              // The editor continues from what was committed; it counts as saved.
              load(r.content);
              edits.reloadedSaved();
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
    const errors = malformedNow(content);
    if (errors.length > 0) {
      setProblems(errors);
      return;
    }
    void finishSave(content, base, typedMessage());
  };
  useSaveShortcut(saveNow);

  return {
    saving: save.isPending,
    problems,
    setProblems,
    conflict,
    setConflict,
    mergedNotice,
    setMergedNotice,
    /** Saves the text as it is now, on the editor's base. */
    saveNow,
    /** Saves `content` on `b` with the typed message (a picked element's new id; a resolved conflict on the other change). */
    saveContent: (content: string, b: Base) => finishSave(content, b, typedMessage()),
  };
}
