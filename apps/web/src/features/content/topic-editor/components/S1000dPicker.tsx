import type { EditorCirRow, EditorDmRefRow } from '@ccms/contracts/content/topic-editor';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Checkbox, Empty, Input, Modal, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../../shared/use-debounced';
import type { GraphicRow } from '../../graphic/graphic-api';
import { graphicData } from '../../graphic/graphic-queries';
import { useResourceList } from '../../graphic/resource-queries';
import { applicGroups } from '../model/applic-preview';
import { dmRefInner, internalTargets } from '../model/s1000d-insert';
import { topicEditorApi } from '../topic-editor-api';
import type { PickerScope, S1000dPickerKind } from './InsertPicker';
import type { Insertion } from './insertions';

const SEARCH_DEBOUNCE_MS = 250;

/** dmRef: the library's data modules by code or title; the issue is written only when asked for. */
function DmRefSearch({ scope, onPick }: { scope: PickerScope; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('editor');
  const [text, setText] = useState('');
  const [withIssue, setWithIssue] = useState(false);
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const rows = useQuery({
    queryKey: ['content', 'topic-editor', 'dm-refs', scope.libraryId, scope.branch ?? '', q],
    queryFn: () => topicEditorApi.dmRefs({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), q, limit: 30 }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('s1000d.dmRefSearch')}
        aria-label={t('s1000d.dmRefSearch')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        data-testid="dmref-search"
      />
      <Checkbox checked={withIssue} onChange={(e) => setWithIssue(e.target.checked)}>
        {t('s1000d.withIssue')}
      </Checkbox>
      <Table<EditorDmRefRow>
        size="small"
        rowKey="path"
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(row) => ({ onClick: () => onPick({ kind: 'dmRef', inner: dmRefInner(row, withIssue) }), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'DMC', dataIndex: 'code', width: 340 },
          { title: t('picker.title'), dataIndex: 'title' },
          { title: 'Issue', width: 90, render: (_, r) => (r.issueInfo ? `${r.issueInfo.issueNumber}-${r.issueInfo.inWork}` : '') },
        ]}
      />
    </Space>
  );
}

/** internalRef: the elements with an id in this module (as it is now, unsaved edits included). */
function InternalRefList({ readContent, onPick }: { readContent: () => string; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('editor');
  const [text, setText] = useState('');
  const all = useMemo(() => internalTargets(readContent()), [readContent]);
  const shown = all.filter((r) => !text || r.id.includes(text) || r.text.toLowerCase().includes(text.toLowerCase()));
  if (all.length === 0) return <Empty description={t('s1000d.noTargets')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('s1000d.internalSearch')}
        aria-label={t('s1000d.internalSearch')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Table
        size="small"
        rowKey="id"
        dataSource={shown}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(row) => ({
          onClick: () => onPick({ kind: 'internalRef', internalRefId: row.id, internalRefTargetType: row.targetType }),
          style: { cursor: 'pointer' },
        })}
        columns={[
          { title: 'id', dataIndex: 'id', width: 160 },
          { title: t('picker.element'), dataIndex: 'element', width: 150 },
          { title: t('picker.text'), dataIndex: 'text' },
        ]}
      />
    </Space>
  );
}

/** ICN graphic: the library's ICN files; inserting one writes a figure and its ENTITY declaration. */
function IcnList({ scope, onPick }: { scope: PickerScope; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('editor');
  const [text, setText] = useState('');
  const [title, setTitle] = useState('');
  const name = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const at = { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}) };
  const list = useResourceList(graphicData, { ...at, pageNum: 1, pageSize: 50, name: name || 'ICN-' }, true);
  const rows: GraphicRow[] = (list.data?.rows ?? []).filter((r) => r.name.startsWith('ICN-'));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('s1000d.graphicSearch')}
        aria-label={t('s1000d.graphicSearch')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Input placeholder={t('s1000d.graphicTitle')} aria-label={t('s1000d.graphicTitle')} value={title} onChange={(e) => setTitle(e.target.value)} />
      <Table<GraphicRow>
        size="small"
        rowKey="path"
        loading={list.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320 }}
        onRow={(row) => ({
          onClick: () => onPick({ kind: 'graphic', icn: row.name.replace(/\.[^.]+$/, ''), file: row.name, title }),
          style: { cursor: 'pointer' },
        })}
        columns={[
          { title: 'ICN', dataIndex: 'name' },
          { title: t('picker.path'), dataIndex: 'folder', width: 160 },
        ]}
      />
    </Space>
  );
}

/** Applicability: the applics of this module's referenced applic group, given to the element at the cursor (or removed from it). */
function ApplicList({ readContent, onPick }: { readContent: () => string; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('editor');
  const rows = useMemo(() => [...applicGroups(readContent())].map(([id, e]) => ({ id, text: e.text })), [readContent]);
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Typography.Text type="secondary">{t('s1000d.applicHint')}</Typography.Text>
      {rows.length === 0 && <Empty description={t('s1000d.noApplics')} />}
      <Table
        size="small"
        rowKey="id"
        dataSource={[...rows, { id: '', text: t('s1000d.applicNone') }]}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(row) => ({ onClick: () => onPick({ kind: 'applic', applicRefId: row.id }), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'id', dataIndex: 'id', width: 160 },
          { title: t('picker.text'), dataIndex: 'text' },
        ]}
      />
    </Space>
  );
}

/** CIR items: the library's repositories' functional items, parts, tools, supplies, zones, ... by key. */
function CirSearch({ scope, onPick }: { scope: PickerScope; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('editor');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const rows = useQuery({
    queryKey: ['content', 'topic-editor', 'cir-items', scope.libraryId, scope.branch ?? '', q],
    queryFn: () => topicEditorApi.cirItems({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), q, limit: 100 }),
    placeholderData: keepPreviousData,
  });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input.Search
        allowClear
        autoFocus
        placeholder={t('s1000d.cirSearch')}
        aria-label={t('s1000d.cirSearch')}
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <Table<EditorCirRow>
        size="small"
        rowKey={(r) => `${r.ref}:${Object.values(r.attrs).join('/')}:${r.source}`}
        loading={rows.isFetching}
        dataSource={rows.data ?? []}
        pagination={false}
        scroll={{ y: 360 }}
        onRow={(row) => ({ onClick: () => onPick({ kind: 'cir', ref: row.ref, attrs: row.attrs }), style: { cursor: 'pointer' } })}
        columns={[
          { title: t('picker.element'), dataIndex: 'ref', width: 170 },
          { title: t('s1000d.cirKey'), render: (_, r) => Object.values(r.attrs).join(' / ') },
          { title: 'DMC', dataIndex: 'source', width: 330 },
        ]}
      />
    </Space>
  );
}

export interface S1000dPickerProps {
  kind: S1000dPickerKind | null;
  scope: PickerScope;
  /** The module as it is now (internalRef targets include unsaved ones). */
  readContent: () => string;
  onInsert: (insertion: Insertion) => void;
  onClose: () => void;
}

/** The pickers of an S1000D module: dmRef (the library's data modules), internalRef (this module's ids), ICN graphic. */
export function S1000dPicker({ kind, scope, readContent, onInsert, onClose }: S1000dPickerProps) {
  const { t } = useTranslation('editor');
  const done = (insertion: Insertion) => {
    onInsert(insertion);
    onClose();
  };
  return (
    <Modal open={kind !== null} title={kind ? t(`s1000d.pickers.${kind}`) : ''} onCancel={onClose} footer={null} width={820} destroyOnHidden>
      <Typography.Text type="secondary">{scope.path}</Typography.Text>
      <div data-testid="s1000d-picker">
        {kind === 'dmRef' && <DmRefSearch scope={scope} onPick={done} />}
        {kind === 'internalRef' && <InternalRefList readContent={readContent} onPick={done} />}
        {kind === 'graphic' && <IcnList scope={scope} onPick={done} />}
        {kind === 'applic' && <ApplicList readContent={readContent} onPick={done} />}
        {kind === 'cir' && <CirSearch scope={scope} onPick={done} />}
      </div>
    </Modal>
  );
}
