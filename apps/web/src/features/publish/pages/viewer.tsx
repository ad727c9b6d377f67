import type { ViewerEntry } from '@ccms/contracts/publish/publication';
import { Card, Empty, Input, List, Space, Tag, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useViewer } from '../publish-queries';

/** The document-center viewer: the latest output of each publication the user may read, with search. */
export default function ViewerPage() {
  const { t } = useTranslation('publish');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const entries = useViewer({ pageNum: page, pageSize: 20, ...(keyword ? { keyword } : {}) });
  return (
    <Card variant="borderless" title={t('viewer.title')}>
      <Input.Search
        allowClear
        placeholder={t('viewer.search')}
        style={{ maxWidth: 360, marginBottom: 16 }}
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
      />
      <List<ViewerEntry>
        loading={entries.isLoading}
        dataSource={entries.data?.rows ?? []}
        locale={{ emptyText: <Empty description={t('viewer.empty')} /> }}
        pagination={{ current: page, pageSize: 20, total: entries.data?.total ?? 0, onChange: setPage, hideOnSinglePage: true }}
        renderItem={(e) => (
          <List.Item
            actions={[
              <Typography.Link key="open" href={`/ccms/output-view/index?outputId=${e.outputId}`}>
                {t('output.open')}
              </Typography.Link>,
            ]}
          >
            <List.Item.Meta
              title={e.title}
              description={
                <Space wrap>
                  <span>{e.libraryName}</span>
                  <span>{e.path}</span>
                  <Tag>{e.format}</Tag>
                  <Tag>{e.configName}</Tag>
                  <span>{dayjs(String(e.endTime ?? e.createTime)).format('YYYY-MM-DD HH:mm')}</span>
                </Space>
              }
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
