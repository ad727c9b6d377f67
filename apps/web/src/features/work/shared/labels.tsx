import type { UserOption } from '@ccms/contracts/work/common';
import type { WorkItem } from '@ccms/contracts/work/work-item';
import { Tag } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { userLabel } from '../../../shared/user-label';
import { useWorkItemUsers } from '../work-item/work-item-queries';

/** Date-time as lists show it. */
export const time = (v: string | Date | null | undefined) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : '');

const STATUS_COLORS: Record<string, string> = {
  draft: 'default',
  reviewing: 'processing',
  active: 'blue',
  changing: 'orange',
  resolved: 'green',
  closed: 'default',
};

export function StatusTag({ item }: { item: Pick<WorkItem, 'status' | 'workItemType'> }) {
  const { t } = useTranslation('work-item');
  const color = item.workItemType === 'defect' && item.status === 'active' ? 'red' : (STATUS_COLORS[item.status] ?? 'default');
  return (
    <Tag color={color} data-testid="status-tag">
      {t(`statuses.${item.status}` as 'statuses.draft', { defaultValue: item.status })}
    </Tag>
  );
}

export function TypeTag({ type }: { type: string }) {
  const { t } = useTranslation('work-item');
  return <Tag color={type === 'defect' ? 'volcano' : 'geekblue'}>{t(`types.${type}` as 'types.defect', { defaultValue: type })}</Tag>;
}

/** Users for the people pickers, shared by every screen of the area. */
export function useUserOptions() {
  const users = useWorkItemUsers();
  const list: UserOption[] = users.data ?? [];
  return list.map((u) => ({ value: u.userId, label: userLabel(u) }));
}
