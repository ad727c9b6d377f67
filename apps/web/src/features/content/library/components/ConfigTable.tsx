import { PlusOutlined } from '@ant-design/icons';
import { LibraryPerm } from '@ccms/contracts/content/library';
import { App, Button, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { emptyTextFor } from '../../../../shared/auth/Denied';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudLinks } from '../../../../shared/list/CrudButtons';

export interface ConfigTableProps<Row extends { configId: number }> {
  canConfigure: boolean;
  /** The add button's words. */
  addLabel: string;
  rows: Row[] | undefined;
  loading: boolean;
  /** The rows' query error: a refused one says which right is missing. */
  error?: unknown;
  columns: ColumnsType<Row>;
  onAdd: () => void;
  onEdit: (row: Row) => void;
  /** The question before a delete. */
  confirmDelete: (row: Row) => string;
  /** Deletes the row (a mutation that invalidates the library's configuration). */
  remove: (configId: number) => Promise<unknown>;
  empty?: ReactNode;
  /** The add/edit dialog. */
  children: ReactNode;
}

/** A list configured on a library (data properties, publish configurations): add, edit and delete when the caller may configure. */
export function ConfigTable<Row extends { configId: number }>({
  canConfigure,
  addLabel,
  rows,
  loading,
  error,
  columns,
  onAdd,
  onEdit,
  confirmDelete,
  remove,
  empty,
  children,
}: ConfigTableProps<Row>) {
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const removeRow = async (row: Row) => {
    if (!(await confirmDialog(confirmDelete(row), { type: 'danger' }))) return;
    await remove(row.configId);
    message.success(tc('success'));
  };
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {canConfigure && (
        <HasPermi value={[LibraryPerm.edit]}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={onAdd}>
            {addLabel}
          </Button>
        </HasPermi>
      )}
      <Table<Row>
        rowKey="configId"
        size="middle"
        loading={loading}
        dataSource={rows ?? []}
        pagination={false}
        scroll={{ x: 'max-content' }}
        {...(emptyTextFor(error, empty) ? { locale: { emptyText: emptyTextFor(error, empty) } } : {})}
        columns={[
          ...columns,
          ...(canConfigure
            ? [
                {
                  key: 'actions',
                  title: tc('operation'),
                  width: 150,
                  render: (_: unknown, r: Row) => (
                    <CrudLinks
                      row={r}
                      edit={{ perm: LibraryPerm.edit, onClick: onEdit }}
                      remove={{ perm: LibraryPerm.edit, onClick: ([row]) => row && removeRow(row) }}
                    />
                  ),
                },
              ]
            : []),
        ]}
      />
      {children}
    </Space>
  );
}
