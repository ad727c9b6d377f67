import { App, Form, Input, Select } from 'antd';
import { type ReactNode, type RefObject, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmDialog } from '../../../../shared/confirm';
import { CrudButtons, CrudLinks } from '../../../../shared/list/CrudButtons';
import type { ListColumn, ListPageHandle } from '../../../../shared/list/ListPage';
import { ProjectSelect } from './pickers';

/**
 * The blocks the plan, release and task lists share: each is a list of every visible project or
 * of one (`projectId`, a tab of the project detail), with a title and a status to search by.
 * Their namespaces name the same keys (project, title, status, their placeholders,
 * confirmDelete, deleted).
 */
export type WorkListNs = 'plan' | 'release' | 'task';

/** A row of a work list: what the blocks read. */
interface WorkRow {
  id: number;
  title: string;
}

/** The permission strings a work list's buttons need (an entity's `*Perm`). */
interface WorkPerms {
  add: string;
  edit: string;
  remove: string;
  export: string;
}

/** The project column, shown only when the list spans projects. */
export function projectColumn<Row>(projectId: number | undefined, title: string): ListColumn<Row>[] {
  return projectId === undefined ? [{ key: 'projectTitle', dataIndex: 'projectTitle', title }] : [];
}

/** The edit and delete links of a row, for a caller who may write. */
export function crudLinksColumn<Row extends WorkRow>(
  canWrite: boolean,
  { perm, title, onEdit, onRemove }: { perm: WorkPerms; title: string; onEdit: (row: Row) => void; onRemove: (rows: readonly Row[]) => void },
): ListColumn<Row>[] {
  if (!canWrite) return [];
  return [
    {
      key: 'actions',
      title,
      hideable: false,
      width: 160,
      render: (_: unknown, row: Row) => <CrudLinks row={row} edit={{ perm: perm.edit, onClick: onEdit }} remove={{ perm: perm.remove, onClick: onRemove }} />,
    },
  ];
}

/** The search fields: the project (hidden and fixed on a project's tab), the title and the status. */
export function WorkListSearch({
  ns,
  projectId,
  statuses,
  statusWidth = 130,
  children,
}: {
  ns: WorkListNs;
  projectId: number | undefined;
  statuses: { value: string; label: string }[];
  statusWidth?: number;
  /** Further fixed filters, after the project (a plan's tasks: the hidden plan). */
  children?: ReactNode;
}) {
  const { t } = useTranslation(ns);
  return (
    <>
      {projectId === undefined ? (
        <Form.Item name="projectId" label={t('project')}>
          <ProjectSelect allowClear placeholder={t('projectPlaceholder')} style={{ width: 200 }} />
        </Form.Item>
      ) : (
        <Form.Item name="projectId" hidden>
          <Input />
        </Form.Item>
      )}
      {children}
      <Form.Item name="title" label={t('title')}>
        <Input allowClear placeholder={t('titlePlaceholder')} style={{ width: 180 }} />
      </Form.Item>
      <Form.Item name="status" label={t('status')}>
        <Select allowClear placeholder={t('statusPlaceholder')} style={{ width: statusWidth }} options={statuses} />
      </Form.Item>
    </>
  );
}

/** Add and delete (for a caller who may write) and export, above the list. */
export function WorkListButtons<Row extends WorkRow>({
  selected,
  perm,
  canWrite,
  onAdd,
  onRemove,
  onExport,
}: {
  selected: readonly Row[];
  perm: WorkPerms;
  canWrite: boolean;
  onAdd: () => void;
  onRemove: (rows: readonly Row[]) => void;
  /** Left out: no export (my tasks). */
  onExport?: () => void;
}) {
  return (
    <CrudButtons
      selected={selected}
      add={canWrite ? { perm: perm.add, onClick: onAdd } : undefined}
      remove={canWrite ? { perm: perm.remove, onClick: onRemove } : undefined}
      export={onExport ? { perm: perm.export, onClick: onExport } : undefined}
    />
  );
}

/** Deletes rows after the user confirms (naming them), says so and clears the selection; the list refreshes through the mutation's keys. */
export function useRemoveRows<Row extends WorkRow>(
  ns: WorkListNs | 'project',
  remove: (ids: number[]) => Promise<unknown>,
  list: RefObject<ListPageHandle | null>,
) {
  const { t } = useTranslation(ns);
  const { message } = App.useApp();
  return async (rows: readonly Row[]) => {
    if (rows.length === 0) return false;
    if (!(await confirmDialog(t('confirmDelete', { names: rows.map((r) => r.title).join(', ') }), { type: 'danger' }))) return false;
    await remove(rows.map((r) => r.id));
    message.success(t('deleted'));
    list.current?.clearSelection();
    return true;
  };
}

/** The add/edit dialog's state: `{ open, id }` (no id adds). */
export function useEditDialog() {
  const [dialog, setDialog] = useState<{ open: boolean; id: number | undefined }>({ open: false, id: undefined });
  return {
    ...dialog,
    add: () => setDialog({ open: true, id: undefined }),
    edit: (id: number) => setDialog({ open: true, id }),
    close: () => setDialog({ open: false, id: undefined }),
  };
}
