import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { MapRef } from '@ccms/contracts/content/map-editor';
import { Button, Card, Empty, Modal, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { relativeHref } from '../model/hrefs';
import type { RelTable } from '../model/map-tree';
import { CatalogTopicSelect } from './CatalogTopicSelect';

type Grid = { columns: string[]; rows: string[][][] };

const COLUMN_TYPES = ['concept', 'task', 'reference', 'topic', 'troubleshooting', 'glossentry'];

/** Picks a topic of the catalogue for a cell. */
function CellPicker({
  open,
  libraryId,
  branch,
  onPick,
  onClose,
}: {
  open: boolean;
  libraryId: number;
  branch?: string | undefined;
  onPick: (path: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('map-editor');
  const [path, setPath] = useState<string | undefined>();
  return (
    <Modal
      open={open}
      title={t('rel.pick')}
      onCancel={onClose}
      onOk={() => path && onPick(path)}
      okButtonProps={{ disabled: !path, 'data-testid': 'rel-pick-ok' } as never}
      destroyOnHidden
    >
      <CatalogTopicSelect libraryId={libraryId} branch={branch} value={path} onChange={setPath} enabled={open} testId="rel-picker" />
    </Modal>
  );
}

/** Relationship tables as grids: rows, columns by topic type, cells holding topic references. */
export function RelTableEditor({
  tables,
  readOnly,
  libraryId,
  branch,
  mapFolder,
  refs,
  onChange,
  onRemove,
}: {
  tables: RelTable[];
  readOnly: boolean;
  libraryId: number;
  branch?: string | undefined;
  mapFolder: string;
  refs: ReadonlyMap<string, MapRef>;
  onChange: (id: string | null, grid: Grid) => void;
  onRemove: (id: string) => void;
}) {
  const { t } = useTranslation('map-editor');
  const [picking, setPicking] = useState<{ table: RelTable; row: number; col: number } | null>(null);
  const update = (table: RelTable, f: (g: Grid) => void) => {
    const grid: Grid = { columns: [...table.columns], rows: table.rows.map((r) => r.map((c) => [...c])) };
    f(grid);
    onChange(table.id, grid);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="reltables">
      {!readOnly && (
        <Button icon={<PlusOutlined />} onClick={() => onChange(null, { columns: ['concept', 'task'], rows: [[[], []]] })} data-testid="rel-new">
          {t('rel.newTable')}
        </Button>
      )}
      {tables.length === 0 && <Empty description={t('rel.none')} />}
      {tables.map((table, ti) => (
        <Card
          key={table.id}
          size="small"
          title={table.title || t('rel.table', { n: ti + 1 })}
          extra={
            !readOnly && (
              <Space>
                <Button size="small" onClick={() => update(table, (g) => g.rows.push(g.columns.map(() => [])))} data-testid="rel-add-row">
                  {t('rel.addRow')}
                </Button>
                <Button
                  size="small"
                  onClick={() =>
                    update(table, (g) => {
                      g.columns.push('topic');
                      for (const r of g.rows) r.push([]);
                    })
                  }
                >
                  {t('rel.addColumn')}
                </Button>
                <Button size="small" danger icon={<DeleteOutlined />} onClick={() => onRemove(table.id)} aria-label={t('rel.removeTable')} />
              </Space>
            )
          }
        >
          <table className="me-reltable">
            <thead>
              <tr>
                {table.columns.map((c, ci) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: columns are positions
                  <th key={ci}>
                    <Select
                      size="small"
                      disabled={readOnly}
                      value={c}
                      style={{ minWidth: 120 }}
                      options={[...new Set([...COLUMN_TYPES, c])].map((v) => ({ value: v, label: v }))}
                      onChange={(v) => update(table, (g) => (g.columns[ci] = v))}
                    />
                    {!readOnly && table.columns.length > 1 && (
                      <Button
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('rel.removeColumn')}
                        onClick={() =>
                          update(table, (g) => {
                            g.columns.splice(ci, 1);
                            for (const r of g.rows) r.splice(ci, 1);
                          })
                        }
                      />
                    )}
                  </th>
                ))}
                <th />
              </tr>
            </thead>
            <tbody>
              {table.rows.map((row, ri) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are positions
                <tr key={ri} data-testid="rel-row">
                  {table.columns.map((_, ci) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positions
                    <td key={ci}>
                      {(row[ci] ?? []).map((href, hi) => (
                        <Tag
                          // biome-ignore lint/suspicious/noArrayIndexKey: one href may be written twice
                          key={hi}
                          closable={!readOnly}
                          color={refs.get(href)?.broken ? 'red' : undefined}
                          onClose={() => update(table, (g) => g.rows[ri]?.[ci]?.splice(hi, 1))}
                        >
                          {refs.get(href)?.title || href}
                        </Tag>
                      ))}
                      {!readOnly && (
                        <Button
                          size="small"
                          type="dashed"
                          icon={<PlusOutlined />}
                          onClick={() => setPicking({ table, row: ri, col: ci })}
                          aria-label={t('rel.pick')}
                        />
                      )}
                    </td>
                  ))}
                  <td>
                    {!readOnly && (
                      <Button
                        size="small"
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('rel.removeRow')}
                        onClick={() => update(table, (g) => g.rows.splice(ri, 1))}
                      />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Card>
      ))}
      <CellPicker
        open={picking !== null}
        libraryId={libraryId}
        branch={branch}
        onClose={() => setPicking(null)}
        onPick={(path) => {
          if (picking) update(picking.table, (g) => g.rows[picking.row]?.[picking.col]?.push(relativeHref(mapFolder, path)));
          setPicking(null);
        }}
      />
    </Space>
  );
}
