import type { Task } from '@ccms/contracts/work/task';
import { TaskPerm } from '@ccms/contracts/work/task';
import type { TaskContentItem } from '@ccms/contracts/work/workflow';
import { Alert, App, Button, Card, Select, Space, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi, useHasPermi } from '../../../../shared/auth/HasPermi';
import { useDebounced } from '../../../../shared/use-debounced';
import { usePlan } from '../../plan/plan-queries';
import { useSetTaskContent, useTaskContent, useTaskContentChoices } from '../workflow-queries';

type Kind = TaskContentItem['kind'];
const keyOf = (i: TaskContentItem) => `${i.kind}:${i.path}`;

/**
 * What a task covers (its plan's workflow reviews it): a list of documents and topics of the
 * plan's library branch, with a picker over the catalogue to add and a button to remove; saved as
 * a whole (PUT /ccms/workflow/task-content).
 */
export function TaskContentCard({ task }: { task: Pick<Task, 'id' | 'planId'> }) {
  const { t } = useTranslation('task');
  const { message } = App.useApp();
  const planId = task.planId ?? 0;
  const plan = usePlan(planId, planId > 0);
  const saved = useTaskContent(task.id, planId > 0);
  const save = useSetTaskContent(task.id);
  const canEdit = useHasPermi([TaskPerm.edit]);
  const [items, setItems] = useState<TaskContentItem[]>([]);
  const [kind, setKind] = useState<Kind>('topic');
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const debounced = useDebounced(search, 250);
  const libraryId = plan.data?.libraryId ?? 0;
  const branch = plan.data?.branch ?? '';
  const choices = useTaskContentChoices(kind, libraryId, branch, debounced.trim());

  useEffect(() => {
    if (saved.data) setItems(saved.data);
  }, [saved.data]);
  const dirty = useMemo(() => {
    const before = new Set((saved.data ?? []).map(keyOf));
    return items.length !== before.size || items.some((i) => !before.has(keyOf(i)));
  }, [items, saved.data]);

  if (!planId) {
    return (
      <Card size="small" title={t('content.title')} style={{ marginTop: 16 }} data-testid="task-content">
        <Typography.Text type="secondary">{t('content.noPlan')}</Typography.Text>
      </Card>
    );
  }

  const add = () => {
    if (!picked) return;
    const item = { kind, path: picked };
    if (items.some((i) => keyOf(i) === keyOf(item))) {
      message.warning(t('content.duplicate'));
      return;
    }
    setItems([...items, item]);
    setPicked(undefined);
  };
  const submit = async () => {
    await save.mutateAsync(items);
    message.success(t('content.saved'));
  };

  return (
    <Card
      size="small"
      title={t('content.title')}
      style={{ marginTop: 16 }}
      data-testid="task-content"
      extra={
        <HasPermi value={[TaskPerm.edit]}>
          <Space>
            {dirty && <Tag color="orange">{t('content.unsaved')}</Tag>}
            <Button type="primary" disabled={!dirty} loading={save.isPending} onClick={submit}>
              {t('content.save')}
            </Button>
          </Space>
        </HasPermi>
      }
    >
      <Typography.Paragraph type="secondary">{t('content.hint')}</Typography.Paragraph>
      {plan.data && !libraryId && <Alert type="warning" showIcon message={t('content.noLibrary')} style={{ marginBottom: 12 }} />}
      {canEdit && libraryId > 0 && (
        <Space.Compact style={{ width: '100%', marginBottom: 12 }}>
          <Select<Kind>
            aria-label={t('content.kind')}
            style={{ width: 120 }}
            value={kind}
            onChange={(k) => {
              setKind(k);
              setPicked(undefined);
            }}
            options={(['topic', 'document'] as const).map((k) => ({ value: k, label: t(`content.kinds.${k}`) }))}
          />
          <Select<string>
            aria-label={t('content.pick')}
            data-testid="task-content-picker"
            style={{ flex: 1 }}
            showSearch
            allowClear
            filterOption={false}
            placeholder={t('content.pick')}
            value={picked}
            onSearch={setSearch}
            onChange={setPicked}
            loading={choices.isFetching}
            options={(choices.data ?? []).map((c) => ({ value: c.path, label: c.label }))}
          />
          <Button onClick={add} disabled={!picked}>
            {t('content.add')}
          </Button>
        </Space.Compact>
      )}
      <Table<TaskContentItem>
        size="small"
        rowKey={keyOf}
        loading={saved.isLoading}
        pagination={false}
        dataSource={items}
        locale={{ emptyText: t('content.empty') }}
        columns={[
          { key: 'kind', title: t('content.kind'), width: 100, render: (_, r) => <Tag>{t(`content.kinds.${r.kind}`)}</Tag> },
          { key: 'path', dataIndex: 'path', title: t('content.path') },
          ...(canEdit
            ? [
                {
                  key: 'remove',
                  width: 90,
                  render: (_: unknown, r: TaskContentItem) => (
                    <Button type="link" size="small" danger onClick={() => setItems(items.filter((i) => keyOf(i) !== keyOf(r)))}>
                      {t('content.remove')}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
      />
    </Card>
  );
}
