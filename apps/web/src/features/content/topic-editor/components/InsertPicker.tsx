import { UploadOutlined } from '@ant-design/icons';
import { DEFAULT_GRAPHIC_FOLDER, GraphicPerm } from '@ccms/contracts/content/graphic';
import type { EditorKeyRow, EditorTargetRow } from '@ccms/contracts/content/topic-editor-pickers';
import { Alert, App, Button, Card, Checkbox, Empty, Input, Modal, Space, Spin, Table, Tabs, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { resourceUrl } from '../../../../api/client';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { GRAPHIC_RULES } from '../../graphic/components/GraphicsTab';
import { ResourceUploadDialog } from '../../graphic/components/ResourceUploadDialog';
import type { GraphicRow } from '../../graphic/graphic-api';
import { graphicData } from '../../graphic/graphic-queries';
import { useResourceList, useUploadResources } from '../../graphic/resource-queries';
import { useEditorKeys, useTargetSearch } from '../topic-editor-queries';
import { type ConrefChoice, type ConrefFit, conrefChoices } from './conref-fit';
import { type Insertion, relativeHref, targetHref } from './insertions';

export type DitaPickerKind = 'xref' | 'conref' | 'image' | 'glossary' | 'variable';
/** The pickers of an S1000D module (S1000dPicker.tsx). */
export type S1000dPickerKind = 'dmRef' | 'internalRef' | 'graphic' | 'applic' | 'cir';
export type PickerKind = DitaPickerKind | S1000dPickerKind;
export const isS1000dPicker = (kind: PickerKind | null): kind is S1000dPickerKind =>
  kind === 'dmRef' || kind === 'internalRef' || kind === 'graphic' || kind === 'applic' || kind === 'cir';

export interface PickerScope {
  libraryId: number;
  branch?: string | undefined;
  /** The topic being edited: hrefs are written relative to it. */
  path: string;
}

const GRAPHICS_PAGE = { pageNum: 1, pageSize: 24 };

function TargetSearch({ scope, kind, onPick }: { scope: PickerScope; kind: 'xref'; onPick: (row: EditorTargetRow) => void }) {
  const { t } = useTranslation('topic-editor');
  const [text, setText] = useState('');
  const targets = useTargetSearch(text, { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), kind, limit: 50 });
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SearchBox value={text} onChange={setText} />
      <Table<EditorTargetRow>
        size="small"
        rowKey={(r) => `${r.path}#${r.topicId}/${r.elementId ?? ''}`}
        loading={!targets.settled}
        dataSource={targets.rows}
        pagination={false}
        scroll={{ y: 320 }}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' }, 'data-testid': 'picker-target' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'title', dataIndex: 'title', title: t('picker.title'), ellipsis: true },
          { key: 'element', dataIndex: 'element', title: t('picker.element'), width: 110 },
          { key: 'path', title: t('picker.path'), ellipsis: true, render: (_: unknown, r) => targetLabel(r) },
        ]}
      />
    </Space>
  );
}

function SearchBox({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const { t } = useTranslation('topic-editor');
  return (
    <Input.Search
      allowClear
      autoFocus
      placeholder={t('picker.search')}
      aria-label={t('picker.search')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

const targetLabel = (r: EditorTargetRow) => `${r.path}#${r.topicId}${r.elementId ? `/${r.elementId}` : ''}`;

/**
 * The conref picker's targets: what fits at the cursor first; what cannot go there is shown
 * greyed, not pickable, with why (on hover and in its row).
 */
function ConrefSearch({ scope, fit, onPick }: { scope: PickerScope; fit: ConrefFit | undefined; onPick: (row: EditorTargetRow) => void }) {
  const { t } = useTranslation('topic-editor');
  const [text, setText] = useState('');
  const targets = useTargetSearch(text, { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}), kind: 'conref', limit: 50 });
  const choices = conrefChoices(targets.rows, fit);
  const reasonOf = (c: ConrefChoice) => (c.refusal ? t('picker.cannotGoHere', { element: c.refusal.element, at: c.refusal.at }) : '');
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <SearchBox value={text} onChange={setText} />
      <Table<ConrefChoice>
        size="small"
        rowKey={(c) => `${c.row.path}#${c.row.topicId}/${c.row.elementId ?? ''}`}
        loading={!targets.settled}
        dataSource={choices}
        pagination={false}
        scroll={{ y: 320 }}
        rowClassName={(c) => (c.refusal ? 'te-picker-refused' : '')}
        onRow={(c) =>
          (c.refusal
            ? { 'data-testid': 'picker-target-refused', 'aria-disabled': true, title: reasonOf(c) }
            : { onClick: () => onPick(c.row), style: { cursor: 'pointer' }, 'data-testid': 'picker-target' }) as unknown as React.HTMLAttributes<HTMLElement>
        }
        columns={[
          {
            key: 'title',
            title: t('picker.title'),
            ellipsis: true,
            render: (_: unknown, c) =>
              c.refusal ? (
                <Tooltip title={reasonOf(c)}>
                  <span>{c.row.title}</span>
                  <Typography.Text type="secondary" className="te-picker-reason" data-testid="picker-reason">
                    {' '}
                    · {reasonOf(c)}
                  </Typography.Text>
                </Tooltip>
              ) : (
                c.row.title
              ),
          },
          { key: 'element', title: t('picker.element'), width: 110, render: (_: unknown, c) => c.row.element },
          {
            key: 'path',
            title: t('picker.path'),
            ellipsis: true,
            render: (_: unknown, c) => targetLabel(c.row),
          },
        ]}
      />
    </Space>
  );
}

/** A key the search finds: by its name, its text or the file it points at (path and file name). */
export const keyMatches = (k: EditorKeyRow, needle: string) => !needle || `${k.key}\u0000${k.text}\u0000${k.href ?? ''}`.toLowerCase().includes(needle);

function KeyList({ scope, kinds, onPick }: { scope: PickerScope; kinds: readonly EditorKeyRow['kind'][]; onPick: (row: EditorKeyRow) => void }) {
  const { t } = useTranslation('topic-editor');
  const [text, setText] = useState('');
  const keys = useEditorKeys({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}) });
  const needle = text.trim().toLowerCase();
  const rows = (keys.data ?? []).filter((k) => kinds.includes(k.kind) && keyMatches(k, needle));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Input allowClear placeholder={t('picker.searchKey')} aria-label={t('picker.searchKey')} value={text} onChange={(e) => setText(e.target.value)} />
      <Table<EditorKeyRow>
        size="small"
        rowKey="key"
        loading={keys.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ y: 320 }}
        locale={{ emptyText: <Empty description={t('picker.noKeys')} /> }}
        onRow={(row) => ({ onClick: () => onPick(row), style: { cursor: 'pointer' }, 'data-testid': 'picker-key' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'key', dataIndex: 'key', title: t('picker.key'), width: 200 },
          { key: 'text', dataIndex: 'text', title: t('picker.text'), ellipsis: true },
        ]}
      />
    </Space>
  );
}

function GraphicPicker({ scope, onPick }: { scope: PickerScope; onPick: (path: string, alt: string) => void }) {
  const { t } = useTranslation('topic-editor');
  const { message } = App.useApp();
  const [name, setName] = useState('');
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const at = { libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}) };
  const list = useResourceList(graphicData, { ...at, ...GRAPHICS_PAGE, ...(name ? { name } : {}) }, true);
  const upload = useUploadResources(graphicData);
  const rows: GraphicRow[] = list.data?.rows ?? [];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('picker.searchGraphics')}
          aria-label={t('picker.searchGraphics')}
          onSearch={(v) => setName(v.trim())}
          style={{ width: 240 }}
        />
        <Input placeholder={t('picker.alt')} aria-label={t('picker.alt')} value={alt} onChange={(e) => setAlt(e.target.value)} style={{ width: 200 }} />
        <HasPermi value={[GraphicPerm.upload]}>
          <Button icon={<UploadOutlined />} onClick={() => setUploading(true)}>
            {t('picker.upload')}
          </Button>
        </HasPermi>
      </Space>
      <Spin spinning={list.isFetching}>
        {rows.length === 0 ? (
          <Empty description={t('picker.noGraphics')} />
        ) : (
          <div className="te-graphics">
            {rows.map((row) => (
              <Card key={row.path} size="small" hoverable onClick={() => onPick(row.path, alt.trim())} data-testid="picker-graphic" title={row.name}>
                <img src={resourceUrl(row.thumbnailUrl)} alt={row.name} loading="lazy" />
              </Card>
            ))}
          </div>
        )}
      </Spin>
      <ResourceUploadDialog
        open={uploading}
        kind="graphic"
        rules={GRAPHIC_RULES}
        defaultFolder={DEFAULT_GRAPHIC_FOLDER}
        pending={upload.isPending}
        onCancel={() => setUploading(false)}
        onSubmit={(values, files) =>
          upload.mutate(
            { fields: { ...at, folder: values.folder.trim() || undefined, message: values.message.trim() || undefined, overwrite: values.overwrite }, files },
            {
              onSuccess: (r) => {
                setUploading(false);
                const first = r.paths[0];
                if (first) onPick(first, alt.trim());
                else message.warning(t('picker.noGraphics'));
              },
            },
          )
        }
      />
    </Space>
  );
}

export interface InsertPickerProps {
  kind: DitaPickerKind | null;
  scope: PickerScope;
  onInsert: (insertion: Insertion) => void;
  onClose: () => void;
  /** What may go at the cursor (the conref picker greys out the rest, saying why); asked when the picker opens. */
  conrefFit?: ConrefFit | undefined;
}

/** Inserts from the library: a cross-reference, a content reference, an image, a glossary term or a variable. */
export function InsertPicker({ kind, scope, onInsert, onClose, conrefFit }: InsertPickerProps) {
  const { t } = useTranslation('topic-editor');
  const [byKey, setByKey] = useState(false);
  const keys = useEditorKeys({ libraryId: scope.libraryId, ...(scope.branch ? { branch: scope.branch } : {}) }, kind === 'conref');
  const done = (insertion: Insertion) => {
    onInsert(insertion);
    onClose();
  };
  const href = (row: EditorTargetRow) => targetHref(scope.path, row);
  let body: React.ReactNode = null;
  if (kind === 'xref') {
    body = (
      <Tabs
        items={[
          {
            key: 'target',
            label: t('picker.byTarget'),
            children: <TargetSearch scope={scope} kind="xref" onPick={(row) => done({ kind: 'xref', href: href(row) })} />,
          },
          {
            key: 'key',
            label: t('picker.byKey'),
            children: <KeyList scope={scope} kinds={['topic', 'other']} onPick={(k) => done({ kind: 'xref', keyref: k.key })} />,
          },
        ]}
      />
    );
  } else if (kind === 'conref') {
    const conkeyOf = (row: EditorTargetRow) => {
      const key = keys.data?.find((k) => k.kind === 'topic' && k.href === row.path);
      return key && row.elementId ? `${key.key}/${row.elementId}` : undefined;
    };
    body = (
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Alert type="info" showIcon title={t('picker.conrefHint')} />
        <Checkbox checked={byKey} onChange={(e) => setByKey(e.target.checked)}>
          {t('picker.useConkeyref')}
        </Checkbox>
        <ConrefSearch
          scope={scope}
          fit={conrefFit}
          onPick={(row) => {
            const conkeyref = byKey ? conkeyOf(row) : undefined;
            done(conkeyref ? { kind: 'conref', element: row.element, conkeyref } : { kind: 'conref', element: row.element, conref: href(row) });
          }}
        />
      </Space>
    );
  } else if (kind === 'image') {
    body = (
      <Tabs
        items={[
          {
            key: 'graphics',
            label: t('picker.graphics'),
            children: (
              <GraphicPicker scope={scope} onPick={(path, alt) => done({ kind: 'image', href: relativeHref(scope.path, path), ...(alt ? { alt } : {}) })} />
            ),
          },
          {
            key: 'key',
            label: t('picker.byKey'),
            children: <KeyList scope={scope} kinds={['image']} onPick={(k) => done({ kind: 'image', keyref: k.key })} />,
          },
        ]}
      />
    );
  } else if (kind === 'glossary') {
    body = <KeyList scope={scope} kinds={['glossentry']} onPick={(k) => done({ kind: 'term', keyref: k.key })} />;
  } else if (kind === 'variable') {
    body = <KeyList scope={scope} kinds={['variable']} onPick={(k) => done({ kind: 'keyword', keyref: k.key })} />;
  }
  return (
    <Modal open={kind !== null} title={kind ? t(`insert.${kind}`) : ''} onCancel={onClose} footer={null} width={760} destroyOnHidden>
      <Typography.Text type="secondary">{scope.path}</Typography.Text>
      <div data-testid="insert-picker">{body}</div>
    </Modal>
  );
}
