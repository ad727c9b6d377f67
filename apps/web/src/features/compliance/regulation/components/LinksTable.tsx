import { CheckOutlined, DeleteOutlined } from '@ant-design/icons';
import { type Link, RegulationRelationPerm } from '@ccms/contracts/compliance/regulation';
import { App, Button, Popover, Space, Table, Tag } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { HasPermi } from '../../../../shared/auth/HasPermi';
import { confirmDialog } from '../../../../shared/confirm';
import type { LinkListParams } from '../regulation-api';
import { regulationApi } from '../regulation-api';
import { useLinkChange, useLinks } from '../regulation-queries';

/** What changed since a flagged link was verified: removed lines red, added green. */
function Diff({ link }: { link: Link }) {
  return (
    <div style={{ maxWidth: 520, maxHeight: 300, overflow: 'auto', fontFamily: 'monospace', fontSize: 12 }} data-testid="link-diff">
      {link.flagDiff.map((d, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: diff lines have no identity but their place
        <div key={i} style={{ background: d.type === 'added' ? '#f6ffed' : d.type === 'removed' ? '#fff1f0' : undefined, whiteSpace: 'pre-wrap' }}>
          {d.type === 'added' ? '+ ' : d.type === 'removed' ? '- ' : '  '}
          {d.text}
        </div>
      ))}
    </div>
  );
}

/** Links of a regulation, a clause or a topic (the clauses it answers), with their re-verify flags. */
export function LinksTable({
  params,
  showRegulation = false,
  canWrite,
}: {
  params: Omit<LinkListParams, 'pageNum' | 'pageSize'>;
  showRegulation?: boolean;
  canWrite: boolean;
}) {
  const { t } = useTranslation('compliance');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const links = useLinks({ ...params, ...page });
  const verify = useLinkChange((ids: number[]) => regulationApi.verify(ids));
  const remove = useLinkChange((ids: number[]) => regulationApi.removeLinks(ids));

  return (
    <Table<Link>
      rowKey="linkId"
      size="small"
      loading={links.isFetching}
      dataSource={links.data?.rows ?? []}
      locale={{ emptyText: t('link.none') }}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: links.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        ...(showRegulation
          ? [{ key: 'regulation', title: t('link.regulation'), width: 160, render: (_: unknown, r: Link) => `${r.regulationName} ${r.regulationRevision}` }]
          : []),
        { key: 'clause', title: t('link.clause'), width: 180, render: (_: unknown, r) => `${r.clauseNumber} ${r.clauseTitle}` },
        { key: 'type', title: t('link.targetType'), width: 100, render: (_: unknown, r) => t(`link.types.${r.targetType}`) },
        { key: 'target', dataIndex: 'targetTitle', title: t('link.target'), ellipsis: true },
        {
          key: 'means',
          dataIndex: 'means',
          title: t('link.means'),
          width: 90,
          render: (v: Link['means']) => <span title={t(`link.meansLabels.${v}`)}>{v}</span>,
        },
        { key: 'comment', dataIndex: 'comment', title: t('link.comment'), ellipsis: true },
        { key: 'createBy', dataIndex: 'createBy', title: t('link.createBy'), width: 100 },
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('link.createTime'),
          width: 150,
          render: (v: string) => (v ? dayjs(v).format('YYYY-MM-DD HH:mm') : ''),
        },
        {
          key: 'flag',
          title: t('link.flagged'),
          width: 150,
          render: (_: unknown, r) =>
            r.flagged && (
              <Popover title={t('link.diff')} content={<Diff link={r} />}>
                <Tag color="orange">{t(`link.reasons.${r.flagReason as 'topicChanged' | 'clauseChanged'}`, { defaultValue: r.flagReason })}</Tag>
              </Popover>
            ),
        },
        {
          key: 'actions',
          title: '',
          width: 170,
          render: (_: unknown, r) =>
            canWrite && (
              <Space size={0}>
                {r.flagged && (
                  <HasPermi value={[RegulationRelationPerm.edit]}>
                    <Button
                      type="link"
                      size="small"
                      icon={<CheckOutlined />}
                      onClick={async () => {
                        await verify.mutateAsync([r.linkId]);
                        message.success(t('link.verified'));
                      }}
                    >
                      {t('link.verify')}
                    </Button>
                  </HasPermi>
                )}
                <HasPermi value={[RegulationRelationPerm.remove]}>
                  <Button
                    type="link"
                    size="small"
                    danger
                    icon={<DeleteOutlined />}
                    onClick={async () => {
                      if (!(await confirmDialog(t('confirmDelete', { names: `${r.clauseNumber} → ${r.targetTitle}` }), { type: 'danger' }))) return;
                      await remove.mutateAsync([r.linkId]);
                      message.success(t('deleted'));
                    }}
                  >
                    {tc('delete')}
                  </Button>
                </HasPermi>
              </Space>
            ),
        },
      ]}
    />
  );
}
