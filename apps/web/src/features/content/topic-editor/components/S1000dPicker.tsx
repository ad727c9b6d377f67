import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { ApplicAttribute } from '@ccms/contracts/content/s1000d';
import type { EditorCirRow, EditorDmRefRow } from '@ccms/contracts/content/topic-editor-pickers';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Divider, Empty, Input, Modal, Radio, Select, Space, Table, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebounced } from '../../../../shared/use-debounced';
import type { GraphicRow } from '../../graphic/graphic-api';
import { graphicData } from '../../graphic/graphic-queries';
import { useResourceList } from '../../graphic/resource-queries';
import { CodeSearch } from '../../s1000d/components/CodeSearch';
import { useApplicability } from '../../s1000d/s1000d-queries';
import { type ApplicCondition, conditionsText, freshApplicId } from '../model/applic-new';
import { applicGroups } from '../model/applic-preview';
import { dmRefInner, internalTargets } from '../model/s1000d-insert';
import { topicEditorQueries } from '../topic-editor-queries';
import type { PickerScope, S1000dPickerKind } from './InsertPicker';
import type { Insertion } from './insertions';

const SEARCH_DEBOUNCE_MS = 250;

/** dmRef: the library's data modules by code or title; the issue is written only when asked for. */
function DmRefSearch({ scope, onPick }: { scope: PickerScope; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('topic-editor');
  const [withIssue, setWithIssue] = useState(false);
  return (
    <CodeSearch<EditorDmRefRow>
      query={(q) => topicEditorQueries.dmRefs({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), q, limit: 30 })}
      placeholder={t('s1000d.dmRefSearch')}
      codeTitle="DMC"
      titleLabel={t('picker.title')}
      issueLabel="Issue"
      onPick={(row) => onPick({ kind: 'dmRef', inner: dmRefInner(row, withIssue) })}
      testId="dmref-search"
    >
      <Checkbox checked={withIssue} onChange={(e) => setWithIssue(e.target.checked)}>
        {t('s1000d.withIssue')}
      </Checkbox>
    </CodeSearch>
  );
}

/** internalRef: the elements with an id in this module (as it is now, unsaved edits included). */
function InternalRefList({ readContent, onPick }: { readContent: () => string; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('topic-editor');
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
  const { t } = useTranslation('topic-editor');
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

/** The values a property offers: its enumerations (`a|b`) split, ranges (`1~3`) as written. */
const valuesOf = (a: ApplicAttribute | undefined) => [...new Set((a?.values ?? []).flatMap((v) => v.split('|')).filter((v) => v !== ''))];

type Row = { ident: string | undefined; values: string[] };

/**
 * A new applic from the library's ACT/CCT properties: property and values per condition, and how
 * they combine; added to the module's referencedApplicGroup (made when missing) with a fresh id,
 * and given to the element at the cursor.
 */
function NewApplicForm({ scope, readContent, onPick }: { scope: PickerScope; readContent: () => string; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('topic-editor');
  const tables = useApplicability({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}) });
  const properties = (tables.data?.attributes ?? []).filter((a) => !a.primary);
  const [rows, setRows] = useState<Row[]>([{ ident: undefined, values: [] }]);
  const [andOr, setAndOr] = useState<'and' | 'or'>('and');
  const [displayText, setDisplayText] = useState('');
  const byId = new Map(properties.map((a) => [a.id, a]));
  const conditions: ApplicCondition[] = rows.flatMap((r) => {
    const a = r.ident ? byId.get(r.ident) : undefined;
    return a && r.values.length > 0 ? [{ ident: a.id, type: a.type, values: r.values }] : [];
  });
  const proposed = conditionsText(conditions, andOr, Object.fromEntries(properties.map((a) => [a.id, a.name])));
  const set = (i: number, row: Partial<Row>) => setRows((old) => old.map((r, j) => (j === i ? { ...r, ...row } : r)));
  if (tables.isSuccess && properties.length === 0) return <Empty description={t('s1000d.newApplic.noProperties')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="new-applic">
      {rows.map((r, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the rows have no identity but their place
        <Space key={i} wrap>
          <Select
            style={{ width: 240 }}
            placeholder={t('s1000d.newApplic.property')}
            aria-label={`${t('s1000d.newApplic.property')} ${i + 1}`}
            loading={tables.isLoading}
            value={r.ident}
            onChange={(ident: string) => set(i, { ident, values: [] })}
            options={properties.map((a) => ({ value: a.id, label: `${a.name} (${a.id}, ${a.type === 'condition' ? 'CCT' : 'ACT'})` }))}
          />
          <Select
            mode="tags"
            style={{ width: 320 }}
            placeholder={t('s1000d.newApplic.values')}
            aria-label={`${t('s1000d.newApplic.values')} ${i + 1}`}
            disabled={!r.ident}
            value={r.values}
            onChange={(values: string[]) => set(i, { values })}
            options={valuesOf(r.ident ? byId.get(r.ident) : undefined).map((v) => ({ value: v, label: v }))}
          />
          {rows.length > 1 && (
            <Button
              size="small"
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('s1000d.newApplic.remove')}
              onClick={() => setRows((old) => old.filter((_, j) => j !== i))}
            />
          )}
        </Space>
      ))}
      <Space wrap>
        <Button size="small" icon={<PlusOutlined />} onClick={() => setRows((old) => [...old, { ident: undefined, values: [] }])}>
          {t('s1000d.newApplic.addCondition')}
        </Button>
        {rows.length > 1 && (
          <Radio.Group size="small" value={andOr} onChange={(e) => setAndOr(e.target.value as 'and' | 'or')}>
            <Radio value="and">{t('s1000d.newApplic.and')}</Radio>
            <Radio value="or">{t('s1000d.newApplic.or')}</Radio>
          </Radio.Group>
        )}
      </Space>
      <Input
        placeholder={proposed || t('s1000d.newApplic.displayText')}
        aria-label={t('s1000d.newApplic.displayText')}
        value={displayText}
        onChange={(e) => setDisplayText(e.target.value)}
      />
      <Button
        type="primary"
        disabled={conditions.length === 0}
        data-testid="new-applic-apply"
        onClick={() => {
          const id = freshApplicId(readContent());
          onPick({ kind: 'applic', applicRefId: id, newApplic: { id, displayText: displayText.trim() || proposed, andOr, conditions } });
        }}
      >
        {t('s1000d.newApplic.apply')}
      </Button>
    </Space>
  );
}

/** Applicability: the applics of this module's referenced applic group, given to the element at the cursor (or removed from it), or a new one. */
function ApplicList({ scope, readContent, onPick }: { scope: PickerScope; readContent: () => string; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('topic-editor');
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
        scroll={{ y: 260 }}
        onRow={(row) => ({ onClick: () => onPick({ kind: 'applic', applicRefId: row.id }), style: { cursor: 'pointer' } })}
        columns={[
          { title: 'id', dataIndex: 'id', width: 160 },
          { title: t('picker.text'), dataIndex: 'text' },
        ]}
      />
      <Divider titlePlacement="start" plain>
        {t('s1000d.newApplic.title')}
      </Divider>
      <NewApplicForm scope={scope} readContent={readContent} onPick={onPick} />
    </Space>
  );
}

/** CIR items: the library's repositories' functional items, parts, tools, supplies, zones, ... by key. */
function CirSearch({ scope, onPick }: { scope: PickerScope; onPick: (insertion: Insertion) => void }) {
  const { t } = useTranslation('topic-editor');
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DEBOUNCE_MS);
  const rows = useQuery({
    ...topicEditorQueries.cirItems({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), q, limit: 100 }),
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
  const { t } = useTranslation('topic-editor');
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
        {kind === 'applic' && <ApplicList scope={scope} readContent={readContent} onPick={done} />}
        {kind === 'cir' && <CirSearch scope={scope} onPick={done} />}
      </div>
    </Modal>
  );
}
