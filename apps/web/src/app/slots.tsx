import { lazy, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorTabProps, NewTaskDialogProps, TopicTabProps } from '../shared/slots/slots';
import { clearSlots, fillSlots, lazyHook } from '../shared/slots/slots';

const loaders: (() => Promise<unknown>)[] = [];

// work: the review marks in the topic editor (its chunk loads with the editor).
const anchors = lazyHook(async () => (await import('../features/work/review-comment/use-review-anchors-in-editor')).useReviewAnchorsInEditor);
loaders.push(() => anchors.load());

/**
 * A component that loads with the page that shows it (its own chunk); once loaded (or preloaded:
 * preloadSlots) it renders at once, with no suspended render in between.
 */
function loaded<P extends object>(load: () => Promise<{ default: (props: P) => ReactNode }>): (props: P) => ReactNode {
  let Ready: ((props: P) => ReactNode) | undefined;
  const settle = async () => {
    const module = await load();
    Ready ??= module.default;
    return { default: Ready };
  };
  loaders.push(settle);
  const Lazy = lazy(settle);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per slot at module level, as lazy() makes its component
  return function Slotted(props: P) {
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  };
}

/** Loads every slot's component now (the web tests, whose pages then show them without waiting on an import). */
export const preloadSlots = () => Promise.all(loaders.map((load) => load()));

// The tabs' labels, in the words they had on their pages.
function TopicReviewLabel() {
  return useTranslation('topic').t('tabs.review');
}
function EditorReviewLabel() {
  return useTranslation('topic-editor').t('left.review');
}
function RegulationsLabel() {
  return useTranslation('compliance').t('link.tab');
}
function CommentExportLabel() {
  return useTranslation('s1000d').t('comments.exportTab');
}
function CommentImportLabel() {
  return useTranslation('s1000d').t('comments.importTab');
}
function OutputLabel() {
  return useTranslation('document').t('tabs.output');
}

const TopicReview = loaded(async () => {
  const { ReviewThreads } = await import('../features/work/review-comment/components/ReviewThreads');
  return { default: ({ libraryId, branch, path }: TopicTabProps) => <ReviewThreads libraryId={libraryId} branch={branch} path={path} /> };
});
const TopicRegulations = loaded(async () => {
  const { TopicRegulationsTab } = await import('../features/compliance/regulation/components/TopicRegulationsTab');
  return { default: ({ topicId, libraryId, title }: TopicTabProps) => <TopicRegulationsTab topic={{ topicId, libraryId, title }} /> };
});
const EditorReview = loaded(async () => {
  const { ReviewThreads } = await import('../features/work/review-comment/components/ReviewThreads');
  return {
    default: ({ libraryId, branch, path, content }: EditorTabProps) => <ReviewThreads libraryId={libraryId} branch={branch} path={path} content={content} />,
  };
});
const NewTask = loaded(async () => {
  const { TaskFormDialog } = await import('../features/work/task/components/TaskFormDialog');
  return { default: ({ preset, onClose }: NewTaskDialogProps) => <TaskFormDialog open id={undefined} preset={preset} onClose={onClose} /> };
});

/**
 * Where the areas meet (issue 35): work, publish and compliance fill the content area's pane,
 * tab and action slots (shared/slots), so content imports none of them. Called once before the
 * first render (main.tsx; the web tests' setup), and again it fills them afresh. Each component
 * loads with the page that shows it; the labels keep the texts they had on those pages.
 */
export function registerSlots() {
  clearSlots();
  fillSlots({
    // work: review comments on the topic page, in the topic editor and as S1000D comment files; tasks from a data module list.
    topicTabs: [
      {
        key: 'review',
        order: 50,
        Label: TopicReviewLabel,
        Pane: TopicReview,
      },
      // compliance: the regulation clauses the topic answers.
      {
        key: 'regulations',
        order: 60,
        Label: RegulationsLabel,
        Pane: TopicRegulations,
      },
    ],
    editorTabs: [
      {
        key: 'review',
        order: 20,
        Label: EditorReviewLabel,
        Pane: EditorReview,
      },
      {
        key: 'regulations',
        order: 40,
        Label: RegulationsLabel,
        Pane: loaded(async () => ({ default: (await import('../features/compliance/regulation/components/EditorRegulationsPane')).EditorRegulationsPane })),
      },
    ],
    editorActions: [
      {
        key: 'link-regulation',
        Action: loaded(async () => ({ default: (await import('../features/compliance/regulation/components/LinkToRegulationAction')).LinkToRegulationAction })),
      },
    ],
    editorAnchors: anchors,
    newTask: NewTask,
    transferTabs: [
      {
        key: 'com-export',
        order: 30,
        Label: CommentExportLabel,
        Pane: loaded(async () => ({ default: (await import('../features/work/review-comment/components/CommentFilesTabs')).CommentExportTab })),
      },
      {
        key: 'com-import',
        order: 40,
        Label: CommentImportLabel,
        Pane: loaded(async () => ({ default: (await import('../features/work/review-comment/components/CommentFilesTabs')).CommentImportTab })),
      },
    ],
    // publish: the document page's outputs, and the dialog and output table of the map editor and the flight-ops drawer.
    documentTabs: [
      {
        key: 'output',
        order: 60,
        Label: OutputLabel,
        Pane: loaded(async () => ({ default: (await import('../features/publish/output/components/DocumentOutputTab')).DocumentOutputTab })),
      },
    ],
    publish: {
      Dialog: loaded(async () => ({ default: (await import('../features/publish/output/components/PublishDialog')).PublishDialog })),
      Outputs: loaded(async () => ({ default: (await import('../features/publish/output/components/OutputTable')).OutputTable })),
    },
  });
}
