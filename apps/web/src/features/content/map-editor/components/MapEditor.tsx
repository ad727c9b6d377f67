import type { MapDocument } from '@ccms/contracts/content/map-editor';
import { Alert, Tabs, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLeaveGuard } from '../../topic-editor/components/editor-guards';
import { MergeView } from '../../topic-editor/components/MergeView';
import { ProblemsList } from '../../topic-editor/components/ProblemsList';
import { SourceView } from '../../topic-editor/source/SourceView';
import type { Target } from '../../topic-editor/topic-editor-api';
import { folderOf } from '../model/hrefs';
import type { MapTreeNode } from '../model/map-tree';
import { AddDialog, type AddKind } from './AddDialog';
import { MapHead, MapToolbar } from './MapHead';
import { MapTree } from './MapTree';
import { NodeAttributes } from './NodeAttributes';
import { PmAddDialog, type PmAddKind, PmNodePanel } from './PmPanels';
import { RelTableEditor } from './RelTableEditor';
import { useMapModel } from './use-map-model';
import { useMapOperations } from './use-map-operations';
import { useMapRefs } from './use-map-refs';
import { type PendingTopic, useMapSave } from './use-map-save';

const TREE_HEIGHT = 640;

const findNode = (nodes: readonly MapTreeNode[], id: string): MapTreeNode | null => {
  for (const n of nodes) {
    if (n.id === id) return n;
    const inner = findNode(n.children, id);
    if (inner) return inner;
  }
  return null;
};

/**
 * The map editor: the tree (drag and drop, keyboard moves), node attributes, relationship tables
 * and the source view, saved as one commit. The map and its edits: use-map-model; what they do:
 * use-map-operations; drafts and the save: use-map-save.
 */
export function MapEditor({ target, document: opened }: { target: Target; document: MapDocument }) {
  const { t, i18n } = useTranslation('map-editor');
  const readOnly = !opened.canWrite;
  const map = useMapModel(opened, readOnly);
  const { isPm, model, version, dirty, selected, setSelected, tree, relTables, edit } = map;
  const [pmAdding, setPmAdding] = useState<PmAddKind | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<PendingTopic[]>([]);
  const [deletions, setDeletions] = useState<string[]>([]);
  const [adding, setAdding] = useState<AddKind | null>(null);
  const [showSource, setShowSource] = useState(true);
  const [commitMessage, setCommitMessage] = useState('');
  const mapFolder = folderOf(opened.path);
  const isBookmap = opened.rootName === 'bookmap';
  const { refs, keyRefs, refresh } = useMapRefs(target, opened, model, version);

  const pendingHrefs = useMemo(() => new Set(pending.map((p) => p.href)), [pending]);
  const single = selected.length === 1 ? findNode(tree, selected[0] ?? '') : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the model is mutable; `version` says it changed
  const singleMeta = useMemo(() => {
    const el = single ? model.current.element(single.id) : undefined;
    return { linktext: el ? model.current.metaText(el, 'linktext') : '', keywords: el ? model.current.metaText(el, 'keywords') : '' };
  }, [single, version]);

  const saving = useMapSave({
    target,
    opened,
    readOnly,
    map,
    pending,
    deletions,
    onFilesSaved: () => {
      setPending([]);
      setDeletions([]);
    },
    commitMessage,
    refreshRefs: refresh,
    showSource: () => setShowSource(true),
  });
  useLeaveGuard(() => dirty, t('leaveConfirm'));

  const ops = useMapOperations({
    target,
    readOnly,
    map,
    single,
    refs,
    mapFolder,
    pendingHrefs,
    setPending,
    setDeletions,
    expand: (id) => setCollapsed((c) => new Set([...c].filter((x) => x !== id))),
    closeAdding: () => {
      setAdding(null);
      setPmAdding(null);
    },
  });

  const none = selected.length === 0;

  return (
    <div className="me-page" data-testid="map-editor">
      <MapHead
        target={target}
        opened={opened}
        readOnly={readOnly}
        dirty={dirty}
        draftAt={saving.draftAt}
        showSource={showSource}
        onShowSource={setShowSource}
        commitMessage={commitMessage}
        onCommitMessage={setCommitMessage}
        saving={saving.saving}
        onSave={saving.saveNow}
      />
      {readOnly && <Alert type="info" showIcon title={t('readOnly')} />}
      {saving.mergedNotice && <Alert type="info" showIcon closable={{ onClose: () => saving.setMergedNotice(false) }} title={t('mergedNotice')} />}
      {(pending.length > 0 || deletions.length > 0) && (
        <Alert
          type="warning"
          showIcon
          data-testid="map-pending"
          title={t('pendingFiles', { created: pending.map((p) => p.path).join(', ') || '-', deleted: deletions.join(', ') || '-' })}
        />
      )}
      <ProblemsList problems={saving.problems} onJump={() => setShowSource(true)} onClose={() => saving.setProblems([])} />
      <div className="me-body">
        <main className="me-tree">
          {!readOnly && (
            <MapToolbar
              isPm={isPm}
              isBookmap={isBookmap}
              none={none}
              canAddRef={single !== null && model.current.canAdd('dmRef', single.id, 'inside')}
              canDelete={opened.canDelete && !isPm}
              hasFile={!!single?.href}
              canUndo={map.canUndo}
              onAdd={setAdding}
              onPmAdd={setPmAdding}
              onMoveUp={ops.moveUp}
              onMoveDown={ops.moveDown}
              onIndent={ops.indent}
              onOutdent={ops.outdent}
              onRemove={ops.removeRefs}
              onDeleteFile={() => void ops.deleteFile()}
              onUndo={map.undo}
            />
          )}
          <Tabs
            items={[
              {
                key: 'tree',
                label: t('tabs.tree'),
                children: (
                  <div ref={map.treeKeys} className="me-tree-keys" tabIndex={-1} onKeyDownCapture={ops.onTreeKey} data-testid="map-tree">
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
                      onDrop={ops.onDrop}
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
            <SourceView
              key={map.source.seq}
              value={map.source.text}
              lang={i18n.language}
              readOnly={readOnly}
              problems={saving.problems}
              onChange={map.onSourceChange}
            />
          </section>
        )}
        <aside className="me-attrs">
          <Typography.Text strong>{t('attrs.title')}</Typography.Text>
          {isPm ? (
            <PmNodePanel node={single} refInfo={single?.href ? refs.get(single.href) : undefined} readOnly={readOnly} onTitle={ops.retitle} />
          ) : (
            <NodeAttributes node={single} meta={singleMeta} libraryId={target.libraryId} readOnly={readOnly} onApply={ops.applyAttrs} />
          )}
        </aside>
      </div>
      <AddDialog
        kind={adding}
        isBookmap={isBookmap}
        hasSelection={!none}
        libraryId={target.libraryId}
        branch={target.branch}
        folder={ops.newTopicFolder}
        onAdd={ops.add}
        onClose={() => setAdding(null)}
      />
      <PmAddDialog
        kind={pmAdding}
        libraryId={target.libraryId}
        branch={target.branch}
        onEntry={ops.addEntry}
        onDm={ops.addDm}
        onPm={ops.addPm}
        onClose={() => setPmAdding(null)}
      />
      <MergeView
        conflict={saving.conflict}
        saving={saving.saving}
        onCancel={() => saving.setConflict(null)}
        onSave={(content, c) => {
          const next = map.parse(content);
          if (next.isMap) map.replace(next);
          saving.saveContent(content, { commit: c.theirsCommit, blob: c.theirsBlob });
        }}
      />
    </div>
  );
}
