import { DeleteOutlined, DownloadOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../auth/HasPermi';

/** One toolbar action: the permission that shows it, and what it does. */
interface Action<Args extends unknown[]> {
  perm: string | readonly string[];
  onClick: (...args: Args) => void;
}

export interface CrudButtonsProps<Row> {
  /** The list's selected rows: edit wants exactly one, delete at least one. */
  selected: readonly Row[];
  add?: Action<[]>;
  /** Edits the one selected row; `disabled` can refuse particular rows (the built-in admin, say). */
  edit?: Action<[Row]> & { disabled?: (row: Row) => boolean };
  /** Deletes the selected rows; `disabled` can refuse particular selections. */
  remove?: Action<[readonly Row[]]> & { disabled?: (rows: readonly Row[]) => boolean };
  export?: Action<[]>;
  /** Further buttons, placed between delete and export (import, clean, ...). */
  children?: ReactNode;
}

const perms = (perm: string | readonly string[]) => (typeof perm === 'string' ? [perm] : [...perm]);

/**
 * The add / edit / delete / export buttons of a list toolbar (RuoYi's row of them), each shown
 * only to a caller with its permission and only when the screen passes its action.
 *
 * @example
 *   toolbar={({ selectedRows, query }) => (
 *     <CrudButtons selected={selectedRows} add={{ perm: 'system:post:add', onClick: openNew }}
 *       remove={{ perm: 'system:post:remove', onClick: remove }} export={{ perm: 'system:post:export', onClick: () => postApi.export(query) }} />
 *   )}
 */
export function CrudButtons<Row>({ selected, add, edit, remove, export: exportAction, children }: CrudButtonsProps<Row>) {
  const { t } = useTranslation('common');
  const only = selected.length === 1 ? selected[0] : undefined;
  return (
    <>
      {add && (
        <HasPermi value={perms(add.perm)}>
          <Button type="primary" ghost icon={<PlusOutlined />} onClick={() => add.onClick()}>
            {t('add')}
          </Button>
        </HasPermi>
      )}
      {edit && (
        <HasPermi value={perms(edit.perm)}>
          <Button
            icon={<EditOutlined />}
            disabled={only === undefined || (edit.disabled?.(only) ?? false)}
            onClick={() => only !== undefined && edit.onClick(only)}
          >
            {t('edit')}
          </Button>
        </HasPermi>
      )}
      {remove && (
        <HasPermi value={perms(remove.perm)}>
          <Button
            danger
            icon={<DeleteOutlined />}
            disabled={selected.length === 0 || (remove.disabled?.(selected) ?? false)}
            onClick={() => remove.onClick(selected)}
          >
            {t('delete')}
          </Button>
        </HasPermi>
      )}
      {children}
      {exportAction && (
        <HasPermi value={perms(exportAction.perm)}>
          <Button icon={<DownloadOutlined />} onClick={() => exportAction.onClick()}>
            {t('export')}
          </Button>
        </HasPermi>
      )}
    </>
  );
}

export interface CrudLinksProps<Row> {
  row: Row;
  edit?: Action<[Row]>;
  /** Deletes this row (called with it alone, as the toolbar's delete is with the selection). */
  remove?: Action<[readonly Row[]]>;
  /** Further row actions, after delete. */
  children?: ReactNode;
}

/** The edit and delete links of a list row's operation column, each shown only with its permission. */
export function CrudLinks<Row>({ row, edit, remove, children }: CrudLinksProps<Row>) {
  const { t } = useTranslation('common');
  return (
    <Space size={0}>
      {edit && (
        <HasPermi value={perms(edit.perm)}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => edit.onClick(row)}>
            {t('edit')}
          </Button>
        </HasPermi>
      )}
      {remove && (
        <HasPermi value={perms(remove.perm)}>
          <Button type="link" size="small" danger icon={<DeleteOutlined />} onClick={() => remove.onClick([row])}>
            {t('delete')}
          </Button>
        </HasPermi>
      )}
      {children}
    </Space>
  );
}
