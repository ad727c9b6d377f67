import { DEFAULT_PAGE_SIZE } from '@ccms/contracts/constants';
import type { DocumentOutput } from '@ccms/contracts/content/document';
import { Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Pagination } from '../../../../shared/list/Pagination';
import '../../../../shared/list/list.css';
import { formatTime } from '../catalog-status';
import { useDocumentOutputs } from '../document-queries';

const OUTPUT_COLORS: Record<DocumentOutput['status'], string> = { notStarted: 'default', success: 'success', fail: 'error' };

/** The output tab (list only for now): format, status, creator, time. */
export function OutputTab({ documentId }: { documentId: number }) {
  const { t } = useTranslation('document');
  const [page, setPage] = useState({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE });
  const outputs = useDocumentOutputs(documentId, page);
  const columns: ColumnsType<DocumentOutput> = [
    { key: 'format', dataIndex: 'format', title: t('output.format') },
    {
      key: 'status',
      dataIndex: 'status',
      title: t('output.status'),
      render: (v: DocumentOutput['status']) => <Tag color={OUTPUT_COLORS[v]}>{t(`output.statuses.${v}`)}</Tag>,
    },
    { key: 'createBy', dataIndex: 'createBy', title: t('output.createBy') },
    { key: 'createTime', dataIndex: 'createTime', title: t('output.createTime'), render: formatTime },
  ];
  return (
    <div data-testid="output-table">
      <Table<DocumentOutput>
        size="small"
        rowKey="outputId"
        columns={columns}
        dataSource={outputs.data?.rows ?? []}
        loading={outputs.isFetching}
        pagination={false}
      />
      <Pagination total={outputs.data?.total ?? 0} page={page.pageNum} limit={page.pageSize} onChange={(pageNum, pageSize) => setPage({ pageNum, pageSize })} />
    </div>
  );
}
