import { Drawer, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useOutput } from '../output-queries';

/** The problems of one publish with their locations (file:line:column). */
export function ProblemsDrawer({ outputId, onClose }: { outputId: number | undefined; onClose: () => void }) {
  const { t } = useTranslation('output');
  const output = useOutput(outputId);
  return (
    <Drawer open={outputId !== undefined} title={t('output.problems')} size={720} onClose={onClose} destroyOnHidden>
      {output.data?.message ? <p>{output.data.message}</p> : null}
      <Table
        size="small"
        rowKey={(p) => `${p.file}:${p.line}:${p.column}:${p.code}:${p.message}`}
        loading={output.isLoading}
        dataSource={output.data?.problems ?? []}
        pagination={{ pageSize: 50 }}
        columns={[
          {
            key: 'severity',
            dataIndex: 'severity',
            title: t('problem.severity'),
            width: 90,
            render: (v: string) => <Tag color={v === 'error' ? 'error' : 'warning'}>{v}</Tag>,
          },
          { key: 'where', title: t('problem.location'), render: (_: unknown, p) => `${p.file}:${p.line}:${p.column}` },
          { key: 'code', dataIndex: 'code', title: t('problem.code'), width: 150 },
          { key: 'message', dataIndex: 'message', title: t('problem.message') },
        ]}
      />
    </Drawer>
  );
}
